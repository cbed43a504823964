"""Boatswains in large scorings, after the rulebook's example, and the round-6 obligation."""

import pytest
from helpers import fill_row, make_game, start_scoring, viking

from vikings.engine import BOATSWAIN, BOATSWAIN_MOVE, FinishBoatswains, IllegalAction, MoveViking, UseBoatswain


def example_display(game, boatswains=2):
    """The rulebook's example pool: 3 fishermen, 1 goldsmith, 2 scouts, with room for them."""
    rules = game.rules
    d = game.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 5, 4)  # 4 empty fisherman tiles
    fill_row(d, rules, 4, 1)  # 1 empty goldsmith tile
    fill_row(d, rules, 3, 3)  # 3 empty scout tiles
    for kind, n in (("fisherman", 3), ("goldsmith", 1), ("scout", 2), ("boatswain", boatswains)):
        d.pool[viking(rules, kind)] = n
    return d


def test_the_rulebooks_boatswain_example(rules):
    game = make_game(seed=1, start_player=0)
    d = example_display(game)
    start_scoring(game, 1)
    assert game.phase == BOATSWAIN and game.to_move == 0
    f, g, s = (viking(rules, k) for k in ("fisherman", "goldsmith", "scout"))
    assert set(game.legal_actions()) == {
        UseBoatswain("all", f),
        UseBoatswain("all", g),
        UseBoatswain("all", s),
        UseBoatswain("each"),
        FinishBoatswains(),
    }
    events = game.apply(UseBoatswain("each"))
    used = [e for e in events if e.type == "boatswain_used"][0]
    assert used.data["vikings"] == [f, g, s], "one fisherman, one goldsmith and one scout"
    # The goldsmith has one tile to go to; the fisherman has a choice of four.
    assert game.phase == BOATSWAIN_MOVE
    assert list(game.legal_actions()) == [MoveViking(5, c) for c in (1, 2, 3, 4)]
    game.apply(MoveViking(5, 3))
    assert d.occupied(4, 1), "the goldsmith went to the only free goldsmith tile"
    assert list(game.legal_actions()) == [MoveViking(3, c) for c in (1, 2, 3)]
    game.apply(MoveViking(3, 2))
    assert (d.pool[f], d.pool[g], d.pool[s]) == (2, 0, 1)
    assert d.pool[rules.boatswain] == 1 and game.removed_vikings[rules.boatswain] == 1, "a used boatswain leaves"
    # Second boatswain: all (both) remaining fishermen.
    assert game.phase == BOATSWAIN
    game.apply(UseBoatswain("all", f))
    game.apply(MoveViking(5, 1))
    assert game.phase == BOATSWAIN_MOVE and list(game.legal_actions()) == [MoveViking(5, 2), MoveViking(5, 4)]
    game.apply(MoveViking(5, 4))
    assert d.pool[f] == 0
    # The scout could still move, but the boatswains are used up: player 0 has scored.
    assert game.to_move != 0 or game.phase != BOATSWAIN


def test_all_of_one_colour_moves_as_many_as_there_are_free_tiles(rules):
    game = make_game(seed=1, start_player=0)
    d = example_display(game, boatswains=1)
    s = viking(rules, "scout")
    d.pool[s] = 5  # 5 scouts, 3 free scout tiles: all three tiles fill without a choice
    start_scoring(game, 1)
    game.apply(UseBoatswain("all", s))
    assert d.pool[s] == 2 and all(d.occupied(3, c) for c in (1, 2, 3))


def test_boatswains_are_optional_before_the_last_round(rules):
    game = make_game(seed=1, start_player=0)
    d = example_display(game)
    start_scoring(game, 3)
    events = game.apply(FinishBoatswains())
    assert d.pool[rules.boatswain] == 2
    assert any(e.type == "scoring" and e.player == 0 for e in events)


def test_round_six_forces_the_most_vikings_moved(rules):
    game = make_game(seed=1, start_player=0)
    d = example_display(game, boatswains=2)
    d.pool[viking(rules, "scout")] = 1
    start_scoring(game, 5)
    f, g, s = (viking(rules, k) for k in ("fisherman", "goldsmith", "scout"))
    # Two boatswains can move 5 (all 3 fishermen + one each of goldsmith and scout, in either
    # order); starting with the lone goldsmith or scout would leave only 4.
    assert set(game.legal_actions()) == {UseBoatswain("all", f), UseBoatswain("each")}
    with pytest.raises(IllegalAction):
        game.apply(FinishBoatswains())
    game.apply(UseBoatswain("each"))
    while game.phase == BOATSWAIN_MOVE and game.to_move == 0:
        game.apply(game.legal_actions()[0])
    assert list(game.legal_actions()) == [UseBoatswain("all", f)], "the fishermen must follow"


def test_round_six_leaves_unneeded_boatswains_in_the_pool(rules):
    game = make_game(seed=1, start_player=0)
    d = game.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 2, 2)
    d.pool[viking(rules, "noble")] = 1
    d.pool[rules.boatswain] = 3
    start_scoring(game, 5)
    game.apply(UseBoatswain("all", viking(rules, "noble")))
    game.apply(MoveViking(2, 2))
    assert d.pool[rules.boatswain] == 2, "nothing left to move: the other two stay for the majority"
    assert game.is_over or game.to_move != 0


def test_no_boatswain_phase_without_anything_to_move(rules):
    game = make_game(seed=1, start_player=0)
    d = game.displays[0]
    d.pool[rules.boatswain] = 2
    d.pool[viking(rules, "noble")] = 1  # but no noble tile
    events = start_scoring(game, 1)
    assert game.phase != BOATSWAIN and any(e.type == "scoring" and e.player == 0 for e in events)
