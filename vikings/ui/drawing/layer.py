"""A scene's picture kept between frames, and the screen mended where things moved.

`TableLayer` holds one window-sized surface with the table as last drawn and the key it
was drawn for. While the key stays the same a frame costs no drawing of the table: when
the screen still holds the layer's last frame (nothing else drew on it since), only the
rects that moved things covered in the last frame (effects, a dragged tile, a tooltip)
and pygame-gui's widgets (drawn over the scene with soft edges) are copied back from the
layer before they are drawn again; otherwise the whole layer is copied. A new key, a new
window size, or a frame another scene drew redraws or recopies it. The app keeps one,
which the table's scenes share one after another (each drops the key when it leaves),
replaced at a new size: its memory is bounded by the window's.
"""

from __future__ import annotations

import pygame

from vikings.ui.drawing.theme import PARCHMENT

#: mended rects are merged into their bounding box beyond this many (fewer, larger copies)
MAX_RECTS = 24


class TableLayer:
    def __init__(self):
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None
        self.redraws = 0  # times the layer was drawn (tests and the benchmark read it)
        self._screen: pygame.Surface | None = None  # the screen it was last shown on ...
        self._draw = -1  # ... in the app's frame drawn (App.draws)
        self._mend: list | None = None  # rects to copy back next frame (None: all)
        self.warmed: tuple | None = None  # what the last `warm` drew the table for

    def _fit(self, size) -> pygame.Surface:
        if self.surface is None or self.surface.get_size() != size:
            self.surface = None  # (the old one goes before the new one is made)
            self.surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        return self.surface

    def warm(self, size, key: tuple | None, draw, tag: tuple) -> bool:
        """Draw the table now, before its first frame, once per `tag` (window size, lettering,
        table): the pieces scaled and the fonts made for it then cost nothing in the
        animation that follows. The drawing stays the layer's for `key` (None: redrawn at
        the first frame). True if it drew."""
        if tag == self.warmed:
            return False
        surface = self._fit(size)
        surface.fill(PARCHMENT)
        draw(surface)
        self.key, self._mend, self.warmed = key, None, tag
        self.redraws += 1
        return True

    def drop_key(self) -> None:
        """The scene drew straight on the screen: the layer is stale and the screen is not its."""
        self.key = None
        self._mend = None

    def show(self, screen: pygame.Surface, key: tuple, draw, frame: int, sole: bool, widgets=()) -> bool:
        """Put the table on `screen`: redrawn with `draw(surface)` when `key` changed; the
        screen mended or wholly copied. `frame`: the app's drawn-frame count; `sole`: no
        other scene draws over this one; `widgets`: pygame-gui's (image, place) pairs drawn
        over the last frame. True if the layer was redrawn."""
        size = screen.get_size()
        fresh = self.surface is None or self.surface.get_size() != size or key != self.key
        if fresh:
            self._fit(size).fill(PARCHMENT)
            draw(self.surface)
            self.key = key
            self.redraws += 1
        layer, mend = self.surface, self._mend
        assert layer is not None
        if fresh or mend is None or not sole or screen is not self._screen or frame != self._draw + 1:
            screen.blit(layer, (0, 0))
        else:
            rects = mend + [img.get_rect(topleft=(dest[0], dest[1])) for img, dest, *_ in widgets]
            if len(rects) > MAX_RECTS:
                rects = [rects[0].unionall(rects[1:])]
            for r in rects:
                screen.blit(layer, r, r)
        self._screen, self._draw = screen, frame
        self._mend = [] if sole else None
        return fresh

    def drawn_over(self, areas: list | None) -> None:
        """What was drawn over the layer this frame (`areas`, None: anywhere): mended next frame."""
        if self._mend is not None:
            self._mend = None if areas is None else [pygame.Rect(a) for a in areas]

    def drawn_also(self, area) -> None:
        """One more rect drawn over the screen this frame, after the widgets (a tooltip)."""
        if self._mend is not None:
            self._mend.append(pygame.Rect(area))
