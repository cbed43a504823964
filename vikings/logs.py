"""The log file in the user's log folder: errors land there even when the game runs
without a console (the frozen build on Windows or from a desktop launcher)."""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys

from vikings import version

log = logging.getLogger("vikings")


def setup_logging(path, console: bool | None = None) -> None:
    """Log to `path` (rotated at 1 MB, 3 kept) and, when there is a console, to stderr."""
    if getattr(log, "_configured", False):
        return
    log.setLevel(logging.INFO)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        log.addHandler(handler)
    except OSError as e:  # a read-only home must not stop the game
        print(f"vikings: cannot write the log file {path}: {e}", file=sys.stderr)
    if console is None:
        console = sys.stderr is not None and hasattr(sys.stderr, "isatty") and sys.stderr.isatty()
    if console:
        h = logging.StreamHandler()
        h.setLevel(logging.WARNING)
        log.addHandler(h)
    setattr(log, "_configured", True)  # noqa: B010 (a mark of our own on the library's Logger)
    log.info("%s", about())


def about() -> str:
    """The first line of every session in the log: which game, on what."""
    pygame = sys.modules.get("pygame")
    graphics = f", pygame-ce {pygame.version.ver} (SDL {pygame.version.SDL})" if pygame else ""
    frozen = ", standalone build" if getattr(sys, "frozen", False) else ""
    return (
        f"vikings {version()}{frozen}, Python {platform.python_version()}{graphics}, "
        f"{platform.system()} {platform.release()} {platform.machine()}"
    )
