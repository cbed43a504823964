"""The single_boatswain option: each boatswain moves one Viking; round 6 still moves the most."""

import itertools

import pytest
from helpers import fill_row, give_special, make_advanced, start_scoring, viking
from hypothesis import given, settings
from hypothesis import strategies as st

from vikings.engine import BOATSWAIN, BOATSWAIN_MOVE, FinishBoatswains, IllegalAction, MoveViking, UseBoatswain
from vikings.engine.advanced import _most_single

SINGLE = {"single_boatswain"}


def pool_display(g, fishermen=3, scouts=1, boatswains=2, fish_tiles=4, scout_tiles=1):
    rules = g.rules
    d = g.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 5, fish_tiles)
    fill_row(d, rules, 3, scout_tiles)
    d.pool[viking(rules, "fisherman")] = fishermen
    d.pool[viking(rules, "scout")] = scouts
    d.pool[rules.boatswain] = boatswains
    return d


def test_a_boatswain_moves_exactly_one_viking_of_a_chosen_kind(rules):
    g = make_advanced(SINGLE)
    d = pool_display(g)
    f, s = viking(rules, "fisherman"), viking(rules, "scout")
    start_scoring(g, 1)
    assert g.phase == BOATSWAIN
    assert g.legal_actions() == (UseBoatswain("one", f), UseBoatswain("one", s), FinishBoatswains())
    with pytest.raises(IllegalAction):
        g.apply(UseBoatswain("all", f))
    events = g.apply(UseBoatswain("one", f))
    assert [e.data for e in events if e.type == "boatswain_used"] == [{"mode": "one", "kind": f, "vikings": [f]}]
    assert g.phase == BOATSWAIN_MOVE and g.legal_actions() == tuple(MoveViking(5, c) for c in (1, 2, 3, 4))
    g.apply(MoveViking(5, 3))
    assert d.pool[f] == 2 and d.occupied(5, 3) and d.pool[rules.boatswain] == 1
    assert g.phase == BOATSWAIN and g.to_move == 0, "one boatswain left to use"


def test_round_six_moves_as_many_as_possible_and_offers_no_finish(rules):
    g = make_advanced(SINGLE)
    d = pool_display(g, fishermen=3, scouts=1, boatswains=2)
    f, s = viking(rules, "fisherman"), viking(rules, "scout")
    start_scoring(g, 5)
    assert g.legal_actions() == (UseBoatswain("one", f), UseBoatswain("one", s))
    g.apply(UseBoatswain("one", s))
    assert d.occupied(3, 1), "the only scout tile: placed without asking"
    assert g.legal_actions() == (UseBoatswain("one", f),)
    with pytest.raises(IllegalAction):
        g.apply(FinishBoatswains())


def test_round_six_with_a_boat_tile_keeps_only_the_best_routes(rules):
    g = make_advanced({"single_boatswain", "special_tiles"})
    pool_display(g, fishermen=3, scouts=1, boatswains=2)
    give_special(g, 0, "boat")
    f, s = viking(rules, "fisherman"), viking(rules, "scout")
    start_scoring(g, 5)
    # The most: the tile's boatswain moves all 3 fishermen, the other the scout (4).
    # One fisherman first, or one of each, would leave at most 3.
    assert set(g.legal_actions()) == {UseBoatswain("all", f), UseBoatswain("one", s)}


def brute_force(boatswains, boats, counts):
    """The most Vikings moved, trying every sequence of moves."""
    if boatswains == 0 or not any(counts):
        return 0
    best = 0
    for i, c in enumerate(counts):
        if c:
            best = max(best, 1 + brute_force(boatswains - 1, boats, counts[:i] + (c - 1,) + counts[i + 1 :]))
            if boats:
                best = max(best, c + brute_force(boatswains - 1, boats - 1, counts[:i] + (0,) + counts[i + 1 :]))
    if boats and any(counts):
        best = max(
            best,
            sum(1 for c in counts if c) + brute_force(boatswains - 1, boats - 1, tuple(max(0, c - 1) for c in counts)),
        )
    return best


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 4), st.integers(0, 3), st.lists(st.integers(0, 4), min_size=1, max_size=5))
def test_most_single_matches_a_brute_force_search(boatswains, boats, counts):
    multiset = tuple(sorted(c for c in counts if c))
    assert _most_single(boatswains, boats, multiset) == brute_force(boatswains, boats, tuple(counts))


@pytest.mark.parametrize("boatswains, boats", list(itertools.product((1, 2, 3), (0, 1, 2))))
def test_round_six_options_all_reach_the_most(rules, boatswains, boats):
    """Whatever option a player picks in round 6, she can still reach the most Vikings moved."""
    g = make_advanced({"single_boatswain", "special_tiles"})
    d = pool_display(g, fishermen=3, scouts=2, boatswains=boatswains, fish_tiles=3, scout_tiles=2)
    for _ in range(boats):
        give_special(g, 0, "boat")
    counts = (3, 2)
    best = brute_force(boatswains, boats, counts)
    start_scoring(g, 5)
    before = d.pool[:]
    for pick in range(len(g.legal_actions())):
        c = g.copy()
        cd = c.displays[0]
        c.apply(c.legal_actions()[pick])
        while not c.is_over and c.to_move == 0 and c.phase in (BOATSWAIN, BOATSWAIN_MOVE):
            c.apply(c.legal_actions()[0])
        moved = sum(before[k] - cd.pool[k] for k in (viking(rules, "fisherman"), viking(rules, "scout")))
        assert moved == best
