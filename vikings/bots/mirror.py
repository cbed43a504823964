"""A bot's own copy of a game, kept level with the game by its actions.

The screens' helper process keeps one per table to answer the bots' decisions without
being sent the whole game each time, and Expert keeps one to watch how the other players
choose (`table_watch.py`). Both learn the game only as its list of actions: the new ones
are applied when the mirror's actions begin the list, otherwise (an undo, a loaded game)
the game is replayed from its start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vikings.engine import Action, GameConfig, GameState, Rules, new_game


class Mirror:
    def __init__(self, config: GameConfig, rules: Rules) -> None:
        self.config = config
        self.rules = rules
        self.game = self._new()

    def _new(self) -> GameState:
        game = new_game(self.config, self.rules)
        game.quiet = True
        return game

    def follows(self, actions: Sequence[Action]) -> bool:
        """Whether the mirror's game is a beginning of the game of `actions`."""
        done = self.game.actions()
        return len(done) <= len(actions) and tuple(done) == tuple(actions[: len(done)])

    def catch_up(self, actions: Sequence[Action], before: Callable[[GameState, Action], None] | None = None) -> None:
        """Bring the mirror to the game of `actions` (oldest first). `before(state,
        action)`, if given, sees each action applied, with the state just before it."""
        if not self.follows(actions):
            self.game = self._new()
        for a in actions[len(self.game.actions()) :]:
            if before is not None:
                before(self.game, a)
            self.game.apply(a)
