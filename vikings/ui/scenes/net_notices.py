"""What a networked table hears between moves, said on screen: the seats' news (the
turn indicator reads them), a move the host refused, and a connection to the host that is
lost for good (a panel: rejoin or leave). The table scene calls `hear()` every update.
"""

from __future__ import annotations

import html

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Dialog, caption_row, fitted_button
from vikings.ui.drawing.notice import Said
from vikings.ui.table.net_table import HOSTILE, LOST, REJECTED


def hear(scene) -> None:
    """Read the network's news for the table scene `scene` and show what it calls for."""
    m = scene.match
    net = m.net
    if net.pump():
        scene.refresh_ui()
        scene.app.invalidate()
    catch_up = getattr(net, "catch_up", None)
    if catch_up is not None and not m.pending and not scene.fx.active and catch_up(m):
        scene.ctx.message = Said("network.table.caught_up")
        flow.advance(scene.app, scene.ctx, force=True)
        return
    for p in getattr(net, "dropped", ()):  # a guest left the host's table: wait, or a bot plays
        if not net.seats[p]["bot"]:
            scene.app.scenes.push(DroppedPanel(scene.app, scene.ctx, p))
    for p in getattr(net, "returned", ()):  # back: the seat is theirs again
        if net.seats[p]["bot"]:
            net.hand_to_bot(p, False)
        scene.ctx.message = Said("network.table.back", name=m.seats[p].name)
        scene.app.invalidate()
    if hasattr(net, "dropped"):
        net.dropped.clear()
        net.returned.clear()
    news, net.news = net.news, None
    if news == REJECTED:
        scene.error = Said("network.table.rejected")
        scene.app.invalidate()
    elif news in (LOST, HOSTILE):
        scene.app.scenes.push(LostPanel(scene.app, scene.ctx, news))


def two_choices(panel: Dialog, window, width: int, height: int, words: str, labels: tuple[str, str]) -> tuple:
    """A panel's body: `words` above two buttons, left and right, alike in size."""
    ui, look = panel.app.ui, panel.app.look
    px = look.px
    pad, bar = px(24), px(50)
    panel.add(
        UITextBox(
            html.escape(words),
            pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad - bar - px(12)),
            ui,
            container=window,
            object_id=ObjectID("#net_notice_info", None),
        )
    )
    w = max(caption_row(look, labels, width - 2 * pad, px(12), 176))
    y = height - pad - bar
    first = panel.add(fitted_button(pygame.Rect(pad, y, w, bar), labels[0], ui, look, container=window))
    second = panel.add(fitted_button(pygame.Rect(width - pad - w, y, w, bar), labels[1], ui, look, container=window))
    return first, second


class LostPanel(Dialog):
    """The connection to the host is gone (or the host broke the rules): rejoin or leave."""

    size = (760, 380)

    def __init__(self, app, ctx, why: str):
        super().__init__(app)
        self.ctx, self.why = ctx, why

    def build_ui(self) -> None:
        self.title = t("network.table.lost_title")
        super().build_ui()

    def build_body(self, window, width, height) -> None:
        words = t("network.table.lost" if self.why == LOST else "network.table.hostile")
        labels = (t("network.table.rejoin"), t("network.table.leave"))
        self.rejoin_button, self.leave_button = two_choices(self, window, width, height, words, labels)
        if self.why != LOST:
            self.rejoin_button.disable()  # (a host that broke the rules is not joined again)

    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED:
            if event.ui_element is self.rejoin_button:
                self.ctx.match.net.rejoin()
                self.close()
                return True
            if event.ui_element is self.leave_button:
                flow.leave_game(self.app, self.ctx)
                return True
        return super().handle(event)


class DroppedPanel(Dialog):
    """At the host's table: a guest left. Wait for them, or let a bot play their seat
    until they come back (they get it back on their return)."""

    size = (760, 380)

    def __init__(self, app, ctx, seat: int):
        super().__init__(app)
        self.ctx, self.seat = ctx, seat

    def build_ui(self) -> None:
        self.title = t("network.table.dropped_title")
        super().build_ui()

    def build_body(self, window, width, height) -> None:
        words = t("network.table.dropped", name=self.ctx.match.seats[self.seat].name)
        labels = (t("network.lobby.to_bot"), t("network.table.wait"))
        self.bot_button, self.wait_button = two_choices(self, window, width, height, words, labels)

    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED:
            if event.ui_element is self.bot_button:
                self.ctx.match.net.hand_to_bot(self.seat)
                self.close()
                return True
            if event.ui_element is self.wait_button:
                self.close()
                return True
        return super().handle(event)
