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

from ..paths import resource_dir

DESIGN = (1600, 900)
THEME_STEP = 0.05  # the widgets' theme scale moves in steps of 5%
BUTTON_FONT = 18   # the theme's button lettering (assets/ui/theme.json), design pixels
BUTTON_EDGE = 8    # px: a button's border and shadow on both sides (unscaled in the theme)
BUTTON_PAD = 10    # px: pygame-gui's own air each side of a button's caption (unscaled)

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

# Player colours a seat may choose (name, RGB); none of the Viking colours, so a player's
# marker never looks like a Viking kind.
PLAYER_COLOURS = (("purple", (118, 70, 160)), ("orange", (222, 120, 30)), ("teal", (30, 140, 140)),
                  ("pink", (205, 80, 140)), ("brown", (120, 80, 50)), ("white", (245, 245, 245)))


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
        if font and "size" in font:
            font["size"] = str(max(9, round(int(font["size"]) * scale)))
        misc = block.get("misc", {})
        for key in ("shape_corner_radius", "title_bar_height", "list_item_height",
                    "text_horiz_alignment_padding", "rect_width"):
            if key in misc:
                misc[key] = str(max(2, round(int(misc[key]) * scale)))
    return doc


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

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return self._font_px(max(1, round(size * self.text_scale)), bold)

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

    def fit_text(self, text: str, size: float, colour=INK, bold: bool = False,
                 width: int | None = None, height: int | None = None) -> pygame.Surface:
        """`text` at `size`, or in smaller lettering (down to 60%) so that it fits in
        `width` x `height` pixels; cut with an ellipsis if even that is too wide."""
        pixels = max(1, round(size * self.text_scale))
        least = max(6, round(pixels * 0.6))
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
