"""Bot speed: time per decision (median, max) and simulations per second for each level.

    python tools/bench/bench_bots.py [--games 1] [--players 2] [--levels random,beginner,normal,hard,expert] [--advanced]

Each level plays games against Normal (one seat; the others Normal); only its own
decisions with a real choice are timed. Prints figures; strength is measured by `vikings tournament`.
--advanced plays the advanced game (all three options).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.bots import make_bot  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import OPTIONS, GameConfig, new_game  # noqa: E402


def bench(level: str, games: int, seed: int, players: int = 2, options: frozenset = frozenset()) -> dict:
    times, sims, outs, search_time, look_time = [], 0, 0, 0.0, 0.0
    for g in range(games):
        bot, other = make_bot(level, seed + g), make_bot("normal", seed + 100 + g)
        me = g % players
        names = tuple("ABCD"[:players])
        game = new_game(GameConfig(names, seed=seed + g, start_player=0, options=options), default_rules())
        game.quiet = True
        while not game.is_over:
            legal = game.legal_actions()
            if game.to_move == me:
                before = getattr(bot, "simulations", 0), getattr(bot, "playouts", 0)
                start = time.perf_counter()
                action = bot.choose(game.copy(), legal)
                took = time.perf_counter() - start
                if len(legal) > 1:
                    times.append(took)
                more = getattr(bot, "simulations", 0) - before[0], getattr(bot, "playouts", 0) - before[1]
                sims += more[0]
                outs += more[1]
                search_time += took if more[0] else 0.0  # a decision is either searched or played out
                look_time += took if more[1] else 0.0
            else:
                action = other.choose(game.copy(), legal)
            game.apply(action)
    total = sum(times)
    return {
        "level": level,
        "decisions": len(times),
        "median_s": statistics.median(times),
        "max_s": max(times),
        "mean_s": total / len(times),
        "simulations_per_s": sims / search_time if sims else None,
        "playouts_per_s": outs / look_time if outs else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--levels", default="random,beginner,normal,hard,expert")
    ap.add_argument("--advanced", action="store_true", help="the advanced game (all three options)")
    args = ap.parse_args()
    options = frozenset(OPTIONS) if args.advanced else frozenset()
    # sims/s: tree iterations per second of searching; playouts/s: playouts to the round's
    # end per second of deciding by them (Hard and Expert with 3-4 players)
    print(f"{'level':<10} {'decisions':>9} {'median s':>9} {'max s':>8} {'mean s':>8} {'sims/s':>9} {'playouts/s':>10}")
    for level in args.levels.split(","):
        r = bench(level, args.games, args.seed, args.players, options)
        sims = f"{r['simulations_per_s']:,.0f}" if r["simulations_per_s"] else "-"
        outs = f"{r['playouts_per_s']:,.1f}" if r["playouts_per_s"] else "-"
        print(
            f"{level:<10} {r['decisions']:>9} {r['median_s']:>9.4f} {r['max_s']:>8.4f} {r['mean_s']:>8.4f} {sims:>9}"
            f" {outs:>10}",
            flush=True,
        )


if __name__ == "__main__":
    main()
