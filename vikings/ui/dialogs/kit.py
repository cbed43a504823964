"""Pieces the menu scenes share: the modal dialog panel, key caps, wrapped text.

A dialog is two pygame-gui windows: a full-window translucent shade that blocks clicks to
whatever lies below (pygame-gui would otherwise press a button of the scene underneath,
since its button events are posted to every scene), and the titled dialog window on top.
"""

from __future__ import annotations

import logging

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextEntryLine, UIWindow

from vikings.engine import OPTIONS
from vikings.engine.errors import SaveError
from vikings.text.lang import t
from vikings.ui.drawing.theme import BUTTON_EDGE, BUTTON_FONT, BUTTON_PAD, INK, INK_SOFT, PAPER, WOOD_DARK
from vikings.ui.scene import Scene
from vikings.ui.table.match import load_file

log = logging.getLogger("vikings")
ADVANCED_RULES = tuple(sorted(OPTIONS))  # the advanced game's rules (engine option names)


class Dialog(Scene):
    """A modal panel: a titled window centred over the scene below. Esc, the window's
    close button or `close()` pops it."""

    is_panel = True
    title = ""
    size = (900, 640)  # design pixels (1600x900 window)

    def build_ui(self) -> None:
        ui, look = self.app.ui, self.app.look
        sw, sh = look.size
        self.shade = self.add(
            UIWindow(pygame.Rect(0, 0, sw, sh), ui, object_id=ObjectID("#shade", None), draggable=False)
        )
        self.shade.bring_to_front_on_focused = False  # a click on the shade must not cover the dialog
        self.shade.set_blocking(True)
        w, h = min(look.px(self.size[0]), sw - 16), min(look.px(self.size[1]), sh - 16)
        self.window = self.add(
            UIWindow(
                pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h),
                ui,
                window_display_title=self.title,
                object_id=ObjectID("#dialog", None),
                draggable=False,
            )
        )
        # The close button's own font was not scaled (a speck at 4K); the theme's Noto Sans
        # is, but lacks pygame-gui's "╳" glyph: "×" it has.
        if self.window.close_window_button is not None:
            self.window.close_window_button.set_text("\u00d7")
        self.build_body(self.window, *self.window.get_container().get_size())

    def build_body(self, window: UIWindow, width: int, height: int) -> None:
        """Create the dialog's widgets inside `window` (a container of width x height)."""

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is getattr(self, "window", None):
            self.close()  # its close button (old windows killed on a rebuild do not match)
            return True
        return False

    def close(self) -> None:
        self.app.scenes.pop(self)


class Page:
    """Design pixels of a 1600x900 page, scaled and centred in the window (a window of
    another shape gets even margins instead of a page stuck to its top left corner)."""

    def __init__(self, look):
        self.px = look.px
        w, h = look.size
        self.ox, self.oy = max(0, (w - look.px(1600)) // 2), max(0, (h - look.px(900)) // 2)

    def pos(self, x: float, y: float) -> tuple[int, int]:
        return self.ox + self.px(x), self.oy + self.px(y)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(*self.pos(x, y), self.px(w), self.px(h))


def preload_fonts(app, fonts) -> None:
    """Load Noto Sans at (size, "bold"/"italic"/"regular") before rich text uses it
    (pygame-gui warns about fonts loaded on the fly, and about loading one twice)."""
    fonts_dict = app.ui.get_theme().get_font_dictionary()
    todo = []
    for size, style in set(fonts):
        fid = fonts_dict.create_font_id(size, "noto_sans", "bold" in style, "italic" in style)
        if not fonts_dict.check_font_preloaded(fid):
            todo.append({"name": "noto_sans", "point_size": size, "style": style})
    if todo:
        app.ui.preload_fonts(todo)


def typing(app) -> bool:
    """True while a text entry has the keyboard (letter shortcuts must not fire)."""
    focus = app.ui.get_focus_set() or ()
    return any(isinstance(e, UITextEntryLine) for e in focus)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` pixels (at word boundaries)."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def draw_keycap(surface: pygame.Surface, look, center, key: str, align: str = "center") -> pygame.Rect:
    """A small key cap ('N', 'Esc') showing a keyboard shortcut, centred on `center` (or
    with its left or right edge there: `align` "left" / "right"; it grows with the UI scale)."""
    label = look.text(key, 15, INK, bold=True)
    w = max(label.get_width() + look.px(14), look.px(30))
    rect = pygame.Rect(0, 0, w, max(look.px(30), label.get_height() + look.px(4)))
    rect.center = center
    if align == "left":
        rect.left = center[0]
    elif align == "right":
        rect.right = center[0]
    shadow = rect.move(0, look.px(3))
    pygame.draw.rect(surface, INK_SOFT, shadow, border_radius=look.px(6))
    pygame.draw.rect(surface, PAPER, rect, border_radius=look.px(6))
    pygame.draw.rect(surface, WOOD_DARK, rect, width=max(1, look.px(1.5)), border_radius=look.px(6))
    surface.blit(label, label.get_rect(center=rect.center))
    return rect


# Saved games --------------------------------------------------------------------------------
def load_match(app, path):
    """The Match saved at `path`, or raise SaveError with a readable reason."""
    return load_file(path, app.rules, app.storage)


def match_summary(match) -> dict:
    """What one line about a saved game says (kept as data, so the line can be written again
    in another language): how far it got, the advanced rules and who sits at the table."""
    g = match.game
    return {
        "over": g.is_over,
        "round": g.round + 1,
        "rounds": g.rules.rounds,
        "options": tuple(sorted(match.options)),
        "names": tuple(match.names),
    }


def describe_summary(s: dict) -> str:
    """One line for a saved game (its `match_summary`) in the language in use: how far it
    got, the advanced rules and who sits at the table."""
    progress = t("menus.match.finished") if s["over"] else t("menus.match.round", n=s["round"], total=s["rounds"])
    opts = s["options"]
    if len(opts) == len(ADVANCED_RULES):
        rules = t("menus.match.rule", rule=t("menus.match.advanced"))
    else:
        rules = "".join(
            t("menus.match.rule", rule=t(f"menus.match.option.{o}") if o in ADVANCED_RULES else o) for o in opts
        )
    return t(
        "menus.match.line", progress=progress, rules=rules, names=t("menus.match.names_separator").join(s["names"])
    )


def unreadable(e: BaseException) -> str:
    """Why a save does not load, in English (for the log and the file set aside); shown to
    the player through `reasons.explain`."""
    if isinstance(e, SaveError):
        return str(e)
    if isinstance(e, OSError):
        return f"the file cannot be read ({e.strerror or e})"
    log.exception("unexpected error while loading a save", exc_info=e)
    return f"the file is damaged ({type(e).__name__})"


# Captions that fit ----------------------------------------------------------------------------
SMALLER_CAPTIONS = (("", BUTTON_FONT), ("@small", 15), ("@smaller", 13))  # theme classes, largest first
REGULAR_CAPTIONS = {"@smallest_regular"}  # theme classes whose lettering is not bold


def fitted_class(look, text: str, rect: pygame.Rect, classes=SMALLER_CAPTIONS) -> str | None:
    """The theme class (None: the button's own) whose lettering lets `text` fit a button
    of `rect`: the largest that fits, else the smallest."""
    for cls, size in classes:
        if caption_fits(look, text, rect, ((cls, size),)):
            return cls or None
    return classes[-1][0] or None


def caption_fits(look, text: str, rect: pygame.Rect, classes=SMALLER_CAPTIONS) -> bool:
    """`text` fits a button of `rect` whole in one of the theme classes' letterings."""
    for cls, size in classes:
        font = look.widget_font(size, bold=cls not in REGULAR_CAPTIONS)
        if (
            font.size(text)[0] + 2 * BUTTON_PAD + 2 + BUTTON_EDGE <= rect.w
            and font.get_ascent() + BUTTON_EDGE <= rect.h
        ):
            return True
    return False


def fitted_button(rect: pygame.Rect, text: str, ui, look, group=(), classes=SMALLER_CAPTIONS, **kw):
    """A UIButton in a box whose size is fixed: its caption in smaller lettering when the
    UI scale would cut it off (as small as the longest of `group`, the captions of a set
    of buttons of the same size that should look alike; `classes`: the theme classes it
    may take, largest first)."""
    from pygame_gui.elements import UIButton

    order = [c or None for c, _ in classes]
    cls = max((fitted_class(look, t, rect, classes) for t in (text, *group)), key=order.index)
    if cls is not None:
        old = kw.get("object_id")
        kw["object_id"] = ObjectID(old.object_id if isinstance(old, ObjectID) else old, cls)
    return UIButton(rect, text, ui, **kw)


def caption_row(look, labels, room: int, gap: int, design_w: float = 0) -> list[int]:
    """Widths for a row of buttons labelled `labels` within `room` pixels: each as wide as
    its caption needs at the UI scale (at least `design_w` design pixels), or, when they
    would not all fit, the short ones as wide as they need and the long ones an equal share
    of what is left (their captions then shrink: fitted_button)."""
    widths = [look.caption_width(t, design_w, pad=10) for t in labels]
    room -= gap * (len(widths) - 1)
    if sum(widths) <= room:
        return widths
    # The widest cap that fits: lower it past each width until the row fits.
    cap, rest = room // max(1, len(widths)), sorted(widths)
    for i, w in enumerate(rest):
        share = (room - sum(rest[:i])) // (len(rest) - i)
        if w > share:
            cap = share
            break
    return [min(w, cap) for w in widths]
