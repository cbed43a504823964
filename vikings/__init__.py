"""Vikings: a desktop edition of Michael Kiesling's board game."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def version() -> str:
    """The game's version: the installed package's metadata (from pyproject.toml, its one
    source; the frozen build carries the metadata too), else the pyproject.toml of a
    checkout run without installing, else "unknown"."""
    from importlib import metadata

    try:
        return metadata.version("vikings")
    except metadata.PackageNotFoundError:
        pass
    import tomllib

    try:
        with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "unknown"


def __getattr__(name: str):
    # `vikings.__version__`, worked out on first use: most imports of the package (the bots'
    # helper process, tournament workers) never ask, and need not pay for the look-up.
    if name == "__version__":
        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
