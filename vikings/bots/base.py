"""What every bot shares: the interface, cancellation and fair re-sampling.

A bot sees the game through the same door as a person: it is handed the state and the
legal actions and returns one of them. It must not use what a player at the table cannot
see, so search bots work on `determinized` copies whose hidden parts (the order of the
stacks still face down, future bag draws) are re-drawn from the bot's own generator.
"""

from __future__ import annotations

import random
import threading

from vikings.engine import Action, GameState


class Cancelled(Exception):
    """Raised inside a bot's thinking when its decision was cancelled."""


class CancelToken:
    """Lets another thread stop a decision in progress (closing the window, leaving a game),
    and carries the decision's progress back (`report`, read as `progress`): the share of
    its search done, 0 to 1, which the table shows as a ring on the bot's card."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self.progress = 0.0

    def report(self, done: float) -> None:
        """The search's own measure of how far it is: a share of its budget, 0 to 1."""
        self.progress = min(1.0, max(0.0, done))

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise Cancelled()


class Bot:
    """Base class. Subclasses implement `_choose`; `choose` handles the trivial cases."""

    level = "base"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(
        self, game: GameState, legal: tuple[Action, ...] | None = None, cancel: CancelToken | None = None
    ) -> Action:
        """Pick one of `legal` (default: the game's legal actions) for the player to move.
        `game` is not modified. Raises Cancelled if `cancel` fires first."""
        legal = game.legal_actions() if legal is None else legal
        if not legal:
            raise ValueError("no legal action to choose from (is the game over?)")
        if len(legal) == 1:
            return legal[0]
        if cancel is not None:
            cancel.check()
        return self._choose(game, legal, cancel)

    def _choose(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        raise NotImplementedError

    def hidden_seed(self) -> int:
        """A seed for re-drawing what the bot cannot see, from the bot's own generator."""
        return self.rng.getrandbits(62)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Uniform among legal actions: a baseline for tests and strength measurements."""

    level = "random"

    def _choose(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        return legal[self.rng.randrange(len(legal))]
