"""Giving memory back at the moments the screens make garbage.

pygame-gui's windows sit in reference cycles (a window's inner container points back at
it), so a killed dialog, with its full-window shade and its images, is freed only by
Python's cycle collector. That collector counts objects, not bytes, and seldom makes a
full pass in an idle, event-driven loop: 33 panels opened and closed left 600 MB behind.
So the app calls `release()` after a frame that dropped widgets (a panel closed, a scene
switched, the UI rebuilt): one full collection, then, on Linux, glibc's `malloc_trim(0)`,
which returns the freed heap to the system (otherwise the process's size only climbs).

`freeze()` moves everything alive at start (modules, rules, art catalogue, fonts) out of
the collector's sight, so a full collection scans only what the game made since;
`unfreeze()` at shutdown hands them back.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
import time

_trim = None
_frozen = False


def _load_trim():
    """libc's malloc_trim, or None (not Linux/glibc: then trimming is a no-op)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        fn = libc.malloc_trim
    except (OSError, AttributeError):  # e.g. musl has no malloc_trim
        return None
    fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
    return fn


def freeze() -> None:
    """Once per process: collect, then keep what is alive out of later collections."""
    global _frozen
    if _frozen or not hasattr(gc, "freeze"):
        return
    gc.collect()
    gc.freeze()
    _frozen = True


def unfreeze() -> None:
    """Give the frozen objects back to the collector (an App that shuts down: its own
    cycles would otherwise outlive it, e.g. in a test run that makes many Apps)."""
    global _frozen
    if _frozen:
        gc.unfreeze()
        _frozen = False


def trim() -> bool:
    """Hand freed heap back to the system (glibc only); True if it was possible."""
    global _trim
    if _trim is None:
        _trim = _load_trim() or False
    if not _trim:
        return False
    _trim(0)
    return True


class Releases:
    """What the releases cost, in milliseconds of this thread's CPU time (which a busy
    machine does not inflate; the wall-clock time is kept too), the last `keep` of each."""

    def __init__(self, keep: int = 256):
        self.keep = keep
        self.collect_ms: list[float] = []  # CPU
        self.trim_ms: list[float] = []  # CPU
        self.wall_ms: list[float] = []  # both together, wall clock
        self.freed = 0  # objects the collections found unreachable, in all

    def add(self, collect_ms: float, trim_ms: float, wall_ms: float, freed: int) -> None:
        for seq, v in ((self.collect_ms, collect_ms), (self.trim_ms, trim_ms), (self.wall_ms, wall_ms)):
            seq.append(v)
            del seq[: -self.keep]
        self.freed += freed


def release(stats: Releases | None = None) -> int:
    """One full collection and a trim; the number of unreachable objects found."""
    w0, t0 = time.perf_counter(), time.thread_time()
    freed = gc.collect()
    t1 = time.thread_time()
    trim()
    t2, w2 = time.thread_time(), time.perf_counter()
    if stats is not None:
        stats.add((t1 - t0) * 1000, (t2 - t1) * 1000, (w2 - w0) * 1000, freed)
    return freed
