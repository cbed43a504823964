"""The advanced game: the auction that prepares each offer, special tiles, and the
single-boatswain rule's choices. A mixin of GameState, kept apart so that state.py stays
about the standard game; a standard game never reaches this code (its `adv` is None).

docs/advanced.md lists the phases, actions and events; docs/rulings.md the choices made
where the rule texts are silent.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from vikings.engine.actions import (
    Action,
    Bid,
    ChooseColour,
    DeclineSpecial,
    FinishBoatswains,
    PassBid,
    RemoveViking,
    ReplaceTile,
    TakeSpecial,
    UseBoatswain,
)
from vikings.engine.phases import (
    AUCTION,
    BID,
    COLOUR,
    PURCHASE,
    REMOVE,
    REPLACE,
    SINGLE_BOATSWAIN,
    SPECIAL,
    SPECIAL_TILES,
)
from vikings.engine.scoring import PlayerScore, scoring_lines, with_lines

if TYPE_CHECKING:
    from vikings.engine.components import Rules
    from vikings.engine.config import GameConfig
    from vikings.engine.display import Display
    from vikings.engine.events import Event
    from vikings.engine.rng import Rng

FACE_UP = 4  # places for face-up special tiles

_PASS = PassBid()
_DECLINE = DeclineSpecial()
_FINISH = FinishBoatswains()
_EACH = UseBoatswain("each", -1)
_BIDS = tuple(Bid(a) for a in range(200))
_TAKE = tuple(TakeSpecial(i) for i in range(FACE_UP))
_ONE = tuple(UseBoatswain("one", k) for k in range(16))
_ALL = tuple(UseBoatswain("all", k) for k in range(16))


class Advanced:
    """The advanced game's part of a game state. Every field holds an int, a bool or a
    tuple, so a copy copies references only."""

    __slots__ = (
        "auction",
        "single",
        "specials",  # which options are on
        "drawn",  # auction: drawn Vikings not yet removed or on the wheel (kinds, sorted)
        "bid",  # the highest bid so far, -1 before the opening bid
        "bidder",  # who made it, -1 before the opening bid
        "passed",  # per player: out of this auction
        "supply",  # special tiles still face down, in their hidden order
        "face_up",  # FACE_UP special tile kinds, -1 for an empty place
        "held",  # per player: special tile kinds beside her mainland
        "placed",  # per player: (kind, row, col) of building tiles on her display
        "out",  # special tile kinds that left the game
        "pending",
    )  # a building tile waiting for ReplaceTile, or -1
    auction: bool
    single: bool
    specials: bool
    drawn: tuple[int, ...]
    bid: int
    bidder: int
    passed: tuple[bool, ...]
    supply: tuple[int, ...]
    face_up: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]
    placed: tuple[tuple[tuple[int, int, int], ...], ...]
    out: tuple[int, ...]
    pending: int

    def __init__(self, options: frozenset[str], n: int) -> None:
        self.auction = AUCTION in options
        self.single = SINGLE_BOATSWAIN in options
        self.specials = SPECIAL_TILES in options
        self.drawn = ()
        self.bid = self.bidder = self.pending = -1
        self.passed = (False,) * n
        self.supply = ()
        self.face_up = (-1,) * FACE_UP if self.specials else ()
        self.held = ((),) * n
        self.placed = ((),) * n
        self.out = ()

    def copy(self) -> Advanced:
        a = Advanced.__new__(Advanced)
        a.auction, a.single, a.specials = self.auction, self.single, self.specials
        a.drawn, a.bid, a.bidder, a.passed = self.drawn, self.bid, self.bidder, self.passed
        a.supply, a.face_up, a.held, a.placed = self.supply, self.face_up, self.held, self.placed
        a.out, a.pending = self.out, self.pending
        return a

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Advanced) and all(getattr(self, f) == getattr(other, f) for f in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable

    def to_json(self) -> dict[str, Any]:
        def plain(v: Any) -> Any:
            return [plain(x) for x in v] if isinstance(v, tuple) else v

        return {f: plain(getattr(self, f)) for f in self.__slots__}


def _bids(lo: int, hi: int) -> tuple[Action, ...]:
    return tuple(_BIDS[a] if a < len(_BIDS) else Bid(a) for a in range(lo, hi + 1))


class AdvancedPlay:
    """GameState's advanced-game steps (GameState inherits them)."""

    # GameState's fields and steps that these methods use, declared for the type checker
    # (which would otherwise hold the mixin's empty __slots__ against assigning them).
    if TYPE_CHECKING:
        adv: Advanced | None
        rules: Rules
        config: GameConfig
        n: int
        displays: list[Display]
        round: int
        start_player: int
        to_move: int
        phase: str
        bag: list[int]
        wheel_tile: list[int]
        wheel_viking: list[int]
        offset: int
        bought: int
        removed_vikings: list[int]
        removed_tiles: list[int]
        rng: Rng
        _legal: tuple[Action, ...] | None
        _events: list[Event] | None

        @property
        def boatswains_obliged(self) -> bool: ...
        def price(self, space: int) -> int: ...
        def _emit(self, type_: str, player: int | None, **data: object) -> None: ...
        def _lay_tiles(self) -> tuple[int, int]: ...
        def _continue_placing(self) -> None: ...
    else:
        __slots__ = ()

    # Queries ------------------------------------------------------------------------------
    @property
    def options(self) -> frozenset[str]:
        return self.config.options

    @property
    def auction_vikings(self) -> tuple[int, ...]:
        """Drawn for this round's auction and not yet removed or on the wheel (sorted by colour)."""
        return self.adv.drawn if self.adv is not None else ()

    @property
    def high_bid(self) -> int:
        """The highest bid of the running auction, -1 before the opening bid."""
        return self.adv.bid if self.adv is not None else -1

    @property
    def high_bidder(self) -> int:
        return self.adv.bidder if self.adv is not None else -1

    @property
    def passed_bidders(self) -> tuple[bool, ...]:
        """Per player: has she passed in this auction."""
        return self.adv.passed if self.adv is not None else ()

    def bid_limit(self, player: int) -> int:
        """The highest bid `player` may make: her Gold plus Fame."""
        d = self.displays[player]
        return d.gold + d.fame

    @property
    def specials_face_up(self) -> tuple[int, ...]:
        """The face-up special tiles (kinds, -1 for an empty place); () without the option."""
        return self.adv.face_up if self.adv is not None else ()

    @property
    def specials_supply(self) -> int:
        """How many special tiles are still face down."""
        return len(self.adv.supply) if self.adv is not None else 0

    def specials_held(self, player: int) -> tuple[int, ...]:
        """Kinds of the special tiles beside `player`'s mainland (not on her islands)."""
        return self.adv.held[player] if self.adv is not None else ()

    def specials_placed(self, player: int) -> tuple[tuple[int, int, int], ...]:
        """(kind, row, col) of the building special tiles on `player`'s islands."""
        return self.adv.placed[player] if self.adv is not None else ()

    def special_at(self, player: int, row: int, col: int) -> int:
        """The special tile kind lying at (row, col) of `player`'s display, or -1."""
        for sid, r, c in self.specials_placed(player):
            if (r, c) == (row, col):
                return sid
        return -1

    def most_expensive_space(self) -> int:
        """The wheel space of the dearest group still on the wheel, -1 if none."""
        wt = self.wheel_tile
        for s in range(len(wt) - 1, -1, -1):
            if wt[s] >= 0:
                return s
        return -1

    def brings_special(self, space: int) -> bool:
        """Would buying the group at `space` now let the buyer take a special tile."""
        adv = self.adv
        return (
            adv is not None
            and adv.specials
            and space == self.most_expensive_space()
            and self.price(space) > 0
            and any(s >= 0 for s in adv.face_up)
        )

    def boat_tiles(self, player: int) -> int:
        """Boat special tiles `player` holds (each lets one boatswain move as in the standard game)."""
        specials = self.rules.specials
        return sum(1 for s in self.specials_held(player) if specials[s].effect == "boat")

    # Dispatch -------------------------------------------------------------------------------
    # (These run in an advanced game only, where `adv` is set.)
    def _advanced_legal(self, phase: str) -> tuple[Action, ...]:
        adv = cast(Advanced, self.adv)
        if phase == BID:
            limit = self.bid_limit(self.to_move)
            if adv.bid < 0:
                return _bids(0, limit)
            return _bids(adv.bid + 1, limit) + (_PASS,)
        if phase == REMOVE or phase == COLOUR:
            cls = RemoveViking if phase == REMOVE else ChooseColour
            return tuple(cls(k) for k in sorted(set(adv.drawn)))
        if phase == SPECIAL:
            return tuple(_TAKE[i] for i, s in enumerate(adv.face_up) if s >= 0) + (_DECLINE,)
        if phase == REPLACE:
            building = self.rules.specials[adv.pending].building
            return tuple(ReplaceTile(r, c) for r, c in self._building_cells(self.to_move, building))
        return ()

    def _advanced_apply(self, action: Action) -> None:
        # The phase tells the action's kind (it is legal); the type checker cannot see that.
        phase = self.phase
        if phase == BID:
            self._bid(action)  # type: ignore[arg-type]
        elif phase == REMOVE:
            self._remove_viking(action.kind)  # type: ignore[attr-defined]
        elif phase == COLOUR:
            self._place_colour(action.kind, self.to_move)  # type: ignore[attr-defined]
        elif phase == SPECIAL:
            self._take_special(action)  # type: ignore[arg-type]
        else:
            adv = cast(Advanced, self.adv)
            sid, adv.pending = adv.pending, -1
            self._install(self.to_move, sid, action.row, action.col)  # type: ignore[attr-defined]
            self._continue_placing()

    # The auction ------------------------------------------------------------------------------
    def _start_auction(self) -> None:
        """Draw the auction's Vikings and let the start player open the bidding."""
        adv = cast(Advanced, self.adv)
        size = self.rules.wheel_spaces
        drawn = self.rng.draw(self.bag, min(size + 1, sum(self.bag)))
        drawn.sort()
        adv.drawn = tuple(drawn)
        adv.bid = adv.bidder = -1
        adv.passed = (False,) * self.n
        self.wheel_tile = [-1] * size
        self.wheel_viking = [-1] * size
        self.offset = 0
        self.bought = 0
        self.to_move = self.start_player
        self.phase = BID
        if self._events is not None:
            self._emit("auction", self.start_player, round=self.round + 1, vikings=drawn[:], bag=sum(self.bag))

    def _bid(self, action: Bid | PassBid) -> None:
        adv = cast(Advanced, self.adv)
        p = self.to_move
        if action is _PASS:
            self._pass_bid(p, False)
        else:
            action = cast(Bid, action)
            adv.bid, adv.bidder = action.amount, p
            if self._events is not None:
                self._emit("bid", p, amount=action.amount)
        self._next_bidder(p)

    def _pass_bid(self, p: int, forced: bool) -> None:
        adv = cast(Advanced, self.adv)
        adv.passed = adv.passed[:p] + (True,) + adv.passed[p + 1 :]
        if self._events is not None:
            self._emit("bid_passed", p, forced=forced)

    def _next_bidder(self, p: int) -> None:
        """The next player clockwise still in the auction decides; one who cannot raise
        passes without being asked; the last one left wins."""
        adv = cast(Advanced, self.adv)
        n = self.n
        while True:
            if adv.passed.count(False) == 1:
                self._win_auction(adv.bidder)
                return
            p = (p + 1) % n
            while adv.passed[p]:
                p = (p + 1) % n
            if self.bid_limit(p) <= adv.bid:
                self._pass_bid(p, True)
                continue
            self.to_move = p
            self.phase = BID
            return

    def _win_auction(self, w: int) -> None:
        adv = cast(Advanced, self.adv)
        d = self.displays[w]
        price = adv.bid
        gold = d.gold if d.gold < price else price
        d.gold -= gold
        d.fame -= price - gold
        self.start_player = self.to_move = w
        if self._events is not None:
            self._emit("auction_won", w, amount=price, gold=gold, fame=price - gold)
            self._emit("start_player", w, after="auction")
        kinds = set(adv.drawn)
        if len(adv.drawn) <= self.rules.wheel_spaces:  # (only with a short bag) nothing to remove
            self._lay_auction_tiles()
        elif len(kinds) == 1:
            self._remove_viking(adv.drawn[0])
        else:
            self.phase = REMOVE

    def _remove_viking(self, k: int) -> None:
        adv = cast(Advanced, self.adv)
        i = adv.drawn.index(k)
        adv.drawn = adv.drawn[:i] + adv.drawn[i + 1 :]
        self.removed_vikings[k] += 1
        if self._events is not None:
            self._emit("viking_removed", self.to_move, viking=k)
        self._lay_auction_tiles()

    def _lay_auction_tiles(self) -> None:
        islands, ships = self._lay_tiles()
        if self._events is not None:
            self._emit("tiles_laid", None, round=self.round + 1, islands=islands, ships=ships, tiles=self.wheel_tile[:])
        self._colour_turn(self.start_player)

    def _colour_turn(self, p: int) -> None:
        """`p` chooses the next colour; the last colour left goes out without asking."""
        drawn = cast(Advanced, self.adv).drawn
        if not drawn:
            self._auction_done()
        elif drawn[0] == drawn[-1]:  # sorted: a single colour left
            self._place_colour(drawn[0], p)
        else:
            self.to_move = p
            self.phase = COLOUR

    def _place_colour(self, k: int, p: int) -> None:
        """Every drawn Viking of kind `k` onto the highest free wheel spaces."""
        adv = cast(Advanced, self.adv)
        wv = self.wheel_viking
        spaces = []
        for _ in range(adv.drawn.count(k)):
            s = max(s for s, v in enumerate(wv) if v < 0)
            wv[s] = k
            spaces.append(s)
        adv.drawn = tuple(x for x in adv.drawn if x != k)
        if self._events is not None:
            self._emit("colour_placed", p, viking=k, spaces=spaces)
        self._colour_turn((p + 1) % self.n)

    def _auction_done(self) -> None:
        wt = self.wheel_tile
        self.to_move = self.start_player
        self.phase = PURCHASE
        if self._events is not None:
            ships = sum(1 for t in wt if t >= 0 and self.rules.tile_is_ship[t])
            self._emit(
                "offer",
                self.start_player,
                round=self.round + 1,
                islands=len(wt) - ships,
                ships=ships,
                tiles=wt[:],
                vikings=self.wheel_viking[:],
                bag=sum(self.bag),
            )

    # Special tiles -------------------------------------------------------------------------------
    def _refill_specials(self) -> None:
        adv = cast(Advanced, self.adv)
        face_up, supply = list(adv.face_up), adv.supply
        for i, s in enumerate(face_up):
            if s < 0 and supply:
                face_up[i], supply = supply[0], supply[1:]
                if self._events is not None:
                    self._emit("special_revealed", None, slot=i, special=face_up[i])
        adv.face_up, adv.supply = tuple(face_up), supply

    def _offer_special(self) -> None:
        self.phase = SPECIAL
        self._legal = self._advanced_legal(SPECIAL)

    def _take_special(self, action: TakeSpecial | DeclineSpecial) -> None:
        adv = cast(Advanced, self.adv)
        p = self.to_move
        if action is _DECLINE:
            if self._events is not None:
                self._emit("special_declined", p)
            self._continue_placing()
            return
        slot = cast(TakeSpecial, action).slot
        sid = adv.face_up[slot]
        adv.face_up = adv.face_up[:slot] + (-1,) + adv.face_up[slot + 1 :]
        if self._events is not None:
            self._emit("special_taken", p, slot=slot, special=sid)
        kind = self.rules.specials[sid]
        if kind.effect == "gold":
            self.displays[p].gold += kind.amount
            adv.out += (sid,)
            if self._events is not None:
                self._emit("special_gold", p, special=sid, gold=kind.amount)
        elif kind.effect == "building":
            cells = self._building_cells(p, kind.building)
            if len(cells) > 1:
                adv.pending = sid
                self.phase = REPLACE
                return
            if cells:
                self._install(p, sid, *cells[0])
            else:
                self._hold(p, sid)
        else:
            self._hold(p, sid)
        self._continue_placing()

    def _hold(self, p: int, sid: int) -> None:
        adv = cast(Advanced, self.adv)
        adv.held = adv.held[:p] + (adv.held[p] + (sid,),) + adv.held[p + 1 :]

    def _unhold(self, p: int, sid: int) -> None:
        adv = cast(Advanced, self.adv)
        mine = list(adv.held[p])
        mine.remove(sid)
        adv.held = adv.held[:p] + (tuple(mine),) + adv.held[p + 1 :]

    def _building_cells(self, p: int, building: str | None) -> list[tuple[int, int]]:
        """(row, col) of `p`'s island tiles showing `building`."""
        tiles = self.rules.tiles
        return [(r, c) for r, c, t, _ in self.displays[p].tiles() if r > 0 and tiles[t].building == building]

    def _install(self, p: int, sid: int, row: int, col: int) -> None:
        """The building special tile `sid` takes the place of the tile at (row, col), which
        leaves the game; a Viking on it stays. The cell keeps the replaced tile's kind (same
        building, same edges) and `placed` marks it as the special tile."""
        adv = cast(Advanced, self.adv)
        tile = self.displays[p].tile_at(row, col)
        self.removed_tiles[tile] += 1
        adv.placed = adv.placed[:p] + (adv.placed[p] + ((sid, row, col),),) + adv.placed[p + 1 :]
        if self._events is not None:
            self._emit("special_placed", p, special=sid, row=row, col=col, replaced=tile)

    def _swap_in(self, p: int, row: int, col: int, tile: int) -> None:
        """A held building special tile replaces a matching tile as soon as it is placed."""
        building = self.rules.tiles[tile].building
        if building is None:
            return
        specials = self.rules.specials
        for sid in cast(Advanced, self.adv).held[p]:
            if specials[sid].building == building:
                self._unhold(p, sid)
                self._install(p, sid, row, col)
                return

    def _with_specials(self, score: PlayerScore, kind: str) -> PlayerScore:
        """A small or large score with the special tiles' lines added."""
        held = cast(Advanced, self.adv).held[score.player]
        if not held:
            return score
        d = self.displays[score.player]
        return with_lines(score, scoring_lines(d, self.rules, held, kind, score.threatened))

    # Single boatswain ------------------------------------------------------------------------------
    def _single_choices(self, d: Display, counts: tuple[int, ...]) -> tuple[Action, ...]:
        """Boatswain options with the single_boatswain rule: one Viking of a movable kind;
        while a boat tile is held also the standard moves (all of a kind with 2 or more to
        move, one of each with 2 or more kinds), which spend the tile. In round 6 only the
        options that keep the most Vikings movable, and no finish."""
        boats = self.boat_tiles(self.to_move)
        kinds = [k for k, c in enumerate(counts) if c]
        opts: list[Action] = [_ONE[k] for k in kinds]
        if boats:
            opts += [_ALL[k] for k in kinds if counts[k] > 1]
            if len(kinds) > 1:
                opts.append(_EACH)
        if not self.boatswains_obliged:
            opts.append(_FINISH)
            return tuple(opts)
        b = d.pool[self.rules.boatswain]
        best = _most_single(b, boats, tuple(sorted(counts[k] for k in kinds)))
        keep = []
        for a in opts:
            moved, after, tiles = _after(a, counts)  # type: ignore[arg-type]  # (no finish in round 6)
            if moved + _most_single(b - 1, boats - tiles, after) == best:
                keep.append(a)
        return tuple(keep)


def _after(action: UseBoatswain, counts: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    """(Vikings moved, movable counts afterwards as a sorted multiset, boat tiles spent)."""
    k = action.kind
    if action.mode == "one":
        left = [c - (i == k) for i, c in enumerate(counts)]
        moved, tiles = 1, 0
    elif action.mode == "all":
        left = [0 if i == k else c for i, c in enumerate(counts)]
        moved, tiles = counts[k], 1
    else:
        left = [c - 1 if c else 0 for c in counts]
        moved, tiles = sum(1 for c in counts if c), 1
    return moved, tuple(sorted(c for c in left if c)), tiles


@lru_cache(maxsize=4096)
def _most_single(boatswains: int, boats: int, counts: tuple[int, ...]) -> int:
    """The most Vikings `boatswains` boatswains can move when each moves one Viking, or,
    spending one of `boats` boat tiles, all of a kind or one of each kind (counts: movable
    Vikings per kind, a sorted multiset without zeros)."""
    if boatswains <= 0 or not counts:
        return 0
    left = boatswains - 1
    best = 0
    for i, c in enumerate(counts):
        if i and c == counts[i - 1]:
            continue  # kinds with equal counts are interchangeable
        rest = counts[:i] + counts[i + 1 :]
        one = tuple(sorted(rest + ((c - 1,) if c > 1 else ())))
        best = max(best, 1 + _most_single(left, boats, one))
        if boats:
            best = max(best, c + _most_single(left, boats - 1, rest))
    if boats and len(counts) > 1:
        best = max(best, len(counts) + _most_single(left, boats - 1, tuple(c - 1 for c in counts if c > 1)))
    return best
