"""A fair game: the bot level against which a player would win about half her games.

The model, kept simple on purpose. Each level has a fixed strength on a logistic scale
(STRENGTH) and the player one skill; her chance to win against a level is

    chance = 1 / (1 + exp(strength - skill))

Her skill is the most likely value given her recent results against bots (the last
WINDOW games, each a win or not against the strongest bot at the table) and a prior
belief about a newcomer (PRIOR_SKILL, give or take PRIOR_SPREAD), so that a few games
move it a little and many games a lot. The suggestion is the level whose chance is
nearest one half, but never more than one step from the level she played last: after a
clear winning record she steps up, after a losing one down, otherwise she stays.

Pure: results in, a suggestion out; stats.recent_bot_results gives the results.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vikings.bots import LEVELS

STRENGTH = {"random": -2.5, "beginner": 0.0, "normal": 1.2, "hard": 2.4, "expert": 3.4}
PRIOR_SKILL = 0.2  # a newcomer wins a little over half her games against Beginner
PRIOR_SPREAD = 1.0
WINDOW = 20

# Reason codes.
FIRST = "first"  # no games against bots yet: the level for a newcomer
UP = "up"
DOWN = "down"
STAY = "stay"


@dataclass(frozen=True)
class BotResult:
    level: str  # one of bots.LEVELS
    won: bool


@dataclass(frozen=True)
class Suggestion:
    level: str
    reason: str  # FIRST, UP, DOWN or STAY
    chance: float  # her estimated chance to win against `level`
    skill: float


def chance(skill: float, level: str) -> float:
    return 1.0 / (1.0 + math.exp(STRENGTH[level] - skill))


def estimate_skill(results: Sequence[BotResult]) -> float:
    """The most likely skill given the results and the prior (Newton's method on the
    log-likelihood, which has one maximum)."""
    skill = PRIOR_SKILL
    for _ in range(50):
        slope = (PRIOR_SKILL - skill) / PRIOR_SPREAD**2
        bend = 1.0 / PRIOR_SPREAD**2
        for r in results:
            p = chance(skill, r.level)
            slope += (1.0 if r.won else 0.0) - p
            bend += p * (1.0 - p)
        step = slope / bend
        skill += max(-2.0, min(2.0, step))
        if abs(step) < 1e-9:
            break
    return skill


def suggest_level(results: Sequence[BotResult], window: int = WINDOW) -> Suggestion:
    """The level for her next game against a bot, from her results (oldest first)."""
    recent = [r for r in results if r.level in LEVELS][-window:] if window > 0 else []
    skill = estimate_skill(recent)
    if not recent:
        choices: Sequence[str] = LEVELS
    else:
        last = LEVELS.index(recent[-1].level)
        choices = LEVELS[max(0, last - 1) : last + 2]
    level = min(choices, key=lambda lv: (abs(chance(skill, lv) - 0.5), LEVELS.index(lv)))
    if not recent:
        reason = FIRST
    else:
        step = LEVELS.index(level) - LEVELS.index(recent[-1].level)
        reason = UP if step > 0 else DOWN if step < 0 else STAY
    return Suggestion(level, reason, chance(skill, level), skill)
