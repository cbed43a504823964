"""Finished and running games for the history's tests, built once, with known winners."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from helpers import random_play

from vikings.content.data import default_rules
from vikings.engine import GameConfig, new_game
from vikings.engine.state import GameState
from vikings.history.games import table_text
from vikings.saves.table_file import COLOURS, Seat

RULES = default_rules()
NAMES = ("Astrid", "Bjørn", "Åsa Þórsdóttir", "Leif")
ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


@functools.cache
def game(players: int = 2, seed: int = 1, advanced: bool = False, steps: int | None = None) -> GameState:
    """A game played by random legal moves, to the end or for `steps` decisions; one
    without a shared first place when finished."""
    while True:
        g = new_game(GameConfig(NAMES[:players], seed=seed, options=ADVANCED if advanced else frozenset()), RULES)
        g.quiet = True
        random_play(g, random.Random(seed), steps)
        g.quiet = False
        if not g.is_over or list(g.ranks).count(1) == 1:
            return g
        seed += 1000


def seats(g: GameState, kinds: Sequence[str]) -> list[Seat]:
    return [Seat(name, kind, COLOURS[i]) for i, (name, kind) in enumerate(zip(g.config.players, kinds))]


def text(g: GameState, kinds: Sequence[str], hints: Sequence[int] | None = None) -> str:
    """The table file's text of `g` with these seat kinds ("person" or a bot level)."""
    return table_text(seats(g, kinds), g, hints or [0] * g.n)


def winner(g: GameState) -> int:
    return list(g.ranks).index(1)


def loser(g: GameState) -> int:
    return max(range(g.n), key=lambda i: g.ranks[i])
