"""The relay pairs a host and its guests by table id (the join code's first part) and
forwards their frames unread, bounded in size and rate; a whole game plays through it."""

from __future__ import annotations

import asyncio
import struct
import threading

import pytest
from net_helpers import Raw, table, wait

from vikings.bots import make_bot
from vikings.net.guest import Guest
from vikings.net.links import wind_up
from vikings.net.protocol import table_id
from vikings.net.relay import Relay
from vikings.net.view import digest, public_view


@pytest.fixture
def relay():
    loop = asyncio.new_event_loop()
    server = Relay()
    port = loop.run_until_complete(server.start("127.0.0.1", 0))
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield server, port
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    server.server.close()
    wind_up(loop)


def test_a_whole_game_through_the_relay(rules, relay):
    server, port = relay
    host = table(rules, "remote", "random", "remote", seed=12, bind=None, relay=("127.0.0.1", port))
    guests = []
    try:
        assert wait(lambda: table_id(host.code) in server.tables)
        for i in (1, 2):
            guests.append(
                Guest(rules, f"g{i}", host.code, ("127.0.0.1", port), relay=True, bot=make_bot("random", i)).start()
            )
        assert wait(lambda: all(s["connected"] for s in host.seat_list()))
        host.begin()
        for g in guests:
            assert g.done.wait(60) and g.outcome == "over", g.outcome
            assert digest(g.view) == digest(public_view(host.state))
        assert server.forwarded > 2 * len(host.state.actions())
    finally:
        host.stop()
        for g in guests:
            g.stop()
    assert wait(lambda: not server.tables)  # the table leaves the relay with its host


def test_the_relay_refuses_unknown_codes_taken_codes_and_nonsense(rules, relay):
    server, port = relay
    host = table(rules, "remote", "random", bind=None, relay=("127.0.0.1", port))
    try:
        assert wait(lambda: table_id(host.code) in server.tables)
        other = "ZZZ" if not host.code.startswith("ZZZ") else "YYY"
        lost = Guest(rules, "g", other + host.code[3:], ("127.0.0.1", port), relay=True).start()
        assert lost.done.wait(10) and lost.inbox.get() == ("refused", "relay_unknown")
        twin = Raw(port)
        twin.send({"t": "relay_host", "table": table_id(host.code)})
        assert twin.recv() == {"t": "relay_refused", "reason": "taken"}
        bad_ones = (
            {"t": "relay_join"},
            {"t": "relay_join", "table": "<script>"},
            {"t": "relay_join", "table": host.code},  # the whole code is not a table id
            {"t": "relay_join", "code": host.code},  # (protocol 1's field)
            {"t": "hello", "table": table_id(host.code)},
        )
        for bad in bad_ones:
            raw = Raw(port)
            raw.send(bad)
            assert raw.recv() == {"t": "relay_refused", "reason": "malformed"}
        raw = Raw(port)
        raw.send_bytes(struct.pack(">I", 10**6))
        assert raw.recv()["reason"] == "malformed" and raw.closed()
    finally:
        host.stop()


def test_the_relay_forwards_unread_and_drops_a_guest_that_sends_too_much_or_too_fast(relay):
    """A host by hand: the relay's own frames (links.MUX) and its own bounds."""
    from vikings.net.links import DATA, MUX, OPEN
    from vikings.net.relay import GUEST_BURST

    server, port = relay
    host = Raw(port)
    host.send({"t": "relay_host", "table": "ABC"})
    assert host.recv() == {"t": "relay_ok"}

    def from_relay():
        size, channel, kind = MUX.unpack(host._exactly(MUX.size))
        return channel, kind, host._exactly(size)

    big = Raw(port)
    big.send({"t": "relay_join", "table": "abc"})
    assert big.recv() == {"t": "relay_ok"}
    channel, kind, _ = from_relay()
    assert kind == OPEN
    big.send_bytes(struct.pack(">I", 3) + b"\x00\xffx")  # not JSON: forwarded all the same, unread
    assert from_relay() == (channel, DATA, b"\x00\xffx")
    big.send_bytes(struct.pack(">I", 10**6) + b"x" * 1000)  # larger than a guest may send
    assert big.closed()
    assert from_relay()[:2] == (channel, 2)  # CLOSE

    fast = Raw(port)
    fast.send({"t": "relay_join", "table": "ABC"})
    assert fast.recv() == {"t": "relay_ok"}
    assert from_relay()[1] == OPEN
    try:
        for _ in range(500):  # faster than the relay's rate
            fast.send({"t": "pong", "ts": 1})
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert fast.closed()
    forwarded = 0
    while True:
        _, kind, _ = from_relay()
        if kind != DATA:
            break
        forwarded += 1
    assert GUEST_BURST - 2 <= forwarded <= GUEST_BURST + 10
    assert "ABC" in server.tables  # the host stays
    host.close()


def test_vikings_relay_runs_as_a_command_and_refuses_an_unknown_code():
    import subprocess
    import sys

    from net_helpers import wait as _wait

    from tools.net.net_match import free_port

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "vikings", "relay", "--port", str(port), "--bind", "127.0.0.1"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == f"vikings relay on 127.0.0.1:{port}"
        raw = Raw(port)
        raw.send({"t": "relay_join", "table": "QQQ"})
        assert raw.recv() == {"t": "relay_refused", "reason": "unknown"}
        assert _wait(raw.closed)
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_table_id_the_relay_has_taken_is_changed_before_anyone_joins(rules, relay):
    from vikings.net.protocol import new_code

    server, port = relay
    squatter = Raw(port)
    code = new_code()
    squatter.send({"t": "relay_host", "table": table_id(code)})
    assert squatter.recv() == {"t": "relay_ok"}
    host = table(rules, "remote", "random", code=code, bind=None, relay=("127.0.0.1", port))
    try:
        assert wait(lambda: host.code != code)
        assert host.code[3:] == code[3:] and ("code", host.code) in list(host.inbox.queue)
        assert wait(lambda: table_id(host.code) in server.tables)
        g = Guest(rules, "g", host.code, ("127.0.0.1", port), relay=True).start()
        assert wait(lambda: host.seat_list()[0]["connected"])
        g.stop()
    finally:
        host.stop()
        squatter.close()
