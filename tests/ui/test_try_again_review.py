"""Try again from the review: a costly decision's "Play from here" starts a new table at
the position before it, with the same seats and bots, marked as practice; played to its
end (also after leaving it and continuing it from the title) it is in the history as
practice, left out of the statistics."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import button, click, press, reviewed, run  # noqa: I001 (dummy drivers first)

from vikings.advice.review import replay
from vikings.bots import make_bot
from vikings.engine import GameConfig, new_game
from vikings.engine.serialize import state_to_dict
from vikings.history import profiles, stats
from vikings.processes.review_job import ReviewJob
from vikings.ui import flow
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.review import ReviewScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

SEATS = (("Ann", "person", "purple"), ("Bjorn", "normal", "orange"))
pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")


@pytest.fixture(scope="module")
def finished(rules):
    """A whole game: Ann (Beginner's moves, judged as a person) against Normal."""
    g = new_game(GameConfig(("Ann", "Bjorn"), seed=11, start_player=0), rules)
    bots = [make_bot("beginner", 5), make_bot("normal", 6)]
    while not g.is_over:
        g.apply(bots[g.to_move].choose(g.copy(), g.legal_actions()))
    return g


def at_review(app, monkeypatch, game) -> tuple[Match, ReviewScene]:
    """The finished game at the table, its results, then its review (done)."""
    monkeypatch.setattr(ReviewJob, "in_process", False)  # (a thread: quicker to start)
    m = Match(SEATS, game.copy(), storage=app.storage, autosave=False)
    flow.enter_game(app, m)
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    click(app, button(app, "Review"))
    return m, reviewed(app)


def test_try_again_from_a_costly_decision(app, monkeypatch, finished):
    m, scene = at_review(app, monkeypatch, finished)
    assert not scene.b_retry.visible, "the end of the game is no decision to play again"
    costly = scene.review.costliest(0)
    assert costly
    rect, moment = scene.costly_spots[-1]  # the listed decision, clicked
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    run(app, 2)
    assert scene.index == moment and moment in {d.index for d in costly}
    click(app, button(app, "Play from here (P)"))
    new = app.match
    assert new is not m and new.practice and not m.practice
    assert new.seats == m.seats and new.hints == [0, 0]
    want = replay(finished.config, finished.actions(), app.rules, moment)
    assert state_to_dict(new.game) == state_to_dict(want)
    assert new.game.to_move == 0, "Ann is to decide again"
    assert app.scenes.base.ctx.match is new  # the table shows it


def test_try_again_by_key_only_at_a_costly_decision(app, monkeypatch, finished):
    m, scene = at_review(app, monkeypatch, finished)
    press(app, pygame.K_HOME)
    costly = {d.index for d in scene.review.costliest(0)}
    if 0 not in costly:
        press(app, pygame.K_p)
        assert app.scenes.base is scene, "P does nothing away from a costly decision"
        assert not scene.b_retry.visible
    first = min(costly)
    for _ in range(first):
        press(app, pygame.K_RIGHT, frames=1)
    run(app, 2)
    assert scene.b_retry.visible
    press(app, pygame.K_p)
    assert app.match is not m and app.match.practice
    assert len(app.match.game.actions()) == first


def test_try_again_game_played_to_its_end_is_practice_in_the_history(app, monkeypatch, finished):
    ann = profiles.create(app.history, "Ann", "purple")
    m, scene = at_review(app, monkeypatch, finished)
    assert stats.count_games(app.history) == 0  # (a finished game opened: not recorded again)
    rect, moment = scene.costly_spots[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    run(app, 2)
    click(app, button(app, "Play from here (P)"))
    new = app.match
    assert new is not m and new.practice
    # Left to the title and continued from its autosave: still practice.
    flow.leave_game(app, app.scenes.base.ctx)
    assert isinstance(app.scenes.base, TitleScene)
    click(app, button(app, "Continue"))
    again = app.match
    assert again is not new and again.practice and len(again.game.actions()) == moment
    # Played to the end by quick bots (every seat's decisions, Ann's too) through the table.
    bot = make_bot("random", 3)
    while not again.game.is_over:
        again.act(bot.choose(again.game.copy(), again.game.legal_actions()))
    again.pending.clear()
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    (game,) = stats.history_list(app.history)
    assert game.practice and game.seats[0].profile == ann.id and game.decisions == len(again.game.actions())
    assert [s.fame for s in game.seats] == [d.fame for d in again.game.displays]
    # Left out of her statistics (asked for, it is there) and of the fair level's games.
    assert stats.by_mode(app.history, ann.id) == {} and stats.fame(app.history, ann.id).games == 0
    assert sum(t.games for t in stats.by_mode(app.history, ann.id, practice=True).values()) == 1
    assert stats.recent_bot_results(app.history, ann.id) == []
