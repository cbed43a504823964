"""The advanced game's auction: bidding, the winner's removal, the colours placed from 11 down."""

import pytest
from helpers import make_advanced, set_drawn, viking
from hypothesis import given, settings
from hypothesis import strategies as st

from vikings.engine import (
    BID,
    COLOUR,
    PURCHASE,
    REMOVE,
    Bid,
    Buy,
    ChooseColour,
    GameConfig,
    IllegalAction,
    PassBid,
    RemoveViking,
    new_game,
)
from vikings.engine.invariants import check

AUCTION = {"auction"}


def test_the_start_player_opens_with_any_bid_up_to_gold_and_fame(rules):
    g = make_advanced(AUCTION, players=3, start_player=1)
    assert g.phase == BID and g.to_move == 1
    assert len(g.auction_vikings) == 13 and list(g.auction_vikings) == sorted(g.auction_vikings)
    assert all(t < 0 for t in g.wheel_tile), "the tiles are laid only after the auction"
    d = g.displays[1]
    assert (d.gold, d.fame) == (25, 10)
    assert g.legal_actions() == tuple(Bid(a) for a in range(36)), "0..Gold+Fame, and no pass for the opener"
    with pytest.raises(IllegalAction):
        g.apply(Bid(36))
    with pytest.raises(IllegalAction):
        g.apply(PassBid())
    assert check(g) == []


def test_raises_and_passes_go_clockwise_and_a_pass_is_final(rules):
    g = make_advanced(AUCTION, players=3, start_player=0)
    g.apply(Bid(0))
    assert g.to_move == 1 and g.legal_actions()[0] == Bid(1) and g.legal_actions()[-1] == PassBid()
    g.apply(Bid(2))
    g.apply(PassBid())  # C is out for good
    assert g.passed_bidders == (False, False, True)
    assert g.to_move == 0 and (g.high_bid, g.high_bidder) == (2, 1)
    g.apply(Bid(3))
    assert g.to_move == 1, "C, who passed, is skipped"
    g.apply(Bid(4))
    assert g.to_move == 0
    events = g.apply(PassBid())
    won = [e for e in events if e.type == "auction_won"]
    assert won and won[0].player == 1 and won[0].data["amount"] == 4
    assert g.start_player == 1 and g.to_move == 1 and g.phase == REMOVE
    assert g.displays[1].gold == 25 - 4 and g.displays[0].gold == 25 and g.displays[2].gold == 25


def test_if_nobody_raises_the_start_player_wins_at_her_opening_bid(rules):
    g = make_advanced(AUCTION, players=3, start_player=2)
    g.apply(Bid(5))
    g.apply(PassBid())
    events = g.apply(PassBid())
    assert [e.type for e in events][:3] == ["bid_passed", "auction_won", "start_player"]
    assert events[1].player == 2 and events[1].data == {"amount": 5, "gold": 5, "fame": 0}
    assert g.start_player == 2 and g.displays[2].gold == 20
    assert g.phase == REMOVE and g.to_move == 2


def test_a_bid_beyond_gold_is_paid_with_fame_for_the_shortfall_only(rules):
    g = make_advanced(AUCTION, players=2, start_player=0)
    d = g.displays[0]
    d.gold, d.fame = 3, 10
    g._legal = None
    assert g.legal_actions()[-1] == Bid(13)
    g.apply(Bid(8))
    events = g.apply(PassBid())
    assert [e.data for e in events if e.type == "auction_won"] == [{"amount": 8, "gold": 3, "fame": 5}]
    assert (d.gold, d.fame) == (0, 5)


def test_a_player_who_cannot_raise_passes_without_being_asked(rules):
    g = make_advanced(AUCTION, players=3, start_player=0)
    g.displays[1].gold, g.displays[1].fame = 4, 2  # can bid at most 6
    events = g.apply(Bid(6))
    assert [(e.type, e.player, e.data) for e in events if e.type == "bid_passed"] == [
        ("bid_passed", 1, {"forced": True})
    ]
    assert g.to_move == 2 and g.phase == BID


def test_the_winner_removes_a_viking_then_the_tiles_are_laid_as_usual(rules):
    g = make_advanced(AUCTION, players=2, start_player=0)
    set_drawn(
        g, ["fisherman"] * 3 + ["goldsmith"] * 2 + ["scout", "noble", "noble"] + ["warrior"] * 2 + ["boatswain"] * 3
    )
    stack = g.stacks[0]
    g.apply(Bid(0))
    g.apply(PassBid())
    assert g.phase == REMOVE and g.to_move == 0
    kinds = [viking(rules, k) for k in ("fisherman", "goldsmith", "scout", "noble", "warrior", "boatswain")]
    assert g.legal_actions() == tuple(RemoveViking(k) for k in kinds)
    b = rules.boatswain
    removed = g.removed_vikings[b]
    events = g.apply(RemoveViking(b))
    assert g.removed_vikings[b] == removed + 1
    assert g.auction_vikings.count(b) == 2 and len(g.auction_vikings) == 12
    assert "tiles_laid" in [e.type for e in events]
    ships = [t for t in stack if rules.tile_is_ship[t]]
    islands = [t for t in stack if not rules.tile_is_ship[t]]
    assert g.wheel_tile[: len(islands)] == islands
    assert g.wheel_tile[12 - len(ships) :] == ships[::-1], "ships from 11 down in the order drawn"
    assert g.phase == COLOUR and g.to_move == 0
    assert check(g) == []


def test_colours_go_from_11_down_chosen_clockwise_from_the_winner(rules):
    g = make_advanced(AUCTION, players=3, start_player=0)
    set_drawn(g, ["fisherman"] * 3 + ["goldsmith"] * 2 + ["noble"] * 4 + ["boatswain"] * 4)
    g.apply(Bid(1))
    g.apply(Bid(2))  # B
    g.apply(PassBid())  # C
    g.apply(PassBid())  # A: B wins
    assert g.start_player == 1
    f, gs, n, b = (viking(rules, k) for k in ("fisherman", "goldsmith", "noble", "boatswain"))
    g.apply(RemoveViking(b))
    assert g.phase == COLOUR and g.to_move == 1
    assert g.legal_actions() == (ChooseColour(f), ChooseColour(gs), ChooseColour(n), ChooseColour(b))
    g.apply(ChooseColour(gs))  # B: goldsmiths on 11, 10
    assert g.wheel_viking[10:] == [gs, gs] and g.to_move == 2
    g.apply(ChooseColour(b))  # C: three boatswains on 9, 8, 7
    assert g.wheel_viking[7:10] == [b, b, b] and g.to_move == 0
    events = g.apply(ChooseColour(n))  # A: nobles on 6..3; the fishermen go last unasked
    assert g.wheel_viking == [f, f, f, n, n, n, n, b, b, b, gs, gs]
    placed = [(e.player, e.data["viking"], e.data["spaces"]) for e in events if e.type == "colour_placed"]
    assert placed == [(0, n, [6, 5, 4, 3]), (1, f, [2, 1, 0])]
    offer = [e for e in events if e.type == "offer"]
    assert offer and offer[0].data["vikings"] == g.wheel_viking
    # The winner buys first.
    assert g.phase == PURCHASE and g.to_move == 1 and g.offset == 0
    assert check(g) == []


def test_after_scoring_the_ship_passes_to_the_left_of_the_auction_winner(rules, chooser):
    g = make_advanced(AUCTION, players=3, start_player=0)
    g.apply(Bid(0))
    g.apply(Bid(1))
    g.apply(PassBid())
    g.apply(PassBid())
    assert g.start_player == 1, "the winner is start player for her round"
    while g.phase != PURCHASE:
        g.apply(g.legal_actions()[0])
    events = []
    while g.round == 0:
        legal = g.legal_actions()
        events += g.apply(legal[chooser.randrange(len(legal))])
    assert g.phase == BID and g.round == 1
    assert g.start_player == 2 and g.to_move == 2, "the player left of the last winner opens"
    types = [e.type for e in events]
    ship = types.index("start_player")
    assert types.index("scoring") < ship < types.index("auction"), "the ship passes after the scoring"
    assert events[ship].player == 2


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_each_round_is_opened_left_of_the_previous_rounds_winner(rules, chooser, seed):
    """A seeded 3-player game with every advanced rule: rounds 2-6 are opened by the player
    to the left of the previous round's auction winner."""
    g = make_advanced(players=3, seed=seed, start_player=seed % 3)
    openers, winners = {}, {}
    while not g.is_over:
        if g.phase == BID and g.high_bid < 0 and not any(g.passed_bidders):
            openers[g.round] = g.to_move
        legal = g.legal_actions()
        for e in g.apply(legal[chooser.randrange(len(legal))]):
            if e.type == "auction_won":
                winners[g.round] = e.player
    assert sorted(openers) == sorted(winners) == list(range(6))
    assert openers[0] == seed % 3
    for rnd in range(1, 6):
        assert openers[rnd] == (winners[rnd - 1] + 1) % 3, f"round {rnd + 1}"


def test_a_round_where_everybody_passes_goes_to_its_opener_for_nothing(rules, chooser):
    g = make_advanced(AUCTION, players=3, start_player=1)
    while g.round == 0:  # round 1 played out at random
        legal = g.legal_actions()
        g.apply(legal[chooser.randrange(len(legal))])
    opener = g.to_move
    assert g.phase == BID and opener == (g.start_player) and g.high_bid < 0
    before = [(d.gold, d.fame) for d in g.displays]
    events = g.apply(Bid(0))
    while g.phase == BID:  # the others pass (one who cannot raise is passed by the engine)
        assert g.to_move != opener
        events += g.apply(PassBid())
    won = next(e for e in events if e.type == "auction_won")
    assert won.player == opener and won.data == {"amount": 0, "gold": 0, "fame": 0}
    assert [(d.gold, d.fame) for d in g.displays] == before
    assert g.start_player == opener


def test_games_under_the_first_reading_keep_their_rule(rules, chooser):
    """Rules version 1 (saves from before the correction): the winner keeps the ship and
    opens the next auction; no start_player event follows a scoring."""
    g = new_game(
        GameConfig(("A", "B", "C"), seed=4, start_player=0, options=frozenset(AUCTION), rules_version=1), rules
    )
    winners, openers, after_scoring = {}, {}, []
    while g.round < 3:
        if g.phase == BID and g.high_bid < 0 and not any(g.passed_bidders):
            openers[g.round] = g.to_move
        legal = g.legal_actions()
        types = [e.type for e in g.apply(legal[chooser.randrange(len(legal))])]
        if "scoring" in types:
            after_scoring += types[types.index("scoring") :]
        if "auction_won" in types:
            winners[g.round] = g.start_player
    assert [openers[r] for r in (1, 2)] == [winners[0], winners[1]]
    assert after_scoring and "start_player" not in after_scoring


def test_an_unknown_rules_version_is_refused(rules):
    with pytest.raises(ValueError, match="rules version"):
        new_game(GameConfig(("A", "B"), options=frozenset(AUCTION), rules_version=3), rules)


def test_the_whole_bag_is_used_in_six_auctions(rules, chooser):
    g = make_advanced(AUCTION, players=2, seed=5)
    rounds = set()
    while not g.is_over:
        if g.phase == BID and g.high_bid < 0:
            rounds.add(g.round)
            assert len(g.auction_vikings) == 13
        legal = g.legal_actions()
        g.apply(legal[chooser.randrange(len(legal))])
        assert check(g) == []
    assert rounds == set(range(6))
    assert sum(g.bag) == 0 and sum(g.removed_vikings) >= 6


def test_action_text_forms(rules):
    from vikings.engine import parse_action

    for text, action in (
        ("bid 7", Bid(7)),
        ("pass", PassBid()),
        ("remove 5", RemoveViking(5)),
        ("colour 2", ChooseColour(2)),
    ):
        assert parse_action(text) is action and str(action) == text
    assert Buy(3) is not Bid(3)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(0, 3), st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
def test_property_bidding_follows_the_rules_whatever_is_bid(players, start, picks):
    g = make_advanced(AUCTION, players=players, seed=start + 7, start_player=start % players)
    before = [(d.gold, d.fame) for d in g.displays]
    out, high, bidder = set(), -1, -1
    for pick in picks:
        if g.phase != BID:
            break
        p = g.to_move
        assert p not in out, "a player who passed is never asked again"
        legal = g.legal_actions()
        assert all(a.amount > high for a in legal if isinstance(a, Bid))
        assert max(a.amount for a in legal if isinstance(a, Bid)) == sum(before[p])
        action = legal[pick % len(legal)]
        events = g.apply(action)
        out |= {e.player for e in events if e.type == "bid_passed"}
        if isinstance(action, Bid):
            high, bidder = action.amount, p
    while g.phase == BID:  # the rest pass
        out.add(g.to_move)
        g.apply(PassBid())
    assert g.start_player == bidder and len(out) == players - 1 and bidder not in out
    d = g.displays[bidder]
    assert before[bidder][0] + before[bidder][1] - (d.gold + d.fame) == high
    assert d.gold == max(0, before[bidder][0] - high)
    assert all((x.gold, x.fame) == before[i] for i, x in enumerate(g.displays) if i != bidder)
