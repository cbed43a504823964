"""The scorings, the results, the review and the hints in the language in use: German
lines with their plurals and ranks, a hint that arrives from the helper process in the
screens' language, and every text those screens draw coming through the catalogues (the
pseudo-language `qps`, tools/pictures/text_probe.py)."""

from __future__ import annotations

import pickle
import random
import re
import sys
from pathlib import Path

import pygame  # noqa: E402
import ui_helpers  # noqa: F401  (dummy drivers before pygame starts)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures.text_probe import TextProbe  # noqa: E402
from vikings.advice.hints import describe, explain_option  # noqa: E402
from vikings.advice.reasons import Fact  # noqa: E402
from vikings.bots.base import CancelToken  # noqa: E402
from vikings.engine import GameConfig, new_game  # noqa: E402
from vikings.engine.actions import Buy  # noqa: E402
from vikings.engine.state import PURCHASE  # noqa: E402
from vikings.saves.folders import Storage  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.text import lang  # noqa: E402
from vikings.ui import flow  # noqa: E402
from vikings.ui.app import App  # noqa: E402
from vikings.ui.scenes.results import ResultsScene, ordinal, results_rows  # noqa: E402
from vikings.ui.scenes.scoring import ScoringScene  # noqa: E402
from vikings.ui.scenes.scoring_text import line_words, repelled_note, threatened_note  # noqa: E402
from vikings.ui.table.match import Match  # noqa: E402

SEATS = [("Astrid", "beginner", "purple"), ("Bjorn", "beginner", "orange")]


def line(what, detail="", col=2, row=3):
    return {"what": what, "row": row, "col": col, "gold": 0, "fame": 1, "detail": detail}


def test_german_scoring_lines_with_their_plurals(rules):
    lang.set_language("de")
    assert line_words(line("scout", "1 below"), rules) == ("Späher, Spalte 2", "1 Wikinger darunter")
    assert line_words(line("scout", "2 below"), rules) == ("Späher, Spalte 2", "2 Wikinger darunter")
    assert line_words(line("goldsmith"), rules) == ("Goldschmied, Spalte 2", "")
    assert line_words(line("warrior", "red_sail"), rules) == ("Krieger vertreibt das rote Schiff", "Spalte 2")
    assert line_words(line("ship", "blue_sail"), rules)[0] == "Das blaue Schiff wird nicht vertrieben"
    assert line_words(line("feeding", "10 food for 1"), rules) == ("Ernährung", "10 Nahrung für 1 Wikinger")
    assert line_words(line("gold"), rules)[1] == f"{rules.scoring.gold_per_fame} Gold für 1 Ruhm"
    assert line_words(line("longest", "1"), rules)[1] == "1 Plättchen"
    assert line_words(line("longest", "0"), rules)[1] == "keine"
    assert threatened_note(1) == "1 bedrohter Wikinger bekommt nichts"
    assert threatened_note(3) == "3 bedrohte Wikinger bekommen nichts"
    assert repelled_note([2]) == "Ein Krieger vertreibt das Schiff in Spalte 2"
    assert repelled_note([1, 3]) == "Krieger vertreiben die Schiffe in den Spalten 1, 3"
    assert [ordinal(n) for n in (1, 2, 3, 4)] == ["1.", "2.", "3.", "4."]
    lang.set_language("en")
    assert line_words(line("scout", "1 below"), rules) == ("Scout, column 2", "1 Viking below")
    assert line_words(line("feeding", "10 food for 12"), rules) == ("Feeding", "10 food for 12 Vikings")
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "21st",
        "22nd",
    ]


def finished_game(rules, seed=3):
    g = new_game(GameConfig(("Ann", "Bea"), seed=seed), rules)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_score_sheet_speaks_the_language_with_the_same_figures(rules):
    g = finished_game(rules)
    en = results_rows(g)
    lang.set_language("de")
    de = results_rows(g)
    assert [r.values for r in de] == [r.values for r in en]
    by = {r.key: r for r in de}
    assert by["fame"].label == "Ruhm am Ende" and by["rank"].label == "Platz"
    assert by["gold"].details[0].endswith(" Gold")
    assert all(re.search(r"\b(the|and|with|none)\b", r.label + r.hint + " ".join(r.details)) is None for r in de)


def a_purchase(rules, seed=5):
    g = new_game(GameConfig(("Ann", "Bea"), seed=seed), rules)
    rng = random.Random(seed)
    for _ in range(40):  # a purchase a few turns in
        g.apply(rng.choice(g.legal_actions()))
    while g.phase != PURCHASE:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_hint_arrives_in_the_language_of_the_screens(rules):
    g = a_purchase(rules)
    buy = next(a for a in g.legal_actions() if isinstance(a, Buy))
    option = explain_option(g, buy, CancelToken())  # worked out where no language was chosen (English)
    english = option.reason
    sent = pickle.dumps(option)  # as the helper process sends it
    assert "text" not in Fact.__slots__ and b"costs" not in sent  # data, not sentences
    lang.set_language("de")
    arrived = pickle.loads(sent)
    german = arrived.reason
    assert german != english and "kostet" in german and "costs" not in german
    assert sorted(re.findall(r"\d+", german)) == sorted(re.findall(r"\d+", english))  # the same numbers
    assert describe(buy, g).startswith("Kaufe ")
    lang.set_language("en")  # and back: the same hint in English again
    assert arrived.reason == english and describe(buy, g).startswith("Buy ")


def test_the_scorings_and_results_draw_only_catalogue_text(tmp_path):
    """In the pseudo-language every word the scoring panel, its headings and the results
    draw has accented letters: nothing bypassed the catalogues."""
    names = [name for name, _, _ in SEATS]
    allowed = names + [n[0] for n in names]  # (a marker shows the initial)
    with TextProbe() as probe:
        app = App(
            storage=Storage(tmp_path),
            settings=Settings(animation="normal", bot_pace="instant"),
            size=(1280, 720),
            title_scene=False,
            language="qps",
        )
        try:
            app.clock = type("Clock", (), {"tick": lambda self, *a: 50})()
            m = Match.new(SEATS, app.rules, seed=4)
            while not m.game.is_over:  # the bots play it all; the final scoring stays to show
                m.pending.clear()
                m.act(m.bot_for(m.game.to_move).choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
            while m.pending and m.pending[0].type not in flow.SCORING_EVENTS:
                m.pending.popleft()
            flow.enter_game(app, m)
            surface = pygame.Surface(app.look.size)
            seen = set()
            texts, missed = [], []
            for _ in range(1500):
                app.invalidate()
                app.frame()
                scene = app.scenes.base
                if isinstance(scene, ResultsScene):
                    break
                if isinstance(scene, ScoringScene) and scene.layout is not None:
                    vis = scene.visible()
                    key = (id(scene.current), scene.panel.listed, scene.counted, scene.note is not None)
                    if key in seen:
                        continue
                    seen.add(key)
                    probe.drawn.clear()  # (only what these parts draw: the table around them is not theirs)
                    scene.draw_decision(surface, vis, scene.layout.decision)
                    scene.draw_board(surface, vis, scene.layout.board)
                    missed += probe.untranslated(allowed)
                    texts += [scene.top_text(vis), *scene.decision_text(vis)]
            assert isinstance(app.scenes.base, ResultsScene) and len(seen) > 5
            results = app.scenes.base
            a = results.areas()
            probe.drawn.clear()
            results.draw_banner(surface, a["banner"])
            results.draw_sheet(surface, a["sheet"])
            results.draw_charts(surface, a["charts"])
            texts += [results.top_text(results.visible()), *results.decision_text(None)]
            texts += [b.text for b in results.b_results.values()] + [results.b_back.text]
            missed += probe.untranslated(allowed)
        finally:
            app.shutdown()
    pattern = re.compile("|".join(map(re.escape, sorted(allowed, key=len, reverse=True))))
    missed += [s for s in texts if lang.plain_letters(pattern.sub(" ", s))]
    assert sorted(set(missed)) == []


def test_the_hint_panel_draws_catalogue_text_and_follows_a_change_of_language(tmp_path):
    """A hint asked at the table (worked out by the helper process) is drawn from the
    catalogues in the pseudo-language, and in German once the language changes."""
    from test_hints import table, until_hint
    from ui_helpers import press, run

    with TextProbe() as probe:
        app, m = table(tmp_path)  # Ann's purchase, in English
        try:
            app.apply_language("qps")
            run(app, 2)
            press(app, pygame.K_h, unicode="h")
            hint = until_hint(app)
            assert hint.hint is not None
            surface = pygame.Surface(app.look.size)
            probe.drawn.clear()
            hint._panel(surface)
            assert probe.untranslated(["Ann", "Bot"]) == []
            assert len(probe.drawn) >= 4  # the title, the note, options and reasons
            app.apply_language("de")
            run(app, 2)
            assert app.scenes.base.hint.hint is hint.hint  # the same hint, now in German
            probe.drawn.clear()
            hint._panel(surface)
            drawn = " ".join(probe.drawn)
            assert "Tipp" in drawn and "Kaufe " in drawn and "kostet" in drawn and "costs" not in drawn
            # The Hint button's tooltip is a key pygame-gui looks up in the same language.
            from pygame_gui.core.utility import translate

            from vikings.ui.table.hints import TIP

            assert app.scenes.base.buttons["hint"].tool_tip_text == TIP
            assert translate(TIP) == "Einen Zug vorschlagen und begründen (H)"
        finally:
            app.shutdown()


def test_the_results_follow_a_change_of_language(tmp_path):
    from test_hints import fast
    from ui_helpers import button, run

    app = App(storage=Storage(tmp_path), settings=fast(), size=(1280, 720), title_scene=False)
    try:
        app.fps = 0
        m = Match.new(SEATS, app.rules, seed=6, storage=app.storage)
        rng = random.Random(6)
        while not m.game.is_over:
            m.act(rng.choice(m.game.legal_actions()))
        m.pending.clear()
        flow.enter_game(app, m)
        run(app, 3)
        scene = app.scenes.base
        assert isinstance(scene, ResultsScene) and button(app, "New game")
        figures = [r.values for r in scene.rows]
        assert scene.row("fame").label == "Final Fame"
        app.apply_language("de")
        run(app, 3)
        scene = app.scenes.base
        assert button(app, "Neues Spiel") and button(app, "Auslagen am Ende") and button(app, "Analyse")
        assert scene.row("fame").label == "Ruhm am Ende" and [r.values for r in scene.rows] == figures
        assert scene.top_text(scene.visible()).startswith("Spielende")
        title, sub = scene.headline()
        assert title.endswith("gewinnt!") or "teilen sich den Sieg" in title
    finally:
        app.shutdown()


def test_the_review_draws_only_catalogue_text(tmp_path):
    """The review's top bar, chart, progress and side panel in the pseudo-language. What a
    move did is the game log's sentence (engine/events.py, not these screens'): it is
    taken out before the check, as the players' names are."""
    from test_review import RULES, play
    from test_review import SEATS as REVIEW_SEATS
    from ui_helpers import run

    from vikings.advice.review import describe_action, review_game
    from vikings.ui.scenes.review import ReviewScene
    from vikings.ui.scenes.review_text import costly_lines, decision_lines, short

    g, _ = play()
    review = review_game(g.config, g.actions(), RULES, persons=(0,))
    names = [name for name, _, _ in REVIEW_SEATS]
    with TextProbe() as probe:
        app = App(
            storage=Storage(tmp_path),
            settings=Settings(animation="instant", bot_pace="instant"),
            size=(1280, 720),
            title_scene=False,
            language="qps",
        )
        try:
            app.fps = 0
            m = Match(REVIEW_SEATS, g.copy(), storage=app.storage, autosave=False)
            scene = ReviewScene(app, m, back=lambda: None, in_process=True)
            app.scenes.switch(scene)
            run(app, 2)
            surface = pygame.Surface(app.look.size)
            a = scene.areas()
            probe.drawn.clear()
            scene.draw_progress(surface, a["chart"])  # (still reviewing: the progress bar)
            texts = [b.text for b in (scene.b_back, scene.b_cancel, scene.b_again)]
            scene.cancel_review()
            scene.draw_progress(surface, a["chart"])  # cancelled
            scene.review = review
            worst = review.costliest(0)
            moves = set()
            for i in (0, worst[0].index, len(g.actions()) // 2, len(g.actions())):
                scene.show(i)
                scene.draw_top(surface, a["top"])
                scene.draw_chart(surface, a["chart"])
                lines = decision_lines(scene) + costly_lines(scene)
                texts += [line.text for line in lines]
                for d in [scene.decision, *worst]:
                    if d is not None:
                        for act in (d.action, d.bot_action):
                            if act is not None:
                                said = describe_action(scene.states[d.index], act, names)
                                moves |= {said, short(said, names[d.player])}
            missed = probe.untranslated(names + [n[0] for n in names])  # (a marker shows the initial)
        finally:
            app.shutdown()
    allowed = sorted(moves | set(names), key=len, reverse=True)
    pattern = re.compile("|".join(map(re.escape, allowed)))
    missed += [s for s in texts if lang.plain_letters(pattern.sub(" ", s))]
    assert sorted(set(missed)) == []
