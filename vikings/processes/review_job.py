"""A review (review.py) computed in the background, so the screens never wait for it.

`ReviewJob(rules, config, actions, persons, level).start()` runs `review_game` in a
helper process started with "spawn" (a fresh interpreter that never touches SDL; in the
frozen build it is the same executable, which `multiprocessing.freeze_support()` in
launcher.py turns into the helper). The screens call `poll()` once a frame: it reads what
has arrived without blocking and updates `done`/`total`, then `review` or `error`.
`cancel()` sets a shared flag that the review reads before every decision (the bots'
`CancelToken`), so the work stops within one decision; it never waits for the process.

Where no process can be started, the review runs on a thread of this process instead
(`in_process=False` asks for that directly); the interface is the same.
No pygame here.
"""

from __future__ import annotations

import multiprocessing
import threading
import traceback
from typing import Any, Protocol

from vikings.bots import Cancelled, CancelToken
from vikings.processes import start_child

PROCESS_ENDED = "the review's process ended unexpectedly"  # (the screen says it in the language in use)


class _FlagCancel(CancelToken):
    """Cancelled once the screens' process has set the shared flag (a byte in shared
    memory: no lock or semaphore is needed for one writer and one reader)."""

    def __init__(self, flag):
        self.flag = flag

    @property
    def cancelled(self) -> bool:
        return bool(self.flag.value)

    def check(self) -> None:
        if self.flag.value:
            raise Cancelled()


class _Flag(Protocol):
    """The cancellation flag: a byte in shared memory, or `_LocalFlag`."""

    value: int


class _LocalFlag:
    """The thread fallback's flag."""

    value = 0


def _work(send, cancel, rules, config, actions, persons, level) -> None:
    """Review the game, sending ("progress", done, total), then ("done", review),
    ("cancelled",) or ("error", text)."""
    from vikings.advice.review import review_game

    last = [-1]

    def progress(done: int, total: int) -> None:
        step = max(1, total // 100)  # about a hundred messages, whatever the game's length
        if done == total or done - last[0] >= step:
            last[0] = done
            send(("progress", done, total))

    try:
        review = review_game(config, actions, rules, persons, level, progress, cancel)
        send(("done", review))
    except Cancelled:
        send(("cancelled",))
    except Exception as e:  # noqa: BLE001 - reported to the screens, which show it
        send(("error", f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}"))


def _serve(conn, flag, rules, config, actions, persons, level) -> None:
    """The helper process's whole life: one review."""

    def send(msg):
        try:
            conn.send(msg)
        except (OSError, ValueError):
            pass

    _work(send, _FlagCancel(flag), rules, config, actions, persons, level)
    conn.close()


class ReviewJob:
    # Reviews run in a helper process (False once none could be started: then on a thread).
    in_process = True

    def __init__(self, rules, config, actions, persons=None, level: str = "normal", in_process: bool | None = None):
        self.args = (rules, config, tuple(actions), None if persons is None else tuple(persons), level)
        self.use_process = ReviewJob.in_process if in_process is None else in_process
        self.done = 0
        self.total = len(self.args[2])
        self.review = None
        self.error: str | None = None
        self.cancelled = False
        self._proc = None
        self._conn = None
        self._flag: _Flag | None = None
        self._thread: threading.Thread | None = None
        self._inbox: list = []
        self._lock = threading.Lock()

    # Life cycle -------------------------------------------------------------------------------
    def start(self) -> ReviewJob:
        if self.use_process:
            try:
                self._start_process()
                return self
            except OSError:
                ReviewJob.in_process = False  # (e.g. no way to start a process here)
                self.use_process = False
        self._start_thread()
        return self

    def _start_process(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._flag = ctx.Value("b", 0, lock=False)
        self._proc, self._conn = start_child(
            ctx, _serve, (self._flag, *self.args), "vikings-review", "the review's process", duplex=False
        )

    def _start_thread(self) -> None:
        self._flag = _LocalFlag()

        def send(msg):
            with self._lock:
                self._inbox.append(msg)

        self._thread = threading.Thread(
            target=_work, args=(send, _FlagCancel(self._flag), *self.args), daemon=True, name="vikings-review"
        )
        self._thread.start()

    @property
    def finished(self) -> bool:
        return self.review is not None or self.error is not None or self.cancelled

    @property
    def progress(self) -> float:
        return 1.0 if self.review is not None else self.done / max(1, self.total)

    def poll(self) -> bool:
        """Read whatever has arrived (never blocks); True once finished."""
        if self.finished:
            return True
        for msg in self._received():
            kind = msg[0]
            if kind == "progress":
                self.done, self.total = msg[1], msg[2]
            elif kind == "done":
                self.review = msg[1]
                self.done = self.total
            elif kind == "cancelled":
                self.cancelled = True
            else:
                self.error = msg[1]
            if self.finished:
                self._release()
                break
        if not self.finished and self._proc is not None and not self._proc.is_alive() and not self._pending():
            self.error = PROCESS_ENDED
            self._release()
        return self.finished

    def _pending(self) -> bool:
        try:
            return self._conn is not None and self._conn.poll()
        except (OSError, EOFError):
            return False

    def _received(self) -> list[Any]:
        out: list[Any]
        if self._thread is not None:
            with self._lock:
                out, self._inbox = self._inbox, []
            return out
        out = []
        try:
            while self._conn is not None and self._conn.poll():
                out.append(self._conn.recv())
        except (OSError, EOFError):
            pass
        return out

    def cancel(self) -> None:
        """Stop the review (the helper notices within one decision); never waits."""
        if self.finished:
            return
        if self._flag is not None:
            self._flag.value = 1
        self.cancelled = True
        self._release()

    def _release(self) -> None:
        """Let go of the process: it has finished, or will within a decision (daemon)."""
        if self._proc is not None:
            self._proc.join(timeout=0)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def close(self) -> None:
        """Cancel if running, and end the helper process if it is still there."""
        self.cancel()
        proc = self._proc
        if proc is not None and proc.is_alive():
            proc.join(timeout=0.3)
            if proc.is_alive():
                proc.kill()
        self._proc = None


__all__ = ["ReviewJob"]
