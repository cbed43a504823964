"""Undo at a networked table: the host asks, every guest agrees or nothing changes
(issue 57). The host's table is driven by clicks and keys; its guest is an in-process
Guest that answers at once (or never); a guest's table answers the host's question with Y/N.
"""

from __future__ import annotations

import random
import time

import pygame
from test_net_screens import frames_until, guest_moves, join_by_screen  # noqa: I001
from test_ui_table import do_by_input, fast_settings, wait_for_person
from ui_helpers import button, click, make_app, press, run, type_text

from vikings.engine import GameConfig
from vikings.net import host as host_module
from vikings.net.guest import Guest
from vikings.net.host import LOCAL, REMOTE, Host
from vikings.net.host import Seat as HostSeat
from vikings.net.view import digest, public_view
from vikings.ui.scenes.net_lobby import LobbyScene
from vikings.ui.scenes.net_notices import AskingPanel, ConsentPanel


def hosted(tmp_path, undo_answer):
    """The host's table from the screens (Ann at this desk), Bob's guest joined and started."""
    app = make_app(tmp_path / "home", settings=fast_settings())
    press(app, pygame.K_o)
    click(app, button(app, "Host a table"))
    scene = app.scenes.base
    type_text(app, scene.rows[0]["name"], "Ann")
    type_text(app, scene.port_entry, "0")
    scene.announce = False
    click(app, button(app, "Open the table"))
    lobby = app.scenes.base
    assert isinstance(lobby, LobbyScene)
    host = lobby.host
    guest = Guest(app.rules, "Bob", host.code, ("127.0.0.1", host.port), undo_answer=undo_answer).start()
    frames_until(app, lambda: lobby.side.seats[1]["connected"])
    click(app, lobby.start_button)
    frames_until(app, lambda: guest.started)
    return app, host, guest


def until_undo_offered(app, guest) -> None:
    """Play (Ann by clicks, Bob at random) until Ann's last decision may be taken back."""
    m, rng = app.match, random.Random(5)
    end = time.monotonic() + 30
    while True:
        assert time.monotonic() < end and not m.game.is_over
        scene = app.scenes.base
        if m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
            wait_for_person(app)
            do_by_input(app, rng.choice(m.game.legal_actions()))
            run(app, 2)
            if scene.buttons["undo"].is_enabled:
                return
            continue
        guest_moves(guest, rng)
        run(app, 1)
        time.sleep(0.002)


def ask(app) -> int:
    """Click Undo at the host's table (the guest may answer within the click's frames);
    the moves before."""
    scene, n = app.scenes.base, len(app.match.game.actions())
    assert app.match.can_undo()
    click(app, scene.buttons["undo"])
    return n


def test_the_host_undoes_with_the_guests_consent(tmp_path):
    app, host, guest = hosted(tmp_path, undo_answer=True)
    try:
        until_undo_offered(app, guest)
        m = app.match
        n = ask(app)
        frames_until(app, lambda: not isinstance(app.scenes.current, AskingPanel))
        assert str(app.scenes.base.ctx.message) == "Everyone agreed; your last decision was taken back."
        assert len(m.game.actions()) == n - 1 == len(host.state.actions())
        frames_until(app, lambda: guest.n == n - 1)
        assert m.game.actions() == host.state.actions()
        assert digest(public_view(m.game)) == digest(guest.view) == digest(public_view(host.state))
        assert m.persons_turn()  # Ann decides again
    finally:
        guest.stop()
        app.shutdown()


def test_a_refusal_changes_nothing_and_says_who(tmp_path):
    app, host, guest = hosted(tmp_path, undo_answer=False)
    try:
        until_undo_offered(app, guest)
        m = app.match
        n = ask(app)
        frames_until(app, lambda: isinstance(app.scenes.current, AskingPanel) and app.scenes.current.result)
        assert app.scenes.current.words == "Astrid refused; the decision stands."  # said in the panel
        click(app, button(app, "OK"))
        assert not isinstance(app.scenes.current, AskingPanel)
        assert len(m.game.actions()) == n == len(host.state.actions()) == guest.n
    finally:
        guest.stop()
        app.shutdown()


def test_a_guest_that_does_not_answer_in_time(tmp_path, monkeypatch):
    monkeypatch.setattr(host_module, "UNDO_SECONDS", 1.5)
    app, host, guest = hosted(tmp_path, undo_answer=None)
    try:
        until_undo_offered(app, guest)
        m = app.match
        n = ask(app)
        panel = app.scenes.current
        assert isinstance(panel, AskingPanel)
        assert panel.words == "Asking Astrid to agree that your last decision is taken back …"
        press(app, pygame.K_ESCAPE)  # (the vote goes on)
        assert app.scenes.current is panel and not app.scenes.base.buttons["undo"].is_enabled
        frames_until(app, lambda: guest.undo_asked >= 0)  # asked, and silent
        frames_until(app, lambda: panel.result)
        assert app.scenes.current is panel and panel.words == "Astrid did not answer in time; the decision stands."
        press(app, pygame.K_RETURN)
        assert not isinstance(app.scenes.current, AskingPanel)
        assert len(m.game.actions()) == n == len(host.state.actions())
        assert app.scenes.base.buttons["undo"].is_enabled  # (she may ask again)
    finally:
        guest.stop()
        app.shutdown()


def test_a_guest_is_asked_and_agrees_with_a_key(tmp_path):
    app = make_app(tmp_path / "home", settings=fast_settings())
    host = Host(app.rules, GameConfig(("Ann", "Bob"), seed=4, start_player=0), [HostSeat(LOCAL), HostSeat(REMOTE)])
    host.start()
    try:
        join_by_screen(app, host)
        frames_until(app, lambda: host.seats[1].connected)
        host.begin()
        frames_until(app, lambda: app.match is not None)
        m = app.match
        scene = app.scenes.base
        assert not scene.buttons["undo"].is_enabled
        tip = scene.buttons["undo"].tool_tip_text
        assert tip == "Only the host can take a decision back, and only when everyone agrees."
        frames_until(app, lambda: not m.pending)
        first_log = list(m.log)
        host.submit(0, random.Random(1).choice(host.state.legal_actions()))
        frames_until(app, lambda: len(m.game.actions()) == 1 and not m.pending)
        assert len(m.log) > len(first_log)
        before = digest(public_view(m.game))
        host.ask_undo(1)
        frames_until(app, lambda: isinstance(app.scenes.current, ConsentPanel))
        panel = app.scenes.current
        assert button(app, "Agree (Y)") is panel.agree_button and button(app, "Refuse (N)") is panel.refuse_button
        press(app, pygame.K_y)
        frames_until(
            app, lambda: len(m.game.actions()) == 0 and str(app.scenes.base.ctx.message).startswith("Everyone")
        )
        assert str(app.scenes.base.ctx.message) == "Everyone agreed: Ann's last decision was taken back."
        assert m.log == first_log  # the log as it was before Ann's decision
        assert digest(public_view(m.game)) == digest(public_view(host.state)) != before
        # Asked again, refused with N: nothing changes.
        host.submit(0, random.Random(1).choice(host.state.legal_actions()))
        frames_until(app, lambda: len(m.game.actions()) == 1 and not m.pending)
        host.ask_undo(1)
        frames_until(app, lambda: isinstance(app.scenes.current, ConsentPanel))
        press(app, pygame.K_n)
        frames_until(app, lambda: str(app.scenes.base.ctx.message) == "The undo did not happen; the decision stands.")
        assert len(m.game.actions()) == 1 == len(host.state.actions())
    finally:
        host.stop()
        app.shutdown()
