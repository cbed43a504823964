"""Bot tournaments (`vikings tournament`): seeded games with seats rotated, in parallel.

Each game's seed is `seed + index`; bot k sits in seat `(k + index) % players`, so over a
multiple of `players` games every bot has played from every seat. Each bot gets its own
seed from the game's seed and its place in the list, so a tournament replays exactly.
`options` are the advanced game's rule options (`vikings.engine.OPTIONS`), for every game.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

from vikings.bots import make_bot
from vikings.bots.mcts import SETTING_NAMES, SearchBot
from vikings.content.data import default_rules
from vikings.engine import OPTIONS, GameConfig, new_game


@dataclass
class Entry:
    """One bot of the line-up and what it did over the tournament."""

    label: str
    wins: float = 0.0
    games: int = 0
    fame: list = field(default_factory=list)
    gold: list = field(default_factory=list)
    times: list = field(default_factory=list)  # seconds per decision with a real choice
    simulations: int = 0


def build_bot(spec: str, seed: int):
    """A bot from a line-up entry: a level (`normal`), or a level with some of its tuning
    attributes changed, `LEVEL:NAME=VALUE[;NAME=VALUE...]` (e.g. `normal:draft_specials=false`,
    `hard:max_iterations=40000`), to measure one change against the level as it is. Values
    are JSON (true, 0.5, 3). For Hard and Expert the names are the search's settings
    (the fields of `mcts.SearchSettings`), which replace the level's in every game size."""
    level, _, changes = spec.partition(":")
    bot = make_bot(level, seed=seed)
    searched = isinstance(bot, SearchBot)
    for change in filter(None, changes.split(";")):
        name, eq, text = change.partition("=")
        name = name.strip()
        known = name in SETTING_NAMES if searched else hasattr(type(bot), name)
        if not eq or name.startswith("_") or not known:
            raise ValueError(f"{spec!r}: {level} has no setting {name!r} (write NAME=VALUE)")
        try:
            value = json.loads(text)
        except ValueError:
            raise ValueError(f"{spec!r}: {text!r} is not a JSON value") from None
        if isinstance(bot, SearchBot):
            bot.overrides[name] = value
        else:
            setattr(bot, name, value)
    return bot


def play_game(levels: tuple[str, ...], seed: int, index: int, options: frozenset = frozenset()) -> dict:
    """Play one game; returns a digest of its actions and, per line-up position: seat, rank,
    Fame, Gold, decision times."""
    n = len(levels)
    game_seed = seed + index
    seats = [(k + index) % n for k in range(n)]  # line-up position -> seat
    at_seat = {s: k for k, s in enumerate(seats)}
    bots = [build_bot(level, seed=game_seed * 16 + k) for k, level in enumerate(levels)]
    game = new_game(
        GameConfig(
            tuple(f"{levels[at_seat[s]]}@{s}" for s in range(n)),
            seed=game_seed,
            start_player=0,
            options=frozenset(options),
        ),
        default_rules(),
    )
    game.quiet = True
    times: list[list[float]] = [[] for _ in range(n)]
    moves = hashlib.sha256()
    while not game.is_over:
        k = at_seat[game.to_move]
        legal = game.legal_actions()
        start = time.perf_counter()
        action = bots[k].choose(game.copy(), legal)  # a bot never touches the real game
        if len(legal) > 1:
            times[k].append(time.perf_counter() - start)
        game.apply(action)
        moves.update(str(action).encode() + b"\n")
    ranks = cast("tuple[int, ...]", game.ranks)  # (the game is over)
    winners = sum(1 for r in ranks if r == 1)
    # `moves` fingerprints every action: replaying a recorded game with later code shows
    # whether that code still plays the same game (a tournament in parts stays one tournament)
    return {
        "seed": game_seed,
        "moves": moves.hexdigest(),
        "results": [
            {
                "seat": seats[k],
                "rank": ranks[seats[k]],
                "win": (1 / winners) if ranks[seats[k]] == 1 else 0.0,
                "fame": game.displays[seats[k]].fame,
                "gold": game.displays[seats[k]].gold,
                "times": times[k],
                "simulations": getattr(bots[k], "simulations", 0),
            }
            for k in range(n)
        ],
    }


def _play(args):
    return play_game(*args)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (ties count as fractional wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(
    levels: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int | None = None,
    progress=None,
    options: frozenset = frozenset(),
    record: str | None = None,
    check: int = 0,
) -> list[Entry]:
    """Play the tournament's games `0..games-1`. With `record` (a file of JSON lines), each
    finished game is appended to it, and games already recorded there for the same line-up,
    seed and options are counted instead of played again: a stopped tournament goes on
    where it stopped, and a long one can be played in parts. `check` replays that many of
    the recorded games first (the last recorded) and refuses to go on if today's code plays
    any of them differently: the parts must be one tournament."""
    entries = [Entry(f"{k + 1}:{level}") for k, level in enumerate(levels)]
    key = {"levels": list(levels), "seed": seed, "options": sorted(options)}
    recorded = recorded_games(record, key) if record else {}
    if record and check and recorded:  # (recorded only with a record)
        _check(record, recorded, levels, seed, options, check)
    if record:
        _end_last_line(record)
    for i in sorted(recorded):
        if i < games:
            _count(entries, recorded[i])
    todo = [i for i in range(games) if i not in recorded]
    jobs = jobs or os.cpu_count() or 1
    tasks = [(levels, seed, i, frozenset(options)) for i in todo]
    results: Iterator[dict[str, Any]]
    if jobs == 1:
        results = map(_play, tasks)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(_play, tasks)
    try:
        for done, (i, game) in enumerate(zip(todo, results), games - len(todo) + 1):
            _count(entries, game)
            if record:
                with open(record, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"key": key, "index": i, "game": game}) + "\n")
            if progress:
                progress(done, games)
    finally:
        if jobs != 1:
            pool.shutdown(cancel_futures=True)
    return entries


def _count(entries: list[Entry], game: dict) -> None:
    for entry, r in zip(entries, game["results"]):
        entry.games += 1
        entry.wins += r["win"]
        entry.fame.append(r["fame"])
        entry.gold.append(r["gold"])
        entry.times += r["times"]
        entry.simulations += r["simulations"]


def recorded_games(path: str, key: dict) -> dict[int, dict]:
    """The games a record file holds, by index; refuses a file of another tournament."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out = {}
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            index, game = int(row["index"]), row["game"]
            same = row["key"] == key
        except (ValueError, KeyError, TypeError):
            if line.startswith('{"key"'):  # cut short by a stopped run: that game is played again
                continue
            raise RecordError(f"{path}, line {n}: not a tournament record") from None
        if not same:
            raise RecordError(f"{path}, line {n}: a game of another tournament ({row['key']}), not {key}")
        out[index] = game
    return out


def _check(path: str, recorded: dict, levels, seed: int, options, count: int) -> None:
    """Replay the last `count` recorded games; a game played differently is a RecordError."""
    for i in sorted(recorded)[-count:]:
        kept = recorded[i].get("moves")
        if kept is None:
            raise RecordError(f"{path}: game {i} was recorded without the digest of its actions; it cannot be checked")
        if play_game(levels, seed, i, frozenset(options))["moves"] != kept:
            raise RecordError(
                f"{path}: game {i} is played differently by this code than when it was recorded; start a new record"
            )


def _end_last_line(path: str) -> None:
    """A line cut short by a stopped run gets its end, so the next record starts a line."""
    if os.path.exists(path) and os.path.getsize(path):
        with open(path, "rb+") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")


class RecordError(ValueError):
    """A --record file that does not belong to this tournament."""


def report(entries: list[Entry], players: int) -> dict:
    rows = []
    for e in entries:
        lo, hi = wilson(e.wins, e.games)
        times = e.times or [0.0]
        rows.append(
            {
                "bot": e.label,
                "games": e.games,
                "win_rate": round(e.wins / max(e.games, 1), 3),
                "ci95": [round(lo, 3), round(hi, 3)],
                "mean_fame": round(statistics.fmean(e.fame), 2) if e.fame else None,
                "mean_gold": round(statistics.fmean(e.gold), 2) if e.gold else None,
                "decisions": len(e.times),
                "median_s": round(statistics.median(times), 4),
                "mean_s": round(statistics.fmean(times), 4),
                "max_s": round(max(times), 4),
                "simulations": e.simulations,
            }
        )
    return {"players": players, "fair_share": round(1 / players, 3), "bots": rows}


def option_flags(options) -> str:
    """The command-line flags that give `options` (--advanced for all three)."""
    if set(options) == set(OPTIONS):
        return " --advanced"
    return "".join(f" --{o.replace('_', '-')}" for o in OPTIONS if o in options)


def tournament_main(
    players: int,
    games: int,
    bots: str,
    seed: int,
    jobs: int | None,
    as_json: bool,
    options: frozenset = frozenset(),
    record: str | None = None,
    check: int = 0,
) -> int:
    levels = tuple(b.strip() for b in bots.split(",") if b.strip())
    if len(levels) != players:
        print(f"vikings tournament: --bots names {len(levels)} bots for {players} players", file=sys.stderr)
        return 2
    for level in levels:
        try:
            build_bot(level, 0)  # unknown levels and settings fail here, before any process starts
        except ValueError as e:
            print(f"vikings tournament: {e}", file=sys.stderr)
            return 2
    start = time.perf_counter()

    def progress(done, total):
        if sys.stderr.isatty():
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    try:
        entries = run(levels, games, seed, jobs, progress, options, record, check)
    except RecordError as e:
        print(f"vikings tournament: {e}", file=sys.stderr)
        return 2
    summary = report(entries, players)
    summary["seconds"] = round(time.perf_counter() - start, 1)
    summary["options"] = sorted(options)
    summary["command"] = (
        f"vikings tournament{option_flags(options)} --players {players} --games {games} "
        f"--bots {','.join(levels)} --seed {seed}"
    )
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if as_json:
        print(json.dumps(summary))
        return 0
    rules = "advanced game: " + ", ".join(sorted(options)) if options else "standard game"
    print(
        f"{games} games, {players} players, seed {seed}, {rules}, {summary['seconds']} s (fair share {1 / players:.0%})"
    )
    print(f"{'bot':<12} {'win rate':>9} {'95% CI':>15} {'Fame':>7} {'Gold':>6} {'s/decision (median, max)':>26}")
    for r in summary["bots"]:
        ci = f"{r['ci95'][0]:.0%}-{r['ci95'][1]:.0%}"
        print(
            f"{r['bot']:<12} {r['win_rate']:>9.1%} {ci:>15} {r['mean_fame']:>7.1f} {r['mean_gold']:>6.1f} "
            f"{r['median_s']:>14.3f} {r['max_s']:>10.3f}"
        )
    return 0
