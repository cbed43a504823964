"""Heuristic opponents: Beginner and Normal.

Both think one turn at a time. For the decision in front of them they try, on quiet
copies of the game, every way to finish their own turn (buy -> start tile / tile ->
Viking on the tile or in the pool; in a large scoring: boatswain -> its Vikings' tiles
(chosen greedily, one at a time) -> next boatswain or finish) and judge the state each
way leads to. Neither looks past the end of the current round, so nothing hidden (the
stacks face down, the bag) plays any part.

- **Normal** judges a state by `evaluate.values`: its own estimated final Fame minus the
  best opponent's. When buying it also counts against each purchase the best the next
  player can then gain from the groups left, at the prices after the purchase (so it sees
  that taking the group at 0 turns the wheel and makes everything cheaper for her, and
  that taking the group she wants most denies it). The best few purchases are then
  re-ranked by playing on: its turn, the next player's best turn by her own judgement,
  then its own best next turn.
- **Beginner** judges by a naive count of its own display and picks among the better
  moves with some randomness (see `BeginnerBot`).

The advanced game: a special tile and the tile it replaces are chosen between paying and
placing, so the turn search plays through them; the auction's decisions (bid, removal,
colour) have rules of their own, Normal's in auction.py, Beginner's in `BeginnerBot`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import cast

from vikings.bots import evaluate
from vikings.bots.auction import bid_action, normal_choice
from vikings.bots.base import Bot, CancelToken
from vikings.bots.turn_search import AUCTION_PHASES, TurnSearch, argmax, best_few, purchases_left, relative
from vikings.engine import Action, Buy, ChooseColour, GameState, RemoveViking, Rules
from vikings.engine.display import completed_islands, threat
from vikings.engine.specials import building_fame
from vikings.engine.state import BID, OVER, PURCHASE

REPLY_WEIGHT = 1.0  # Normal: how much of the next player's best reply counts against a purchase
FOLLOW_UP = 4  # Normal: best purchases re-ranked by a three-turn look-ahead (0: off)


class NormalBot(Bot):
    """A sound heuristic player: the best own turn by `evaluate.values` relative to the
    best opponent; purchases also weigh the next player's best reply, and the best few are
    re-ranked by a three-turn look-ahead within the round."""

    level = "normal"
    reply_weight = REPLY_WEIGHT
    follow_up = FOLLOW_UP
    draft_specials = True  # the auction's colour draft counts the dearest group's special tile
    bid_playouts = False  # bid by playouts of the round (auction.playout_price), not the draft
    _prices: tuple[tuple[int, tuple[int, ...], int], int]  # auction.playout_price's cache, once set

    def _choose(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        return self.decide(game, legal, cancel)[0]

    def decide(
        self, game: GameState, legal: Sequence[Action], cancel: CancelToken | None = None
    ) -> tuple[Action, list[float] | None]:
        """(action, scores): Normal's choice among `legal` (two or more), with the scores
        (`scores`) it ranked a purchase by before the re-ranking; None for any other
        decision. The second pass of Expert's playouts follows such recorded choices."""
        if game.phase in AUCTION_PHASES:
            return normal_choice(self, game, legal, cancel), None
        me = game.to_move
        state = game.copy()
        state.quiet = True
        scores = self.scores(state, legal, cancel)
        if state.phase != PURCHASE:
            return legal[argmax(scores, self.rng)], None
        if not self.follow_up:
            return legal[argmax(scores, self.rng)], scores
        return self._follow_up(state, legal, scores, me, cancel), scores

    def scores(self, state: GameState, legal: Sequence[Action], cancel: CancelToken | None = None) -> list[float]:
        """Normal's score of each action in `legal` (higher is better) before the
        purchases' re-ranking: the best own continuation of the turn, relative to the best
        opponent, less the next player's best reply for a purchase. `state` is a quiet copy
        the caller owns (the search bots use this to choose which purchases to search)."""
        leaf = relative(state.to_move)
        search = TurnSearch(state.to_move, leaf, cancel)
        if state.phase == PURCHASE and self.reply_weight:
            reply = _ReplyModel(state.to_move, state, cancel)
            weight = self.reply_weight
            search.leaf = lambda s: leaf(s) - weight * reply.best(s)
        return search.scores(state, legal)

    def _follow_up(
        self, state: GameState, legal: Sequence[Action], scores: list[float], me: int, cancel: CancelToken | None
    ) -> Action:
        """Re-rank the best few purchases by playing on: my turn, the next player's best
        turn by her own relative value, then my best next turn. Within this round only:
        the next offer is not known yet. Every candidate meets the same case, as they all
        leave the same number of purchases in the round."""
        order = best_few(scores, int(self.follow_up))
        mine = TurnSearch(me, relative(me), cancel)
        out = []
        for i in order:
            _, s1 = mine.after(state, legal[i])
            if s1.round != state.round or s1.phase != PURCHASE or s1.to_move == me:
                out.append(scores[i])  # my purchase ends the round
                continue
            q = s1.to_move
            _, _, s2 = TurnSearch(q, relative(q), cancel).best(s1)
            if s2.round != state.round or s2.phase != PURCHASE or s2.to_move != me:
                out.append(mine.leaf(s2))  # hers ends it, or another player is next
                continue
            out.append(mine.best(s2)[0])
        return legal[order[argmax(out, self.rng)]]


_GainKey = int | tuple[int, tuple[int, ...]]  # a group's wheel space (with the special tiles it brings)


class _ReplyModel:
    """What the next player could gain from the groups left after my purchase.

    The gain of a group to her (her value after her best way to place it, minus before,
    price aside) depends only on her display, which my turn does not change; so it is
    worked out once per group and decision, on the first of my candidate turns that
    leaves the group to her, and then only the prices differ from turn to turn."""

    def __init__(self, me: int, state: GameState, cancel: CancelToken | None = None) -> None:
        self.q = q = (me + 1) % state.n
        self.round = state.round
        self.gain: dict[_GainKey, float] = {}
        self.search = TurnSearch(q, lambda s: evaluate.value(s, q), cancel)

    def best(self, s: GameState) -> float:
        q = self.q
        if s.to_move != q or s.phase != PURCHASE or s.round != self.round:
            # My purchase ended the round (and the next offer, unseen yet, is no business
            # of a fair player).
            return 0.0
        gold = s.displays[q].gold
        rules = s.rules
        rate = evaluate.gold_rate(purchases_left(s), rules.rounds * rules.wheel_spaces)
        legal = cast("tuple[Buy, ...]", s.legal_actions())  # (a purchase)
        gain = self.gain
        keys: list[_GainKey]
        if s.adv is None:
            keys = [a.space for a in legal]
        else:  # a group's gain also holds the special tile it brings, if any
            keys = [(a.space, s.specials_face_up if s.brings_special(a.space) else ()) for a in legal]
        missing = [(a, key) for a, key in zip(legal, keys) if key not in gain]
        if missing:
            base = evaluate.value(s, q)
            for (a, key), after in zip(missing, self.search.scores(s, [a for a, _ in missing])):
                price = a.space - s.offset
                paid = min(price, gold)
                gain[key] = after - base + paid * rate + (price - paid)
        best = -math.inf
        for a, key in zip(legal, keys):
            price = a.space - s.offset
            paid = min(price, gold)
            g = gain[key] - paid * rate - (price - paid)
            if g > best:
                best = g
        return best


# Beginner -------------------------------------------------------------------------------------


class BeginnerBot(Bot):
    """A plausible but naive player. It counts what it has and what its Vikings will earn
    in the scorings to come (threatened ones earn nothing), likes fishermen and completed
    islands in a simple way, and ignores everything subtler: the majorities as such,
    feeding arithmetic, the other players, what the wheel offers them next, planning
    boatswain moves. It does not always pick its best move: it draws from a softmax over
    its scores, `temperature` Fame wide, so near-equal moves are mixed and clearly worse
    ones are rare."""

    level = "beginner"
    temperature = 1.0
    gold_rate = 0.4  # Fame per Gold while buying
    fisherman_fame = 3.0  # what a safe fisherman on an island feels worth
    pool_fame = 0.5  # a Viking waiting in the pool
    pool_fame_single = -2.0  # the same where a boatswain moves one Viking (a mouth that earns nothing)
    island_fame = 1.5  # a completed island (it likes to finish what it starts)
    special_fame = 2.0  # advanced game: any special tile it holds
    bid_share = 4  # advanced game: bids up to a random amount, at most Gold / this
    warrior_fame = 2.0  # advanced game's auction: a warrior, by kind (it may never get a ship)
    boatswain_fame = 1.0  # the same for a boatswain

    def _choose(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        if game.phase in AUCTION_PHASES:
            return self._auction(game, legal)
        me = game.to_move
        state = game.copy()
        state.quiet = True
        scores = TurnSearch(me, self._judge(state, me), cancel).scores(state, legal)
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        x = self.rng.random() * sum(weights)
        for a, w in zip(legal, weights):
            x -= w
            if x <= 0:
                return a
        return legal[-1]

    def _judge(self, state: GameState, me: int) -> Callable[[GameState], float]:
        rules = state.rules
        rows = rules.viking_row
        rn, rs, rg, rf = rows[rules.noble], rows[rules.scout], rows[rules.goldsmith], rows[rules.fisherman]
        kn, ks, kg, kf = rules.noble, rules.scout, rules.goldsmith, rules.fisherman
        sched = rules.schedule
        tiles = rules.tiles
        gold_rate = self.gold_rate
        worths = [self._kind_worth(rules, r) for r in range(len(sched) + 1)]  # by round
        # With the single-boatswain rule a boatswain brings one Viking out of the pool, not a
        # whole colour, and most of a pool stays there to be fed at the end: a Viking sent
        # there feels like a loss, not a small saving.
        single = state.adv is not None and state.adv.single
        pooled = self.pool_fame_single if single else self.pool_fame
        island_fame = self.island_fame

        def leaf(s: GameState) -> float:
            d = s.displays[me]
            if s.phase == OVER:
                return d.fame + d.gold / 1000.0
            r = s.round
            larges = sched[r:].count("large")
            worth = worths[r]
            threatened, repelled, unrepelled = threat(d, rules)
            hit = set(threatened)
            v = d.fame + d.gold * gold_rate
            for row, col, _, occupied in d.tiles():
                if not occupied or (row, col) in hit:
                    continue
                if row == rn:
                    v += worth[kn]
                elif row == rs:
                    v += worth[ks]
                elif row == rg:
                    v += worth[kg]
                elif row == rf:
                    v += worth[kf]
            for _, ship in repelled:
                t = tiles[ship]
                v += t.reward_amount * (1 if t.reward_kind == "fame" else gold_rate) * larges
            for _, ship in unrepelled:
                t = tiles[ship]
                v -= t.reward_amount * (1 if t.reward_kind == "fame" else gold_rate)
            v += pooled * sum(d.pool)
            v += island_fame * len(completed_islands(d, rules))
            if s.adv is not None and s.adv.specials:
                v += self._specials(s, me)
            return v

        return leaf

    # The advanced game, naively ---------------------------------------------------------------
    def _specials(self, s: GameState, me: int) -> float:
        """A flat value per special tile held; a placed building tile by its neighbours."""
        d = s.displays[me]
        v = self.special_fame * len(s.specials_held(me))
        for sid, row, col in s.specials_placed(me):
            v += building_fame(d, s.rules, row, col, (), s.rules.specials[sid].amount)
        return v

    def _auction(self, game: GameState, legal: tuple[Action, ...]) -> Action:
        """Bids up to a random small amount; removes, and puts on the dear spaces first,
        the kind it values least (so the ones it wants stay cheap), by a flat worth per
        kind from its own counts and up to 1 Fame of whim."""
        me = game.to_move
        if game.phase == BID:
            return bid_action(legal, self.rng.randint(0, game.displays[me].gold // self.bid_share))
        worth = self._kind_worth(game.rules, game.round)
        kinds = cast("tuple[RemoveViking | ChooseColour, ...]", legal)  # (a removal or a colour)
        return legal[argmax([self.rng.random() - worth[a.kind] for a in kinds], self.rng)]

    def _kind_worth(self, rules: Rules, round_: int) -> dict[int, float]:
        """What one safe Viking of each kind feels worth to it in round `round_`: a noble's
        or scout's Fame in the large scorings to come, a goldsmith's Gold in every scoring
        to come, a fisherman's flat value; a warrior and a boatswain a little (the leaf
        counts a warrior by its ship instead)."""
        sc = rules.scoring
        sched = rules.schedule
        larges = sched[round_:].count("large")
        scorings = len(sched) - round_
        return {
            rules.noble: sc.noble_fame * larges,
            rules.scout: sc.scout_fame * larges,
            rules.goldsmith: sc.goldsmith_gold * self.gold_rate * scorings,
            rules.fisherman: self.fisherman_fame,
            rules.warrior: self.warrior_fame,
            rules.boatswain: self.boatswain_fame,
        }
