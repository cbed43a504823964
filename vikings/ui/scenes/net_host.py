"""Hosting a table over the network: who sits where (people at this desk, bots of any
level, remote players: setup's seat choices, `setup_choices.Choices`, with one kind
more), the advanced rules, the port, the announcement on the local network and an
optional relay. "Open the table" starts the Host (vikings.net) and shows the lobby.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextBox, UITextEntryLine

from vikings.engine import GameConfig
from vikings.net.host import BOT, LOCAL, Host
from vikings.net.host import REMOTE as REMOTE_SEAT
from vikings.net.host import Seat as HostSeat
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, wrap
from vikings.ui.drawing.theme import INK, INK_SOFT, WOOD_DARK
from vikings.ui.scene import Scene
from vikings.ui.scenes.net_menu import (
    draw_caps,
    draw_card,
    draw_heading,
    draw_note,
    draw_seat_disc,
    draw_tick,
    form_keys,
)
from vikings.ui.scenes.setup_choices import (
    KINDS,
    MAX_SEATS,
    MIN_SEATS,
    NAME_LIMIT,
    OPTIONS,
    Choices,
    kind_label,
    option_button,
    random_seed,
)
from vikings.ui.table.match import PERSON, REMOTE, Seat
from vikings.ui.table.net_table import colour, host_files, remember_place

DEFAULT_PORT = 47810
ROW_TOP, ROW_STEP, ROW_H = 258, 76, 48
SIDE_X, SIDE_W = 1130, 340
OPT_STEP = 42


def seat_kinds() -> list[tuple[str, str]]:
    """(label, kind) of the seat menu: setup's, and a remote player."""
    return [(kind_label(k), k) for k, _ in KINDS] + [(t("network.host.remote"), REMOTE)]


def parse_address(text: str, default_port: int | None = None) -> tuple[str, int] | None:
    """("host", port) from "host:port" (or "host" alone with a default port); None if it is not one."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, "" if default_port is None else str(default_port)
    host = host.strip("[] ")
    if not host or not port.isdigit() or not 0 < int(port) < 65536 or any(c.isspace() for c in host):
        return None
    return host, int(port)


class HostScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.choices = Choices()
        self.choices.set_kind(1, REMOTE)
        self.port_text = str(DEFAULT_PORT)
        self.relay_text = ""
        self.announce = True
        self.error = ""
        self.rows: list[dict] = []

    # Opening the table ------------------------------------------------------------------------
    def problem(self) -> str:
        c = self.choices
        problems = c.problems()
        if problems:
            return " ".join(problems)
        if not any(s["kind"] == REMOTE for s in c.seats):
            return t("network.host.problem.no_remote")
        port = self.port_text.strip()
        if not (port.isdigit() and 0 <= int(port) < 65536):
            return t("network.host.problem.port")
        if self.relay_text.strip() and parse_address(self.relay_text) is None:
            return t("network.host.problem.relay")
        return ""

    def open_table(self) -> None:
        self.error = self.problem()
        if self.error:
            self.show_error()
            return
        c = self.choices
        seats = [Seat(s["name"].strip(), s["kind"], colour(i)) for i, s in enumerate(c.seats)]
        net_seats = [
            HostSeat(LOCAL)
            if s.kind == PERSON
            else HostSeat(REMOTE_SEAT)
            if s.kind == REMOTE
            else HostSeat(BOT, s.kind)
            for s in seats
        ]
        config = GameConfig(tuple(s.name for s in seats), seed=random_seed(), options=frozenset(c.options))
        relay = parse_address(self.relay_text) if self.relay_text.strip() else None
        storage = self.app.storage
        table, _ = host_files(storage)
        try:
            storage.data_dir.mkdir(parents=True, exist_ok=True)
            host = Host(
                self.app.rules, config, net_seats, bind=("0.0.0.0", int(self.port_text)), relay=relay, autosave=table
            ).start()
        except OSError as e:
            self.error = t("network.host.problem.open", reason=e.strerror or str(e))
            self.show_error()
            return
        remember_place(storage, host.port, relay)
        flow.show(self.app, "net_lobby", host, seats, self.announce)

    def back(self) -> None:
        flow.show(self.app, "network")

    # Widgets ------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        ui, look = self.app.ui, self.app.look
        page = self.page = Page(look)
        row_h = look.caption_height(ROW_H)
        kinds = seat_kinds()
        menu: list[str | tuple[str, str]] = list(kinds)
        kind_w = max(look.caption_width(label, 240, pad=24) for label, _ in kinds)
        remove_w = look.caption_width(t("menus.setup.remove"), 110, pad=14)
        right = page.pos(1060, 0)[0]
        name_x = page.pos(200, 0)[0]
        gap = look.px(16)
        remove_x = right - remove_w
        kind_x = remove_x - gap - kind_w
        name_w = max(look.px(120), kind_x - gap - name_x)
        self.choices.rename()
        self.rows = []
        for i, s in enumerate(self.choices.seats):
            y = page.pos(0, ROW_TOP + i * ROW_STEP)[1]
            row = {
                "name": self.add(
                    UITextEntryLine(pygame.Rect(name_x, y, name_w, row_h), ui, object_id=ObjectID(f"#nseat{i}_name"))
                )
            }
            row["name"].set_text_length_limit(NAME_LIMIT)
            row["name"].set_text(s["name"])
            chosen = next(o for o in kinds if o[1] == s["kind"])
            row["kind"] = self.add(UIDropDownMenu(menu, chosen, pygame.Rect(kind_x, y, kind_w, row_h), ui))
            row["remove"] = self.add(
                UIButton(
                    pygame.Rect(remove_x, y, remove_w, row_h),
                    t("menus.setup.remove"),
                    ui,
                    tool_tip_text=t("menus.setup.remove_tip"),
                )
            )
            if len(self.choices.seats) <= MIN_SEATS:
                row["remove"].disable()
            self.rows.append(row)
        add_y = page.pos(0, ROW_TOP + len(self.choices.seats) * ROW_STEP)[1]
        add_w = look.caption_width(t("menus.setup.add_seat"), 220)
        self.add_button = self.add(UIButton(pygame.Rect(name_x, add_y, add_w, row_h), t("menus.setup.add_seat"), ui))
        if len(self.choices.seats) >= MAX_SEATS:
            self.add_button.hide()

        flow_ = self.flow = self.side_flow()
        self.port_entry = self.add(UITextEntryLine(flow_["port"], ui, object_id="#net_port"))
        self.port_entry.set_text(self.port_text)
        self.relay_entry = self.add(UITextEntryLine(flow_["relay"], ui, object_id="#net_relay"))
        self.relay_entry.set_text(self.relay_text)
        self.option_buttons = {}
        for i, option in enumerate(OPTIONS):
            rect = flow_["options"][i].inflate(-look.px(46), 0).move(look.px(23), 0)
            self.option_buttons[option[0]] = self.add(option_button(rect, option, ui, look))
        self.error_label = self.add(
            UITextBox("", page.rect(360, 776, 880, 100), ui, object_id=ObjectID("#net_host_error", "@error"))
        )
        self.back_button = self.add(UIButton(page.rect(140, 800, 200, 56), t("menus.setup.back"), ui))
        open_w = look.caption_width(t("network.host.open"), 240)
        self.open_button = self.add(
            UIButton(
                pygame.Rect(page.pos(1460, 0)[0] - open_w, page.pos(0, 800)[1], open_w, look.px(56)),
                t("network.host.open"),
                ui,
                object_id=ObjectID("#net_open", "@primary"),
            )
        )
        self.show_error()

    def show_error(self) -> None:
        self.error_label.set_text(html.escape(self.error))
        self.error_label.show() if self.error else self.error_label.hide()
        self.app.invalidate()

    def _rebuild(self) -> None:
        self.kill_ui()
        self.build_ui()
        self.app.invalidate()

    def side_flow(self) -> dict:
        """Where the table card's pieces go, top down, at this window and UI scale: each
        label, entry and note below the last; the notes are left out (relay's first, then
        the port's) when the card has not the room for them."""
        look, page = self.app.look, self.page
        px = look.px
        x = page.pos(SIDE_X + 4, 0)[0]
        w = page.pos(SIDE_X + SIDE_W, 0)[0] - x
        label_h = look.font(16, bold=True).get_linesize()
        entry_h = look.caption_height(40)
        note = look.font(14)
        box = px(30)
        tick_w = w - box - px(10)
        bottom = page.pos(0, 748)[1]
        options_h = (
            look.font(18, bold=True).get_linesize()
            + px(6)
            + len(OPTIONS) * max(px(OPT_STEP), look.caption_height(34) + px(6))
        )
        for notes in ((True, True), (True, False), (False, False)):
            y = max(page.pos(0, 214)[1], page.pos(0, 160)[1] + px(20) + look.font(26, bold=True).get_linesize())
            out: dict = {"x": x, "w": w}
            out["port_label"] = y
            y += label_h + px(2)
            out["port"] = pygame.Rect(x, y, min(w, px(150)), entry_h)
            y += entry_h + px(4)
            out["port_note"] = (y, notes[0])
            if notes[0]:
                y += len(wrap(note, t("network.host.port_note"), w)) * note.get_linesize()
            y += px(14)
            lines = wrap(look.font(16), t("network.host.announce"), tick_w)
            out["announce"] = pygame.Rect(x, y, box, box)
            y += max(box, len(lines) * look.font(16).get_linesize()) + px(14)
            out["relay_label"] = y
            y += label_h + px(2)
            out["relay"] = pygame.Rect(x, y, w, entry_h)
            y += entry_h + px(4)
            out["relay_note"] = (y, notes[1])
            if notes[1]:
                y += len(wrap(note, t("network.host.relay_note"), w)) * note.get_linesize()
            y += px(10)
            if y + options_h <= bottom:
                break
        out["advanced"] = y
        y += look.font(18, bold=True).get_linesize() + px(6)
        step = max(px(OPT_STEP), look.caption_height(34) + px(6))
        # (the advanced rules' rows span the card, less a margin, like setup's: their captions need it)
        opt_x = page.pos(SIDE_X - 12, 0)[0]
        opt_w = page.pos(SIDE_X + SIDE_W + 12, 0)[0] - opt_x
        out["options"] = [pygame.Rect(opt_x, y + i * step, opt_w, step - px(6)) for i in range(len(OPTIONS))]
        return out

    def announce_box(self) -> pygame.Rect:
        return self.flow["announce"]

    def option_box(self, i: int) -> pygame.Rect:
        r = self.flow["options"][i]
        return pygame.Rect(
            r.x + self.app.look.px(4), r.centery - self.app.look.px(15), self.app.look.px(30), self.app.look.px(30)
        )

    # Input ----------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for i, row in enumerate(self.rows):
                if event.ui_element is row["kind"]:
                    self.choices.set_kind(i, event.selected_option_id)
                    self.error = ""
                    self._rebuild()
                    return True
            return False
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            return self._entry(event.ui_element)
        if kind == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.app.ui.set_focus_set(None)
            return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.announce_box().inflate(self.app.look.px(8), self.app.look.px(8)).collidepoint(event.pos):
                self.announce = not self.announce
                self.app.invalidate()
                return True
            for i, (key, _, _) in enumerate(OPTIONS):
                if self.option_box(i).collidepoint(event.pos):
                    self.choices.options ^= {key}
                    self.app.invalidate()
                    return True
        return form_keys(self.app, event, self.open_table, self.back)

    def _button(self, el) -> bool:
        for key, b in self.option_buttons.items():
            if el is b:
                self.choices.options ^= {key}
                self.app.invalidate()
                return True
        if el is self.open_button:
            self.open_table()
        elif el is self.back_button:
            self.back()
        elif el is self.add_button:
            self.choices.add_seat(REMOTE)
            self._rebuild()
        else:
            for i, row in enumerate(self.rows):
                if el is row["remove"]:
                    self.choices.remove_seat(i)
                    self._rebuild()
                    return True
            return False
        return True

    def _entry(self, el) -> bool:
        if el is self.port_entry:
            self.port_text = el.get_text()
        elif el is self.relay_entry:
            self.relay_text = el.get_text()
        else:
            for i, row in enumerate(self.rows):
                if el is row["name"]:
                    self.choices.seats[i]["name"] = el.get_text()
                    self.choices.seats[i]["auto"] = False
                    break
            else:
                return False
        if self.error:
            self.error = ""
            self.show_error()
        return True

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        look, page = self.app.look, self.page
        px = look.px
        draw_heading(surface, look, page, t("network.host.title"), t("network.host.intro"))
        draw_card(surface, look, page, 120, 160, 960, 600, t("menus.setup.seats"))
        side = draw_card(surface, look, page, 1110, 160, 380, 600, t("network.host.table"))
        row_top = page.pos(0, ROW_TOP)[1]
        for el, label in (
            (self.rows[0]["name"], t("menus.setup.name")),
            (self.rows[0]["kind"], t("menus.setup.played_by")),
        ):
            img = look.fit_text(label, 16, INK_SOFT, bold=True, width=el.rect.w, height=px(26))
            surface.blit(img, (el.rect.x + px(4), row_top - img.get_height() - px(1)))
        for i, _s in enumerate(self.choices.seats):
            draw_seat_disc(surface, look, page.pos(163, ROW_TOP + i * ROW_STEP + ROW_H / 2), i)
        f = self.flow
        x, w = f["x"], f["w"]
        for key, label in (("port_label", "network.host.port"), ("relay_label", "network.host.relay")):
            surface.blit(look.fit_text(t(label), 16, INK_SOFT, bold=True, width=w), (x, f[key]))
        for key, note in (("port_note", "network.host.port_note"), ("relay_note", "network.host.relay_note")):
            y, shown = f[key]
            if shown:
                draw_note(surface, look, t(note), x, y, w, side.bottom, size=14)
        box = self.announce_box()
        draw_tick(surface, look, box, self.announce)
        draw_note(
            surface,
            look,
            t("network.host.announce"),
            box.right + px(10),
            box.y + px(2),
            w - box.w - px(10),
            side.bottom,
            INK,
            16,
        )
        head = look.fit_text(t("menus.setup.advanced"), 18, WOOD_DARK, bold=True, width=w)
        surface.blit(head, (x, f["advanced"]))
        for i, (key, _, _) in enumerate(OPTIONS):
            draw_tick(surface, look, self.option_box(i), key in self.choices.options)
        draw_caps(surface, look, back=self.back_button, go=self.open_button)
