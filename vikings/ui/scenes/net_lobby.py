"""The host's lobby: the open table's join code and address (and whether it is announced
on the local network, and through which relay), each seat with who is there, its
connection and ping, a bot to play a missing player's seat (and back), and Start once
every remote seat is taken or handed to a bot. Start begins play at the table.
"""

from __future__ import annotations

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from vikings.net.host import BOT, LOCAL, REMOTE, Host
from vikings.net.protocol import shown_code
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, fitted_button
from vikings.ui.drawing.cards import bot_level
from vikings.ui.drawing.theme import BAD, GOOD, INK, INK_SOFT, WOOD, WOOD_DARK
from vikings.ui.scene import Scene
from vikings.ui.scenes.net_menu import draw_caps, draw_card, draw_heading, draw_note, draw_seat_disc
from vikings.ui.table.net_table import HostSide, host_match

ROW_TOP, ROW_STEP = 392, 62
# Columns of the seat list, design pixels from the card's left: number, player, played by,
# connection, ping, the bot button.
COLS = (30, 110, 340, 660, 840, 950)


def own_address() -> str:
    from vikings.net.discovery import _own_address

    return _own_address()


def seat_ready(s: dict) -> bool:
    return s["kind"] != REMOTE or s["connected"] or s["bot"]


class LobbyScene(Scene):
    def __init__(self, app, host: Host, seats, announce: bool = True):
        super().__init__(app)
        self.side = HostSide(host, storage=app.storage)
        self.seats = seats  # the Match's seats (names, kinds, colours)
        self.announce_error = ""
        self.address = f"{own_address()}:{host.port}"
        if announce:
            self.announce()
        self.bot_buttons: dict[int, UIButton] = {}
        self.started = False

    @property
    def host(self) -> Host:
        return self.side.host

    def announce(self) -> None:
        try:
            from vikings.net.discovery import Announcement

            name = next((s.name for s in self.seats if s.kind == "person"), self.seats[0].name)
            self.side.announcement = Announcement(name, self.host.port, self.free())
        except (OSError, ImportError) as e:
            self.announce_error = getattr(e, "strerror", None) or str(e) or type(e).__name__

    def free(self) -> int:
        return sum(1 for s in self.side.seats if s["kind"] == REMOTE and not s["guest"])

    def ready(self) -> bool:
        return all(seat_ready(s) for s in self.side.seats)

    # Widgets ------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        ui, look = self.app.ui, self.app.look
        page = self.page = Page(look)
        self.bot_buttons = {}
        w = max(look.caption_width(t(k), 200, pad=10) for k in ("network.lobby.to_bot", "network.lobby.give_back"))
        w = min(w, page.pos(1480, 0)[0] - page.pos(120 + COLS[5], 0)[0])
        for i, s in enumerate(self.side.seats):
            if s["kind"] != REMOTE:
                continue
            y = page.pos(0, ROW_TOP + i * ROW_STEP + 4)[1]
            rect = pygame.Rect(page.pos(120 + COLS[5], 0)[0], y, w, look.caption_height(44))
            label = t("network.lobby.give_back" if s["bot"] else "network.lobby.to_bot")
            self.bot_buttons[i] = self.add(
                fitted_button(rect, label, ui, look, group=[t("network.lobby.to_bot"), t("network.lobby.give_back")])
            )
        self.close_button = self.add(UIButton(page.rect(140, 800, 260, 56), t("network.lobby.close"), ui))
        start_w = look.caption_width(t("network.lobby.start"), 220)
        self.start_button = self.add(
            UIButton(
                pygame.Rect(page.pos(1460, 0)[0] - start_w, page.pos(0, 800)[1], start_w, look.px(56)),
                t("network.lobby.start"),
                ui,
                object_id=ObjectID("#net_start", "@primary"),
            )
        )
        self.refresh()

    def refresh(self) -> None:
        self.start_button.enable() if self.ready() else self.start_button.disable()
        for i, b in self.bot_buttons.items():
            want = t("network.lobby.give_back" if self.side.seats[i]["bot"] else "network.lobby.to_bot")
            if b.text != want:
                b.set_text(want)

    # The network's news ---------------------------------------------------------------------------
    def poll(self) -> float | None:
        return 0.25

    def update(self, dt: float) -> None:
        if self.side.pump():
            self.side.updates.clear()  # (nothing is played before Start)
            self.side.dropped.clear()  # (comings and goings before Start are the lobby's news)
            self.side.returned.clear()
            if self.side.announcement is not None:
                try:
                    self.side.announcement.update(self.free())
                except OSError:
                    pass
            self.refresh()
            self.app.invalidate()

    # Input ----------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.start_button:
                self.start()
                return True
            if el is self.close_button:
                self.close()
                return True
            for i, b in self.bot_buttons.items():
                if el is b:
                    self.side.hand_to_bot(i, not self.side.seats[i]["bot"])
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ready():
                self.start()
                return True
        return False

    def start(self) -> None:
        if not self.ready() or self.started:
            return
        self.started = True
        self.side.unlist()
        self.host.begin()
        match = host_match(self.side, self.seats, self.app.rules)
        flow.enter_game(self.app, match)

    def close(self) -> None:
        self.side.close()
        flow.show(self.app, "network")

    def exit(self) -> None:
        if not self.started:  # (left some other way: the table closes with its screen)
            self.side.close()
        super().exit()

    # Drawing --------------------------------------------------------------------------------------
    def who(self, i: int, s: dict) -> str:
        if s["kind"] == LOCAL:
            return t("network.lobby.here")
        if s["kind"] == BOT:
            return t("network.lobby.bot", level=bot_level(self.seats[i].kind))
        if s["bot"]:
            return t("network.lobby.by_bot", name=s["guest"] or self.seats[i].name)
        if s["guest"]:
            return t("network.lobby.guest", name=s["guest"])
        return t("network.lobby.free")

    def draw(self, surface) -> None:
        look, page = self.app.look, self.page
        px = look.px
        draw_heading(surface, look, page, t("network.lobby.title"), t("network.menu.intro"))
        card = draw_card(surface, look, page, 120, 160, 1360, 600)
        # The code, large, and how to reach the table.
        label = look.text(t("network.lobby.code"), 18, INK_SOFT, bold=True)
        surface.blit(label, page.pos(150, 180))
        code = self.host.code
        x = page.pos(560, 0)[0]
        big = look.fit_text(shown_code(code), 54, WOOD_DARK, bold=True, width=x - page.pos(150, 0)[0] - px(16))
        surface.blit(big, (page.pos(150, 0)[0], page.pos(0, 180)[1] + label.get_height()))
        lines = [t("network.lobby.address", address=self.address)]
        if self.side.announcement is not None:
            lines.append(t("network.lobby.announced"))
        elif self.announce_error:
            lines.append(t("network.lobby.announce_failed", reason=self.announce_error))
        else:
            lines.append(t("network.lobby.not_announced"))
        if self.host.relay is not None:
            lines.append(t("network.lobby.relay", relay=f"{self.host.relay[0]}:{self.host.relay[1]}"))
        y = page.pos(0, 186)[1]
        for i, line in enumerate(lines):
            y = draw_note(
                surface,
                look,
                line,
                x,
                y,
                card.right - x - px(24),
                page.pos(0, 330)[1],
                INK if i == 0 else INK_SOFT,
                18 if i == 0 else 16,
            )
        # The seats.
        head_y = page.pos(0, ROW_TOP - 34)[1]
        heads = (
            "network.lobby.seat",
            "network.lobby.player",
            "network.lobby.who",
            "network.lobby.connection",
            "network.lobby.ping",
        )
        # Each heading over its column, or, where it is longer than its column (a longer
        # language at a large UI scale), running on over the next and moving the next along.
        end = 0
        for j, key in enumerate(heads):
            left = max(page.pos(120 + COLS[j], 0)[0], end + px(12))
            limit = page.pos(120 + COLS[j + 2], 0)[0] if j + 2 < len(COLS) else card.right - px(20)
            img = look.fit_text(t(key), 16, INK_SOFT, bold=True, width=limit - left - px(8))
            surface.blit(img, (left, head_y))
            end = left + img.get_width()
        pygame.draw.line(
            surface, WOOD, (card.x + px(20), head_y + px(26)), (card.right - px(20), head_y + px(26)), max(1, px(1))
        )
        for i, s in enumerate(self.side.seats):
            cy = page.pos(0, ROW_TOP + i * ROW_STEP + 26)[1]
            draw_seat_disc(surface, look, (page.pos(120 + COLS[0] + 18, 0)[0], cy), i, 18)
            remote = s["kind"] == REMOTE
            cells = [
                (self.seats[i].name, INK, True),
                (self.who(i, s), INK if not remote or s["guest"] else INK_SOFT, False),
                (
                    (
                        ""
                        if not remote
                        else t("network.lobby.connected")
                        if s["connected"]
                        else t("network.lobby.dropped")
                        if s["guest"]
                        else ""
                    ),
                    GOOD if s["connected"] else BAD,
                    False,
                ),
                ("" if s["ping_ms"] is None else t("network.lobby.ping_ms", ms=round(s["ping_ms"])), INK, False),
            ]
            for j, (text, ink, bold) in enumerate(cells, start=1):
                left = page.pos(120 + COLS[j], 0)[0]
                room = page.pos(120 + COLS[j + 1], 0)[0] - left - px(8)
                img = look.fit_text(text, 18, ink, bold=bold, width=room)
                surface.blit(img, img.get_rect(midleft=(left, cy)))
        note = t("network.lobby.ready") if self.ready() else t("network.lobby.not_ready")
        img = look.fit_text(note, 17, INK if self.ready() else INK_SOFT, width=card.w - px(48))
        surface.blit(img, (card.x + px(24), card.bottom - px(40)))
        draw_caps(surface, look, back=self.close_button, go=self.start_button)
