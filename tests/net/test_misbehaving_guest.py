"""Nothing can be done to a table from outside it: a guest that sends nonsense, too
much, too often, out of turn, illegal moves, or nothing at all is refused or dropped,
and the host plays on."""

from __future__ import annotations

import struct

import pytest
from net_helpers import Raw, table, wait

from vikings.bots import make_bot
from vikings.net import host as host_module
from vikings.net import protocol as p
from vikings.net.guest import Guest
from vikings.net.view import view_state


def joined(rules, host) -> tuple[Raw, dict]:
    raw = Raw(host.port)
    raw.hello(rules, host.code)
    welcome = raw.recv_until("welcome")
    assert welcome is not None
    return raw, welcome


def test_malformed_and_oversized_frames_are_refused_and_the_connection_closed(rules):
    host = table(rules, "remote", "remote", "random")
    try:
        raw = Raw(host.port)
        raw.send_bytes(struct.pack(">I", 7) + b"garbage")
        raw.refused(p.DROPPED_MALFORMED)
        raw = Raw(host.port)
        raw.send_bytes(struct.pack(">I", 50_000_000) + b"{" * 1000)
        assert raw.recv()["reason"] == p.DROPPED_TOO_LARGE
        assert raw.closed()
        # After joining too: a message of an unknown type, a second hello.
        raw, _ = joined(rules, host)
        raw.send({"t": "update", "n": 1})
        assert raw.recv_until("refused")["reason"] == p.DROPPED_MALFORMED
        raw, _ = joined(rules, host)
        raw.hello(rules, host.code)
        assert raw.recv_until("refused")["reason"] == p.DROPPED_MALFORMED
        assert host._thread.is_alive() and host.stats["dropped"] == 4
    finally:
        host.stop()


def test_moves_out_of_turn_illegal_or_nonsense_are_rejected_and_a_legal_one_applied(rules):
    host = table(rules, "remote", "remote")
    try:
        a, welcome = joined(rules, host)
        b, _ = joined(rules, host)
        a.send({"t": "action", "seq": 1, "action": ["buy", 0]})
        assert a.recv_until("rejected") == {"t": "rejected", "seq": 1, "reason": p.REJECTED_OVER}  # not begun
        host.begin()
        game = view_state(welcome["update"]["view"], rules)
        mover, other = (a, b) if game.to_move == 0 else (b, a)
        legal = game.legal_actions()[0].to_json()
        other.send({"t": "action", "seq": 2, "action": legal})
        assert other.recv_until("rejected")["reason"] == p.REJECTED_NOT_YOUR_TURN
        for seq, bad in enumerate(
            (["buy", 99], ["buy", {"x": 1}], ["nonsense"], [], ["buy", "3" * 400], [["buy"], 1]), start=3
        ):
            mover.send({"t": "action", "seq": seq, "action": bad})
            assert mover.recv_until("rejected") == {"t": "rejected", "seq": seq, "reason": p.REJECTED_ILLEGAL}
        assert len(host.state.actions()) == 0
        mover.send({"t": "action", "seq": 20, "action": legal})
        update = mover.recv_until("update")
        assert update["action"] == legal and update["n"] == 1
        assert host.stats["rejected"] == 8
    finally:
        host.stop()


def test_a_flood_is_dropped_and_the_seat_can_be_taken_back(rules):
    host = table(rules, "remote", "random")
    try:
        raw, welcome = joined(rules, host)
        try:
            for seq in range(300):
                raw.send({"t": "action", "seq": seq, "action": ["buy", 99]})
        except (BrokenPipeError, ConnectionResetError):  # dropped before the last was sent
            pass
        refusal = raw.recv_until("refused")  # (None when the connection was reset)
        assert refusal is None or refusal["reason"] == p.DROPPED_FLOOD
        assert raw.closed()
        assert wait(lambda: host.stats["dropped"] == 1)  # (as a flood: nothing else was wrong)
        assert wait(lambda: not host.seat_list()[0]["connected"])
        # The host plays on: the seat's owner comes back and the game ends.
        g = Guest(rules, "back", host.code, ("127.0.0.1", host.port), token=welcome["token"], bot=make_bot("random", 4))
        g.start()
        host.begin()
        assert g.done.wait(60) and g.outcome == "over" and g.seat == 0
        g.stop()
    finally:
        host.stop()


@pytest.fixture
def quick_timeouts(monkeypatch):
    monkeypatch.setattr(host_module, "HELLO_TIMEOUT", 0.3)
    monkeypatch.setattr(host_module, "IDLE_TIMEOUT", 0.5)


def test_half_open_connections_are_dropped(rules, quick_timeouts):
    host = table(rules, "remote", "random")
    try:
        silent = Raw(host.port)  # connects and says nothing
        half = Raw(host.port)
        half.send_bytes(struct.pack(">I", 100) + b'{"t": "hel')  # half a frame, then nothing
        assert silent.closed() and half.closed()
        raw, _ = joined(rules, host)  # joins, then never answers a ping
        assert wait(lambda: host.seat_list()[0]["connected"])
        assert raw.closed()
        assert wait(lambda: not host.seat_list()[0]["connected"])
    finally:
        host.stop()


def test_too_many_connections_that_never_say_hello_are_not_served(rules, quick_timeouts):
    host = table(rules, "remote", "random")
    try:
        idle = [Raw(host.port) for _ in range(host_module.MAX_PENDING)]
        assert wait(lambda: host._pending == host_module.MAX_PENDING, 2)
        extra = Raw(host.port)
        assert extra.closed()  # closed at once, before any timeout
        for raw in idle:
            raw.close()
    finally:
        host.stop()


def test_random_bytes_and_random_messages_never_hurt_the_host(rules):
    import json
    import random

    chooser = random.Random(57)
    host = table(rules, "remote", "random")
    kinds = ["hello", "action", "pong", "bye", "update", "welcome", "x", None, 7]
    values = [None, True, 1, -1, 2**70, "", "buy", "A" * 300, [], ["buy", 1], {}, {"t": "x"}, 1.5]
    try:
        for _ in range(60):
            raw = Raw(host.port, timeout=2)
            if chooser.random() < 0.4:
                blob = bytes(chooser.randrange(256) for _ in range(chooser.randrange(1, 64)))
                raw.send_bytes(struct.pack(">I", len(blob)) + blob)
            else:
                msg = {"t": chooser.choice(kinds)}
                for field in chooser.sample(["protocol", "code", "token", "seq", "action", "ts", "name"], 3):
                    msg[field] = chooser.choice(values)
                body = json.dumps(msg).encode()
                raw.send_bytes(struct.pack(">I", len(body)) + body)
            reply = raw.recv()
            assert reply is None or reply["t"] == "refused"
            raw.close()
        assert host._thread.is_alive() and host.stats["dropped"] >= 50
        g = Guest(rules, "fair", host.code, ("127.0.0.1", host.port), bot=make_bot("random", 5)).start()
        assert wait(lambda: host.seat_list()[0]["connected"])
        host.begin()
        assert g.done.wait(60) and g.outcome == "over"
        g.stop()
    finally:
        host.stop()


def test_a_guest_that_lets_its_turns_pass_has_its_seat_played_by_a_bot(rules):
    host = table(rules, "remote", "random", turn_seconds=0.3)
    try:
        raw, welcome = joined(rules, host)  # joins, then never moves
        host.begin()
        assert wait(lambda: host.state.is_over, 60)
        assert host.seat_list()[0]["bot"]
        assert ("turn_timeout", 0) in list(host.inbox.queue)
        raw.close()
    finally:
        host.stop()
