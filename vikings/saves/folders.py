"""The user's folders: settings, the autosave, named saves and the log.

Everything is written atomically (a temporary file in the same folder, flushed to disk,
then renamed over the old one), so a crash or a killed process never leaves a
half-written save. A process killed in the middle of a write leaves its temporary file
(`autosave.json.4711.k2j3h4_x.tmp`: the file's name, the writer's process id, a random
part); `Storage.sweep()` removes such files at start once they are stale. `VIKINGS_HOME`
points all folders at one place (tests, portable use).
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import time
import unicodedata
from pathlib import Path

import platformdirs

from vikings.saves import safe_json

APP = "vikings"
JSON_LIMIT = 2_000_000  # bytes read_json reads at most (a table is about 15 KB)
STALE = 60.0  # seconds: a temporary file this old is no write in progress (one takes milliseconds)
# write_atomic's temporary files: the target's name, the writer's process id (none before
# issue 54), then tempfile's eight random characters.
_TEMPORARY = re.compile(r".+\.json(?:\.(?P<pid>\d+)\.)?[a-z0-9_]{8}\.tmp")

log = logging.getLogger("vikings")


class Storage:
    def __init__(self, home: str | Path | None = None):
        home = home or os.environ.get("VIKINGS_HOME")
        if home:
            root = Path(home)
            self.config_dir, self.data_dir, self.log_dir = root / "config", root / "data", root / "logs"
        else:
            self.config_dir = Path(platformdirs.user_config_dir(APP, appauthor=False))
            self.data_dir = Path(platformdirs.user_data_dir(APP, appauthor=False))
            self.log_dir = Path(platformdirs.user_log_dir(APP, appauthor=False))
        self.saves_dir = self.data_dir / "saves"

    # Paths ----------------------------------------------------------------------------------
    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def autosave_path(self) -> Path:
        return self.data_dir / "autosave.json"

    @property
    def lesson_path(self) -> Path:
        """The guided lesson's progress (the step it is at)."""
        return self.data_dir / "lesson.json"

    @property
    def lesson_game_path(self) -> Path:
        """The guided lesson's game, autosaved apart from a real game's autosave."""
        return self.data_dir / "lesson-game.json"

    @property
    def log_path(self) -> Path:
        return self.log_dir / "vikings.log"

    def save_path(self, name: str) -> Path:
        return self.saves_dir / f"{safe_name(name)}.json"

    # Reading and writing --------------------------------------------------------------------
    def write_json(self, path: Path, doc, durable: bool = True) -> None:
        write_atomic(path, json.dumps(doc, indent=1, sort_keys=True), durable)

    def read_json(self, path: Path):
        """The JSON in `path`, read with safe_json's limits (ValueError if it is not sound)."""
        return safe_json.parse(safe_json.read_limited(path, JSON_LIMIT))

    def set_aside(self, path: Path, reason: str) -> Path | None:
        """Rename a file that cannot be used (`settings.json.broken-20261125-031500`), so
        the next start does not trip over it and nothing is lost; log why in one line.
        Returns the new path, or None if it could not be renamed either."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.broken-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        try:
            os.replace(path, aside)
        except OSError as e:
            log.warning(safe_json.one_line(f"{path} cannot be used ({reason}) nor set aside ({e.strerror or e})", 400))
            return None
        log.warning(safe_json.one_line(f"{path.name} set aside as {aside.name}: {reason}", 400))
        return aside

    def sweep(self) -> list[Path]:
        """Remove the temporary files interrupted writes left in the game's folders: only
        names write_atomic gives, only regular files older than STALE, and none whose
        writer (named in the file's name) still runs. Returns what was removed."""
        removed = []
        now = time.time()
        for folder in (self.config_dir, self.data_dir, self.saves_dir):
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                m = _TEMPORARY.fullmatch(entry.name)
                try:
                    if m is None or not entry.is_file(follow_symlinks=False):
                        continue
                    if now - entry.stat(follow_symlinks=False).st_mtime < STALE:
                        continue
                    if m["pid"] is not None and _running(int(m["pid"])):
                        continue
                    os.unlink(entry.path)
                except OSError:  # gone meanwhile, or held open (Windows): left alone
                    continue
                removed.append(Path(entry.path))
        if removed:
            log.info("removed %d temporary file(s) of interrupted writes", len(removed))
        return removed

    def list_saves(self) -> list[tuple[str, Path, float]]:
        """Named saves as (name, path, modification time), newest first."""
        if not self.saves_dir.is_dir():
            return []
        out = [(p.stem, p, p.stat().st_mtime) for p in self.saves_dir.glob("*.json")]
        return sorted(out, key=lambda e: -e[2])


_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"})


def safe_name(name: str) -> str:
    """A file name made from what the player typed (letters, digits, - and _ kept; German
    umlauts spelled out, other accents dropped: "Jörg" -> "Joerg", "José" -> "Jose")."""
    plain = unicodedata.normalize("NFKD", name.translate(_SPELLED))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    cleaned = re.sub(r"[^A-Za-z0-9_\- ]+", "", plain).strip().replace(" ", "_")
    return cleaned[:60] or "game"


def _running(pid: int) -> bool:
    """Whether process `pid` may still be writing (this one, or one alive). Only POSIX can
    tell without harm (os.kill(pid, 0) would interrupt a process on Windows, where a file
    open in another process cannot be removed anyway): elsewhere, never."""
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # (alive, another user's)
        return True
    return True


def write_atomic(path: Path, text: str, durable: bool = True) -> None:
    """Write via a temporary file and a rename; `durable` also flushes it to the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
