"""The rules panel's pictures: each position, built by playing seeded games through the
engine's door, shows what its picture claims (checked here with the engine's own
functions), the captions state the position's figures, and the pictures are drawn at
the window's scale in the panel's Pictures tab; the panel follows a language change."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UILabel
from ui_helpers import button, click, elements, make_app, press, run

from vikings.advice.rule_positions import NAMES, position
from vikings.engine.actions import Buy, PlaceTile, UseBoatswain
from vikings.engine.display import ship_columns, threat
from vikings.engine.scoring import large_scoring
from vikings.engine.state import BOATSWAIN, PLACE, PURCHASE
from vikings.text.lang import number
from vikings.ui.dialogs.rule_pictures import caption
from vikings.ui.dialogs.rules import RulesPanel, advanced_summary


def test_the_zero_rule_and_its_exception(rules):
    p = position(rules, "zero")
    g = p.game
    assert g.phase == PURCHASE and g.wheel_tile[g.offset] >= 0 and Buy(g.offset) not in g.legal_actions()
    assert p.blocked == {g.offset: "0 rule"}
    o = p.other.game
    assert Buy(o.offset) in o.legal_actions() and o.wheel_viking.count(o.wheel_viking[o.offset]) == 1


def test_edges_light_exactly_the_cells_where_the_tile_fits(rules):
    p = position(rules, "edges")
    g = p.game
    assert g.phase == PLACE and g.hand_tile == p.tile and not rules.tile_is_ship[p.tile]
    assert set(p.cells) == {(a.row, a.col) for a in g.legal_actions() if isinstance(a, PlaceTile)}
    # Some empty cells next to the islands do not fit it: the edges decide.
    d = g.displays[p.player]
    frontier = {(r, c) for r, mask in enumerate(d.frontier) for c in range(mask.bit_length()) if mask >> c & 1}
    assert frontier - set(p.cells), "every open cell fits: the picture would not show the edges"


def test_ships_light_their_free_columns(rules):
    p = position(rules, "ships")
    g = p.game
    assert rules.tile_is_ship[g.hand_tile]
    assert list(p.columns) == ship_columns(g.displays[p.player], rules)
    assert set(p.cells) == {(a.row, a.col) for a in g.legal_actions() if isinstance(a, PlaceTile)}


def test_threat_and_a_warrior_repelling(rules):
    p = position(rules, "threat")
    d = p.game.displays[p.player]
    threatened, repelled, unrepelled = threat(d, rules)
    assert p.threatened == tuple(threatened) and threatened
    assert p.repelled == tuple(c for c, _ in repelled) and repelled and unrepelled
    for c in p.repelled:
        assert d.occupied(1, c) and d.tile_at(0, c) >= 0  # a warrior right under a ship
    for r, c in threatened:
        ship = d.tile_at(0, c)
        assert c not in p.repelled and r <= rules.tile_reach[ship]


def test_a_scout_with_vikings_below(rules):
    p = position(rules, "scout")
    d = p.game.displays[p.player]
    (row, col), *below = p.cells
    assert row == rules.viking_row[rules.scout] and d.occupied(row, col)
    assert all(d.occupied(r, c) for r, c in below) and len(below) == 2
    line = next(x for x in large_scoring(d, rules).lines if x.what == "scout" and x.col == col)
    assert line.fame == p.facts["fame"] == rules.scoring.scout_fame + 2 * rules.scoring.scout_bonus_fame


def test_a_boatswain_decision(rules):
    p = position(rules, "boatswain")
    g = p.game
    assert g.phase == BOATSWAIN and g.to_move == p.player
    assert p.facts["choices"] == tuple(str(a) for a in g.legal_actions())
    d = g.displays[p.player]
    for r, c in p.cells:  # empty tiles, whose row's Viking waits in the pool for an "all" move
        assert not d.occupied(r, c) and d.tile_at(r, c) >= 0 and d.pool[rules.row_viking[r]] > 0
        assert UseBoatswain("all", rules.row_viking[r]) in g.legal_actions()


def test_a_feeding_count(rules):
    p = position(rules, "feeding")
    g = p.game
    assert g.is_over
    d = g.displays[p.player]
    line = next(x for x in {s.player: s for s in g.scores[-1][2]}[p.player].lines if x.what == "feeding")
    f = p.facts
    assert f["food"] == f["fishermen"] * rules.scoring.fisherman_feeds == len(p.cells) * rules.scoring.fisherman_feeds
    assert f["mouths"] == sum(d.pool) + sum(d.island_vikings(rules))
    assert line.detail == f"{f['food']} food for {f['mouths']}" and line.fame == f["fame"]
    assert all((r, c) not in p.threatened for r, c in p.cells)


@pytest.mark.parametrize("name", NAMES)
def test_captions_state_the_positions_figures(rules, name):
    text = caption(rules, name)
    p = position(rules, name)
    for value in p.facts.values():
        if isinstance(value, int) and name != "zero":  # (written as the language writes numbers: -2 as −2)
            assert number(value) in text, f"{name}: {value} missing from {text!r}"


def test_the_advanced_tab_says_who_opens_the_auction(rules):
    text = advanced_summary(rules)
    assert "passes clockwise" in text and "to the left of the last auction's winner" in text


def test_the_pictures_tab_follows_the_windows_scale(tmp_path):
    sizes = {}
    for size in ((1280, 720), (1920, 1080)):
        app = make_app(tmp_path / f"{size[0]}", size=size)
        try:
            click(app, button(app, "Rules"))
            click(app, button(app, "Pictures"))
            panel = app.scenes.current
            assert isinstance(panel, RulesPanel) and panel.tab == "pictures" and panel.pic == 0
            first = panel.image.image.copy()
            press(app, pygame.K_RIGHT)
            assert panel.pic == 1
            click(app, button(app, "Previous (Left)"))
            press(app, pygame.K_LEFT)
            assert panel.pic == len(NAMES) - 1
            sizes[size] = first.get_size()
            colours = {
                first.get_at((x, y))[:3]
                for x in range(0, first.get_width(), 7)
                for y in range(0, first.get_height(), 7)
            }
            assert len(colours) > 50, "the picture is (nearly) blank"
        finally:
            app.shutdown()
    small, big = sizes[(1280, 720)], sizes[(1920, 1080)]
    assert big[0] == pytest.approx(small[0] * 1.5, abs=4) and big[1] == pytest.approx(small[1] * 1.5, abs=4)


def test_the_rules_panel_follows_a_language_change(tmp_path):
    """Open in English, switched to German while open: the tabs, the rules text, the
    scoring summary (its numbers from the data), a picture's title and caption in German."""
    app = make_app(tmp_path / "home")
    try:
        click(app, button(app, "Rules"))
        panel = app.scenes.current
        assert isinstance(panel, RulesPanel) and "How to play Vikings" in panel.text.html_text
        app.apply_language("de")
        run(app, 2)
        assert app.scenes.current is panel and panel.window.window_display_title == "Regeln"
        assert "So spielst du Wikinger" in panel.text.html_text
        click(app, button(app, "Wertungen"))
        assert panel.tab == "scoring" and "Kleine Wertung (nach den Runden 1, 3, 5)" in panel.text.html_text
        assert f"Je <b>{app.rules.scoring.gold_per_fame} Gold</b> werden zu <b>1 Ruhm</b>" in panel.text.html_text
        press(app, pygame.K_TAB)
        assert "Langboot" in panel.text.html_text and "Versteigerung" in panel.text.html_text
        click(app, button(app, "Bilder"))
        assert panel.tab == "pictures" and button(app, "Weiter (Rechts)")
        assert "1 von 7: Die 0-Regel und ihre Ausnahme" in [e.text for e in elements(app, UILabel)]
        assert "Fischer" in panel.text.html_text and "nicht zu haben" not in panel.text.html_text
        app.apply_language("en")
        run(app, 2)
        assert "its fisherman is the last of its colour" in panel.text.html_text
    finally:
        app.shutdown()
