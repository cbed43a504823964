"""Named saves: the list (newest first), loading one, and saving the game at the table.

A save that does not load says why in the panel; nothing a file holds can crash the game.
Saving over an existing name asks first (the Save button turns into Replace).
"""

from __future__ import annotations

import html
import re
import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox, UITextEntryLine

from vikings.saves.folders import safe_name
from vikings.saves.unreadable import explain, os_text
from vikings.text.lang import t
from vikings.ui.dialogs.kit import (
    Dialog,
    describe_summary,
    fitted_button,
    load_match,
    match_summary,
    preload_fonts,
    typing,
    unreadable,
)

NAME_LIMIT = 40


def shown_name(storage, stem: str, path) -> str:
    """A save's name as the player typed it (kept in the file; its file name is a safe
    spelling of it: "Ärger" is Aerger.json), or made from the file name for a save that
    keeps none."""
    try:
        doc = storage.read_json(path)
    except (OSError, ValueError):
        doc = None
    name = doc.get("name") if isinstance(doc, dict) else None
    return name if isinstance(name, str) and name.strip() else stem.replace("_", " ")


def label_of(name: str, mtime: float) -> str:
    """A save's line in the list: its name as typed and when it was written."""
    when = time.localtime(mtime)
    date = t(
        "menus.saves.date",
        day=str(when.tm_mday),
        month=t(f"menus.saves.months.m{when.tm_mon}"),
        year=str(when.tm_year),
        time=time.strftime("%H:%M", when),
    )
    return t("menus.saves.entry", name=name, when=date)


class SavesPanel(Dialog):
    size = (900, 660)

    def __init__(self, app, mode: str = "load", match=None):
        super().__init__(app)
        if mode not in ("load", "save"):
            raise ValueError(f"mode must be 'load' or 'save', not {mode!r}")
        self.mode, self.match = mode, match
        self.name_text = self.suggested_name() if mode == "save" else ""
        self.said, self.tone = None, "info"  # the message: a function writing it in the language in use
        self.replace = None  # the name Save would overwrite once pressed again
        self.paths: dict[str, object] = {}
        self.chosen: str | None = None  # the list line chosen (kept over a rebuild)

    @property
    def title(self) -> str:
        return t("menus.saves.load_title") if self.mode == "load" else t("menus.saves.save_title")

    @property
    def message(self) -> str:
        return self.said() if self.said is not None else ""

    def suggested_name(self) -> str:
        if self.match is None:
            return ""
        g = self.match.game
        names = t("menus.saves.versus").join(
            re.sub(r"\s*\(.*?\)", "", n) for n in self.match.names
        )  # "Astrid (Normal)": Astrid
        if g.is_over:
            return t("menus.saves.suggest_final", names=names)[:NAME_LIMIT]
        return t("menus.saves.suggest_round", names=names, n=min(g.round + 1, g.rules.rounds))[:NAME_LIMIT]

    # Widgets --------------------------------------------------------------------------------
    def build_body(self, window, width, height) -> None:
        px, ui = self.app.look.px, self.app.ui
        pad, bar = px(24), px(50)
        y = pad
        self.name_entry = self.save_button = None
        if self.mode == "save":
            label = t("menus.saves.name")
            name_w = max(
                px(90), self.app.look.widget_font(19).size(label)[0] + px(16)
            )  # (the theme's @field: 19, bold)
            self.add(
                UILabel(
                    pygame.Rect(pad, y, name_w, bar), label, ui, container=window, object_id=ObjectID(None, "@field")
                )
            )
            self.name_entry = self.add(
                UITextEntryLine(
                    pygame.Rect(pad + name_w, y, width - 2 * pad - name_w - px(190), bar),
                    ui,
                    container=window,
                    object_id=ObjectID("#save_name", None),
                )
            )
            self.name_entry.set_text_length_limit(NAME_LIMIT)
            self.name_entry.set_text(self.name_text)
            self.save_button = self.add(
                UIButton(
                    pygame.Rect(width - pad - px(176), y, px(176), bar),
                    t("menus.saves.save"),
                    ui,
                    container=window,
                    object_id=ObjectID("#save", "@primary"),
                )
            )
            y += bar + px(16)
        info_h = max(px(84), 2 * self.app.look.widget_font(17).get_linesize() + px(24))  # two lines of the message
        list_h = height - y - pad - bar - px(16) - info_h
        items = self.items()
        # Loading: the newest save is chosen already (or the one chosen before a resize).
        chosen = None
        if self.mode == "load" and items:
            chosen = self.chosen if self.chosen in items else items[0]
        self.list = self.add(
            UISelectionList(
                pygame.Rect(pad, y, width - 2 * pad, list_h),
                items,
                ui,
                container=window,
                object_id=ObjectID("#saves_list", None),
                default_selection=chosen,
            )
        )
        self.list.list_item_height = px(44)  # the theme's height is not scaled with the window
        self.list.set_item_list(items)
        if chosen is not None:
            self.list._set_default_selection()  # set_item_list dropped it (pygame-gui 0.6.14)
        self.empty_label = self.add(
            UILabel(
                pygame.Rect(
                    pad + px(14), y + px(12), width - 2 * pad - px(28), max(px(30), self.app.look.caption_height(30))
                ),
                t("menus.saves.empty"),
                ui,
                container=window,
                object_id=ObjectID(None, "@note"),
            )
        )
        if self.paths:
            self.empty_label.hide()
        preload_fonts(self.app, [(px(17), "bold")])  # the message's bold (theme "@info": 17)
        self.info = self.add(
            UITextBox(
                "",
                pygame.Rect(pad, y + list_h + px(6), width - 2 * pad, info_h),
                ui,
                container=window,
                object_id=ObjectID("#saves_info", "@info"),
            )
        )
        self.close_button = self.add(
            UIButton(pygame.Rect(pad, height - pad - bar, px(176), bar), t("menus.saves.close"), ui, container=window)
        )
        self.load_button = self.review_button = None
        # A game code: the game's own to copy (saving), or one to paste and open (loading).
        code = t("puzzles.code.paste_button" if self.mode == "load" else "puzzles.code.show_button")
        x = pad + px(176) + px(12)
        room = width - pad - (2 * px(176) + 2 * px(12) if self.mode == "load" else 0) - x  # up to Review
        code_w = min(room, max(px(176), self.app.look.caption_width(code, 176)))
        self.code_button = self.add(
            fitted_button(
                pygame.Rect(x, height - pad - bar, code_w, bar),
                code,
                ui,
                self.app.look,
                container=window,
                object_id=ObjectID("#game_code", None),
            )
        )
        if self.mode == "save" and self.match is None:
            self.code_button.disable()
        if self.mode == "load":
            self.load_button = self.add(
                UIButton(
                    pygame.Rect(width - pad - px(176), height - pad - bar, px(176), bar),
                    t("menus.saves.load"),
                    ui,
                    container=window,
                    object_id=ObjectID("#load", "@primary"),
                )
            )
            self.load_button.disable()
            self.review_button = self.add(
                UIButton(
                    pygame.Rect(width - pad - px(176) - px(12) - px(176), height - pad - bar, px(176), bar),
                    t("menus.saves.review"),
                    ui,
                    container=window,
                    object_id=ObjectID("#review", None),
                    tool_tip_text=t("menus.saves.review_tip"),
                )
            )
            self.review_button.disable()
        self._show_message()
        if chosen is not None:
            self.on_select()  # its details, and Load enabled

    def items(self) -> list[str]:
        self.paths = {}
        for stem, path, mtime in self.app.storage.list_saves():
            name = shown_name(self.app.storage, stem, path)
            self.paths[label_of(name, mtime)] = (name, path)
        return list(self.paths)

    def _show_message(self) -> None:
        colour = {"bad": "#a5281e", "good": "#2e7d32"}.get(self.tone, "#2b2118")
        message = self.message
        text = f'<font color="{colour}"><b>{html.escape(message)}</b></font>' if message else ""
        self.info.set_text(text)
        if self.save_button is not None:
            self.save_button.set_text(t("menus.saves.replace") if self.replace else t("menus.saves.save"))
        self.app.invalidate()

    def say(self, key: str | None, error: bool = False, good: bool = False, **params) -> None:
        """Show the catalogue's `key` (None: nothing); kept as the key, so a change of
        language writes it again."""
        self.said = None if key is None else lambda: t(key, **{k: v() if callable(v) else v for k, v in params.items()})
        self.tone = "bad" if error else "good" if good else "info"
        self._show_message()

    def say_text(self, write) -> None:
        """Show what `write()` returns (a function, so it follows the language)."""
        self.said, self.tone = write, "info"
        self._show_message()

    def selected(self):
        text = self.list.get_single_selection()
        return self.paths.get(text) if text else None

    # Input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.close()
            elif event.ui_element is self.code_button:
                self.game_code()
            elif self.load_button is not None and event.ui_element is self.load_button:
                self.load()
            elif self.review_button is not None and event.ui_element is self.review_button:
                self.review()
            elif self.save_button is not None and event.ui_element is self.save_button:
                self.save()
            else:
                return super().handle(event)
            return True
        if (
            kind in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION)
            and event.ui_element is self.list
        ):
            self.on_select()
            return True
        if kind == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            if self.mode == "load":
                self.load()
            return True
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.name_text, self.replace = event.ui_element.get_text(), None
            self.say(None)
            return True
        if kind == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.save()  # Enter in the name field saves
            return True
        if kind == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing(self.app):
            self.load() if self.mode == "load" else self.save()
            return True
        return super().handle(event)

    def on_select(self) -> None:
        self.chosen = self.list.get_single_selection()
        chosen = self.selected()
        if self.mode == "save":
            if chosen:  # pick a name to save over it
                self.name_text, self.replace = chosen[0], None
                self.name_entry.set_text(self.name_text)
                self.say(None)
            return
        if chosen is None:
            self.load_button.disable()
            self.review_button.disable()
            self.say(None)
            return
        try:
            match = load_match(self.app, chosen[1])
        except Exception as e:  # noqa: BLE001 - a damaged file is reported, never raised
            self.load_button.disable()
            self.review_button.disable()
            reason = unreadable(e)
            self.say("menus.saves.cannot_load", error=True, reason=lambda: explain(reason))
            return
        match.close()
        self.load_button.enable()
        self.review_button.enable()
        summary = match_summary(match)

        def about() -> str:
            text = describe_summary(summary)
            return text[:1].upper() + text[1:]

        self.say_text(about)

    # Actions --------------------------------------------------------------------------------
    def chosen_match(self, refusal: str = "menus.saves.cannot_load"):
        """The chosen save as a Match, or None (the reason said in the panel, by `refusal`)."""
        chosen = self.selected()
        if chosen is None:
            self.say("menus.saves.choose_first", error=True)
            return None
        try:
            return load_match(self.app, chosen[1])
        except Exception as e:  # noqa: BLE001 - deleted or damaged since it was listed
            reason = unreadable(e)
            self.say(refusal, error=True, reason=lambda: explain(reason))
            return None

    def load(self) -> None:
        from vikings.ui import flow

        match = self.chosen_match()
        if match is not None:
            flow.enter_game(self.app, match)

    def review(self) -> None:
        """The chosen save's review (scenes/review.py), finished or not; leaving it goes
        back to the screen below the panel (the title)."""
        from vikings.ui import flow

        match = self.chosen_match("menus.saves.cannot_review")
        if match is None:
            return
        app = self.app
        below = type(app.scenes.base)  # the title screen, where the Load panel opens

        def back():
            match.close()
            app.scenes.switch(below(app))

        app.scenes.switch(flow.scene("review")(app, match, back))

    def game_code(self) -> None:
        """The game code panel over this one (dialogs/game_code.py)."""
        from vikings.ui.dialogs.game_code import CodePanel, PastePanel

        panel = PastePanel(self.app) if self.mode == "load" else CodePanel(self.app, self.match)
        self.app.scenes.push(panel)

    def save(self) -> None:
        if self.match is None:
            self.say("menus.saves.nothing_to_save", error=True)
            return
        name = self.name_text.strip()
        if not name:
            self.say("menus.saves.name_first", error=True)
            return
        path = self.app.storage.save_path(name)
        if path.exists() and self.replace != name:
            self.replace = name
            self.say(
                "menus.saves.exists",
                error=True,
                name=safe_name(name).replace("_", " "),
                button=lambda: t("menus.saves.replace"),
            )
            return
        try:
            self.match.save_as(name)
        except OSError as e:
            self.say("menus.saves.not_saved", error=True, reason=lambda e=e: os_text(e))
            return
        self.replace = None
        self.list.set_item_list(self.items())
        self.empty_label.hide()
        self.say("menus.saves.saved", good=True, name=name)
