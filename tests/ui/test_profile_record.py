"""Every finished game is recorded in the player's history once, when its results are
first shown; an abandoned game, a finished game loaded from a file and the lesson are not.
Driven through the scenes with posted clicks."""

from __future__ import annotations

import random

import pytest
from ui_helpers import button, click, run  # noqa: I001 (dummy drivers first)

from vikings.history import profiles
from vikings.history.stats import count_games, history_list
from vikings.ui import flow
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.stats import StatsScene
from vikings.ui.table.match import Match

SEATS = [("Ada", "person", "purple"), ("Bjorn", "beginner", "orange")]

pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")


def play_out(m: Match, until_over: bool = True) -> Match:
    """Every seat's decisions drawn at random (seeded, quick) and made through act()."""
    chooser = random.Random(m.game.config.seed)
    while not m.game.is_over:
        legal = m.game.legal_actions()
        m.act(legal[chooser.randrange(len(legal))])
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
    begun = Match.new(SEATS, app.rules, seed=8, storage=app.storage, autosave=False)
    again = Match.from_doc(begun.to_doc(), app.rules, app.storage, autosave=False)
    play_out(again)
    flow.enter_game(app, again)
    run(app, 3)
    (game,) = history_list(app.history)
    assert game.seats[0].profile == ada.id and game.handicap is None


def test_profile_results_play_again_at_the_fair_level(app):
    ada = profiles.create(app.history, "Ada", "purple")
    m = Match.new(SEATS, app.rules, seed=9, storage=app.storage, autosave=False)
    m.profiles = [ada.id, None]
    play_out(m)
    flow.enter_game(app, m)
    run(app, 3)
    scene = app.scenes.base
    name, profile, suggestion = scene.journey.suggestion
    assert (name, profile) == ("Ada", ada.id) and suggestion.reason in ("up", "down", "stay")
    caption = scene.journey.play_caption()
    click(app, button(app, caption))
    again = app.match
    assert again is not None and again is not m and not again.game.is_over
    assert [s.kind for s in again.seats] == ["person", suggestion.level] and again.profiles == [ada.id, None]
    assert count_games(app.history) == 1
    again.close()


def test_profile_continued_game_records_the_whole_game_length(app):
    """Fifteen minutes played, the table left, the game continued from the title and
    finished: the history has the whole game's length, not only the last sitting's."""
    ada = profiles.create(app.history, "Ada", "purple")
    m = Match.new(SEATS, app.rules, seed=10, storage=app.storage)
    play_out(m, until_over=False)
    flow.enter_game(app, m)
    run(app, 3)
    m.started -= 15 * 60  # (the clock of the first sitting)
    flow.leave_game(app, app.scenes.base.ctx)
    click(app, button(app, "Continue"))
    again = app.match
    assert again is not None and again is not m and again.played_seconds() >= 15 * 60
    play_out(again)
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    (game,) = history_list(app.history)
    assert 15 * 60 <= game.seconds < 16 * 60 and game.seats[0].profile == ada.id
    # Kept with the game's save in the history too, and fixed once the game is over.
    assert again.played_seconds() == game.seconds
