"""The results screen offers what fits a finished game (no Undo), and a finished game
saved under a name loads back to its results, driven by posted clicks."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import button, click, run  # noqa: I001 (dummy drivers first)

from vikings.bots import CancelToken
from vikings.ui import flow
from vikings.ui.dialogs.saves import SavesPanel
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

SEATS = [("Astrid", "beginner", "purple"), ("Bjorn", "beginner", "orange")]


pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")  # for the `app` fixture


def finished(app, seed: int, autosave: bool) -> Match:
    """A game the bots have played to its end through the engine (nothing left to show)."""
    m = Match.new(SEATS, app.rules, seed=seed, storage=app.storage, autosave=autosave)
    while not m.game.is_over:
        m.act(m.bot_for(m.game.to_move).choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
    m.pending.clear()
    return m


def results(app) -> ResultsScene:
    run(app, 3)
    scene = app.scenes.base
    assert isinstance(scene, ResultsScene)
    return scene


def test_results_offer_no_undo_and_a_saved_result_loads_back(app):
    in_progress = Match.new(SEATS, app.rules, seed=3, storage=app.storage)  # the autosave
    m = finished(app, seed=5, autosave=False)
    flow.enter_game(app, m)
    scene = results(app)
    assert [b.text for b in scene.buttons.values()] == ["Settings", "Rules", "Save"]
    for gone in ("Undo", "Menu"):
        with pytest.raises(LookupError):
            button(app, gone)
    assert {"New game", "Title (Enter)", "Final displays"} <= {b.text for b in scene.b_results.values()}

    click(app, button(app, "Save"))
    panel = app.scenes.current
    assert isinstance(panel, SavesPanel) and panel.mode == "save"
    assert panel.name_entry.get_text() == "Astrid vs Bjorn final"
    click(app, panel.save_button)
    assert app.storage.save_path("Astrid vs Bjorn final").exists()
    click(app, panel.close_button)
    rows = scene.rows

    click(app, button(app, "Title (Enter)"))
    assert isinstance(app.scenes.base, TitleScene)
    # Leaving a finished game loaded or saved by name keeps the game in progress.
    assert Match.from_doc(app.storage.read_json(app.storage.autosave_path), app.rules).game == in_progress.game

    click(app, button(app, "Load"))
    panel = app.scenes.current
    assert panel.selected()[0] == "Astrid vs Bjorn final" and panel.message.startswith("Finished")
    click(app, panel.load_button)
    again = results(app)
    assert again is not scene and again.rows == rows and app.match.game == m.game


def test_a_finished_games_own_autosave_goes_when_it_is_left(app):
    m = finished(app, seed=6, autosave=True)
    assert app.storage.autosave_path.exists()
    flow.enter_game(app, m)
    results(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    run(app, 3)
    assert isinstance(app.scenes.base, TitleScene)
    assert not app.storage.autosave_path.exists()
    assert not app.scenes.base.buttons["continue"].is_enabled


@pytest.mark.app_settings(animation="instant", bot_pace="instant", ui_scale=150)
def test_on_a_small_window_the_sheet_and_the_course_take_turns(app):
    """At 150 % on 1280x720 four long names leave no room for the sheet beside the charts:
    the sheet takes the width, and a button (or Tab) shows the course instead."""
    long = [
        ("Wilhelmina Wolfsdott", "beginner", "purple"),
        ("Magnhild Ragnarsdott", "beginner", "orange"),
        ("Thorgrim Mjolnirsson", "beginner", "teal"),
        ("Hrothgar Wulfmaerson", "beginner", "pink"),
    ]
    m = Match.new(long, app.rules, seed=5, storage=app.storage, autosave=False)
    while not m.game.is_over:
        m.act(m.bot_for(m.game.to_move).choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
    m.pending.clear()
    flow.enter_game(app, m)
    scene = results(app)
    a = scene.areas()
    assert a["tabs"] and a["sheet"].w == a["charts"].w > app.look.size[0] * 0.9
    switch = button(app, "Show the game's course")
    drawn = []
    real = scene.draw_charts
    scene.draw_charts = lambda surface, rect: (drawn.append(rect), real(surface, rect))
    run(app, 2)
    assert not drawn  # the sheet alone
    click(app, switch)
    assert scene.charts_shown and drawn and button(app, "Show the final scoring")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    run(app, 3)
    assert not scene.charts_shown and button(app, "Show the game's course")
