"""Game codes on screen (issue 56; history/game_code.py): the code of the game at the
table, to copy, and the title's "Paste game code", which reads a code exactly as a save is
read and opens its game for replay (the review) or to play on (the table).

The code sits in a text box that can be selected and copied by hand where the system has
no clipboard; Copy and Paste use SDL's clipboard (pygame.scrap.put_text / get_text, which
pygame-ce offers without scrap.init and which works with the dummy video driver too).
"""

from __future__ import annotations

import html
import logging

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox, UITextEntryBox

from vikings.history.errors import Refused
from vikings.history.game_code import game_code, looks_like_code, read_code
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Dialog, caption_row, preload_fonts
from vikings.ui.table.match import Match

log = logging.getLogger("vikings")
REASONS = ("not_a_code", "newer_code", "too_long", "bad_characters", "typo", "damaged", "other_rules", "bad_game")


def copy_text(text: str) -> bool:
    """Put `text` on the system's clipboard; False where there is none."""
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError) as e:
        log.info("no clipboard: %s", e)
        return False


def paste_text() -> str:
    """The clipboard's text ("" where there is none or it holds no text)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError) as e:
        log.info("no clipboard: %s", e)
        return ""


def refusal(reason: str) -> str:
    """Why a code does not load, in the language in use."""
    return t(f"puzzles.code.refused.{reason if reason in REASONS else 'damaged'}")


class _CodeDialog(Dialog):
    """The text box, a message below it and a row of buttons (`actions`, Close last)."""

    size = (900, 560)
    actions: tuple = ()
    primary = ""
    title_key = ""

    def build_ui(self) -> None:
        self.title = t(self.title_key)  # (in the language in use: a change of language builds anew)
        super().build_ui()

    def __init__(self, app):
        super().__init__(app)
        self.text = ""
        self.said = None  # a function giving the message in the language in use
        self.tone = "info"
        self.buttons: dict[str, UIButton] = {}

    def build_body(self, window, width, height) -> None:
        look, px, ui = self.app.look, self.app.look.px, self.app.ui
        pad, bar = px(24), look.caption_height(50)
        preload_fonts(self.app, [(px(17), "bold"), (max(9, round(17 * look.theme_scale)), "bold")])  # "@info"
        info_h = max(px(60), 2 * look.font(17, True).get_linesize() + px(24))  # two lines of the message
        box_h = height - 2 * pad - bar - info_h - px(24)
        self.box = self.add(
            UITextEntryBox(pygame.Rect(pad, pad, width - 2 * pad, box_h), self.text, ui, container=window)
        )
        self.info = self.add(
            UITextBox(
                "",
                pygame.Rect(pad, pad + box_h + px(8), width - 2 * pad, info_h),
                ui,
                container=window,
                object_id=ObjectID("#code_info", "@info"),
            )
        )
        keys = (*self.actions, "close")
        labels = [t(f"puzzles.code.{k}") for k in keys]
        widths = caption_row(look, labels, width - 2 * pad, px(12), 150)
        x = width - pad - sum(widths) - px(12) * (len(widths) - 1)
        self.buttons = {}
        for key, label, w in zip(keys, labels, widths):
            rect = pygame.Rect(x, height - pad - bar, w, bar)
            oid = ObjectID(f"#code_{key}", "@primary" if key == self.primary else None)
            self.buttons[key] = self.add(UIButton(rect, label, ui, container=window, object_id=oid))
            x += w + px(12)
        self.show_message()

    def say(self, write, tone: str = "info") -> None:
        self.said, self.tone = write, tone
        self.show_message()

    def show_message(self) -> None:
        colour = {"bad": "#a5281e", "good": "#2e7d32"}.get(self.tone, "#2b2118")
        text = self.said() if self.said else ""
        self.info.set_text(f'<font color="{colour}"><b>{html.escape(text)}</b></font>' if text else "")
        self.app.invalidate()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is getattr(self, "box", None):
            self.text = self.box.get_text()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.close() if key == "close" else self.do(key)
                    return True
        return super().handle(event)

    def do(self, key: str) -> None:
        """What the button `key` does."""


class CodePanel(_CodeDialog):
    """The code of `match` (a running or finished game), to copy."""

    actions = ("copy",)
    primary = "copy"

    def __init__(self, app, match):
        super().__init__(app)
        self.code = game_code(match.seats, match.game, match.hints)
        self.text = self.code
        self.said = lambda: t("puzzles.code.show_info")

    title_key = "puzzles.code.show_title"

    def do(self, key: str) -> None:
        if key == "copy":
            self.copy()

    def copy(self) -> bool:
        if copy_text(self.code):
            self.say(lambda: t("puzzles.code.copied"), "good")
            return True
        self.say(lambda: t("puzzles.code.no_clipboard"), "bad")
        return False


class PastePanel(_CodeDialog):
    """The title's "Paste game code": a code typed or pasted, read like a save."""

    actions = ("paste", "replay", "play")
    primary = "play"

    def __init__(self, app):
        super().__init__(app)
        self.said = lambda: t("puzzles.code.paste_info")

    title_key = "puzzles.code.paste_title"

    def do(self, key: str) -> None:
        if key == "paste":
            text = paste_text()
            if not text:
                self.say(lambda: t("puzzles.code.clipboard_empty"), "bad")
                return
            self.put(text)
            self.say(lambda: t("puzzles.code.pasted"))
        elif key in ("replay", "play"):
            self.open(replay=key == "replay")

    def put(self, text: str) -> None:
        """Show `text` in the box (built anew: pygame-gui 0.6.14's set_text on a text
        entry box draws the new text all but invisible until it is edited)."""
        self.text = text
        if self.widgets:
            self.kill_ui()
            self.build_ui()

    def read(self):
        """The table the code holds, or None (the reason said)."""
        text = self.box.get_text() if self.widgets else self.text
        self.text = text
        if not text.strip():
            self.say(lambda: t("puzzles.code.empty"), "bad")
            return None
        try:
            return read_code(text, self.app.rules)
        except Refused as e:
            log.info("game code refused: %s", e)
            self.say(lambda r=e.reason: refusal(r), "bad")
            return None

    def open(self, replay: bool) -> None:
        table = self.read()
        if table is None:
            return
        app = self.app
        match = Match.from_table(table, app.storage, autosave=not replay)
        self.close()
        if replay:
            below = type(app.scenes.base)  # the title

            def back():
                match.close()
                app.scenes.switch(below(app))

            app.scenes.switch(flow.scene("review")(app, match, back))
        else:
            flow.enter_game(app, match)


__all__ = ["CodePanel", "PastePanel", "copy_text", "looks_like_code", "paste_text", "refusal"]
