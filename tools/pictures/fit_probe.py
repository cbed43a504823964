"""Where every text a screen draws really lands, for the fit check (tools/pictures/fit_check.py,
tests/ui/test_fit.py): each string the project's fonts render, the rectangle its ink covers
on the window, its font's pixel size, and the filled rectangle (a panel, a bar, a box) it
starts in; and pygame-gui's captions, read back from the widgets.

    with FitProbe() as probe:           # before the App is made: its fonts must be recording ones
        ... drive the game to a moment ...
        texts = probe.measure(app)      # one drawing of the window, every text in it
        problems = check(texts, app, ...)

`measure` draws the frame onto a recording surface: a blit of a rendered text records it
(with the blit's area and the surface's clip), a blit of a surface that holds texts
carries them over, and a filled rectangle drawn over a text hides it (a panel on top).
A piece in flight (table/fx.Fly: a coin on its way to a card) hides nothing: it passes
over a figure for a few frames, which is motion, not a text that does not fit.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

import pygame
import pygame.draw
import pygame.font

ELLIPSIS = "…"
MIN_PX = 12  # the least lettering (font pixels) at 100 % on 1280x720 ...
MIN_SCALE = 1280 / 1600  # ... whose window scale (theme.scale_for) is 0.8


@dataclass
class Text:
    text: str
    rect: pygame.Rect  # the ink on the window
    px: int  # the font's pixel size
    cut: pygame.Rect | None = None  # the ink the clip or the window hid, if any
    panel: pygame.Rect | None = None  # the filled rectangle the text starts in
    widget: bool = False  # a pygame-gui caption
    room: tuple[int, int] | None = None  # a caption's room in its widget
    hover: bool = False  # cut by design, the whole text on hover (the log's newest entry)

    @property
    def hidden(self) -> bool:
        return self.cut is not None


@dataclass
class Problem:
    kind: str  # cut, outside, overlap, small, caption
    text: str
    rect: pygame.Rect
    detail: str = ""
    other: pygame.Rect | None = None

    def __str__(self) -> str:
        r = self.rect
        at = f"({r.x},{r.y} {r.w}x{r.h})"
        return f"{self.kind:8} {at:22} {self.text[:70]!r} {self.detail}"


@dataclass
class _Drawn:
    text: str
    rect: pygame.Rect
    px: int
    cut: pygame.Rect | None = None
    panel: pygame.Rect | None = None


@dataclass
class _Marks:
    texts: list = field(default_factory=list)
    fills: list = field(default_factory=list)  # opaque filled rectangles, in drawing order (index, rect)


class FitProbe:
    def __init__(self):
        self.rendered: dict[int, tuple] = {}  # id(surface) -> (surface, text, px, ink rect)
        self.marks: dict[int, tuple] = {}  # id(recording surface) -> (surface, _Marks)
        self._saved: list = []
        self._order = 0
        self._flying = False  # drawing a piece in flight (fx.Fly)

    # Recording -----------------------------------------------------------------------------------
    def __enter__(self) -> FitProbe:
        probe = self
        base = pygame.font.Font

        class RecordingFont(base):
            def __init__(self, file=None, size=12, *a, **kw):
                super().__init__(file, size, *a, **kw)
                self.fit_px = size

            def render(self, text, *args, **kw):
                img = super().render(text, *args, **kw)
                if isinstance(text, str) and text.strip() and "\n" not in text:
                    probe.rendered[id(img)] = (img, text, self.fit_px, img.get_bounding_rect())
                    if len(probe.rendered) > 20000:
                        probe._prune()
                return img

        self._base_font = base
        self._saved = [(pygame.font, "Font", base)]
        pygame.font.Font = RecordingFont
        return self

    def __exit__(self, *exc) -> None:
        for module, name, value in self._saved:
            setattr(module, name, value)

    def _recording_surface(self):
        probe = self
        base = pygame.Surface

        class RecordingSurface(base):
            def blit(self, source, dest, area=None, special_flags=0):
                out = super().blit(source, dest, area, special_flags)
                probe._blitted(self, source, dest, area)
                return out

        return RecordingSurface

    def _marks_of(self, surface) -> _Marks:
        entry = self.marks.get(id(surface))
        if entry is None or entry[0] is not surface:
            entry = self.marks[id(surface)] = (surface, _Marks())
        return entry[1]

    def _blitted(self, target, source, dest, area) -> None:
        pos = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        offset = pygame.Rect(pos, source.get_size())
        src = source.get_rect() if area is None else pygame.Rect(area).clip(source.get_rect())
        shift = (pos[0] - src.x, pos[1] - src.y)
        clip = target.get_clip()
        found = self.rendered.get(id(source))
        if found is not None and found[0] is source:
            _, text, px, ink = found
            ink = ink.move(pos) if area is None else ink.clip(src).move(shift)
            self._add(target, _Drawn(text, ink, px), clip)
            return
        held = self.marks.get(id(source))
        if not self._flying:  # (a piece in flight passes over texts: motion, not layout)
            self._cover(target, source, offset, src, shift)
        if held is None or held[0] is not source:
            return
        for d in held[1].texts:
            r = d.rect.clip(src) if area is not None else d.rect
            if r.w == 0 or r.h == 0:
                continue
            cut = d.cut.move(shift) if d.cut is not None else None
            panel = d.panel.move(shift) if d.panel is not None else None
            self._add(target, _Drawn(d.text, d.rect.move(shift), d.px, cut, panel), clip)
        del offset

    def _add(self, target, d: _Drawn, clip: pygame.Rect) -> None:
        marks = self._marks_of(target)
        shown = d.rect.clip(clip)
        if shown.size != d.rect.size and d.cut is None:
            d.cut = d.rect.copy()
        if d.panel is None:
            inside = [r for _, r in marks.fills if r.collidepoint(d.rect.topleft) and r.w * r.h < clip.w * clip.h]
            d.panel = inside[-1] if inside else None  # the topmost: the last drawn
        self._order += 1
        marks.texts.append(d)

    def _cover(self, target, source, dest: pygame.Rect, src: pygame.Rect, shift) -> None:
        """An image blitted over texts: those it covers whole are hidden, those it covers in
        part are cut (translucent pixels cover nothing)."""
        entry = self.marks.get(id(target))
        if entry is None or entry[0] is not target:
            return
        marks = entry[1]
        near = [d for d in marks.texts if d.rect.colliderect(dest)]
        if not near:
            return
        ink = source.get_bounding_rect(min_alpha=200).clip(src).move(shift)
        self._hide(marks, ink, "an image")

    def _hide(self, marks: _Marks, r: pygame.Rect, by: str) -> None:
        keep = []
        for d in marks.texts:
            over = r.clip(d.rect)
            if over.w > 1 and over.h > 1:
                if over.size == d.rect.size:
                    continue  # wholly covered: not on screen
                d.cut = over
            keep.append(d)
        marks.texts = keep

    def _filled(self, surface, colour, rect, width=0, *args, **kw) -> None:
        """A filled rectangle on a recording surface: texts below it that it covers are hidden."""
        if width != 0 or surface is None or id(surface) not in self.marks:
            return
        c = pygame.Color(colour) if not isinstance(colour, pygame.Color) else colour
        if c.a < 250:
            return
        r = pygame.Rect(rect).clip(surface.get_clip())
        marks = self._marks_of(surface)
        marks.texts = [d for d in marks.texts if not r.colliderect(d.rect)]  # a panel or a tooltip on top
        marks.fills = [f for f in marks.fills if not r.contains(f[1])] + [(self._order, r)]

    def measure(self, app) -> list[Text]:
        """Draw `app`'s window once onto a recording surface; every text on it."""
        self._prune()
        base_surface = pygame.Surface
        recording = self._recording_surface()
        draw_rect = pygame.draw.rect
        probe = self

        def rect(surface, colour, r, width=0, *a, **kw):
            out = draw_rect(surface, colour, r, width, *a, **kw)
            if id(surface) in probe.marks:
                probe._filled(surface, colour, r, width)
            return out

        from vikings.ui.table import fx

        fly_draw = fx.Fly.draw

        def flying(effect, surface):
            probe._flying = True
            try:
                fly_draw(effect, surface)
            finally:
                probe._flying = False

        screen = app.screen
        size = screen.get_size()
        canvas = recording(size)
        self.marks = {}
        self._marks_of(canvas)
        pygame.Surface = recording  # offscreen images (the log's) record their texts too
        pygame.draw.rect = rect
        fx.Fly.draw = flying  # type: ignore[method-assign]
        caches = _drop_caches()
        try:
            app.screen = canvas
            app.draw()
            hovered = _log_hover_text()
        finally:
            app.screen = screen
            pygame.Surface = base_surface
            pygame.draw.rect = draw_rect
            fx.Fly.draw = fly_draw  # type: ignore[method-assign]
            caches()
        screen.blit(canvas, (0, 0))
        window = canvas.get_rect()
        out = []
        for d in self._marks_of(canvas).texts:
            cut = d.cut
            if cut is None and not window.contains(d.rect):
                cut = d.rect
            hover = hovered is not None and d.text.endswith(ELLIPSIS) and hovered.startswith(d.text[:-1].rstrip())
            out.append(Text(d.text, d.rect, d.px, cut, d.panel, hover=hover))
        out += widget_texts(app)
        self.marks = {}
        return out

    def _prune(self) -> None:
        """Forget rendered texts nothing holds any more (the caches keep theirs)."""
        self.rendered = {k: v for k, v in self.rendered.items() if sys.getrefcount(v[0]) > 2}


def _drop_caches():
    """Empty the drawing caches whose images hold text, so that this drawing renders them
    anew on recording surfaces; returns what puts them back."""
    from vikings.ui.drawing import panels

    saved = dict(panels._LOG_CACHE)
    panels._LOG_CACHE.clear()

    def restore():
        panels._LOG_CACHE.clear()
        panels._LOG_CACHE.update(saved)

    return restore


def _log_hover_text() -> str | None:
    """The game log's newest entry when the log just drawn had to cut it short (a small
    window at a large UI scale: the log is one line tall); its whole text is the log's
    tooltip on hover (drawing/panels.draw_log)."""
    from vikings.ui.drawing import panels

    if not panels.log_cut():
        return None
    key = panels._LOG_CACHE.get("key")
    return key[4] if key else None


def widget_texts(app) -> list[Text]:
    """The visible pygame-gui buttons' and labels' captions: where pygame-gui draws them and
    the room their widget gives them."""
    from pygame_gui.elements import UIButton, UILabel

    from vikings.ui.drawing.theme import caption_room

    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not (el.alive() and el.visible and isinstance(el, (UIButton, UILabel)) and el.text):
            continue
        font = getattr(el, "font", None)
        if font is None or el.rect.w <= 0 or el.rect.h <= 0:
            continue
        w = font.size(el.text)[0]
        ink = font.render_premul(el.text, pygame.Color(255, 255, 255)).get_bounding_rect()
        room = caption_room(el)
        r = pygame.Rect(0, 0, w, ink.h)
        r.center = el.rect.center
        px = getattr(font, "point_size", None) or round(font.get_point_size())
        out.append(Text(el.text, r, px, widget=True, room=room))
    return out


def least_px(app) -> int:
    """The smallest lettering allowed in `app`'s window: MIN_PX at 100 % on 1280x720, scaled with
    the window and the UI scale."""
    return round(MIN_PX * app.look.text_scale / MIN_SCALE)


def whole_texts() -> set[str]:
    """The catalogue's strings (in the language in use) that end with an ellipsis themselves
    ("to bid…"): drawn so (or their last wrapped line), they are whole."""
    from vikings.text import lang

    flat = lang.catalogue(lang.language())
    values = [v for x in flat.values() for v in (x.values() if isinstance(x, dict) else (x,))]
    return {v for v in values if isinstance(v, str) and v.rstrip().endswith(ELLIPSIS) and "%{" not in v}


def whole_patterns() -> list[re.Pattern]:
    """The same for the catalogue's strings with places ("%{name} is deciding…"): a pattern
    each, a place standing for any words."""
    from vikings.text import lang

    flat = lang.catalogue(lang.language())
    values = [v for x in flat.values() for v in (x.values() if isinstance(x, dict) else (x,))]
    out = []
    for v in values:
        if isinstance(v, str) and v.rstrip().endswith(ELLIPSIS) and "%{" in v:
            parts = re.split(r"%\{[^}]*\}", v.rstrip())
            out.append(re.compile("(?:.*\\s)?" + ".+".join(re.escape(x) for x in parts) + "$"))
    return out


def ends_whole(text: str, whole: set[str], patterns: list[re.Pattern]) -> bool:
    """True when `text`, ending with an ellipsis, is (the end of) a catalogue string that has it."""
    text = text.rstrip()
    return any(w.endswith(text) for w in whole) or any(p.match(text) for p in patterns)


def problems(texts: list[Text], least: int, hover_cut: bool = False) -> list[Problem]:
    """What breaks the text-fit rule among `texts` (see tools/pictures/fit_check.py)."""
    whole, patterns = whole_texts(), whole_patterns()
    out = []
    ours = [x for x in texts if not x.widget]
    for x in texts:
        if x.widget:
            if x.room is not None and (x.rect.w > x.room[0] or x.rect.h > x.room[1]):
                out.append(Problem("caption", x.text, x.rect, f"needs {x.rect.w}x{x.rect.h}, has {x.room}"))
            continue
        if x.cut is not None:
            out.append(
                Problem(
                    "cut", x.text, x.rect, "partly hidden (by its clip, the window or what is drawn over it)", x.cut
                )
            )
        elif (
            x.text.rstrip().endswith(ELLIPSIS)
            and not (hover_cut or x.hover)
            and not ends_whole(x.text, whole, patterns)
        ):
            out.append(Problem("cut", x.text, x.rect, "shortened with an ellipsis"))
        if x.panel is not None and not x.panel.inflate(2, 2).contains(x.rect):
            out.append(Problem("outside", x.text, x.rect, "leaves its panel", x.panel))
        if x.px < least and _is_words(x.text):
            out.append(Problem("small", x.text, x.rect, f"{x.px} px < {least} px"))
    for i, a in enumerate(ours):
        for b in ours[i + 1 :]:
            over = a.rect.clip(b.rect)
            if over.w > 1 and over.h > 1 and not (a.text == b.text and abs(a.rect.x - b.rect.x) < 4):
                out.append(Problem("overlap", a.text, a.rect, f"over {b.text[:40]!r}", b.rect))
    return out


def _is_words(text: str) -> bool:
    """Lettering meant to be read as words (not a number on a piece or a player's initial)."""
    return sum(ch.isalpha() for ch in text) >= 3
