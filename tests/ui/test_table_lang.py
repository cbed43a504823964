"""The table in German and in the pseudo-language: the game log's lines built from the
events in the language in use (plurals, word order, a change of language rewriting old
lines), and the purchase and auction scenes drawing no text that missed the catalogues."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from test_ui_advanced import wait_for_person
from test_ui_table import fast_settings
from ui_helpers import run  # noqa: F401  (sets the dummy drivers first)

from vikings.engine.actions import Bid, Buy
from vikings.engine.events import Event
from vikings.saves.folders import Storage
from vikings.text import lang
from vikings.text.events import describe
from vikings.ui import flow
from vikings.ui.app import App
from vikings.ui.scenes.auction import AuctionScene
from vikings.ui.scenes.purchase import PurchaseScene
from vikings.ui.table.match import Match

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.pictures.text_probe import TextProbe  # noqa: E402

NAMES = ["Ann", "Bjorn", "Sigrid"]
SEATS = [("Ann", "person", "purple"), ("Bjorn", "normal", "orange"), ("Sigrid", "random", "teal")]


def kind(rules, name: str) -> int:
    return [v.id for v in rules.vikings].index(name)


@pytest.mark.parametrize(
    "event, german",
    [
        (
            Event("colour_placed", 0, {"viking": "goldsmith", "spaces": [9, 8, 7]}),
            "Ann stellt 3 Goldschmiede auf die Felder 9, 8, 7 der Drehscheibe",
        ),
        (
            Event("colour_placed", 0, {"viking": "noble", "spaces": [11]}),
            "Ann stellt einen Edelmann auf Feld 11 der Drehscheibe",
        ),
        (
            Event("boatswain_used", 1, {"mode": "all", "kind": "noble"}),
            "Bjorn setzt einen Bootsmann ein und bewegt alle Edelleute",
        ),
        (
            Event("boatswain_used", 1, {"mode": "one", "kind": "boatswain"}),
            "Bjorn setzt einen Bootsmann ein und bewegt einen Bootsmann",
        ),
        (
            Event("offer", 2, {"round": 2, "islands": 1, "ships": 3, "bag": 1}),
            "Runde 2: Das Angebot liegt aus (1 Insel, 3 Schiffe); noch 1 Wikinger im Beutel",
        ),
        (
            Event("bought", 0, {"tile": "left_end", "viking": "scout", "gold": 12, "fame": 2, "space": 3}),
            "Ann kauft das linke Endstück und einen Späher für 12 Gold und 2 Ruhm",
        ),
        (
            Event("scoring", 2, {"kind": "large", "gold_change": 0, "fame_change": -3}),
            "Große Wertung für Sigrid: 0 Gold, \u22123 Ruhm",
        ),
        (Event("game_over", None, {"ranks": [1, 2, 1]}), "Spielende: Ann und Sigrid gewinnen"),
        (Event("game_over", None, {"ranks": [2, 1, 3]}), "Spielende: Bjorn gewinnt"),
    ],
)
def test_german_log_lines_have_their_own_plurals_cases_and_numbers(rules, event, german):
    d = dict(event.data)
    for field in ("viking", "kind"):  # (the events carry indices; named here for reading)
        if isinstance(d.get(field), str) and field in d and d[field] in {v.id for v in rules.vikings}:
            d[field] = kind(rules, d[field])
    if isinstance(d.get("tile"), str):
        d["tile"] = [k.id for k in rules.tiles].index(d["tile"])
    lang.set_language("de")
    assert describe(Event(event.type, event.player, d), rules, NAMES) == german


def test_every_type_of_event_has_its_line_in_both_languages():
    from vikings.engine.events import TYPES

    for code in lang.LANGUAGES:
        keys = lang.read_catalogue(code)
        assert [k for k in TYPES if f"log.{k}" not in keys] == [], code


def test_every_event_of_an_advanced_game_reads_in_german(rules):
    import random

    from vikings.engine import OPTIONS, GameConfig, new_game

    game = new_game(GameConfig(tuple(NAMES), seed=3, options=frozenset(OPTIONS)), rules)
    rng, events = random.Random(3), []
    while not game.is_over:
        events += game.apply(rng.choice(game.legal_actions()))
    lang.set_language("de")
    for e in events:
        text = describe(e, rules, NAMES)
        assert text and not text.startswith(e.type) and "log." not in text, (e, text)


def start(tmp_path, seats=SEATS, language=None, options=(), seed=11):
    app = App(
        storage=Storage(tmp_path), settings=fast_settings(), size=(1280, 720), title_scene=False, language=language
    )
    app.fps = 0
    m = Match.new(seats, app.rules, seed=seed, start_player=0, storage=app.storage, options=options)
    flow.enter_game(app, m)
    return app, m


def test_the_log_and_the_panel_follow_a_change_of_language(tmp_path):
    app, m = start(tmp_path)
    wait_for_person(app)
    scene = app.scenes.base
    scene.act(next(a for a in m.game.legal_actions() if isinstance(a, Buy)))
    run(app, 3)
    english = list(m.shown_log())
    assert english[0].startswith("Round 1: the offer is laid out") and any(" buys the " in x for x in english)
    app.apply_language("de")
    run(app, 2)
    german = m.shown_log()
    assert len(german) == len(english)
    assert german[0].startswith("Runde 1: Das Angebot liegt aus") and any(" kauft " in x for x in german)
    assert "Die Drehscheibe dreht sich: Jeder Preis sinkt um 1" in german
    scene = app.scenes.base
    assert scene.turn_text() == "Ann ist am Zug"
    assert scene.decision_text(scene.visible())[0] == "Ann, du bist am Zug"
    assert scene.top_buttons()[0][1] == "Menü"
    app.apply_language("en")
    assert m.shown_log() == english
    scene = app.scenes.base
    assert m.can_undo()
    scene.command("undo")  # a note kept in the panel follows the language too
    run(app, 3)
    scene = app.scenes.base
    assert "Your last decision was taken back." in scene.decision_text(scene.visible())
    app.apply_language("de")
    scene = app.scenes.base
    assert "Deine letzte Entscheidung wurde zurückgenommen." in scene.decision_text(scene.visible())


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 2)


def test_a_purchase_turn_in_the_pseudo_language_draws_only_catalogue_text(tmp_path):
    with TextProbe() as probe:
        app, m = start(tmp_path, language="qps")
        wait_for_person(app)
        scene = app.scenes.base
        assert isinstance(scene, PurchaseScene)
        g = m.game
        buyable = [a.space for a in g.legal_actions() if isinstance(a, Buy)]
        blocked = [s for s in g.groups() if s not in buyable]
        for s in buyable[:1] + blocked[:1]:
            hover(app, scene.wheel_geo.tile_rect(s).center)  # the group's tooltip
        scene.select(buyable[0])  # the panel with a group chosen
        run(app, 2)
        scene.buy()
        for _ in range(3):  # placing, then the Viking
            wait_for_person(app)
            scene = app.scenes.base
            if scene.legal_cells():
                cell = next(iter(scene.legal_cells()))
                hover(app, scene.board_geo.cell_rect(*cell).center)
                scene.act(scene.legal_cells()[cell])
            else:
                break
        wait_for_person(app)
        run(app, 2)
    assert lang.t("table.purchase.your_turn", name="Ann") in probe.drawn  # (the probe saw the panel)
    assert probe.untranslated(NAMES) == []


def test_an_auction_in_the_pseudo_language_draws_only_catalogue_text(tmp_path):
    with TextProbe() as probe:
        app, m = start(tmp_path, language="qps", options=("auction",))
        wait_for_person(app)
        scene = app.scenes.base
        assert isinstance(scene, AuctionScene) and scene.bidding()
        hover(app, scene.panel.kind_rects[0][0].center)  # a drawn Viking's tooltip
        bids = [a for a in m.game.legal_actions() if isinstance(a, Bid)]
        scene.act(bids[-1])  # the highest bid wins
        for _ in range(40):
            run(app, 5)
            if not isinstance(app.scenes.base, AuctionScene):
                break
    assert lang.t("table.auction.title", round=1) in probe.drawn  # (the probe saw the panel)
    assert probe.untranslated(NAMES) == []


def boatswain_game(rules):
    """Ann's boatswains in the large scoring after round 2: 2 of them, 3 fishermen and 2
    scouts in her pool, empty tiles in their rows."""
    from helpers import fill_row, start_scoring

    from vikings.engine import GameConfig, new_game

    game = new_game(GameConfig(("Ann", "Bjorn"), seed=1, start_player=0), rules)
    d = game.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 5, 4)  # empty tiles for the pool's fishermen and scouts
    fill_row(d, rules, 3, 3)
    for name, n in (("fisherman", 3), ("scout", 2), ("boatswain", 2)):
        d.pool[kind(rules, name)] = n
    start_scoring(game, 1)
    return game


def test_a_boatswain_decision_in_the_pseudo_language_draws_only_catalogue_text(tmp_path, rules):
    from vikings.engine.actions import UseBoatswain
    from vikings.ui.scenes.boatswain import BoatswainScene

    game = boatswain_game(rules)
    with TextProbe() as probe:
        app = App(
            storage=Storage(tmp_path), settings=fast_settings(), size=(1280, 720), title_scene=False, language="qps"
        )
        app.fps = 0
        m = Match(SEATS[:2], game, autosave=False)
        flow.enter_game(app, m)
        run(app, 4)
        scene = app.scenes.base
        assert isinstance(scene, BoatswainScene) and len(scene.option_buttons) == 4
        texts = [b.text for b, _ in scene.option_buttons]
        assert lang.t("table.boatswain.all", vikings=lang.t("log.viking.fisherman.plural"), count=3) in texts
        scene.act(UseBoatswain("each"))  # then: the tile for the fisherman
        run(app, 4)
        lines = app.scenes.base.decision_text(app.scenes.base.visible())
    assert lines[0] == lang.t("table.boatswain.title", name="Ann")
    assert probe.untranslated(NAMES) == []
    app.apply_language("de")
    scene = app.scenes.base
    lines = scene.decision_text(scene.visible())
    assert lines[0] == "Große Wertung: die Bootsleute von Ann"
    assert lines[1].startswith("1 Bootsmann in deinem Vorrat.")  # (one of the two is used)
    assert lines[-1] == "Wähle das leere Plättchen für deinen Fischer (hervorgehobene Felder)."
