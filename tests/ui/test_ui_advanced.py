"""The advanced game on screen, driven like a player: the setup's rule toggles, a whole
game with all three rules (the auction by clicks and keys, special tiles taken), the
bid control's limits, saves, and what `Visible` hides while advanced events animate."""

from __future__ import annotations

import random

import pygame
from test_ui_table import click_at, do_by_input, fast_settings, key
from ui_helpers import button, click, make_app, run  # noqa: F401  (sets the dummy drivers first)

from vikings.engine import OPTIONS
from vikings.engine.actions import (
    Bid,
    Buy,
    ChooseColour,
    DeclineSpecial,
    PassBid,
    RemoveViking,
    ReplaceTile,
    TakeSpecial,
)
from vikings.engine.state import BID, COLOUR, REMOVE, REPLACE, SPECIAL
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.drawing.view import Visible
from vikings.ui.scenes.auction import AuctionScene
from vikings.ui.scenes.boatswain import BoatswainScene
from vikings.ui.scenes.purchase import PurchaseScene
from vikings.ui.scenes.results import ResultsScene, results_rows
from vikings.ui.scenes.setup import OPTIONS as SETUP_OPTIONS
from vikings.ui.scenes.setup import SetupScene
from vikings.ui.table.match import Match

SEATS = [("Ann", "person", "purple"), ("Bjorn", "normal", "orange"), ("Sigrid", "random", "teal")]


def start(tmp_path, seats=SEATS, seed=11, start_player=0, options=OPTIONS, **settings):
    app = make_app(tmp_path, title_scene=False, settings=fast_settings(**settings))
    m = Match.new(seats, app.rules, seed=seed, start_player=start_player, storage=app.storage, options=options)
    flow.enter_game(app, m)
    return app, m


def wait_for_person(app, limit: int = 6000) -> None:
    for _ in range(limit):
        scene, m = app.scenes.base, app.match
        if isinstance(scene, ResultsScene):
            return
        if (
            isinstance(scene, (AuctionScene, PurchaseScene, BoatswainScene))
            and m.persons_turn()
            and not m.pending
            and not scene.fx.active
            and m.game.phase in scene.phases
        ):
            run(app, 1)  # drawn once more: the panel's clickable pieces are where they are shown
            return
        run(app, 1)
    raise AssertionError(f"no person's decision came up; scene {type(app.scenes.base).__name__}")


def kind_rect(scene, kind):
    return next(r for r, k in scene.panel.kind_rects if k == kind)


def decide_by_input(app, action) -> None:
    """The advanced decisions the way a player makes them; the others as in test_ui_table."""
    scene, m = app.scenes.base, app.match
    before = len(m.game.actions())
    if isinstance(action, Bid):
        assert isinstance(scene, AuctionScene)
        while scene.amount < action.amount:
            key(app, pygame.K_UP, frames=1)
        while scene.amount > action.amount:
            key(app, pygame.K_DOWN, frames=1)
        assert scene.b_bid.text.startswith(f"Bid {action.amount}")
        click(app, scene.b_bid)
    elif isinstance(action, PassBid):
        click(app, scene.b_pass)
    elif isinstance(action, (RemoveViking, ChooseColour)):
        click_at(app, kind_rect(scene, action.kind).center)
    elif isinstance(action, TakeSpecial):
        row = next(r for r, slot in scene.panel.special_rows if slot == action.slot)
        click_at(app, row.center)
    elif isinstance(action, DeclineSpecial):
        key(app, pygame.K_n)
    elif isinstance(action, ReplaceTile):
        click_at(app, scene.board_geo.cell_rect(action.row, action.col).center)
    else:
        do_by_input(app, action)
        return
    done = m.game.actions()
    assert len(done) > before and done[before] == action, f"{action} was not made by the input"


def policy(game, rng: random.Random, first_auction: list):
    """Ann's choices: she bids her all in the first auction (so she removes a Viking and
    chooses the first colour), buys the dearest group when it brings a special tile and
    always takes one; otherwise a seeded random choice."""
    legal = game.legal_actions()
    if game.phase == BID:
        bids = [a for a in legal if isinstance(a, Bid)]
        if first_auction:
            first_auction.clear()
            return bids[-1]
        return rng.choice(bids[:2] + [a for a in legal if isinstance(a, PassBid)])
    if game.phase == SPECIAL:
        return next(a for a in legal if isinstance(a, TakeSpecial))
    if game.phase == "purchase":
        s = game.most_expensive_space()
        if game.brings_special(s) and Buy(s) in legal:
            return Buy(s)
    return rng.choice(legal)


def test_setup_toggles_each_advanced_rule(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    got = []
    monkeypatch.setattr(flow, "enter_game", lambda app, match: got.append(match))
    click(app, button(app, "New game"))
    s = app.scenes.current
    assert isinstance(s, SetupScene) and s.choices.options == set()
    for key_, label, tip in SETUP_OPTIONS:
        b = s.option_buttons[key_]
        assert b.text == t(label) and tip and b.tool_tip_text  # each rule has its own toggle, explained in its tooltip
    click(app, s.option_buttons["auction"])
    click(app, s.option_buttons["special_tiles"])
    assert s.choices.options == {"auction", "special_tiles"}
    click(app, s.option_buttons["auction"])  # off again
    assert s.choices.options == {"special_tiles"}
    click(app, s.start_button)
    assert got[-1].options == frozenset({"special_tiles"})
    click(app, s.all_button)  # the shortcut: every advanced rule
    assert s.choices.options == set(OPTIONS) and s.all_button.text == "None"
    click(app, s.start_button)
    assert got[-1].options == frozenset(OPTIONS)
    app.shutdown()


def test_a_person_plays_a_whole_advanced_game_by_clicks_and_keys(tmp_path):
    # (seed 15: the person meets every advanced decision, a special tile among them)
    app, m = start(tmp_path, seed=15)
    assert isinstance(app.scenes.base, AuctionScene)
    rng = random.Random(3)
    first_auction = [True]
    seen = {}
    while True:
        wait_for_person(app)
        if isinstance(app.scenes.base, ResultsScene):
            break
        action = policy(m.game, rng, first_auction)
        seen.setdefault(m.game.phase, []).append(action)
        decide_by_input(app, action)
    assert m.game.is_over
    assert {BID, REMOVE, COLOUR, SPECIAL} <= set(seen), sorted(seen)
    assert any(isinstance(a, TakeSpecial) for a in seen[SPECIAL])
    assert any(isinstance(a, Bid) for a in seen[BID])
    assert (
        m.game.specials_held(0)
        or m.game.specials_placed(0)
        or any(e.type == "special_gold" and e.player == 0 for e in m.events)
    )
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    app.shutdown()


def test_the_bid_control_stays_within_the_legal_bids(tmp_path):
    app, m = start(tmp_path, seats=[("Ann", "person", "purple"), ("Bo", "person", "teal")], seed=3)
    wait_for_person(app)
    scene = app.scenes.base
    assert m.game.phase == BID and scene.amount == 0 and not scene.b_pass.visible  # the opener may bid 0
    key(app, pygame.K_DOWN)
    assert scene.amount == 0 and not scene.b_minus.is_enabled
    gold = m.game.displays[0].gold
    limit = m.game.bid_limit(0)
    for _ in range(limit + 3):
        key(app, pygame.K_UP, frames=1)
    assert scene.amount == limit and not scene.b_plus.is_enabled
    assert f"({limit - gold} Fame)" in scene.b_bid.text  # what the bid would cost beyond her Gold
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert m.game.actions() == [Bid(limit - 1)]
    wait_for_person(app)  # Bo: more than the high bid, or pass
    scene = app.scenes.base
    assert scene.amount == limit and scene.b_pass.visible
    key(app, pygame.K_p)
    assert m.game.actions()[-1] == PassBid() and m.game.phase == REMOVE
    wait_for_person(app)
    scene = app.scenes.base
    rec = scene.record()
    assert rec.winner[0] == 0 and rec.winner[1] == limit - 1 and rec.passed == {1: False}
    kind = scene.panel.kind_rects[0][1]
    key(app, pygame.K_1)
    assert m.game.actions()[-1] == RemoveViking(kind)
    app.shutdown()


def test_visible_hides_the_auction_until_it_is_shown(tmp_path):
    app, m = start(tmp_path, seats=[("Ann", "person", "purple"), ("Bo", "person", "teal")], seed=5)
    g = m.game
    events = []
    events += m.act(Bid(2))
    events += m.act(PassBid())
    events += m.act(g.legal_actions()[0])  # the removal
    while g.phase == COLOUR:
        events += m.act(g.legal_actions()[0])
    vis = Visible(g, events, opener=0)
    assert vis.wheel_tile == [-1] * len(g.wheel_tile) and vis.wheel_viking == [-1] * len(g.wheel_viking)
    assert len(vis.auction_vikings) == 13 and vis.players[0].gold == g.displays[0].gold + 2
    assert vis.start_player == 0 and g.start_player == 0
    shown = Visible(g, [])
    assert shown.auction_vikings == [] and all(t >= 0 for t in shown.wheel_tile)
    app.shutdown()


def test_an_advanced_game_saves_and_loads_in_its_auction(tmp_path):
    app, m = start(tmp_path, seats=[("Ann", "person", "purple"), ("Bo", "person", "teal")], seed=8)
    m.act(Bid(1))
    doc = m.to_doc()
    loaded = Match.from_doc(doc, app.rules)
    assert loaded.options == frozenset(OPTIONS) and loaded.game == m.game
    assert loaded.events[0].type == "auction" and [e.type for e in loaded.events] == [e.type for e in m.events]
    flow.enter_game(app, loaded)
    run(app, 3)
    scene = app.scenes.base
    assert isinstance(scene, AuctionScene) and scene.record().bids == {0: 1}
    app.shutdown()


def test_special_tiles_show_with_tooltips_and_score_in_the_results(tmp_path):
    app, m = start(
        tmp_path, seats=[("Ann", "random", "purple"), ("Bo", "random", "teal")], seed=21, options=("special_tiles",)
    )
    for _ in range(20000):  # bots play it out
        if isinstance(app.scenes.base, ResultsScene):
            break
        run(app, 1)
    assert m.game.is_over and isinstance(app.scenes.base, ResultsScene)
    kinds = {r.key for r in results_rows(m.game)}
    placed = any(m.game.specials_placed(p) for p in range(2))
    assert ("special" in kinds) == placed
    # At the table: the face-up strip's tooltips name the tile and its effect.
    scene = app.scenes.base
    scene.set_table_view(True)  # "Final displays": the ordinary table
    run(app, 2)
    spots = [(r, tip) for r, tip, _ in scene.slot_spots if tip]
    if spots:
        r, tip = spots[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
        run(app, 2)
        assert scene.tooltip == tip and "\n" in tip
    app.shutdown()


def test_the_auction_alone_plays_through_with_bots(tmp_path):
    """Without special tiles (no strip) and with the standard boatswains."""
    app, m = start(
        tmp_path, seats=[("Ann", "random", "purple"), ("Bo", "normal", "teal")], seed=2, options=("auction",)
    )
    for _ in range(20000):
        if isinstance(app.scenes.base, ResultsScene):
            break
        assert app.scenes.base.error is None, app.scenes.base.error
        run(app, 1)
    assert m.game.is_over and isinstance(app.scenes.base, ResultsScene)
    app.shutdown()


def test_a_building_tile_goes_on_the_clicked_cell(tmp_path):
    """The REPLACE decision: Ann took a building special tile while two of her tiles show
    that building; the candidates are lit and a click lays it (seed found by a search)."""
    app = make_app(tmp_path, title_scene=False, settings=fast_settings())
    m = Match.new(
        [("Ann", "person", "purple"), ("Bo", "person", "teal")],
        app.rules,
        seed=9,
        start_player=0,
        storage=app.storage,
        options=OPTIONS,
    )
    g, rules, rng = m.game, app.rules, random.Random(9)
    while g.phase != REPLACE:
        legal = g.legal_actions()
        a = None
        if g.to_move == 0 and g.phase == SPECIAL:
            a = next(
                (
                    t
                    for t in legal
                    if isinstance(t, TakeSpecial)
                    and rules.specials[g.specials_face_up[t.slot]].effect == "building"
                    and len(g._building_cells(0, rules.specials[g.specials_face_up[t.slot]].building)) > 1
                ),
                None,
            )
        if g.to_move == 0 and g.phase == "purchase":
            s = g.most_expensive_space()
            a = Buy(s) if g.brings_special(s) and Buy(s) in legal else None
        m.act(a or rng.choice(legal))
        assert not g.is_over
    m.pending.clear()
    flow.enter_game(app, m)
    wait_for_person(app)
    scene = app.scenes.base
    cells = scene.replace_cells()
    assert isinstance(scene, PurchaseScene) and len(cells) > 1
    assert set(scene.board_options(scene.visible(), 0)["highlight"]) == set(cells)
    cell = sorted(cells)[-1]
    decide_by_input(app, cells[cell])
    assert any(e.type == "special_placed" and (e.data["row"], e.data["col"]) == cell for e in m.events)
    run(app, 3)
    assert g.special_at(0, *cell) >= 0
    app.shutdown()


def test_after_a_scoring_the_ship_is_shown_passing_left_then_the_auction_opens(rules):
    """With the auction the ship passes to the left after each scoring (rules version 2):
    the screens route that event to the scoring scene, and until it is shown the table
    still shows the last winner with the ship and the round just scored."""
    from vikings.engine import GameConfig, new_game

    g = new_game(GameConfig(("A", "B", "C"), seed=8, start_player=0, options=frozenset({"auction"})), rules)
    rng = random.Random(8)
    while True:
        before = (g.start_player, g.round)
        events = g.apply(rng.choice(g.legal_actions()))
        types = [e.type for e in events]
        if "scoring" in types and "auction" in types:
            break
    pending = events[types.index("scoring") :]
    ship = next(e for e in pending if e.type == "start_player")
    assert ship.data == {"after": "scoring"} and ship.player == (before[0] + 1) % 3 == g.start_player
    vis = Visible(g, pending)
    assert (vis.start_player, vis.round) == before
    rest = pending[pending.index(ship) + 1 :]
    vis = Visible(g, rest)  # the ship shown: it lies with the new opener, the round not yet begun
    assert vis.start_player == g.start_player and vis.round == before[1]

    from vikings.ui import screens

    screens.install()

    class Ctx:  # what flow.scene_for reads
        match = type("M", (), {"options": frozenset({"auction"}), "pending": [ship, *rest], "game": g})()

    from vikings.ui.scenes.scoring import ScoringScene

    assert flow.scene_for(Ctx) is ScoringScene


def test_the_group_with_a_special_tile_is_dragged_through_the_special_choice(tmp_path):
    """Buying the group that brings a special tile first asks for the special tile, then
    for the cell: its tile's places are still the engine's cells after both steps. The
    tooltip counts them, a drag lights them, and the dropped tile goes there once the
    special tile is chosen (4 people, all advanced rules, seed 11: Ann's first purchase)."""
    from test_ui_layout import drag

    seats = [(n, "person", c) for n, c in (("Ann", "purple"), ("Bo", "orange"), ("Cy", "teal"), ("Di", "pink"))]
    app, m = start(tmp_path, seats=seats, seed=11)
    while not (m.game.phase == "purchase" and m.game.to_move == 0):
        wait_for_person(app)
        legal = m.game.legal_actions()
        decide_by_input(app, PassBid() if PassBid() in legal else legal[0])
    wait_for_person(app)
    scene, g = app.scenes.base, m.game
    space = g.most_expensive_space()
    assert g.brings_special(space) and Buy(space) in g.legal_actions()
    src = scene.wheel_geo.tile_rect(space).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 2)
    tip = scene.tooltip_at(src)
    assert t("table.drag.fits_nowhere") not in tip and t("table.drag.fits", count=3) in tip
    cell = (0, 2)
    drag(app, src, scene.board_geo.cell_rect(*cell).center)
    assert m.game.actions()[-1] == Buy(space) and m.game.phase == SPECIAL
    decide_by_input(app, DeclineSpecial())
    run(app, 3)
    assert m.game.displays[0].tile_at(*cell) >= 0
    app.shutdown()


def test_while_a_bid_is_shown_the_table_names_the_bidder_then_the_next(tmp_path):
    """The engine passes the turn on with a bid; the top bar, the marked card and the panel
    name the bidder until her bid has landed, and then, together, the next bidder."""
    seats = [("Ann", "random", "purple"), ("Bo", "random", "teal"), ("Cy", "random", "orange")]
    app, m = start(tmp_path, seats=seats, seed=2, options=("auction",))
    try:
        shown = landed = 0
        for _ in range(3000):
            run(app, 1)
            sc = app.scenes.base
            if not isinstance(sc, AuctionScene) or m.game.phase != BID:
                continue
            lines = sc.panel.text(sc.visible())
            if m.pending and m.pending[0].type in ("bid", "bid_passed"):
                bidder = m.pending[0].player
                assert bidder != m.game.to_move
                assert sc.turn_player() == bidder
                assert m.seats[bidder].name in sc.turn_text()
                assert not any(m.seats[m.game.to_move].name in line for line in lines[2:])
                shown += 1
            elif not m.pending:
                nxt = m.seats[m.game.to_move].name
                assert sc.turn_player() == m.game.to_move and nxt in sc.turn_text()
                assert lines[-1] == t("table.auction.deciding", name=nxt)
                landed += 1
            if shown > 5 and landed > 5:
                break
        assert shown > 5 and landed > 5, (shown, landed)
    finally:
        app.shutdown()
