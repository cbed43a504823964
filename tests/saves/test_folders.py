"""The player's folders (vikings/saves/folders.py): the temporary files of interrupted
writes are removed at start, and only those (issue 54)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vikings.saves import folders
from vikings.saves.folders import STALE, Storage

ROOT = Path(__file__).resolve().parents[2]


def aged(path: Path, seconds: float = STALE + 60, text: str = "{") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def a_dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_a_write_killed_midway_leaves_a_file_the_next_start_removes(tmp_path):
    """A process killed between creating its temporary file and renaming it leaves the
    file; nothing removed it before. The game writes the same way as this child."""
    storage = Storage(tmp_path)
    code = (
        "import os, sys; from pathlib import Path; from vikings.saves import folders\n"
        "real = os.replace\n"
        "os.replace = lambda *a: os._exit(9)  # killed before the rename\n"
        f"folders.write_atomic(Path({str(storage.autosave_path)!r}), '{{}}', durable=False)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    assert subprocess.run([sys.executable, "-c", code], env=env).returncode == 9
    [left] = list(storage.data_dir.glob("autosave.json*.tmp"))
    assert storage.sweep() == []  # fresh: it could be a write in progress
    aged(left)
    assert storage.sweep() == [left] and not left.exists()


def test_only_stale_files_of_the_writer_go(tmp_path):
    storage = Storage(tmp_path)
    dead = a_dead_pid()
    gone = [
        aged(storage.data_dir / "autosave.jsonk2j3h4_x.tmp"),  # as written before the process id was in the name
        aged(storage.data_dir / f"autosave.json.{dead}.abcd1234.tmp"),
        aged(storage.config_dir / f"settings.json.{dead}.abcd1234.tmp"),
        aged(storage.saves_dir / f"Evening.json.{dead}.0_9zz9ab.tmp"),
        aged(storage.data_dir / f"lesson-game.json.{dead}.abcd1234.tmp"),
    ]
    kept = [
        aged(storage.data_dir / f"autosave.json.{dead}.abcd1234.tmp".replace("abcd", "bcde"), seconds=5),  # fresh
        aged(storage.data_dir / f"autosave.json.{os.getpid()}.abcd1234.tmp"),  # this process's own
        aged(storage.data_dir / "autosave.json"),
        aged(storage.data_dir / "notes.tmp"),
        aged(storage.data_dir / "autosave.json.broken-20261125-031500"),
        aged(storage.data_dir / "autosave.jsonTOOLONG12.tmp"),
        aged(storage.saves_dir / "Evening.json"),
    ]
    (storage.data_dir / f"autosave.json.{dead}.dir12345.tmp").mkdir()
    assert sorted(storage.sweep()) == sorted(gone)
    assert all(not p.exists() for p in gone) and all(p.exists() for p in kept)
    assert (storage.data_dir / f"autosave.json.{dead}.dir12345.tmp").is_dir()


@pytest.mark.skipif(os.name != "posix", reason="a live writer is told by its process id on POSIX only")
def test_the_file_of_another_running_copy_is_left_alone(tmp_path):
    """Another copy of the game writing right now (or stopped mid-write): its file stays,
    however old, while that process lives."""
    storage = Storage(tmp_path)
    other = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        held = aged(storage.data_dir / f"autosave.json.{other.pid}.abcd1234.tmp")
        assert storage.sweep() == [] and held.exists()
    finally:
        other.communicate(b"")
    assert storage.sweep() == [held]


def test_the_writer_names_its_files_as_the_sweep_expects(tmp_path, monkeypatch):
    seen = []
    real = os.replace

    def look(src, dst):
        seen.append(Path(src).name)
        real(src, dst)

    monkeypatch.setattr(folders.os, "replace", look)
    storage = Storage(tmp_path)
    storage.write_json(storage.autosave_path, {"a": 1})
    [name] = seen
    assert folders._TEMPORARY.fullmatch(name) and f".{os.getpid()}." in name


def test_the_start_sweeps(tmp_path):
    from ui_helpers import make_app  # (dummy drivers before pygame starts)

    left = aged(Storage(tmp_path / "home").data_dir / "autosave.jsonk2j3h4_x.tmp")
    a = make_app(tmp_path / "home")
    try:
        assert not left.exists()
    finally:
        a.shutdown()
