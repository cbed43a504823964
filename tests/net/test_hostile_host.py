"""A guest does not take the host's word for what the rules decide: a move by the wrong
player, an illegal move, a view that gives someone what the move does not, a skipped
move or a digest that does not match are refused."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from net_helpers import Raw

from vikings.engine import GameConfig
from vikings.engine.actions import Buy
from vikings.net.guest import Guest, Hostile
from vikings.net.host import REMOTE, Host, Seat
from vikings.net.view import digest


@pytest.fixture
def pair(rules):
    """A host (not started: its updates are made by hand) and a guest that holds its table."""
    host = Host(rules, GameConfig(("A", "B"), seed=21), [Seat(REMOTE), Seat(REMOTE)])
    guest = Guest(rules, "g", host.code, ("127.0.0.1", 1))
    guest._adopt(host._update(None, None, []), trusted_step=False)
    return host, guest


def step(host):
    """The host's next honest update (a copy of it, to be tampered with)."""
    seat = host.state.to_move
    action = host.state.legal_actions()[0]
    events = host.state.apply(action)
    return json.loads(json.dumps(host._update(seat, action, events)))


def seal(update):
    update["digest"] = digest(update["view"])
    return update


def test_honest_updates_pass_every_check(pair):
    host, guest = pair
    for _ in range(40):
        guest._adopt(step(host), trusted_step=True)
    assert guest.checked == 41 and guest.n == 40
    assert digest(guest.view) == digest(host._update(None, None, [])["view"])


def test_a_move_the_rules_forbid_is_refused(pair):
    host, guest = pair
    update = step(host)
    update["action"] = Buy(63).to_json()
    with pytest.raises(Hostile, match="illegal"):
        guest._adopt(update, trusted_step=True)


def test_a_move_by_a_player_whose_turn_it_is_not_is_refused(pair):
    host, guest = pair
    update = step(host)
    update["seat"] = 1 - update["seat"]
    with pytest.raises(Hostile, match="turn"):
        guest._adopt(update, trusted_step=True)


def test_a_view_that_gives_what_the_move_does_not_is_refused_even_with_its_digest(pair):
    host, guest = pair
    update = step(host)
    update["view"]["displays"][0]["gold"] += 5
    with pytest.raises(Hostile, match="displays"):
        guest._adopt(seal(update), trusted_step=True)


def test_a_digest_that_does_not_match_and_a_skipped_move_are_refused(pair):
    host, guest = pair
    update = step(host)
    update["digest"] = "0" * 64
    with pytest.raises(Hostile, match="digest"):
        guest._adopt(update, trusted_step=True)
    step(host)
    with pytest.raises(Hostile, match="skipped"):
        guest._adopt(step(host), trusted_step=True)


def test_a_view_that_is_no_game_is_refused(pair):
    host, guest = pair
    update = step(host)
    update["view"]["displays"] = update["view"]["displays"][:1]
    with pytest.raises(Hostile):
        guest._adopt(seal(update), trusted_step=True)


def test_over_the_wire_the_guest_leaves_a_hostile_host_and_does_not_come_back(rules):
    """A fake host: an honest welcome, then a move that hands a player gold."""
    host = Host(rules, GameConfig(("A", "B"), seed=22), [Seat(REMOTE), Seat(REMOTE)])
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    connections = []

    def serve():
        conn, _ = server.accept()
        connections.append(conn)
        raw = Raw(sock=conn)
        assert raw.answer(host.code)["t"] == "join"  # the handshake, as an honest host
        welcome = {
            "t": "welcome",
            "seat": 0,
            "token": "t" * 32,
            "seats": [],
            "started": True,
            "config": {},
            "update": host._update(None, None, []),
        }
        bad = step(host)
        bad["view"]["displays"][1]["fame"] += 3
        conn.sendall(raw.frame(welcome) + raw.frame(seal(bad)))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    guest = Guest(rules, "g", host.code, ("127.0.0.1", port)).start()
    try:
        assert guest.done.wait(10)
        assert guest.outcome == "hostile"
        assert guest.n == 0  # the tampered move was never shown
        kinds = [k for k, _ in list(guest.inbox.queue)]
        assert kinds == ["welcome", "hostile"]
    finally:
        guest.stop()
        server.close()
        for c in connections:
            c.close()


def test_a_mangled_view_is_refused_as_hostile_and_never_crashes_the_guest(rules):
    """Random changes to the view of an honest update (digest made to match): the guest
    takes the update or refuses it as hostile; no other error escapes."""
    import random

    chooser = random.Random(58)
    junk = [None, True, -1, 0, 7, 10**12, "x", [], [1, 2], {}, {"a": 1}, [[-1, 3]]]
    host = Host(rules, GameConfig(("A", "B"), seed=23), [Seat(REMOTE), Seat(REMOTE)])
    start = json.loads(json.dumps(host._update(None, None, [])))
    refused = 0
    for _ in range(300):
        update = json.loads(json.dumps(start))
        node, key = _random_place(update["view"], chooser)
        node[key] = chooser.choice(junk)
        guest = Guest(rules, "g", host.code, ("127.0.0.1", 1))
        try:
            guest._adopt(seal(update), trusted_step=False)
        except Hostile:
            refused += 1
    assert refused > 150


def _random_place(node, chooser):
    """A random (container, key) inside a JSON value."""
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = chooser.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and chooser.random() < 0.6:
            node = child
            continue
        return node, key
