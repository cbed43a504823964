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

from ..storage import safe_name
from .menu_kit import Dialog, describe_match, load_match, preload_fonts, typing, unreadable

NAME_LIMIT = 40


def label_of(name: str, mtime: float) -> str:
    """A save's line in the list: its name as typed (roughly) and when it was written."""
    return f"{name.replace('_', ' ')}   \u2014   {time.strftime('%d %b %Y, %H:%M', time.localtime(mtime))}"


class SavesPanel(Dialog):
    size = (900, 660)

    def __init__(self, app, mode: str = "load", match=None):
        super().__init__(app)
        if mode not in ("load", "save"):
            raise ValueError(f"mode must be 'load' or 'save', not {mode!r}")
        self.mode, self.match = mode, match
        self.title = "Load a game" if mode == "load" else "Save the game"
        self.name_text = self.suggested_name() if mode == "save" else ""
        self.message, self.tone = "", "info"
        self.replace = None   # the name Save would overwrite once pressed again
        self.paths: dict[str, object] = {}
        self.chosen: str | None = None  # the list line chosen (kept over a rebuild)

    def suggested_name(self) -> str:
        if self.match is None:
            return ""
        g = self.match.game
        names = (re.sub(r"\s*\(.*?\)", "", n) for n in self.match.names)  # "Astrid (Normal)": Astrid
        when = "final" if g.is_over else f"round {min(g.round + 1, g.rules.rounds)}"
        return f"{' vs '.join(names)} {when}"[:NAME_LIMIT]

    # Widgets --------------------------------------------------------------------------------
    def build_body(self, window, width, height) -> None:
        px, ui = self.app.look.px, self.app.ui
        pad, bar = px(24), px(50)
        y = pad
        self.name_entry = self.save_button = None
        if self.mode == "save":
            self.add(UILabel(pygame.Rect(pad, y, px(90), bar), "Name", ui, container=window,
                             object_id=ObjectID(None, "@field")))
            self.name_entry = self.add(UITextEntryLine(
                pygame.Rect(pad + px(90), y, width - 2 * pad - px(90) - px(190), bar), ui, container=window,
                object_id=ObjectID("#save_name", None)))
            self.name_entry.set_text_length_limit(NAME_LIMIT)
            self.name_entry.set_text(self.name_text)
            self.save_button = self.add(UIButton(pygame.Rect(width - pad - px(176), y, px(176), bar), "Save", ui,
                                                 container=window, object_id=ObjectID("#save", "@primary")))
            y += bar + px(16)
        info_h = px(84)
        list_h = height - y - pad - bar - px(16) - info_h
        items = self.items()
        # Loading: the newest save is chosen already (or the one chosen before a resize).
        chosen = None
        if self.mode == "load" and items:
            chosen = self.chosen if self.chosen in items else items[0]
        self.list = self.add(UISelectionList(pygame.Rect(pad, y, width - 2 * pad, list_h), items, ui,
                                             container=window, object_id=ObjectID("#saves_list", None),
                                             default_selection=chosen))
        self.list.list_item_height = px(44)  # the theme's height is not scaled with the window
        self.list.set_item_list(items)
        if chosen is not None:
            self.list._set_default_selection()  # set_item_list dropped it (pygame-gui 0.6.14)
        self.empty_label = self.add(UILabel(pygame.Rect(pad + px(14), y + px(12), width - 2 * pad - px(28), px(30)),
                                            "No saved games yet.", ui, container=window,
                                            object_id=ObjectID(None, "@note")))
        if self.paths:
            self.empty_label.hide()
        preload_fonts(self.app, [(px(17), "bold")])  # the message's bold (theme "@info": 17)
        self.info = self.add(UITextBox("", pygame.Rect(pad, y + list_h + px(6), width - 2 * pad, info_h), ui,
                                       container=window, object_id=ObjectID("#saves_info", "@info")))
        self.close_button = self.add(UIButton(pygame.Rect(pad, height - pad - bar, px(176), bar), "Close", ui,
                                              container=window))
        self.load_button = self.review_button = None
        if self.mode == "load":
            self.load_button = self.add(UIButton(pygame.Rect(width - pad - px(176), height - pad - bar, px(176), bar),
                                                 "Load", ui, container=window, object_id=ObjectID("#load", "@primary")))
            self.load_button.disable()
            self.review_button = self.add(UIButton(
                pygame.Rect(width - pad - px(176) - px(12) - px(176), height - pad - bar, px(176), bar), "Review", ui,
                container=window, object_id=ObjectID("#review", None),
                tool_tip_text="Each player's chance to win after every decision, and the costliest decisions"))
            self.review_button.disable()
        self._show_message()
        if chosen is not None:
            self.on_select()  # its details, and Load enabled

    def items(self) -> list[str]:
        self.paths = {}
        for name, path, mtime in self.app.storage.list_saves():
            self.paths[label_of(name, mtime)] = (name, path)
        return list(self.paths)

    def _show_message(self) -> None:
        colour = {"bad": "#a5281e", "good": "#2e7d32"}.get(self.tone, "#2b2118")
        text = f'<font color="{colour}"><b>{html.escape(self.message)}</b></font>' if self.message else ""
        self.info.set_text(text)
        if self.save_button is not None:
            self.save_button.set_text("Replace" if self.replace else "Save")
        self.app.invalidate()

    def say(self, message: str, error: bool = False, good: bool = False) -> None:
        self.message, self.tone = message, "bad" if error else "good" if good else "info"
        self._show_message()

    def selected(self):
        text = self.list.get_single_selection()
        return self.paths.get(text) if text else None

    # Input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.close()
            elif self.load_button is not None and event.ui_element is self.load_button:
                self.load()
            elif self.review_button is not None and event.ui_element is self.review_button:
                self.review()
            elif self.save_button is not None and event.ui_element is self.save_button:
                self.save()
            else:
                return super().handle(event)
            return True
        if t in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION) \
                and event.ui_element is self.list:
            self.on_select()
            return True
        if t == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            if self.mode == "load":
                self.load()
            return True
        if t == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.name_text, self.replace = event.ui_element.get_text(), None
            self.say("")
            return True
        if t == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.save()  # Enter in the name field saves
            return True
        if t == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing(self.app):
            self.load() if self.mode == "load" else self.save()
            return True
        return super().handle(event)

    def on_select(self) -> None:
        self.chosen = self.list.get_single_selection()
        chosen = self.selected()
        if self.mode == "save":
            if chosen:  # pick a name to save over it
                self.name_text, self.replace = chosen[0].replace("_", " "), None
                self.name_entry.set_text(self.name_text)
                self.say("")
            return
        if chosen is None:
            self.load_button.disable()
            self.review_button.disable()
            self.say("")
            return
        try:
            match = load_match(self.app, chosen[1])
        except Exception as e:  # noqa: BLE001 - a damaged file is reported, never raised
            self.load_button.disable()
            self.review_button.disable()
            self.say(f"This save cannot be loaded: {unreadable(e)}.", error=True)
            return
        match.close()
        self.load_button.enable()
        self.review_button.enable()
        about = describe_match(match)
        self.say(about[:1].upper() + about[1:])

    # Actions --------------------------------------------------------------------------------
    def chosen_match(self, verb: str = "loaded"):
        """The chosen save as a Match, or None (the reason said in the panel)."""
        chosen = self.selected()
        if chosen is None:
            self.say("Choose a save from the list first.", error=True)
            return None
        try:
            return load_match(self.app, chosen[1])
        except Exception as e:  # noqa: BLE001 - deleted or damaged since it was listed
            self.say(f"This save cannot be {verb}: {unreadable(e)}.", error=True)
            return None

    def load(self) -> None:
        from .. import flow
        match = self.chosen_match()
        if match is not None:
            flow.enter_game(self.app, match)

    def review(self) -> None:
        """The chosen save's review (scenes/review.py), finished or not; leaving it goes
        back to the screen below the panel (the title)."""
        from .review import ReviewScene
        match = self.chosen_match("reviewed")
        if match is None:
            return
        app = self.app
        below = type(app.scenes.base)  # the title screen, where the Load panel opens

        def back():
            match.close()
            app.scenes.switch(below(app))
        app.scenes.switch(ReviewScene(app, match, back))

    def save(self) -> None:
        if self.match is None:
            self.say("There is no game to save.", error=True)
            return
        name = self.name_text.strip()
        if not name:
            self.say("Type a name for the save first.", error=True)
            return
        path = self.app.storage.save_path(name)
        if path.exists() and self.replace != name:
            self.replace = name
            self.say(f"A save called \u201c{safe_name(name).replace('_', ' ')}\u201d exists: press Replace to write over it.",
                     error=True)
            return
        try:
            self.match.save_as(name)
        except OSError as e:
            self.say(f"Not saved: {e.strerror or e}.", error=True)
            return
        self.replace = None
        self.list.set_item_list(self.items())
        self.empty_label.hide()
        self.say(f"Saved as \u201c{path.stem.replace('_', ' ')}\u201d.", good=True)
