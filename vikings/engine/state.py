"""The game state and its one door: `legal_actions()` and `apply()`.

Everything a player can do goes through these two methods, for people, bots and tests
alike. The engine resolves on its own whatever involves no choice (laying out the offer,
turning the wheel, discarding an unplaceable tile, scoring) and reports it as events.

Phases (who decides, and what):
  purchase       the player to move buys one group from the wheel
  place          she places the bought tile and, on her first purchase, the start tile
  viking         she puts the bought Viking on the tile just placed or in the pool
  boatswain      in a large scoring: use a boatswain or finish
  boatswain_move choose the empty tile for the next Viking a boatswain moves
  over           the game has ended
The advanced game (GameConfig.options; advanced.py, docs/advanced.md) adds:
  bid            auction: bid or pass
  remove         auction winner: remove one of the drawn Vikings
  colour         choose the colour that goes on the wheel's highest free spaces
  special        after buying the dearest group: take a face-up special tile or not
  replace        choose the middle tile a building special tile replaces
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, TypeAlias, cast

from vikings.engine.actions import (
    Action,
    Buy,
    FinishBoatswains,
    MoveViking,
    PlaceStart,
    PlaceTile,
    PlaceViking,
    UseBoatswain,
)
from vikings.engine.advanced import Advanced, AdvancedPlay
from vikings.engine.components import Rules
from vikings.engine.config import MAX_HANDICAP
from vikings.engine.config import GameConfig as GameConfig
from vikings.engine.display import Display, fitting_cells, ship_columns, start_rows
from vikings.engine.errors import ConfigError, IllegalAction
from vikings.engine.events import Event

# The phases, re-exported: the layers above import them from here too ("X as X" marks an export).
from vikings.engine.phases import (
    AUCTION as AUCTION,
)
from vikings.engine.phases import (
    BID as BID,
)
from vikings.engine.phases import (
    BOATSWAIN as BOATSWAIN,
)
from vikings.engine.phases import (
    BOATSWAIN_MOVE as BOATSWAIN_MOVE,
)
from vikings.engine.phases import (
    COLOUR as COLOUR,
)
from vikings.engine.phases import (
    OPTIONS as OPTIONS,
)
from vikings.engine.phases import (
    OVER as OVER,
)
from vikings.engine.phases import (
    PLACE as PLACE,
)
from vikings.engine.phases import (
    PURCHASE as PURCHASE,
)
from vikings.engine.phases import (
    REMOVE as REMOVE,
)
from vikings.engine.phases import (
    REPLACE as REPLACE,
)
from vikings.engine.phases import (
    RULES_VERSION as RULES_VERSION,
)
from vikings.engine.phases import (
    RULES_VERSIONS as RULES_VERSIONS,
)
from vikings.engine.phases import (
    SINGLE_BOATSWAIN as SINGLE_BOATSWAIN,
)
from vikings.engine.phases import (
    SPECIAL as SPECIAL,
)
from vikings.engine.phases import (
    SPECIAL_TILES as SPECIAL_TILES,
)
from vikings.engine.phases import (
    VIKING as VIKING,
)
from vikings.engine.rng import Rng
from vikings.engine.scoring import PlayerScore, final_scoring, large_scoring, ranking, small_scoring

if TYPE_CHECKING:
    # The actions played so far, newest first: (older history, action), None at the start.
    History: TypeAlias = "tuple[History, Action] | None"
    # Per scoring: (round, kind, the players' scores).
    Scores: TypeAlias = tuple[tuple[int, str, tuple[PlayerScore, ...]], ...]

_FINISH = FinishBoatswains()
_EACH = UseBoatswain("each", -1)
_ON_TILE = (PlaceViking(True), PlaceViking(False))
# Prebuilt actions: legal-action lists are rebuilt constantly in search and random play.
_BUY = tuple(Buy(s) for s in range(64))
_START = tuple(PlaceStart(r) for r in range(32))
_SHIP = tuple(PlaceTile(0, c) for c in range(128))
_ALL = tuple(UseBoatswain("all", k) for k in range(16))
# Island placements, _TILE_AT[row][col], read by fitting_cells (which makes any beyond it).
_TILE_AT = tuple(tuple(PlaceTile(r, c) if r and c else None for c in range(64)) for r in range(8))


class GameState(AdvancedPlay):
    __slots__ = (
        "adv",
        "rules",
        "config",
        "n",
        "displays",
        "round",
        "start_player",
        "to_move",
        "phase",
        "stacks",
        "bag",
        "wheel_tile",
        "wheel_viking",
        "offset",
        "bought",
        "hand_tile",
        "hand_viking",
        "placed_at",
        "scorers",
        "moves",
        "removed_vikings",
        "removed_tiles",
        "rng",
        "history",
        "scores",
        "track",
        "ranks",
        "quiet",
        "_legal",
        "_events",
    )
    adv: Advanced | None  # the advanced game's part; None in a standard game
    rules: Rules
    config: GameConfig
    n: int
    displays: list[Display]
    round: int
    start_player: int
    to_move: int
    phase: str
    stacks: tuple[tuple[int, ...], ...]
    bag: list[int]
    wheel_tile: list[int]
    wheel_viking: list[int]
    offset: int
    bought: int
    hand_tile: int
    hand_viking: int
    placed_at: tuple[int, int] | None
    scorers: tuple[int, ...]
    moves: tuple[int, ...]
    removed_vikings: list[int]
    removed_tiles: list[int]
    rng: Rng
    history: History
    scores: Scores
    track: tuple[tuple[tuple[int, int], ...], ...]
    ranks: tuple[int, ...] | None
    quiet: bool
    _legal: tuple[Action, ...] | None
    _events: list[Event] | None

    # Creation ----------------------------------------------------------------------------
    @classmethod
    def new(cls, config: GameConfig, rules: Rules) -> GameState:
        n = len(config.players)
        if n not in rules.setup:
            raise ConfigError(f"Vikings is played by {min(rules.setup)}-{max(rules.setup)} players, not {n}")
        unknown = set(config.options) - set(OPTIONS)
        if unknown:
            raise ConfigError(f"unknown rule options: {', '.join(sorted(unknown))} (known: {', '.join(OPTIONS)})")
        if SPECIAL_TILES in config.options and not rules.specials:
            raise ConfigError("the special_tiles option needs special tiles in the game data")
        if config.rules_version not in RULES_VERSIONS:
            raise ConfigError(
                f"rules version {config.rules_version!r} is not known (known: {', '.join(map(str, RULES_VERSIONS))})"
            )
        if config.start_player is not None and not 0 <= config.start_player < n:
            raise ConfigError(f"start player must be 0-{n - 1}, not {config.start_player}")
        if config.handicap and (
            len(config.handicap) != n or not all(type(g) is int and 0 <= g <= MAX_HANDICAP for g in config.handicap)
        ):
            raise ConfigError(f"a handicap is 0-{MAX_HANDICAP} extra Gold for each of the {n} players")
        s = cls.__new__(cls)
        s.rules = rules
        s.config = config
        s.n = n
        gold, fame = rules.setup[n]
        extra = config.handicap or (0,) * n  # the house rule's extra Gold (docs/rulings.md)
        s.displays = [Display(rules, gold + extra[i], fame) for i in range(n)]
        s.rng = Rng(config.seed)
        s.start_player = s.rng.below(n) if config.start_player is None else config.start_player
        # The shuffled tiles (all but the start tiles) dealt into one stack per round.
        tiles = list(rules.deck)
        s.rng.shuffle(tiles)
        size = rules.wheel_spaces
        s.stacks = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(rules.rounds))
        s.adv = Advanced(config.options, n) if config.options else None
        if s.adv is not None and s.adv.specials:
            supply = list(rules.special_deck)
            s.rng.shuffle(supply)
            s.adv.supply = tuple(supply)
        s.bag = [v.count for v in rules.vikings]
        s.removed_vikings = [0] * len(rules.vikings)
        s.removed_tiles = [0] * len(rules.tiles)
        s.removed_tiles[rules.start_tile] = rules.tiles[rules.start_tile].count - n  # unused start tiles
        s.round = 0
        s.to_move = s.start_player
        s.hand_tile = s.hand_viking = -1
        s.placed_at = None
        s.scorers = ()
        s.moves = ()
        s.history = None
        s.scores = ()
        s.track = ()
        s.ranks = None
        s.quiet = False
        s._legal = None
        s._events = []
        s._lay_offer()
        s._events = None
        return s

    def copy(self) -> GameState:
        """An independent copy (no mutable state shared); cheap enough for search."""
        c = GameState.__new__(GameState)
        c.rules = self.rules
        c.config = self.config
        c.n = self.n
        adv = self.adv
        c.adv = adv if adv is None else adv.copy()
        c.displays = [d.copy() for d in self.displays]
        c.round = self.round
        c.start_player = self.start_player
        c.to_move = self.to_move
        c.phase = self.phase
        c.stacks = self.stacks
        c.bag = self.bag[:]
        c.wheel_tile = self.wheel_tile[:]
        c.wheel_viking = self.wheel_viking[:]
        c.offset = self.offset
        c.bought = self.bought
        c.hand_tile = self.hand_tile
        c.hand_viking = self.hand_viking
        c.placed_at = self.placed_at
        c.scorers = self.scorers
        c.moves = self.moves
        c.removed_vikings = self.removed_vikings[:]
        c.removed_tiles = self.removed_tiles[:]
        c.rng = Rng(state=self.rng.state)
        c.history = self.history
        c.scores = self.scores
        c.track = self.track
        c.ranks = self.ranks
        c.quiet = self.quiet
        c._legal = self._legal
        c._events = None
        return c

    def determinized(self, seed: int) -> GameState:
        """A copy in which everything no player has seen is re-drawn with `seed`: the order
        of the tiles in the stacks still face down, and the generator behind future bag
        draws. What a player knows (which tiles and Vikings remain) is unchanged."""
        c = self.copy()
        c.rng = Rng(seed)
        # Sorted first: the result must depend on the seed and on what is known (which
        # tiles remain), never on their real order.
        hidden = sorted(t for stack in c.stacks for t in stack)
        c.rng.shuffle(hidden)
        stacks, i = [], 0
        for stack in c.stacks:
            stacks.append(tuple(hidden[i : i + len(stack)]))
            i += len(stack)
        c.stacks = tuple(stacks)
        if c.adv is not None and c.adv.supply:  # the special tiles still face down
            supply = sorted(c.adv.supply)
            c.rng.shuffle(supply)
            c.adv.supply = tuple(supply)
        return c

    def __eq__(self, other: object) -> bool:
        """Equal games: same data files and every field of play (not caches or `quiet`)."""
        return (
            isinstance(other, GameState)
            and self.rules.digest == other.rules.digest
            and all(getattr(self, f) == getattr(other, f) for f in _COMPARED)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable

    # Queries -------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scoring_kind(self) -> str:
        """The scoring that ends the current round: small or large (final follows round 6's)."""
        return self.rules.schedule[self.round]

    def actions(self) -> list[Action]:
        """The actions played so far, oldest first."""
        out: list[Action] = []
        node = self.history
        while node is not None:
            node, a = node
            out.append(a)
        out.reverse()
        return out

    def price(self, space: int) -> int:
        return space - self.offset

    def groups(self) -> list[int]:
        """Wheel spaces that still hold a group."""
        return [s for s, t in enumerate(self.wheel_tile) if t >= 0]

    def buy_blockers(self, space: int) -> str | None:
        """Why the player to move may not buy the group at `space`, or None if she may."""
        if self.phase != PURCHASE:
            return "groups are bought only at the start of a turn"
        if not 0 <= space < len(self.wheel_tile) or self.wheel_tile[space] < 0:
            return "there is no group there"
        if Buy(space) in self.legal_actions():
            return None
        price = self.price(space)
        if price == 0:
            return "the group at 0 may be taken only when its Viking is the last of its colour on the wheel"
        d = self.displays[self.to_move]
        return f"it costs {price}, more than {d.gold} Gold and {d.fame} Fame"

    def fame_cost(self, space: int) -> int:
        """Fame the player to move would give up to buy the group at `space`."""
        return max(0, self.price(space) - self.displays[self.to_move].gold)

    # The door --------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal decision of the player to move (empty once the game is over), in a
        fixed order. A tuple, so that copies can share it safely."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        return legal

    def apply(self, action: Action) -> list[Event]:
        """Carry out one decision of the player to move and everything that follows from it
        until the next decision. Returns the events it caused. An illegal action raises
        IllegalAction and leaves the state unchanged."""
        legal = self._legal  # legal_actions() inlined: apply is the hottest call in search
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None  # a step below may set the next decision's list directly
        events: list[Event] | None
        self._events = events = None if self.quiet else []  # (None outside apply)
        self.history = (self.history, action)
        phase = self.phase
        # The phase tells the action's kind (it is legal); the type checker cannot see that.
        if phase == PURCHASE:
            self._buy(action.space)  # type: ignore[attr-defined]
        elif phase == PLACE:
            self._place(action)  # type: ignore[arg-type]
        elif phase == VIKING:
            self._settle_viking(action.on_tile)  # type: ignore[attr-defined]
        elif phase == BOATSWAIN:
            self._boatswain(action)  # type: ignore[arg-type]
        elif phase == BOATSWAIN_MOVE:
            self._move(action.row, action.col)  # type: ignore[attr-defined]
        else:
            self._advanced_apply(action)
        if events is None:
            return []
        self._events = None
        return events

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        if self.phase == OVER:
            return "the game is over: no more actions"
        if self.phase == PURCHASE and isinstance(action, Buy):
            return f"cannot buy at space {action.space}: {self.buy_blockers(action.space)}"
        legal = ", ".join(map(str, self.legal_actions()))
        return f"'{action}' is not legal now (phase {self.phase}); legal: {legal}"

    def _emit(self, type_: str, player: int | None, **data: object) -> None:
        """Record an event (callers check `_events` first, so quiet states pay nothing)."""
        self._events.append(Event(type_, player, data))  # type: ignore[union-attr]  # (checked by callers)

    # Legal actions per phase ------------------------------------------------------------------
    def _compute_legal(self) -> tuple[Action, ...] | list[Action]:
        phase = self.phase
        if phase == PURCHASE:
            return self._buy_actions()
        if phase == PLACE:
            return self._place_actions()
        if phase == VIKING:
            return _ON_TILE
        if phase == BOATSWAIN:
            return self._boatswain_options()
        if phase == BOATSWAIN_MOVE:
            row = self.rules.viking_row[self.moves[0]]
            return _moves_to(row, self.displays[self.to_move].empty_tiles(row))
        if self.adv is not None:
            return self._advanced_legal(phase)
        return []

    def _buy_actions(self) -> tuple[Action, ...]:
        wt, wv, zero = self.wheel_tile, self.wheel_viking, self.offset
        d = self.displays[self.to_move]
        size = len(wt)
        last = zero + d.gold + d.fame  # the dearest affordable price
        if last >= size:
            last = size - 1
        out = []  # (a plain loop: cheaper than a comprehension for a dozen spaces in Python 3.11)
        for s in range(zero + 1, last + 1):
            if wt[s] >= 0:
                out.append(_BUY[s])
        # The 0 group: only when its Viking is the last of its colour on the wheel, or when
        # the player's Gold (Fame aside) cannot pay the cheapest other group. That group is
        # the first in `out` if any; if `out` is empty there is none, or it costs more than
        # Gold and Fame together.
        if wv.count(wv[zero]) == 1 or not out or d.gold < out[0].space - zero:
            return (_BUY[zero], *out)
        return tuple(out)

    def _place_actions(self) -> list[Action]:
        """Where the bought tile may go, and the start tile while it is still in hand."""
        d = self.displays[self.to_move]
        tile = self.hand_tile
        out: list[Action]
        if tile >= 0 and self.placed_at is None:
            rules = self.rules
            if rules.tile_is_ship[tile]:
                out = [_SHIP[c] for c in ship_columns(d, rules)]
            else:
                out = fitting_cells(d, tile, rules, _TILE_AT, PlaceTile)
        else:
            out = []
        if d.start_tile >= 0:
            out += [_START[r] for r in start_rows(d, self.rules)]
        return out

    # Offer and purchase -------------------------------------------------------------------------
    def _lay_offer(self) -> None:
        adv = self.adv
        if adv is not None:
            if adv.specials:
                self._refill_specials()
            if adv.auction:
                self._start_auction()
                return
        islands, ships = self._lay_tiles()
        drawn = self.rng.draw(self.bag, self.rules.wheel_spaces)
        drawn.sort()  # kinds are numbered in the offer's colour order
        wt = self.wheel_tile
        self.wheel_viking = drawn
        self.offset = 0
        self.bought = 0
        self.to_move = self.start_player
        self.phase = PURCHASE
        if self._events is not None:  # quiet copies skip building events
            self._emit(
                "offer",
                self.start_player,
                round=self.round + 1,
                islands=islands,
                ships=ships,
                tiles=wt[:],
                vikings=drawn[:],
                bag=sum(self.bag),
            )

    def _lay_tiles(self) -> tuple[int, int]:
        """The round's stack onto the wheel: islands from 0 up, ships from the top down."""
        rules = self.rules
        size = rules.wheel_spaces
        stack = self.stacks[self.round]
        self.stacks = self.stacks[: self.round] + ((),) + self.stacks[self.round + 1 :]
        wt = [-1] * size
        islands = ships = 0
        for t in stack:
            if rules.tile_is_ship[t]:
                wt[size - 1 - ships] = t
                ships += 1
            else:
                wt[islands] = t
                islands += 1
        self.wheel_tile = wt
        return islands, ships

    def _buy(self, space: int) -> None:
        p = self.to_move
        d = self.displays[p]
        wt, wv = self.wheel_tile, self.wheel_viking
        price = space - self.offset
        gold = d.gold if d.gold < price else price
        d.gold -= gold
        d.fame -= price - gold
        tile, viking = wt[space], wv[space]
        special = self.adv is not None and self.brings_special(space)
        wt[space] = wv[space] = -1
        self.bought += 1
        if self._events is not None:
            self._emit("bought", p, space=space, price=price, tile=tile, viking=viking, gold=gold, fame=price - gold)
        if space == self.offset and self.bought < len(wt):
            nxt = space + 1
            while wt[nxt] < 0:
                nxt += 1
            if self._events is not None:
                self._emit("wheel_turned", None, steps=nxt - space)
            self.offset = nxt
        self.hand_tile, self.hand_viking, self.placed_at = tile, viking, None
        if special:
            self._offer_special()
            return
        self._continue_placing()

    # Placing --------------------------------------------------------------------------------------
    def _continue_placing(self) -> None:
        """After a purchase or a placement: ask for what is still to place, discard a tile
        that fits nowhere (once the start tile, which may make room, is down), or move on
        to the Viking."""
        self.phase = PLACE
        legal = self._place_actions()
        if legal:
            self._legal = tuple(legal)
            return
        if self.placed_at is None and self.hand_tile >= 0:
            self.removed_tiles[self.hand_tile] += 1
            if self._events is not None:
                self._emit("tile_discarded", self.to_move, tile=self.hand_tile)
            self.hand_tile = -1
        self._offer_viking()

    def _place(self, action: PlaceStart | PlaceTile) -> None:
        p = self.to_move
        d = self.displays[p]
        if isinstance(action, PlaceStart):
            d.put(action.row, 1, d.start_tile)
            if self._events is not None:
                self._emit("start_tile_placed", p, row=action.row, col=1, tile=d.start_tile)
            d.start_tile = -1
        else:
            d.put(action.row, action.col, self.hand_tile)
            if self._events is not None:
                self._emit("tile_placed", p, row=action.row, col=action.col, tile=self.hand_tile)
            self.placed_at = (action.row, action.col)
            if self.adv is not None and action.row > 0 and self.adv.held[p]:
                self._swap_in(p, action.row, action.col, self.hand_tile)
            self.hand_tile = -1
            if d.start_tile < 0:  # nothing left to place (the common case): on to the Viking
                if action.row > 0 and self.rules.viking_row[self.hand_viking] == action.row:
                    self.phase = VIKING  # (as _offer_viking, without its checks)
                    self._legal = _ON_TILE
                else:
                    self._settle_viking(False)
                return
        self._continue_placing()

    def _offer_viking(self) -> None:
        at = self.placed_at
        if at is not None and at[0] > 0 and self.rules.viking_row[self.hand_viking] == at[0]:
            self.phase = VIKING
            self._legal = _ON_TILE
        else:
            self._settle_viking(False)

    def _settle_viking(self, on_tile: bool) -> None:
        p = self.to_move
        d = self.displays[p]
        k = self.hand_viking
        if on_tile:
            row, col = self.placed_at  # type: ignore[misc]  # (set whenever on_tile is legal)
            d.occupy(row, col)
            if self._events is not None:
                self._emit("viking_placed", p, viking=k, row=row, col=col)
        else:
            d.pool[k] += 1
            if self._events is not None:
                self._emit("viking_to_pool", p, viking=k)
        self.hand_viking = -1
        self.placed_at = None
        if self.bought == len(self.wheel_tile):
            self._end_round()
        else:
            self.to_move = (p + 1) % self.n
            self.phase = PURCHASE

    # Scoring --------------------------------------------------------------------------------------
    def _order(self) -> tuple[int, ...]:
        return tuple((self.start_player + i) % self.n for i in range(self.n))

    def _record(self, score: PlayerScore) -> None:
        d = self.displays[score.player]
        d.gold, d.fame = score.gold, score.fame
        if self._events is not None:
            data = score.to_json()
            data["round"] = self.round + 1
            self._events.append(Event("scoring", score.player, data))

    def _end_round(self) -> None:
        if self.scoring_kind == "small":
            scores = [small_scoring(self.displays[p], self.rules, p) for p in self._order()]
            if self.adv is not None and self.adv.specials:
                scores = [self._with_specials(score, "small") for score in scores]
            for score in scores:
                self._record(score)
            self.scores += ((self.round + 1, "small", tuple(sorted(scores))),)
            self._after_scoring()
        else:
            self.scorers = self._order()
            self.scores += ((self.round + 1, "large", ()),)
            self._next_scorer()

    def _next_scorer(self) -> None:
        """Large scoring, player by player: boatswains first, then the Vikings score."""
        rules = self.rules
        while self.scorers:
            p = self.scorers[0]
            d = self.displays[p]
            if d.pool[rules.boatswain]:
                counts = _movable(d, rules)
                if any(counts):
                    self.to_move = p
                    self.phase = BOATSWAIN
                    self._legal = self._boatswain_choices(d, counts)  # known here: no need to recount
                    return
            self._score_large(p)
        self._after_scoring()

    def _score_large(self, p: int) -> None:
        score = large_scoring(self.displays[p], self.rules, p)
        if self.adv is not None and self.adv.specials:
            score = self._with_specials(score, "large")
        self._record(score)
        rnd, kind, done = self.scores[-1]
        self.scores = self.scores[:-1] + ((rnd, kind, done + (score,)),)
        self.scorers = self.scorers[1:]

    def _after_scoring(self) -> None:
        self.track += (tuple((d.fame, d.gold) for d in self.displays),)
        if self.round + 1 < self.rules.rounds:
            self.round += 1
            # The ship passes clockwise (with the auction too: its winner holds it for her
            # round only), except in games saved under the first reading (rules version 1).
            if self.adv is None or not self.adv.auction or self.config.rules_version != 1:
                self.start_player = (self.start_player + 1) % self.n
                if self._events is not None:
                    self._emit("start_player", self.start_player, after="scoring")
            self._lay_offer()
            return
        adv = self.adv
        if adv is not None and adv.specials:
            scores = final_scoring(self.displays, self.rules, list(zip(adv.held, adv.placed)))
        else:
            scores = final_scoring(self.displays, self.rules)
        for score in scores:
            self._record(score)
        self.scores += ((self.round + 1, "final", tuple(scores)),)
        self.ranks = tuple(ranking(self.displays))
        self.phase = OVER
        self.to_move = -1
        if self._events is not None:
            self._emit(
                "game_over",
                None,
                ranks=list(self.ranks),
                fame=[d.fame for d in self.displays],
                gold=[d.gold for d in self.displays],
            )

    # Boatswains -------------------------------------------------------------------------------------
    @property
    def boatswains_obliged(self) -> bool:
        """In the last large scoring a player must move as many Vikings as can be moved."""
        return self.round + 1 == self.rules.rounds

    def _boatswain_options(self) -> tuple[Action, ...]:
        d = self.displays[self.to_move]
        return self._boatswain_choices(d, _movable(d, self.rules))

    def _boatswain_choices(self, d: Display, counts: tuple[int, ...]) -> tuple[Action, ...]:
        if self.adv is not None and self.adv.single:
            return self._single_choices(d, counts)
        opts: list[Action] = [_ALL[k] for k, c in enumerate(counts) if c]
        if len(opts) > 1 or max(counts) > 1:
            opts.append(_EACH)  # with one Viking of one colour it would equal "all"
        if not self.boatswains_obliged:
            opts.append(_FINISH)
            return tuple(opts)
        # Keep the options after which the most Vikings can still be moved.
        sizes, each = _thrifty(d.pool[self.rules.boatswain], tuple(sorted([c for c in counts if c])))
        keep = [_ALL[k] for k, c in enumerate(counts) if c in sizes]
        if each and opts[-1] is _EACH:
            keep.append(_EACH)
        return tuple(keep)

    def _boatswain(self, action: UseBoatswain | FinishBoatswains) -> None:
        p = self.to_move
        if action is _FINISH:
            self._score_large(p)
            self._next_scorer()
            return
        action = cast(UseBoatswain, action)
        d = self.displays[p]
        rules = self.rules
        d.pool[rules.boatswain] -= 1
        self.removed_vikings[rules.boatswain] += 1
        if action.mode == "all":  # as many as there are Vikings and empty tiles for
            k = action.kind
            moves = (k,) * min(d.pool[k], len(d.empty_tiles(rules.viking_row[k])))
        elif action.mode == "each":
            moves = tuple(k for k, c in enumerate(_movable(d, rules)) if c)
        else:
            moves = (action.kind,)
        if self._events is not None:
            self._emit("boatswain_used", p, mode=action.mode, kind=action.kind, vikings=list(moves))
        if self.adv is not None and self.adv.single and action.mode != "one":  # a boat tile goes too
            sid = next(s for s in self.adv.held[p] if rules.specials[s].effect == "boat")
            self._unhold(p, sid)
            self.adv.out += (sid,)
            if self._events is not None:
                self._emit("special_spent", p, special=sid)
        self.moves = moves
        self._continue_moves()

    def _continue_moves(self) -> None:
        """Place the boatswain's Vikings that have only one way to go; ask about the rest."""
        d = self.displays[self.to_move]
        viking_row = self.rules.viking_row
        moves = self.moves
        while moves:
            k = moves[0]
            row = viking_row[k]
            empty = d.empty_tiles(row)
            same = moves.count(k)
            if len(empty) > same:
                self.moves = moves
                self.phase = BOATSWAIN_MOVE
                self._legal = _moves_to(row, empty)  # the next decision's list, known here
                return
            for col in empty[:same]:
                self._move_one(k, row, col)
            moves = moves[same:]
        self.moves = moves
        self._next_scorer()

    def _move(self, row: int, col: int) -> None:
        k = self.moves[0]
        self._move_one(k, row, col)
        self.moves = self.moves[1:]
        self._continue_moves()

    def _move_one(self, k: int, row: int, col: int) -> None:
        d = self.displays[self.to_move]
        d.pool[k] -= 1
        d.occupy(row, col)
        if self._events is not None:
            self._emit("viking_moved", self.to_move, viking=k, row=row, col=col)


def _moves_to(row: int, cols: list[int]) -> tuple[Action, ...]:
    cache = MoveViking._cache
    return tuple([cache.get((row, c)) or MoveViking(row, c) for c in cols])


_COMPARED = tuple(f for f in GameState.__slots__ if f not in ("rules", "quiet", "_legal", "_events"))


def _movable(d: Display, rules: Rules) -> tuple[int, ...]:
    """How many Vikings of each kind a boatswain could move now (pool vs empty tiles),
    indexed by kind; 0 for kinds that cannot move and for the boatswain itself."""
    rows, pool = d.rows, d.pool
    out = [0] * len(pool)
    for k, row in rules.island_kinds:
        n = pool[k]
        if n:
            free = 0
            for v in rows[row]:
                if v >= 0 and not v & 1:
                    free += 1
            out[k] = n if n < free else free
    return tuple(out)


@lru_cache(maxsize=4096)
def _thrifty(boatswains: int, counts: tuple[int, ...]) -> tuple[frozenset[int], bool]:
    """In round 6, with movable counts per kind given as a sorted multiset (no zeros):
    the counts c such that an "all" move of a kind with c movable Vikings keeps the most
    Vikings movable, and whether "one of each" does. Kinds are interchangeable, so this
    is all that decides the options (and caches well)."""
    best = _most(boatswains, counts)
    left = boatswains - 1
    sizes = frozenset(c for i, c in enumerate(counts) if c + _most(left, counts[:i] + counts[i + 1 :]) == best)
    each = len(counts) + _most(left, tuple([c - 1 for c in counts if c > 1])) == best
    return sizes, each


@lru_cache(maxsize=4096)
def _most(boatswains: int, counts: tuple[int, ...]) -> int:
    """The most Vikings `boatswains` boatswains can move, given the movable counts per kind
    as a sorted multiset without zeros (kinds are interchangeable, which keeps the cache small)."""
    if boatswains <= 0 or not counts:
        return 0
    if boatswains >= len(counts):
        return sum(counts)  # an "all" per kind moves every Viking that can move
    left = boatswains - 1
    best = len(counts) + _most(left, tuple([c - 1 for c in counts if c > 1]))  # one of each kind
    for i, c in enumerate(counts):  # all of one kind
        best = max(best, c + _most(left, counts[:i] + counts[i + 1 :]))
    return best
