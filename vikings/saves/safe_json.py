"""Reading a JSON file nobody vouches for (a save, the settings): the bytes read once as
vikings/text/files.py reads them (a regular file only, with a size limit, as UTF-8),
checked for nesting depth and size before the parser sees them, and parsed without NaN,
oversized numbers or duplicated keys. Every problem is one `BadFile` with one short line
that names what is wrong and quotes at most a few characters.

No knowledge of what the file means here: callers check the parsed value's layout.
The messages are English (they also go to the log); the screens show them through
saves/unreadable.py, which knows each one's wording: change the two together (a test checks).
"""

from __future__ import annotations

import json
import re

from vikings.text.files import NOT_REGULAR, NOT_UTF8, BadFile, decode, excerpt, kind_of, one_line
from vikings.text.files import read_limited as _read_limited

MAX_DEPTH = 20  # a save nests 8 deep, the table around it 3
MAX_CONTAINERS = 50_000  # lists and objects; a full 4-player game has about 800
MAX_DIGITS = 30  # a number's digits; the largest in a save (the random state) has 20
ABOUT = "a saved game is about 15 KB"

__all__ = [
    "NOT_REGULAR",
    "NOT_UTF8",
    "BadFile",
    "check_shape",
    "decode",
    "excerpt",
    "kind_of",
    "one_line",
    "parse",
    "read_limited",
]


def read_limited(path, limit: int) -> bytes:
    """The file's bytes, read once (a regular file only); BadFile if it is larger than
    `limit` or cannot be read (vikings.text.files.read_limited)."""
    return _read_limited(path, limit, ABOUT)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_shape(text: str) -> None:
    """Refuse text nested too deeply, with too many lists and objects or too long a number,
    before parsing (the parser's recursion, memory and int() follow these). Brackets and
    digits inside strings are text: they are counted only when the quick count over the
    whole text (an upper bound) finds a problem, and then again without the strings."""
    problem = _shape(text)
    if problem:
        problem = _shape(_STRING.sub('""', text))
        if problem:
            raise BadFile(problem)


def _shape(text: str) -> str | None:
    opens = text.count("[") + text.count("{")
    closes = text.count("]") + text.count("}")
    if max(opens, closes) > MAX_CONTAINERS:
        return f"the file holds too many lists and objects (over {MAX_CONTAINERS:,})"
    depth = 0
    for m in _BRACKETS.finditer(text):
        depth += _DEPTH_STEP[m.group()]
        if depth > MAX_DEPTH:
            return f"the JSON is nested too deeply (over {MAX_DEPTH} levels at line {_line(text, m.start())})"
    long_number = _LONG_NUMBER.search(text)
    if long_number:
        return (
            f"a number at line {_line(text, long_number.start())} has more than {MAX_DIGITS} digits "
            f"({long_number.group()[:8]}\u2026)"
        )
    return None


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")


def parse(data: bytes | str):
    """The JSON value in `data` (bytes or text); BadFile explains any problem."""
    text = decode(data)
    if not text.strip():
        raise BadFile("the file is empty")
    check_shape(text)
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except BadFile:
        raise
    except RecursionError:  # check_shape prevents it; kept in case the stack is short
        raise BadFile(f"the JSON is nested too deeply (over {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        if _truncated(text, e):
            raise BadFile("the text ends too early (a cut-off file?)") from None
        raise BadFile(f"invalid JSON at line {e.lineno} column {e.colno} ({e.msg})") from None


def _no_constant(name: str):
    raise BadFile(f"{name} is not a valid JSON value")


def _object(pairs: list) -> dict:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise BadFile(f"the field {excerpt(key)} appears twice in one object")
            seen.add(key)
    return doc


def _truncated(text: str, e: json.JSONDecodeError) -> bool:
    """JSON that stops inside a value or without its closing brace is a cut-off file."""
    end = text.strip()
    cut = e.pos >= len(text.rstrip()) or not end.endswith("}") or e.msg.startswith("Unterminated string")
    return end.startswith("{") and cut
