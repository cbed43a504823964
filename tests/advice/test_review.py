"""The review of a game (vikings/advice/review.py, review_job.py) and its screen
(ui/scenes/review.py): chances, the replay, the costliest decisions, progress and
cancelling, and the screen driven by posted clicks and keys."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest
from ui_helpers import button, click, press, reviewed, run  # noqa: I001 (dummy drivers first)

from vikings.advice.review import AUCTION_PHASES, describe_action, replay, replays, review_game
from vikings.bots import Cancelled, CancelToken, make_bot
from vikings.content.data import default_rules
from vikings.engine import GameConfig, new_game
from vikings.engine.serialize import state_to_dict
from vikings.processes.review_job import ReviewJob
from vikings.ui import flow
from vikings.ui.dialogs.saves import SavesPanel
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.review import ReviewScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

RULES = default_rules()
OLD_TABLE = Path(__file__).parents[1] / "data" / "old-auction-table.json"


def play(players=2, seed=11, levels=("beginner", "normal"), options=(), upto=None):
    """A seeded game played by bots; returns (game, the game's copy after every action)."""
    g = new_game(
        GameConfig(
            tuple("Ann Bjorn Sigrid Leif".split()[:players]), seed=seed, start_player=0, options=frozenset(options)
        ),
        RULES,
    )
    bots = [make_bot(levels[p % len(levels)], 5 + p) for p in range(players)]
    seen = [g.copy()]
    while not g.is_over and (upto is None or len(seen) <= upto):
        g.apply(bots[g.to_move].choose(g.copy(), g.legal_actions()))
        seen.append(g.copy())
    return g, seen


@pytest.fixture(scope="module")
def two():
    """A whole 2-player game: Ann (Beginner's moves, judged as a person) against Normal."""
    g, seen = play()
    calls = []
    review = review_game(g.config, g.actions(), RULES, persons=(0,), progress=lambda d, t: calls.append((d, t)))
    return g, seen, review, calls


def test_chances_are_probabilities_of_one_winner_after_every_decision(two):
    g, _, review, _ = two
    assert len(review.chances) == len(g.actions()) + 1
    for c in review.chances:
        assert len(c) == 2 and all(0.0 <= x <= 1.0 for x in c)
        assert sum(c) == pytest.approx(1.0)
    winner = g.ranks.index(1)
    assert review.chances[-1][winner] == 1.0, "the finished game: the winner's chance is certain"
    assert review.chances[0][0] == pytest.approx(0.5, abs=0.1), "an even start"


def test_the_replay_at_each_index_is_the_game_after_that_many_actions(two):
    g, seen, _, _ = two
    states = replays(g.config, g.actions(), RULES)
    assert len(states) == len(seen)
    for i in (0, 1, 2, 37, len(seen) // 2, len(seen) - 1):
        assert state_to_dict(states[i]) == state_to_dict(seen[i]), i
        assert state_to_dict(replay(g.config, g.actions(), RULES, i)) == state_to_dict(seen[i]), i


def test_only_the_persons_decisions_with_a_choice_are_judged(two):
    g, seen, review, _ = two
    assert [d.action for d in review.decisions] == g.actions()
    judged = [d for d in review.decisions if d.judged]
    assert judged and all(d.player == 0 and d.options > 1 for d in judged)
    assert len(judged) == sum(1 for i, s in enumerate(seen[:-1]) if s.to_move == 0 and len(s.legal_actions()) > 1)
    for d in judged:
        assert d.bot_action in seen[d.index].legal_actions()
        if not d.differs:
            assert d.cost == 0.0


def test_the_bot_move_is_the_normal_bots_best(two):
    """Normal's move: its best by its own scores (near-ties broken by its generator); a
    purchase is one of the best few it re-ranks by looking ahead."""
    g, seen, review, _ = two
    normal = make_bot("normal", 0)
    for d in [d for d in review.decisions if d.judged][::7]:
        s = seen[d.index].copy()
        legal = s.legal_actions()
        scores = normal.scores(s, legal)
        rank = sorted(scores, reverse=True).index(scores[legal.index(d.bot_action)])
        assert rank < (4 if d.phase == "purchase" else 1), (d.index, d.phase)


def test_the_costliest_decisions_are_where_the_person_left_the_bots_move(two):
    _, seen, review, _ = two
    worst = review.costliest(0)
    assert len(worst) == 3
    # Ranked by the chance to win given up (then the Fame), decided positions left out.
    lost = [d.bot_chance - d.chance for d in worst]
    assert lost == sorted(lost, reverse=True)
    open_ = [d for d in review.judged(0) if d.cost > 0.05 and 0.005 <= review.chances[d.index][0] <= 0.995]
    ranked = sorted(open_, key=lambda d: (-(d.bot_chance - d.chance), -d.cost, d.index))
    assert worst == ranked[:3]
    for d in worst:
        assert d.differs and d.action is not d.bot_action and d.bot_fame > d.fame
        assert describe_action(seen[d.index], d.action, ("Ann", "Bjorn")).startswith("Ann ")
    assert review.costliest(1) == [], "Bjorn is a bot here: nothing of his is judged"


def test_the_costliest_leave_decided_games_out_and_rank_by_the_chance_lost():
    """Two of three "costliest" decisions came from round 6 with the chance to win at 0 %
    already: a decided game is left out, and the chance lost ranks before the Fame."""
    from vikings.advice.review import Decision, Review
    from vikings.engine import Buy

    def judged(i, fame, bot_fame, chance, bot_chance):
        return Decision(i, 0, 5, "purchase", Buy(i), 3, True, True, Buy(i + 1), fame, bot_fame, chance, bot_chance)

    decisions = (
        judged(0, 10.0, 19.0, 0.0, 0.0),  # 9 Fame, but the game was lost already
        judged(1, 20.0, 21.0, 0.30, 0.50),  # 1 Fame, 20 points of chance
        judged(2, 20.0, 23.0, 0.40, 0.45),  # 3 Fame, 5 points
        judged(3, 30.0, 38.0, 1.0, 1.0),  # 8 Fame, the game won already
    )
    chances = ((0.0, 1.0), (0.45, 0.55), (0.5, 0.5), (0.999, 0.001), (0.5, 0.5))
    review = Review(GameConfig(("Ann", "Bo")), (), (0,), "normal", chances, decisions)
    assert [d.index for d in review.costliest(0)] == [1, 2]


def test_progress_is_reported_for_every_decision(two):
    g, _, _, calls = two
    n = len(g.actions())
    assert calls == [(i, n) for i in range(1, n + 1)]


def test_cancel_stops_the_review():
    g, _ = play(upto=60)
    token, calls = CancelToken(), []

    def progress(done, total):
        calls.append(done)
        if done == 20:
            token.cancel()

    with pytest.raises(Cancelled):
        review_game(g.config, g.actions(), RULES, progress=progress, cancel=token)
    assert calls[-1] == 20


def test_four_players_and_the_advanced_game_are_reviewed():
    g, _ = play(players=4, seed=3, levels=("beginner", "normal"), upto=40)
    r = review_game(g.config, g.actions(), RULES, persons=(0, 2))
    assert all(sum(c) == pytest.approx(1.0) and len(c) == 4 for c in r.chances)
    assert {d.player for d in r.decisions if d.judged} == {0, 2}
    adv, _ = play(
        players=3, seed=7, levels=("beginner",), options=("auction", "single_boatswain", "special_tiles"), upto=50
    )
    r = review_game(adv.config, adv.actions(), RULES, persons=(1,))
    auction = [d for d in r.decisions if d.phase in AUCTION_PHASES and d.options > 1]
    assert auction and not any(d.judged for d in auction)
    assert all(d.bot_action is not None for d in auction if d.person) and any(d.person for d in auction)
    assert any(d.judged for d in r.decisions)
    assert all(sum(c) == pytest.approx(1.0) for c in r.chances)


def test_the_review_runs_in_a_helper_process_and_can_be_cancelled():
    g, _ = play(upto=80)
    job = ReviewJob(RULES, g.config, g.actions(), (0,), in_process=True).start()
    assert job.use_process
    limit = time.monotonic() + 60
    while not job.poll() and time.monotonic() < limit:
        time.sleep(0.02)
    assert job.error is None and job.review is not None and job.progress == 1.0
    direct = review_game(g.config, g.actions(), RULES, persons=(0,))
    assert job.review.chances == direct.chances
    assert [(d.bot_action, d.cost) for d in job.review.decisions] == [(d.bot_action, d.cost) for d in direct.decisions]
    job.close()
    # Cancelled while it works, the helper stops on its own (it is not killed).
    job = ReviewJob(RULES, g.config, g.actions(), (0, 1), in_process=True).start()
    limit = time.monotonic() + 60
    while job.done == 0 and not job.poll() and time.monotonic() < limit:
        time.sleep(0.005)
    proc = job._proc
    job.cancel()
    assert job.finished and job.cancelled and job.review is None
    proc.join(10)
    assert proc.exitcode == 0
    job.close()
    job = ReviewJob(RULES, g.config, g.actions(), (0,), in_process=False).start()
    job.cancel()
    assert job.finished and job.cancelled and job.review is None
    job.close()


def test_an_old_auction_table_is_reviewed():
    """A table saved before the auction's rule was corrected replays under its own rule."""
    if not OLD_TABLE.exists():
        pytest.skip("tests/data/old-auction-table.json comes with the rules-version change")
    m = Match.from_doc(json.loads(OLD_TABLE.read_text(encoding="utf-8")), RULES)
    r = review_game(m.game.config, m.game.actions(), RULES, persons=(0,))
    assert len(r.chances) == len(m.game.actions()) + 1
    assert state_to_dict(replay(m.game.config, m.game.actions(), RULES)) == state_to_dict(m.game)


# The screen ---------------------------------------------------------------------------------
SEATS = [("Ann", "person", "purple"), ("Bjorn", "normal", "orange")]  # the names of play()


pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")  # for the `app` fixture


def match_of(app, two, upto=None) -> Match:
    """The module's game (Ann judged as a person against Normal), whole or its first
    `upto` decisions, at a table of this app."""
    g = two[0]
    game = g.copy() if upto is None else replay(g.config, g.actions(), RULES, upto)
    return Match(SEATS, game, storage=app.storage, autosave=False)


def test_review_from_the_results_steps_through_the_game_and_goes_back(app, two):
    m = match_of(app, two)
    flow.enter_game(app, m)
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    click(app, button(app, "Review"))
    scene = reviewed(app)
    n = len(m.game.actions())
    assert scene.index == n and scene.chart is not None
    # A click on the chart shows the moment under it.
    geo = scene.chart
    for want in (n // 4, n // 2):
        pos = (round(geo.x_at(want)), geo.plot.centery)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        run(app, 2)
        assert scene.index == want
        assert state_to_dict(scene.state) == state_to_dict(replay(m.game.config, m.game.actions(), app.rules, want))
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.index == n // 2 + 2
    press(app, pygame.K_LEFT)
    assert scene.index == n // 2 + 1 and scene.action is m.game.actions()[n // 2 + 1]
    starts = [i for i, _ in scene.rounds]
    assert len(starts) == 6 and all(scene.states[i].round == r for r, i in enumerate(starts))
    press(app, pygame.K_PAGEDOWN)
    assert scene.index == next(i for i in starts if i > n // 2 + 1)
    press(app, pygame.K_PAGEUP)
    here = max(i for i in starts if i < n // 2 + 1)  # the start of the round stepped in
    assert scene.index == here
    press(app, pygame.K_PAGEUP)
    assert scene.index == max(i for i in starts if i < here)
    # Dragging along the chart scrubs through the game.
    for want in (10, 12):
        pos = (round(geo.x_at(want)), geo.plot.centery)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0)))
        run(app, 1)
        assert scene.index == want
    press(app, pygame.K_HOME)
    press(app, pygame.K_LEFT)
    assert scene.index == 0, "the start is the first moment"
    # A costly decision listed on the right jumps to its moment.
    worst = scene.review.costliest(0)
    assert worst and scene.costly_spots
    rect, moment = scene.costly_spots[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    run(app, 2)
    assert scene.index == moment == worst[0].index and scene.decision is worst[0]
    # Each costly decision gives the reasons a hint gives, for the move played and the bot's.
    from vikings.advice.hints import explain_option
    from vikings.ui.scenes.review_text import costly_lines

    texts = [line.text for line in costly_lines(scene)]
    for d in worst:
        for a in (d.action, d.bot_action):
            assert f"({explain_option(scene.states[d.index], a).reason})" in texts
    # The table's frames as the legend says: the move played in gold, the bot's pale.
    from vikings.engine import PlaceTile

    placed = next(
        (
            d
            for d in scene.review.judged(0)
            if isinstance(d.action, PlaceTile) and isinstance(d.bot_action, PlaceTile) and d.differs
        ),
        None,
    )
    if placed is not None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
        run(app, 1)
        for _ in range(placed.index):
            press(app, pygame.K_RIGHT, frames=1)
        run(app, 2)
        assert scene.decision is placed
        a, b = placed.action, placed.bot_action
        assert scene.table_frames == {"played": (a.row, a.col), "bot": (b.row, b.col)}
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.base, ResultsScene) and app.scenes.base.match is m


def test_review_of_an_unfinished_save_from_the_load_panel(app, two, monkeypatch):
    monkeypatch.setattr(ReviewJob, "in_process", False)  # (a thread: the process is tested above)
    m = match_of(app, two, upto=50)
    m.save_as("half way")
    time.sleep(0.01)  # (the list is ordered by the files' times)
    (app.storage.saves_dir / "broken.json").write_text(
        '{"format": "vikings-table", "version": 1, "seats": [], "game": "{}"}', encoding="utf-8"
    )
    click(app, button(app, "Load"))
    panel = app.scenes.current
    assert isinstance(panel, SavesPanel)
    assert panel.selected()[0] == "broken", "the newest save is chosen as the panel opens"
    assert not panel.review_button.is_enabled and "cannot be loaded" in panel.message
    message = panel.message
    click(app, panel.review_button)
    assert app.scenes.current is panel and panel.message == message, "a save that does not load is refused"
    items = panel.list.item_list_container.elements
    click(app, next(b for b in items if b.text.startswith("half way")))
    assert panel.selected()[0] == "half way" and panel.review_button.is_enabled
    # Damaged after it was chosen: refused when Review is pressed, with the reason.
    path = app.storage.save_path("half way")
    good = path.read_text(encoding="utf-8")
    path.write_text(good[: len(good) // 2], encoding="utf-8")
    click(app, panel.review_button)
    assert app.scenes.current is panel
    assert panel.message.startswith("This save cannot be reviewed: ") and "ends too early" in panel.message
    path.write_text(good, encoding="utf-8")
    click(app, panel.review_button)
    scene = reviewed(app)
    assert scene.index == 50 and not scene.state.is_over
    assert len(scene.review.chances) == 51
    click(app, button(app, "Back (Esc)"))
    assert isinstance(app.scenes.base, TitleScene)


def test_cancel_on_the_screen_keeps_the_replay(app, two):
    m = match_of(app, two)
    app.scenes.switch(ReviewScene(app, m, lambda: app.scenes.switch(TitleScene(app)), in_process=False))
    run(app, 1)
    scene = app.scenes.base
    if scene.review is not None:
        pytest.skip("the review finished before Cancel could be pressed")
    click(app, button(app, "Cancel"))
    assert scene.status == "cancelled" and button(app, "Review again").visible
    press(app, pygame.K_LEFT)
    assert scene.index == len(m.game.actions()) - 1
    click(app, button(app, "Review again"))
    reviewed(app)
    assert scene.status == "done"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.base, TitleScene)
