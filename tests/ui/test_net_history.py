"""A networked game in the players' histories, and a rejoining guest's log: a whole game
at a table on loopback (the host's desk, a remote guest, a bot), each copy's Match driven
as the table scenes drive it; at the end the host's and the guest's histories hold the
game, the guest's copy replays to the host's table, and both game codes load. A guest
that comes back mid-round (a new process: a new Guest with its token; or the same one
after its connection dropped) shows the same log lines as one that was there all along.
Through the screens: a guest that joins near the end reads the whole log and reviews the
game from its results; one that joins after the end gets the whole game."""

from __future__ import annotations

import random
import time

from test_net_screens import frames_until, join_by_screen  # noqa: I001
from test_ui_table import fast_settings
from ui_helpers import click, make_app, run

from vikings.engine import GameConfig
from vikings.engine.serialize import replay
from vikings.history import History, profiles
from vikings.history.game_code import game_code, read_code
from vikings.history.games import game_save, read_save
from vikings.history.stats import history_list
from vikings.net.guest import Guest
from vikings.net.host import BOT, LOCAL, REMOTE, Host
from vikings.net.host import Seat as HostSeat
from vikings.net.view import digest, public_view
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.review import ReviewScene
from vikings.ui.table.match import PERSON, Match, Seat
from vikings.ui.table.match import REMOTE as REMOTE_SEAT
from vikings.ui.table.net_table import GuestSide, HostSide, colour, guest_match, host_match
from vikings.ui.table.record import record_finished

NAMES = ("Ann", "Astrid", "Cid")


def until(done, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "waited too long"
        time.sleep(0.002)


def step(m, rng: random.Random) -> None:
    """One beat of a table scene: hear the network, catch up, make the decision due (a
    person's at random; the network's move when it has come); the events are 'shown'."""
    if m.net is not None:
        m.net.pump()
        if hasattr(m.net, "catch_up"):
            m.net.catch_up(m)
    if m.game.is_over:
        return
    if m.persons_turn():
        m.act(rng.choice(m.game.legal_actions()))
    elif (action := m.bot_result()) is not None:
        m.act(action)
    m.pending.clear()


def open_table(rules, seed: int):
    host = Host(rules, GameConfig(NAMES, seed=seed), [HostSeat(LOCAL), HostSeat(REMOTE), HostSeat(BOT, level="random")])
    host.start()
    side = HostSide(host)
    seats = [Seat("Ann", PERSON, colour(0)), Seat("Astrid", REMOTE_SEAT, colour(1)), Seat("Cid", "random", colour(2))]
    return host, host_match(side, seats, rules)


def join(rules, host: Host, token: str | None = None):
    guest = Guest(rules, "Bob", host.code, ("127.0.0.1", host.port), token=token).start()
    until(lambda: guest.view is not None and guest.seat == 1 and guest.past is not None)
    return guest, guest_match(GuestSide(guest), rules)


def test_a_networked_game_is_recorded_by_the_host_and_the_guest_alike(rules, tmp_path):
    at_host = History.open(tmp_path / "host.sqlite3", rules)
    at_guest = History.open(tmp_path / "guest.sqlite3", rules)
    ann = profiles.create(at_host, "Ann", colour(0))
    bob = profiles.create(at_guest, "bob", colour(3))  # (the guest joined as Bob: names match without case)
    profiles.create(at_guest, "Ann", colour(0))  # a profile of the guest's desk: not the host's Ann
    host, m = open_table(rules, seed=41)
    try:
        guest, g = join(rules, host)
        host.begin()
        until(lambda: guest.started)
        rng = random.Random(2)
        end = time.monotonic() + 60
        while not (m.game.is_over and g.game.is_over and g.net.replays):
            assert time.monotonic() < end
            step(m, rng)
            step(g, rng)
    finally:
        host.stop()
        guest.stop()
    final = digest(public_view(host.state))
    assert g.game.config.seed == 41 and g.game.actions() == host.state.actions()
    assert [s.kind for s in g.seats] == [REMOTE_SEAT, PERSON, "random"]  # (the bot shown as one now)

    host_game = record_finished(at_host, m)
    guest_game = record_finished(at_guest, g)
    assert host_game is not None and guest_game is not None
    assert record_finished(at_guest, g) is None  # once
    (mine,) = history_list(at_host)
    assert [(s.name, s.profile, s.bot) for s in mine.seats] == [
        ("Ann", ann.id, None),
        ("Astrid", None, None),  # the remote friend: a person, no profile of this desk
        ("Cid", None, "random"),
    ]
    (theirs,) = history_list(at_guest)
    assert [(s.name, s.profile, s.bot) for s in theirs.seats] == [
        ("Ann", None, None),  # the host's person is no profile here, whatever her name
        ("Astrid", bob.id, None),  # the guest's own seat
        ("Cid", None, "random"),
    ]
    assert [(s.fame, s.gold, s.rank) for s in mine.seats] == [(s.fame, s.gold, s.rank) for s in theirs.seats]
    for history, ident in ((at_host, host_game), (at_guest, guest_game)):
        copy = read_save(history, game_save(history, ident)).game
        assert digest(public_view(copy)) == final and copy.config.seed == 41
    for match in (m, g):  # the results' game code loads, a remote seat as a person
        table = read_code(game_code(match.seats, match.game, match.hints), rules)
        assert [s.kind for s in table.seats] == [PERSON, PERSON, "random"]
        assert digest(public_view(table.game)) == final
    at_host.close()
    at_guest.close()


def test_a_guest_that_comes_back_mid_round_shows_the_same_log_as_one_that_stayed(rules):
    host = Host(
        rules,
        GameConfig(("Ann", "Astrid", "Cid"), seed=43),
        [HostSeat(REMOTE), HostSeat(REMOTE), HostSeat(BOT, level="random")],
    ).start()
    rng = random.Random(4)
    try:
        first = Guest(rules, "Bob", host.code, ("127.0.0.1", host.port)).start()
        until(lambda: first.view is not None and first.past is not None)
        stays = guest_match(GuestSide(first), rules)
        second, leaves = join(rules, host)
        host.begin()
        until(lambda: first.started and second.started)
        while len(host.state.actions()) < 25 or host.state.round < 2:
            step(stays, rng)
            step(leaves, rng)
        token = second.token
        second.stop()  # its game closes mid-round ...
        until(lambda: not host.seats[1].connected)
        end = time.monotonic() + 20
        while host.state.to_move != 1:  # the table plays on, then waits for her
            assert time.monotonic() < end
            step(stays, rng)
        again, back = join(rules, host, token)  # ... and comes back: the table as it is, and the log
        assert again.rejoins == 1 and back.game.actions() and not back.events  # (the log comes at the first beat)
        back.net.pump()
        assert not back.net.catch_up(back) and len(back.log) > 25  # (not behind: made from the table now)
        end = time.monotonic() + 30
        target = len(host.state.actions()) + 10
        while not (len(stays.game.actions()) == len(back.game.actions()) == len(host.state.actions()) >= target):
            assert time.monotonic() < end
            if host.state.is_over and len(back.game.actions()) == len(stays.game.actions()) == len(
                host.state.actions()
            ):
                break
            step(stays, rng)
            step(back, rng)
        assert len(back.game.actions()) >= 25
        assert back.log == stays.log and back.actors == stays.actors
        assert back.log[0] == stays.log[0] and back.log[0].startswith("Round 1")
        # The one that stayed loses its connection a moment (the same process comes back by
        # itself): the moves made meanwhile come as one table, its log made whole again.
        end = time.monotonic() + 20
        while host.state.to_move != 1 or len(stays.game.actions()) != len(host.state.actions()):
            assert time.monotonic() < end and not host.state.is_over
            step(stays, rng)
            step(back, rng)
        missed = len(host.state.actions())
        first._loop.call_soon_threadsafe(first._link.close)  # (in the other's turn)
        until(lambda: not host.seats[0].connected)
        while len(host.state.actions()) == missed:
            assert time.monotonic() < end
            step(back, rng)
        until(lambda: first.rejoins == 1)

        def settled() -> bool:  # both copies at the host's move, their logs as long (or the time is up)
            n = len(host.state.actions())
            return len(stays.game.actions()) == len(back.game.actions()) == n and len(stays.log) == len(back.log)

        while not settled():
            assert time.monotonic() < end
            step(stays, rng)
            step(back, rng)
        assert stays.log == back.log and stays.actors == back.actors
        again.stop()
        first.stop()
    finally:
        host.stop()


def test_a_guest_joins_near_the_end_reads_the_whole_log_and_its_results_review_the_game(rules, tmp_path):
    """Through the screens: the guest's log holds every move before it joined, as a game
    played at one desk would; at the end its results offer Review and Game code (the
    host's record came), its history holds the game, and Review opens it."""

    config = GameConfig(("Ann", "Bob"), seed=4, start_player=0)
    rng = random.Random(6)
    whole = replay(config, [], rules)
    while not whole.is_over:
        whole.apply(rng.choice(whole.legal_actions()))
    near_end = replay(config, [a.to_json() for a in whole.actions()[:-6]], rules)
    app = make_app(tmp_path / "home", settings=fast_settings())
    bob = profiles.create(app.history, "Bob", colour(3))
    host = Host(rules, config, [HostSeat(LOCAL), HostSeat(REMOTE)], state=near_end).start()
    try:
        join = join_by_screen(app, host, "Bob")
        frames_until(app, lambda: host.seats[1].connected and "seat 2" in join.status)
        host.begin()
        frames_until(app, lambda: app.match is not None and app.match.events)
        m = app.match
        at_one_desk = Match([Seat("Ann", PERSON, colour(0)), Seat("Bob", PERSON, colour(1))], near_end.copy())
        assert m.log == at_one_desk.log and len(m.log) > len(near_end.actions())
        end = time.monotonic() + 60
        while not isinstance(app.scenes.base, ResultsScene):
            assert time.monotonic() < end
            scene = app.scenes.base
            hs = host.state
            if hs.to_move == 0 and not hs.is_over and len(hs.actions()) == len(m.game.actions()) and not m.pending:
                n = len(hs.actions()) + 1
                host.submit(0, rng.choice(hs.legal_actions()))
                frames_until(app, lambda n=n: len(m.game.actions()) == n)
            elif m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
                scene.act(rng.choice(m.game.legal_actions()))
            run(app, 1)
            time.sleep(0.002)
        results = app.scenes.base
        assert m.net.replays and m.game.config.seed == 4 and m.game.actions() == host.state.actions()
        assert results.b_results["review"].is_enabled and results.b_results["code"].is_enabled
        (game,) = history_list(app.history)
        assert [(s.name, s.profile, s.bot) for s in game.seats] == [("Ann", None, None), ("Bob", bob.id, None)]
        click(app, results.b_results["review"])
        assert isinstance(app.scenes.base, ReviewScene)
    finally:
        host.stop()
        app.shutdown()


def test_a_guest_that_comes_after_the_end_gets_the_whole_game(rules, tmp_path):
    """A guest that joins a table whose game is over (its copy had closed, say): the results
    at once, then the host's record: Review and Game code on, the whole log, the game in
    its history."""

    config = GameConfig(("Ann", "Bob"), seed=5, start_player=1)
    rng = random.Random(5)
    whole = replay(config, [], rules)
    while not whole.is_over:
        whole.apply(rng.choice(whole.legal_actions()))
    app = make_app(tmp_path / "home", settings=fast_settings())
    bob = profiles.create(app.history, "Bob", colour(3))
    host = Host(rules, config, [HostSeat(LOCAL), HostSeat(REMOTE)], state=whole.copy()).start()
    try:
        host.begin()
        join_by_screen(app, host, "Bob")
        frames_until(app, lambda: isinstance(app.scenes.base, ResultsScene) and app.match.net.replays)
        results, m = app.scenes.base, app.match
        assert results.b_results["review"].is_enabled and results.b_results["code"].is_enabled
        assert m.game.config.seed == 5 and m.game.actions() == whole.actions()
        at_one_desk = Match([Seat("Ann", PERSON, colour(0)), Seat("Bob", PERSON, colour(1))], whole.copy())
        assert m.log == at_one_desk.log
        (game,) = history_list(app.history)
        assert [(s.name, s.profile) for s in game.seats] == [("Ann", None), ("Bob", bob.id)]
    finally:
        host.stop()
        app.shutdown()
