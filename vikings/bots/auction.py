"""The advanced game's round-start decisions (auction option) for Normal, Hard and Expert:
how much to bid, which drawn Viking to remove, which colour goes on the wheel next.

All three rest on one measure, `Gains`: what a group (tile, Viking) is worth to a player,
her value (`evaluate.value`) after her best way to place it minus before, price aside.
Its tiles are unknown while bidding and removing (they are laid after the removal), so a
Viking kind is then worth its gain averaged over the tiles still unseen (a multiset every
player knows; their order plays no part).

- **Bid**: being start player is worth what buying first brings: a greedy draft of the
  drawn Vikings (each player in turn takes the kind worth most to her) with me first,
  minus the same draft with the strongest rival first, plus `START_BONUS` for choosing
  the removal and the first colour, times `WORTH_SCALE`. Normal bids the lowest legal
  amount while its Gold value stays below that worth, else passes.
- **Remove** the kind the others want most relative to me, weighted by its scarcity (one
  of three nobles denies little).
- **Colour**: for each colour, the wheel it makes (the chosen colour on the highest free
  spaces, the rest after it in colour order) is drafted group by group at the wheel's
  prices, each player taking the group worth most to her after its price; the colour
  whose draft leaves me best off against the best other player wins. Since the first
  colours take the dear spaces, this puts what I want at cheap spaces and what a rival
  wants at dear ones. With the special tiles, whoever buys the dearest group (never at
  price 0) also takes a face-up special tile: in the draft that group is worth its gain
  with the best special tile for its buyer, while face-up tiles last.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, cast

from vikings.bots import evaluate
from vikings.bots.base import CancelToken
from vikings.bots.turn_search import Model, TurnSearch, argmax, play_round, purchases_left
from vikings.engine import GameState
from vikings.engine.actions import Action, Bid, ChooseColour, PassBid, RemoveViking
from vikings.engine.state import BID, COLOUR, PLACE, PURCHASE, REMOVE, SPECIAL

START_BONUS = 1.0  # Fame: choosing the removal and the first colour
# The kind-averaged draft misses how much the groups differ by their tiles (and the first
# pick in every cycle of the round), so it underrates the start. Measured over 100
# Normal-vs-Normal advanced games each: twice the estimate beat the plain one 74.5%;
# three times against twice was even (50%).
WORTH_SCALE = 2.0


class NormalBot(Model, Protocol):
    """What the auction's choices need of the Normal bot that asks (heuristic.NormalBot,
    which imports this module; named here by its shape so that no import runs in a circle)."""

    seed: int
    rng: random.Random
    draft_specials: bool
    bid_playouts: bool
    _prices: tuple[tuple[int, tuple[int, ...], int], int]  # playout_price's cache, once set

    def __init__(self, seed: int) -> None: ...


class Gains:
    """Group values per player for one decision, cached per (player, tile, Viking)."""

    def __init__(self, state: GameState, cancel: CancelToken | None = None) -> None:
        self.state = state
        self.cancel = cancel
        self.cache: dict[tuple[int, int, int, bool], float] = {}
        self.base: dict[int, float] = {}

    def _after_turn(self, q: int) -> GameState:
        """A copy of the state as it will be when `q`'s turn is over (next player to buy)."""
        s = self.state.copy()
        s.quiet = True
        s.phase = PURCHASE
        s.to_move = (q + 1) % s.n
        s.hand_tile = s.hand_viking = -1
        s.placed_at = None
        s._legal = None
        return s

    def gain(self, q: int, t: int, k: int, special: bool = False) -> float:
        """`special`: the group brings a special tile (the dearest group, advanced game):
        her best choice among the face-up ones (or none) counts too."""
        special = special and any(x >= 0 for x in self.state.specials_face_up)
        key = (q, t, k, special)
        g = self.cache.get(key)
        if g is not None:
            return g
        if self.cancel is not None:
            self.cancel.check()
        if q not in self.base:
            self.base[q] = evaluate.value(self._after_turn(q), q)
        # She holds the group, as after buying it; her best placement of tile and Viking
        # (after her choice of a special tile, if it brings one).
        s = self.state.copy()
        s.quiet = True
        phase = SPECIAL if special else PLACE
        s.phase, s.to_move, s.hand_tile, s.hand_viking, s.placed_at, s._legal = phase, q, t, k, None, None
        if special or s.legal_actions():
            after = TurnSearch(q, lambda x: evaluate.value(x, q), self.cancel).best(s)[0]
        else:  # the tile fits nowhere: only the Viking, to the pool
            x = self._after_turn(q)
            x.displays[q].pool[k] += 1
            after = evaluate.value(x, q)
        g = self.cache[key] = after - self.base[q]
        return g

    def kind_values(self, q: int, kinds: Iterable[int]) -> dict[int, float]:
        """Each Viking kind's gain to `q`, averaged over the tiles still unseen."""
        unseen = Counter(t for stack in self.state.stacks for t in stack)
        total = sum(unseen.values())
        if not total:
            return dict.fromkeys(kinds, 0.0)
        tiles = sorted(unseen.items())
        return {k: sum(c * self.gain(q, t, k) for t, c in tiles) / total for k in kinds}


def _draft(order: list[int], items: Iterable[int], value: Callable[[int, int], float]) -> dict[int, float]:
    """Each player of `order`, in turn and round after round, takes the item worth most to
    her (`value(player, item)`); returns each player's total."""
    left = list(items)
    got = dict.fromkeys(order, 0.0)
    i = 0
    while left:
        q = order[i % len(order)]
        j = max(range(len(left)), key=lambda j: value(q, left[j]))
        got[q] += value(q, left[j])
        left.pop(j)
        i += 1
    return got


def _clockwise(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def bid_worth(state: GameState, me: int, gains: Gains) -> float:
    """What being start player is worth to `me` this round, in Fame."""
    n = state.n
    drawn = state.auction_vikings
    kinds = sorted(set(drawn))
    u = {q: gains.kind_values(q, kinds) for q in range(n)}
    items = list(drawn[: state.rules.wheel_spaces])  # one is removed: which one matters little here
    value = lambda q, k: u[q][k]  # noqa: E731
    first = _draft(_clockwise(me, n), items, value)[me]
    rival = max((q for q in range(n) if q != me), key=lambda q: (max(u[q].values()), -q))
    second = _draft(_clockwise(rival, n), items, value)[me]
    return WORTH_SCALE * (max(0.0, first - second) + START_BONUS)


def max_bid(state: GameState, me: int, gains: Gains) -> int:
    """The most `me` should pay to be start player: Gold worth no more than the start."""
    rules = state.rules
    rate = evaluate.gold_rate(purchases_left(state), rules.rounds * rules.wheel_spaces)
    gold = state.displays[me].gold
    return min(gold, int(bid_worth(state, me, gains) / rate))


_PASS = PassBid()


def playout_price(bot: NormalBot, state: GameState, me: int, cancel: CancelToken | None = None) -> int:
    """The most `me` should pay to be start player, by playouts: the round played on by
    Normal for every player once with `me` winning this auction at the current high bid
    plus one, once with the rival who would otherwise win it (the high bidder, or the next
    player still in) winning with the least raise; her value at the round's end (after its
    scoring) compared and turned into Gold at the current rate, within her Gold. Cached per
    auction on `bot`, whose later bids in the same auction reuse it."""
    key = (state.round, state.auction_vikings, me)
    cache: tuple[tuple[int, tuple[int, ...], int], int] | None = getattr(bot, "_prices", None)
    if cache is not None and cache[0] == key:
        return cache[1]
    n = state.n
    model = type(bot)(bot.seed)
    model.bid_playouts = False
    rival = (
        state.high_bidder
        if state.high_bidder >= 0 and state.high_bidder != me
        else next((me + i) % n for i in range(1, n) if not state.passed_bidders[(me + i) % n])
    )

    def value_if(winner: int) -> float:
        """Her value at the round's end if `winner` takes the auction with the least raise
        and everybody else passes (through the engine's door, on a copy)."""
        s = state.copy()
        s.quiet = True
        while s.phase == BID:
            legal = s.legal_actions()
            raise_ = Bid(s.high_bid + 1)
            if s.to_move == winner and raise_ in legal:
                s.apply(raise_)
            else:
                s.apply(_PASS if _PASS in legal else legal[0])  # the opener must bid (0)
        return evaluate.value(play_round(s, model, cancel), me)

    rules = state.rules
    rate = evaluate.gold_rate(purchases_left(state), rules.rounds * rules.wheel_spaces)
    # The first playout has her paying the least raise already: added back, the worth is
    # the whole price she should go to.
    worth = (value_if(me) - value_if(rival)) / rate + (state.high_bid + 1)
    price = max(0, min(state.displays[me].gold, int(worth)))
    bot._prices = (key, price)
    return price


def bid_action(legal: Sequence[Action], limit: int) -> Action:
    """The lowest legal bid if it is within `limit` (the opener always bids), else pass."""
    lowest = legal[0]
    if isinstance(lowest, Bid) and (lowest.amount <= limit or not any(isinstance(a, PassBid) for a in legal)):
        return lowest
    return next(a for a in legal if isinstance(a, PassBid))


def removal_scores(state: GameState, me: int, legal: Sequence[RemoveViking], gains: Gains) -> list[float]:
    """Per RemoveViking action: what removing one of its kind takes from the best other
    player more than from me, shared among the Vikings of that kind."""
    n = state.n
    drawn = state.auction_vikings
    kinds = sorted(set(drawn))
    u = {q: gains.kind_values(q, kinds) for q in range(n)}
    out = []
    for a in legal:
        k = a.kind
        others = max(u[q][k] for q in range(n) if q != me)
        out.append((others - u[me][k]) / drawn.count(k))
    return out


def colour_scores(
    state: GameState, me: int, legal: Sequence[ChooseColour], gains: Gains, specials: bool = True
) -> list[float]:
    """Per ChooseColour action: my draft total minus the best other player's on the wheel
    that colour makes (the other colours after it in colour order)."""
    rules = state.rules
    n = state.n
    rate = evaluate.gold_rate(purchases_left(state), rules.rounds * rules.wheel_spaces)
    wt = state.wheel_tile
    drawn = state.auction_vikings
    order = _clockwise(state.start_player, n)
    out = []
    for a in legal:
        wv = list(state.wheel_viking)
        rest = [a.kind] * drawn.count(a.kind) + [k for k in drawn if k != a.kind]
        free = sorted((s for s, v in enumerate(wv) if v < 0), reverse=True)
        for s, k in zip(free, rest):
            wv[s] = k
        got = _wheel_draft(state, order, wt, wv, gains, rate, specials)
        mine = got[me]
        out.append(mine - max(v for q, v in got.items() if q != me))
    return out


def _wheel_draft(
    state: GameState,
    order: list[int],
    wt: list[int],
    wv: list[int],
    gains: Gains,
    rate: float,
    specials: bool = True,
) -> dict[int, float]:
    """Players buy in turn the group worth most to them after its price (Gold at `rate`,
    Fame for what Gold cannot pay), as long as they can pay; the wheel turns as usual."""
    left = [s for s in range(len(wt)) if wt[s] >= 0]
    gold = {q: state.displays[q].gold for q in order}
    fame = {q: state.displays[q].fame for q in order}
    got = dict.fromkeys(order, 0.0)
    offset = left[0] if left else 0
    to_take = sum(x >= 0 for x in state.specials_face_up) if specials else 0  # taken with the dearest group
    i = 0
    while left:
        q = order[i % len(order)]
        i += 1
        best, pick = -math.inf, None
        for s in left:
            price = s - offset
            if price > gold[q] + fame[q]:
                break
            paid = min(price, gold[q])
            brings = to_take > 0 and price > 0 and s == left[-1]
            v = gains.gain(q, wt[s], wv[s], brings) - paid * rate - (price - paid)
            if v > best:
                best, pick = v, s
        if pick is None:
            pick, best = left[0], gains.gain(q, wt[left[0]], wv[left[0]])
        if pick == left[-1] and pick > offset and to_take > 0:
            to_take -= 1
        price = pick - offset
        paid = min(price, gold[q])
        gold[q] -= paid
        fame[q] -= price - paid
        got[q] += best
        left.remove(pick)
        if pick == offset and left:
            offset = left[0]
    return got


def normal_choice(bot: NormalBot, game: GameState, legal: Sequence[Action], cancel: CancelToken | None) -> Action:
    """Normal's choice in the auction's phases (BID, REMOVE, COLOUR)."""
    state = game.copy()
    state.quiet = True
    me = state.to_move
    gains = Gains(state, cancel)
    if state.phase == BID:
        if getattr(bot, "bid_playouts", False):
            return bid_action(legal, playout_price(bot, state, me, cancel))
        return bid_action(legal, max_bid(state, me, gains))
    if state.phase == REMOVE:
        removals = cast("Sequence[RemoveViking]", legal)
        return legal[argmax(removal_scores(state, me, removals, gains), bot.rng)]
    assert state.phase == COLOUR
    colours = cast("Sequence[ChooseColour]", legal)
    return legal[argmax(colour_scores(state, me, colours, gains, bot.draft_specials), bot.rng)]
