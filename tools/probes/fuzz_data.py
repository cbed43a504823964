"""Damaged and hand-edited data files by the thousand, each read by the game's own start.

    python tools/probes/fuzz_data.py 3000 [--seed 1] [--show 3] [--timeout 20]

Mutates every YAML file of data/ (the game data, the sprites and sounds, the lesson and
every language catalogue), one file a mutant:

- bytes, as tools/probes/fuzz_saves.py damages a save (tools/probes/mutations.py): cut
  off, bits flipped, bytes inserted, deleted or repeated, UTF-16, UTF-32, Latin-1, cp1252;
- YAML text: an alias bomb ("billion laughs"), anchors and aliases, a tab, a line
  repeated, deleted, indented or swapped, nesting up to 10,000 deep, a value of 100 KB, a
  number of 5,000 digits, YAML's odd scalars (null, yes, .nan, 1e999, timestamps,
  !!binary, !!python/object, !!set, merge keys);
- the parsed document, as fuzz_saves mutates a save's JSON (any value set to another
  type, size or shape, deleted, a key repeated or added, lists reordered), written back as
  flow-style YAML;
- a catalogue's words: a placeholder renamed, dropped, added or broken, a text emptied,
  a plural form lost or made a list, a key misspelt;
- the file itself: deleted, emptied, a FIFO, a folder or a link to /dev/zero in its place.

Each mutant's data folder is read as the game reads it before its window opens
(vikings.content.startup.load_start, asking for German so that both catalogues are read),
in a helper process, one mutant after another; a mutant that takes longer than --timeout
seconds counts as a hang and the helper is replaced.

Allowed outcomes: refused, with a DataError of one printable line of at most 300
characters; English instead of German (a translation refused), with one such line in the
log; or started, with every entry the game uses in words (no entry shown as its key, no
placeholder left unfilled), for every entry of vikings/text/keys.py, every word the data's
ids need and every lesson step. Anything else (another exception, a hang, a key shown as
itself, a long or multi-line message) is a failure: the tool prints it and exits 1.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from tools.probes.mutations import Tally, dump, get, mutate_bytes, mutate_json, paths  # noqa: E402

DATA = ROOT / "data"
FILES = sorted(str(p.relative_to(DATA)) for p in DATA.rglob("*.yaml"))
# Chosen from: each catalogue once, each file of the game data three times (there are 26
# catalogues and 7 data files, whose checks are more varied).
DRAWN = [name for name in FILES for _ in range(1 if name.startswith("lang/") else 3)]
LANGUAGE = "de"  # asked for: German is read, and English behind it
MESSAGE = 300  # characters a refusal may have (DataError: 200 of problem, a file and an entry)


# Mutations -------------------------------------------------------------------------------------
ODD_SCALARS = (
    "null",
    "~",
    "",
    "[]",
    "{}",
    "yes",
    "off",
    ".nan",
    "-.inf",
    "1e999",
    "1.0e+999",
    "0x1F",
    "0o17",
    "1_000",
    "-0",
    "12:30:00",
    "2024-01-01",
    "2024-13-45 10:00",
    "!!binary aGk=",
    "!!binary not base64",
    "!!python/object:os.system x",
    "!!set {a, b}",
    "!!omap [a: 1, b: 2]",
    "!!str 5",
    "!!int x",
    "!!float x",
    "'%{count}'",
    '"\\0"',
    '"\\x07 bell"',
    '"\\ud800"',
    "&x *x",
    "{<<: {a: 1}}",
    "*undefined",
    "'unterminated",
    "[a, b",
    "- item",
    "@reserved",
    "`reserved",
    "? complex",
)
_VALUE = re.compile(r"^(\s*(?:- )?[^\s#:][^:#]*:)([ \t].*)?$")


def value_lines(lines: list[str]) -> list[int]:
    """The lines that hold `key: value` (or `key:` before a block)."""
    return [i for i, line in enumerate(lines) if _VALUE.match(line.rstrip("\n"))]


def set_value(lines: list[str], i: int, value: str) -> None:
    m = _VALUE.match(lines[i].rstrip("\n"))
    lines[i] = f"{m[1]} {value}\n"


def bomb(depth: int, mapping: bool) -> str:
    """Lines that expand to 9**depth entries if aliases to lists (or mappings) are followed."""
    if mapping:
        out = ["bomb0: &bomb0 {a: lol, b: lol, c: lol, d: lol, e: lol, f: lol, g: lol, h: lol, i: lol}\n"]
        for i in range(1, depth + 1):
            out.append(f"bomb{i}: &bomb{i} {{{', '.join(f'{k}: *bomb{i - 1}' for k in 'abcdefghi')}}}\n")
    else:
        out = ["bomb0: &bomb0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"]
        for i in range(1, depth + 1):
            out.append(f"bomb{i}: &bomb{i} [{', '.join([f'*bomb{i - 1}'] * 9)}]\n")
    return "".join(out)


def mutate_text(rnd: random.Random, text: str) -> tuple[str, str]:
    """A change to the YAML as text."""
    lines = text.splitlines(keepends=True) or ["\n"]
    values = value_lines(lines) or [0]
    i = rnd.choice(values)
    op = rnd.choice(
        (
            "alias bomb",
            "anchor and alias",
            "tab",
            "repeat line",
            "delete line",
            "indent",
            "dedent",
            "swap lines",
            "deep",
            "huge value",
            "long number",
            "odd scalar",
            "odd scalar",
            "odd scalar",
        )
    )
    if op == "alias bomb":
        mapping = rnd.random() < 0.5
        lines.insert(0, bomb(rnd.choice((3, 9, 12)), mapping))
        if values != [0] and rnd.random() < 0.5:
            set_value(lines, i + 1, "*bomb3")
            op += " (used)"
        op += " of mappings" if mapping else " of lists"
    elif op == "anchor and alias":
        j = rnd.choice(values)
        if _VALUE.match(lines[i].rstrip("\n")) and _VALUE.match(lines[j].rstrip("\n")):
            m = _VALUE.match(lines[i].rstrip("\n"))
            lines[i] = f"{m[1]} &here{(m[2] or '').rstrip()}\n"
            set_value(lines, j, "*here")
    elif op == "tab":
        lines[i] = "\t" + lines[i].lstrip(" ")
    elif op == "repeat line":
        lines.insert(i, lines[i])
    elif op == "delete line":
        del lines[i]
    elif op == "indent":
        lines[i] = "  " + lines[i]
    elif op == "dedent":
        lines[i] = lines[i][2:] if lines[i].startswith("  ") else lines[i]
    elif op == "swap lines":
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "deep":
        d = rnd.choice((30, 1_000, 10_000))
        set_value(lines, i, "[" * d + "]" * d if rnd.random() < 0.5 else "{a: " * d + "1" + "}" * d)
    elif op == "huge value":
        set_value(lines, i, "x" * 100_000)
    elif op == "long number":
        set_value(lines, i, rnd.choice(("9" * 5_000, "1" * 31, "-" + "9" * 400, "1" + "0" * 40 + ".5")))
    else:
        scalar = rnd.choice(ODD_SCALARS)
        set_value(lines, i, scalar)
        op = f"odd scalar {scalar!r}"
    return f"text: {op}", "".join(lines)


def mutate_doc(rnd: random.Random, text: str) -> tuple[str, str]:
    """The parsed file changed as fuzz_saves changes a save's JSON, written back as flow YAML."""
    doc = yaml.safe_load(text)
    what = mutate_json(rnd, doc)
    return f"doc: {what}", dump(doc)


_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def mutate_words(rnd: random.Random, text: str) -> tuple[str, str]:
    """A translator's slip in a catalogue: in a text with a placeholder, a plural entry, a key."""
    doc = yaml.safe_load(text)
    places = [p for p in paths(doc) if p and isinstance(get(doc, p), str)]
    named = [p for p in places if _PLACEHOLDER.search(get(doc, p))]
    plurals = [p for p in paths(doc) if p and isinstance(get(doc, p), dict) and "other" in get(doc, p)]
    op = rnd.choice(("rename", "drop", "add", "break", "empty", "plural", "plural", "misspell"))
    if op in ("rename", "drop", "break") and named:
        p = rnd.choice(named)
        old = get(doc, p)
        name = rnd.choice(_PLACEHOLDER.findall(old))
        new = {"rename": f"%{{{name}x}}", "drop": "", "break": rnd.choice((f"%{{{name}", f"%{{ {name} }}", "%{}"))}[op]
        get(doc, p[:-1])[p[-1]] = old.replace(f"%{{{name}}}", new, 1)
    elif op in ("add", "empty") and places:
        p = rnd.choice(places)
        get(doc, p[:-1])[p[-1]] = get(doc, p) + " %{nobody}" if op == "add" else rnd.choice(("", " ", "\n"))
    elif op == "plural" and plurals:
        p = rnd.choice(plurals)
        forms = get(doc, p)
        how = rnd.choice(("drop one", "drop other", "form a list", "form null", "extra form", "text"))
        if how == "drop one":
            forms.pop("one", None)
        elif how == "drop other":
            forms.pop("other", None)
        elif how == "form a list":
            forms["one"] = [forms.get("one", "x")]
        elif how == "form null":
            forms["other"] = None
        elif how == "extra form":
            forms["few"] = "ein paar"
        else:
            get(doc, p[:-1])[p[-1]] = forms["other"]
        op = f"plural {how}"
    else:
        p = rnd.choice([p for p in paths(doc) if p and isinstance(p[-1], str)])
        parent = get(doc, p[:-1])
        parent[p[-1] + rnd.choice(("x", "_", "s"))] = parent.pop(p[-1])
        op = "misspell"
    return f"words: {op}", dump(doc)


FILE_KINDS = ("gone", "empty", "fifo", "folder", "device")


def mutate(rnd: random.Random, name: str, raw: bytes) -> tuple[str, bytes | str]:
    """One mutant of the file `name`: (what was done, its bytes, or one of FILE_KINDS)."""
    roll = rnd.random()
    if roll < 0.04:
        kind = rnd.choice(FILE_KINDS)
        return f"file: {kind}", kind
    if roll < 0.30:
        what, out = mutate_bytes(rnd, raw)
        return f"bytes: {what}", out
    text = raw.decode("utf-8")
    if roll < 0.55:
        what, out = mutate_text(rnd, text)
    elif roll < 0.75 and name.startswith("lang/"):
        what, out = mutate_words(rnd, text)
    else:
        what, out = mutate_doc(rnd, text)
    return what, out.encode("utf-8", errors="surrogatepass")


def put_file(path: Path, mutant: bytes | str) -> None:
    """Put the mutant where the file was (the original is restored by `restore`)."""
    path.unlink()
    if mutant == "gone":
        return
    if mutant == "fifo":
        os.mkfifo(path)
    elif mutant == "folder":
        path.mkdir()
    elif mutant == "device":
        path.symlink_to("/dev/zero")
    else:
        path.write_bytes(b"" if mutant == "empty" else mutant)


def restore(path: Path, original: bytes) -> None:
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()
    path.write_bytes(original)


# The helper process: the game's start, judged --------------------------------------------------
def attempt(data: str) -> dict:
    """Read the data in `data` as the game's start does; the outcome and its detail."""
    import logging
    import traceback

    from vikings.bots import LEVELS
    from vikings.content.data import DataError, default_rules
    from vikings.content.startup import load_start
    from vikings.text import lang

    os.environ["VIKINGS_DATA"] = data
    default_rules.cache_clear()
    lang.forget()
    said: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: said.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("vikings")
    logger.addHandler(handler)
    try:
        start = load_start(LANGUAGE, LEVELS)
    except DataError as e:
        message = str(e)
        if not (0 < len(message) <= MESSAGE and message.isprintable()):
            return {"outcome": "FAILED: unclean message", "detail": message[:500]}
        return {"outcome": "refused", "detail": message, "file": e.file}
    except Exception as e:  # noqa: BLE001 - what this tool looks for
        return {"outcome": f"FAILED: {type(e).__name__}", "detail": traceback.format_exc()[-1500:]}
    finally:
        logger.removeHandler(handler)
    if any(len(line) > 2 * MESSAGE or not line.isprintable() for line in said):
        return {"outcome": "FAILED: unclean log line", "detail": max(said, key=len)[:500]}
    missing = unworded(start)
    if missing:
        return {"outcome": "FAILED: raw keys", "detail": ", ".join(missing[:8])}
    if start.language != LANGUAGE:
        refusals = [line for line in said if "catalogue is not used" in line]
        if len(refusals) != 1:
            return {"outcome": "FAILED: English without a word why", "detail": " | ".join(said)[:500]}
        return {"outcome": "English instead", "detail": refusals[0]}
    return {"outcome": "started", "detail": ""}


def unworded(start) -> list[str]:
    """The entries the game would show as their key or with a placeholder unfilled."""
    from vikings.content.startup import _wanted
    from vikings.text import lang
    from vikings.text.keys import KEYS

    numbers = dict(vars(start.rules.scoring))
    keys = dict(KEYS)
    keys.update((key, ()) for key, _, _ in _wanted(start.rules))
    for step in start.lesson["steps"]:
        keys.update((k, tuple(numbers)) for k in (step["text"], step["refuse"]) if k)
    out = []
    for key, names in keys.items():
        params = {**numbers, **dict.fromkeys(names, "x"), "count": 2}
        try:
            text = lang.t(key, **params)
        except Exception as e:  # noqa: BLE001 - a crash on screen
            out.append(f"{key} ({type(e).__name__})")
            continue
        if text == key or "%{" in text:
            out.append(key)
    return out


def worker() -> int:
    """Serve `attempt` over stdin and stdout, one JSON line each way."""
    for line in sys.stdin:
        print(json.dumps(attempt(json.loads(line)["data"])), flush=True)
    return 0


class Helper:
    """The helper process, replaced when a mutant hangs it."""

    def __init__(self):
        self.proc = None

    def ask(self, data: Path, timeout: float) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, __file__, "--worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                cwd=ROOT,
            )
        self.proc.stdin.write(json.dumps({"data": str(data)}) + "\n")
        self.proc.stdin.flush()
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            if sel.select(timeout):
                line = self.proc.stdout.readline()
                if line:
                    return json.loads(line)
                return {"outcome": "FAILED: the helper died", "detail": f"exit status {self.proc.wait()}"}
        self.close()
        return {"outcome": "FAILED: hang", "detail": f"no answer in {timeout:.0f} s"}

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


# The run ----------------------------------------------------------------------------------------
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, nargs="?", default=1000, help="mutants to try")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="failures to print in full")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds a mutant may take")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker()
    rnd = random.Random(args.seed)
    tally, by_file = Tally(), {}
    helper, slowest = Helper(), 0.0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(DATA, data)
        originals = {name: (data / name).read_bytes() for name in FILES}
        try:
            for i in range(args.n):
                name = rnd.choice(DRAWN)
                what, mutant = mutate(rnd, name, originals[name])
                put_file(data / name, mutant)
                t0 = time.perf_counter()
                result = helper.ask(data, args.timeout)
                slowest = max(slowest, time.perf_counter() - t0)
                restore(data / name, originals[name])
                outcome, detail = result["outcome"], result["detail"]
                by_file.setdefault(name, collections.Counter())[outcome.split(":")[0]] += 1
                tally.add(i, name, what, outcome, detail.split(": ", 2)[-1] if outcome == "refused" else detail)
        finally:
            helper.close()
    elapsed = time.perf_counter() - start
    print(
        f"{args.n} mutants of the {len(FILES)} YAML files of data/ (seed {args.seed}) in {elapsed:.0f} s; "
        f"slowest start {slowest:.2f} s"
    )
    tally.report(args.show, "refusals by problem (the 25 most common):", 25)
    print("by file (refused / English instead / started / failed):")
    for name in FILES:
        c = by_file.get(name, collections.Counter())
        print(f"  {name:28} {c['refused']:5} {c['English instead']:5} {c['started']:5} {c['FAILED']:5}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
