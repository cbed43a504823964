"""What a networked table hears between moves, said on screen: the seats' news (the
turn indicator reads them), a move the host refused, a connection to the host that is
lost for good (a panel: rejoin or leave), and an undo vote (the host's `AskingPanel`
while the guests answer, a guest's `ConsentPanel`; the result said once over the table).
The table scene calls `hear()` every update, and `ask_undo()` for the host's Undo.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Dialog, caption_row, fitted_button
from vikings.ui.drawing.notice import Said
from vikings.ui.scenes.net_join import refusal_text
from vikings.ui.table.net_table import HOSTILE, LOST, REFUSED, REJECTED


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
    hear_undo(scene)
    news, net.news = net.news, None
    if news == REJECTED:
        scene.error = Said("network.table.rejected")
        scene.app.invalidate()
    elif news in (LOST, HOSTILE, REFUSED):
        scene.app.scenes.push(LostPanel(scene.app, scene.ctx, news, getattr(net, "refusal", "")))


# Undo, with everyone's consent ------------------------------------------------------------------
def ask_undo(scene) -> None:
    """The host pressed Undo: ask every guest, and wait for them over the table."""
    names = scene.match.net.ask_undo(scene.match)
    scene.refresh_ui()  # (no second Undo while the guests answer)
    scene.app.scenes.push(AskingPanel(scene.app, names))


def host_name(match) -> str:
    """The name of the player at the host's desk who asks (at a guest's copy)."""
    for i, s in enumerate(match.net.seats):
        if s.get("kind") == "local":
            return match.seats[i].name
    return t("network.table.the_host")


def joined(names: list[str]) -> str:
    """ "Bjorn and Astrid", "Bjorn, Astrid and Sigrid" (in the table's language)."""
    if len(names) < 2:
        return "".join(names)
    return t("network.table.and", first=", ".join(names[:-1]), last=names[-1])


def hear_undo(scene) -> None:
    """An undo asked of this guest (its panel), or the end of a vote (said once)."""
    m, net, app = scene.match, scene.match.net, scene.app
    top = app.scenes.current
    if net.undo_asked >= 0 and not net.undoes and not isinstance(top, ConsentPanel):
        app.scenes.push(ConsentPanel(app, net, host_name(m)))
        return
    result, net.undo_result = net.undo_result, None
    if result is None:
        return
    asking = [s for s in app.scenes.stack if isinstance(s, AskingPanel)]
    for panel in [s for s in app.scenes.stack if isinstance(s, (AskingPanel, ConsentPanel))]:
        if result[0] == "undone" or not isinstance(panel, AskingPanel):
            panel.close()
    scene.fx.clear(finish=False)
    if result[0] == "undone":
        if net.undoes:
            m.undo(agreed=True)
            scene.ctx.message = Said("network.table.undo_agreed")
        else:
            m.taken_back(int(result[1]))
            scene.ctx.message = Said("network.table.undo_taken_back", name=host_name(m))
        scene._bot_wait = 0.0
        flow.advance(app, scene.ctx, force=True)
    elif not net.undoes:
        scene.ctx.message = Said("network.table.undo_stands")
    else:
        reason, seats = result[1], result[2]
        key = {"declined": "undo_refused", "timeout": "undo_silent", "missing": "undo_missing"}.get(reason)
        if key is None or not seats:
            scene.ctx.message = Said("network.table.undo_nothing")
        else:
            scene.ctx.message = Said(f"network.table.{key}", names=joined([m.seats[i].name for i in seats]))
        for panel in asking:  # the host reads who refused there (the message goes with the next move)
            panel.refused(str(scene.ctx.message))
    scene.refresh_ui()
    app.invalidate()


class AskingPanel(Dialog):
    """At the host's table: the guests are asked to agree to an undo; play waits. It cannot
    be closed while they vote; an agreed undo closes it, a refusal is said in it (`refused`)
    with an OK button."""

    size = (760, 250)

    def __init__(self, app, names: list[str]):
        super().__init__(app)
        self.names = names
        self.result = ""  # why nothing was taken back, once the vote is over
        self.ok_button = None

    def refused(self, words: str) -> None:
        self.result = words
        self.kill_ui()
        self.build_ui()

    def build_ui(self) -> None:
        self.title = t("network.table.undo_title")
        super().build_ui()
        if self.window.close_window_button is not None:
            self.window.close_window_button.hide()  # (the vote's end closes it)

    def build_body(self, window, width, height) -> None:
        look = self.app.look
        pad, bar = look.px(24), look.px(50)
        words = self.result or t("network.table.undo_asking", names=joined(self.names))
        self.words = words
        room = height - 2 * pad - (bar + look.px(12) if self.result else 0)
        self.add(
            UITextBox(
                html.escape(words),
                pygame.Rect(pad, pad, width - 2 * pad, room),
                self.app.ui,
                container=window,
                object_id=ObjectID("#net_notice_info", None),
            )
        )
        if self.result:
            label = t("network.table.undo_ok")
            w = max(caption_row(look, (label,), width - 2 * pad, look.px(12), 176))
            rect = pygame.Rect(width - pad - w, height - pad - bar, w, bar)
            self.ok_button = self.add(fitted_button(rect, label, self.app.ui, look, container=window))

    def handle(self, event) -> bool:
        done = bool(self.result)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if done:
                self.close()
            return True  # (while the vote goes on, its end closes the panel)
        if done and event.type == UI_BUTTON_PRESSED and event.ui_element is self.ok_button:
            self.close()
            return True
        return super().handle(event)


class ConsentPanel(Dialog):
    """At a guest's table: the host asks to take back a decision. Agree (Y) or refuse (N)."""

    size = (760, 300)

    def __init__(self, app, net, name: str):
        super().__init__(app)
        self.net, self.name = net, name

    def build_ui(self) -> None:
        self.title = t("network.table.undo_title")
        super().build_ui()

    def build_body(self, window, width, height) -> None:
        words = t("network.table.undo_question", name=self.name)
        labels = (t("network.table.undo_agree"), t("network.table.undo_refuse"))
        self.agree_button, self.refuse_button = two_choices(self, window, width, height, words, labels)

    def answer(self, yes: bool) -> None:
        self.net.answer_undo(yes)
        self.net.undo_asked = -1
        self.close()

    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED and event.ui_element in (self.agree_button, self.refuse_button):
            self.answer(event.ui_element is self.agree_button)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_j, pygame.K_n, pygame.K_ESCAPE):
            self.answer(event.key in (pygame.K_y, pygame.K_j))  # (J: German "ja"; Escape refuses)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is getattr(self, "window", None):
            self.answer(False)  # (its close button refuses, as Escape does)
            return True
        return super().handle(event)


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
    """The connection to the host is gone, the table refused this copy when it knocked
    again, or the host broke the rules: rejoin (where it can help) or leave."""

    size = (760, 380)
    AGAIN = ("code", "relay_busy", "relay_unknown")  # refusals a later knock may get past

    def __init__(self, app, ctx, why: str, reason: str = ""):
        super().__init__(app)
        self.ctx, self.why, self.reason = ctx, why, reason

    def build_ui(self) -> None:
        self.title = t("network.table.lost_title")
        super().build_ui()

    def build_body(self, window, width, height) -> None:
        if self.why == REFUSED:
            words = t("network.table.refused", why=refusal_text(self.reason))
        else:
            words = t("network.table.lost" if self.why == LOST else "network.table.hostile")
        self.words = words
        labels = (t("network.table.rejoin"), t("network.table.leave"))
        self.rejoin_button, self.leave_button = two_choices(self, window, width, height, words, labels)
        if self.why == HOSTILE or (self.why == REFUSED and self.reason not in self.AGAIN):
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
