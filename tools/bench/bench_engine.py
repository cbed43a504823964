"""Engine speed: random complete games per second and the cost of the door's calls.

    python tools/bench/bench_engine.py [--games 300] [--players 4]

Also times the advanced game (all three options) in random complete games.

Prints figures only; speed targets are judged from these numbers, not by tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import GameConfig, new_game  # noqa: E402

ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


def random_games(players: int, games: int, rules, options=frozenset()) -> tuple[float, int]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game(GameConfig(tuple("ABCD"[:players]), seed=seed, options=options), rules)
        game.quiet = True
        pick = random.Random(seed).random  # uniform choice, kept cheap: this loop is measured
        legal = game.legal_actions()
        while legal:  # empty exactly when the game is over (spares an is_over call per decision)
            game.apply(legal[int(pick() * len(legal))])
            legal = game.legal_actions()
        actions += len(game.actions())
    return games / (time.perf_counter() - start), actions // games


def sample_states(players: int, rules, games: int = 20):
    """States met along random games (with the legal-action cache cleared)."""
    out = []
    for seed in range(games):
        game = new_game(GameConfig(tuple("ABCD"[:players]), seed=1000 + seed), rules)
        game.quiet = True
        rnd = random.Random(seed)
        while not game.is_over:
            snap = game.copy()
            snap._legal = None
            out.append(snap)
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
    return out


def per_call(fn, items, repeat=3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    rules = default_rules()
    # Best of three runs: the machine's other work only ever slows a run down.
    rate, per_game = max(random_games(args.players, args.games, rules) for _ in range(3))
    print(
        f"random complete {args.players}-player games: {rate:,.0f} per second ({per_game} actions per game, one core)"
    )
    rate, per_game = max(random_games(args.players, args.games, rules, ADVANCED) for _ in range(3))
    print(
        f"random complete {args.players}-player advanced games (all options): {rate:,.0f} per second "
        f"({per_game} actions per game)"
    )
    states = sample_states(args.players, rules)

    def legal(s):
        s._legal = None
        s.legal_actions()

    print(f"legal_actions(): {per_call(legal, states):.2f} us (uncached, mean over {len(states)} states)")
    rnd = random.Random(7)
    picks = []
    for s in states:
        legal_list = s.legal_actions()
        picks.append(legal_list[rnd.randrange(len(legal_list))])
    best = float("inf")
    for _ in range(3):
        copies = [s.copy() for s in states]
        pairs = list(zip(copies, picks))
        start = time.perf_counter()
        for c, a in pairs:
            c.apply(a)
        best = min(best, time.perf_counter() - start)
    print(f"apply(): {best / len(states) * 1e6:.2f} us (mean, legal actions already listed)")
    mid = states[len(states) // 2 :: 7]
    print(f"copy(): {per_call(lambda s: s.copy(), mid * 10):.2f} us (mean, mid-game states)")
    print(f"determinized(): {per_call(lambda s: s.determinized(5), mid * 10):.2f} us")
    sizes = [len(s.legal_actions()) for s in states]
    print(f"legal actions per decision: median {statistics.median(sizes)}, max {max(sizes)}")


if __name__ == "__main__":
    main()
