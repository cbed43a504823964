"""Offer preparation, the 0-space rule and its exception, paying, the wheel, turn order."""

import pytest
from helpers import first_turn, make_game, random_play, set_offer, tile, viking

from vikings.engine import PURCHASE, Buy, IllegalAction, PlaceStart, PlaceTile, PlaceViking


def test_offer_islands_from_0_ships_from_11_vikings_in_colour_order(rules):
    game = make_game(players=3, seed=5)
    # Replay the shuffle: the first stack is what the offer was laid from.
    g2 = make_game(players=3, seed=5)
    assert game.wheel_tile == g2.wheel_tile  # same seed, same offer
    wheel = game.wheel_tile
    islands = [t for t in wheel if not rules.tile_is_ship[t]]
    ships = [t for t in wheel if rules.tile_is_ship[t]]
    assert wheel[: len(islands)] == islands, "islands fill 0, 1, 2 ... without gaps"
    assert wheel[len(islands) :] == ships
    assert game.wheel_viking == sorted(game.wheel_viking), "Vikings lie in colour order from space 0"
    assert sum(game.bag) == rules.total_vikings - rules.wheel_spaces
    colour_order = [v.colour for v in rules.vikings]
    assert colour_order == ["blue", "yellow", "green", "red", "black", "grey"]


def test_offer_order_follows_the_stack(rules):
    game = make_game(players=2, seed=11)
    # The stack the round-1 offer came from is gone; rebuild it from a fresh game's shuffle.
    from vikings.engine.rng import Rng

    fresh = Rng(11)
    tiles = [t.index for t in rules.tiles if not t.start for _ in range(t.count)]
    fresh.shuffle(tiles)
    stack = tiles[:12]
    islands = [t for t in stack if not rules.tile_is_ship[t]]
    ships = [t for t in stack if rules.tile_is_ship[t]]
    assert game.wheel_tile[: len(islands)] == islands
    assert game.wheel_tile[::-1][: len(ships)] == ships, "first ship drawn on 11, the next on 10, ..."


def test_zero_group_needs_last_of_its_colour(rules):
    """The rulebook's example: the fisherman at 0 may be bought only after the fishermen at
    1 and 2 are gone (in either order)."""
    game = make_game()
    set_offer(
        game,
        {
            0: ("left_end", "fisherman"),
            1: ("right_end", "fisherman"),
            2: ("farm", "fisherman"),
            3: ("left_end", "goldsmith"),
            11: ("red_sail", "noble"),
        },
    )
    assert Buy(0) not in game.legal_actions()
    assert {Buy(1), Buy(2), Buy(3), Buy(11)} <= set(game.legal_actions())
    with pytest.raises(IllegalAction, match="last of its colour"):
        game.apply(Buy(0))
    game.wheel_tile[1] = game.wheel_viking[1] = -1
    game._legal = None
    assert Buy(0) not in game.legal_actions()
    game.wheel_tile[2] = game.wheel_viking[2] = -1
    game._legal = None
    assert Buy(0) in game.legal_actions()


def test_zero_group_exception_when_gold_cannot_pay(rules):
    game = make_game()
    set_offer(game, {0: ("left_end", "fisherman"), 4: ("right_end", "fisherman")})
    d = game.displays[0]
    d.gold, d.fame = 3, 10
    # 3 Gold cannot pay the 4-Gold group: the 0 group is allowed, and Fame may still pay.
    assert list(game.legal_actions()) == [Buy(0), Buy(4)]
    d.gold = 4
    game._legal = None
    assert list(game.legal_actions()) == [Buy(4)]
    d.gold, d.fame = 0, 0
    game._legal = None
    assert list(game.legal_actions()) == [Buy(0)], "with nothing to pay, the 0 group is the only way"


def test_fame_pays_only_the_shortfall_and_never_below_zero(rules):
    game = make_game()
    set_offer(
        game,
        {0: ("left_end", "fisherman"), 1: ("right_end", "fisherman"), 7: ("farm", "scout"), 9: ("village", "noble")},
    )
    d = game.displays[0]
    d.gold, d.fame = 5, 3
    assert game.fame_cost(7) == 2
    assert Buy(9) not in game.legal_actions(), "9 > 5 Gold + 3 Fame"
    assert "costs 9" in game.buy_blockers(9)
    events = game.apply(Buy(7))
    assert (d.gold, d.fame) == (0, 1)
    bought = [e for e in events if e.type == "bought"][0]
    assert (bought.data["gold"], bought.data["fame"]) == (5, 2)


def test_wheel_turns_after_the_zero_group_is_bought(rules):
    game = make_game()
    set_offer(game, {0: ("left_end", "goldsmith"), 3: ("right_end", "fisherman"), 5: ("farm", "scout")})
    events = game.apply(Buy(0))
    turned = [e for e in events if e.type == "wheel_turned"]
    assert turned and turned[0].data["steps"] == 3
    assert game.price(3) == 0 and game.price(5) == 2, "every remaining price drops by the same amount"


def test_wheel_does_not_turn_after_another_purchase(rules):
    game = make_game()
    set_offer(game, {0: ("left_end", "goldsmith"), 3: ("right_end", "fisherman"), 5: ("farm", "scout")})
    game.apply(Buy(5))
    assert game.offset == 0 and game.price(3) == 3


def test_turn_order_and_start_player_rotation(chooser):
    for players in (2, 3, 4):
        game = make_game(players=players, seed=3, start_player=1)
        game.quiet = True
        buyers = []
        rounds = []
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == PURCHASE:
                buyers.append(game.to_move)
                rounds.append((game.round, game.start_player))
            game.apply(legal[chooser.randrange(len(legal))])
        assert len(buyers) == 72
        for r in range(6):
            in_round = buyers[r * 12 : (r + 1) * 12]
            start = (1 + r) % players
            assert rounds[r * 12] == (r, start)
            assert in_round == [(start + i) % players for i in range(12)], "clockwise from the start player"
            assert all(in_round.count(p) == 12 // players for p in range(players))


def test_first_purchase_places_the_start_tile_in_either_order(rules):
    game = make_game(seed=2)
    set_offer(game, {0: ("farm", "scout"), 1: ("left_end", "scout")})
    game.displays[0].gold = 10
    game.apply(Buy(1))
    legal = game.legal_actions()
    assert PlaceStart(1) in legal and PlaceStart(5) in legal
    assert PlaceTile(3, 1) in legal, "a left end fits beside the mainland"
    game.apply(PlaceTile(3, 1))
    assert list(game.legal_actions()) == [PlaceStart(r) for r in (1, 2, 4, 5)]
    game.apply(PlaceStart(4))
    assert list(game.legal_actions()) == [PlaceViking(True), PlaceViking(False)], "a scout on a tile in the scout row"


def test_middle_tile_first_needs_the_start_tile_first(rules):
    game = make_game(seed=2)
    set_offer(game, {0: ("farm", "scout"), 1: ("church", "noble")})
    game.apply(Buy(1))
    # Nothing lies on the mainland yet, and a middle cannot touch the sea edge.
    assert list(game.legal_actions()) == [PlaceStart(r) for r in (1, 2, 3, 4, 5)]
    game.apply(PlaceStart(2))
    assert list(game.legal_actions()) == [PlaceTile(2, 2)]
    game.apply(PlaceTile(2, 2))
    assert list(game.legal_actions()) == [PlaceViking(True), PlaceViking(False)]
    game.apply(PlaceViking(True))
    assert game.displays[0].occupied(2, 2)


def test_unplaceable_island_is_discarded_and_its_viking_pooled(rules):
    # With the start tile gone and nothing placed, every free cell is in column 1, beside
    # the mainland's sea edge, where a right end (land to the west) cannot go.
    game, d = first_turn({0: ("right_end", "goldsmith"), 4: ("farm", "scout")})
    events = game.apply(Buy(0))
    assert [e.type for e in events][-2:] == ["tile_discarded", "viking_to_pool"]
    assert d.pool[viking(rules, "goldsmith")] == 1
    assert game.removed_tiles[tile(rules, "right_end")] == 1
    assert game.phase == PURCHASE and game.to_move == 1


def test_ship_viking_and_boatswain_go_to_the_pool(rules):
    game, d = first_turn({0: ("left_end", "boatswain"), 11: ("red_sail", "warrior")})
    game.apply(Buy(11))
    game.apply(PlaceTile(0, 3))
    assert d.pool[viking(rules, "warrior")] == 1 and game.to_move == 1
    game.to_move = 0
    game.phase = PURCHASE
    game._legal = None
    game.apply(Buy(0))
    game.apply(PlaceTile(1, 1))
    assert d.pool[viking(rules, "boatswain")] == 1, "a boatswain never stands on a tile"


def test_viking_of_another_row_goes_to_the_pool(rules):
    game, d = first_turn({0: ("left_end", "noble"), 2: ("left_end", "scout")})
    game.apply(Buy(0))
    game.apply(PlaceTile(3, 1))  # the scout row, with a noble
    assert d.pool[viking(rules, "noble")] == 1 and not d.occupied(3, 1)


def test_illegal_and_malformed_actions_change_nothing(rules):
    from vikings.engine.serialize import state_to_dict

    game = make_game(seed=4)
    before = state_to_dict(game)
    for bad in (PlaceTile(1, 1), Buy(99), "buy 1", None, PlaceViking(True)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert state_to_dict(game) == before


def test_a_whole_game_for_each_player_count_ends_with_ranks(chooser):
    for players in (2, 3, 4):
        game = random_play(make_game(players=players, seed=players), chooser)
        assert game.is_over and game.legal_actions() == ()
        assert len(game.track) == 6, "Fame and Gold recorded after every round"
        kinds = [kind for _, kind, _ in game.scores]
        assert kinds == ["small", "large", "small", "large", "small", "large", "final"]
        best = max((d.fame, d.gold) for d in game.displays)
        assert [r == 1 for r in game.ranks] == [(d.fame, d.gold) == best for d in game.displays]
        with pytest.raises(IllegalAction, match="over"):
            game.apply(Buy(0))
