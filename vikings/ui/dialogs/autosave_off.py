"""The notice that the autosave is off: the game could not be written after a decision (a
full disk, a read-only folder). It says why and where, that play goes on and the game
tries again, and offers to save the game under a name (the Save panel). The table shows
it once when the autosave first fails (Match.autosave_news); Play on, Enter or Esc close
it, and the game goes on underneath all the while.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from vikings.saves.unreadable import os_text
from vikings.text.lang import t
from vikings.ui.dialogs.kit import Dialog, caption_row, fitted_button


class AutosaveOffPanel(Dialog):
    size = (820, 440)

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match

    def build_ui(self) -> None:
        self.title = t("table.autosave.title")  # (in the language in use at each rebuild)
        # Larger lettering (the UI scale) gets a larger window: the notice reads whole,
        # without scrolling, at 150 % on 1280x720 too (the window stays inside the screen).
        ui = max(1.0, self.app.look.ui_scale)
        self.size = (round(820 * min(ui, 1.25)), round(440 * ui))
        super().build_ui()

    def text(self) -> str:
        """Why the autosave is off, and the folder it writes to."""
        m = self.match
        folder = (m.autosave_path or m.storage.autosave_path).parent
        reason = os_text(m.autosave_error) if m.autosave_error is not None else ""
        return t("table.autosave.failed", reason=reason) + "\n\n" + t("table.autosave.folder", folder=str(folder))

    def build_body(self, window, width, height) -> None:
        px, ui, look = self.app.look.px, self.app.ui, self.app.look
        pad, bar = px(24), px(50)
        self.info = self.add(
            UITextBox(
                html.escape(self.text()).replace("\n", "<br>"),
                pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad - bar - px(12)),
                ui,
                container=window,
                object_id=ObjectID("#autosave_info", None),
            )
        )
        labels = (t("table.autosave.save"), t("table.autosave.play_on"))
        w = max(caption_row(look, labels, width - 2 * pad, px(12), 176))  # (alike, each as wide as the wider)
        y = height - pad - bar
        self.save_button = self.add(fitted_button(pygame.Rect(pad, y, w, bar), labels[0], ui, look, container=window))
        self.play_button = self.add(
            fitted_button(
                pygame.Rect(width - pad - w, y, w, bar),
                labels[1],
                ui,
                look,
                container=window,
                object_id=ObjectID("#play_on", "@primary"),
            )
        )

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.play_button:
                self.close()
                return True
            if event.ui_element is self.save_button:
                self.save_elsewhere()
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle(event)

    def save_elsewhere(self) -> None:
        """The Save panel in place of this notice."""
        from vikings.ui.dialogs.saves import SavesPanel

        self.close()
        self.app.scenes.push(SavesPanel(self.app, mode="save", match=self.match))
