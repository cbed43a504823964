"""A failed write never ends the game and never lies (issue 54): an autosave that cannot
be written (a full disk, a read-only folder) keeps the game going, says so once and tries
again; the error screen says a game is saved only when the autosave holds its last
decision; a read-only home costs one line, not a traceback."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import click, make_app, run  # noqa: F401  (dummy drivers first)

from vikings.saves import folders
from vikings.saves.settings import Settings
from vikings.ui import flow
from vikings.ui.dialogs.autosave_off import AutosaveOffPanel
from vikings.ui.dialogs.saves import SavesPanel
from vikings.ui.scenes.error import ErrorScene
from vikings.ui.table import match as match_module
from vikings.ui.table.match import RETRY_DECISIONS, RETRY_SECONDS, Match, load_file

ROOT = Path(__file__).resolve().parents[2]
BOTS = [("Astrid", "random", "purple"), ("Bjorn", "random", "orange")]
FULL = OSError(errno.ENOSPC, "No space left on device")


def fill_the_disk(monkeypatch, attempts: list | None = None) -> None:
    """Every write from now on fails as on a full disk."""

    def full(path, text, durable=True):
        if attempts is not None:
            attempts.append(path)
        raise FULL

    monkeypatch.setattr(folders, "write_atomic", full)


def table(tmp_path, monkeypatch, seats=BOTS):
    monkeypatch.setattr(Match, "bots_in_process", False)  # bots on a thread: no helper process to start
    app = make_app(tmp_path, title_scene=False, settings=Settings(animation="instant", bot_pace="instant"))
    m = Match.new(seats, app.rules, seed=5, start_player=0, storage=app.storage)
    flow.enter_game(app, m)
    return app, m


def play_until(app, m, actions: int, limit: int = 20_000) -> None:
    for _ in range(limit):
        if len(m.game.actions()) >= actions or m.game.is_over:
            return
        run(app, 1)
    raise AssertionError(f"the game stopped at {len(m.game.actions())} actions")


def test_a_full_disk_under_a_running_game(tmp_path, monkeypatch):
    app, m = table(tmp_path, monkeypatch)
    pushed = []
    push = app.scenes.push
    monkeypatch.setattr(app.scenes, "push", lambda panel: (pushed.append(panel), push(panel)))
    play_until(app, m, 20)
    path = app.storage.autosave_path
    assert m.autosaved and load_file(path, app.rules).game.actions() == m.game.actions()
    kept, saved_actions = path.read_bytes(), m.game.actions()

    real = folders.write_atomic
    fill_the_disk(monkeypatch)
    play_until(app, m, len(saved_actions) + 3 * RETRY_DECISIONS + 2)

    assert not isinstance(app.scenes.base, ErrorScene)  # the game went on
    assert len(m.game.actions()) > len(saved_actions) + 3 * RETRY_DECISIONS
    [panel] = pushed  # said once, not at every move
    assert isinstance(panel, AutosaveOffPanel) and app.scenes.current is panel
    assert "No space left on device" in panel.text() and str(path.parent) in panel.text()
    assert path.read_bytes() == kept  # the last autosave, whole and untouched
    assert load_file(path, app.rules).game.actions() == saved_actions
    assert not m.autosaved and m.autosave_error is FULL
    assert app.scenes.base.menu_tip() == "Leave to the title screen (Esc); your last decisions are not saved"

    monkeypatch.setattr(folders, "write_atomic", real)  # room again
    before = len(m.game.actions())
    play_until(app, m, before + RETRY_DECISIONS + 1)
    assert m.autosaved and load_file(path, app.rules).game.actions() == m.game.actions()
    assert pushed == [panel]  # no second notice
    app.shutdown()


def test_the_notice_offers_the_save_panel(tmp_path, monkeypatch):
    app, m = table(tmp_path, monkeypatch, seats=[("Ann", "person", "purple"), ("Bjorn", "random", "orange")])
    fill_the_disk(monkeypatch)
    m.act(m.game.legal_actions()[0])
    run(app, 10)  # (the table's scene settles: the panel's widgets are made anew over a new one)
    panel = app.scenes.current
    assert isinstance(panel, AutosaveOffPanel)
    assert panel.text().startswith("Your game could not be saved after your last decision: No space left on device.")
    click(app, panel.save_button)
    assert isinstance(app.scenes.current, SavesPanel) and app.scenes.current.mode == "save"
    app.scenes.current.save()  # the named save fails the same way, and says why
    assert app.scenes.current.message == "Not saved: No space left on device."
    app.shutdown()


def test_a_read_only_folder_made_so_mid_game(tmp_path, monkeypatch):
    """The data folder turned read-only under the game (as root, whom permissions do not
    stop, the writer's refusal is simulated)."""
    app, m = table(tmp_path, monkeypatch, seats=[("Ann", "person", "purple"), ("Bea", "person", "teal")])
    m.act(m.game.legal_actions()[0])
    ro = OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(folders, "write_atomic", lambda *a, **k: (_ for _ in ()).throw(ro))
    m.act(m.game.legal_actions()[0])
    run(app, 2)
    assert isinstance(app.scenes.current, AutosaveOffPanel)
    assert "Read-only file system" in app.scenes.current.text()
    app.shutdown()


def test_the_autosave_tries_again_every_few_decisions_or_after_a_while(tmp_path, monkeypatch):
    app, m = table(tmp_path, monkeypatch, seats=[("Ann", "person", "purple"), ("Bea", "person", "teal")])
    now = [1000.0]
    monkeypatch.setattr(Match, "clock", staticmethod(lambda: now[0]))
    attempts: list = []
    real = folders.write_atomic
    fill_the_disk(monkeypatch, attempts)
    m.act(m.game.legal_actions()[0])
    assert len(attempts) == 1 and m.take_autosave_news() == "off"
    for _ in range(RETRY_DECISIONS - 1):
        m.act(m.game.legal_actions()[0])
    assert len(attempts) == 1  # not at every decision
    m.act(m.game.legal_actions()[0])
    assert len(attempts) == 2 and m.take_autosave_news() is None  # tried again; still off, said once
    now[0] += RETRY_SECONDS
    m.act(m.game.legal_actions()[0])
    assert len(attempts) == 3  # a while later, at the next decision
    monkeypatch.setattr(folders, "write_atomic", real)
    now[0] += RETRY_SECONDS
    m.act(m.game.legal_actions()[0])
    assert m.autosaved and m.autosave_news == "back"
    assert load_file(app.storage.autosave_path, app.rules).game.actions() == m.game.actions()
    run(app, 2)  # the table says it
    assert str(app.scenes.base.ctx.message) == "Autosave is back on; your game is saved again."
    assert app.scenes.base.menu_tip() == "Leave to the title screen (Esc); the game stays saved"
    app.shutdown()


def test_the_error_screen_says_saved_only_when_the_autosave_holds_the_last_decision(tmp_path, monkeypatch):
    app, m = table(tmp_path, monkeypatch, seats=[("Ann", "person", "purple"), ("Bea", "person", "teal")])
    m.act(m.game.legal_actions()[0])
    assert ErrorScene.saved_note(m).startswith("Your game was saved after your last decision")
    fill_the_disk(monkeypatch)
    m.act(m.game.legal_actions()[0])
    app.show_error(RuntimeError("boom"))
    screen = app.scenes.base
    assert isinstance(screen, ErrorScene)
    assert screen.saved == (
        "Your last decisions are not saved: the autosave could not be written (No space left on device)."
    )
    run(app, 1)  # (drawn without the claim)
    app.shutdown()


def test_no_claim_when_a_decision_failed_before_its_autosave(tmp_path, monkeypatch):
    app, m = table(tmp_path, monkeypatch, seats=[("Ann", "person", "purple"), ("Bea", "person", "teal")])
    monkeypatch.setattr(match_module, "describe", lambda *a: 1 / 0)  # a bug after the engine applied it
    m.pending.clear()
    monkeypatch.setattr(Match, "autosave", lambda self: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        m.act(m.game.legal_actions()[0])
    assert not m.autosaved and ErrorScene.saved_note(m) == ""
    monkeypatch.undo()
    app.shutdown()


def test_a_read_only_home_costs_one_line_not_a_traceback(tmp_path):
    """Nothing can be written under the home (here a file stands where its folders would
    be: root is not stopped by permissions): the game starts, draws and ends with 0."""
    (tmp_path / "home").write_text("not a folder")
    env = dict(os.environ, VIKINGS_HOME=str(tmp_path / "home" / "vikings"))
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "vikings", "--measure-start"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) <= 2 and any("cannot save the settings: Not a directory" in line for line in lines), lines
