"""Screens measured as drawn (tools/pictures/fit_probe.py) where the fit check
(tools/pictures/fit_check.py) found text cut, hidden or left out, mostly at 1280x720 and 150 %
in German: the setup, a scoring's breakdown, the review, the lesson's steps, a thinking
bot's card, who sits at a narrow card, the autosave-off notice and a card's pool. Every
text is drawn whole, inside its panel, over no other; the screens are reached the way a
player reaches them."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from ui_helpers import button, click, make_app, press, reviewed, run  # noqa: I001 (dummy drivers first)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures.fit_probe import FitProbe, least_px, problems  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui.scenes.setup import SetupScene  # noqa: E402


@contextmanager
def measured_app(home, language="de", scale=150, size=(1280, 720)):
    """An App whose fonts record what they draw; yields (app, measure), measure() giving
    the fit rule's failures in the window as it is now."""
    with FitProbe() as probe:
        app = make_app(home, size=size, settings=Settings(ui_scale=scale, language=language))
        try:

            def measure(kinds=("cut", "outside", "overlap", "small")):
                run(app, 2)
                found = problems(probe.measure(app), least_px(app))
                return [f"{p}" for p in found if p.kind in kinds]

            measure.texts = lambda: probe.measure(app)  # type: ignore[attr-defined]
            yield app, measure
        finally:
            app.shutdown()


def test_setup_heading_and_autosave_warning_whole_in_german_at_150(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    with measured_app(home) as (app, measure):
        app.storage.autosave_path.parent.mkdir(parents=True, exist_ok=True)
        app.storage.autosave_path.write_text("{}", encoding="utf-8")  # a game in progress: the warning shows
        click(app, button(app, "Neues Spiel"))
        s = app.scenes.current
        assert isinstance(s, SetupScene) and s.replaces_autosave
        found = measure()
        assert found == [], "\n".join(found)


class FakeClock:
    """Every frame is 50 ms of animation time, without waiting for it."""

    def tick(self, *args) -> int:
        return 50


def test_scoring_lines_and_total_whole_in_german_at_150(tmp_path):
    """The large scoring's breakdown in the narrow panel: a long line ("Krieger vertreibt
    das grüne Schiff") takes two lines, what the player has now goes below the total."""
    from vikings.bots import CancelToken
    from vikings.ui import flow
    from vikings.ui.scenes.scoring import ScoringScene
    from vikings.ui.table.match import Match

    seats = [("Astrid", "beginner", "purple"), ("Bjorn", "beginner", "orange")]
    with measured_app(tmp_path / "home") as (app, measure):
        app.settings.animation, app.settings.bot_pace = "normal", "instant"
        app.clock = FakeClock()
        m = Match.new(seats, app.rules, seed=4)
        m.pending.clear()
        while not any(e.type == "scoring" and e.data["round"] == 2 for e in m.pending):
            m.pending.clear()
            m.act(m.bot_for(m.game.to_move).choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
        while m.pending and m.pending[0].type not in flow.SCORING_EVENTS:
            m.pending.popleft()
        flow.enter_game(app, m)

        def drives_off(e):
            return e.type == "scoring" and any(x["what"] == "warrior" for x in e.data["lines"])

        target = next(e for e in m.pending if drives_off(e))
        seen, measured = set(), 0
        for _ in range(600):
            run(app, 1)
            s = app.scenes.base
            if isinstance(s, ScoringScene) and s.current is target and s.panel.listed == len(target.data["lines"]):
                seen.update(measure())  # every frame from the last line listed to the total counted
                measured += 1
            elif measured:
                break
        assert measured >= 3, "the scoring with a warrior's line never showed all its lines"
        assert sorted(seen) == [], "\n".join(sorted(seen))


@pytest.mark.parametrize("language", ["de", "qpl"])
def test_review_whole_at_150_and_its_side_panel_scrolls(tmp_path, monkeypatch, rules, language):
    """The review of a 4-player game, in German and in the pseudo-language 40 % longer: the
    top bar's line whole, tied markers on the chart side by side, the costliest decisions'
    moves and reasons wrapped whole, and the side panel scrolled (Down) to show them when
    the decision above them fills it."""
    import pygame

    from vikings.bots import make_bot
    from vikings.engine import GameConfig, new_game
    from vikings.processes.review_job import ReviewJob
    from vikings.text.lang import t
    from vikings.ui import flow
    from vikings.ui.scenes.results import ResultsScene
    from vikings.ui.table.match import Match

    names = ("Ann", "Bjorn", "Sigrid", "Leif")
    g = new_game(GameConfig(names, seed=4, start_player=0), rules)
    bots = [make_bot("beginner", 5 + p) for p in range(4)]
    while not g.is_over:
        g.apply(bots[g.to_move].choose(g.copy(), g.legal_actions()))
    seats = [("Ann", "person", "purple"), ("Bjorn", "normal", "orange"), ("Sigrid", "normal", "teal")]
    seats.append(("Leif", "normal", "pink"))
    monkeypatch.setattr(ReviewJob, "in_process", False)
    with measured_app(tmp_path / "home", language=language) as (app, measure):
        app.settings.animation, app.settings.bot_pace = "instant", "instant"
        played, bot = t("review.costly.played", move="").strip(), t("review.costly.bot", move="").strip()
        flow.enter_game(app, Match(seats, g.copy(), storage=app.storage, autosave=False))
        run(app, 3)
        assert isinstance(app.scenes.base, ResultsScene)
        click(app, button(app, t("results.button.review")))
        scene = reviewed(app)
        found = measure()  # the end: three players at 0 %
        assert found == [], "\n".join(found)
        press(app, pygame.K_HOME)
        found = measure()  # the first decision: all four at 25 %, a costly decision's ring there
        assert found == [], "\n".join(found)
        drawn = lambda: " ".join(x.text for x in measure.texts())  # noqa: E731
        assert scene.side_scrolls and played not in drawn()
        for _ in range(40):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
            run(app, 1)
            if played in drawn() and bot in drawn():
                break
        assert played in drawn() and bot in drawn(), "the costliest decisions never came into view"
        found = measure()
        assert found == [], "\n".join(found)


def test_lesson_steps_read_whole_in_german_at_150(tmp_path, monkeypatch):
    """At 1280x720 and 150 % the lesson's box over the game log held two lines: the step's
    words stopped mid-sentence. Now each step's words are drawn whole (the box grows over
    the table when it must), read with Page Down through the opening steps."""
    import pygame

    from vikings.ui.lesson.overlay import LessonOverlay
    from vikings.ui.scene import SceneMachine
    from vikings.ui.table.match import Match

    monkeypatch.setattr(Match, "bots_in_process", False)
    monkeypatch.setattr(SceneMachine, "poll", lambda self: None)
    with measured_app(tmp_path / "home") as (app, measure):
        app.settings.animation, app.settings.bot_pace = "instant", "instant"
        click(app, button(app, "Spielen lernen"))
        (ov,) = [s for s in app.scenes.stack if isinstance(s, LessonOverlay)]
        read = 0
        while not ov.coach.step.is_move and read < 12:
            run(app, 2)
            text = ov.shown_text()[0]
            drawn = " ".join(" ".join(x.text for x in measure.texts()).split())
            assert " ".join(text.split()) in drawn, f"step {ov.coach.index + 1}: {text!r} not drawn whole"
            found = measure()
            assert found == [], "\n".join(found)
            press(app, pygame.K_PAGEDOWN)
            read += 1
        assert read >= 3


def test_a_thinking_bots_tag_whole_on_a_narrow_card_in_german_at_150(tmp_path):
    """The tag "denkt nach… 12,3 s" was cut to "denkt n…" beside the figures of a card at
    1280x720 and 150 %: on a narrow card it takes a line of its own, whole."""
    from vikings.text.lang import t
    from vikings.ui import flow
    from vikings.ui.drawing.cards import draw_card
    from vikings.ui.drawing.view import Visible
    from vikings.ui.table.match import Match

    seats = [("Ann", "person", "purple"), ("Magnhild Ragnarsdott", "hard", "orange")]
    with measured_app(tmp_path / "home") as (app, measure):
        m = Match.new(seats, app.rules, seed=4, start_player=0, storage=app.storage)
        flow.enter_game(app, m)
        run(app, 2)
        scene = app.scenes.base
        rect = scene.layout.cards[1]
        vis = Visible(m.game, ())
        app.draw = lambda: draw_card(app.screen, app, rect, m.seats[1], vis.players[1], thought=(0.4, 12.3))
        texts = measure.texts()
        label = t("table.card.thinking_for", seconds="12,3")
        assert label in [x.text for x in texts]
        found = measure()
        assert found == [], "\n".join(found)
        m.close()


def test_the_autosave_off_notice_reads_whole_without_scrolling_at_150(tmp_path):
    """At 150 % on 1280x720 the notice's words ran on under a scroll bar: its window grows
    with the UI scale, and the text box has room for all of them."""
    import errno

    from vikings.ui.dialogs.autosave_off import AutosaveOffPanel
    from vikings.ui.table.match import Match

    for language in ("de", "en"):
        with measured_app(tmp_path / language, language=language) as (app, measure):
            seats = [("Ann", "person", "purple"), ("Bjorn", "normal", "orange")]
            m = Match.new(seats, app.rules, seed=4, storage=app.storage)
            m.autosave_error = OSError(errno.ENOSPC, "No space left on device")
            panel = AutosaveOffPanel(app, m)
            app.scenes.push(panel)
            run(app, 3)
            assert panel.info.scroll_bar is None, f"{language}: the notice scrolls"
            assert app.screen.get_rect().contains(panel.window.rect)
            found = measure()
            assert found == [], "\n".join(found)
            m.close()


def test_the_counts_in_a_cards_pool_lie_over_every_figure(tmp_path):
    """A card's small pool at 1920x1080 and 150 %: a count ("2") was drawn before the next
    kind's figure, which covered half of it, or under the next row's count. The counts now
    come after every figure, and a pool too small for them (four cards) shows none."""
    from vikings.ui import flow
    from vikings.ui.drawing.cards import draw_card
    from vikings.ui.drawing.view import Visible
    from vikings.ui.table.match import Match

    names = (("Ann", "person", "purple"), ("Bjorn", "normal", "orange"), ("Sigrid", "normal", "teal"))
    for n in (2, 4):
        seats = list(names[:n]) + ([("Leif", "normal", "pink")] if n == 4 else [])
        with measured_app(tmp_path / f"home{n}", size=(1920, 1080)) as (app, measure):
            m = Match.new(seats, app.rules, seed=4, start_player=0, storage=app.storage)
            flow.enter_game(app, m)
            run(app, 2)
            rect = app.scenes.base.layout.cards[1]
            pv = Visible(m.game, ()).players[1]
            app.draw = lambda a=app, r=rect, s=m.seats[1], v=pv: draw_card(a.screen, a, r, s, v)
            for pool in ([0, 0, 0, 0, 2, 1], [2, 1, 2, 0, 2, 1], [2, 2, 2, 2, 2, 2]):  # (counts beside figures)
                pv.pool = pool[: len(pv.pool)]
                shown = [x.text for x in measure.texts()].count("2")
                assert shown == (pool.count(2) if n == 2 else 0), (n, pool, shown)
                found = measure()
                assert found == [], f"{n} seats, {pool}: " + "\n".join(found)
            m.close()


@contextmanager
def two_cards(home, seats, with_ship=()):
    """The first two cards of a table at 1280x800, 150 %, German, drawn alone each frame
    (`with_ship`: the seats whose card holds the start player ship); yields measure."""
    from vikings.ui import flow
    from vikings.ui.drawing.cards import draw_card
    from vikings.ui.drawing.view import Visible
    from vikings.ui.table.match import Match

    with measured_app(home, size=(1280, 800)) as (app, measure):
        m = Match.new(seats, app.rules, seed=4, start_player=0, storage=app.storage)
        flow.enter_game(app, m)
        run(app, 2)
        rects = app.scenes.base.layout.cards
        vis = Visible(m.game, ())

        def cards():
            for i in (0, 1):
                draw_card(app.screen, app, rects[i], m.seats[i], vis.players[i], start=i in with_ship)

        app.draw = cards
        try:
            yield measure
        finally:
            m.close()


def test_who_sits_at_a_narrow_card_reads_whole_in_german_at_150(tmp_path):
    """At 1280x800 and 150 % the 16:10 layout's cards are narrow: the line under the name
    was cut to "Me…", "Anf…" beside the Gold and Fame. It takes a line of its own, whole."""
    from vikings.text.lang import t
    from vikings.ui.drawing.cards import bot_level

    seats = [("Ann", "person", "purple"), ("Astrid", "beginner", "orange")]
    with two_cards(tmp_path / "home", seats) as measure:
        drawn = [x.text for x in measure.texts()]
        assert t("table.card.person") in drawn
        assert bot_level("beginner") in drawn or t("table.card.bot", level=bot_level("beginner")) in drawn
        words = (t("table.card.person"), bot_level("beginner"))
        found = [f for f in measure() if any(w[:3] in f for w in words)]
        assert found == [], "\n".join(found)


def test_a_long_two_word_name_reads_whole_on_a_narrow_card_at_150(tmp_path):
    """At 1280x800 and 150 % a name as long as setup allows takes two lines; its second
    word was cut ("Ragnarsd…") in a room kept free for the start player ship, which only
    the start player's card has, and only beside the first line."""
    seats = [("Magnhild Ragnarsdott", "person", "purple"), ("Thorgrim Mjolnirsson", "person", "orange")]
    with two_cards(tmp_path / "home", seats, with_ship=(0,)) as measure:  # the first with the ship
        drawn = [x.text for x in measure.texts()]
        assert {"Ragnarsdott", "Mjolnirsson"} <= set(drawn), drawn
        found = [f for f in measure() if "Ragnars" in f or "Mjolnir" in f]
        assert found == [], "\n".join(found)


def test_setup_with_profiles_draws_every_text_whole_in_the_longer_language_at_150(tmp_path):
    """Setup in the pseudo-language 40 % longer at 1280x720 and 150 %: the intro and the
    bots' notes wrap, the house rule's and the advanced rules' headings are whole; the
    seat rows have no room for the profiles' own drop-down, so the menu of who plays a
    seat lists them, and picking one there seats her."""
    from ui_helpers import choose

    from vikings.history import profiles
    from vikings.text import lang
    from vikings.ui import flow

    with measured_app(tmp_path / "home", language=lang.LONGER) as (app, measure):
        ann = profiles.create(app.history, "Ann", "teal")
        flow.show(app, "setup")
        s = app.scenes.current
        s.choices.handicap_seat = 1
        s._rebuild()
        found = measure(kinds=("cut", "outside", "overlap", "small", "caption"))
        assert found == [], "\n".join(found)  # ("One-Viking boatswains" too: its button is wide enough)
        assert s.profiles_in_kinds and "profile" not in s.rows[0]
        choose(app, s.rows[1]["kind"], "Ann")
        s = app.scenes.current
        assert s.choices.seats[1]["name"] == "Ann" and s.choices.seats[1]["kind"] == "person"
        assert s.choices.seats[1]["colour"] == ann.colour


def test_statistics_and_results_strip_whole_in_the_longer_language_at_150(tmp_path):
    """The statistics of a profile with games against bots (the levels head their columns,
    the head-to-head lines, the chart's title with Best and Mean) and a results strip
    with the house rule and the fair game's line, in the pseudo-language at 150 %."""
    from tools.pictures.shots_journey import fill_history
    from vikings.text import lang
    from vikings.ui import flow
    from vikings.ui.table.match import Match

    with measured_app(tmp_path / "home", language=lang.LONGER) as (app, measure):
        app.settings.animation, app.settings.bot_pace = "instant", "instant"
        fill_history(app.history, app.rules)
        flow.show(app, "stats")
        found = measure()
        assert found == [], "\n".join(found)
        seats = (("Ann", "person", "purple"), ("Astrid", "beginner", "orange"), ("Leif", "beginner", "teal"))
        m = Match.new(seats, app.rules, seed=12, storage=app.storage, handicap=(0, 0, 4))
        m.profiles = [1, None, None]
        while not m.game.is_over:
            m.act(m.game.legal_actions()[0])
        m.pending.clear()
        flow.enter_game(app, m)
        run(app, 5)
        assert type(app.scenes.base).__name__ == "ResultsScene"
        found = measure()
        assert found == [], "\n".join(found)
