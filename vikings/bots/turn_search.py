"""The search through one player's own turn, shared by Normal, Beginner and the auction's
rules: every way to finish the decisions of the current turn, tried on quiet copies of the
game and judged by a leaf function; plus the small helpers they share.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol, cast

from vikings.bots import evaluate
from vikings.bots.base import CancelToken
from vikings.engine import Action, GameState
from vikings.engine.state import (
    BID,
    BOATSWAIN,
    BOATSWAIN_MOVE,
    COLOUR,
    OVER,
    PLACE,
    PURCHASE,
    REMOVE,
    REPLACE,
    SPECIAL,
    VIKING,
)

# Decisions of one turn share a group. The advanced game's special tile and its place
# come between paying and placing (group 1); the auction's decisions are made by rules
# of their own (auction.py), never by the turn search.
_GROUP = {
    PURCHASE: 1,
    PLACE: 1,
    VIKING: 1,
    BOATSWAIN: 2,
    BOATSWAIN_MOVE: 2,
    OVER: -1,
    SPECIAL: 1,
    REPLACE: 1,
    BID: 3,
    REMOVE: 4,
    COLOUR: 4,
}
AUCTION_PHASES = (BID, REMOVE, COLOUR)
BOATSWAIN_DEPTH = 3  # boatswain decisions searched in full before judging the state as is


class Model(Protocol):
    """What plays the other decisions of a playout: a bot, or a model of one."""

    def choose(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None = None) -> Action: ...


class TurnSearch:
    """Search through one player's consecutive decisions on copies of the game."""

    def __init__(self, me: int, leaf: Callable[[GameState], float], cancel: CancelToken | None = None) -> None:
        self.me = me
        self.leaf = leaf  # state -> score for `me` (higher is better)
        self.cancel = cancel

    def scores(self, state: GameState, legal: Sequence[Action]) -> list[float]:
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
        if self.cancel is not None:  # at every inner step: one option's turn can take a while
            self.cancel.check()
        best = -math.inf
        for a in c.legal_actions():
            x = c.copy()
            x.apply(a)
            s = self._cont(x, group, depth + 1)
            if s > best:
                best = s
        return best

    def best(self, state: GameState) -> tuple[float, Action, GameState]:
        """(score, action, resulting state) of the best way to play out the turn."""
        group = _GROUP[state.phase]
        # (replaced by the first action's: the player to move has one)
        best = cast("tuple[float, Action, GameState]", (-math.inf, None, None))
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

    def after(self, state: GameState, action: Action) -> tuple[float, GameState]:
        """(score, resulting state) of `action` with the best continuation of the turn."""
        c = state.copy()
        c.quiet = True
        c.apply(action)
        return self._cont_leaf(c, _GROUP[state.phase], 1)

    def _cont_leaf(self, c: GameState, group: int, depth: int) -> tuple[float, GameState]:
        """Like `_cont`, also returning the state the best continuation ends in."""
        if c.to_move != self.me or c.phase == PURCHASE or _GROUP[c.phase] != group:
            return self.leaf(c), c
        if c.phase == BOATSWAIN_MOVE:
            return self._cont_leaf(self._greedy_move(c), group, depth)
        if group == 2 and depth > BOATSWAIN_DEPTH:
            return self.leaf(c), c
        if self.cancel is not None:
            self.cancel.check()
        # (replaced by the first action's: the player to move has one)
        best = cast("tuple[float, GameState]", (-math.inf, None))
        for a in c.legal_actions():
            x = c.copy()
            x.apply(a)
            r = self._cont_leaf(x, group, depth + 1)
            if r[0] > best[0]:
                best = r
        return best

    def _greedy_move(self, c: GameState) -> GameState:
        """A boatswain's next Viking to the tile that looks best right away."""
        best = -math.inf
        best_state: GameState | None = None
        for a in c.legal_actions():
            x = c.copy()
            x.apply(a)
            s = self.leaf(x)
            if s > best:
                best, best_state = s, x
        return cast(GameState, best_state)  # (a boatswain's Viking has a tile to go to)


def argmax(scores: Sequence[float], rng: random.Random, noise: float = 1e-6) -> int:
    """Index of the best score; near-ties broken by the bot's generator."""
    best, idx = -math.inf, 0
    for i, s in enumerate(scores):
        s += noise * rng.random()
        if s > best:
            best, idx = s, i
    return idx


def best_few(scores: Sequence[float], keep: int) -> list[int]:
    """The indices of the `keep` highest scores, best first (ties in their order)."""
    return sorted(range(len(scores)), key=lambda i: -scores[i])[:keep]


def relative(p: int) -> Callable[[GameState], float]:
    """A state's score for player p: her value minus the best other player's."""
    values = evaluate.values

    def score(s: GameState) -> float:
        v = values(s)
        mine = v[p]
        v[p] = -math.inf
        return mine - max(v)

    return score


def purchases_left(s: GameState) -> int:
    size = s.rules.wheel_spaces
    return (size - s.bought) + (s.rules.rounds - 1 - s.round) * size


def play_round(s: GameState, model: Model, cancel: CancelToken | None = None) -> GameState:
    """Play `s` on, in place, with `model` (a bot) choosing for every player, until the
    round ends."""
    start = s.round
    while s.phase != OVER and s.round == start:
        legal = s.legal_actions()
        s.apply(legal[0] if len(legal) == 1 else model.choose(s, legal, cancel))
    return s
