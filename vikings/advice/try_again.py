"""Try again (issue 56): a finished game's position before one decision, as a new game.

From a table (its seats and its game: what the saves' table reader gives, or anything
with `seats` and `game`) and a decision's index (`Decision.index` of the review: the
position is the game after that many actions), `try_again` rebuilds the position by
replaying the game's own first actions from its setup through the engine's door, exactly
as a save is loaded, and hands back the same seats (the same people and bots) with the
game at that position, marked as practice: the UI starts it as a table, and records it
with `practice=True` when it is finished.

Pure Python: no files, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from vikings.engine import GameState
from vikings.engine.errors import SaveError
from vikings.engine.serialize import replay


@dataclass(frozen=True)
class Retry:
    """A new game at the position before decision `index` of the game it came from."""

    seats: tuple  # the original table's seats, unchanged
    game: GameState  # the position, not quiet (a table plays it)
    index: int  # actions replayed
    hints: tuple  # a new count a seat: nothing used yet
    practice: bool = True

    @property
    def to_move(self) -> int:
        return self.game.to_move


def try_again(table, index: int) -> Retry:
    """The game of `table` before its decision `index` (0 = before the first action).
    Raises ValueError for an index the game does not have (or its last position, the game
    over)."""
    game = table.game
    actions = game.actions()
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(actions):
        raise ValueError(f"decision {index!r} is not one of the game's {len(actions)} decisions")
    try:
        position = replay(game.config, [a.to_json() for a in actions[:index]], game.rules)
    except SaveError as e:  # the game's own actions: only a damaged table could do this
        raise ValueError(f"the game cannot be replayed to decision {index}: {e}") from None
    return Retry(tuple(table.seats), position, index, tuple(0 for _ in table.seats))


__all__ = ["Retry", "try_again"]
