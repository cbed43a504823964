"""The handshake on the join code and the sealed frames: what a relay or anyone on the
path sees, a wrong code, another version at the door, and frames altered, replayed or
left out on the way."""

from __future__ import annotations

import json
import threading

import pytest
from net_helpers import Proxy, Raw, table, wait
from test_relay import relay  # noqa: F401  (the fixture)

from vikings.bots import make_bot
from vikings.engine import GameConfig
from vikings.net import host as host_module
from vikings.net import protocol as p
from vikings.net.guest import Guest
from vikings.net.host import BOT, REMOTE, Host, Seat
from vikings.net.view import digest, public_view


def test_what_passes_a_relay_holds_no_code_token_name_or_view(rules, relay):
    """Every byte the relay received and sent, captured on its way in and out."""
    server, port = relay
    wire = Proxy(port)  # host and guests reach the relay through it
    names = ("Thorgunnaxe", "Ragnvaldix", "Sigvaldorn")
    seats = [Seat(REMOTE), Seat(BOT, level="random"), Seat(REMOTE)]
    host = Host(rules, GameConfig(names, seed=5), seats, bind=None, relay=("127.0.0.1", wire.port)).start()
    assert wait(lambda: p.table_id(host.code) in server.tables)
    guests = [
        Guest(rules, nick, host.code, ("127.0.0.1", wire.port), relay=True, bot=make_bot("random", i)).start()
        for i, nick in ((1, "Hallgerdix"), (2, "Eyvindorax"))
    ]
    try:
        assert wait(lambda: all(s["connected"] for s in host.seat_list()))
        host.begin()
        for g in guests:
            assert g.done.wait(60) and g.outcome == "over", g.outcome
        seen = wire.bytes_seen()
        assert p.table_id(host.code).encode() in seen  # (the capture is real: the relay's one clue)
        secret = host.code[p.TABLE_LENGTH :]
        for hidden in (host.code, p.shown_code(host.code), secret, secret.lower()):
            assert hidden.encode() not in seen
        for s in host.seats:
            if s.token:
                assert s.token.encode() not in seen and bytes.fromhex(s.token) not in seen
        for name in names + ("Hallgerdix", "Eyvindorax"):
            assert name.encode() not in seen
        view = public_view(host.state)
        pieces = ['"history"', '"displays"', json.dumps(view["history"][-1]), digest(view)]
        for piece in pieces:
            assert piece.encode() not in seen
        assert len(seen) > 20_000  # a whole game passed
    finally:
        host.stop()
        for g in guests:
            g.stop()
        wire.close()


def test_a_wrong_code_is_refused_at_once_and_tried_once(rules, monkeypatch):
    monkeypatch.setattr(host_module, "WRONG_CODE_PAUSE", 1.0)
    host = table(rules, "remote", "random")
    wire = Proxy(host.port)
    try:
        wrong = host.code[:3] + ("A" if host.code[3] != "A" else "B") + host.code[4:]
        g = Guest(rules, "guess", wrong, ("127.0.0.1", wire.port)).start()
        assert g.done.wait(5)
        assert list(g.inbox.queue) == [("refused", p.REFUSED_CODE)] and g.token is None
        # The host's proof told the guest; the host holds the try's place at the door.
        assert wait(lambda: host.stats["refused"] == 1, 1) and host._pending == 1
        assert wait(lambda: host._pending == 0, 3)
        assert wire.connections == 1  # no second try by itself
        assert not host.seat_list()[0]["connected"]
        # A guest with the right code, in any case and with dashes, takes the seat.
        right = Guest(rules, "fair", p.shown_code(host.code).lower(), ("127.0.0.1", host.port)).start()
        assert wait(lambda: right.seat == 0) and host.seat_list()[0]["connected"]
        right.stop()
    finally:
        host.stop()
        wire.close()


def test_a_guest_of_protocol_1_is_told_another_version_and_a_host_of_protocol_1_tells_us(rules):
    host = table(rules, "remote", "random")
    try:
        old = Raw(host.port)  # protocol 1's hello: the code in the clear
        old.send(
            dict(t="hello", protocol=1, rules_version=2, rules_digest=rules.digest, code="ABCDEF", name="o", token=None)
        )
        old.refused(p.REFUSED_PROTOCOL)
    finally:
        host.stop()

    import socket

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def old_host():  # answers our opener as protocol 1 did: it checks the version first
        conn, _ = server.accept()
        raw = Raw(sock=conn)
        opener = raw.recv()
        assert opener["protocol"] == p.PROTOCOL_VERSION and opener["name"] == "" and opener["token"] is None
        raw.send({"t": "refused", "reason": p.REFUSED_PROTOCOL, "detail": ""})
        conn.close()

    thread = threading.Thread(target=old_host, daemon=True)
    thread.start()
    g = Guest(rules, "new", p.new_code(), ("127.0.0.1", port)).start()
    try:
        assert g.done.wait(5) and list(g.inbox.queue) == [("refused", p.REFUSED_PROTOCOL)]
    finally:
        g.stop()
        server.close()


@pytest.mark.parametrize("to", ["guest", "host"])
@pytest.mark.parametrize("fault", ["flip", "replay", "drop"])
def test_a_frame_altered_replayed_or_left_out_ends_the_connection_and_the_guest_rejoins(rules, fault, to):
    host = table(rules, "remote", "random", seed=8)
    wire = Proxy(host.port, fault=fault, to=to, at=4)
    g = Guest(rules, "g", host.code, ("127.0.0.1", wire.port), bot=make_bot("random", 3)).start()
    try:
        assert wait(lambda: host.seat_list()[0]["connected"])
        host.begin()
        assert g.done.wait(60) and g.outcome == "over", g.outcome
        assert wire.done and wire.connections >= 2 and g.rejoins >= 1
        assert digest(g.view) == digest(public_view(host.state))
        assert host._thread.is_alive()
    finally:
        host.stop()
        g.stop()
        wire.close()


def test_frames_open_only_once_in_order_and_only_with_the_same_code():
    from vikings.net.seal import GUEST, HOST, Pake, Tampered

    code = p.new_code()
    guest, host = Pake(code, GUEST), Pake(code, HOST)
    (to_host, proof_g), (to_guest, proof_h) = guest.finish(host.message), host.finish(guest.message)
    assert proof_g == proof_h
    frames = [to_host.seal(f"frame {i}".encode()) for i in range(3)]
    assert to_guest.open(frames[0]) == b"frame 0"
    for bad in (frames[0], frames[2], frames[1][:-1] + bytes([frames[1][-1] ^ 1]), b"short"):
        with pytest.raises(Tampered):  # replayed, out of order, altered, cut
            to_guest.open(bad)
    assert to_guest.open(frames[1]) == b"frame 1"
    back = to_guest.seal(b"answer")
    with pytest.raises(Tampered):  # each direction has its own key
        to_guest.open(back)
    assert to_host.open(back) == b"answer"
    host = Pake(code, HOST)
    wrong = Pake(code[:8] + ("A" if code[8] != "A" else "B"), GUEST)  # one sign of the secret differs
    (sealer_w, proof_w), (sealer_h, proof_h) = wrong.finish(host.message), host.finish(wrong.message)
    assert proof_w != proof_h
    with pytest.raises(Tampered):
        sealer_h.open(sealer_w.seal(b"join"))
    with pytest.raises(p.ProtocolError):
        Pake(code, HOST).finish(Pake(code, HOST).message)  # not the other side's message
