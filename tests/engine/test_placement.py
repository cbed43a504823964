"""Tile placement: ships' columns, island edges, the mainland edge, touching; with
hypothesis properties against a plain re-statement of the rules."""

import random

from helpers import make_game, tile
from hypothesis import given, settings
from hypothesis import strategies as st

from vikings.engine import PLACE, PlaceTile
from vikings.engine.components import SEA
from vikings.engine.display import Display, island_cells, ship_columns


def test_first_three_ships_anywhere_in_columns_1_to_3_then_next_to_them(rules):
    d = Display(rules)
    red = tile(rules, "red_sail")
    assert ship_columns(d, rules) == [1, 2, 3]
    d.put(0, 3, red)
    assert ship_columns(d, rules) == [1, 2], "column 4 waits until 1-3 are full"
    d.put(0, 1, red)
    assert ship_columns(d, rules) == [2]
    d.put(0, 2, red)
    assert ship_columns(d, rules) == [4]
    d.put(0, 4, red)
    assert ship_columns(d, rules) == [5]


def test_island_edges_and_the_mainland(rules):
    d = Display(rules)
    left, farm, right = (tile(rules, t) for t in ("left_end", "farm", "right_end"))
    # Beside the mainland (sea) only a tile with a sea west edge fits.
    assert island_cells(d, left, rules) == [(r, 1) for r in range(1, 6)]
    assert island_cells(d, farm, rules) == []
    assert island_cells(d, right, rules) == []
    d.put(2, 1, left)
    # East of a left end: land.
    assert (2, 2) in island_cells(d, farm, rules) and (2, 2) in island_cells(d, right, rules)
    assert (2, 2) not in island_cells(d, left, rules), "sea never meets land"
    assert (1, 2) not in island_cells(d, farm, rules), "diagonal contact does not count"
    d.put(2, 2, farm)
    # Above and below the farm: no west neighbour, so touching from above/below is enough
    # and the vertical neighbour imposes no edge.
    assert {(1, 2), (3, 2)} <= set(island_cells(d, farm, rules))
    assert {(1, 2), (3, 2)} <= set(island_cells(d, left, rules))
    d.put(2, 2, right)
    assert (2, 3) in island_cells(d, left, rules), "a new island may start right after a completed one"
    assert (2, 3) not in island_cells(d, farm, rules)


def test_gap_then_fill_must_match_both_sides(rules):
    d = Display(rules)
    left, farm, right = (tile(rules, t) for t in ("left_end", "farm", "right_end"))
    d.put(1, 1, left)
    d.put(1, 2, farm)
    d.put(1, 3, farm)
    d.put(2, 3, right)  # touches (1, 3) from below; nothing west of it yet
    cells = island_cells(d, farm, rules)
    assert (2, 2) in cells, "land on both sides"
    assert (2, 2) not in island_cells(d, right, rules), "its sea east edge would meet the right end's land"
    assert (2, 2) in island_cells(d, left, rules), "its west side is empty, so only its land east edge counts"


def reference_cells(d: Display, t: int, rules) -> set:
    """The placement rule written out cell by cell, independently of the engine's loop."""
    width = max(len(d.rows[r]) for r in range(1, 6)) + 2
    out = set()
    for r in range(1, 6):
        for c in range(1, width + 1):
            if d.tile_at(r, c) >= 0:
                continue
            neighbours = [d.tile_at(r, c - 1) if c > 1 else -1, d.tile_at(r, c + 1)]
            neighbours += [d.tile_at(rr, c) for rr in (r - 1, r + 1) if 1 <= rr <= 5]
            if c != 1 and all(n < 0 for n in neighbours):
                continue
            west_edge = SEA if c == 1 else (rules.tile_east[d.tile_at(r, c - 1)] if d.tile_at(r, c - 1) >= 0 else None)
            if west_edge is not None and west_edge != rules.tile_west[t]:
                continue
            east = d.tile_at(r, c + 1)
            if east >= 0 and rules.tile_west[east] != rules.tile_east[t]:
                continue
            out.add((r, c))
    return out


def edges_match(d: Display, rules) -> bool:
    for r in range(1, 6):
        row = d.rows[r]
        for i, v in enumerate(row):
            if v < 0:
                continue
            t = v >> 1
            west = SEA if i == 0 else (rules.tile_east[row[i - 1] >> 1] if row[i - 1] >= 0 else None)
            if west is not None and west != rules.tile_west[t]:
                return False
    return True


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]))
def test_legal_cells_are_exactly_the_rule_and_displays_stay_consistent(seed, players):
    game = make_game(players=players, seed=seed)
    game.quiet = True
    chooser = random.Random(seed)
    rules = game.rules
    while not game.is_over:
        if game.phase == PLACE and game.hand_tile >= 0 and not rules.tile_is_ship[game.hand_tile]:
            d = game.displays[game.to_move]
            cells = {(a.row, a.col) for a in game.legal_actions() if isinstance(a, PlaceTile)}
            assert cells == reference_cells(d, game.hand_tile, rules)
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    for d in game.displays:
        assert edges_match(d, rules)
        ships = [i + 1 for i, v in enumerate(d.rows[0]) if v >= 0]
        assert len(ships) <= 3 and set(ships) <= {1, 2, 3} or ships == list(range(1, len(ships) + 1))
        for r in range(1, 6):
            # Every Viking on an island stands in its own kind's row (one bit per tile).
            assert all(v < 0 or not rules.tile_is_ship[v >> 1] for v in d.rows[r])
