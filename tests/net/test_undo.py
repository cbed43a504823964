"""Undo at a networked table: only the host asks, and only with every guest's consent;
a guest refuses a table taken back without it."""

from __future__ import annotations

import pytest
from net_helpers import table, wait

from vikings.bots import make_bot
from vikings.engine import GameConfig
from vikings.net import protocol as p
from vikings.net.guest import Guest, Hostile
from vikings.net.host import REMOTE, Host, Seat
from vikings.net.view import digest, public_view


def answer(host: Host, kinds: tuple[str, ...]):
    while True:
        kind, data = host.inbox.get(timeout=30)
        if kind in kinds:
            return kind, data


def guest(rules, host, seed, **kw) -> Guest:
    return Guest(rules, f"g{seed}", host.code, ("127.0.0.1", host.port), bot=make_bot("random", seed), **kw).start()


def test_an_undo_everyone_agrees_to_takes_back_the_moves_on_every_copy(rules):
    host = table(rules, "remote", "remote", "random", seed=30)
    guests = [guest(rules, host, 1, undo_answer=True), guest(rules, host, 2, undo_answer=True)]
    try:
        assert wait(lambda: all(s["connected"] for s in host.seat_list()))
        host.begin()
        assert wait(lambda: min(g.n for g in guests) >= 30)
        host.ask_undo(3)
        kind, to = answer(host, ("undone", "undo_refused"))
        assert kind == "undone" and to >= 27
        for g in guests:  # every copy went back, and play went on to the end
            assert g.done.wait(60) and g.outcome == "over"
            assert digest(g.view) == digest(public_view(host.state))
            assert g.record is not None and g.record.actions() == host.state.actions()
        kept = host._past()  # the past a joiner gets: the moves taken back are not in it
        host._moves = []
        assert host._past() == kept and len(kept["moves"]) == len(host.state.actions())
    finally:
        host.stop()
        for g in guests:
            g.stop()


def test_an_undo_a_guest_declines_takes_back_nothing(rules):
    host = table(rules, "remote", "random", seed=31)
    g = guest(rules, host, 1, undo_answer=False)
    try:
        assert wait(lambda: host.seat_list()[0]["connected"])
        host.begin()
        assert wait(lambda: g.n >= 20)
        host.ask_undo(2)
        assert answer(host, ("undone", "undo_refused")) == ("undo_refused", p.UNDO_DECLINED)
        assert g.done.wait(60) and g.outcome == "over"
        assert len(host.state.actions()) == len(g.view["history"])
    finally:
        host.stop()
        g.stop()


def test_no_undo_while_a_guest_is_missing_and_no_move_while_the_table_votes(rules):
    host = table(rules, "remote", "remote", seed=32)
    try:
        host.begin()
        host.ask_undo(1)
        assert answer(host, ("undone", "undo_refused")) == ("undo_refused", p.UNDO_NOTHING)
        g = guest(rules, host, 1)  # (one guest of two: the other seat is empty)
        assert wait(lambda: g.n >= 0 and host.seat_list()[0]["connected"])
        host._call(host._undo_over, -5, "")  # (a stray end of a vote changes nothing)
        host.ask_undo(1)
        assert answer(host, ("undone", "undo_refused")) == ("undo_refused", p.UNDO_NOTHING)
        g.stop()
    finally:
        host.stop()


def test_a_guest_refuses_a_table_taken_back_without_its_consent(rules):
    host = Host(rules, GameConfig(("A", "B"), seed=33), [Seat(REMOTE), Seat(REMOTE)])
    g = Guest(rules, "g", host.code, ("127.0.0.1", 1))
    g._adopt(host._update(None, None, []), trusted_step=False)
    for _ in range(5):
        seat, action = host.state.to_move, host.state.legal_actions()[0]
        g._adopt(host._update(seat, action, host.state.apply(action)), trusted_step=True)
    earlier = host._update(None, None, [])
    with pytest.raises(Hostile, match="agree"):
        g._undone({"t": "undo_done", "to": 5, "done": True, "update": earlier})
    assert g.n == 5  # the guest's table is unchanged
