"""The settings panel, in two columns: the window (size or full screen, UI scale),
animation speed, bot pace and purchase confirmation; the sound (effects and music volumes,
mute) and hints.

Changes are made on a copy and only reach the app (and the settings file) on Apply, so
Cancel and Esc really leave everything as it was (the sound is tried out while the panel
is open: a coin at the effects volume, the music at its volume; closing restores it).

In a game whose host is a profile (ui/table/own_settings.py) a line between the buttons
says so, and Apply keeps her own settings (language, UI scale, animations, bot pace,
purchase confirmation, hints) in her profile instead of the desk's file.
"""

from __future__ import annotations

import dataclasses
import warnings

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel

from vikings.saves.settings import PACES, SPEEDS, UI_SCALES, WINDOW_SIZES
from vikings.saves.unreadable import os_text
from vikings.text import lang
from vikings.text.lang import percent, t
from vikings.ui.dialogs.kit import Dialog, wrap
from vikings.ui.drawing.theme import caption_overflow, caption_room
from vikings.ui.table import own_settings

FULLSCREEN = "fullscreen"


def size_id(w: int, h: int) -> str:
    return f"{w}x{h}"


def _scale_buttons(slider: UIHorizontalSlider, width: int) -> None:
    """pygame-gui draws a slider's arrows and knob 20 px wide at any size (specks at 4K)."""
    slider.default_button_width = slider.sliding_button_width = width
    h = slider.left_button.rect.height
    slider.left_button.set_dimensions((width, h))
    slider.right_button.set_dimensions((width, h))
    slider.right_button.set_relative_position((-width, 0))
    slider.rebuild()


def language_options() -> list[tuple[str, str]]:
    """The Language menu: the system's language, then each language named in itself."""
    return [(t("menus.settings.system_language"), "")] + [(name, code) for code, name in lang.languages().items()]


class SettingsPanel(Dialog):
    @property
    def title(self) -> str:
        return t("menus.settings.title")

    @property
    def size(self) -> tuple[float, float]:
        """Design pixels, grown with the UI scale (the panel shows the scale it sets)."""
        u = self.app.look.ui_scale
        return 1240 * u, 560 * u

    def __init__(self, app):
        self.host = own_settings.wearer(app)  # whose own settings these are (None: the desk's)
        super().__init__(app)
        self.draft = dataclasses.replace(app.settings)
        if not self.draft.fullscreen:  # the window as it is (its edges may have been dragged)
            self.draft.width, self.draft.height = app.screen.get_size()
        self.window_chosen = False  # the Window menu was used (else the window keeps its size)
        self.kept_language = app.settings.language  # the setting, and the language spoken now (a
        self.spoken = lang.language()  # `vikings --lang`): both again on Cancel
        self.applied = False
        self.personal = {f: getattr(app.settings, f) for f in own_settings.PERSONAL}  # (as the panel opened)

    def window_options(self) -> list[tuple[str, str]]:
        def label(w, h):
            return t("menus.settings.size", width=str(w), height=str(h))

        opts = [(label(w, h), size_id(w, h)) for w, h in WINDOW_SIZES]
        own = size_id(self.draft.width, self.draft.height)
        if own not in {i for _, i in opts}:  # a size from an older settings file
            opts.insert(0, (label(self.draft.width, self.draft.height), own))
        return opts + [(t("menus.settings.full_screen"), FULLSCREEN)]

    def build_body(self, window, width, height) -> None:
        ui, d, u = self.app.ui, self.draft, self.app.look.text_scale

        def px(v: float) -> int:  # laid out at the lettering's scale, so no text is clipped
            return max(1, round(v * u))

        self.px = px
        pad, row_h, step = px(28), px(46), px(84)
        col_w = (width - 3 * pad) // 2  # two columns side by side
        left, right = pad, 2 * pad + col_w
        windows = self.window_options()
        current = FULLSCREEN if d.fullscreen else size_id(d.width, d.height)
        speeds = [(t(f"menus.settings.speed.{k}"), k) for k in SPEEDS]
        # (menu's name in self.menus, caption, note, options, value); the last row a toggle
        rows = (
            (
                "Window",
                t("menus.settings.window"),
                t("menus.settings.window_note", keycap=t("menus.keys.f11")),
                windows,
                current,
            ),
            (
                "UI scale",
                t("menus.settings.ui_scale"),
                t("menus.settings.ui_scale_note"),
                [(percent(v / 100), str(v)) for v in UI_SCALES],
                str(d.ui_scale),
            ),
            ("Animations", t("menus.settings.animations"), t("menus.settings.animations_note"), speeds, d.animation),
            (
                "Bot pace",
                t("menus.settings.bot_pace"),
                t("menus.settings.bot_pace_note"),
                [(t(f"menus.settings.speed.{k}"), k) for k in PACES],
                d.bot_pace,
            ),
            (None, t("menus.settings.confirm"), t("menus.settings.confirm_note"), None, None),
        )
        label_w = self.label_width(col_w, rows)
        ctrl_w = col_w - label_w - px(12)
        self.menus = {}
        for i, (name, label, note, options, value) in enumerate(rows):
            y = pad + i * step
            self.caption(window, left, y, label_w, label, note)
            rect = pygame.Rect(left + label_w + px(12), y, ctrl_w, row_h)
            if options is not None:
                chosen = next(o for o in options if o[1] == value)
                self.menus[name] = self.add(UIDropDownMenu(options, chosen, rect, ui, container=window))
            else:
                self.confirm = self.add(
                    UIButton(rect, "", ui, container=window, object_id=ObjectID("#confirm_toggle", None))
                )
                self._show_confirm()
        # The right column's names are short: its labels give up room where the language
        # menu's longest choice ("System default" in a longer language) needs it.
        arrow = round(24 * self.app.look.theme_scale) + px(4)  # the menu's open button (the theme's, scaled)
        choice = max(self.app.look.caption_width(c, pad=10) for c, _ in language_options()) + arrow
        label_w = min(label_w, col_w - px(12) - choice)
        first = pygame.Rect(right + label_w + px(12), pad, col_w - label_w - px(12), row_h)
        self.build_sound(window, first, step, label_w)
        y = pad + 3 * step  # hints on or off (ui/hint_view.py), below the sound's rows
        self.caption(
            window,
            right,
            y,
            label_w,
            t("menus.settings.hints"),
            t("menus.settings.hints_note", keycap=t("menus.keys.h")),
        )
        self.hints = self.add(
            UIButton(first.move(0, 3 * step), "", ui, container=window, object_id=ObjectID("#hints_toggle", None))
        )
        self._show_toggle(self.hints, self.draft.hints)
        y = pad + 4 * step  # the language, below the hints
        self.caption(window, right, y, label_w, t("menus.settings.language"), t("menus.settings.language_note"))
        languages = language_options()
        chosen = next((o for o in languages if o[1] == d.language), languages[0])
        self.menus["Language"] = self.add(
            UIDropDownMenu(
                languages, chosen, first.move(0, 4 * step), ui, container=window, object_id=ObjectID("#language", None)
            )
        )
        bar = px(50)
        self.cancel_button = self.add(
            UIButton(
                pygame.Rect(pad, height - pad - bar, px(180), bar), t("menus.settings.cancel"), ui, container=window
            )
        )
        self.apply_button = self.add(
            UIButton(
                pygame.Rect(width - pad - px(180), height - pad - bar, px(180), bar),
                t("menus.settings.apply"),
                ui,
                container=window,
                object_id=ObjectID("#apply", "@primary"),
            )
        )
        self.host_note = []  # whose settings these are, between the buttons (the error's place)
        if self.host is not None:
            room = pygame.Rect(pad + px(200), height - pad - bar, width - 2 * pad - px(400), bar)
            font = self.app.look.widget_font(15, bold=False)  # the theme's @note (italic runs ~4% wider)
            lines = wrap(font, t("journey.settings.host", name=self.host.name), room.w * 96 // 100)
            # (a label's border and shadow take a few pixels of its rect: 6 spare when there is room)
            line_h = min(font.get_linesize() + 6, room.h // max(1, len(lines)))
            y = room.centery - len(lines) * line_h // 2
            for line in lines:
                self.host_note.append(
                    self.add(
                        UILabel(
                            pygame.Rect(room.x, y, room.w, line_h),
                            line,
                            ui,
                            container=window,
                            object_id=ObjectID("#host_note", "@note"),
                        )
                    )
                )
                y += line_h
        self.error_label = self.add(
            UILabel(
                pygame.Rect(pad + px(200), height - pad - bar, width - 2 * pad - px(400), bar),
                "",
                ui,
                container=window,
                object_id=ObjectID("#settings_error", "@error"),
            )
        )

    def label_width(self, col_w: int, rows) -> int:
        """The captions' width: the design's share of a column, or more for a longer note
        (German), as long as the controls keep room for their own captions."""
        px, look = self.px, self.app.look
        base = min(px(300), col_w * 55 // 100)
        note_font = look.widget_font(15, bold=False)  # the theme's @note (italic runs ~4% wider)
        need = max(note_font.size(note)[0] for _, _, note, _, _ in rows) * 104 // 100 + px(8)
        captions = [c for *_, options, _ in rows if options for c, _ in options] + [c for c, _ in language_options()]
        ctrl_need = max(px(210), max(look.caption_width(c, pad=24) for c in captions) + px(24))
        return max(base, min(need, col_w - px(12) - ctrl_need))

    def caption(self, window, x: int, y: int, w: int, label: str, note: str) -> None:
        """A row's name and, under it, a note on what it does (on two lines if it is too
        long for one: German at a large UI scale)."""
        px, ui = self.px, self.app.ui
        self.add(
            UILabel(
                pygame.Rect(x, y - px(4), w, px(30)), label, ui, container=window, object_id=ObjectID(None, "@field")
            )
        )
        rect = pygame.Rect(x, y + px(24), w, px(26))
        with warnings.catch_warnings():  # pygame-gui warns of a label too small: it is then wrapped
            warnings.simplefilter("ignore", UserWarning)
            one = self.add(UILabel(rect, note, ui, container=window, object_id=ObjectID(None, "@note")))
        if caption_overflow(one) is None:
            return
        one.kill()  # measured with the label's own (italic) lettering
        self.widgets.remove(one)
        line_h = max(px(20), one.font.size(note)[1])
        for j, line in enumerate(wrap(one.font, note, caption_room(one)[0])):
            self.add(UILabel(rect.move(0, j * line_h), line, ui, container=window, object_id=ObjectID(None, "@note")))

    def build_sound(self, window, first: pygame.Rect, step: int, label_w: int) -> None:
        """Rows from `first` (the first row's control) down, captions to its left: the
        effects and music volumes (sliders 0-100), the mute."""
        px, ui = self.px, self.app.ui
        self.sliders, self.slider_values = {}, {}
        rows = (("effects", "effects_volume"), ("music", "music_volume"), ("sound", None))
        for i, (name, field) in enumerate(rows):
            rect = first.move(0, i * step)
            self.caption(
                window,
                rect.x - label_w - px(12),
                rect.y,
                label_w,
                t(f"menus.settings.{name}"),
                t(f"menus.settings.{name}_note"),
            )
            if field is None:
                self.mute = self.add(UIButton(rect, "", ui, container=window, object_id=ObjectID("#mute_toggle", None)))
                self._show_mute()
                continue
            value_w = px(76)
            self.sliders[field] = self.add(
                UIHorizontalSlider(
                    pygame.Rect(rect.x, rect.y + px(6), rect.w - value_w - px(8), rect.h - px(12)),
                    getattr(self.draft, field),
                    (0, 100),
                    ui,
                    container=window,
                    click_increment=5,
                    object_id=ObjectID(f"#{field}", None),
                )
            )
            _scale_buttons(self.sliders[field], px(24))
            self.slider_values[field] = self.add(
                UILabel(
                    pygame.Rect(rect.right - value_w, rect.y, value_w, rect.h),
                    self._percent(field),
                    ui,
                    container=window,
                    object_id=ObjectID(None, "@field"),
                )
            )

    def _percent(self, field: str) -> str:
        value = getattr(self.draft, field)
        return t("menus.settings.off") if field == "music_volume" and value == 0 else percent(value / 100)

    def _show_mute(self) -> None:
        muted = self.draft.muted
        self.mute.set_text(t("menus.settings.muted") if muted else t("menus.settings.sound_on"))
        self.mute.select() if muted else self.mute.unselect()

    def _sound_changed(self, field: str | None) -> None:
        """Try the draft out: the music follows it, an effects change plays a coin."""
        sound = self.app.sound
        if field is not None:
            self.slider_values[field].set_text(self._percent(field))
        sound.sync(self.draft)
        if field == "effects_volume":
            sound.play("bought", self.draft)

    def close(self) -> None:
        super().close()
        self.app.sound.sync()  # the settings as kept (Apply) or as they were (Cancel, Esc)
        if not self.applied and lang.language() != self.spoken:  # a language only tried out
            self.app.apply_language(self.spoken)
            self.app.settings.language = self.kept_language

    def choose_language(self, code: str) -> None:
        """Speak the chosen language at once (the panel is rebuilt in it); Apply keeps it,
        Cancel goes back."""
        self.draft.language = code
        self.app.apply_language(code)
        self.app.settings.language = self.kept_language  # the setting itself changes on Apply

    def _show_confirm(self) -> None:
        on = self.draft.confirm_purchase
        self.confirm.set_text(t("menus.settings.on") if on else t("menus.settings.off"))
        self.confirm.select() if on else self.confirm.unselect()

    @staticmethod
    def _show_toggle(button, on: bool) -> None:
        button.set_text(t("menus.settings.on") if on else t("menus.settings.off"))
        button.select() if on else button.unselect()

    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.apply_button:
                self.apply()
            elif event.ui_element is self.cancel_button:
                self.close()
            elif event.ui_element is self.confirm:
                self.draft.confirm_purchase = not self.draft.confirm_purchase
                self._show_confirm()
            elif event.ui_element is self.mute:
                self.draft.muted = not self.draft.muted
                self._show_mute()
                self._sound_changed(None)
            elif event.ui_element is self.hints:
                self.draft.hints = not self.draft.hints
                self._show_toggle(self.hints, self.draft.hints)
            else:
                return super().handle(event)
            return True
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
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
            elif event.ui_element is self.menus["Language"]:
                self.choose_language(value)
            else:
                return False
            return True
        if kind == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            field = next((f for f, s in self.sliders.items() if event.ui_element is s), None)
            if field is None:
                return False
            setattr(self.draft, field, int(round(event.value)))
            self._sound_changed(field)
            return True
        if kind == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.apply()
            return True
        return super().handle(event)

    def apply(self) -> None:
        """Keep the draft, write it to disk, and reopen the window if its size changed."""
        app, new = self.app, self.draft
        old = app.settings
        if not self.window_chosen:  # the window as it is now (F11 or its edges may have moved it)
            new.fullscreen, new.width, new.height, new.window_pos = (
                old.fullscreen,
                old.width,
                old.height,
                old.window_pos,
            )
        # Compared with the window as it is (the player may have dragged its edges).
        display = self.window_chosen and (
            new.fullscreen != old.fullscreen
            or (not new.fullscreen and (new.width, new.height) != tuple(app.screen.get_size()))
        )
        rescale = new.ui_scale != old.ui_scale
        for f in dataclasses.fields(new):
            setattr(old, f.name, getattr(new, f.name))  # the same object: others hold it
        self.applied = True
        if self.host is not None:  # her own settings go to her profile (the file keeps the desk's)
            own_settings.keep(app, self.personal)
        try:
            old.save(app.storage)
        except OSError as e:  # kept for this run; say why it will not last
            for label in self.host_note:
                label.hide()
            self.error_label.set_text(t("menus.settings.not_saved", reason=os_text(e)))
            return
        self.close()
        if display or rescale:
            app.apply_display_settings(reopen=display)
