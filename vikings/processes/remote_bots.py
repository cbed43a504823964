"""Bots that think in a separate process, so the screens' thread never waits for them.

A bot on a thread of the screens' process shares the interpreter lock with the drawing:
while Hard searched, animation frames waited for the lock and took 15-60 ms instead of
3-6 ms. Here one helper process (`Thinker`) holds the bots and a mirror of each game, and
answers one decision at a time; the screens' process only sends what changed and polls
for the answer.

* Same decisions as bots in the screens' process: each bot lives in the helper for the
  whole game, is made by the same `make_bot(level, seed)` and is asked the same questions
  in the same order. The helper keeps a mirror of the game and applies only the actions
  that are new, so a search bot can keep its tree from one decision to the next.
* Cancelling: the screens write the job's number into a shared value; the bot's
  `CancelToken.check()` reads it, so a decision stops within a few milliseconds.
* The helper is started with "spawn" (a fresh interpreter that never touches SDL), once
  per screens' process, and restarted if it dies. It imports no pygame.
* Bounded: the screens tell the helper to forget a game they leave, but a game dropped
  without that must not stay forever (an Expert's tree is about 60 MB). The helper keeps
  at most MAX_TABLES games and MAX_BOTS bots, forgetting the least recently asked first
  (never the game it is answering for); a forgotten game that comes back is rebuilt from
  its actions, its bots then start with fresh trees.
"""

from __future__ import annotations

import gc
import multiprocessing
import traceback
from collections import OrderedDict
from typing import Any

from vikings.bots import make_bot
from vikings.bots.base import Cancelled, CancelToken
from vikings.bots.mirror import Mirror
from vikings.engine import GameConfig
from vikings.processes import start_child

MAX_TABLES = 2  # games whose bots and mirror the helper holds
MAX_BOTS = 4  # bots (with their search trees) over all those games


def _evict(tables: OrderedDict, keep) -> None:
    """Forget the least recently asked games until the caps hold (never `keep`)."""
    dropped = False
    while len(tables) > 1 and (len(tables) > MAX_TABLES or sum(len(t.bots) for t in tables.values()) > MAX_BOTS):
        oldest = next(iter(tables))
        if oldest == keep:
            tables.move_to_end(oldest)
            oldest = next(iter(tables))
        del tables[oldest]
        dropped = True
    if dropped:
        gc.collect()  # a search tree's nodes point at their parents: cycles


class _SharedCancel(CancelToken):
    """Cancelled once the screens have marked this job (or a later one) as cancelled.
    Only the screens' process cancels, through `Thinker`; here it is only read. The
    search's progress goes the other way, into a shared number the screens read."""

    def __init__(self, job: int, cancelled, progress=None):
        self.job = job
        self.shared = cancelled
        self.shared_progress = progress
        self.report(0.0)

    def report(self, done: float) -> None:
        self.progress = min(1.0, max(0.0, done))
        if self.shared_progress is not None:  # [job, share done]: the screens read only their job's
            self.shared_progress[0] = self.job
            self.shared_progress[1] = self.progress

    @property
    def cancelled(self) -> bool:
        return self.shared.value >= self.job

    def check(self) -> None:
        if self.cancelled:
            raise Cancelled()


class _Table(Mirror):
    """The helper's side of one game: its bots and a mirror of the game."""

    def __init__(self, config: GameConfig, rules):
        super().__init__(config, rules)
        self.bots: dict[tuple[int, str, int], Any] = {}

    def bot(self, seat: int, level: str, seed: int):
        key = (seat, level, seed)
        if key not in self.bots:
            self.bots[key] = make_bot(level, seed)
        return self.bots[key]


class _Hinter:
    """A hint job (kind "hint"): answers with a hints.Hint for the person to move instead of
    an action, from the same mirror of the game."""

    def choose(self, game, legal, cancel):
        from vikings.advice.hints import suggest

        return suggest(game, cancel)


def _serve(conn, cancelled, progress=None) -> None:
    """The helper's loop: one request at a time, until told to stop or the pipe closes."""
    tables: OrderedDict[int, _Table] = OrderedDict()  # least recently asked first
    rules: dict[int, Any] = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        kind = msg[0]
        if kind == "stop":
            return
        if kind == "forget":
            if tables.pop(msg[1], None) is not None:
                gc.collect()
            continue
        if kind == "rules":
            rules[msg[1]] = msg[2]
            continue
        # ("think" or "hint", job, table, rules_id, config, actions, seat, level, seed)
        _, job, table, rules_id, config, actions, seat, level, seed = msg
        reply: tuple[str, Any, object]
        try:
            t = tables.get(table)
            if t is None or t.config != config or t.rules is not rules[rules_id]:
                t = tables[table] = _Table(config, rules[rules_id])
            tables.move_to_end(table)
            t.catch_up(actions)
            game = t.game
            if game.to_move != seat:
                raise ValueError(f"asked for seat {seat}'s decision, but seat {game.to_move} is to move")
            bot, legal = (_Hinter() if kind == "hint" else t.bot(seat, level, seed)), game.legal_actions()
            _evict(tables, table)
            action = bot.choose(game.copy(), legal, _SharedCancel(job, cancelled, progress))
            # A search bot's figures (was it cut by its time cap?); a lone action is not searched.
            stats = getattr(bot, "last_stats", {}) if len(legal) > 1 else {}
            reply = ("done", job, (action, {k: stats[k] for k in ("seconds", "capped") if k in stats}))
        except Cancelled:
            reply = ("cancelled", job, None)
        except Exception as e:  # reported to the screens, which show it
            reply = ("error", job, f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


class BotError(RuntimeError):
    """A bot failed in the helper process (the message carries its traceback)."""


class Job:
    """One decision asked of the helper. `done` once its answer (or failure) is in."""

    def __init__(self, thinker: Thinker, number: int):
        self.thinker = thinker
        self.number = number
        self.done = False
        self.action = None
        self.stats: dict = {}  # a search bot's "seconds" and "capped" (its time cap cut the search)
        self.error: BaseException | None = None

    def poll(self) -> bool:
        """Collect the answer if it has come; True once done."""
        if not self.done:
            self.thinker._collect()
        return self.done

    def cancel(self) -> None:
        self.thinker._cancel(self)

    @property
    def progress(self) -> float:
        """The share of the search done so far, 0 to 1, as the bot reports it (0 until the
        helper has started on this job)."""
        return self.thinker._progress_of(self)


class Thinker:
    """The screens' handle on the helper process. `ask()` returns a Job to poll; asking
    again (or cancelling) abandons the previous job."""

    def __init__(self):
        self._ctx = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None
        self._cancelled = None
        self._progress = None
        self._job: Job | None = None
        self._jobs = 0
        self._rules_sent: dict[int, Any] = {}

    # The process -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the helper now (it takes a few tenths of a second to import the bots)."""
        if self._proc is not None and self._proc.is_alive():
            return
        self.stop()
        self._cancelled = self._ctx.Value("q", 0, lock=False)
        self._cancelled.value = self._jobs  # every job asked so far counts as abandoned
        self._progress = self._ctx.Array("d", 2, lock=False)  # [job, share of its search done]
        self._proc, self._conn = start_child(
            self._ctx, _serve, (self._cancelled, self._progress), "vikings-bots", "the bots' process"
        )
        self._rules_sent = {}

    def stop(self) -> None:
        if self._proc is None:
            return
        try:
            self._conn.send(("stop",))
        except (OSError, ValueError):
            pass
        self._proc.join(timeout=1.0)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join(timeout=1.0)
        self._conn.close()
        self._proc = self._conn = None
        if self._job is not None and not self._job.done:
            self._job.done, self._job.error = True, BotError("the bots' process was stopped")
        self._job = None

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    # Decisions -------------------------------------------------------------------------------
    def ask(self, table: int, game, seat: int, level: str, seed: int, kind: str = "think") -> Job:
        """Ask seat `seat`'s bot (`make_bot(level, seed)`, kept for the table) for a
        decision in `game`, which must be that seat's turn. `table` tells games apart.
        `kind` "hint": a hint for the person to move instead (`ask_hint`)."""
        self.start()
        if self._job is not None:
            self._cancel(self._job)
        self._jobs += 1
        job = self._job = Job(self, self._jobs)
        rules = game.rules
        if id(rules) not in self._rules_sent:
            self._conn.send(("rules", id(rules), rules))
            self._rules_sent[id(rules)] = rules  # (kept alive so that its id stays its own)
        self._conn.send((kind, job.number, table, id(rules), game.config, tuple(game.actions()), seat, level, seed))
        return job

    def ask_hint(self, table: int, game) -> Job:
        """A hint (bots/hints.py) for the person to move in `game`: the Job's `action` is
        a `hints.Hint`. Like a decision, it abandons the job asked before it."""
        return self.ask(table, game, game.to_move, "hint", 0, kind="hint")

    def forget(self, table: int) -> None:
        """The game `table` is over or left: the helper drops its bots and mirror."""
        if self.alive:
            try:
                self._conn.send(("forget", table))
            except (OSError, ValueError):
                pass

    def _cancel(self, job: Job) -> None:
        if self._cancelled is not None:
            self._cancelled.value = max(self._cancelled.value, job.number)
        job.done = True  # abandoned: whatever the helper answers for it is dropped
        if self._job is job:
            self._job = None

    def _progress_of(self, job: Job) -> float:
        shared = self._progress
        if job.done:
            return 1.0
        if shared is None or int(shared[0]) != job.number:
            return 0.0
        return float(shared[1])

    def _collect(self) -> None:
        """Read every answer that has arrived; only the current job's is kept."""
        job = self._job
        try:
            while self._conn is not None and self._conn.poll():
                kind, number, payload = self._conn.recv()
                if job is None or number != job.number:
                    continue  # the answer to an abandoned job
                if kind == "done":
                    job.action, job.stats = payload
                elif kind == "error":
                    job.error = BotError(payload)
                else:
                    job.error = BotError("the decision was cancelled")
                job.done = True
                self._job = None
                return
        except (EOFError, OSError):
            pass
        if job is not None and not job.done and not self.alive:
            job.done, job.error = True, BotError("the bots' process ended unexpectedly")
            self._job = None


_shared: Thinker | None = None


def shared() -> Thinker:
    """The process-wide helper (started on first use, stopped when the program ends)."""
    global _shared
    if _shared is None:
        import atexit

        _shared = Thinker()
        atexit.register(_shared.stop)
    return _shared


__all__ = ["Thinker", "Job", "BotError", "shared"]
