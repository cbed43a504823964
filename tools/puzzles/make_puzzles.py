"""Make the puzzles of data/puzzles.json from bots' games, or check the shipped ones.

    python tools/puzzles/make_puzzles.py [--games 200] [--target 48] [--out data/puzzles.json]
    python tools/puzzles/make_puzzles.py --check [--file data/puzzles.json]

Making: seeded games are played by the bots (Normal and Beginner seats, 2 to 4 players,
every fourth game advanced with all three options). At each purchase and each tile
placement with at least two options, every option is measured the review's way
(vikings.advice.puzzles.measure: expected final Fame and chance to win after the option
and the rest of the turn as Normal plays it). A position is a candidate when the best
option beats the second by puzzles.MARGIN Fame or more; it is kept when Hard's judgement
agrees: the Hard bot, seeded by the position as the hint seeds it and searching its full
iteration budget without the hint's 1.5 s cap, picks the same option (so its judgement
does not follow the machine's load, and the check repeats it exactly). At most one
puzzle of each kind a game, so the puzzles come from many games. The difficulty is a rough
label: "easy" when the Beginner bot finds the answer too and the margin is 2.5 Fame or
more, "hard" when it finds neither, else "medium". Each game looks for puzzles only from a
point of its own (action 5 to 64, by the game's number), so the puzzles are not all from
the first turns. The file is written after every kept puzzle (an interrupted run keeps
what it found).

Checking: every puzzle is read as the game reads it (types, bounds, the replay, the
answer legal and first, the options exactly the legal ones, the margin), its figures
measured again, and Hard asked again (the same seeded, uncapped search); failures are
printed last and the exit status is 1 if there are any.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.advice import puzzles  # noqa: E402
from vikings.bots import make_bot  # noqa: E402
from vikings.bots.mcts import make_search_bot  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import GameConfig, GameState  # noqa: E402
from vikings.engine.phases import OPTIONS  # noqa: E402

NAMES = ("Ann", "Bjorn", "Sigrid", "Leif")
HARD_SECONDS = 600.0  # no cap in practice: Hard's iteration budget ends the search
WIDE = 2.5  # Fame: a margin this wide makes a puzzle easier
FIRST_SEED = 5600


def setup(g: int) -> tuple[GameConfig, tuple[str, ...]]:
    """Game `g`'s config and seats (bot levels)."""
    players = 2 + g % 3
    options = frozenset(OPTIONS) if g % 4 == 3 else frozenset()
    seats = tuple("normal" if (g + s) % 2 == 0 else "beginner" for s in range(players))
    return GameConfig(NAMES[:players], FIRST_SEED + g, None, options), seats


def hard_pick(game: GameState):
    """Hard's judgement: the Hard bot's own choice, seeded by the position and with its
    full search budget (no time cap: the hint's 1.5 s cap makes the pick follow the
    machine's load, and a check on a busy machine then disagrees with the making)."""
    seed = zlib.crc32(f"hint/{game.config.seed}/{len(game.actions())}".encode())
    bot = make_search_bot("hard", seed, max_seconds=HARD_SECONDS)
    return bot.choose(game.copy(), game.legal_actions())


def difficulty(game: GameState, choices) -> str:
    seed = zlib.crc32(f"puzzle/{game.config.seed}/{len(game.actions())}".encode())
    found = make_bot("beginner", seed).choose(game.copy(), game.legal_actions()) is choices[0].action
    wide = choices[0].fame - choices[1].fame >= WIDE
    return "easy" if found and wide else "hard" if not found and not wide else "medium"


def make(args) -> int:
    rules = default_rules()
    started = time.perf_counter()
    kept: list[dict] = []
    figures = {"games": 0, "positions": 0, "clear": 0, "hard_agreed": 0}
    per_kind = {"purchase": 0, "placement": 0}
    cap = (args.target + 1) // 2
    for g in range(args.games):
        if len(kept) >= args.target:
            break
        config, seats = setup(g)
        game = GameState.new(config, rules)
        game.quiet = True
        bots = [make_bot(level, config.seed * 7 + s) for s, level in enumerate(seats)]
        found = set()
        since = 5 + (g * 37) % 60
        figures["games"] += 1
        while not game.is_over:
            legal = game.legal_actions()
            kind = puzzles.KINDS.get(game.phase)
            if kind and kind not in found and per_kind[kind] < cap and len(legal) >= 2 and len(game.actions()) >= since:
                figures["positions"] += 1
                choices = puzzles.measure(game)
                if choices[0].fame - choices[1].fame >= puzzles.MARGIN:
                    figures["clear"] += 1
                    if hard_pick(game) is choices[0].action:
                        figures["hard_agreed"] += 1
                        found.add(kind)
                        per_kind[kind] += 1
                        ident = f"p{len(kept) + 1:03d}"
                        kept.append(puzzles.to_json(ident, kind, difficulty(game, choices), game, choices))
                        write(args.out, kept, rules)
                        print(
                            f"{ident} game {g} ({game.n}p{' adv' if config.options else ''}) {kind} "
                            f"margin {choices[0].fame - choices[1].fame:.2f} {kept[-1]['difficulty']}",
                            flush=True,
                        )
            game.apply(bots[game.to_move].choose(game.copy(), legal))
    seconds = time.perf_counter() - started
    print(
        f"games played {figures['games']}, positions measured {figures['positions']}, "
        f"clearly best {figures['clear']}, Hard agreed {figures['hard_agreed']}, kept {len(kept)} "
        f"({per_kind['purchase']} purchases, {per_kind['placement']} placements) in {seconds:.0f} s"
    )
    return 0


def write(path: Path, entries, rules) -> None:
    doc = puzzles.file_doc(entries, rules)
    head = {k: v for k, v in doc.items() if k != "puzzles"}
    lines = [json.dumps(e, separators=(",", ":")) for e in entries]
    text = json.dumps(head, indent=1)[:-2] + ',\n "puzzles": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"
    path.write_text(text, encoding="utf-8")


def check(args) -> int:
    rules = default_rules()
    started = time.perf_counter()
    text = args.file.read_text(encoding="utf-8")
    failures = []
    try:
        puzzles.load_puzzles(text, rules)  # the file as the game reads it
    except puzzles.PuzzleError as e:
        failures.append(f"the file: {e}")
    entries = json.loads(text).get("puzzles", []) if not failures or "JSON" not in failures[0] else []
    ok = 0
    for entry in entries:
        ident = entry.get("id", "?") if isinstance(entry, dict) else "?"
        try:
            (p,) = puzzles.load_puzzles(json.dumps(puzzles.file_doc([entry], rules)), rules, recompute=True)
        except puzzles.PuzzleError as e:
            failures.append(f"{ident}: {e}")
            continue
        game = puzzles.position(p, rules)
        pick = hard_pick(game)
        if pick is not p.answer:
            failures.append(f"{ident}: Hard now picks {pick}, not the answer {p.answer}")
            continue
        ok += 1
        print(f"{ident} ok ({p.kind}, {p.players}p, margin {p.margin:.2f})", flush=True)
    print(f"{ok} of {len(entries)} puzzles pass in {time.perf_counter() - started:.0f} s")
    for f in failures:
        print("FAILED", f)
    return 1 if failures else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--target", type=int, default=48)
    parser.add_argument("--out", type=Path, default=Path(puzzles.puzzle_file()))
    parser.add_argument("--file", type=Path, default=Path(puzzles.puzzle_file()))
    args = parser.parse_args(argv)
    return check(args) if args.check else make(args)


if __name__ == "__main__":
    sys.exit(main())
