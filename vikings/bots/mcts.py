"""Hard and Expert: information-set Monte Carlo tree search over determinized futures.

How a decision is made
----------------------
* What the bot may know: the displays, the wheel, the bag's contents and which tiles are
  still face down, but not the order of those tiles nor the future bag draws. The search
  starts from `determinized(0)` of the game: a copy whose hidden order is a fixed re-draw
  made without reading the real one, so nothing the bot searches holds hidden facts.
* Within a round nothing is random (chance happens only when the next offer is laid out),
  so the states reachable inside the round are the same in every sample of the hidden
  order. The tree stops there: a node whose state has passed into the next round (or the
  end of the game) is a leaf, the "chance barrier", and a node's statistics are exactly
  those of its information set. Each node inside the round keeps its state, so an
  iteration copies one state and applies one action instead of replaying its path.
* Nothing the search looks at lies past the barrier (the evaluation reads the displays,
  the round and the counts, never the next offer), so no sample is drawn and a barrier
  leaf keeps its value. That holds in the advanced game too: the next round's auction
  Vikings and special tiles lie open past the barrier and differ between samples, but the
  evaluation reads neither (a test checks every round's end of two games).
* At the root of a purchase the search considers only Normal's best few groups
  (`candidates`), with the budget of the whole choice: the iterations go to plausible
  purchases and the search decides among them.
* Selection is UCT with per-player statistics (max^n): the player to move at a node picks
  the child with the best mean utility *for her*, plus an exploration bonus; a small prior
  from a cheap heuristic is added for the first visits (progressive bias).
* Leaves are scored with `evaluate.utilities` (the exact result once the game is over).
  With 3-4 players a leaf first gets a rollout with a light policy (buy what Gold pays
  for, put an island where its Viking can stand, put the Viking on its tile, ...) to the
  end of the current round's scoring, so that all players are judged after the same
  number of purchases; with 2 players the leaf is judged where it stands (`SearchSettings`).
* Budgets are counted in iterations, never in seconds, so a decision depends only on the
  game and the bot's seed (and, when the bot keeps the subtree of its previous decision
  in the same game, on that). The search stops early when the most visited move cannot
  be overtaken any more. `max_seconds` keeps a decision inside the level's time limit on
  an overloaded machine (only then does the machine's speed change a decision).
  The budget shrinks for decisions with few options (a Viking on its tile or in the pool).
* `cancel.check()` runs every few iterations, so another thread can stop a decision.
* With 3-4 players, purchases and placements are decided by playouts with a model of the
  table instead (lookahead.py); the tree keeps the start tile and the boatswains.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, cast

from vikings.bots import evaluate
from vikings.bots.auction import Gains, colour_scores
from vikings.bots.base import Bot, CancelToken
from vikings.bots.heuristic import NormalBot
from vikings.bots.lookahead import PHASES as LOOKAHEAD_PHASES
from vikings.bots.lookahead import RoundLookahead
from vikings.bots.table_watch import TableWatch
from vikings.bots.turn_search import AUCTION_PHASES, best_few
from vikings.engine import GameState
from vikings.engine.actions import (
    Action,
    Bid,
    Buy,
    ChooseColour,
    DeclineSpecial,
    PassBid,
    PlaceStart,
    PlaceTile,
    PlaceViking,
    TakeSpecial,
)
from vikings.engine.state import BID, COLOUR, OVER, PLACE, PURCHASE, SPECIAL, VIKING

if TYPE_CHECKING:
    from vikings.engine.state import History

_CHECK_EVERY = 8  # iterations between cancellation / safety-cap checks


PRIOR_WEIGHT = 0.1  # the weight of the cheap prior in the selection, fading with visits
SETTLE_VISITS = 40  # visits each option needs before a search can be called settled


@dataclass(frozen=True)
class SearchSettings:
    """How Hard or Expert decides in one kind of game. Iterations for a decision are
    `per_option * options`, clamped to [min_iterations, max_iterations]."""

    per_option: int  # tree iterations per legal option
    min_iterations: int  # the least budget of a decision
    max_iterations: int  # the largest budget of a decision
    max_seconds: float = 6.0  # a safety net: the search stops here on an overloaded machine
    exploration: float = 0.35  # UCT's exploration constant
    rollout: bool = True  # a leaf is played on to the round's end with a light policy before it is judged
    early_stop: bool = True  # stop once the most visited move cannot be overtaken
    candidates: int = 0  # the purchases searched or played out: Normal's best few (0: all)
    lookahead: bool = False  # purchases and placements by playouts to the round's end (lookahead.py)
    settle: float | None = None  # stop once every option's chance lies within this margin of certainty
    refine: int = 0  # the best few options played out again with the others as Hard (0: off)
    watch: bool = False  # model as Normal the players seen to buy as Normal does (table_watch.py)
    colours: str | None = None  # "playout": the auction's colours by playouts; None: Normal's draft
    blend: float = 0.0  # the first pass's weight in the second pass's choice


SETTING_NAMES = frozenset(f.name for f in fields(SearchSettings))  # what may be overridden

# With 2 players the leaves are judged where they stand (little noise, so a low exploration
# constant: a best-first look-ahead); with 3-4 a leaf reached mid-round judges players who
# have bought different numbers of groups, so the playouts to the round's end decide.
# Stopping early leaves the next decisions of the same turn a smaller subtree to reuse, so
# it is off with 3-4 players. `settle` spares the budget in a decided game, where no option
# stands out.
_HARD_2 = SearchSettings(
    per_option=2000,
    min_iterations=2500,
    max_iterations=12000,
    max_seconds=1.9,
    exploration=0.12,
    rollout=False,
    candidates=5,
)
_HARD_4 = SearchSettings(
    per_option=700,
    min_iterations=1000,
    max_iterations=6000,
    max_seconds=1.9,
    early_stop=False,
    lookahead=True,
    candidates=12,
)
_EXPERT_2 = SearchSettings(
    per_option=5000,
    min_iterations=6000,
    max_iterations=26000,
    max_seconds=4.8,
    exploration=0.12,
    rollout=False,
    candidates=6,
    settle=0.002,
)
_EXPERT_4 = SearchSettings(
    per_option=1500,
    min_iterations=2500,
    max_iterations=14000,
    max_seconds=4.8,
    early_stop=False,
    lookahead=True,
    candidates=12,
    refine=3,
    watch=True,
    blend=0.5,
)

# The settings by (level, size, advanced): size 2 for 2 players, 4 for 3-4; advanced for a
# game with any of the advanced game's options. In the advanced 2-player game a larger
# budget fits Expert's time limit, both levels play the auction's colours out, and Hard
# stops a settled search as Expert does.
LEVELS: dict[tuple[str, int, bool], SearchSettings] = {
    ("hard", 2, False): _HARD_2,
    ("hard", 2, True): replace(_HARD_2, settle=0.002, colours="playout"),
    ("hard", 4, False): _HARD_4,
    ("hard", 4, True): _HARD_4,
    ("expert", 2, False): _EXPERT_2,
    ("expert", 2, True): replace(
        _EXPERT_2, per_option=12000, min_iterations=15000, max_iterations=60000, candidates=7, colours="playout"
    ),
    ("expert", 4, False): _EXPERT_4,
    ("expert", 4, True): _EXPERT_4,
}
LEVEL_NAMES = ("hard", "expert")


def level_settings(level: str, players: int, advanced: bool = False) -> SearchSettings:
    """The settings a level uses in a game of `players` players (`advanced`: with any of
    the advanced game's options)."""
    return LEVELS[(level, 2 if players <= 2 else 4, advanced)]


class _Node:
    """One information set inside the current round. `n` visits, `w` summed utilities
    per player; children are created lazily in the order of `order`."""

    __slots__ = ("n", "w", "actions", "children", "mover", "order", "expanded", "barrier", "priors", "state", "u")

    def __init__(self, n_players: int, barrier: bool = False, state: GameState | None = None) -> None:
        self.n = 0
        self.state = state  # the node's own state (inside the round: the same in every sample)
        self.u: list[float] | None = None  # a barrier leaf's utilities, when no sample can change them
        self.w = [0.0] * n_players
        # Set by `expand` (children None until then; None in the list for a child not created yet):
        self.actions: tuple[Action, ...] = ()
        self.children: list[_Node | None] | None = None
        self.mover = -1
        self.order: list[int] | None = None
        self.expanded = 0
        self.barrier = barrier
        self.priors: list[float] | None = None

    def expand(self, s: GameState, acts: tuple[Action, ...], rng: random.Random) -> None:
        """Learn the node's actions; children are tried first in the order of a cheap
        prior (ties in a seeded random order)."""
        self.actions = acts
        self.mover = s.to_move
        self.children = [None] * len(acts)
        self.priors = priors = [_prior(s, a) for a in acts]
        keys = [(priors[i], rng.random()) for i in range(len(acts))]
        self.order = sorted(range(len(acts)), key=keys.__getitem__, reverse=True)


class SearchBot(Bot):
    """ISMCTS bot. `iterations` (if given) fixes the budget of every decision, which the
    tests use for speed; otherwise the level's settings decide."""

    level = "search"

    def __init__(
        self,
        seed: int = 0,
        *,
        level: str = "hard",
        iterations: int | None = None,
        reuse: bool = True,
        **overrides: Any,
    ) -> None:
        super().__init__(seed)
        if level not in LEVEL_NAMES:
            raise ValueError(f"no search bot for level {level!r}; choose from {', '.join(LEVEL_NAMES)}")
        unknown = set(overrides) - SETTING_NAMES
        if unknown:
            raise TypeError(f"unknown search settings: {', '.join(sorted(unknown))}")
        self.level = level
        self.iterations = iterations  # a fixed budget for every decision (tests)
        self.overrides = overrides  # settings that replace the level's (experiments, tests)
        self.reuse = reuse  # keep the subtree of the last search when the game went on inside it
        self._tree: tuple[History, int, _Node] | None = None  # (history at the last root, its round, the root node)
        self.last_stats: dict[str, Any] = {}  # iterations, seconds, visits of the last decision
        self.simulations = 0  # tree iterations over all decisions (benchmarks read it)
        self.playouts = 0  # playouts to the round's end over all decisions (3-4 players)
        self._ranker = NormalBot(seed)  # ranks the purchases the search considers
        self._watch: TableWatch | None = None  # who plays like whom at the table (3-4 players, `watch`)

    def settings(self, game: GameState) -> SearchSettings:
        """The settings for a decision in `game`: the level's for its size and kind, then
        this bot's overrides."""
        return replace(level_settings(self.level, game.n, bool(game.config.options)), **self.overrides)

    def choose(
        self, game: GameState, legal: tuple[Action, ...] | None = None, cancel: CancelToken | None = None
    ) -> Action:
        # The auction's decisions (advanced game) pay off only through the purchases after
        # them, beyond what the tree can see: Normal's rules make them (auction.py). The bid
        # and the removal come before the round's tiles are laid; the colours come after, and
        # with `colours="playout"` each is played out to the round's end (`_colour`).
        played_out = game.phase == COLOUR and self.settings(game).colours == "playout"
        if game.phase in AUCTION_PHASES and not played_out:
            return self._ranker.choose(game, legal, cancel)
        return super().choose(game, legal, cancel)

    # Budget ----------------------------------------------------------------------------------
    def budget(self, game: GameState, legal: Sequence[Action]) -> int:
        if self.iterations is not None:
            return self.iterations
        st = self.settings(game)
        return max(st.min_iterations, min(st.max_iterations, st.per_option * len(legal)))

    # The search --------------------------------------------------------------------------------
    def _choose(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        # The tree holds thousands of states and makes no reference cycles: with the cyclic
        # garbage collector on, its full collections took a third of the search's time, in
        # pauses of up to 0.4 s (which also held up the screens' thread).
        collecting = gc.isenabled()
        gc.disable()
        try:
            if game.phase == COLOUR:
                return self._colour(game, legal, cancel)
            if game.phase in LOOKAHEAD_PHASES and self.settings(game).lookahead:
                return self._lookahead(game, legal, cancel)
            return self._search(game, legal, cancel)
        finally:
            if collecting:
                gc.enable()

    def _search(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        started = time.perf_counter()
        base = _canonical(game)
        n = game.n
        rng = random.Random(self.rng.getrandbits(64))  # rollout and tie-break choices, from the bot's seed
        root = self._reusable(game, legal)
        reused = 0 if root is None else root.n
        st = self.settings(game)
        if root is None:
            root = _Node(n, False, base)
            root.expand(base, self._candidates(base, tuple(legal), st.candidates, cancel), rng)
        self._tree = None
        budget = self.budget(game, legal)  # the whole choice's budget, however few are searched
        c = st.exploration
        max_seconds = st.max_seconds
        early_stop = st.early_stop
        settle = st.settle
        rollout = st.rollout
        start_round = game.round
        stop_round = game.round + 1
        # With the search (tree and rollouts) ending at the end of this round, nothing it
        # looks at depends on the hidden order (in the advanced game the next auction's
        # Vikings and special tiles lie open past it, but the evaluation reads neither), so
        # no sample is drawn and a barrier leaf keeps its value.
        done = 0
        capped = settled = False
        while done < budget:
            if done % _CHECK_EVERY == 0:
                if cancel is not None:
                    cancel.check()
                    cancel.report(done / budget)
                if done and time.perf_counter() - started > max_seconds:
                    capped = True
                    break
                if early_stop and done and _decided(root, budget - done):
                    break  # no other child can catch up: the answer cannot change
                if settle is not None and done and _settled(root, settle):
                    settled = True
                    break  # the game is decided whatever is chosen here
            node = root
            path = [root]
            # Selection and expansion, inside the current round only, where every node
            # keeps its state: no replaying of the path.
            u: list[float] | None = None
            while True:
                ns = cast(GameState, node.state)  # (a node inside the round keeps its state)
                if node.children is None:
                    node.expand(ns, ns.legal_actions(), rng)
                children = cast("list[_Node | None]", node.children)  # (expanded)
                if node.expanded < len(children):
                    i = cast("list[int]", node.order)[node.expanded]
                    node.expanded += 1
                    a = node.actions[i]
                    s = ns.copy()
                    s.apply(a)
                    barrier = s.round != start_round or s.phase == OVER
                    child = children[i] = _Node(n, barrier, None if barrier else s)
                    path.append(child)
                    if not barrier and rollout:
                        s = s.copy()
                    break
                i = _select(node, c)
                child = cast(_Node, children[i])  # (all children created: `_select` chooses among them)
                path.append(child)
                if child.barrier:
                    u = child.u  # nothing past the barrier is looked at: the value stands
                    break
                node = child
            if u is None:
                if rollout and s.phase != OVER:
                    _rollout(s, rng, stop_round)
                u = evaluate.utilities(s)
                if path[-1].barrier:
                    path[-1].u = u
            for nd in path:
                nd.n += 1
                w = nd.w
                for p in range(n):
                    w[p] += u[p]
            done += 1
        self.simulations += done
        best = self._best(root)
        if self.reuse:
            self._tree = (game.history, game.round, root)
        children = cast("list[_Node | None]", root.children)  # (the root is expanded)
        self.last_stats = {
            "iterations": done,
            "budget": budget,
            "seconds": time.perf_counter() - started,
            "capped": capped,
            "settled": settled,
            "options": len(legal),
            "reused": reused,
            "visits": {str(a): (ch.n if ch else 0) for a, ch in zip(root.actions, children)},
        }
        return root.actions[best]

    def _lookahead(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        """A decision by playouts to the round's end (3-4 players; lookahead.py)."""
        started = time.perf_counter()
        base = _canonical(game)
        st = self.settings(game)
        # Purchases go best first (playouts start with the likeliest) and keep `candidates`.
        keep = st.candidates if base.phase == PURCHASE else 0
        options = tuple(legal)
        if keep:
            options = tuple(options[i] for i in self._normals_best(base, options, keep, cancel))
        refine, hard = st.refine, None
        if refine > 1 and st.watch:
            hard = self._watched(game, cancel)
            if hard:
                hard |= {game.to_move}  # its own later turns as Hard plays them
            else:
                refine = 0  # everyone else plays like Normal: Normal is the model, as for Hard
        look = RoundLookahead(self._ranker, self.rng, st.max_seconds, refine, hard, blend=st.blend)
        action, stats = look.choose(base, options, cancel, started)
        self.playouts += look.playouts
        self.last_stats = {**stats, "seconds": time.perf_counter() - started, "options": len(legal)}
        return action

    def _colour(self, game: GameState, legal: tuple[Action, ...], cancel: CancelToken | None) -> Action:
        """A colour of the advanced game's auction, with the setting `colours` ("playout").
        The round's tiles lie on the wheel by then, so nothing random stands between a colour
        and the round's end: each colour is played out to there with Normal for every player,
        as `lookahead` does, and the best chance is taken. Normal's draft orders the colours,
        so that where the time runs out (a playout past the cap is dropped) Normal's likeliest
        were judged, and with none judged its own colour stands."""
        started = time.perf_counter()
        st = self.settings(game)
        base = _canonical(game)
        colours = cast("tuple[ChooseColour, ...]", legal)
        scores = colour_scores(base, game.to_move, colours, Gains(base, cancel))
        options = tuple(legal[i] for i in best_few(scores, len(legal)))
        look = RoundLookahead(self._ranker, self.rng, st.max_seconds, strict=True)
        action, stats = look.choose(base, options, cancel, started)
        self.playouts += look.playouts
        self.last_stats = {**stats, "seconds": time.perf_counter() - started, "options": len(legal)}
        return action

    def _watched(self, game: GameState, cancel: CancelToken | None) -> frozenset[int]:
        """The other players whose purchases so far say Hard is their model (table_watch.py)."""
        if self._watch is None or self._watch.me != game.to_move:
            # its own Normal: the ranker's generator (its ties) stays the playouts' alone
            self._watch = TableWatch(NormalBot(self.seed), game.to_move)
        self._watch.observe(game, cancel)
        return self._watch.hard_players(game.n)

    def _candidates(
        self, base: GameState, legal: tuple[Action, ...], keep: int, cancel: CancelToken | None
    ) -> tuple[Action, ...]:
        """The purchases worth searching: Normal's best `keep`, in their legal order, so the
        effort goes to plausible groups instead of being spread over all of them."""
        if not keep or base.phase != PURCHASE or len(legal) <= keep:
            return legal
        return tuple(legal[i] for i in sorted(self._normals_best(base, legal, keep, cancel)))

    def _normals_best(
        self, base: GameState, options: tuple[Action, ...], keep: int, cancel: CancelToken | None
    ) -> list[int]:
        """The indices of Normal's best `keep` options, best first."""
        scores = self._ranker.scores(base.copy(), options, cancel)
        return best_few(scores, keep)

    def _reusable(self, game: GameState, legal: Sequence[Action]) -> _Node | None:
        """The node of the last search's tree that stands for `game`, if the game went on
        from that search's root by actions the tree knows, inside the same round."""
        if self._tree is None:
            return None
        history, rnd, node = self._tree
        if game.round != rnd:
            return None
        path: list[Action] = []
        h = game.history
        try:  # the history is a linked list of (earlier, action) pairs shared by copies
            while h is not history:
                if h is None or len(path) > 64:
                    return None
                h, a = h
                path.append(a)
        except (TypeError, ValueError):
            return None
        for a in reversed(path):
            if node.barrier or node.children is None:
                return None
            for i, b in enumerate(node.actions):  # noqa: B007 (i is the index found)
                if b is a:
                    break
            else:
                return None
            child = node.children[i]
            if child is None:
                return None
            node = child
        if node.barrier or node.children is None or node.n == 0 or tuple(node.actions) != tuple(legal):
            return None
        return node

    def _best(self, root: _Node) -> int:
        p = root.mover
        best_i, best_key = 0, None
        for i, ch in enumerate(cast("list[_Node | None]", root.children)):
            if ch is None or ch.n == 0:
                continue
            key = (ch.n, ch.w[p] / ch.n)
            if best_key is None or key > best_key:
                best_key, best_i = key, i
        return best_i


def _decided(root: _Node, left: int) -> bool:
    """Whether the most visited child leads by more visits than are left to give."""
    first = second = 0
    children = cast("list[_Node | None]", root.children)  # (the root is expanded)
    for ch in children:
        if ch is None:
            if root.expanded < len(children):
                return False
            continue
        if ch.n > first:
            first, second = ch.n, first
        elif ch.n > second:
            second = ch.n
    return first - second > left


def _settled(root: _Node, margin: float) -> bool:
    """Whether every option has been tried `SETTLE_VISITS` times and all their mean
    chances to win for the player to move lie within `margin` of 1 (or all of 0): the
    choice no longer changes the outcome."""
    children = cast("list[_Node | None]", root.children)  # (the root is expanded)
    if root.expanded < len(children):
        return False
    p = root.mover
    low, high = 1.0, 0.0
    for ch in children:
        if ch is None or ch.n < SETTLE_VISITS:
            return False
        mean = ch.w[p] / ch.n
        low, high = min(low, mean), max(high, mean)
    return low >= 1.0 - margin or high <= margin


def _select(node: _Node, c: float) -> int:
    """UCT for the player to move at `node` on her own mean utility, with a prior bias
    that fades with visits."""
    p = node.mover
    log_n = math.log(node.n)
    sqrt = math.sqrt
    best_i, best_v = -1, -1e9
    priors = cast("list[float]", node.priors)  # (the node is expanded, its children all created)
    pw = PRIOR_WEIGHT
    for i, ch in enumerate(cast("list[_Node]", node.children)):
        cn = ch.n
        v = ch.w[p] / cn + c * sqrt(log_n / cn) + pw * priors[i] / (1 + cn)
        if v > best_v:
            best_v, best_i = v, i
    return best_i


def _canonical(game: GameState) -> GameState:
    """A quiet copy to search from, holding nothing a player cannot see: its hidden order
    is a fixed re-draw (`determinized` never reads the real one). The tree's states derive
    from it."""
    base = game.determinized(0)
    base.quiet = True
    return base


def _prior(s: GameState, a: Action) -> float:
    """A cheap guess at how good action `a` is for the player to move (higher is better)."""
    if isinstance(a, PlaceViking):
        return 1.0 if a.on_tile else 0.0
    if isinstance(a, PlaceTile):
        if a.row == 0:
            return 0.5
        k = s.hand_viking
        return 1.0 if k >= 0 and s.rules.viking_row[k] == a.row else 0.2
    if isinstance(a, Buy):
        d = s.displays[s.to_move]
        price = a.space - s.offset
        return 0.6 - 0.03 * price - (0.5 if price > d.gold else 0.0)
    if isinstance(a, PlaceStart):
        return 0.5
    if isinstance(a, TakeSpecial):
        return 0.6
    if isinstance(a, DeclineSpecial):
        return 0.2
    if isinstance(a, Bid):
        return 0.5 - 0.05 * a.amount
    return 0.5


def _rollout(s: GameState, rng: random.Random, stop_round: int) -> None:
    """Play on with a light policy until the game ends or round `stop_round` begins."""
    rules = s.rules
    viking_row = rules.viking_row
    tile_is_ship = rules.tile_is_ship
    rand = rng.random
    a: Action | None
    while True:
        phase = s.phase
        if phase == OVER or s.round >= stop_round:
            return
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0])
            continue
        if phase == PURCHASE:
            d = s.displays[s.to_move]
            top = s.offset + d.gold
            cheap = [a for a in cast("tuple[Buy, ...]", legal) if a.space <= top]
            pick = cheap if cheap else legal
            a = pick[int(rand() * len(pick))]
        elif phase == PLACE:
            a = None
            k = s.hand_viking
            if s.hand_tile >= 0 and not tile_is_ship[s.hand_tile] and k >= 0 and rand() < 0.85:
                row = viking_row[k]
                good = [x for x in legal if type(x) is PlaceTile and x.row == row]
                if good:
                    a = good[int(rand() * len(good))]
            if a is None:
                a = legal[int(rand() * len(legal))]
        elif phase == VIKING:
            on_tile = rand() < 0.9
            places = cast("tuple[PlaceViking, ...]", legal)
            a = places[0] if places[0].on_tile == on_tile else places[1]
        elif phase == BID:  # (advanced game) pass; the opener bids the least
            a = legal[-1] if type(legal[-1]) is PassBid else legal[0]
        elif phase == SPECIAL:  # (advanced game) mostly the first face-up tile
            a = legal[0] if rand() < 0.8 else legal[-1]
        else:  # BOATSWAIN, BOATSWAIN_MOVE; the advanced game's REMOVE, COLOUR, REPLACE
            a = legal[int(rand() * len(legal))]
        s.apply(a)


def make_search_bot(level: str, seed: int = 0, **options: Any) -> SearchBot:
    """Hard or Expert; `options` override the level's settings (see SearchBot)."""
    return SearchBot(seed, level=level.lower(), **options)


__all__ = ["SearchBot", "SearchSettings", "make_search_bot", "LEVELS", "SETTING_NAMES", "level_settings"]
