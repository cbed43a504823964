"""Static evaluation of a game state for bots (first, simple version).

`value(state, p)`: an estimate of player p's final Fame.
`utilities(state)`: one number in [0, 1] per player, for search (the result when the game
is over, otherwise a smooth function of each player's value against the best other).
"""
from __future__ import annotations

import math

from ..engine import GameState


def value(state: GameState, p: int) -> float:
    d = state.displays[p]
    return d.fame + d.gold / state.rules.scoring.gold_per_fame


def utilities(state: GameState) -> list[float]:
    if state.is_over:
        winners = [p for p, r in enumerate(state.ranks) if r == 1]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.n)]
    values = [value(state, p) for p in range(state.n)]
    out = []
    for p, v in enumerate(values):
        best_other = max(values[:p] + values[p + 1:])
        out.append(1.0 / (1.0 + math.exp(-(v - best_other) / 8.0)))
    return out
