"""The fair level (issue 56) from constructed results against bots: a newcomer starts at
Beginner, a clear winning record steps up one level, a losing one down, an even one stays,
and only the recent games count."""

from __future__ import annotations

import random

import pytest

from vikings.bots import LEVELS
from vikings.history.fair import DOWN, FIRST, STAY, UP, BotResult, chance, estimate_skill, suggest_level


def results(level: str, wins: int, losses: int) -> list[BotResult]:
    """Interleaved, so that the order says nothing."""
    out = []
    for i in range(max(wins, losses)):
        if i < wins:
            out.append(BotResult(level, True))
        if i < losses:
            out.append(BotResult(level, False))
    return out


def test_a_newcomer_starts_at_beginner():
    s = suggest_level([])
    assert (s.level, s.reason) == ("beginner", FIRST)
    assert 0.4 < s.chance < 0.6


@pytest.mark.parametrize(
    "history,level,reason",
    [
        (results("beginner", 9, 1), "normal", UP),
        (results("normal", 1, 9), "beginner", DOWN),
        (results("normal", 5, 5), "normal", STAY),
        (results("hard", 6, 6), "hard", STAY),
        (results("hard", 10, 0), "expert", UP),
        (results("expert", 10, 0), "expert", STAY),  # nothing above
        (results("random", 0, 10), "random", STAY),  # nothing below
        (results("random", 20, 0), "beginner", UP),  # one step, however clear the record
        (results("expert", 0, 20), "hard", DOWN),
    ],
)
def test_a_clear_record_moves_one_step_and_an_even_one_stays(history, level, reason):
    s = suggest_level(history)
    assert (s.level, s.reason) == (level, reason), s


def test_one_game_is_not_a_clear_record():
    assert suggest_level([BotResult("beginner", True)]).level == "beginner"
    assert suggest_level([BotResult("beginner", False)]).level == "beginner"
    assert suggest_level([BotResult("normal", True)]).level == "normal"
    # A newcomer who lost her first game against Normal is where the prior put her anyway.
    assert suggest_level([BotResult("normal", False)]).level == "beginner"


def test_only_the_recent_games_count():
    old = results("normal", 0, 20)
    recent = results("beginner", 18, 2)
    assert suggest_level(old + recent).level == "normal"
    assert suggest_level(old + recent, window=40).level == "beginner"


def test_the_suggestion_is_the_allowed_level_nearest_an_even_chance():
    rnd = random.Random(56)
    for _ in range(200):
        history = [BotResult(rnd.choice(LEVELS), rnd.random() < 0.5) for _ in range(rnd.randrange(1, 25))]
        s = suggest_level(history)
        last = LEVELS.index(history[-1].level)
        allowed = LEVELS[max(0, last - 1) : last + 2]
        assert s.level in allowed
        assert abs(s.chance - 0.5) == min(abs(chance(s.skill, lv) - 0.5) for lv in allowed)


def test_a_win_instead_of_a_loss_never_lowers_her_skill():
    rnd = random.Random(7)
    for _ in range(100):
        history = [BotResult(rnd.choice(LEVELS), rnd.random() < 0.5) for _ in range(rnd.randrange(1, 20))]
        losses = [i for i, r in enumerate(history) if not r.won]
        if not losses:
            continue
        better = list(history)
        i = rnd.choice(losses)
        better[i] = BotResult(history[i].level, True)
        assert estimate_skill(better) > estimate_skill(history)


def test_the_chance_falls_with_each_stronger_level():
    for skill in (-3.0, 0.0, 1.5, 4.0):
        chances = [chance(skill, lv) for lv in LEVELS]
        assert chances == sorted(chances, reverse=True)
