"""The mutations the fuzzers share (fuzz_saves.py: the saves; fuzz_data.py: the data
files and catalogues): damage to bytes, values of the wrong type, size or shape, and
changes to a parsed document (set, delete, a key repeated or added, lists reordered),
written back as JSON (also flow-style YAML); and how a refusal is judged and counted."""

from __future__ import annotations

import collections
import copy
import json
import random
import re


class Raw(str):
    """Text put into the JSON as it is (what json.dumps cannot write: NaN, 5,000 digits)."""


class Pairs(list):
    """An object written from (key, value) pairs, so a key can appear twice."""


def dump(value) -> str:
    """JSON text of a value that may hold Raw and Pairs (flow-style YAML too: a whole
    number as a key is written bare, as YAML reads it back)."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, Pairs):
        return "{" + ",".join(f"{json.dumps(k)}:{dump(v)}" for k, v in value) + "}"
    if isinstance(value, dict):
        return "{\n" + ",\n".join(f" {json.dumps(k)}: {dump(v)}" for k, v in value.items()) + "\n}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def pure(value) -> bool:
    """No Raw or Pairs inside: an ordinary JSON value, which a checksum can be taken of."""
    if isinstance(value, (Raw, Pairs)):
        return False
    if isinstance(value, dict):
        return all(pure(v) for v in value.values())
    if isinstance(value, list):
        return all(pure(v) for v in value)
    return True


def odd_values(rnd: random.Random):
    """A value of the wrong type, size or shape for wherever it lands."""
    d = rnd.choice((25, 200, 1_000, 5_000))
    return rnd.choice(
        (
            None,
            True,
            False,
            0,
            -1,
            1,
            2**63,
            2**64 + 1,
            10**25,
            -(10**25),
            1.5,
            -0.0,
            "",
            "x",
            " ",
            "²",
            "①",
            "٣",
            " 3",
            "3 ",
            "-",
            "x" * 10_000,
            [],
            {},
            [1, 2],
            {"a": 1},
            ["buy"],
            [[[]]],
            Raw("1" * rnd.choice((31, 400, 4_301, 5_000))),
            Raw("-" + "9" * 50),
            Raw("1e999"),
            Raw("NaN"),
            Raw("-Infinity"),
            Raw("[" * d + "]" * d),
            Raw('{"a":' * d + "1" + "}" * d),
            Raw('"\\ud800"'),
            Raw('"' + "y" * rnd.choice((1_000, 300_000, 2_100_000)) + '"'),
        )
    )


def mutate_bytes(rnd: random.Random, data: bytes) -> tuple[str, bytes]:
    kind = rnd.choice(("truncate", "bit flip", "insert", "delete", "repeat", "encoding"))
    n = len(data)
    if kind == "truncate":
        return kind, data[: rnd.randrange(n)]
    if kind == "bit flip":
        out = bytearray(data)
        for _ in range(rnd.choice((1, 1, 2, 3))):
            out[rnd.randrange(n)] ^= 1 << rnd.randrange(8)
        return kind, bytes(out)
    at = rnd.randrange(n + 1)
    if kind == "insert":
        junk = rnd.choice(
            (
                bytes([rnd.randrange(256)]),
                b"\x00",
                b"\xff",
                b"\xc3",
                b"\n",
                b"{",
                b'"',
                b"\\",
                b"[" * 3000,
                rnd.randbytes(rnd.randrange(1, 9)),
            )
        )
        return kind, data[:at] + junk + data[at:]
    if kind == "delete":
        return kind, data[:at] + data[at + rnd.randrange(1, 40) :]
    if kind == "repeat":
        size = rnd.randrange(1, 200)
        return kind, data[:at] + data[at : at + size] + data[at:]
    text = data.decode("utf-8")
    enc = rnd.choice(("utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252", "utf-8-sig", "ascii"))
    return f"encoding {enc}", text.encode(enc, errors="replace")


def paths(value, prefix=()):
    """Every place in a JSON value, as key/index tuples (the value itself first)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def put(doc, path, value):
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def mutate_json(rnd: random.Random, doc) -> str:
    """Change `doc` in place (its root is never replaced); returns what was done."""
    places = [p for p in paths(doc) if p]
    path = rnd.choice(places)
    parent = get(doc, path[:-1])
    op = rnd.choice(("set", "set", "delete", "duplicate key", "add key", "list"))
    if op == "set":
        put(doc, path, odd_values(rnd) if rnd.random() < 0.7 else copy.deepcopy(get(doc, rnd.choice(places))))
        return f"set {path[-1]}"
    if op == "delete":
        del parent[path[-1]]
        return f"delete {path[-1]}"
    if op in ("duplicate key", "add key") and isinstance(parent, dict):
        key = path[-1] if op == "duplicate key" else rnd.choice(("extra", "Seats", "seats ", ""))
        value = parent[path[-1]] if rnd.random() < 0.5 else odd_values(rnd)
        items = list(parent.items())
        items.insert(rnd.randrange(len(items) + 1), (key, value))
        if path[:-1]:
            put(doc, path[:-1], Pairs(items))
        else:  # the root stays a dict (changed in place): its twin key goes one level down
            parent[path[-1]] = Pairs([(k, v) for k, v in items if k == key]) if key == path[-1] else value
        return op
    target = parent if isinstance(parent, list) else get(doc, path) if isinstance(get(doc, path), list) else None
    if not target:
        put(doc, path, odd_values(rnd))
        return f"set {path[-1]}"
    how = rnd.choice(("repeat", "swap", "reverse", "drop last", "append"))
    i, j = rnd.randrange(len(target)), rnd.randrange(len(target))
    if how == "repeat":
        target.insert(i, target[i])
    elif how == "swap":
        target[i], target[j] = target[j], target[i]
    elif how == "reverse":
        target.reverse()
    elif how == "drop last":
        target.pop()
    else:
        target.append(odd_values(rnd))
    return f"list {how}"


def clean_message(message: str) -> bool:
    return 0 < len(message) <= 200 and message.isprintable()


def category(message: str) -> str:
    """A refusal's message with its particulars blanked, for counting."""
    text = re.sub(r'"[^"]*"(\u2026)?', "…", message)
    text = re.sub(r"[0-9][0-9,]*", "N", text)
    return text[:90]


class Tally:
    """A fuzzer's outcomes: counted, its refusals by message (particulars blanked), its
    failures kept as (mutant, where, what was done, outcome, detail)."""

    def __init__(self):
        self.outcomes: collections.Counter = collections.Counter()
        self.refusals: collections.Counter = collections.Counter()
        self.failures: list[tuple] = []

    def add(self, i: int, where: str, what: str, outcome: str, detail: str) -> None:
        self.outcomes[outcome] += 1
        if outcome == "refused":
            self.refusals[category(detail)] += 1
        elif outcome.startswith("FAILED"):
            self.failures.append((i, where, what, outcome, detail))

    def report(self, show: int, title: str = "refusals by message:", most: int | None = None) -> None:
        for outcome, count in self.outcomes.most_common():
            print(f"  {count:6}  {outcome}")
        print(title)
        for message, count in self.refusals.most_common(most):
            print(f"  {count:6}  {message}")
        for i, where, what, outcome, detail in self.failures[:show]:
            print(f"failure at mutant {i} ({where}; {what}): {outcome}: {detail}")
