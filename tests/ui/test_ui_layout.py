"""The table's layout at every window shape and size, and the direct moves on it: dragging
a group from the wheel onto the display (posted mouse events), the hover information,
the last-move marks and the log's highlight."""

from __future__ import annotations

import time

import pygame
import pytest
from test_ui_table import island_group, lay_bought_tile, start, wait_for_person
from ui_helpers import make_app, run  # noqa: F401  (sets the dummy drivers first)

from vikings.engine.actions import Buy, PlaceStart, PlaceTile, PlaceViking
from vikings.engine.state import PURCHASE
from vikings.ui.drawing.displays import display_geometry
from vikings.ui.drawing.layout import BOARD_COLS, BOARD_LABEL, Layout, empty_area
from vikings.ui.drawing.specials import STRIP_H
from vikings.ui.drawing.theme import GOLD, Look
from vikings.ui.drawing.view import Visible
from vikings.ui.table.drag import cells_after_buy, places_after_buy
from vikings.ui.table.match import Match

SHAPES = {
    "16:9": [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)],
    "16:10": [(1280, 800), (1680, 1050), (1920, 1200), (2560, 1600), (3456, 2160)],
    "4:3": [(1280, 960), (1600, 1200), (2048, 1536), (2880, 2160)],
}
SIZES = [(shape, size) for shape, sizes in SHAPES.items() for size in sizes]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("layout"), title_scene=False)
    seats = [
        ("Ann", "person", "purple"),
        ("Bo", "beginner", "orange"),
        ("Cy", "beginner", "teal"),
        ("Di", "beginner", "pink"),
    ]
    m = Match.new(seats, app.rules, seed=8)
    yield app, m
    app.shutdown()


@pytest.mark.parametrize("n,strip", [(2, 0), (4, 0), (4, STRIP_H)])
@pytest.mark.parametrize("shape,size", SIZES)
def test_the_layout_shares_the_window_out(table, shape, size, n, strip):
    """Nothing overlaps or leaves the window; the wheel and the large display take at
    least half of it; at most 15% of the window is one empty rectangle; the display's 7
    columns fit in its area."""
    app, m = table
    app.look = Look(size)  # only the maths: the window stays as it is
    L = Layout(app.look, n, app.sprites.aspect("board", "mainland"), app.rules.island_rows + 1, strip)
    window = pygame.Rect((0, 0), size)
    # The large display as drawn with BOARD_COLS columns, below its caption.
    pv = Visible(m.game, m.pending).players[0]
    label = app.look.px(BOARD_LABEL)
    body = pygame.Rect(L.board.x, L.board.y + label, L.board.w, L.board.h - label)
    g = display_geometry(app, pv, body, extra_cells=[(1, BOARD_COLS - 1)])
    assert g.cols == BOARD_COLS
    drawn = pygame.Rect(L.board.x, L.board.y, g.x0 + g.cols * g.t - L.board.x, label + (g.rows + 1) * g.t)
    assert L.board.contains(drawn)
    boxes = L.regions()
    for i, a in enumerate(boxes):
        assert window.contains(a) and a.w > 0 and a.h > 0, (i, a)
        assert not any(a.colliderect(b) for b in boxes[i + 1 :]), (i, a)
    area = size[0] * size[1]
    assert L.wheel.w * L.wheel.h + L.board.w * L.board.h >= 0.5 * area
    hole = empty_area(window, L.regions(drawn))
    assert hole.w * hole.h <= 0.15 * area, hole
    # The room left is usable: a decision panel at least 420 design pixels wide.
    assert L.decision.w >= app.look.px(420) and L.decision.h >= app.look.px(200)
    # The special tiles' strip has a row of its own (tall) or the log's top (wide): wide
    # enough for its four tiles and their names either way.
    strip_w = L.strip.w if L.strip is not None else L.log.w
    assert not strip or strip_w >= app.look.px(480)
    if size == (1920, 1080):
        assert round(L.wheel.w * 0.122) >= 72  # a group on the wheel (WheelGeometry.tile)
        assert g.t >= 96


def test_empty_area_finds_the_largest_free_rectangle():
    window = pygame.Rect(0, 0, 100, 100)
    assert empty_area(window, []) == window
    assert empty_area(window, [pygame.Rect(0, 0, 100, 100)]).w == 0
    # An L of regions leaves the 60x70 block at the bottom right.
    hole = empty_area(window, [pygame.Rect(0, 0, 100, 30), pygame.Rect(0, 30, 40, 70)])
    assert hole == pygame.Rect(40, 30, 60, 70)
    # Two free strips: the larger wins, and a small region splits nothing it does not touch.
    hole = empty_area(window, [pygame.Rect(0, 0, 100, 10), pygame.Rect(0, 50, 100, 10), pygame.Rect(0, 95, 5, 5)])
    assert hole == pygame.Rect(0, 10, 100, 40)


# Direct moves ---------------------------------------------------------------------------------
def drag(app, src, dst, steps: int = 4) -> None:
    """Press at src, move to dst in a few motions, release there (posted events)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=src))
    run(app, 1)
    for i in range(1, steps + 1):
        p = (src[0] + (dst[0] - src[0]) * i // steps, src[1] + (dst[1] - src[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        run(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=dst))
    run(app, 2)


def a_buy_with_places(game, fame=False):
    """A legal group (costing no Fame unless asked) whose tile has a legal cell."""
    for a in game.legal_actions():
        if isinstance(a, Buy) and bool(game.fame_cost(a.space)) == fame:
            cells = cells_after_buy(game, a.space)
            if cells:
                return a.space, cells
    raise AssertionError("no such group")


def test_dragging_a_group_onto_a_lit_cell_buys_it_and_lays_the_tile_there(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene = app.scenes.base
    g = m.game
    before = g.copy()
    space, cells = a_buy_with_places(g)
    tile = g.wheel_tile[space]
    cell = cells[-1]
    src = scene.wheel_geo.tile_rect(space).center
    dst = scene.board_geo.cell_rect(*cell).center
    # Halfway: the legal cells are lit (the engine's places after the purchase).
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=src))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dst, rel=(5, 5), buttons=(1, 0, 0)))
    run(app, 2)
    assert scene.drag.active and scene.drag.cells == cells
    assert set(scene.board_options(scene.visible(), 0)["highlight"]) == set(cells)
    assert not m.game.actions()  # nothing bought while dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=dst))
    run(app, 3)
    acts = m.game.actions()
    plan = list(places_after_buy(before, space)[cell])  # (the start tile first, where the cell needs it)
    assert acts[: 1 + len(plan)] == [Buy(space)] + plan and plan[-1] == PlaceTile(*cell)
    assert m.game.displays[0].tile_at(*cell) == tile
    assert not scene.drag.active and scene.error is None


def settle_back(app, scene) -> None:
    """Frames (of real time: the flight lasts 0.3 s) until the dropped tile is back."""
    for _ in range(500):
        if scene.returning is None and not scene.fx.active:
            return
        run(app, 1)
        time.sleep(0.003)


def test_an_illegal_drop_snaps_back_with_the_reason(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    app.settings.animation = "normal"  # (so the flight back can be seen)
    scene = app.scenes.base
    g = m.game
    space, cells = a_buy_with_places(g)
    free = [
        (r, c)
        for r in range(1, g.rules.island_rows + 1)
        for c in range(3, 6)
        if (r, c) not in cells and g.displays[0].tile_at(r, c) < 0
    ]
    bad = free[0]
    before = g.copy()
    drag(app, scene.wheel_geo.tile_rect(space).center, scene.board_geo.cell_rect(*bad).center)
    assert m.game == before and not m.game.actions()  # nothing happened in the game
    assert scene.error and "must touch the mainland" in scene.error
    assert scene.returning == space and scene.fx.active  # the tile flies back to its space
    settle_back(app, scene)
    assert scene.returning is None
    # Dropped outside the display: back as well, with a hint; then a click still works.
    drag(app, scene.wheel_geo.tile_rect(space).center, scene.layout.log.center)
    assert not m.game.actions() and "lit cell" in scene.error
    settle_back(app, scene)
    # Esc during a drag lets go of the tile (and does not leave the table).
    pos = scene.wheel_geo.tile_rect(space).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.board.center, rel=(9, 9), buttons=(1, 0, 0))
    )
    run(app, 2)
    assert scene.drag.active
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    run(app, 2)
    assert not scene.drag.active and scene.returning == space and app.scenes.base is scene
    settle_back(app, scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=scene.layout.board.center))
    run(app, 2)
    assert not m.game.actions()
    # A press and release without moving is still a click: the group is chosen.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    run(app, 2)
    assert scene.selected == space


def test_hovering_a_group_tells_its_price_its_fame_and_where_it_fits(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene = app.scenes.base
    g = m.game
    space, cells = a_buy_with_places(g)
    pos = scene.wheel_geo.tile_rect(space).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 2)
    tip = scene.tooltip
    assert f"price {g.price(space)}" in tip and f"Pay {g.price(space)} Gold." in tip
    assert f"Fits on {len(cells)} cell" in tip
    assert set(scene.board_options(scene.visible(), 0)["highlight"]) == set(cells)
    # A group that costs Fame says how much.
    fame = [a.space for a in g.legal_actions() if isinstance(a, Buy) and g.fame_cost(a.space)]
    if fame:
        s = fame[0]
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=scene.wheel_geo.tile_rect(s).center, rel=(0, 0), buttons=(0, 0, 0)
            )
        )
        run(app, 2)
        assert f"and {g.fame_cost(s)} Fame" in scene.tooltip


def test_opponents_last_moves_are_marked_until_the_person_moves(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene = app.scenes.base
    # Ann plays her turn by clicks; then the bot moves; back at Ann's turn its tile is marked.
    while m.game.to_move == 0:
        wait_for_person(app)
        a = m.game.legal_actions()[0]
        m_before = len(m.game.actions())
        scene = app.scenes.base
        scene.act(a)
        assert len(m.game.actions()) == m_before + 1
    wait_for_person(app)
    scene = app.scenes.base
    run(app, 1)
    placed = [e for e in m.shown_events() if e.type in ("tile_placed", "start_tile_placed") and e.player == 1]
    assert placed
    last = placed[-1]
    assert scene.marks[1][:2] == (last.data["row"], last.data["col"])
    # The log entry of that placement lights its cell (in gold) when hovered.
    idx = m.shown_events().index(last)
    [spot] = [r for r, i in scene.log_spots if i == idx]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot.center, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 2)
    assert scene.hover_log == idx and scene.marks[1] == (last.data["row"], last.data["col"], GOLD)
    # Ann moves: the bot's mark is gone.
    wait_for_person(app)
    assert m.game.phase == PURCHASE
    scene = app.scenes.base
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.wheel.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    scene.act(m.game.legal_actions()[0])
    run(app, 3)
    assert scene.hover_log is None and 1 not in scene.marks


def test_hovering_an_opponents_card_shows_her_display_at_half_scale_or_more(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene = app.scenes.base
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.cards[1].center, rel=(0, 0), buttons=(0, 0, 0))
    )
    run(app, 2)
    assert scene.hover_card == 1
    box, t = scene.zoom
    assert t * 2 >= scene.board_geo.t and box.colliderect(app.screen.get_rect())
    assert app.screen.get_rect().contains(box)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.wheel.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    run(app, 2)
    assert scene.hover_card is None and scene.zoom is None


def test_a_first_purchase_dropped_beside_the_start_tile_lays_the_start_tile_too(tmp_path):
    """A right end cannot lie anywhere before the start tile does: dropped in column 2, the
    start tile goes into that row first (the engine's PlaceStart), then the bought tile."""
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene, g = app.scenes.base, m.game
    found = [
        (s, cell, plan)
        for s in g.groups()
        if Buy(s) in g.legal_actions()
        for cell, plan in places_after_buy(g, s).items()
        if len(plan) == 2
    ]
    assert found, "no group needs the start tile first in this seed"
    space, cell, plan = found[0]
    assert isinstance(plan[0], PlaceStart) and plan[0].row == cell[0] and cell[1] == 2
    drag(app, scene.wheel_geo.tile_rect(space).center, scene.board_geo.cell_rect(*cell).center)
    assert m.game.actions()[:3] == [Buy(space), *plan]
    assert m.game.displays[0].tile_at(*cell) >= 0 and m.game.displays[0].tile_at(cell[0], 1) >= 0


def test_the_cards_figures_count_towards_their_values():
    from vikings.ui.table.motion import CountingFigures

    f = CountingFigures()
    assert f.show(0, (20, 10)) == (20, 10) and not f.update(1 / 60, 1.0)
    assert f.show(0, (12, 13)) == (20, 10) and f.moving  # the purchase lands: 8 Gold go
    seen = []
    for _ in range(120):
        f.update(1 / 60, 1.0)
        seen.append(f.show(0, (12, 13)))
    golds = [g for g, _ in seen]
    assert golds == sorted(golds, reverse=True) and len(set(golds)) > 4  # down step by step
    assert seen[-1] == (12, 13) and not f.update(1 / 60, 1.0)
    f.show(0, (30, 0))
    f.update(1 / 60, 0.0)  # instant: there at once
    assert f.show(0, (30, 0)) == (30, 0) and not f.moving


def test_empty_area_matches_a_brute_force_search():
    """The exact search on the regions' grid against every rectangle of a small window."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    W, H = 14, 10
    rect = st.builds(
        lambda x, y, w, h: pygame.Rect(x, y, w, h),
        st.integers(-2, W),
        st.integers(-2, H),
        st.integers(1, 8),
        st.integers(1, 6),
    )

    @settings(max_examples=60, deadline=None)
    @given(st.lists(rect, max_size=5))
    def check(regions):
        window = pygame.Rect(0, 0, W, H)
        covered = [[any(r.collidepoint(x, y) for r in regions) for x in range(W)] for y in range(H)]
        best = 0
        for y0 in range(H):
            for x0 in range(W):
                for y1 in range(y0 + 1, H + 1):
                    for x1 in range(x0 + 1, W + 1):
                        if (x1 - x0) * (y1 - y0) > best and not any(
                            covered[y][x] for y in range(y0, y1) for x in range(x0, x1)
                        ):
                            best = (x1 - x0) * (y1 - y0)
        hole = empty_area(window, regions)
        assert hole.w * hole.h == best
        assert window.contains(hole) or best == 0
        assert not any(hole.colliderect(r) for r in regions)

    check()


def test_a_bots_tile_flies_from_the_wheel_straight_to_its_cell(tmp_path):
    from test_ui_table import fast_settings

    from vikings.ui import flow
    from vikings.ui.scenes.purchase import PurchaseScene
    from vikings.ui.table.fx import Fly

    app = make_app(tmp_path, title_scene=False, settings=fast_settings(animation="fast"))
    m = Match.new(
        [("Ann", "person", "purple"), ("Bot", "beginner", "orange")],
        app.rules,
        seed=5,
        start_player=1,
        storage=app.storage,
    )
    flow.enter_game(app, m)
    checked, turned, seen = 0, 0, None
    for _ in range(6000):
        run(app, 1)
        sc = app.scenes.base
        e = getattr(sc, "in_flight", None)
        if isinstance(sc, PurchaseScene) and e is not None and e.type == "bought" and e is not seen:
            seen = e
            if e.player != 1:
                continue
            tile_e = next(f for f in m.pending if f.type == "tile_placed" and f.player == 1)  # placed already
            cell, _ = sc.motion.target(1, tile_e.data["row"], tile_e.data["col"])
            flights = [f for f in sc.fx.queue[0] if isinstance(f, Fly)]
            assert any(
                f.start == sc.wheel_geo.tile_rect(e.data["space"]).center and f.end == cell.center for f in flights
            )
            assert sc.shown_player == 1 and sc.acting_player() == 1  # her move, her display
            checked += 1
            turned += any(f.type == "wheel_turned" for f in m.pending)
            if turned:
                break
        if m.persons_turn() and not m.pending and not sc.fx.active and isinstance(sc, PurchaseScene):
            sc.act(m.game.legal_actions()[0])  # Ann plays along
    assert checked and turned, (checked, turned)


@pytest.mark.parametrize("on_tile", [True, False])
def test_the_bought_viking_is_dragged_onto_its_tile_or_into_the_pool(tmp_path, on_tile):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene, g = app.scenes.base, m.game
    space, cell = island_group(g)
    scene.select(space)
    scene.buy()
    lay_bought_tile(app, scene, cell)
    run(app, 2)
    hand = scene.panel.viking_rect
    assert hand is not None
    made = len(g.actions())
    dst = scene.board_geo.cell_rect(cell.row, cell.col).center if on_tile else scene.board_geo.pool_rect.center
    drag(app, hand.center, dst)
    assert g.actions()[made] == PlaceViking(on_tile)
    app.shutdown()
