"""One player's display: the mainland's rows of tiles, the Vikings on them, the pool.

Cells are stored as one int each so that a copy is a handful of list slices:
-1 is an empty cell, otherwise `tile_kind * 2 + occupied`. A tile in island row r can
only ever hold a Viking of the kind that belongs to row r, so one bit says who stands
there. Row 0 holds ships; rows 1..island_rows hold islands; column c is index c - 1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from vikings.engine.components import SEA, Rules

EMPTY = -1
_Cell = TypeVar("_Cell")  # what fitting_cells gives per cell: an action, or a (row, col) pair


def _columns(mask: int) -> tuple[int, ...]:
    """The columns of a frontier row mask (bit c set: column c), lowest first."""
    return tuple(c for c in range(mask.bit_length()) if mask >> c & 1)


def _column_table(bits: int) -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()]
    for c in range(bits):
        table += [cols + (c,) for cols in table]  # the masks with bit c set follow those without
    return tuple(table)


# _columns(mask) looked up rather than worked out bit by bit, for masks below _TABLED:
# frontiers within the first 11 columns, nearly all of them.
_COLUMNS = _column_table(12)
_TABLED = len(_COLUMNS)


class Display:
    __slots__ = ("rows", "pool", "gold", "fame", "start_tile", "frontier")

    def __init__(self, rules: Rules, gold: int = 0, fame: int = 0):
        self.rows: list[list[int]] = [[] for _ in range(rules.island_rows + 1)]
        # Empty island cells that touch the mainland or an island tile: the only candidates
        # for a new island tile. Per row a bit mask of their columns (bit c for column c;
        # row 0, the ships, has none), so that `put` updates it with a few bit operations.
        # Derived from `rows`, kept up to date by `put` (and immutable, so copies share it).
        self.frontier = (0,) + (1 << 1,) * rules.island_rows
        self.pool = [0] * len(rules.vikings)
        self.gold = gold
        self.fame = fame
        self.start_tile = rules.start_tile  # tile kind still to place, or -1 once placed

    def copy(self) -> Display:
        d = Display.__new__(Display)
        d.rows = [r[:] for r in self.rows]
        d.pool = self.pool[:]
        d.gold = self.gold
        d.fame = self.fame
        d.start_tile = self.start_tile
        d.frontier = self.frontier
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Display) and (self.rows, self.pool, self.gold, self.fame, self.start_tile) == (
            other.rows,
            other.pool,
            other.gold,
            other.fame,
            other.start_tile,
        )

    # Reading cells ---------------------------------------------------------------------
    def cell(self, row: int, col: int) -> int:
        r = self.rows[row]
        return r[col - 1] if 0 < col <= len(r) else EMPTY

    def tile_at(self, row: int, col: int) -> int:
        v = self.cell(row, col)
        return v >> 1 if v >= 0 else EMPTY

    def occupied(self, row: int, col: int) -> bool:
        v = self.cell(row, col)
        return v >= 0 and bool(v & 1)

    def tiles(self) -> Iterator[tuple[int, int, int, bool]]:
        """(row, col, tile kind, occupied) for every tile, ships included."""
        for r, cells in enumerate(self.rows):
            for i, v in enumerate(cells):
                if v >= 0:
                    yield r, i + 1, v >> 1, bool(v & 1)

    def island_vikings(self, rules: Rules) -> list[int]:
        """Vikings standing on islands, counted by kind."""
        counts = [0] * len(rules.vikings)
        for r in range(1, rules.island_rows + 1):
            counts[rules.row_viking[r]] += sum(v & 1 for v in self.rows[r] if v >= 0)
        return counts

    def empty_tiles(self, row: int) -> list[int]:
        """Columns of the tiles in `row` that have no Viking."""
        return [i + 1 for i, v in enumerate(self.rows[row]) if v >= 0 and not v & 1]

    # Changing cells --------------------------------------------------------------------
    def put(self, row: int, col: int, tile: int, occupied: bool = False) -> None:
        r = self.rows[row]
        if len(r) < col:
            r += [EMPTY] * (col - len(r))
        r[col - 1] = tile * 2 + (1 if occupied else 0)
        if row > 0:
            self._grow_frontier(row, col)

    def _grow_frontier(self, row: int, col: int) -> None:
        """(row, col) now holds a tile: it leaves the frontier and its empty orthogonal
        neighbours join it."""
        rows = self.rows
        masks = list(self.frontier)
        bit = 1 << col
        r = rows[row]  # `put` made it at least `col` long
        mask = masks[row] & ~bit
        if col > 1 and r[col - 2] < 0:
            mask |= bit >> 1
        if col == len(r) or r[col] < 0:
            mask |= bit << 1
        masks[row] = mask
        if row > 1:
            r = rows[row - 1]
            if col > len(r) or r[col - 1] < 0:
                masks[row - 1] |= bit
        if row + 1 < len(rows):
            r = rows[row + 1]
            if col > len(r) or r[col - 1] < 0:
                masks[row + 1] |= bit
        self.frontier = tuple(masks)

    def occupy(self, row: int, col: int) -> None:
        self.rows[row][col - 1] |= 1


# Placement --------------------------------------------------------------------------------
def ship_columns(d: Display, rules: Rules) -> list[int]:
    """Columns where a new ship may go: any free one of the first few, then the next."""
    ships = d.rows[0]
    placed = len(ships) - ships.count(EMPTY)
    free = rules.ship_free_columns
    if placed < free:
        return [c for c in range(1, free + 1) if c > len(ships) or ships[c - 1] < 0]
    return [placed + 1]


_PAIRS = tuple(tuple((r, c) for c in range(64)) for r in range(8))  # (row, col) pairs, prebuilt


def _pair(row: int, col: int) -> tuple[int, int]:
    return row, col


def island_cells(d: Display, tile: int, rules: Rules) -> list[tuple[int, int]]:
    """Every (row, col) where island tile `tile` may legally be placed, in row-major order.

    A cell qualifies when it is empty, touches the mainland (column 1) or an island tile
    orthogonally (the display's frontier), and its west/east edges match the tiles beside
    it (the mainland's edge is sea). Tiles above or below impose no edge.
    """
    return fitting_cells(d, tile, rules, _PAIRS, _pair)


def fitting_cells(
    d: Display, tile: int, rules: Rules, table: Sequence[Sequence[Any]], make: Callable[[int, int], _Cell]
) -> list[_Cell]:
    """`island_cells`, but each cell given as table[row][col], or make(row, col) where the
    table does not reach: the engine reads its PlaceTile actions straight from a table,
    with no (row, col) pairs to build and look up."""
    west = rules.tile_west[tile]
    after = rules.fits_after[west]  # by the value of the cell to the west (-1: empty)
    before = rules.fits_before[rules.tile_east[tile]]  # by the cell to the east
    rows = d.rows
    out: list[_Cell] = []
    for r, mask in enumerate(d.frontier):
        if not mask:
            continue
        row = rows[r]
        n = len(row)
        for c in _COLUMNS[mask] if mask < _TABLED else _columns(mask):
            if c == 1:
                if west != SEA:  # the mainland's edge
                    continue
            elif c - 2 < n and not after[row[c - 2]]:
                continue
            if c < n and not before[row[c]]:
                continue
            try:
                out.append(table[r][c])
            except IndexError:
                out.append(make(r, c))
    return out


def start_rows(d: Display, rules: Rules) -> list[int]:
    """Island rows where the start tile may go: column 1 free, and its east edge matching
    whatever lies in column 2."""
    east = rules.tile_east[rules.start_tile]
    out = []
    for r in range(1, rules.island_rows + 1):
        row = d.rows[r]
        if row and row[0] >= 0:
            continue
        if len(row) > 1 and row[1] >= 0 and rules.cell_west[row[1]] != east:
            continue
        out.append(r)
    return out


# Threat -------------------------------------------------------------------------------------
def threat(d: Display, rules: Rules) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """Work out the ships: returns (threatened, repelled, unrepelled).

    threatened: (row, col) of every Viking on an island under an unrepelled ship,
    from row 1 down to the ship's reach; repelled / unrepelled: (col, ship kind).
    A warrior standing at row 1 directly below a ship repels it.
    """
    threatened: list[tuple[int, int]] = []
    repelled: list[tuple[int, int]] = []
    unrepelled: list[tuple[int, int]] = []
    rows = d.rows
    warriors = rows[1]
    guarded = len(warriors)
    reach = rules.tile_reach
    for i, v in enumerate(rows[0]):
        if v < 0:
            continue
        ship = v >> 1
        if i < guarded and warriors[i] & 1 and warriors[i] >= 0:  # (-1, an empty cell, is odd)
            repelled.append((i + 1, ship))
            continue
        unrepelled.append((i + 1, ship))
        for r in range(1, reach[ship] + 1):
            row = rows[r]
            if i < len(row) and row[i] & 1 and row[i] >= 0:
                threatened.append((r, i + 1))
    return threatened, repelled, unrepelled


def completed_islands(d: Display, rules: Rules) -> list[tuple[int, int, int]]:
    """(row, first col, length) of each completed island: a contiguous run of tiles in one
    row from a tile with a sea west edge to a tile with a sea east edge."""
    out = []
    cell_west, cell_east = rules.cell_west, rules.cell_east
    for r in range(1, rules.island_rows + 1):
        start = -1  # index of the current island's first tile, -1 outside an island
        for i, v in enumerate(d.rows[r]):
            if v < 0:
                start = -1
                continue
            if cell_west[v] == SEA:
                start = i
            if start >= 0 and cell_east[v] == SEA:
                out.append((r, start + 1, i - start + 1))
                start = -1
    return out
