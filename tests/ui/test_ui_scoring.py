"""The scoring and results screens, driven headless through real frames.

Games are fast-forwarded through the engine with the bots' own choices (the screens are
not needed for the rounds in between), then the table is shown and the app's frames run
the scoring animations, the bots' decisions and the results as a player would see them.
A fake clock gives every frame 50 ms of animation time, so "normal" speed runs quickly.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from vikings.bots import CancelToken  # noqa: E402
from vikings.saves.folders import Storage  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui import flow  # noqa: E402
from vikings.ui.app import App  # noqa: E402
from vikings.ui.scenes.results import ResultsScene, course, final_scores, results_rows  # noqa: E402
from vikings.ui.scenes.scoring import ScoringScene, line_words  # noqa: E402
from vikings.ui.table.match import Match  # noqa: E402

SEATS = [("Astrid", "beginner", "purple"), ("Bjorn", "beginner", "orange")]
SEED = 4  # round 2's large scoring: Astrid has threatened Vikings and a warrior under a ship


class FakeClock:
    """Every frame is 50 ms of animation time, without waiting for it."""

    def tick(self, *args) -> int:
        return 50


@pytest.fixture
def make_app(tmp_path):
    apps = []

    def make(animation: str = "instant", size=(1280, 720)) -> App:
        app = App(
            storage=Storage(tmp_path),
            settings=Settings(animation=animation, bot_pace="instant"),
            size=size,
            title_scene=False,
        )
        app.clock = FakeClock()
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()


def play_until(m: Match, stop) -> None:
    """The bots' decisions straight through the engine until stop(m); the events of the
    last decision stay pending (the ones before it are taken as shown)."""
    m.pending.clear()
    while not stop(m):
        m.pending.clear()
        p = m.game.to_move
        m.act(m.bot_for(p).choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
    # The moves of that last decision are taken as shown; its scorings are what we watch.
    while m.pending and m.pending[0].type not in flow.SCORING_EVENTS:
        m.pending.popleft()


def frame(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.invalidate()  # never let the loop sleep waiting for input
        app.frame()


def run_until(app: App, cond, limit: int, each=None) -> None:
    for _ in range(limit):
        if cond():
            return
        frame(app)
        if each is not None:
            each()
    assert cond(), "the screens did not get there in time"


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    frame(app)


def click(app: App, widget) -> None:
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    frame(app, 2)


def check_sheet(game, rows) -> None:
    """The score sheet says what the engine's final scoring says."""
    by = {r.key: r for r in rows}
    scores = final_scores(game)
    assert len(scores) == game.n
    for p, sc in enumerate(scores):
        fame = {
            w: sum(line.fame for line in sc.lines if line.what == w)
            for w in ("ship", "gold", "boatswains", "islands", "longest", "feeding")
        }
        assert by["before"].values[p] == game.track[-1][p][0] == sc.fame - sc.fame_change
        assert by["ships"].values[p] == fame["ship"]
        assert by["gold"].values[p] == fame["gold"]
        for key in ("boatswains", "islands", "longest", "feeding"):
            assert by[key].values[p] == fame[key]
        assert by["fame"].values[p] == sc.fame == game.displays[p].fame
        assert by["final_gold"].values[p] == sc.gold == game.displays[p].gold
        assert by["rank"].values[p] == game.ranks[p]
        changes = sum(by[k].values[p] for k in ("ships", "gold", "boatswains", "islands", "longest", "feeding"))
        assert by["before"].values[p] + changes == by["fame"].values[p]
        gold_paid = -sum(line.gold for line in sc.lines if line.what == "gold")
        assert by["gold"].details[p] == f"{gold_paid} Gold"


def test_a_game_ends_on_the_results_with_the_engines_scores(make_app):
    app = make_app("instant")
    m = Match.new(SEATS, app.rules, seed=SEED)
    play_until(m, lambda m: m.game.round == app.rules.rounds - 1)  # the last round begins
    flow.enter_game(app, m)
    # The last round is played by the bots through the screens, then the scorings.
    run_until(app, lambda: isinstance(app.scenes.base, ResultsScene), 600)
    g = m.game
    assert g.is_over and not m.pending
    scene = app.scenes.base
    check_sheet(g, scene.rows)
    labels, fame, gold = course(g)
    assert labels == ["Start"] + [str(r) for r in range(1, app.rules.rounds + 1)] + ["End"]
    for p in range(g.n):
        assert fame[p][1:-1] == [t[p][0] for t in g.track] and fame[p][-1] == g.displays[p].fame
        assert gold[p][1:-1] == [t[p][1] for t in g.track] and gold[p][-1] == g.displays[p].gold
    winners = [m.seats[p].name for p, r in enumerate(g.ranks) if r == 1]
    assert all(name in scene.headline()[0] for name in winners)
    # The final displays and back, then Enter for the title screen.
    click(app, scene.b_results["table"])
    assert scene.table_view
    click(app, scene.b_back)
    assert not scene.table_view
    press(app, pygame.K_RETURN)
    frame(app)
    assert type(app.scenes.base).__name__ == "TitleScene"


def test_large_scoring_counts_up_step_by_step(make_app):
    app = make_app("normal")
    m = Match.new(SEATS, app.rules, seed=SEED)
    play_until(m, lambda m: any(e.type == "scoring" and e.data["round"] == 2 for e in m.pending))
    flow.enter_game(app, m)
    first = m.pending[0]
    assert first.type == "scoring" and first.data["kind"] == "large"
    scene = app.scenes.base
    assert isinstance(scene, ScoringScene)
    # Space finishes this player's scoring at once: the card shows the engine's figures.
    run_until(app, lambda: scene.current is first and scene.fx.active, 30)
    press(app, pygame.K_SPACE)
    assert first not in m.pending
    frame(app)
    vis = app.scenes.base.visible()
    assert (vis.players[first.player].gold, vis.players[first.player].fame) == (first.data["gold"], first.data["fame"])

    # The next player's scoring (after the boatswains, which the bot plays through its
    # scene) has Vikings under threat and a ship driven off: watch it frame by frame.
    def target():
        return next((e for e in m.pending if e.type == "scoring" and e.data["threatened"] and e.data["repelled"]), None)

    run_until(app, lambda: target() is not None, 200)
    e = target()
    p, d = e.player, e.data
    assert d["fame_change"] >= 2 and len(d["lines"]) >= 3
    samples, listed, options = [], [], []

    def sample():
        s = app.scenes.base
        if isinstance(s, ScoringScene) and s.current is e:
            pv = s.visible().players[p]
            samples.append((pv.gold, pv.fame))
            listed.append(s.panel.listed)
            options.append(s.board_options(s.visible(), p))
            assert app.scenes.base.ctx.viewed == p  # the player's display is shown large
            assert s.turn_player() == p  # and her card is the one marked at turn

    run_until(app, lambda: e not in m.pending, 400, each=sample)
    frame(app)
    sample()
    fames = [f for _, f in samples]
    golds = [g for g, _ in samples]
    assert fames[0] == d["fame"] - d["fame_change"] and golds[0] == d["gold"] - d["gold_change"]
    assert fames == sorted(fames) and golds == sorted(golds)  # a large scoring only adds
    assert len(set(fames)) >= 3  # ... one step at a time
    assert (golds[-1], fames[-1]) == (d["gold"], d["fame"])  # the engine's figures
    assert listed == sorted(listed) and listed[-1] == len(d["lines"])  # lines listed one by one
    # The ships' threat: every threatened Viking ends up on its side, the repelled ship ringed.
    assert any(sorted(o.get("threatened", [])) == sorted(map(tuple, d["threatened"])) for o in options)
    assert any(list(o.get("repelled", [])) == d["repelled"] for o in options)
    assert any(o.get("highlight") for o in options)
    # After the scoring the table follows the game again.
    run_until(
        app,
        lambda: (
            not any(x.type in flow.SCORING_EVENTS for x in m.pending) and not isinstance(app.scenes.base, ScoringScene)
        ),
        200,
    )
    assert app.scenes.base.ctx.viewed is None


def test_skip_scoring_lands_every_waiting_scoring(make_app):
    app = make_app("normal", size=(1600, 900))
    m = Match.new(SEATS, app.rules, seed=SEED)
    play_until(m, lambda m: any(e.type == "scoring" for e in m.pending))  # round 1's small scoring
    flow.enter_game(app, m)
    waiting = [e for e in m.pending if e.type in flow.SCORING_EVENTS]
    assert len(waiting) == 3 and waiting[-1].type == "start_player"
    scene = app.scenes.base
    run_until(app, lambda: scene.fx.active and scene.current is not None, 30)
    click(app, scene.b_skip)
    assert not any(e.type in flow.SCORING_EVENTS for e in m.pending)
    frame(app, 2)
    assert type(app.scenes.base).__name__ != "ScoringScene"
    vis = app.scenes.base.visible()
    for p, d in enumerate(m.game.displays):
        assert (vis.players[p].gold, vis.players[p].fame) == (d.gold, d.fame)
    assert vis.start_player == m.game.start_player
    assert app.scenes.base.ctx.viewed is None


def test_a_loaded_finished_game_shows_the_results(make_app):
    app = make_app("normal")
    m = Match.new(SEATS, app.rules, seed=SEED + 1)
    play_until(m, lambda m: m.game.is_over)
    loaded = Match.from_doc(m.to_doc(), app.rules)
    flow.enter_game(app, loaded)
    frame(app, 3)
    scene = app.scenes.base
    assert isinstance(scene, ResultsScene)
    check_sheet(loaded.game, scene.rows)
    assert scene.rows == results_rows(m.game)
    press(app, pygame.K_SPACE)  # the charts finish growing at once
    assert scene.progress == 1.0


def test_line_words_cover_every_kind(rules):
    for what, detail in (
        ("goldsmith", ""),
        ("noble", ""),
        ("scout", "2 below"),
        ("warrior", "red_sail"),
        ("ship", "blue_sail"),
        ("gold", ""),
        ("boatswains", "2"),
        ("islands", "3"),
        ("longest", "4"),
        ("feeding", "10 food for 12"),
    ):
        label, extra = line_words({"what": what, "row": 1, "col": 2, "gold": 0, "fame": 1, "detail": detail}, rules)
        assert label and "_" not in label + extra
    assert (
        line_words({"what": "warrior", "row": 1, "col": 2, "gold": 3, "fame": 0, "detail": "red_sail"}, rules)[0]
        == "Warrior drives off the red ship"
    )


def test_new_game_from_the_results(make_app):
    pytest.importorskip("vikings.ui.scenes.setup")
    app = make_app("instant")
    m = Match.new(SEATS, app.rules, seed=SEED + 2)
    play_until(m, lambda m: m.game.is_over)
    m.pending.clear()
    flow.enter_game(app, m)
    frame(app, 2)
    scene = app.scenes.base
    assert isinstance(scene, ResultsScene)
    click(app, scene.b_results["new"])
    assert type(app.scenes.base).__name__ == "SetupScene"
    assert app.match is None
