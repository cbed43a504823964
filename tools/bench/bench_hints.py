"""How long a hint takes to reach the screen: median, p90 and max over the decisions of
seeded games (2 and 4 players, standard and advanced rules).

    python tools/bench/bench_hints.py [--seeds 1] [--every 2] [--local]

Each game is played by Normal bots for every seat; at every `--every`-th decision with
more than one option a hint is asked the way the screens ask for it: a "hint" job to the
bots' helper process (bots/remote.py), timed from the request until the answer has been
collected (the helper's mirror catching up, the ranking with Hard's search, the reasons,
the pipe both ways). `--local` times `hints.suggest` in this process instead. Target:
median 2 s or less, never more than 4 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.advice.hints import suggest  # noqa: E402
from vikings.bots import make_bot
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import OPTIONS, GameConfig, new_game  # noqa: E402
from vikings.processes import remote_bots as remote  # noqa: E402

CASES = (
    ("2 players, standard", 2, frozenset()),
    ("4 players, standard", 4, frozenset()),
    ("2 players, advanced", 2, frozenset(OPTIONS)),
    ("4 players, advanced", 4, frozenset(OPTIONS)),
)


def figures(times: list[float]) -> str:
    t = sorted(times)
    p90 = t[min(len(t) - 1, int(0.9 * len(t)))]
    return f"{len(t):4d} hints  median {statistics.median(t):.2f} s  p90 {p90:.2f} s  max {t[-1]:.2f} s"


def time_game(rules, players: int, options, seed: int, every: int, thinker, table: int) -> list[float]:
    game = new_game(GameConfig(tuple("ABCD"[:players]), seed=seed, options=options), rules)
    bots = [make_bot("normal", seed * 10 + p) for p in range(players)]
    times = []
    k = 0
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) > 1:
            k += 1
            if k % every == 0:
                start = time.perf_counter()
                if thinker is None:
                    suggest(game)
                else:
                    job = thinker.ask_hint(table, game)
                    while not job.poll():
                        time.sleep(0.005)
                    if job.error is not None:
                        raise job.error
                times.append(time.perf_counter() - start)
        game.apply(bots[game.to_move].choose(game.copy(), legal))
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=1, help="games per case (seeds 1..N)")
    ap.add_argument("--every", type=int, default=2, help="time every N-th decision (default 2)")
    ap.add_argument("--local", action="store_true", help="think in this process, not the helper")
    args = ap.parse_args(argv)
    rules = default_rules()
    thinker = None
    if not args.local:
        thinker = remote.Thinker()
        thinker.start()
    everything = []
    try:
        for table, (name, players, options) in enumerate(CASES, 1):
            times = []
            for seed in range(1, args.seeds + 1):
                times += time_game(rules, players, options, seed, args.every, thinker, table * 100 + seed)
            everything += times
            print(f"{name:22s} {figures(times)}", flush=True)
    finally:
        if thinker is not None:
            thinker.stop()
    print(f"{'all':22s} {figures(everything)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
