"""The record of a whole game a host sends its guests once the game is over: a guest
keeps it only if it replays, with the engine, to the table of the host's last update; a
record of another game is refused, and one sent before the end is a hostile host's."""

from __future__ import annotations

import json
import random

import pytest
from net_helpers import table, wait

from vikings.bots import make_bot
from vikings.engine import GameConfig
from vikings.net import guest as guest_module
from vikings.net.guest import Guest, Hostile
from vikings.net.host import BOT, REMOTE, Host, Seat
from vikings.net.view import digest, public_view


def played(rules, moves: int | None = None, seed: int = 31):
    """A host (not started) and a guest at seat 0 that checked every update of a seeded
    random game, to its end or for `moves` moves."""
    host = Host(rules, GameConfig(("A", "B", "C"), seed=seed), [Seat(REMOTE), Seat(REMOTE), Seat(BOT, level="hard")])
    guest = Guest(rules, "g", host.code, ("127.0.0.1", 1))
    guest.seat = 0
    guest._adopt(host._update(None, None, []), trusted_step=False)
    rng = random.Random(seed)
    while not host.state.is_over and (moves is None or guest.n < moves):
        seat, action = host.state.to_move, rng.choice(host.state.legal_actions())
        events = host.state.apply(action)
        guest._adopt(json.loads(json.dumps(host._update(seat, action, events))), trusted_step=True)
    return host, guest


def inbox(guest: Guest) -> list:
    out = []
    while not guest.inbox.empty():
        out.append(guest.inbox.get_nowait())
    return out


def test_the_hosts_record_replays_to_the_last_table_and_is_kept(rules):
    host, guest = played(rules)
    record = json.loads(json.dumps(host._record()))
    assert record["seats"] == ["person", "person", "hard"] and record["config"]["seed"] == 31
    guest._take_record(record)
    assert guest.record is not None and guest.record_seats == ["person", "person", "hard"]
    assert digest(public_view(guest.record)) == digest(public_view(host.state)) == digest(guest.view)
    assert guest.record.config.seed == 31 and guest.record.actions() == host.state.actions()
    assert ("record", None) in inbox(guest) and guest.outcome == "over"


@pytest.mark.parametrize(
    "forge, reason",
    [
        (lambda r: r["config"].update(seed=32), "bad_game"),  # another deal: its moves are not legal there
        (lambda r: r["config"].update(players=["A", "B", "X"]), "other_game"),  # replays, to another table
        (lambda r: r["actions"].pop(), "other_game"),  # one move short: not over
        (lambda r: r["actions"].__setitem__(3, ["buy", 99]), "bad_game"),
        (lambda r: r["seats"].__setitem__(0, "hard"), "seats"),  # this guest's own seat a bot
        (lambda r: r["seats"].__setitem__(2, "wizard"), "seats"),
        (lambda r: r["config"].update(players="ABC"), "bad_game"),
    ],
)
def test_a_forged_record_is_refused(rules, forge, reason):
    host, guest = played(rules)
    record = json.loads(json.dumps(host._record()))
    forge(record)
    guest._take_record(record)
    assert guest.record is None
    assert ("record_refused", reason) in inbox(guest) and guest.outcome == "over"


def test_a_record_before_the_end_is_a_hostile_hosts(rules):
    host, guest = played(rules, moves=12)
    assert not host.state.is_over
    record = {"t": "record", "config": host.config.to_json(), "actions": [], "seats": ["person"] * 3}
    with pytest.raises(Hostile, match="before its end"):
        guest._take_record(record)
    assert guest.record is None


def test_every_guest_gets_the_record_at_the_end_and_one_that_joins_after_it_too(rules):
    host = table(rules, "remote", "random", seed=12)
    g = Guest(rules, "g", host.code, ("127.0.0.1", host.port), bot=make_bot("random", 1)).start()
    try:
        assert wait(lambda: host.seat_list()[0]["connected"])
        host.begin()
        assert g.done.wait(60) and g.outcome == "over" and g.record is not None
        assert g.record.actions() == host.state.actions()
        token = g.token
        g.stop()
        assert wait(lambda: not host.seat_list()[0]["connected"])
        late = Guest(rules, "g", host.code, ("127.0.0.1", host.port), token=token).start()
        assert late.done.wait(10) and late.outcome == "over" and late.record is not None
        assert late.past is not None and len(late.past["moves"]) + late.past["first"] == late.n
        assert digest(public_view(late.record)) == digest(late.view)
        late.stop()
    finally:
        host.stop()
        g.stop()


def test_the_past_is_bounded_by_leaving_out_the_oldest_moves(rules, monkeypatch):
    host, guest = played(rules, moves=60)
    whole = host._past()
    assert whole["first"] == 0 and whole["start"] is not None and len(whole["moves"]) == 60
    size = len(json.dumps(whole["moves"][30:], separators=(",", ":")).encode()) + 30 + 64
    monkeypatch.setattr(guest_module.p, "MAX_PAST", size)
    cut = host._past()
    assert cut["start"] is None and 25 <= cut["first"] <= 31 and cut["first"] + len(cut["moves"]) == 60
    assert cut["moves"] == whole["moves"][cut["first"] :]
    guest._take_past(json.loads(json.dumps(cut)))
    assert guest.past is not None and guest.past["first"] == cut["first"]
    guest.past = None
    cut = json.loads(json.dumps(cut))
    cut["moves"][0]["events"][0]["type"] = "fireworks"  # not an event of the game: left out
    guest._take_past(cut)
    assert guest.past is None
