"""Every finished game is recorded in the player's history once, when its results are
first shown; an abandoned game, a finished game loaded from a file and the lesson are not.
Driven through the scenes with posted clicks."""

from __future__ import annotations

import pytest
from ui_helpers import button, click, run  # noqa: I001 (dummy drivers first)

from vikings.bots import CancelToken
from vikings.history import profiles
from vikings.history.stats import count_games, history_list
from vikings.ui import flow
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.stats import StatsScene
from vikings.ui.table.match import Match

SEATS = [("Ada", "person", "purple"), ("Bjorn", "beginner", "orange")]

pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")


def play_out(m: Match, until_over: bool = True) -> Match:
    """Every seat's decisions made by its bot (a Beginner for the person) through act()."""
    while not m.game.is_over:
        p = m.game.to_move
        bot = m.bot_for(p) if not m.seats[p].is_person else m.bot_for(1)
        m.act(bot.choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
        if not until_over and len(m.game.actions()) > 20:
            break
    m.pending.clear()
    return m


def test_profile_finished_game_recorded_once_with_its_ties(app):
    ada = profiles.create(app.history, "Ada", "purple")
    m = Match.new(SEATS, app.rules, seed=5, storage=app.storage, autosave=False, handicap=(0, 2))
    m.profiles = [ada.id, None]
    m.hints = [3, 0]
    play_out(m)
    flow.enter_game(app, m)
    run(app, 3)
    scene = app.scenes.base
    assert isinstance(scene, ResultsScene)
    assert count_games(app.history) == 1
    (game,) = history_list(app.history)
    assert [(s.name, s.profile, s.bot, s.hints) for s in game.seats] == [
        ("Ada", ada.id, None, 3),
        ("Bjorn", None, "beginner", 0),
    ]
    assert game.handicap == "+2 Bjorn"
    assert [s.fame for s in game.seats] == [d.fame for d in m.game.displays]
    # The house rule and the fair level, in the strip under the banner.
    top = " ".join(scene.journey.lines())
    assert scene.areas()["journey"].h > 0
    assert "House rule: +2 Gold for Bjorn" in top and "Fair game for Ada" in top

    # To the statistics and back, to the review and back: still one game.
    click(app, button(app, "Statistics"))
    assert isinstance(app.scenes.base, StatsScene) and app.scenes.base.profile == ada.id
    click(app, button(app, "Back"))
    assert isinstance(app.scenes.base, ResultsScene)
    assert count_games(app.history) == 1
    click(app, button(app, "Title (Enter)"))
    assert count_games(app.history) == 1


def test_profile_abandoned_or_loaded_game_not_recorded(app):
    ada = profiles.create(app.history, "Ada", "purple")
    m = Match.new(SEATS, app.rules, seed=6, storage=app.storage)
    play_out(m, until_over=False)
    flow.enter_game(app, m)
    run(app, 3)
    flow.leave_game(app, app.scenes.base.ctx)  # left before the end
    assert count_games(app.history) == 0

    # A finished game loaded from a file shows its results without being recorded again.
    done = play_out(Match.new(SEATS, app.rules, seed=7, storage=app.storage, autosave=False))
    loaded = Match.from_doc(done.to_doc(), app.rules, app.storage, autosave=False)
    assert not loaded.record_due
    flow.enter_game(app, loaded)
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    assert count_games(app.history) == 0

    # A continued game (made from its autosave) finished here is tied to Ada by her name.
    again = Match.from_doc(Match.new(SEATS, app.rules, seed=8, storage=app.storage).to_doc(), app.rules, app.storage)
    play_out(again)
    flow.enter_game(app, again)
    run(app, 3)
    (game,) = history_list(app.history)
    assert game.seats[0].profile == ada.id and game.handicap is None
