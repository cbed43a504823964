"""Whole games at a networked table on loopback: a host, bots and guests that play by
themselves; every copy ends identical, and nothing secret ever reaches a guest."""

from __future__ import annotations

import json

from net_helpers import ADVANCED, table, wait

from vikings.bots import make_bot
from vikings.engine import GameConfig, new_game
from vikings.engine.actions import action_from_parts
from vikings.net import protocol as p
from vikings.net.guest import Guest
from vikings.net.host import Host
from vikings.net.view import digest, public_view


def guest(rules, host: Host, seed: int, **kw) -> Guest:
    return Guest(rules, f"guest{seed}", host.code, ("127.0.0.1", host.port), bot=make_bot("random", seed), **kw).start()


def test_a_whole_advanced_game_ends_identical_on_every_copy_and_no_secret_is_sent(rules):
    seed = 735194628113579
    frames: list[bytes] = []
    host = table(rules, "remote", "random", "remote", seed=seed, options=ADVANCED, watch=frames.append)
    try:
        guests = [guest(rules, host, 1), guest(rules, host, 2)]
        assert wait(lambda: all(s["connected"] for s in host.seat_list()))
        host.begin()
        for g in guests:
            assert g.done.wait(60) and g.outcome == "over", g.outcome
        final = public_view(host.state)
        assert host.state.is_over
        for g in guests:
            assert digest(g.view) == digest(final)
            assert g.checked >= len(final["history"])  # every move checked by every guest
        assert host.stats == {"rejected": 0, "dropped": 0, "refused": 0}
    finally:
        host.stop()
        for g in guests:
            g.stop()
    # Every byte sent to the guests: replay the game to know every secret it had. Only the
    # record of the whole game, one to each guest once the game is over, holds them.
    kinds = [json.loads(f[4:])["t"] for f in frames]
    records = [i for i, kind in enumerate(kinds) if kind == "record"]
    last = kinds.index("update", min(i for i, f in enumerate(frames) if b'"n":%d,' % len(final["history"]) in f))
    assert len(records) == 2 and min(records) > last  # (after the last move's update)
    assert all(json.loads(frames[i][4:])["config"]["seed"] == seed for i in records)
    sent = b"".join(f for i, f in enumerate(frames) if i not in records)
    assert len(frames) > 2 * len(final["history"])
    game = new_game(GameConfig(("P0", "P1", "P2"), seed=seed, options=ADVANCED), rules)
    secrets = {str(seed), str(game.rng.state)}
    orders = {json.dumps(list(s), separators=(",", ":")) for s in game.stacks}
    orders.add(json.dumps(list(game.adv.supply), separators=(",", ":")))
    for parts in final["history"]:
        game.apply(action_from_parts(parts))
        secrets.add(str(game.rng.state))
    assert b'"rng"' not in sent and b'"seed":0' in sent
    for secret in secrets:
        assert secret.encode() not in sent
    for order in orders:
        assert order.encode() not in sent


def test_a_dropped_guest_rejoins_its_seat_and_the_game_goes_on(rules):
    host = table(rules, "remote", "random", seed=8)
    g = guest(rules, host, 1)
    try:
        assert wait(lambda: host.seat_list()[0]["connected"])
        host.begin()
        assert wait(lambda: g.n >= 30)
        g._loop.call_soon_threadsafe(g._link.close)  # the Wi-Fi goes
        assert g.done.wait(60) and g.outcome == "over"
        assert g.rejoins >= 1 and g.seat == 0
        assert digest(g.view) == digest(public_view(host.state))
    finally:
        host.stop()
        g.stop()


def test_the_host_hands_a_missing_seat_to_a_bot_and_back(rules):
    host = table(rules, "remote", "random", seed=9)
    first = guest(rules, host, 1)
    try:
        assert wait(lambda: first.token is not None)  # (the welcome taken)
        token = first.token
        host.begin()
        assert wait(lambda: first.n >= 20)
        first.stop()  # the guest's laptop closes
        assert wait(lambda: not host.seat_list()[0]["connected"])
        moves = len(host.state.actions())
        host.hand_to_bot(0)
        assert wait(lambda: len(host.state.actions()) > moves + 20 or host.state.is_over)
        assert host.seat_list()[0]["bot"]
        host.hand_to_bot(0, False)
        # Back with the token: the same seat, the table as it is now.
        again = guest(rules, host, 2, token=token)
        assert again.done.wait(60) and again.outcome == "over" and again.seat == 0, list(again.inbox.queue)[-3:]
        assert digest(again.view) == digest(public_view(host.state))
    finally:
        host.stop()
        first.stop()


def test_a_restarted_host_resumes_from_its_autosave_with_the_same_code_and_seats(rules, tmp_path):
    autosave = tmp_path / "table.json"
    host = table(rules, "remote", "random", seed=10, autosave=autosave, rejoin_minutes=1)
    g = guest(rules, host, 1)
    assert wait(lambda: host.seat_list()[0]["connected"])
    host.begin()
    assert wait(lambda: g.n >= 25)
    port, code = host.port, host.code
    host.stop()
    assert wait(lambda: json.loads(autosave.read_text())["save"].count("\n") > 0)
    again = Host.resume(autosave, rules, bind=("127.0.0.1", port)).start()
    try:
        assert again.code == code and again.started
        assert len(again.state.actions()) >= 25
        assert g.done.wait(60) and g.outcome == "over", g.outcome
        assert g.rejoins >= 1
        assert digest(g.view) == digest(public_view(again.state))
    finally:
        again.stop()
        g.stop()


def test_the_door_refuses_wrong_codes_versions_rules_tokens_and_a_full_table(rules):
    from net_helpers import Raw

    host = table(rules, "remote", "random")
    try:
        cases = [
            ({"code": "WRONG-CODE-1"}, p.REFUSED_CODE),
            ({"protocol": p.PROTOCOL_VERSION + 1}, p.REFUSED_PROTOCOL),
            ({"rules_version": 1}, p.REFUSED_RULES),
            ({"rules_digest": "0" * 16}, p.REFUSED_RULES),
            ({"token": "f" * 32}, p.REFUSED_TOKEN),
        ]
        for change, reason in cases:
            raw = Raw(host.port)
            raw.hello(rules, host.code, **change)
            raw.refused(reason)
        first = Raw(host.port)
        first.hello(rules, host.code.lower())  # codes are read in any case
        assert first.recv_until("welcome")["seat"] == 0
        second = Raw(host.port)
        second.hello(rules, host.code)
        assert second.recv_until("refused")["reason"] == p.REFUSED_FULL
    finally:
        host.stop()
