"""Renders the art catalogue's SVG files at the size the screen needs, cached.

Vector sources are rasterised for each requested size (the window may be 1280x720 or
4K), and kept in a cache, so scaling the window never blurs a piece. The cache is bounded
by the bytes of its pixels (least recently used pieces go first), not by a number of
entries: 512 entries at table scale held more than 55 MB, and more after every resize.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from vikings.content.art import ArtCatalog
from vikings.content.data import DataError

CACHE_BYTES = 32 * 1024 * 1024  # a table takes 1.0 MB of pieces at 1920x1080, 4.4 MB at 3840x2160


def surface_bytes(surf: pygame.Surface) -> int:
    return surf.get_pitch() * surf.get_height()


class Sprites:
    def __init__(self, catalog: ArtCatalog, cache_bytes: int = CACHE_BYTES):
        self.catalog = catalog
        self._cache: OrderedDict = OrderedDict()
        self.cache_bytes = cache_bytes
        self.bytes = 0  # held by the cache now

    def aspect(self, group: str, ident: str) -> float:
        art = self.catalog[(group, ident)]
        return art.width / art.height

    def get(self, group: str, ident: str, height: int | None = None, width: int | None = None) -> pygame.Surface:
        """The piece scaled to `height` (or `width`) pixels, keeping its proportions."""
        art = self.catalog[(group, ident)]
        if height is None and width is None:
            height = int(art.height)
        if height is None:
            height = round(width * art.height / art.width)
        if width is None:
            width = round(height * art.width / art.height)
        key = (group, ident, max(1, width), max(1, height))
        surf = self._cache.get(key)
        if surf is None:
            try:
                surf = pygame.image.load_sized_svg(str(art.path), key[2:])
                if surf.get_size() != key[2:]:  # the renderer fits within the box; make it exact
                    surf = pygame.transform.smoothscale(surf, key[2:])
            except (pygame.error, FileNotFoundError) as e:
                raise DataError(
                    "sprites.yaml", f"{group}.{ident}", f"art file {art.path} cannot be drawn ({e})"
                ) from None
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
            self.bytes += surface_bytes(surf)
            while self.bytes > self.cache_bytes and len(self._cache) > 1:
                self.bytes -= surface_bytes(self._cache.popitem(last=False)[1])
        else:
            self._cache.move_to_end(key)
        return surf
