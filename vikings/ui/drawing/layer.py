"""A scene's picture kept between frames, redrawn by parts, and the screen mended where
things moved.

`TableLayer` holds one window-sized surface with the table as last drawn. The table is
drawn in `Part`s (the top bar, each player's card, the wheel, the large display, the
decision panel, the log ...): each has its bounds and a key of what it shows, and only
the parts whose key changed are drawn again (their bounds filled with the parchment,
then the part drawn clipped to them; parts whose bounds overlap a redrawn one are
redrawn with it). A part is always drawn clipped to its bounds, in a full drawing too,
so the picture does not depend on which parts were redrawn when. A new `base` (window
size, lettering, language, the scene), new parts or bounds redraw it all. A part's
windows (areas keyed apart, e.g. the wheel's disc by its turn) are redrawn alone when
only their keys changed. A change too large for one frame (FRAME_PIXELS) is drawn over
several, but parts tagged `together` (all that name whose turn it is) share a frame.

The screen: when it still holds the layer's last frame (nothing else drew on it since),
only the redrawn parts, the rects that moved things covered in the last frame (effects,
a dragged tile, a tooltip) and pygame-gui's widgets (drawn over the scene with soft
edges) are copied from the layer before they are drawn again; otherwise the whole layer
is copied. `show` returns the rects of the screen it changed, for the app's display
update (None: all of it). The app keeps one layer, which the table's scenes share one
after another (the next keeps every part whose key it shares, with what its drawing made:
`made`), replaced at a new size: its memory is bounded by the window's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

import pygame

from vikings.ui.drawing.theme import PARCHMENT

#: mended rects are merged into their bounding box beyond this many (fewer, larger copies)
MAX_RECTS = 24

#: stale parts redrawn in one frame, in pixels: a group of parts that would take a frame
#: past this waits for the next frame (a move landing at 3840x2160 redrew the card, the
#: wheel, the display, the panel and the log, 6.5 million pixels: 35 ms on a 2-core
#: machine). Half a million keeps bench_ui's p99 at 1920x1080 under 8 ms (at 1.5 million
#: it was 9-11 ms, at 2.5 million the end of a scoring at 2560x1440, the top bar, the
#: cards, the panel and the log together, took 30 ms); a move then lands over up to four
#: frames (67 ms). At 3840x2160 the wheel and the display are each larger than that and
#: are drawn alone.
FRAME_PIXELS = 500_000

FRESH = object()  # a part key that never equals another: the part is drawn at every frame


class Part(NamedTuple):
    """One piece of the table: drawn by `draw(surface)` inside `bounds`, again only when
    `key` changes (FRESH: every frame). Stale parts with the same `together` tag are
    drawn in the same frame, whatever FRAME_PIXELS says: what they state must agree
    (the top bar and the decision panel both name whose turn it is).

    `windows`: (rect, key) pairs, areas of the part whose pixels also depend on their own
    key, which `key` leaves out (the wheel's disc and its turn): when only a window's key
    changed, only the window is drawn again, the part's drawing clipped to it (the same
    pixels as the part drawn whole, a fraction of the cost)."""

    name: str
    bounds: pygame.Rect
    key: object
    draw: Callable[[pygame.Surface], None]
    together: str = ""
    windows: tuple = ()


def _windows(part: Part) -> list[Part]:
    """A part's windows as parts of their own, named part@i."""
    return [Part(f"{part.name}@{i}", rect, key, part.draw) for i, (rect, key) in enumerate(part.windows)]


def _owner(name: str) -> str:
    return name.partition("@")[0]


def _areas(part: Part) -> tuple:
    return tuple(r for r, _ in part.windows)


def _merge(rects: list) -> list:
    return [rects[0].unionall(rects[1:])] if len(rects) > MAX_RECTS else rects


class TableLayer:
    def __init__(self):
        self.surface: pygame.Surface | None = None
        self.key: tuple | None = None  # the base the layer holds a drawing for (None: none)
        self.keys: dict = {}  # part name -> the key it was drawn for
        self.plan: list = []  # (name, bounds) of the parts as last drawn
        self.areas: dict = {}  # part name -> its windows' rects as last drawn (others: drawn whole)
        self.redraws = 0  # frames in which anything of the layer was drawn (tests and the benchmark read it)
        self.drawn: list[str] = []  # the parts drawn in the last `show` or `warm`
        self.part_draws: Counter = Counter()  # how often each part was drawn
        self._screen: pygame.Surface | None = None  # the screen it was last shown on ...
        self._draw = -1  # ... in the app's frame drawn (App.draws)
        self._mend: list | None = None  # rects to copy back next frame (None: all)
        self.warmed: tuple | None = None  # what the last `warm` drew the table for
        self.made: dict = {}  # part name -> what its drawing made (the scene's: places, tooltips)
        self.pending: list[str] = []  # stale parts left for the next frame (FRAME_PIXELS)

    def _fit(self, size) -> pygame.Surface:
        if self.surface is None or self.surface.get_size() != size:
            self.surface = None  # (the old one goes before the new one is made)
            self.surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        return self.surface

    @staticmethod
    def _draw_part(surface: pygame.Surface, part: Part) -> None:
        clip = surface.get_clip()
        surface.set_clip(part.bounds.clip(clip))
        try:
            part.draw(surface)
        finally:
            surface.set_clip(clip)

    def _draw_all(self, size, base, parts: list) -> None:
        surface = self._fit(size)
        surface.fill(PARCHMENT)
        for part in parts:
            self._draw_part(surface, part)
        self._keep(base, parts, parts)

    def _keep(self, base, parts: list, drawn: list, later: list | tuple = ()) -> None:
        """The layer holds `parts` as keyed, but those drawn `later` (still stale); a
        window as keyed if it or its part was drawn, stale if either waits."""
        done, waiting = {p.name for p in drawn}, {p.name for p in later}
        old, keys = self.keys, {}
        for p in parts:
            keys[p.name] = FRESH if p.name in waiting else p.key
            for w in _windows(p):
                if p.name in waiting or w.name in waiting:
                    keys[w.name] = FRESH
                elif p.name in done or w.name in done:
                    keys[w.name] = w.key
                else:
                    keys[w.name] = old.get(w.name, FRESH)
        self.key = base
        self.keys = keys
        self.pending = [p.name for p in later]
        self.plan = [(p.name, p.bounds) for p in parts]
        self.areas = {p.name: _areas(p) for p in parts}
        self.drawn = [p.name for p in drawn]
        self.part_draws.update(self.drawn)
        if drawn:
            self.redraws += 1

    def warm(self, size, base: tuple | None, parts: list, tag: tuple) -> bool:
        """Draw the table now, before its first frame, once per `tag` (window size, lettering,
        table): the pieces scaled and the fonts made for it then cost nothing in the
        animation that follows. The drawing stays the layer's for `base` (None: redrawn at
        the first frame). True if it drew."""
        if tag == self.warmed:
            return False
        self._draw_all(size, base, parts)
        if base is None:
            self.keys = {}
        self._mend, self.warmed = None, tag
        return True

    def drop_key(self) -> None:
        """The scene drew straight on the screen: the layer is stale and the screen is not its."""
        self.key = None
        self.keys = {}
        self.pending = []
        self._mend = None

    def current(self, base: tuple, parts: list) -> bool:
        """The layer holds these parts as they would be drawn now (no part stale)."""
        return (
            base == self.key
            and [(p.name, p.bounds) for p in parts] == self.plan
            and all(self.areas.get(p.name) == _areas(p) for p in parts)
            and all(
                p.key is not FRESH and self.keys.get(p.name, FRESH) == p.key
                for p in parts + [w for q in parts for w in _windows(q)]
            )
        )

    def show(self, screen: pygame.Surface, base: tuple, parts: list, frame: int, sole: bool, widgets=()) -> list | None:
        """Put the table on `screen`: the parts whose key changed redrawn (all of them for a
        new `base`, new parts or a new window size); the screen mended or wholly copied.
        `frame`: the app's drawn-frame count; `sole`: no other scene draws over this one;
        `widgets`: pygame-gui's (image, place) pairs drawn over the last frame. Returns the
        rects of the screen changed (None: the whole screen)."""
        size = screen.get_size()
        layer = self.surface
        if (
            layer is None
            or layer.get_size() != size
            or base != self.key
            or [(p.name, p.bounds) for p in parts] != self.plan
        ):
            self._draw_all(size, base, parts)
            changed: list | None = None
        else:
            keys = self.keys
            stale = [
                p
                for p in parts
                if p.key is FRESH or keys.get(p.name, FRESH) != p.key or self.areas.get(p.name) != _areas(p)
            ]
            grown = True
            while grown:  # (a part whose bounds overlap a redrawn one's (or window's) is redrawn too)
                names = {p.name for p in stale}
                wins = [
                    w for p in parts if p.name not in names for w in _windows(p) if keys.get(w.name, FRESH) != w.key
                ]
                more = [
                    p
                    for p in parts
                    if p.name not in names
                    and any(p.bounds.colliderect(s.bounds) and _owner(s.name) != p.name for s in stale + wins)
                ]
                stale += more
                grown = bool(more)
            # (in drawing order, a part's stale windows where the part would be, if it is not stale)
            stale = [
                q for p in parts for q in ([p] if p.name in names else [w for w in wins if _owner(w.name) == p.name])
            ]
            stale, later = self._this_frame(stale, self.pending)
            for p in stale:
                layer.fill(PARCHMENT, p.bounds)
            for p in stale:
                self._draw_part(layer, p)
            self._keep(base, parts, stale, later)
            changed = [p.bounds.clip(screen.get_rect()) for p in stale]
        layer, mend = self.surface, self._mend
        assert layer is not None
        if changed is None or mend is None or not sole or screen is not self._screen or frame != self._draw + 1:
            screen.blit(layer, (0, 0))
            out = None
        else:
            rects = _merge(changed + mend + [img.get_rect(topleft=(dest[0], dest[1])) for img, dest, *_ in widgets])
            for r in rects:
                screen.blit(layer, r, r)
            out = rects
        self._screen, self._draw = screen, frame
        self._mend = [] if sole else None
        return out

    @staticmethod
    def _this_frame(stale: list, waiting: list[str]) -> tuple[list, list]:
        """(the stale parts drawn this frame, those left for the next): groups of parts
        whose bounds overlap or that are tagged `together` go together, those `waiting`
        since an earlier frame first (a part redrawn at every frame, e.g. under a dragged
        tile, cannot keep them waiting), then in drawing order, each only if the frame
        stays within FRAME_PIXELS (the first group always)."""
        groups: list[list] = []
        for p in stale:
            joined = [
                g
                for g in groups
                if any(p.bounds.colliderect(q.bounds) or p.together and p.together == q.together for q in g)
            ]
            group = [q for g in joined for q in g] + [p]
            groups = [g for g in groups if g not in joined] + [group]
        groups.sort(key=lambda g: (not any(q.name in waiting for q in g), min(stale.index(q) for q in g)))
        now: list = []
        pixels = 0
        for g in groups:
            size = sum(q.bounds.w * q.bounds.h for q in g)
            if now and pixels + size > FRAME_PIXELS:
                continue
            now += g
            pixels += size
        return [p for p in stale if p in now], [p for p in stale if p not in now]

    def drawn_over(self, areas: list | None) -> None:
        """What was drawn over the layer this frame (`areas`, None: anywhere): mended next frame."""
        if self._mend is not None:
            self._mend = None if areas is None else [pygame.Rect(a) for a in areas]

    def drawn_also(self, area) -> None:
        """One more rect drawn over the screen this frame, after the widgets (a tooltip)."""
        if self._mend is not None:
            self._mend.append(pygame.Rect(area))
