"""The look shared by widgets and the project's own drawing: colours, fonts, the
pygame-gui theme scaled to the window.

Sizes in the code are design pixels for a 1600x900 window; `Look.px()` turns them into
real pixels, so the game reads the same from 1280x720 to 4K (widgets are rebuilt and the
theme's font sizes scaled whenever the window changes size).

The player's UI scale (90-150%, a setting) enlarges or shrinks the lettering on top of
that: the text the project draws (`Look.font`) and the widgets' theme, while the layout
(`Look.px`) keeps fitting the window.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib import resources

import pygame

from vikings.paths import resource_dir
from vikings.saves.table_file import COLOURS

DESIGN = (1600, 900)
THEME_STEP = 0.05  # the widgets' theme scale moves in steps of 5%
BUTTON_FONT = 18  # the theme's button lettering (assets/ui/theme.json), design pixels
BUTTON_EDGE = 8  # px: a button's border and shadow on both sides (unscaled in the theme)
BUTTON_PAD = 10  # px: pygame-gui's own air each side of a button's caption (unscaled)
# The least lettering for words: 12 px at 100 % on 1280x720 (window scale 0.8), that is 15
# design pixels, growing with the window and the UI scale like all lettering.
LEAST_TEXT = 15

PARCHMENT = (236, 229, 213)
PAPER = (243, 236, 220)
INK = (43, 33, 24)
INK_SOFT = (91, 74, 54)
WOOD = (122, 74, 36)
WOOD_DARK = (62, 37, 16)
GOLD = (212, 160, 23)
SEA = (47, 111, 159)
SEA_DARK = (21, 58, 87)
GOOD = (46, 125, 50)
BAD = (165, 40, 30)
WHITE = (255, 248, 232)

# Player colours a seat may choose (name, RGB; the names are the table file's); none of the Viking colours, so a player's
# marker never looks like a Viking kind.
PLAYER_COLOURS = tuple(
    zip(COLOURS, ((118, 70, 160), (222, 120, 30), (30, 140, 140), (205, 80, 140), (120, 80, 50), (245, 245, 245)))
)


def colour_of(name: str) -> tuple[int, int, int]:
    return dict(PLAYER_COLOURS).get(name, INK_SOFT)


def scale_for(size) -> float:
    return max(0.5, min(size[0] / DESIGN[0], size[1] / DESIGN[1]))


@lru_cache(maxsize=1)
def _theme_doc() -> dict:
    with open(resource_dir("assets") / "ui" / "theme.json", encoding="utf-8") as f:
        return json.load(f)


def scaled_theme(scale: float) -> dict:
    """The pygame-gui theme with font sizes (and a few pixel sizes) scaled."""
    doc = copy.deepcopy(_theme_doc())
    for block in doc.values():
        font = block.get("font")
        if font and font.get("name") == "arrows":  # the arrows of drop-downs and sliders (see _arrow_font)
            font.update(_arrow_font())
        if font and "size" in font:
            font["size"] = str(max(9, round(int(font["size"]) * scale)))
        misc = block.get("misc", {})
        for key in (
            "shape_corner_radius",
            "title_bar_height",
            "list_item_height",
            "text_horiz_alignment_padding",
            "rect_width",
            "open_button_width",
        ):
            if key in misc:
                misc[key] = str(max(2, round(int(misc[key]) * scale)))
    return doc


def _arrow_font() -> dict:
    """Noto Sans has no arrow glyphs (pygame-gui's drop-downs and sliders draw ▼ ◀ ▶): their
    buttons use pygame-gui's Japanese Noto Sans, which has them."""
    path = str(resources.files("pygame_gui.data") / "NotoSansJP-Regular.otf")
    return {"regular_path": path, "bold_path": path, "italic_path": path, "bold_italic_path": path}


def _font_file(bold: bool) -> str:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(resources.files("pygame_gui.data") / name)


class Look:
    """Fonts and pixel sizes for the current window scale."""

    def __init__(self, size, ui_scale: float = 1.0):
        self.size = tuple(size)
        self.scale = scale_for(size)
        self.ui_scale = ui_scale
        self.text_scale = self.scale * ui_scale  # the lettering's (and the theme's) scale
        self._fonts: dict = {}

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    @property
    def theme_scale(self) -> float:
        """The widgets' theme scale, in steps of THEME_STEP (see app.theme_scale)."""
        return round(self.text_scale / THEME_STEP) * THEME_STEP

    @property
    def least_px(self) -> int:
        """The smallest lettering for words, in pixels (LEAST_TEXT design pixels)."""
        return max(1, round(LEAST_TEXT * self.text_scale))

    def font(self, size: float, bold: bool = False, least: bool = True) -> pygame.font.Font:
        """Lettering of `size` design pixels at the UI scale; never below `least_px` unless
        `least` is False (a number or an initial sized to the piece it sits on)."""
        pixels = max(1, round(size * self.text_scale))
        return self._font_px(max(pixels, self.least_px) if least else pixels, bold)

    def _font_px(self, pixels: int, bold: bool) -> pygame.font.Font:
        key = (pixels, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(_font_file(bold), pixels)
        return f

    def widget_font(self, size: float = BUTTON_FONT, bold: bool = True) -> pygame.font.Font:
        """The font pygame-gui draws a widget's `size` theme lettering with (the button's by
        default): the theme's sizes scale in steps (`theme_scale`), not smoothly."""
        return self._font_px(max(9, round(size * self.theme_scale)), bold)

    def caption_width(self, text: str, design_w: float = 0, size: float = BUTTON_FONT, pad: float = 14) -> int:
        """A button's width for `text`: at least `design_w` design pixels, and wide enough
        for the caption at the UI scale (its lettering, `pad` design pixels of air on each
        side at the lettering's scale, the border and shadow)."""
        air = max(BUTTON_PAD + 2, round(pad * self.text_scale))
        need = self.widget_font(size).size(text)[0] + 2 * air + BUTTON_EDGE
        return max(self.px(design_w), need)

    def caption_height(self, design_h: float = 0, size: float = BUTTON_FONT, pad: float = 4) -> int:
        """A button's height: at least `design_h` design pixels and tall enough for its
        lettering at the UI scale."""
        f = self.widget_font(size)
        return max(self.px(design_h), f.get_ascent() + round(2 * pad * self.text_scale) + BUTTON_EDGE)

    def fit_text(
        self,
        text: str,
        size: float,
        colour=INK,
        bold: bool = False,
        width: int | None = None,
        height: int | None = None,
    ) -> pygame.Surface:
        """`text` at `size`, or in smaller lettering (down to 60%, never below `least_px`) so
        that it fits in `width` x `height` pixels; cut with an ellipsis if even that is too wide."""
        pixels = max(1, round(size * self.text_scale), self.least_px)
        least = max(self.least_px, round(pixels * 0.6))
        while True:
            f = self._font_px(pixels, bold)
            w, h = f.size(text)
            if pixels <= least or ((width is None or w <= width) and (height is None or f.get_ascent() <= height)):
                break
            pixels -= 1
        if width is not None and w > width:
            while text and f.size(text + "…")[0] > width:
                text = text[:-1]
            text = text.rstrip() + "…"
        return f.render(text, True, colour)

    def text(self, text: str, size: float, colour=INK, bold: bool = False) -> pygame.Surface:
        return self.font(size, bold).render(text, True, colour)


# Captions that fit their widgets ---------------------------------------------------------------
SMALLER = {
    None: ("@small", "@smaller", "@smallest"),  # theme classes, lettering 15, 13 and 11 (of 18)
    "@primary": ("@primary_small", "@primary_smaller", "@primary_smallest"),
    "@danger": ("@danger_small", "@danger_smaller", "@danger_smallest"),
}
SMALLER_SIZES = (15, 13, 11)  # the lettering of each step of a SMALLER chain (theme.json)


def caption_room(button) -> tuple[int, int]:
    """The width and height inside a pygame-gui button that its caption may use (its rect
    less the border, the shadow and the theme's horizontal text padding)."""

    def width(name):  # a number, or (pygame-gui 0.6.14) a dict of widths per side
        v = getattr(button, name, 0) or 0
        return max(v.values(), default=0) if isinstance(v, dict) else v

    edge = 2 * (int(width("border_width")) + int(width("shadow_width")))
    pad = 2 * int(getattr(button, "text_horiz_alignment_padding", 0) or 0)
    return button.rect.width - edge - pad, button.rect.height - edge


def clipped_captions(ui) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """Every visible button (or label) of the manager `ui` whose caption does not fit inside it, as
    (caption, (text width, height), (room width, height)). Empty when every caption fits."""
    out = []
    for el in ui.get_sprite_group().sprites():
        if el.alive() and el.visible:
            over = caption_overflow(el)
            if over is not None:
                out.append(over)
    return out


def _captioned(el) -> bool:
    from pygame_gui.elements import UIButton, UILabel

    return (
        isinstance(el, (UIButton, UILabel))
        and bool(el.text)
        and getattr(el, "font", None) is not None
        and el.rect.width > 0
        and el.rect.height > 0
    )


def caption_overflow(el):
    """(caption, (text width, ink height), (room width, height)) when the caption of a
    button or label `el` does not fit inside it, else None."""
    if not _captioned(el):
        return None
    w = el.font.size(el.text)[0]
    h = el.font.render_premul(el.text, pygame.Color(255, 255, 255)).get_bounding_rect().height  # the ink
    room = caption_room(el)
    return (el.text, (w, h), room) if w > room[0] or h > room[1] else None


def shrink_caption(el) -> None:
    """A button or label whose caption the UI scale made too large for its box gets the
    theme's smaller lettering (@small, @smaller, @smallest; @primary and @danger buttons keep
    their colours),
    so that no caption is cut off where a layout cannot give it more room."""
    if caption_overflow(el) is None:
        return
    from pygame_gui.core import ObjectID

    ids, classes = el.get_object_ids(), el.get_class_ids()
    own_id, own_class = (ids[-1] if ids else None), (classes[-1] if classes else None)
    chain = SMALLER.get(own_class, ())
    for smaller in SMALLER.values():  # already smaller (a caption that grew): on down the chain
        if own_class in smaller:
            chain = smaller[smaller.index(own_class) + 1 :]
    for cls in chain:
        el.change_object_id(ObjectID(own_id, cls))
        if caption_overflow(el) is None:
            return
