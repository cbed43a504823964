"""Reading a file nobody vouches for: a save, the settings, a data file, a catalogue.

Only a regular file is read. The name is looked at before opening (a FIFO, a device or a
folder by that name is refused, never waited on), the file is opened without blocking and
looked at again once open, then its bytes are read once, with a size limit, and decoded as
UTF-8. Every problem is one `BadFile` with one short line naming what is wrong.

A message quotes at most a few characters of any value (`excerpt`, `kind_of`) and is one
line of printable characters (`one_line`): the checks that follow the reading, of saves
and of data files alike, build their messages with these too. `DataError` is the refusal
of a shipped data file or catalogue (the file, the entry and the problem).

The messages are English (they also go to the log); saves/unreadable.py shows a save's
or the settings' refusal in the player's language by its wording (a test checks).
"""

from __future__ import annotations

import json
import os
import stat

from vikings.engine.errors import VikingsError

MESSAGE_LIMIT = 200  # characters in any message built here
EXCERPT = 24  # characters of a value quoted in a message
LONG_NUMBER = 90  # bits of a whole number quoted as it is (about 27 digits)

NOT_UTF8 = "the file is not UTF-8 text"  # the engine's wording (serialize._parse)
NOT_REGULAR = "the file is not an ordinary file (a folder, pipe or device has its name)"


class BadFile(ValueError):
    """The file cannot be used; the message is one line, at most MESSAGE_LIMIT characters."""

    def __init__(self, message: str):
        super().__init__(one_line(message))


class DataError(VikingsError):
    """A shipped data file or catalogue that cannot be used: one line naming the file, the
    entry and the problem (`vikings` prints it and stops, or, for a translation, says it
    and speaks English)."""

    def __init__(self, file: str, entry: str, problem: str):
        self.file, self.entry, self.problem = file, one_line(entry, 80), one_line(problem, MESSAGE_LIMIT)
        super().__init__(f"{file}: {self.entry}: {self.problem}")


# Messages ------------------------------------------------------------------------------------
def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` on one line of printable characters, cut to `limit` (with an ellipsis)."""
    text = " ".join("".join(c if c.isprintable() else " " for c in text[: limit * 2]).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def excerpt(value) -> str:
    """A value as a message may quote it: JSON-like, never more than a few characters."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        if value.bit_length() > LONG_NUMBER:
            return "a very large number"
        return str(value)
    if isinstance(value, float):
        return repr(value) if len(repr(value)) <= EXCERPT else "a decimal number"
    if isinstance(value, str):
        shown = "".join(c if c.isprintable() else "?" for c in value[:EXCERPT])
        return json.dumps(shown, ensure_ascii=False) + ("\u2026" if len(value) > EXCERPT else "")
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item{'s' * (len(value) != 1)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} field{'s' * (len(value) != 1)}"
    return type(value).__name__


def kind_of(value) -> str:
    """What sort of value this is, for 'must be a list, got a text'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {excerpt(value)}"
    if isinstance(value, str):
        return f"the text {excerpt(value)}"
    return excerpt(value)


# Reading -------------------------------------------------------------------------------------
def read_limited(path, limit: int, about: str = "") -> bytes:
    """The file's bytes, read once; BadFile if it is not a regular file, cannot be read or
    is larger than `limit` (`about`: what such a file usually weighs, for the message)."""
    data = _read(path, limit + 1)
    if len(data) > limit:
        raise BadFile(f"the file is too large (over {_size(limit)}{'; ' + about if about else ''})")
    return data


def read_head(path, size: int) -> bytes:
    """The first `size` bytes of a regular file (an art or sound file's signature)."""
    return _read(path, size)


def _read(path, size: int) -> bytes:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise BadFile(NOT_REGULAR)
        with open(path, "rb", opener=_without_waiting) as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # (swapped since the look)
                raise BadFile(NOT_REGULAR)
            return f.read(size)
    except OSError as e:
        raise BadFile(f"the file cannot be read ({e.strerror or type(e).__name__})") from None
    except BadFile:
        raise
    except ValueError:  # a name with a null character in it
        raise BadFile("the file cannot be read (its name is not a file name)") from None


def _without_waiting(path, flags: int) -> int:
    """Open for reading without waiting for a writer (a FIFO's open would block until one
    comes); a regular file reads the same either way."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))


def _size(n: int) -> str:
    return f"{n // 1_000_000} MB" if n >= 1_000_000 else f"{n // 1000} KB"


def decode(data: bytes | str) -> str:
    """UTF-8 text (a UTF-8 byte order mark, as Windows editors write, is allowed)."""
    if isinstance(data, str):
        return data
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise BadFile(f"{NOT_UTF8} (it is UTF-16: save it again as UTF-8)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadFile(f"{NOT_UTF8} (a damaged or foreign byte at position {e.start})") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path, limit: int, about: str = "") -> str:
    """The file as UTF-8 text, read as `read_limited` reads it."""
    return decode(read_limited(path, limit, about))
