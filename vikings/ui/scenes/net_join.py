"""Joining a table over the network: the tables heard on the local network (zeroconf,
net/discovery.py), or an address typed (the host's, or a relay's with "Through a
relay"), the join code and the player's name. A refusal says why in words (another
version, a wrong code, a full table...). Once in, the seats are shown until the host
starts; then the table.

The seat's token is kept in the data folder (network_seat.json: the address, the code and
the token), so that a player whose game was closed or crashed gets the same seat back by
joining the same table again (within the host's rejoin minutes).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextEntryLine

from vikings.net import protocol as p
from vikings.text.lang import has, t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, fitted_button
from vikings.ui.drawing.theme import BAD, INK, INK_SOFT, WOOD_DARK
from vikings.ui.scene import Scene
from vikings.ui.scenes.net_host import DEFAULT_PORT, parse_address
from vikings.ui.scenes.net_menu import (
    draw_caps,
    draw_card,
    draw_heading,
    draw_note,
    draw_tick,
    form_keys,
)
from vikings.ui.table.net_table import GuestSide, guest_match

SIDE_X, SIDE_W = 900, 560
LIST_TOP, LIST_STEP, LIST_MAX = 250, 56, 8


def refusal_text(reason: str) -> str:
    """A refusal's reason code (protocol, rules, code, relay_unknown, lost...) in words."""
    key = f"network.join.refused.{reason}"
    return t(key) if has(key) else t("network.join.refused.other", reason=reason)


class JoinScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.address_text = ""
        self.code_text = ""
        self.name_text = next((s[2] for s in app.settings.last_seats if len(s) == 3 and s[0] == "person" and s[2]), "")
        self.relay = False
        self.status = ""  # what is happening (knocking, joined)
        self.error = ""  # why not
        self.guest = None  # the vikings.net Guest, once Join was pressed
        self.browser = None
        self.no_multicast = False
        self.tables: list = []
        self.table_buttons: list = []
        self.entered = False
        self.last_table()
        self.listen()

    def last_table(self) -> None:
        """Start from the table this player last sat at (its seat is kept for a rejoin)."""
        try:
            doc = self.app.storage.read_json(self.seat_path)
        except (OSError, ValueError):
            return
        if isinstance(doc, dict) and isinstance(doc.get("address"), str) and isinstance(doc.get("code"), str):
            self.address_text, self.code_text = doc["address"][:80], p.shown_code(doc["code"][:12])
            self.relay = doc.get("relay") is True

    def listen(self) -> None:
        """Start listening for tables on the local network (none where multicast is blocked)."""
        try:
            from vikings.net.discovery import Browser

            self.browser = Browser()
        except (OSError, ImportError):
            self.no_multicast = True

    # Widgets ------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        ui, look = self.app.ui, self.app.look
        page = self.page = Page(look)
        self.entries = {}
        for key, y, text in (
            ("address", 250, self.address_text),
            ("code", 350, self.code_text),
            ("name", 450, self.name_text),
        ):
            entry = self.add(UITextEntryLine(page.rect(SIDE_X + 20, y, SIDE_W - 40, 46), ui, object_id=f"#join_{key}"))
            entry.set_text(text)
            self.entries[key] = entry
        self.entries["code"].set_text_length_limit(16)  # ABC-DEF-GHJ, with room for spaces
        self.entries["name"].set_text_length_limit(20)
        self.join_button = self.add(
            UIButton(
                page.rect(SIDE_X + SIDE_W - 220, 580, 200, 56),
                t("network.join.join"),
                ui,
                object_id=ObjectID("#net_join_go", "@primary"),
            )
        )
        self.back_button = self.add(UIButton(page.rect(140, 800, 200, 56), t("network.menu.back"), ui))
        self.build_list()

    def build_list(self) -> None:
        for b in self.table_buttons:
            b.kill()
            self.widgets.remove(b)
        self.table_buttons = []
        look, page = self.app.look, self.page
        for i, table in enumerate(self.tables[:LIST_MAX]):
            if table.compatible:
                label = t(
                    "network.join.table", name=table.name, address=f"{table.address}:{table.port}", free=table.free
                )
            else:
                label = t("network.join.table_other", name=table.name)
            b = self.add(fitted_button(page.rect(150, LIST_TOP + i * LIST_STEP, 680, 48), label, self.app.ui, look))
            if not table.compatible:
                b.disable()
            self.table_buttons.append(b)

    def relay_box(self) -> pygame.Rect:
        return self.page.rect(SIDE_X + 20, 528, 30, 30)

    # The network --------------------------------------------------------------------------------
    def poll(self) -> float | None:
        return 0.25 if self.guest is not None else 1.0 if self.browser is not None else None

    def update(self, dt: float) -> None:
        if self.browser is not None and self.guest is None:
            tables = self.browser.tables()
            if tables != self.tables:
                self.tables = tables
                self.build_list()
                self.app.invalidate()
        g = self.guest
        if g is None or self.entered:
            return
        changed = False
        while not g.inbox.empty():
            kind, data = g.inbox.get_nowait()
            changed = True
            if kind == "welcome":
                self.status = t("network.join.joined", seat=g.seat + 1)
                self.remember(g)
                self.tables = []
                self.build_list()
            elif kind in ("refused", "hostile", "lost"):
                if data == "token":
                    self.forget()
                self.error = refusal_text(data if kind == "refused" else kind)
                self.status = ""
                self.guest = None
                self.entries_enabled(True)
                break
        if self.guest is not None and g.started and g.view is not None and g.seat >= 0:
            self.sit_down()
            return
        if changed:
            self.app.invalidate()

    def join(self) -> None:
        if self.guest is not None:
            return
        self.error = self.problem()
        if self.error:
            self.app.invalidate()
            return
        from vikings.net.guest import Guest

        address = parse_address(self.address_text, DEFAULT_PORT)
        assert address is not None
        code = p.normal_code(self.code_text)
        self.guest = Guest(
            self.app.rules,
            self.name_text.strip(),
            code,
            address,
            relay=self.relay,
            token=self.kept_token(address, code),
        ).start()
        self.status = t("network.join.knocking")
        self.entries_enabled(False)
        self.app.invalidate()

    # The seat kept for a rejoin ------------------------------------------------------------------
    @property
    def seat_path(self):
        return self.app.storage.data_dir / "network_seat.json"

    def kept_token(self, address: tuple[str, int], code: str) -> str | None:
        """The token of the seat this player last held at this table, if any."""
        try:
            doc = self.app.storage.read_json(self.seat_path)
        except (OSError, ValueError):
            return None
        if not isinstance(doc, dict) or doc.get("address") != f"{address[0]}:{address[1]}" or doc.get("code") != code:
            return None
        token = doc.get("token")
        return token if isinstance(token, str) and token else None

    def remember(self, g) -> None:
        try:
            self.app.storage.write_json(
                self.seat_path,
                {"address": f"{g.address[0]}:{g.address[1]}", "code": g.code, "relay": g.relay, "token": g.token},
            )
        except OSError:  # (no rejoin after a restart, then; play goes on)
            pass

    def forget(self) -> None:
        try:
            self.seat_path.unlink()
        except OSError:
            pass

    def problem(self) -> str:
        if parse_address(self.address_text, DEFAULT_PORT) is None:
            return t("network.join.problem.address")
        code = p.normal_code(self.code_text)
        if len(code) != p.CODE_LENGTH or any(c not in p.CODE_ALPHABET for c in code):
            return t("network.join.problem.code")
        if not self.name_text.strip():
            return t("network.join.problem.name")
        return ""

    def entries_enabled(self, on: bool) -> None:
        for w in (self.join_button, *self.table_buttons):  # (a disabled entry is drawn black)
            w.enable() if on else w.disable()

    def sit_down(self) -> None:
        """Play begins: the table, driven by the host's updates."""
        self.entered = True
        side = GuestSide(self.guest)  # (reads the inbox from here on)
        match = guest_match(side, self.app.rules)
        self.close_browser()
        flow.enter_game(self.app, match)

    def close_browser(self) -> None:
        if self.browser is not None:
            try:
                self.browser.close()
            except OSError:
                pass
            self.browser = None

    def back(self) -> None:
        flow.show(self.app, "network")

    def exit(self) -> None:
        self.close_browser()
        if self.guest is not None and not self.entered:
            self.guest.stop()
            self.guest = None
        super().exit()

    # Input ----------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.join_button:
                self.join()
            elif el is self.back_button:
                self.back()
            elif el in self.table_buttons:
                table = self.tables[self.table_buttons.index(el)]
                self.address_text = f"{table.address}:{table.port}"
                self.entries["address"].set_text(self.address_text)
                self.relay = False
                self.app.ui.set_focus_set(self.entries["code"])
                self.app.invalidate()
            else:
                return False
            return True
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for key, entry in self.entries.items():
                if event.ui_element is entry:
                    setattr(self, f"{key}_text", entry.get_text())
                    self.error = ""
                    self.app.invalidate()
                    return True
            return False
        if kind == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.app.ui.set_focus_set(None)
            return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.guest is None:
            if self.relay_box().inflate(self.app.look.px(8), self.app.look.px(8)).collidepoint(event.pos):
                self.relay = not self.relay
                self.app.invalidate()
                return True
        return form_keys(self.app, event, self.join, self.back)

    # Drawing --------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        look, page = self.app.look, self.page
        px = look.px
        draw_heading(surface, look, page, t("network.join.title"), t("network.menu.join_note"))
        left = draw_card(surface, look, page, 120, 160, 740, 600, t("network.join.found"))
        side = draw_card(surface, look, page, SIDE_X - 20, 160, SIDE_W + 40, 600)
        if self.guest is not None and self.guest.seats:
            self.draw_seats(surface, left)
        elif not self.tables:
            note = t("network.join.no_multicast") if self.no_multicast else t("network.join.none_found")
            draw_note(
                surface,
                look,
                note,
                page.pos(150, 0)[0],
                page.pos(0, LIST_TOP)[1],
                left.w - px(60),
                left.bottom - px(20),
            )
        for key, label in (
            ("address", "network.join.address"),
            ("code", "network.join.code"),
            ("name", "network.join.name"),
        ):
            entry = self.entries[key]
            img = look.fit_text(t(label), 16, INK_SOFT, bold=True, width=entry.rect.w)
            surface.blit(img, (entry.rect.x + px(2), entry.rect.y - img.get_height() - px(2)))
        box = self.relay_box()
        draw_tick(surface, look, box, self.relay)
        relay = look.fit_text(t("network.join.relay"), 17, INK, width=side.right - box.right - px(30))
        surface.blit(relay, relay.get_rect(midleft=(box.right + px(10), box.centery)))
        y = self.join_button.rect.bottom + px(14)
        if self.error:
            draw_note(surface, look, self.error, side.x + px(20), y, side.w - px(40), side.bottom - px(10), BAD, 17)
        elif self.status:
            draw_note(
                surface, look, self.status, side.x + px(20), y, side.w - px(40), side.bottom - px(10), WOOD_DARK, 17
            )
        draw_caps(surface, look, back=self.back_button)

    def draw_seats(self, surface, card) -> None:
        """Once joined: who sits at the table, while the host has not started."""
        look, page = self.app.look, self.page
        px = look.px
        y = page.pos(0, LIST_TOP)[1]
        head = look.fit_text(t("network.join.seats"), 18, WOOD_DARK, bold=True, width=card.w - px(60))
        surface.blit(head, (page.pos(150, 0)[0], y))
        y += head.get_height() + px(8)
        for i, s in enumerate(self.guest.seats):
            mine = i == self.guest.seat
            if mine:
                who = t("network.join.you")
            elif s["kind"] == "remote":
                who = s["guest"] or t("network.lobby.free")
            elif s["bot"]:
                who = t("network.join.bot")
            else:
                who = t("network.join.at_host")
            line = f"{i + 1}. {s['name']} – {who}"
            img = look.fit_text(line, 18, INK, bold=mine, width=card.w - px(60))
            surface.blit(img, (page.pos(150, 0)[0], y))
            y += img.get_height() + px(6)
