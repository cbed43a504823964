"""A game played to its end by bots, one a seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from vikings.engine.actions import Action
from vikings.engine.state import GameState


class Player(Protocol):
    """What sits at a seat: a bot, or anything that chooses as one does."""

    def choose(self, game: GameState, legal: tuple[Action, ...]) -> Action: ...


def play_out(
    game: GameState,
    players: Sequence[Player],
    *,
    copies: bool = False,
    on_move: Callable[[GameState, tuple[Action, ...], Action], None] | None = None,
) -> GameState:
    """Play `game` to its end: the bot of the seat to move, `players[game.to_move]`, chooses
    among the legal actions and the game applies its choice, until the game is over.
    `copies` hands each bot a copy of the game instead of the game itself. `on_move(game,
    legal, action)` sees each decision after the choice and before it is applied. Returns
    `game` (played in place)."""
    while not game.is_over:
        legal = game.legal_actions()
        action = players[game.to_move].choose(game.copy() if copies else game, legal)
        if on_move is not None:
            on_move(game, legal, action)
        game.apply(action)
    return game
