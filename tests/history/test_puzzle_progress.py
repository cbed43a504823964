"""Puzzle attempts and the daily streak kept per profile (vikings/history/puzzle_progress.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from vikings.history import Refused, profiles
from vikings.history.puzzle_progress import Progress, best_streak, current_streak, progress, record_attempt

D = date(2026, 2, 26)  # February 2026 has 28 days: D + 3 is the 1st of March


def days(*offsets):
    return [D + timedelta(days=i) for i in offsets]


@pytest.mark.parametrize(
    ("offsets", "current", "best"),
    [
        ((), 0, 0),
        ((0,), 1, 1),
        ((0, 1, 2), 3, 3),
        ((0, 1, 2, 2, 2), 3, 3),  # the same day twice counts once
        ((2, 0, 1), 3, 3),  # in any order
        ((0, 1, 2, 4, 5), 2, 3),  # a gap ends a run
        ((0, 1, 2, 3, 4), 5, 5),  # across the end of February
        ((0, 3, 4, 5, 6), 4, 4),
        ((0, 2, 4), 1, 1),
    ],
)
def test_streaks_over_dates(offsets, current, best):
    assert current_streak(days(*offsets)) == current
    assert best_streak(days(*offsets)) == best


def test_the_current_streak_counts_up_to_today_or_yesterday():
    solved = days(0, 1, 2)
    assert current_streak(solved, D + timedelta(days=2)) == 3  # solved today
    assert current_streak(solved, D + timedelta(days=3)) == 3  # today's still to come
    assert current_streak(solved, D + timedelta(days=4)) == 0  # a day missed
    assert best_streak(solved) == 3


def test_across_the_new_year():
    solved = [date(2026, 12, 30), date(2026, 12, 31), date(2027, 1, 1)]
    assert current_streak(solved, date(2027, 1, 1)) == 3


def test_attempts_make_the_progress(history):
    ann = profiles.create(history, "Ann", "teal").id
    bo = profiles.create(history, "Bo", "orange").id
    assert progress(history, ann) == Progress(0, 0, 0, frozenset())
    record_attempt(history, ann, "p001", D, False)
    record_attempt(history, ann, "p001", D, True)  # a second try the same day
    record_attempt(history, ann, "p002", D + timedelta(days=1), True)
    record_attempt(history, ann, "p003", D + timedelta(days=2), False)  # not solved: no streak day
    record_attempt(history, ann, "p007", D + timedelta(days=3), True)
    record_attempt(history, ann, "p009", D + timedelta(days=4), True, daily=False)  # not the daily one
    record_attempt(history, bo, "p004", D, True)
    got = progress(history, ann)
    assert got == Progress(4, 1, 2, frozenset({"p001", "p002", "p007", "p009"}))
    assert progress(history, ann, today=D + timedelta(days=5)).streak == 0
    assert progress(history, ann, today=D + timedelta(days=4)).streak == 1
    assert progress(history, bo).solved_ids == {"p004"}


def test_merging_and_deleting_profiles_carry_the_attempts(history):
    ann = profiles.create(history, "Ann", "teal").id
    bo = profiles.create(history, "Bo", "orange").id
    record_attempt(history, ann, "p001", D, True)
    record_attempt(history, bo, "p002", D + timedelta(days=1), True)
    profiles.merge(history, bo, ann)
    assert progress(history, ann) == Progress(2, 2, 2, frozenset({"p001", "p002"}))
    profiles.delete(history, ann)
    assert history.conn.execute("SELECT COUNT(*) FROM puzzle_attempts").fetchone()[0] == 0


@pytest.mark.parametrize("day", [datetime(2026, 1, 2, 23, 59), "2026-01-02", 20260102, None])
def test_a_day_must_be_a_calendar_date(history, day):
    ann = profiles.create(history, "Ann", "teal").id
    with pytest.raises(Refused) as e:
        record_attempt(history, ann, "p001", day, True)
    assert e.value.reason == "bad_date"


def test_refusals(history):
    ann = profiles.create(history, "Ann", "teal").id
    with pytest.raises(Refused) as e:
        record_attempt(history, 999, "p001", D, True)
    assert e.value.reason == "no_such_profile"
    for bad in ("", "x" * 41, "a\nb", 7):
        with pytest.raises(Refused) as e:
            record_attempt(history, ann, bad, D, True)
        assert e.value.reason == "bad_puzzle"
    with pytest.raises(Refused):
        progress(history, ann, today="2026-01-01")


def test_a_day_the_file_holds_badly_is_left_out(history):
    ann = profiles.create(history, "Ann", "teal").id
    record_attempt(history, ann, "p001", D, True)
    with history.write() as db:
        db.execute(
            "INSERT INTO puzzle_attempts (profile, puzzle, day, solved, daily) VALUES (?, 'p002', 'yesterday', 1, 1)",
            (ann,),
        )
    assert progress(history, ann) == Progress(2, 1, 1, frozenset({"p001", "p002"}))
