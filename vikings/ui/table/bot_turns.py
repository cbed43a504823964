"""A bot's decision while the table goes on: asked for the game as it stood, answered later.

The table (`match.Match`) asks for one decision at a time and polls it each frame, so the
drawing never waits: `RemoteWorker` in the bots' helper process (bots/remote.py),
`ThreadWorker` on a thread of this process where no helper process can be started, and
`Ready` for a decision known at once (the lesson's scripted bot moves). Each can be stopped
at any time and reports the share of the search done, for the thinking ring.
"""

from __future__ import annotations

import threading
import time

from vikings.bots import Cancelled, CancelToken
from vikings.engine import GameState


def _position(game: GameState) -> tuple:
    """Where the game stands, for telling whether a decision still belongs to it: the
    actions played, who moves and in which phase."""
    return (len(game.actions()), game.to_move, game.phase)


class Decision:
    """One bot decision for the game as it stood when it was asked: `finished()` says
    whether it is answered, then `action` (None if it was stopped) or `error` holds the
    answer; `stop()` gives it up."""

    action = None
    error: BaseException | None = None

    def __init__(self, game: GameState):
        self.key = _position(game)
        self.started = time.monotonic()

    @property
    def progress(self) -> float:
        """The share of the bot's search done, 0 to 1 (as the search reports it)."""
        return 1.0

    def matches(self, game: GameState) -> bool:
        return self.key == _position(game)

    def finished(self) -> bool:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError


class Ready(Decision):
    """A decision known at once (the lesson's scripted bot moves)."""

    def __init__(self, game: GameState, action):
        super().__init__(game)
        self.action = action

    def finished(self) -> bool:
        return True

    def stop(self) -> None:
        pass


class ThreadWorker(Decision):
    """One bot decision on a daemon thread, on a copy of the game (the fallback)."""

    def __init__(self, bot, game: GameState):
        super().__init__(game)
        self.cancel = CancelToken()
        self.done = threading.Event()
        copy = game.copy()
        legal = game.legal_actions()
        self.thread = threading.Thread(target=self._run, args=(bot, copy, legal), daemon=True, name="vikings-bot")
        self.thread.start()

    def finished(self) -> bool:
        return self.done.is_set()

    def stop(self) -> None:
        self.cancel.cancel()

    @property
    def progress(self) -> float:
        return self.cancel.progress

    def _run(self, bot, game, legal) -> None:
        try:
            self.action = bot.choose(game, legal, self.cancel)
        except Cancelled:
            pass
        except BaseException as e:  # shown by the screen, never lost in the thread
            self.error = e
        finally:
            self.done.set()


class RemoteWorker(Decision):
    """One bot decision in the helper process (bots/remote.py)."""

    def __init__(self, thinker, table: int, game: GameState, level: str, seed: int):
        super().__init__(game)
        self.job = thinker.ask(table, game, game.to_move, level, seed)

    def finished(self) -> bool:
        return self.job.poll()

    @property
    def action(self):
        return self.job.action

    @property
    def error(self):
        return self.job.error

    def stop(self) -> None:
        self.job.cancel()

    @property
    def progress(self) -> float:
        return self.job.progress
