"""Damaged and hand-edited saves by the thousand, loaded through the title's door.

    python tools/probes/fuzz_saves.py 10000 [--seed 1] [--show 3]

Builds real table files (2-4 players, standard and advanced, in progress and finished,
some with hint counts and non-ASCII names), then mutates them at random: bytes (cut off,
bits flipped, bytes inserted, deleted or repeated, other encodings) and JSON (any field of
the table or of the game inside it set to another type, deleted, duplicated, nested
deeply, made huge; seats and actions changed). Each mutant is written to a file and loaded
with `vikings.ui.table.match.load_file`, what the title's Continue and the Load panel call.

Half the JSON mutants are *resealed*: their checksums (the table's and the game's) are
recomputed, as a person editing a file by hand could, so the checks behind the checksums
are reached too. Allowed outcomes: a SaveError of one printable line of at most 200
characters; the original table unchanged; or, for a resealed mutant only, a table that
passes every check again (a valid edit). Anything else is counted as a failure and the
tool exits with status 1. The refusals are counted by message (numbers and quoted values
blanked). Then the largest files the reader accepts to look at are timed and their peak
memory measured (tracemalloc), with the process's peak resident size.

tests/saves/test_table_file.py runs the same mutations as a property test.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.probes.mutations import (  # noqa: E402
    Raw,
    Tally,
    clean_message,
    dump,
    mutate_bytes,
    mutate_json,
    pure,
)
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import GameConfig, new_game  # noqa: E402
from vikings.engine.errors import SaveError  # noqa: E402
from vikings.engine.serialize import checksum, state_to_dict  # noqa: E402
from vikings.saves import table_file  # noqa: E402
from vikings.ui.table.match import Match, load_file  # noqa: E402

ADVANCED = ("auction", "single_boatswain", "special_tiles")
NAMES = ("Astrid", "Bjørn", "Åsa Þórsdóttir", "Leif")


# Real saves ------------------------------------------------------------------------------------
def real_saves(rules) -> list[tuple[str, bytes, Match]]:
    """Table files as the game writes them: (label, bytes, the match)."""
    kinds = (("person", "normal", "random", "expert"), ("beginner", "person", "hard", "person"))
    out = []
    for i, (players, options, steps) in enumerate(
        ((2, (), None), (3, ADVANCED, 60), (4, (), 120), (2, ADVANCED, None), (3, (), 15), (4, ADVANCED, None))
    ):
        game = new_game(GameConfig(NAMES[:players], seed=100 + i, options=frozenset(options)), rules)
        game.quiet = True
        rnd = random.Random(i)
        while not game.is_over and (steps is None or len(game.actions()) < steps):
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
        game.quiet = False
        seats = [
            (NAMES[p], kinds[i % 2][p], table_file.COLOURS[(p + i) % len(table_file.COLOURS)]) for p in range(players)
        ]
        match = Match(seats, game, hints=[(p * i) % 4 for p in range(players)])
        text = json.dumps(match.to_doc(), indent=1, sort_keys=True)  # as Storage.write_json
        label = f"{players}p {'advanced' if options else 'standard'} {'finished' if game.is_over else 'in progress'}"
        out.append((label, text.encode("utf-8"), match))
    return out


SEAT_EDITS = {
    0: (None, "", " ", "Ann\n", "x" * 41, "x" * 100_000, "\u0000", "Ann ", "ANN", "Bjørn", 7, Raw('"\\ud800"')),
    1: ("5erson", "Person", "PERSON", "expert", "random", "normal", "", None, 3, "hard ", "person"),
    2: ("Orange", "red", "purple", "teal", "white", "", None, 0, ["teal"], "pink"),
}


def mutate_seats(rnd: random.Random, doc: dict) -> str:
    seats = doc["seats"]
    how = rnd.choice(("field", "field", "field", "same name", "same colour", "swap", "drop", "add", "shape", "hints"))
    i, j = rnd.randrange(len(seats)), rnd.randrange(len(seats))
    if how == "field":
        f = rnd.randrange(3)
        seats[i][f] = rnd.choice(SEAT_EDITS[f])
    elif how == "same name":
        seats[i][0] = seats[j][0] if rnd.random() < 0.5 else seats[j][0].upper()
    elif how == "same colour":
        seats[i][2] = seats[j][2]
    elif how == "swap":
        seats[i], seats[j] = seats[j], seats[i]
    elif how == "drop":
        seats.pop(i)
    elif how == "add":
        seats.append(["Extra", "person", "brown"])
    elif how == "shape":
        seats[i] = rnd.choice((seats[i][:2], seats[i] + ["x"], {"name": seats[i][0]}, seats[i][0]))
    else:
        doc["hints"] = rnd.choice(
            (
                [-1] * len(seats),
                [1.5] * len(seats),
                [True] * len(seats),
                [0] * (len(seats) + 1),
                [0] * (len(seats) - 1),
                [10**7] * len(seats),
                ["0"] * len(seats),
                None,
            )
        )
        if doc["hints"] is None:
            del doc["hints"]
    return f"seats {how}"


def mutate_header(rnd: random.Random, doc: dict) -> str:
    field = rnd.choice(("version", "format", "checksum"))
    doc[field] = rnd.choice(
        {
            "version": (1, 3, 0, "2", 2.0, True, None, -1, 10**20),
            "format": ("vikings-save", "Vikings-table", "", None, 1),
            "checksum": ("", "0" * 64, doc["checksum"].upper(), None, 5, doc["checksum"][:63]),
        }[field]
    )
    return f"header {field}"


ARGS = ("²", "①", "٣", "12", " 3", "-1", "3", 10**18, -5, 99, True, None, [], "tile", "x" * 5000, 1.0)


def mutate_actions(rnd: random.Random, game: dict) -> str:
    actions = game["actions"]
    i = rnd.randrange(len(actions))
    how = rnd.choice(("argument", "argument", "name", "delete", "repeat", "swap", "cut"))
    if how == "argument" and len(actions[i]) > 1:
        actions[i][rnd.randrange(1, len(actions[i]))] = rnd.choice(ARGS)
    elif how == "name":
        actions[i][0] = rnd.choice(("Buy", "bid ", "", None, "finish", "pass", "teleport"))
    elif how == "delete":
        actions.pop(i)
    elif how == "repeat":
        actions.insert(i, list(actions[i]))
    elif how == "swap" and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    else:
        del actions[i:]
    if rnd.random() < 0.7:  # and the snapshot's history alike, to get past that check
        game["state"]["history"] = json.loads(json.dumps(actions))
    return f"actions {how}"


def mutate(rnd: random.Random, data: bytes) -> tuple[str, bytes, bool]:
    """One mutant of a table file: (what was done, its bytes, whether it was resealed)."""
    if rnd.random() < 0.35:
        what, out = mutate_bytes(rnd, data)
        return what, out, False
    doc = json.loads(data)
    game = json.loads(doc["game"])
    target = rnd.choice(("table", "seats", "seats", "header", "game", "actions", "actions"))
    if target == "table":
        what = "table: " + mutate_json(rnd, doc)
    elif target == "seats":
        what = mutate_seats(rnd, doc)
    elif target == "header":
        what = mutate_header(rnd, doc)
    elif target == "game":
        what = "game: " + mutate_json(rnd, game)
    else:
        what = mutate_actions(rnd, game)
    seal = rnd.random() < 0.5
    if target in ("game", "actions"):
        if seal and pure(game) and isinstance(game.get("checksum"), str):
            game["checksum"] = checksum(game)
        doc["game"] = dump(game)
    if seal and isinstance(doc, dict) and "checksum" in doc and pure(doc):
        doc["checksum"] = checksum(doc)
    return what + (" (resealed)" if seal else ""), dump(doc).encode("utf-8", errors="surrogatepass"), seal


# Judging an outcome ----------------------------------------------------------------------------
def same_table(a: Match, b: Match) -> bool:
    return a.seats == b.seats and a.hints == b.hints and state_to_dict(a.game) == state_to_dict(b.game)


def sound(m: Match, rules) -> bool:
    """A loaded table that passes every check again (what a valid hand edit gives)."""
    again = table_file.read_table(json.dumps(m.to_doc()).encode(), rules)
    names = [s.name.casefold() for s in m.seats]
    return (
        again.seats == m.seats
        and list(m.game.config.players) == [s.name for s in m.seats]
        and len(set(names)) == len(names)
        and len({s.colour for s in m.seats}) == len(m.seats)
        and all(s.kind in table_file.KINDS and s.colour in table_file.COLOURS for s in m.seats)
        and len(m.hints) == len(m.seats)
    )


def judge(path: Path, original: Match, sealed: bool, rules) -> tuple[str, str]:
    """(outcome, detail): 'refused', 'equal', 'valid edit', or 'FAILED ...'."""
    try:
        loaded = load_file(path, rules)
    except SaveError as e:
        message = str(e)
        if not clean_message(message):
            return "FAILED: unclean message", message[:300]
        return "refused", message
    except Exception as e:  # noqa: BLE001 - what this tool looks for
        return f"FAILED: {type(e).__name__}", str(e)[:300]
    if same_table(loaded, original):
        return "equal", ""
    if sealed and sound(loaded, rules):
        return "valid edit", ""
    return "FAILED: loaded a different table", ""


# Worst cases -----------------------------------------------------------------------------------
def worst_files(data: bytes) -> dict[str, bytes]:
    """The largest and deepest inputs the reader agrees to look at, and a few it must not."""
    doc = json.loads(data)
    limit = table_file.MAX_BYTES
    name = dict(doc)
    name["seats"] = [list(s) for s in doc["seats"]]
    name["seats"][0][0] = "N" * 10_000_000
    return {
        "real save (4p advanced)": data,
        "10 MB seat name": json.dumps(name).encode(),
        "1.9 MB seat colour": data.replace(b'"purple"', b'"' + b"p" * 1_900_000 + b'"', 1),
        "1.9 MB of [[": b"[" * 1_900_000,
        "1.9 MB of [] items": b"[" + b"[]," * 633_000 + b"[]]",
        "1.9 MB of {} items": b"[" + b"{}," * 633_000 + b"{}]",
        "1.9 MB of 1-digit numbers": b"[" + b"1," * 950_000 + b"1]",
        "1.9 MB of short strings": b"[" + b'"ab",' * 380_000 + b'"ab"]',
        "1.9 MB of string escapes": b'{"a":"' + b"\\u00e9" * 316_000 + b'"}',
        "number of 5,000 digits": b'{"format":' + b"1" * 5000 + b"}",
        "nesting 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
        "game text 1.9 MB": json.dumps({**doc, "game": doc["game"] + " " * (limit - len(data) - 100)}).encode(),
    }


MEASURE = """
import resource, sys, time, tracemalloc
from vikings.content.data import default_rules
from vikings.engine.errors import SaveError
from vikings.ui.table.match import load_file
rules = default_rules()
def load():
    try:
        load_file(sys.argv[1], rules)
        return "loaded"
    except SaveError as e:
        return str(e)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
outcome = load()
seconds = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
load()
peak = tracemalloc.get_traced_memory()[1] / 1e6
print(f"{seconds:.3f} {before / 1024:.1f} {after / 1024:.1f} {peak:.1f} {outcome}")
"""


def measure(path: Path) -> tuple[float, float, float, float, str]:
    """(seconds, the process's peak resident size in MB before and after, peak MB traced by
    tracemalloc, outcome) of one load, in a fresh process so that nothing else counts."""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, cwd=root, check=True
    ).stdout.split(" ", 4)
    return float(out[0]), float(out[1]), float(out[2]), float(out[3]), out[4].strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, nargs="?", default=1000, help="mutants to try")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="failures to print in full")
    args = ap.parse_args()
    rules = default_rules()
    saves = real_saves(rules)
    rnd = random.Random(args.seed)
    tally = Tally()
    slowest = 0.0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "autosave.json"
        for i in range(args.n):
            label, data, match = rnd.choice(saves)
            what, mutant, sealed = mutate(rnd, data)
            path.write_bytes(mutant)
            t0 = time.perf_counter()
            outcome, detail = judge(path, match, sealed, rules)
            slowest = max(slowest, time.perf_counter() - t0)
            tally.add(i, label, what, outcome, detail)
        elapsed = time.perf_counter() - start
        print(
            f"{args.n} mutants of {len(saves)} real saves (seed {args.seed}) in {elapsed:.0f} s; "
            f"slowest load {slowest * 1000:.0f} ms"
        )
        tally.report(args.show)

        print(
            "largest inputs, each loaded in a fresh process (time; the process's peak resident size "
            "before and after; peak traced by tracemalloc; outcome):"
        )
        for name, data in worst_files(saves[-1][1]).items():
            path.write_bytes(data)
            seconds, before, after, peak, outcome = measure(path)
            print(f"  {name:26} {seconds:5.2f} s {before:4.0f} -> {after:4.0f} MB {peak:5.1f} MB  {outcome[:72]}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
