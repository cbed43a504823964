"""Playing over the network, through the screens: the title's entry, hosting a table on
loopback from the screen while a guest (vikings.net, in this process) joins, the lobby,
Start, decisions on both sides, and the turn indicator naming who is waited for; joining
a table from the screen and playing it from the host's updates; a refused join in words.
"""

from __future__ import annotations

import random
import time

import pygame
from test_ui_table import do_by_input, fast_settings, wait_for_person  # noqa: I001
from ui_helpers import button, click, make_app, press, run, type_text

from vikings.engine import GameConfig
from vikings.net.guest import Guest
from vikings.net.host import LOCAL, REMOTE, Host
from vikings.net.host import Seat as HostSeat
from vikings.ui.scenes.net_host import HostScene
from vikings.ui.scenes.net_join import JoinScene
from vikings.ui.scenes.net_lobby import LobbyScene
from vikings.ui.scenes.net_menu import NetScene
from vikings.ui.scenes.net_notices import DroppedPanel, LostPanel
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.title import TitleScene


def frames_until(app, done, limit: float = 10.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "waited too long"
        run(app, 1)
        time.sleep(0.005)


def guest_moves(guest: Guest, rng: random.Random) -> bool:
    """The guest's bot-free player: a random legal move when it is its turn (True if sent)."""
    s = guest.state
    if guest.started and s is not None and not s.is_over and s.to_move == guest.seat and guest._asked != guest.n:
        guest._asked = guest.n
        guest.send_action(rng.choice(s.legal_actions()))
        return True
    return False


def test_host_a_table_from_the_screens_and_play_with_a_guest(tmp_path):
    app = make_app(tmp_path / "home", settings=fast_settings())
    assert isinstance(app.scenes.base, TitleScene)
    press(app, pygame.K_o)  # Play over network
    assert isinstance(app.scenes.base, NetScene)
    click(app, button(app, "Host a table"))
    host_scene = app.scenes.base
    assert isinstance(host_scene, HostScene)
    assert [s["kind"] for s in host_scene.choices.seats] == ["person", "remote"]
    type_text(app, host_scene.rows[0]["name"], "Ann")
    type_text(app, host_scene.port_entry, "0")  # any free port
    host_scene.announce = False  # (no multicast in the test)
    click(app, button(app, "Open the table"))
    lobby = app.scenes.base
    assert isinstance(lobby, LobbyScene)
    host = lobby.host
    assert host.port > 0 and len(host.code) == 9
    assert not lobby.start_button.is_enabled  # the remote seat is empty

    guest = Guest(app.rules, "Bob", host.code.lower(), ("127.0.0.1", host.port)).start()
    frames_until(app, lambda: lobby.side.seats[1]["connected"])
    assert lobby.who(1, lobby.side.seats[1]) == "Bob (remote)"
    assert lobby.start_button.is_enabled
    click(app, lobby.start_button)
    m = app.match
    assert m is not None and m.net is not None and m.seats[1].kind == "remote"
    frames_until(app, lambda: guest.started)

    rng = random.Random(3)
    waited_for = set()
    mine = theirs = 0
    end = time.monotonic() + 60
    while (mine < 4 or theirs < 4) and not m.game.is_over:
        assert time.monotonic() < end
        scene = app.scenes.base
        if m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
            wait_for_person(app)
            do_by_input(app, rng.choice(m.game.legal_actions()))
            mine += 1
            continue
        if m.game.to_move == 1 and not m.pending:
            waited_for.add(scene.turn_text())
        theirs += guest_moves(guest, rng)
        run(app, 1)
        time.sleep(0.002)
    assert "Waiting for Astrid (remote) …" in waited_for
    # Once the table shows the game as the Host holds it (a guest's move sent in the last
    # frame may have reached the Host and not yet the table), Undo says what can_undo says.
    frames_until(app, lambda: len(m.game.actions()) == len(host.state.actions()) and not m.pending)
    assert app.scenes.base.buttons["undo"].is_enabled == m.can_undo()  # (the host's, by vote: test_net_undo)
    frames_until(app, lambda: guest.n == len(m.game.actions()))
    assert guest.view["history"] == [a.to_json() for a in m.game.actions()]
    # The guest goes away: the table says so, and the host may let a bot play the seat.
    guest.stop()
    frames_until(app, lambda: isinstance(app.scenes.current, DroppedPanel))
    turn = app.scenes.base.turn_text()
    assert turn in ("Waiting for Astrid (remote, disconnected) …", "Ann's turn · Astrid disconnected"), turn
    click(app, button(app, "Let a bot play"))
    frames_until(app, lambda: m.net.seats[1]["bot"])
    done = len(m.game.actions())
    end = time.monotonic() + 30
    while not any(a == 1 for a in m.actors[done:]):  # the bot moves for Astrid
        assert time.monotonic() < end
        scene = app.scenes.base
        if m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
            do_by_input(app, rng.choice(m.game.legal_actions()))
        run(app, 1)
        time.sleep(0.002)
    press(app, pygame.K_ESCAPE)  # the menu: back to the title, the table closes
    frames_until(app, lambda: isinstance(app.scenes.base, TitleScene))
    app.shutdown()


def join_by_screen(app, host: Host, name: str = "Bob") -> JoinScene:
    """From the title: Join a table, its address, code and a name typed, Join clicked."""
    press(app, pygame.K_o)
    click(app, button(app, "Join a table"))
    join = app.scenes.base
    assert isinstance(join, JoinScene)
    type_text(app, join.entries["address"], f"127.0.0.1:{host.port}")
    type_text(app, join.entries["code"], host.code)
    type_text(app, join.entries["name"], name)
    click(app, join.join_button)
    return join


def test_join_a_table_from_the_screen_and_play_from_the_hosts_updates(tmp_path):
    app = make_app(tmp_path / "home", settings=fast_settings())
    host = Host(app.rules, GameConfig(("Ann", "Bob"), seed=4, start_player=0), [HostSeat(LOCAL), HostSeat(REMOTE)])
    host.start()
    try:
        join = join_by_screen(app, host)
        frames_until(app, lambda: host.seats[1].connected and "seat 2" in join.status)
        host.begin()
        frames_until(app, lambda: app.match is not None)
        m = app.match
        assert m.net is not None and m.seats[1].kind == "person" and m.seats[0].kind == "remote"
        rng = random.Random(8)
        played = hosted = 0
        waited = set()
        end = time.monotonic() + 60
        while (played < 4 or hosted < 4) and not host.state.is_over:
            assert time.monotonic() < end
            scene = app.scenes.base
            if host.state.to_move == 0 and len(host.state.actions()) == len(m.game.actions()) and not m.pending:
                waited.add(scene.turn_text())
                host.submit(0, rng.choice(host.state.legal_actions()))
                hosted += 1
                frames_until(app, lambda: len(m.game.actions()) == len(host.state.actions()))
                continue
            if m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
                before = len(m.game.actions())
                scene.act(rng.choice(m.game.legal_actions()))
                assert m.net.sent and len(m.game.actions()) == before  # sent, not applied here
                frames_until(app, lambda n=before + 1: len(m.game.actions()) == n)  # the host's update
                played += 1
                continue
            run(app, 1)
            time.sleep(0.002)
        assert "Waiting for Ann (remote) …" in waited
        assert m.game.actions() == host.state.actions()
        assert not m.can_undo() and not scene.buttons["undo"].is_enabled
        assert not isinstance(app.scenes.base, ResultsScene)
        # The host goes away: the guest tries again, then offers to rejoin or leave.
        m.net.guest.rejoin_seconds = 1.0
        host.stop()
        frames_until(app, lambda: app.scenes.base.turn_text() == "The connection to the host is lost – trying again…")
        frames_until(app, lambda: isinstance(app.scenes.current, LostPanel))
        click(app, button(app, "Leave"))
        frames_until(app, lambda: isinstance(app.scenes.base, TitleScene))
        assert app.match is None
    finally:
        host.stop()
        app.shutdown()


def test_a_guest_not_let_back_in_is_told_why(tmp_path):
    """The host restarts as another table under the same code and port: the guest's seat
    token is unknown there, so its knock is refused (`token`); the table says so in words
    and offers only Leave (knocking again could not help). It used to show nothing."""
    app = make_app(tmp_path / "home", settings=fast_settings())
    config = GameConfig(("Ann", "Bob"), seed=4, start_player=0)
    host = Host(app.rules, config, [HostSeat(LOCAL), HostSeat(REMOTE)]).start()
    other = None
    try:
        join_by_screen(app, host)
        frames_until(app, lambda: host.seats[1].connected)
        host.begin()
        frames_until(app, lambda: app.match is not None and not app.match.pending)
        code, port = host.code, host.port
        host.stop()
        other = Host(app.rules, config, [HostSeat(LOCAL), HostSeat(REMOTE)], code=code, bind=("127.0.0.1", port))
        other.start()
        frames_until(app, lambda: isinstance(app.scenes.current, LostPanel), limit=20)
        panel = app.scenes.current
        assert panel.why == "refused" and panel.reason == "token"
        assert "did not let you back in. Your seat at this table is no longer kept for you." in panel.words
        assert not panel.rejoin_button.is_enabled and panel.leave_button.is_enabled
        click(app, panel.leave_button)
        frames_until(app, lambda: isinstance(app.scenes.base, TitleScene))
    finally:
        host.stop()
        if other is not None:
            other.stop()
        app.shutdown()


def test_a_refused_join_says_why(tmp_path, monkeypatch):
    app = make_app(tmp_path / "home")
    host = Host(app.rules, GameConfig(("Ann", "Bob")), [HostSeat(LOCAL), HostSeat(REMOTE)]).start()
    try:
        app.scenes.switch(JoinScene(app))
        join = app.scenes.base
        type_text(app, join.entries["address"], f"127.0.0.1:{host.port}")
        wrong = host.code[:3] + ("ABCDEF" if host.code[3:] != "ABCDEF" else "ABCDEG")  # the table's id, not its secret
        type_text(app, join.entries["code"], f"{wrong[:3]}-{wrong[3:6]}-{wrong[6:]}")
        type_text(app, join.entries["name"], "Bob")
        click(app, join.join_button)
        frames_until(app, lambda: join.error)
        assert join.error == "The join code is wrong."
        monkeypatch.setattr(Guest, "rules_version", lambda self: 999)
        type_text(app, join.entries["code"], host.code)
        press(app, pygame.K_RETURN)  # leaves the field
        assert not join.error and join.guest is None
        press(app, pygame.K_RETURN)  # and knocks
        frames_until(app, lambda: join.error)
        assert "another edition of the rules" in join.error
        type_text(app, join.entries["address"], "not an address")
        click(app, join.join_button)
        assert join.error.startswith("Type the table's address")
    finally:
        host.stop()
        app.shutdown()


def test_a_hosted_table_left_in_play_is_resumed_and_its_guest_comes_back(tmp_path):
    app = make_app(tmp_path / "home", settings=fast_settings())
    app.scenes.switch(HostScene(app))
    run(app)
    host_scene = app.scenes.base
    type_text(app, host_scene.port_entry, "0")
    host_scene.announce = False
    click(app, button(app, "Open the table"))
    lobby = app.scenes.base
    guest = Guest(app.rules, "Bob", lobby.host.code, ("127.0.0.1", lobby.host.port)).start()
    try:
        frames_until(app, lambda: lobby.side.seats[1]["connected"])
        click(app, lobby.start_button)
        m = app.match
        rng = random.Random(5)
        end = time.monotonic() + 30
        while len(m.game.actions()) < 6:
            assert time.monotonic() < end
            scene = app.scenes.base
            if m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
                do_by_input(app, rng.choice(m.game.legal_actions()))
                continue
            guest_moves(guest, rng)
            run(app, 1)
            time.sleep(0.002)
        frames_until(app, lambda: not m.pending and guest.n == len(m.game.actions()))
        made = [a.to_json() for a in m.game.actions()]
        press(app, pygame.K_ESCAPE)  # leave the table: the host stops, its table is kept
        frames_until(app, lambda: isinstance(app.scenes.base, TitleScene))
        frames_until(app, lambda: not guest.connected)
        press(app, pygame.K_o)
        menu = app.scenes.base
        assert isinstance(menu, NetScene) and menu.resume_button is not None
        click(app, menu.resume_button)
        again = app.match
        assert again is not None and again is not m and [a.to_json() for a in again.game.actions()] == made
        frames_until(app, lambda: guest.connected and again.net.seats[1]["connected"])  # back by itself
        assert guest.rejoins == 1 and guest.seat == 1
    finally:
        guest.stop()
        app.shutdown()
