"""Where the game's read-only resources live (data, art, themes, fonts).

The source tree and an installed checkout keep them beside the package; a frozen build
keeps them in its bundle. An environment variable can point elsewhere (tests use it).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

_ENV = {"data": "VIKINGS_DATA", "assets": "VIKINGS_ASSETS"}


def resource_dir(name: str) -> Path:
    """The folder `name` ("data" or "assets"): $VIKINGS_DATA / $VIKINGS_ASSETS, the frozen
    bundle, or the source tree."""
    env = _ENV.get(name)
    if env and os.environ.get(env):
        return Path(os.environ[env])
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / name
    return Path(__file__).resolve().parent.parent / name
