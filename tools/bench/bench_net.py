"""What the network's handshake and sealing cost (vikings/net/seal.py).

    python tools/bench/bench_net.py [--runs 30]

Prints: the key exchange's processor time on each side (SPAKE2, pure Python, plus the
key derivation); a guest's join on loopback (connecting to sealed, and to the host's
welcome); the bytes the handshake adds; and per frame, the bytes and the time sealing and
opening add, for a pong and for the update of a 4-player advanced game (the largest
frame the host sends often). Medians over --runs. On a shared machine the times include
waiting for the processor: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.bots import make_bot  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import GameConfig, new_game  # noqa: E402
from vikings.net import protocol as p  # noqa: E402
from vikings.net.guest import Guest  # noqa: E402
from vikings.net.host import BOT, REMOTE, Host, Seat  # noqa: E402
from vikings.net.seal import GUEST, HOST, Pake, Sealer  # noqa: E402
from vikings.net.view import digest, public_view  # noqa: E402

ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


def median_ms(times: list[float]) -> float:
    return round(statistics.median(times) * 1000, 2)


def key_exchange(runs: int) -> dict[str, float]:
    guest_side, host_side = [], []
    for _ in range(runs):
        code = p.new_code()
        t0 = time.process_time()
        g = Pake(code, GUEST)
        t1 = time.process_time()
        h = Pake(code, HOST)
        h.finish(g.message)
        t2 = time.process_time()
        g.finish(h.message)
        t3 = time.process_time()
        guest_side.append((t1 - t0) + (t3 - t2))
        host_side.append(t2 - t1)
    return {"guest_ms": median_ms(guest_side), "host_ms": median_ms(host_side)}


def joins(runs: int) -> dict[str, float]:
    rules = default_rules()
    host = Host(rules, GameConfig(("A", "B")), [Seat(REMOTE), Seat(BOT, level="random")]).start()
    sealed, welcomed = [], []
    token = None  # the first join takes the seat, the others come back to it
    try:
        for _ in range(runs):
            start = time.perf_counter()
            g = Guest(rules, "bench", host.code, ("127.0.0.1", host.port), token=token).start()
            kind, _ = g.inbox.get(timeout=10)
            assert kind == "welcome", kind
            welcomed.append(time.perf_counter() - start)
            sealed.append(g.handshakes_ms[0] / 1000)
            token = g.token
            g.stop()
            end = time.monotonic() + 5
            while host.seat_list()[0]["connected"] and time.monotonic() < end:
                time.sleep(0.005)
    finally:
        host.stop()
    return {"sealed_ms": median_ms(sealed), "welcome_ms": median_ms(welcomed)}


def an_update() -> bytes:
    """The encoded update of a 4-player advanced game near its end (its view is largest)."""
    rules = default_rules()
    state = new_game(GameConfig(("A", "B", "C", "D"), seed=3, options=ADVANCED), rules)
    bot = make_bot("random", seed=1)
    while True:
        game = state.copy()
        game.apply(bot.choose(game))
        if game.is_over:
            break
        state = game
    view = public_view(state)
    msg = p.message(
        "update", n=len(view["history"]), seat=0, action=None, events=[], view=view, digest=digest(view), ts=0
    )
    return p.encode(msg)


def sealing(frame: bytes, runs: int) -> dict[str, float]:
    keys = os.urandom(32), os.urandom(32)
    out, back = Sealer(*keys), Sealer(keys[1], keys[0])
    body = frame[p.HEADER.size :]
    times = []
    for _ in range(runs * 10):
        t0 = time.perf_counter()
        back.open(out.seal(body))
        times.append(time.perf_counter() - t0)
    return {"bytes": len(body), "added_bytes": p.SEAL_OVERHEAD, "us": round(statistics.median(times) * 1e6, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    kx = key_exchange(a.runs)
    print(f"key exchange, processor time: guest {kx['guest_ms']} ms, host {kx['host_ms']} ms (median of {a.runs})")
    code = p.new_code()
    opener = p.encode(
        p.message("hello", protocol=2, rules_version=2, rules_digest="0" * 16, code="00" * 33, name="", token=None)
    )
    reply = p.encode(p.message("pake", msg="00" * 33, confirm="00" * 32))
    print(f"handshake on the wire: opener {len(opener)} bytes, answer {len(reply)} bytes (code {p.shown_code(code)})")
    j = joins(a.runs)
    print(f"join on loopback: connecting to sealed {j['sealed_ms']} ms, to the host's welcome {j['welcome_ms']} ms")
    for name, frame in (("pong", p.encode(p.message("pong", ts=time.monotonic_ns() // 1000))), ("update", an_update())):
        s = sealing(frame, a.runs)
        share = round(100 * s["added_bytes"] / s["bytes"], 2)
        print(
            f"per frame, {name} of {s['bytes']} bytes: +{s['added_bytes']} bytes ({share} %), "
            f"seal and open {s['us']} us"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
