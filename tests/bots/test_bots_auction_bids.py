"""Normal's auction bids checked against what a search would pay for the start.

The search's price for being start player (`auction.playout_price`): the round played
out by Normal for every player twice from the auction's opening, once won by the opener
for 0 and once by her rival for 1, the opener's value (`evaluate.value`) at the round's
end compared, and the difference turned into Gold at the current Gold rate. Normal's limit (`auction.max_bid`)
comes from a quicker estimate (a draft of the drawn Vikings). In the two positions below
the answer is clear and both agree: one where a high bid is right, one where passing
early is (docs/bots.md gives the whole scan these come from).
"""

import pytest
from helpers import make_advanced

from vikings.bots.auction import Gains, max_bid, playout_price
from vikings.bots.heuristic import NormalBot
from vikings.engine import BID, Bid, PassBid


def opening(seed: int, rnd: int):
    """A 2-player game with every advanced rule, Normal playing both seats, at the
    opening of the auction of round `rnd` (0-based)."""
    g = make_advanced(players=2, seed=seed, start_player=seed % 2)
    g.quiet = True
    model = NormalBot(seed)
    while not (g.phase == BID and g.round == rnd and g.high_bid < 0):
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else model.choose(g, legal))
    return g


def search_price(g) -> int:
    """What winning this auction is worth to its opener, in Gold, by playouts."""
    return playout_price(NormalBot(99), g.copy(), g.to_move)


def normal_limit(g) -> int:
    s = g.copy()
    return max_bid(s, s.to_move, Gains(s))


@pytest.mark.parametrize("seed,rnd,high", [(2, 1, True), (8, 2, False)])
def test_normal_bids_as_the_search_would(seed, rnd, high):
    g = opening(seed, rnd)
    price, limit = search_price(g), normal_limit(g)
    if high:  # the start is worth far more than a few Gold: Normal bids high
        assert price >= 15 and limit >= 10, (price, limit)
    else:  # winning would not pay: Normal drops out after the smallest bids
        assert price == 0 and limit <= 3, (price, limit)
    # Normal at the table: it raises a rival's bid below its limit and passes at it.
    for rival_bid, expected in ((limit - 1, Bid(limit)), (limit, PassBid())):
        s = g.copy()
        s.apply(Bid(0))
        s.apply(Bid(rival_bid))
        assert NormalBot(seed).choose(s.copy(), s.legal_actions()) == expected


@pytest.mark.parametrize("seed,rnd", [(2, 1), (8, 2)])
def test_with_bid_playouts_normal_bids_up_to_the_playout_price(seed, rnd):
    g = opening(seed, rnd)
    bot = NormalBot(99)  # the seed of search_price's model: the same playouts
    bot.bid_playouts = True
    assert bot.choose(g.copy(), g.legal_actions()) == Bid(0), "the opener bids the least"
    price = bot._prices[1]
    assert price == search_price(g)
    s = g.copy()
    s.apply(Bid(0))
    rival_bid = min(max(price - 1, 1), s.bid_limit(s.to_move))
    s.apply(Bid(rival_bid))
    expected = Bid(rival_bid + 1) if rival_bid < price else PassBid()
    assert bot.choose(s.copy(), s.legal_actions()) == expected
    assert bot._prices[1] == price, "the price is kept for the rest of the auction"
