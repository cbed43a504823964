"""The settings panel: window size (or full screen), UI scale, animation speed, bot pace,
purchase confirmation.

Changes are made on a copy and only reach the app (and the settings file) on Apply, so
Cancel and Esc really leave everything as it was.
"""
from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from ..settings import PACES, SPEEDS, UI_SCALES, WINDOW_SIZES
from .menu_kit import Dialog

FULLSCREEN = "fullscreen"


def size_id(w: int, h: int) -> str:
    return f"{w}x{h}"


class SettingsPanel(Dialog):
    title = "Settings"

    @property
    def size(self) -> tuple[float, float]:
        """Design pixels, grown with the UI scale (the panel shows the scale it sets)."""
        u = self.app.look.ui_scale
        return 780 * u, 640 * u

    def __init__(self, app):
        super().__init__(app)
        self.draft = dataclasses.replace(app.settings)
        if not self.draft.fullscreen:  # the window as it is (its edges may have been dragged)
            self.draft.width, self.draft.height = app.screen.get_size()
        self.window_chosen = False  # the Window menu was used (else the window keeps its size)

    def window_options(self) -> list[tuple[str, str]]:
        opts = [(f"{w} \u00d7 {h}", size_id(w, h)) for w, h in WINDOW_SIZES]
        own = size_id(self.draft.width, self.draft.height)
        if own not in {i for _, i in opts}:  # a size from an older settings file
            opts.insert(0, (f"{self.draft.width} \u00d7 {self.draft.height}", own))
        return opts + [("Full screen", FULLSCREEN)]

    def build_body(self, window, width, height) -> None:
        ui, d, u = self.app.ui, self.draft, self.app.look.text_scale

        def px(v: float) -> int:  # laid out at the lettering's scale, so no text is clipped
            return max(1, round(v * u))
        pad, row_h, step = px(28), px(46), px(84)
        label_w, ctrl_x = px(330), px(390)
        ctrl_w = width - ctrl_x - pad
        windows = self.window_options()
        current = FULLSCREEN if d.fullscreen else size_id(d.width, d.height)
        rows = (("Window", "Its size, or the whole screen (F11).", windows, current),
                ("UI scale", "The size of all lettering.", [(f"{v}%", str(v)) for v in UI_SCALES], str(d.ui_scale)),
                ("Animations", "How fast pieces move.", [(k.capitalize(), k) for k in SPEEDS], d.animation),
                ("Bot pace", "The pause after a bot's move.", [(k.capitalize(), k) for k in PACES], d.bot_pace))
        self.menus = {}
        for i, (label, note, options, value) in enumerate(rows + (("Confirm purchases", "Ask before paying with Fame.", None, None),)):
            y = pad + i * step
            self.add(UILabel(pygame.Rect(pad, y - px(4), label_w, px(30)), label, ui, container=window,
                             object_id=ObjectID(None, "@field")))
            self.add(UILabel(pygame.Rect(pad, y + px(24), label_w, px(26)), note, ui, container=window,
                             object_id=ObjectID(None, "@note")))
            rect = pygame.Rect(ctrl_x, y, ctrl_w, row_h)
            if options is not None:
                chosen = next(o for o in options if o[1] == value)
                self.menus[label] = self.add(UIDropDownMenu(options, chosen, rect, ui, container=window))
            else:
                self.confirm = self.add(UIButton(rect, "", ui, container=window,
                                                 object_id=ObjectID("#confirm_toggle", None)))
                self._show_confirm()
        bar = px(50)
        self.cancel_button = self.add(UIButton(pygame.Rect(pad, height - pad - bar, px(180), bar), "Cancel", ui,
                                               container=window))
        self.apply_button = self.add(UIButton(pygame.Rect(width - pad - px(180), height - pad - bar, px(180), bar),
                                              "Apply", ui, container=window, object_id=ObjectID("#apply", "@primary")))
        self.error_label = self.add(UILabel(pygame.Rect(pad + px(200), height - pad - bar, width - 2 * pad - px(400), bar),
                                            "", ui, container=window, object_id=ObjectID("#settings_error", "@error")))

    def _show_confirm(self) -> None:
        on = self.draft.confirm_purchase
        self.confirm.set_text("On" if on else "Off")
        self.confirm.select() if on else self.confirm.unselect()

    def handle(self, event) -> bool:
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.apply_button:
                self.apply()
            elif event.ui_element is self.cancel_button:
                self.close()
            elif event.ui_element is self.confirm:
                self.draft.confirm_purchase = not self.draft.confirm_purchase
                self._show_confirm()
            else:
                return super().handle(event)
            return True
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = event.selected_option_id
            if event.ui_element is self.menus["Window"]:
                self.window_chosen = True
                self.draft.fullscreen = value == FULLSCREEN
                if value != FULLSCREEN:
                    self.draft.width, self.draft.height = map(int, value.split("x"))
            elif event.ui_element is self.menus["UI scale"]:
                self.draft.ui_scale = int(value)
            elif event.ui_element is self.menus["Animations"]:
                self.draft.animation = value
            elif event.ui_element is self.menus["Bot pace"]:
                self.draft.bot_pace = value
            else:
                return False
            return True
        if t == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.apply()
            return True
        return super().handle(event)

    def apply(self) -> None:
        """Keep the draft, write it to disk, and reopen the window if its size changed."""
        app, new = self.app, self.draft
        old = app.settings
        if not self.window_chosen:  # the window as it is now (F11 or its edges may have moved it)
            new.fullscreen, new.width, new.height, new.window_pos = old.fullscreen, old.width, old.height, old.window_pos
        # Compared with the window as it is (the player may have dragged its edges).
        display = self.window_chosen and (new.fullscreen != old.fullscreen or (
            not new.fullscreen and (new.width, new.height) != tuple(app.screen.get_size())))
        rescale = new.ui_scale != old.ui_scale
        for f in dataclasses.fields(new):
            setattr(old, f.name, getattr(new, f.name))  # the same object: others hold it
        try:
            old.save(app.storage)
        except OSError as e:  # kept for this run; say why it will not last
            self.error_label.set_text(f"Not saved: {e.strerror or e}")
            return
        self.close()
        if display or rescale:
            app.apply_display_settings(reopen=display)
