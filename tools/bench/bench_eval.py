"""Evaluation speed: microseconds per `evaluate.utilities` call over a fixed set of states.

    python tools/bench/bench_eval.py [--games 20] [--repeat 7] [--against REV]

The states are met along seeded random games with 2, 3 and 4 players, standard and
advanced (all options). Each figure is the median and the minimum of `--repeat` timed
passes over the same states. `--against REV` times the evaluation of an earlier commit
(its `vikings/bots/evaluate.py`, with today's engine) in turn with today's, pass for pass
(`--pairs` pairs, which of the two goes first alternating), and prints the ratio of each
pair's times (today / then): its median and quartiles, which load from other processes
on the machine disturbs less than the ratio of the medians. Prints figures only; no timed
assertions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from vikings.bots import evaluate  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import OPTIONS, GameConfig, GameState, Rules, new_game  # noqa: E402


def sample_states(players: int, rules: Rules, games: int, options: frozenset[str]) -> list[GameState]:
    """Every state before the end of `games` seeded random games."""
    out = []
    for seed in range(games):
        game = new_game(GameConfig(tuple("ABCD"[:players]), seed=500 + seed, options=options), rules)
        game.quiet = True
        rnd = random.Random(seed)
        legal = game.legal_actions()
        while legal:
            out.append(game.copy())
            game.apply(legal[rnd.randrange(len(legal))])
            legal = game.legal_actions()
    return out


def earlier(rev: str) -> ModuleType:
    """`vikings/bots/evaluate.py` as it was at commit `rev`, loaded as a module of its own."""
    text = subprocess.run(
        ["git", "show", f"{rev}:vikings/bots/evaluate.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    module = ModuleType(f"evaluate_{rev}")
    exec(compile(text, f"{rev}:evaluate.py", "exec"), module.__dict__)
    return module


def timings(
    states: list[GameState], repeat: int, fn: Callable[[GameState], object] = evaluate.utilities
) -> list[float]:
    """Microseconds per `fn` call, one figure per pass."""
    out = []
    for _ in range(repeat):
        start = time.process_time()
        for s in states:
            fn(s)
        out.append((time.process_time() - start) / len(states) * 1e6)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--against", metavar="REV", help="also time the evaluation of this commit")
    ap.add_argument("--pairs", type=int, default=20, help="paired passes with --against")
    args = ap.parse_args()
    rules = default_rules()
    every = []
    for options, name in ((frozenset(), "standard"), (frozenset(OPTIONS), "advanced")):
        for players in (2, 3, 4):
            states = sample_states(players, rules, args.games, options)
            every += states
            t = timings(states, args.repeat)
            print(
                f"{name:9} {players}p: {len(states):6} states  median {statistics.median(t):6.2f} µs"
                f"  min {min(t):6.2f} µs"
            )
    t = timings(every, args.repeat)
    print(f"all         : {len(every):6} states  median {statistics.median(t):6.2f} µs  min {min(t):6.2f} µs")
    if args.against:
        old = earlier(args.against).utilities
        now, then = [], []
        for i in range(args.pairs):  # in turn, so that load on the machine falls on both
            if i % 2:
                then += timings(every, 1, old)
                now += timings(every, 1)
            else:
                now += timings(every, 1)
                then += timings(every, 1, old)
        ratios = statistics.quantiles([a / b for a, b in zip(now, then)], n=4)
        print(
            f"{args.against:12}: median {statistics.median(then):6.2f} µs  min {min(then):6.2f} µs"
            f"  (today / then: {statistics.median(now) / statistics.median(then):.3f} by medians,"
            f" {min(now) / min(then):.3f} by minima)"
        )
        print(
            f"paired ratio (today / then, {args.pairs} pairs): median {ratios[1]:.3f}"
            f"  quartiles {ratios[0]:.3f}-{ratios[2]:.3f}"
        )


if __name__ == "__main__":
    main()
