"""Puzzle attempts and the daily streak of each profile (issue 56).

Every answer given to a puzzle is one row: the profile, the puzzle's id, the calendar day
(a `datetime.date`, no time and no time zone: the caller decides which day it is where
the player sits) and whether it was solved; `daily` marks the day's daily puzzle.

The streak counts days in a row on which the daily puzzle was solved. Solving it twice in
a day counts once; a day without a solved daily puzzle ends the run. The current streak
is the run that ends on `today` or on the day before (today's puzzle may still be to
come); without `today`, the run that ends on the last day solved.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import NamedTuple

from vikings.history.database import History
from vikings.history.errors import Refused
from vikings.history.profiles import get

BAD_DATE = "bad_date"  # not a calendar date (a datetime, a string, ...)
BAD_PUZZLE = "bad_puzzle"  # the puzzle's id is not 1 to 40 printable characters
PUZZLE_ID_MAX = 40


class Progress(NamedTuple):
    solved: int  # different puzzles solved
    streak: int  # the current run of days with the daily puzzle solved
    best_streak: int
    solved_ids: frozenset[str]


def _day(value: object) -> date:
    if isinstance(value, datetime) or not isinstance(value, date):
        raise Refused(BAD_DATE, f"a calendar date, not {type(value).__name__}")
    return value


def record_attempt(
    history: History, profile: int, puzzle_id: str, day: date, solved: bool, *, daily: bool = True
) -> None:
    """Keep one answer of `profile` to the puzzle `puzzle_id` on `day`."""
    day = _day(day)
    if not isinstance(puzzle_id, str) or not 0 < len(puzzle_id) <= PUZZLE_ID_MAX or not puzzle_id.isprintable():
        raise Refused(BAD_PUZZLE, f"1 to {PUZZLE_ID_MAX} printable characters")
    get(history, profile)
    with history.write() as db:
        db.execute(
            "INSERT INTO puzzle_attempts (profile, puzzle, day, solved, daily) VALUES (?, ?, ?, ?, ?)",
            (profile, puzzle_id, day.isoformat(), int(bool(solved)), int(bool(daily))),
        )


def progress(history: History, profile: int, today: date | None = None) -> Progress:
    """What `profile` has solved and her streaks (see the module's notes)."""
    get(history, profile)
    if today is not None:
        today = _day(today)
    ids = frozenset(
        r[0]
        for r in history.conn.execute(
            "SELECT DISTINCT substr(puzzle, 1, ?) FROM puzzle_attempts WHERE profile = ? AND solved",
            (PUZZLE_ID_MAX, profile),
        )
    )
    days = sorted(
        d
        for d in (
            _read_day(r[0])
            for r in history.conn.execute(
                "SELECT DISTINCT day FROM puzzle_attempts WHERE profile = ? AND solved AND daily", (profile,)
            )
        )
        if d is not None
    )
    return Progress(len(ids), current_streak(days, today), best_streak(days), ids)


def _read_day(text: object) -> date | None:
    """A stored day; anything else a file could hold is left out."""
    try:
        return date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        return None


def _runs(days: Iterable[date]) -> list[tuple[date, int]]:
    """(last day, length) of each run of consecutive days in `days` (sorted, distinct)."""
    runs: list[tuple[date, int]] = []
    for d in days:
        if runs and runs[-1][0] + timedelta(days=1) == d:
            runs[-1] = (d, runs[-1][1] + 1)
        elif not runs or runs[-1][0] != d:
            runs.append((d, 1))
    return runs


def best_streak(days: Iterable[date]) -> int:
    """The longest run of consecutive days in `days`."""
    return max((n for _, n in _runs(sorted(set(days)))), default=0)


def current_streak(days: Iterable[date], today: date | None = None) -> int:
    """The run that ends on `today` or the day before; without `today`, the last run."""
    runs = _runs(sorted(set(days)))
    if not runs:
        return 0
    last, n = runs[-1]
    if today is None or last in (today, today - timedelta(days=1)):
        return n
    return 0
