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

from ..engine import GameState
from ..engine.display import completed_islands, threat
from ..engine.specials import building_fame
from ..engine.state import (BID, BOATSWAIN, BOATSWAIN_MOVE, COLOUR, OVER, PLACE, PURCHASE, REMOVE, REPLACE,
                            SPECIAL, VIKING)
from . import evaluate
from .base import Bot

# Decisions of one turn share a group. The advanced game's special tile and its place
# come between paying and placing (group 1); the auction's decisions are made by rules
# of their own (auction.py), never by the turn search.
_GROUP = {PURCHASE: 1, PLACE: 1, VIKING: 1, BOATSWAIN: 2, BOATSWAIN_MOVE: 2, OVER: -1,
          SPECIAL: 1, REPLACE: 1, BID: 3, REMOVE: 4, COLOUR: 4}
AUCTION_PHASES = (BID, REMOVE, COLOUR)

REPLY_WEIGHT = 1.0      # Normal: how much of the next player's best reply counts against a purchase
FOLLOW_UP = 4           # Normal: best purchases re-ranked by a three-turn look-ahead (0: off)
BOATSWAIN_DEPTH = 3     # Normal: boatswain decisions searched in full before judging the state as is


class _TurnSearch:
    """Search through one player's consecutive decisions on copies of the game."""

    def __init__(self, me: int, leaf, cancel=None):
        self.me = me
        self.leaf = leaf          # state -> score for `me` (higher is better)
        self.cancel = cancel

    def scores(self, state: GameState, legal) -> list[float]:
        """Score of each action of `legal` with the best continuation of the same turn."""
        group = _GROUP[state.phase]
        out = []
        for a in legal:
            if self.cancel is not None:
                self.cancel.check()
            c = state.copy()
            c.quiet = True
            c.apply(a)
            out.append(self._cont(c, group, 1))
        return out

    def _cont(self, c: GameState, group: int, depth: int) -> float:
        if c.to_move != self.me or c.phase == PURCHASE or _GROUP[c.phase] != group:
            return self.leaf(c)
        if c.phase == BOATSWAIN_MOVE:
            return self._cont(self._greedy_move(c), group, depth)
        if group == 2 and depth > BOATSWAIN_DEPTH:
            return self.leaf(c)
        best = -math.inf
        for a in c.legal_actions():
            x = c.copy()
            x.apply(a)
            s = self._cont(x, group, depth + 1)
            if s > best:
                best = s
        return best

    def best(self, state: GameState):
        """(score, action, resulting state) of the best way to play out the turn."""
        group = _GROUP[state.phase]
        best = (-math.inf, None, None)
        for a in state.legal_actions():
            if self.cancel is not None:
                self.cancel.check()
            c = state.copy()
            c.quiet = True
            c.apply(a)
            s, leaf = self._cont_leaf(c, group, 1)
            if s > best[0]:
                best = (s, a, leaf)
        return best

    def after(self, state: GameState, action):
        """(score, resulting state) of `action` with the best continuation of the turn."""
        c = state.copy()
        c.quiet = True
        c.apply(action)
        return self._cont_leaf(c, _GROUP[state.phase], 1)

    def _cont_leaf(self, c: GameState, group: int, depth: int):
        """Like `_cont`, also returning the state the best continuation ends in."""
        if c.to_move != self.me or c.phase == PURCHASE or _GROUP[c.phase] != group:
            return self.leaf(c), c
        if c.phase == BOATSWAIN_MOVE:
            return self._cont_leaf(self._greedy_move(c), group, depth)
        if group == 2 and depth > BOATSWAIN_DEPTH:
            return self.leaf(c), c
        best = (-math.inf, None)
        for a in c.legal_actions():
            x = c.copy()
            x.apply(a)
            r = self._cont_leaf(x, group, depth + 1)
            if r[0] > best[0]:
                best = r
        return best

    def _greedy_move(self, c: GameState) -> GameState:
        """A boatswain's next Viking to the tile that looks best right away."""
        best, best_state = -math.inf, None
        for a in c.legal_actions():
            x = c.copy()
            x.apply(a)
            s = self.leaf(x)
            if s > best:
                best, best_state = s, x
        return best_state


def _argmax(scores, rng, noise: float = 1e-6) -> int:
    """Index of the best score; near-ties broken by the bot's generator."""
    best, idx = -math.inf, 0
    for i, s in enumerate(scores):
        s += noise * rng.random()
        if s > best:
            best, idx = s, i
    return idx


def _relative(p: int):
    """A state's score for player p: her value minus the best other player's."""
    values = evaluate.values

    def score(s: GameState) -> float:
        v = values(s)
        mine = v[p]
        v[p] = -math.inf
        return mine - max(v)

    return score


class NormalBot(Bot):
    """A sound heuristic player: the best own turn by `evaluate.values` relative to the
    best opponent; purchases also weigh the next player's best reply, and the best few are
    re-ranked by a three-turn look-ahead within the round."""

    level = "normal"
    reply_weight = REPLY_WEIGHT
    follow_up = FOLLOW_UP

    def _choose(self, game, legal, cancel):
        if game.phase in AUCTION_PHASES:
            from .auction import normal_choice
            return normal_choice(self, game, legal, cancel)
        me = game.to_move
        state = game.copy()
        state.quiet = True
        scores = self.scores(state, legal, cancel)
        if state.phase != PURCHASE or not self.follow_up:
            return legal[_argmax(scores, self.rng)]
        return self._follow_up(state, legal, scores, me, cancel)

    def scores(self, state: GameState, legal, cancel=None) -> list[float]:
        """Normal's score of each action in `legal` (higher is better) before the
        purchases' re-ranking: the best own continuation of the turn, relative to the best
        opponent, less the next player's best reply for a purchase. `state` is a quiet copy
        the caller owns (the search bots use this to choose which purchases to search)."""
        leaf = _relative(state.to_move)
        search = _TurnSearch(state.to_move, leaf, cancel)
        if state.phase == PURCHASE and self.reply_weight:
            reply = _ReplyModel(state.to_move, state, cancel)
            weight = self.reply_weight
            search.leaf = lambda s: leaf(s) - weight * reply.best(s)
        return search.scores(state, legal)

    def _follow_up(self, state, legal, scores, me, cancel):
        """Re-rank the best few purchases by playing on: my turn, the next player's best
        turn by her own relative value, then my best next turn. Within this round only:
        the next offer is not known yet. Every candidate meets the same case, as they all
        leave the same number of purchases in the round."""
        order = sorted(range(len(legal)), key=lambda i: -scores[i])[:int(self.follow_up)]
        mine = _TurnSearch(me, _relative(me), cancel)
        out = []
        for i in order:
            _, s1 = mine.after(state, legal[i])
            if s1.round != state.round or s1.phase != PURCHASE or s1.to_move == me:
                out.append(scores[i])  # my purchase ends the round
                continue
            q = s1.to_move
            _, _, s2 = _TurnSearch(q, _relative(q), cancel).best(s1)
            if s2.round != state.round or s2.phase != PURCHASE or s2.to_move != me:
                out.append(mine.leaf(s2))  # hers ends it, or another player is next
                continue
            out.append(mine.best(s2)[0])
        return legal[order[_argmax(out, self.rng)]]


class _ReplyModel:
    """What the next player could gain from the groups left after my purchase.

    The gain of a group to her (her value after her best way to place it, minus before,
    price aside) depends only on her display, which my turn does not change; so it is
    worked out once per group and decision, on the first of my candidate turns that
    leaves the group to her, and then only the prices differ from turn to turn."""

    def __init__(self, me: int, state: GameState, cancel=None):
        self.q = q = (me + 1) % state.n
        self.round = state.round
        self.gain = {}
        self.search = _TurnSearch(q, lambda s: evaluate.value(s, q), cancel)

    def best(self, s: GameState) -> float:
        q = self.q
        if s.to_move != q or s.phase != PURCHASE or s.round != self.round:
            # My purchase ended the round (and the next offer, unseen yet, is no business
            # of a fair player).
            return 0.0
        gold = s.displays[q].gold
        rules = s.rules
        rate = evaluate.gold_rate(_purchases_left(s), rules.rounds * rules.wheel_spaces)
        legal = s.legal_actions()
        gain = self.gain
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


def _purchases_left(s: GameState) -> int:
    size = s.rules.wheel_spaces
    return (size - s.bought) + (s.rules.rounds - 1 - s.round) * size


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
    gold_rate = 0.4        # Fame per Gold while buying
    fisherman_fame = 3.0   # what a safe fisherman on an island feels worth
    pool_fame = 0.5        # a Viking waiting in the pool
    island_fame = 1.5      # a completed island (it likes to finish what it starts)
    special_fame = 2.0     # advanced game: any special tile it holds
    bid_share = 4          # advanced game: bids up to a random amount, at most Gold / this

    def _choose(self, game, legal, cancel):
        if game.phase in AUCTION_PHASES:
            return self._auction(game, legal)
        me = game.to_move
        state = game.copy()
        state.quiet = True
        scores = _TurnSearch(me, self._judge(state, me), cancel).scores(state, legal)
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        x = self.rng.random() * sum(weights)
        for a, w in zip(legal, weights):
            x -= w
            if x <= 0:
                return a
        return legal[-1]

    def _judge(self, state, me):
        rules = state.rules
        rows = rules.viking_row
        rn, rs, rg, rf = rows[rules.noble], rows[rules.scout], rows[rules.goldsmith], rows[rules.fisherman]
        sched = rules.schedule
        tiles = rules.tiles
        sc = rules.scoring
        gold_rate, fish, pooled = self.gold_rate, self.fisherman_fame, self.pool_fame
        island_fame = self.island_fame

        def leaf(s):
            d = s.displays[me]
            if s.phase == OVER:
                return d.fame + d.gold / 1000.0
            r = s.round
            larges = sched[r:].count("large")
            scorings = len(sched) - r
            hit, repelled, unrepelled = threat(d, rules)
            hit = set(hit)
            v = d.fame + d.gold * gold_rate
            for row, col, _, occupied in d.tiles():
                if not occupied or (row, col) in hit:
                    continue
                if row == rn:
                    v += sc.noble_fame * larges
                elif row == rs:
                    v += sc.scout_fame * larges
                elif row == rg:
                    v += sc.goldsmith_gold * gold_rate * scorings
                elif row == rf:
                    v += fish
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
    def _specials(self, s, me) -> float:
        """A flat value per special tile held; a placed building tile by its neighbours."""
        d = s.displays[me]
        v = self.special_fame * len(s.specials_held(me))
        for sid, row, col in s.specials_placed(me):
            v += building_fame(d, s.rules, row, col, (), s.rules.specials[sid].amount)
        return v

    def _auction(self, game, legal):
        """Bids up to a random small amount; removes, and puts on the dear spaces first,
        the colour it has least room for (so the ones it wants stay cheap)."""
        me = game.to_move
        if game.phase == BID:
            from .auction import bid_action
            return bid_action(legal, self.rng.randint(0, game.displays[me].gold // self.bid_share))
        d = game.displays[me]
        rules = game.rules

        def room(k):
            row = rules.viking_row[k]
            if row is None:
                return 1.0  # a boatswain: always of some use
            return sum(1 for v in d.rows[row] if v >= 0 and not v & 1) + (k == rules.fisherman)

        return legal[_argmax([-room(a.kind) for a in legal], self.rng)]
