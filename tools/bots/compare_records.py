"""Compare two `vikings tournament --record` files game by game.

Two tournaments with the same seed and options deal the same games: game `i` has the same
seed and the same seats in both. When the second differs from the first only in one bot
(a changed level, or `LEVEL:NAME=VALUE`), comparing the games both have played, pair by
pair, shows the change's effect more sharply than two win rates side by side: most games
end the same way, and only the games that changed hands say anything.

    python tools/bots/compare_records.py OLD.jsonl NEW.jsonl [--entry K]

prints, for line-up entry K (1 = the first bot), the games both records hold, the wins in
each, the games won in one and not the other, a two-sided sign test on those (is the
change better or worse than chance would make it?), and the mean difference in Fame with
its standard error. The records may be incomplete: only the games both hold count.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys

from vikings.commands.tournament import RecordError, recorded_games


def load(path: str) -> tuple[dict, dict[int, dict]]:
    """(key, games by index) of a record file, read as the tournament reads it (a line cut
    short by a stopped run is left out; a game of another tournament is refused)."""
    key = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                key = json.loads(line)["key"]
                break
            except (ValueError, KeyError, TypeError):
                continue
    if key is None:
        raise SystemExit(f"{path}: no recorded games")
    try:
        return key, recorded_games(path, key)
    except RecordError as e:
        raise SystemExit(str(e)) from None


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact binomial p-value of `better` against `worse` under a fair coin."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(old: dict[int, dict], new: dict[int, dict], entry: int = 0) -> dict:
    """The paired comparison of line-up entry `entry` (0-based) over the games both hold."""
    shared = sorted(set(old) & set(new))
    for i in shared:
        if old[i]["seed"] != new[i]["seed"]:
            raise SystemExit(
                f"game {i} has seed {old[i]['seed']} in one record and {new[i]['seed']} in the "
                "other: not the same tournament's games"
            )
    won_old = [old[i]["results"][entry]["win"] for i in shared]
    won_new = [new[i]["results"][entry]["win"] for i in shared]
    better = sum(1 for a, b in zip(won_old, won_new) if b > a)
    worse = sum(1 for a, b in zip(won_old, won_new) if b < a)
    fame = [new[i]["results"][entry]["fame"] - old[i]["results"][entry]["fame"] for i in shared]
    n = len(shared)
    return {
        "games": n,
        "wins_old": sum(won_old),
        "wins_new": sum(won_new),
        "better": better,
        "worse": worse,
        "p": sign_test(better, worse),
        "fame_diff": statistics.fmean(fame) if fame else 0.0,
        "fame_se": statistics.stdev(fame) / math.sqrt(n) if n > 1 else 0.0,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--entry", type=int, default=1, help="line-up entry compared (1 = the first bot)")
    args = ap.parse_args(argv)
    key_old, old = load(args.old)
    key_new, new = load(args.new)
    if (key_old["seed"], key_old["options"]) != (key_new["seed"], key_new["options"]):
        print("the records are of different seeds or options: their games are not the same deals", file=sys.stderr)
        return 2
    k = args.entry - 1
    if not 0 <= k < len(key_old["levels"]) or len(key_old["levels"]) != len(key_new["levels"]):
        print(f"no entry {args.entry} in both line-ups", file=sys.stderr)
        return 2
    r = compare(old, new, k)
    n = max(r["games"], 1)
    print(
        f"entry {args.entry}: {key_old['levels'][k]} (old) and {key_new['levels'][k]} (new); "
        f"{r['games']} games in both records"
    )
    print(
        f"wins: old {r['wins_old']:g} ({100 * r['wins_old'] / n:.1f}%), new {r['wins_new']:g} "
        f"({100 * r['wins_new'] / n:.1f}%)"
    )
    print(f"games that changed: {r['better']} better, {r['worse']} worse (sign test, two-sided p = {r['p']:.3f})")
    print(f"Fame: new minus old {r['fame_diff']:+.2f} a game (standard error {r['fame_se']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
