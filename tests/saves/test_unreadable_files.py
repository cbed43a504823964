"""A settings or autosave file that cannot be read (corrupt, foreign, too large, no
permission) is set aside with a message and never stops the game from starting (issue 19);
the title and the Load panel show why a damaged table is refused (issue 24).

Tests may run as root, whom chmod 000 does not stop: an unreadable file is simulated by
making `open` in vikings.text.files (the one place these files are opened) raise the
PermissionError a real one gives; where the tests do not run as root a real chmod 000
file is tried as well."""

from __future__ import annotations

import logging
import os
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from ui_helpers import make_app, press, run  # noqa: I001 (dummy drivers first)

from vikings.saves import settings as settings_module
from vikings.saves.folders import Storage
from vikings.saves.settings import Settings
from vikings.text import files
from vikings.ui import flow
from vikings.ui.dialogs.saves import SavesPanel
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

DATA = Path(__file__).resolve().parents[1] / "data"
SEATS = [("Ann", "person", "teal"), ("Bo", "normal", "orange")]


def deny(monkeypatch, path: Path) -> None:
    """Opening `path` through vikings.text.files fails as a file without read permission does."""
    real = open

    def guarded(file, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(files, "open", guarded, raising=False)


def broken_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.broken-*"))


# Settings -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "content, reason",
    [
        (b"{broken}", "invalid JSON at line 1"),
        (b'{"width": 1280, "animation": "fast"', "the text ends too early"),
        (b"\xff\xfe{\x00}\x00", "not UTF-8 text (it is UTF-16"),
        (b'{"width": 1\xe9}', "not UTF-8 text"),
        (b"[1, 2]", "it holds a list of 2 items, not an object of settings"),
        (b'{"width": ' + b"[" * 500 + b"]" * 500 + b"}", "nested too deeply"),
        (b'{"width": ' + b"9" * 5000 + b"}", "more than 30 digits"),
        (b'{"animation": "' + b"x" * 70_000 + b'"}', "the file is too large"),
        (b"", "the file is empty"),
    ],
)
def test_an_unreadable_settings_file_is_set_aside(tmp_path, caplog, content, reason):
    storage = Storage(tmp_path)
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="vikings"):
        s = Settings.load(storage)
    assert s == Settings()
    assert not storage.settings_path.exists()
    [aside] = broken_copies(storage.settings_path)
    assert aside.read_bytes() == content  # kept as it was, only renamed
    [line] = [r.getMessage() for r in caplog.records]
    assert line.startswith(f"settings.json set aside as {aside.name}: ") and reason in line
    assert "\n" not in line and len(line) < 300
    Settings(animation="fast").save(storage)  # and the next save writes a fresh one
    assert Settings.load(storage).animation == "fast"


def test_a_settings_file_without_read_permission_is_set_aside(tmp_path, monkeypatch, caplog):
    storage = Storage(tmp_path)
    Settings(animation="slow").save(storage)
    deny(monkeypatch, storage.settings_path)
    with caplog.at_level(logging.WARNING, logger="vikings"):
        assert Settings.load(storage) == Settings()
    assert len(broken_copies(storage.settings_path)) == 1 and not storage.settings_path.exists()
    assert "the file cannot be read (Permission denied)" in caplog.text


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads a chmod 000 file anyway")
def test_a_real_chmod_000_settings_file(tmp_path):
    storage = Storage(tmp_path)
    Settings(animation="slow").save(storage)
    storage.settings_path.chmod(0)
    assert Settings.load(storage) == Settings() and broken_copies(storage.settings_path)


def test_bad_settings_fields_fall_back_one_by_one(tmp_path, caplog):
    storage = Storage(tmp_path)
    storage.write_json(
        storage.settings_path,
        {
            "width": "wide",
            "height": 100_000,
            "fullscreen": 1,
            "animation": "warp",
            "bot_pace": "fast",
            "confirm_purchase": False,
            "from_a_newer_edition": [1, 2],
        },
    )
    with caplog.at_level(logging.WARNING, logger="vikings"):
        s = Settings.load(storage)
    assert (s.width, s.height, s.fullscreen, s.animation, s.bot_pace, s.confirm_purchase) == (
        1600,
        4320,
        False,
        "normal",
        "fast",
        False,
    )
    assert storage.settings_path.exists() and not broken_copies(storage.settings_path)  # the file was readable
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "settings.json: 'width' must be a whole number, got the text \"wide\"; using 1600",
        "settings.json: 'height' must be from 540 to 4320, got 100000; using the nearest",
        "settings.json: 'fullscreen' must be true or false, got the number 1; using False",
        "settings.json: 'animation' must be one of slow, normal, fast, instant, got the text \"warp\"; using 'normal'",
    ]


@dataclass
class MoreSettings(Settings):
    """What other settings will look like: each a field, its limits one line of RANGES."""

    volume: float = 0.8
    window_at: tuple[int, int] | None = None
    hints: bool = True


def test_a_new_setting_is_checked_from_its_field_and_one_range_line(monkeypatch):
    monkeypatch.setitem(settings_module.RANGES, "volume", (0.0, 1.0))
    s = MoreSettings.from_doc({"volume": 3, "window_at": [10, 20], "hints": False})
    assert (s.volume, s.window_at, s.hints) == (1.0, (10, 20), False)
    s = MoreSettings.from_doc({"volume": "loud", "window_at": [10, "x"], "hints": "yes"})
    assert (s.volume, s.window_at, s.hints) == (0.8, None, True)
    assert MoreSettings.from_doc({"volume": 0, "window_at": None}).volume == 0.0
    assert MoreSettings.from_doc({"volume": float("nan")}).volume == 0.8


# The autosave and the title ---------------------------------------------------------------------
def title(app) -> TitleScene:
    app.scenes.switch(TitleScene(app))
    run(app)
    return app.scenes.current


@pytest.mark.parametrize(
    "fixture, reason",
    [
        ("damaged-newline-bit-flip.json", "not a saved game: the file is not UTF-8 text"),
        ("damaged-seat-kind-v1.json", "seat 1's kind must be one of"),
        ("damaged-seat-kind-v2.json", "checksum mismatch"),
        ("damaged-action-circled.json", "'①' is not a whole number"),
    ],
)
def test_a_damaged_autosave_is_refused_on_the_title_and_set_aside(app, monkeypatch, caplog, fixture, reason):
    entered = []
    monkeypatch.setattr(flow, "enter_game", lambda app, match: entered.append(match))
    path = app.storage.autosave_path
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / fixture, path)
    with caplog.at_level(logging.WARNING, logger="vikings"):
        t = title(app)
    [aside] = broken_copies(path)
    assert aside.read_bytes() == (DATA / fixture).read_bytes() and not path.exists()
    assert t.notice.startswith("The autosaved game cannot be continued: ") and reason in t.notice
    assert t.notice.endswith(f"The file was kept as {aside.name}.")
    assert not t.buttons["continue"].is_enabled
    press(app, pygame.K_c)
    assert entered == [] and app.scenes.current is t
    assert f"autosave.json set aside as {aside.name}: " in caplog.text
    assert title(app).notice == ""  # set aside: the next start is clean


def test_an_autosave_without_read_permission_does_not_stop_the_start(tmp_path, monkeypatch):
    storage = Storage(tmp_path / "home")
    Match.new(SEATS, _rules(), 3, storage=storage)
    deny(monkeypatch, storage.autosave_path)
    a = make_app(tmp_path / "home")
    try:
        t = a.scenes.current
        assert isinstance(t, TitleScene) and not t.buttons["continue"].is_enabled
        assert t.notice.startswith(
            "The autosaved game cannot be continued: the file cannot be read (Permission denied)."
        )
        assert len(broken_copies(storage.autosave_path)) == 1
    finally:
        a.shutdown()


def test_the_game_starts_with_a_broken_settings_file(tmp_path):
    storage = Storage(tmp_path / "home")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_bytes(b"\x00\x01 not json")
    a = make_app(tmp_path / "home")
    try:
        assert isinstance(a.scenes.current, TitleScene) and a.settings == Settings()
        assert broken_copies(storage.settings_path)
    finally:
        a.shutdown()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_settings_json_does_not_block_the_start(tmp_path):
    """A FIFO waits in open() for a writer that never comes: the game must not open it.
    The real start, in a process of its own (killed if it hangs), draws its first frame;
    the FIFO is set aside as any unusable settings file is."""
    storage = Storage(tmp_path / "home")
    storage.config_dir.mkdir(parents=True)
    os.mkfifo(storage.settings_path)
    env = dict(os.environ, VIKINGS_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "vikings", "--measure-start"], env=env, capture_output=True, text=True, timeout=120
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the start waited on the FIFO")
    assert done.returncode == 0, done.stderr
    assert "first frame drawn" in done.stdout
    [aside] = broken_copies(storage.settings_path)
    assert stat.S_ISFIFO(aside.lstat().st_mode)
    assert "set aside" in (storage.log_path.read_text(encoding="utf-8"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["settings", "autosave", "save", "lesson"])
def test_no_reader_of_the_players_files_opens_a_fifo(tmp_path, name):
    """Each reader of the player's folders refuses a FIFO at once (in a process of its own,
    killed if it waits)."""
    storage = Storage(tmp_path)
    path = {
        "settings": storage.settings_path,
        "autosave": storage.autosave_path,
        "save": storage.save_path("Evening"),
        "lesson": storage.lesson_path,
    }[name]
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    read = {
        "settings": "from vikings.saves.settings import Settings; print(Settings.load(s) == Settings())",
        "lesson": "print(s.read_json(s.lesson_path))",
    }.get(name, f"print(load_file({str(path)!r}, default_rules()))")
    code = (
        "import sys; from vikings.saves.folders import Storage; from vikings.content.data import default_rules\n"
        "from vikings.ui.table.match import load_file\n"
        f"s = Storage({str(tmp_path)!r})\n"
        "try:\n"
        f"    {read}\n"
        "except Exception as e:\n"
        "    print('refused:', e)\n"
    )
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading the {name} waited on the FIFO")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("True", f"refused: {files.NOT_REGULAR}"), done.stdout


def test_the_load_panel_shows_why_a_named_save_is_refused(app):
    app.storage.saves_dir.mkdir(parents=True)
    shutil.copy(DATA / "damaged-utf16.json", app.storage.saves_dir / "Evening.json")
    app.scenes.push(SavesPanel(app))
    run(app)
    p = app.scenes.current
    assert p.message == (
        "This save cannot be loaded: not a saved game: the file is not UTF-8 text "
        "(it is UTF-16: save it again as UTF-8)."
    )
    assert p.tone == "bad" and not p.load_button.is_enabled
    assert (app.storage.saves_dir / "Evening.json").exists()  # a named save is the player's: left alone


def _rules():
    from vikings.content.data import default_rules

    return default_rules()
