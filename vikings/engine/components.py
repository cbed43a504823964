"""The game's components and numbers as plain immutable data.

`Rules` is built from the YAML in `data/` by `vikings.content.data` (the engine itself never
reads files). Everything the engine needs about a component is looked up here, in flat
tuples indexed by small integers, because the hot paths of random play index them
millions of times.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SEA, LAND = 0, 1
EDGE_NAMES = ("sea", "land")

# The roles the rules give to Viking kinds; data files must name exactly these.
VIKING_IDS = ("fisherman", "goldsmith", "scout", "noble", "warrior", "boatswain")


@dataclass(frozen=True)
class VikingKind:
    index: int
    id: str
    name: str
    colour: str
    symbol: str
    row: int | None  # None: never stands on an island (the boatswain)
    count: int


@dataclass(frozen=True)
class TileKind:
    index: int
    id: str
    name: str
    symbol: str
    count: int
    is_ship: bool
    west: int = SEA  # islands only
    east: int = SEA
    building: str | None = None
    start: bool = False
    sail: str | None = None  # ships only
    reach_row: int = 0
    reward_kind: str | None = None  # "gold" or "fame"
    reward_amount: int = 0


# Special tiles (advanced game): what each effect does is fixed here; its numbers come from
# data/special_tiles.yaml. Each effect acts at one moment of the game.
SPECIAL_EFFECTS = {
    "gold": "at_once",
    "goldsmith": "scorings",
    "boat": "boatswains",
    "viking_fame": "large",
    "boatswain": "final",
    "feeding": "final",
    "gold_rate": "final",
    "building": "placing",
}


@dataclass(frozen=True)
class SpecialKind:
    index: int
    id: str
    name: str
    symbol: str
    count: int
    when: str  # see SPECIAL_EFFECTS
    effect: str
    amount: int = 0
    viking: int = -1  # viking_fame: the kind it rewards
    building: str | None = None  # building: the middle tiles it replaces
    description: str = ""


@dataclass(frozen=True)
class Scoring:
    goldsmith_gold: int
    noble_fame: int
    scout_fame: int
    scout_bonus_fame: int
    gold_per_fame: int
    most_boatswains_fame: int
    most_islands_fame: int
    longest_island_fame: int
    fisherman_feeds: int
    overfeed_fame: int
    underfeed_fame: int


@dataclass(frozen=True)
class Rules:
    vikings: tuple[VikingKind, ...]
    tiles: tuple[TileKind, ...]
    wheel_spaces: int
    ship_free_columns: int
    island_rows: int
    setup: dict[int, tuple[int, int]]  # player count -> (gold, fame)
    schedule: tuple[str, ...]  # "small" / "large" per round
    scoring: Scoring
    digest: str = ""  # fingerprint of the standard game's data files; saves record it
    specials: tuple[SpecialKind, ...] = ()  # SpecialKind per kind of special tile (advanced game)
    specials_digest: str = ""  # fingerprint of data/special_tiles.yaml; advanced saves record it
    # Derived lookup tables, filled in __post_init__.
    # viking_row: the row of each kind; the boatswain's is None, typed as int because the
    # engine looks up only the kinds that stand on islands (island_kinds lists them).
    viking_row: tuple[int, ...] = field(init=False, repr=False, compare=False)
    row_viking: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # island_kinds: (kind, row) of the kinds with a row.
    island_kinds: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    tile_west: tuple[int, ...] = field(init=False, repr=False, compare=False)
    tile_east: tuple[int, ...] = field(init=False, repr=False, compare=False)
    tile_is_ship: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    tile_reach: tuple[int, ...] = field(init=False, repr=False, compare=False)  # a ship's reach_row
    cell_west: tuple[int, ...] = field(init=False, repr=False, compare=False)  # by display cell value
    cell_east: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # fits_after[edge][v]: may a tile whose west edge is `edge` lie just east of display cell
    # value v; fits_before[edge][v]: just west of it, for a tile whose east edge is `edge`.
    # Each ends with one more entry, True, so that index -1 (an empty cell) allows anything.
    fits_after: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)
    fits_before: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)
    start_tile: int = field(init=False, repr=False, compare=False)
    deck: tuple[int, ...] = field(init=False, repr=False, compare=False)  # every tile but the start tiles, by kind
    fisherman: int = field(init=False, repr=False, compare=False)
    goldsmith: int = field(init=False, repr=False, compare=False)
    scout: int = field(init=False, repr=False, compare=False)
    noble: int = field(init=False, repr=False, compare=False)
    warrior: int = field(init=False, repr=False, compare=False)
    boatswain: int = field(init=False, repr=False, compare=False)
    special_deck: tuple[int, ...] = field(init=False, repr=False, compare=False)  # the special tiles, by kind

    def __post_init__(self) -> None:
        object.__setattr__(self, "viking_row", tuple(v.row for v in self.vikings))
        rows = [-1] * (self.island_rows + 1)
        for v in self.vikings:
            if v.row is not None:
                rows[v.row] = v.index
        object.__setattr__(self, "row_viking", tuple(rows))
        object.__setattr__(self, "island_kinds", tuple((v.index, v.row) for v in self.vikings if v.row is not None))
        object.__setattr__(self, "tile_west", tuple(t.west for t in self.tiles))
        object.__setattr__(self, "tile_east", tuple(t.east for t in self.tiles))
        object.__setattr__(self, "tile_is_ship", tuple(t.is_ship for t in self.tiles))
        object.__setattr__(self, "tile_reach", tuple(t.reach_row for t in self.tiles))
        # A display cell holds tile * 2 + occupied; these index edges by that value directly.
        object.__setattr__(self, "cell_west", tuple(t.west for t in self.tiles for _ in (0, 1)))
        object.__setattr__(self, "cell_east", tuple(t.east for t in self.tiles for _ in (0, 1)))
        object.__setattr__(
            self,
            "fits_after",
            tuple(tuple(e == edge for e in self.cell_east) + (True,) for edge in range(len(EDGE_NAMES))),
        )
        object.__setattr__(
            self,
            "fits_before",
            tuple(tuple(w == edge for w in self.cell_west) + (True,) for edge in range(len(EDGE_NAMES))),
        )
        # Index of each role's kind: the YAML order is the offer's colour order.
        ids = [v.id for v in self.vikings]
        for role in VIKING_IDS:
            object.__setattr__(self, role, ids.index(role))
        object.__setattr__(self, "deck", tuple(t.index for t in self.tiles if not t.start for _ in range(t.count)))
        object.__setattr__(self, "special_deck", tuple(k.index for k in self.specials for _ in range(k.count)))
        starts = [t.index for t in self.tiles if t.start]
        object.__setattr__(self, "start_tile", starts[0] if starts else -1)

    @property
    def rounds(self) -> int:
        return len(self.schedule)

    @property
    def total_vikings(self) -> int:
        return sum(v.count for v in self.vikings)

    def viking_by_id(self, ident: str) -> VikingKind:
        for v in self.vikings:
            if v.id == ident:
                return v
        raise KeyError(ident)

    def tile_by_id(self, ident: str) -> TileKind:
        for t in self.tiles:
            if t.id == ident:
                return t
        raise KeyError(ident)
