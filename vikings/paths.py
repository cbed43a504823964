"""Where the game's read-only resources live (data, art, themes, fonts).

In order: an environment variable ($VIKINGS_DATA / $VIKINGS_ASSETS; tests use them), the
frozen build's bundle, the installed package (a wheel carries them as `vikings/_data` and
`vikings/_assets`: see setup.py), and last the source checkout, where `data/` and
`assets/` sit beside the package (also what an editable install reads).
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

_ENV = {"data": "VIKINGS_DATA", "assets": "VIKINGS_ASSETS"}


def resource_dir(name: str) -> Path:
    """The folder `name` ("data" or "assets"): $VIKINGS_DATA / $VIKINGS_ASSETS, the frozen
    bundle, the installed package's resources, or the source tree."""
    env = _ENV.get(name)
    if env and os.environ.get(env):
        return Path(os.environ[env])
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / name
    packaged = resources.files(__package__) / f"_{name}"
    # A package on disk gives a real folder (pip always unpacks wheels); the callers open
    # files by path, so resources inside a zip archive are not supported.
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / name
