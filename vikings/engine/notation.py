"""A one-line text notation for one player's display, in the spirit of chess FEN.

    ROWS POOL GOLD FAME [start]

    r.g/L*R/S*/L*F*R/L/ 2fb 12 17

ROWS is the six mainland rows top to bottom, separated by `/` (row 0 ships, then the
island rows). A row lists its cells from column 1: `.` an empty cell, otherwise the
tile's symbol from data/tiles.yaml, followed by `*` when the row's Viking stands on it.
Trailing empty cells are not written, so an empty row is an empty string. A number
stands for that many empty cells (`L2R` = `L..R`); it is read but never written.
POOL is the pool's Vikings in colour order, a count before a symbol when there are
several (`2fb`), or `-` for none. GOLD and FAME are whole numbers. `start` means the
start tile is still to be placed. docs/notation.md describes it with examples.

Symbols come from `rules`, never from this file. Reading checks that the display could
occur in a game (edges, connection to the mainland, the ship rule, the start tile,
component counts) and reports the first problem as a NotationError naming the field,
row and column.
"""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING

from vikings.engine.components import SEA, Rules, TileKind, VikingKind
from vikings.engine.display import EMPTY, Display
from vikings.engine.errors import NotationError

if TYPE_CHECKING:
    from vikings.engine.state import GameState

START = "start"
NO_POOL = "-"
# Characters with a meaning of their own; no tile or Viking symbol may be one of them.
RESERVED = frozenset("./*-#0123456789") | frozenset(" \t\r\n")
_POOL_ITEM = re.compile(r"([0-9]*)(.)", re.S)
_CELL = re.compile(r"([0-9]+)|(\.)|(.)(\*?)", re.S)  # a number of empty cells, one empty cell, a tile
_AMOUNT = re.compile(r"[0-9]+")
_MAX_DIGITS = 6  # of any number in a display (int() refuses 4,300 digits; a run of 10^8 cells is 800 MB)


# Symbol tables ------------------------------------------------------------------------------
def _symbols(rules: Rules) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Ship symbols, island symbols and Viking symbols, each mapped to its kind index.
    Kept in three tables because a ship and an island may share a symbol."""
    ships = {t.symbol: t.index for t in rules.tiles if t.is_ship}
    islands = {t.symbol: t.index for t in rules.tiles if not t.is_ship}
    vikings = {v.symbol: v.index for v in rules.vikings}
    for table in (ships, islands, vikings):
        clash = [s for s in table if len(s) != 1 or s in RESERVED]
        if clash:
            raise NotationError(
                f"data symbol {clash[0]!r} cannot be used in the notation: "
                "symbols are single characters other than . / * - # digits and spaces"
            )
    return ships, islands, vikings


def _row_name(rules: Rules, row: int) -> str:
    if row == 0:
        return "row 0 (ship row)"
    return f"row {row} ({rules.vikings[rules.row_viking[row]].name} row)"


# Writing ------------------------------------------------------------------------------------
def format_display(d: Display, rules: Rules) -> str:
    """The display's canonical notation (one line, no newline)."""
    _symbols(rules)
    fields = [
        "/".join(_format_row(cells, rules) for cells in d.rows),
        _format_pool(d.pool, rules),
        str(d.gold),
        str(d.fame),
    ]
    if d.start_tile >= 0:
        fields.append(START)
    return " ".join(fields)


def _format_row(cells: list[int], rules: Rules) -> str:
    out = []
    for v in cells:
        out.append("." if v < 0 else rules.tiles[v >> 1].symbol + ("*" if v & 1 else ""))
    return "".join(out).rstrip(".")  # trailing empty cells are not written


def _format_pool(pool: list[int], rules: Rules) -> str:
    parts = [(str(n) if n > 1 else "") + rules.vikings[k].symbol for k, n in enumerate(pool) if n > 0]
    return "".join(parts) or NO_POOL


def format_game(state: GameState, names: bool = False) -> str:
    """One line per player, in seat order. With `names`, each line ends in a `# name`
    comment, which parse_displays ignores."""
    lines = []
    for p, d in enumerate(state.displays):
        line = format_display(d, state.rules)
        if names:
            line += "  # " + " ".join(str(state.config.players[p]).split())
        lines.append(line)
    return "\n".join(lines)


# Reading ------------------------------------------------------------------------------------
def parse_display(text: str, rules: Rules) -> Display:
    """Read one display; raises NotationError saying what is wrong and where."""
    fields = text.split()
    if len(fields) not in (4, 5):
        raise NotationError(
            f"expected 4 or 5 fields separated by spaces (ROWS POOL GOLD FAME [start]), "
            f"got {len(fields)}: {text.strip()!r}"
        )
    if len(fields) == 5 and fields[4] != START:
        raise NotationError(f"START: the optional fifth field must be '{START}', got {fields[4]!r}")
    ships, islands, vikings = _symbols(rules)
    rows = _parse_rows(fields[0], rules, ships, islands)
    pool = _parse_pool(fields[1], rules, vikings)
    d = Display(rules, _parse_amount(fields[2], "GOLD"), _parse_amount(fields[3], "FAME"))
    for r, cells in enumerate(rows):
        for c, v in enumerate(cells, start=1):
            if v >= 0:
                d.put(r, c, v >> 1, bool(v & 1))  # through put, so the frontier is kept too
    d.rows = rows  # the same cells, plus any trailing empty cells as written
    d.pool = pool
    d.start_tile = rules.start_tile if len(fields) == 5 else -1
    check_display(d, rules)
    return d


def parse_displays(text: str, rules: Rules) -> list[Display]:
    """Read one display per line; blank lines and `#` comments (whole or trailing) are
    skipped. Errors name the line they are on."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            out.append(parse_display(line, rules))
        except NotationError as e:
            raise NotationError(f"line {number}: {e}") from None
    return out


def _parse_amount(field: str, name: str) -> int:
    if field.startswith("-") and _AMOUNT.fullmatch(field[1:]):
        raise NotationError(f"{name}: must not be negative, got {field}")
    if not _AMOUNT.fullmatch(field):
        raise NotationError(f"{name}: expected a whole number of 0 or more, got {field[:20]!r}")
    _check_digits(field, name)
    return int(field)


def _check_digits(digits: str, where: str) -> None:
    if len(digits) > _MAX_DIGITS:
        raise NotationError(
            f"{where}: the number {digits[:_MAX_DIGITS]}… has {len(digits)} digits, more than a display needs"
        )


def _parse_rows(field: str, rules: Rules, ships: dict[str, int], islands: dict[str, int]) -> list[list[int]]:
    texts = field.split("/")
    want = rules.island_rows + 1
    if len(texts) != want:
        raise NotationError(
            f"ROWS: expected {want} rows separated by '/' (ships, then "
            f"{rules.island_rows} island rows), got {len(texts)}"
        )
    return [_parse_row(t, r, rules, ships, islands) for r, t in enumerate(texts)]


def _parse_row(text: str, row: int, rules: Rules, ships: dict[str, int], islands: dict[str, int]) -> list[int]:
    """Cells of one row; the row decides which symbol table applies."""
    cells: list[int] = []
    for m in _CELL.finditer(text):
        run, dot, sym, star = m.groups()
        where = f"ROWS: {_row_name(rules, row)}, column {len(cells) + 1}"
        if run:
            _check_digits(run, where)
            if int(run) == 0:
                raise NotationError(f"{where}: a number of empty cells must be at least 1, got {run!r}")
            cells += [EMPTY] * int(run)
        elif dot:
            cells.append(EMPTY)
        else:
            cells.append(_parse_cell(sym, star, row, where, ships, islands))
    while cells and cells[-1] == EMPTY:
        cells.pop()  # trailing empty cells carry no information
    return cells


def _parse_cell(sym: str, star: str, row: int, where: str, ships: dict[str, int], islands: dict[str, int]) -> int:
    """One tile (with its Viking if starred) in the cell encoding of Display."""
    own, other = (ships, islands) if row == 0 else (islands, ships)
    if sym == "*":
        raise NotationError(f"{where}: '*' must follow a tile symbol (an empty cell holds no Viking)")
    if sym not in own:
        if sym in other:
            what, place = ("an island tile", "the ship row") if row == 0 else ("a ship", "an island row")
            raise NotationError(f"{where}: {what} ({sym!r}) cannot go in {place}")
        raise NotationError(f"{where}: unknown symbol {sym!r} (this row takes . or {' '.join(own)})")
    if star and row == 0:
        raise NotationError(f"{where}: a ship holds no Viking, so '*' cannot follow {sym!r}")
    return own[sym] * 2 + (1 if star else 0)


def _parse_pool(field: str, rules: Rules, vikings: dict[str, int]) -> list[int]:
    pool = [0] * len(rules.vikings)
    if field == NO_POOL:
        return pool
    for m in _POOL_ITEM.finditer(field):
        count, sym = m.group(1), m.group(2)
        if sym in "0123456789":  # only when the field ends in digits
            raise NotationError(f"POOL: count {field[m.start() :]!r} is not followed by a Viking symbol")
        if sym not in vikings:
            known = " ".join(vikings)
            raise NotationError(f"POOL: unknown Viking symbol {sym!r} (known: {known}; '-' for an empty pool)")
        _check_digits(count, "POOL")
        n = int(count) if count else 1
        if n == 0:
            raise NotationError(f"POOL: a count must be at least 1, got '{count}{sym}'")
        pool[vikings[sym]] += n
    return pool


# Checking that the display could occur in a game ---------------------------------------------
def check_display(d: Display, rules: Rules) -> None:
    """Raise NotationError for the first thing no game could produce."""
    _check_ships(d, rules)
    _check_edges(d, rules)
    _check_connected(d, rules)
    _check_start(d, rules)
    _check_counts(d, rules)


def _check_ships(d: Display, rules: Rules) -> None:
    """The first ships go anywhere in the free columns; later ones only extend a full row."""
    free = rules.ship_free_columns
    row = d.rows[0]
    for i, v in enumerate(row):
        col = i + 1
        if v >= 0 and col > free and any(c < 0 for c in row[:i]):
            gap = row.index(EMPTY) + 1
            raise NotationError(
                f"ROWS: {_row_name(rules, 0)}, column {col}: a ship beyond column {free} "
                f"needs ships in every column before it, but column {gap} is empty"
            )


def _check_edges(d: Display, rules: Rules) -> None:
    """Each island tile's west edge must match what is west of it (the mainland is sea)."""
    for r in range(1, rules.island_rows + 1):
        for i, v in enumerate(d.rows[r]):
            if v < 0:
                continue
            t = v >> 1
            left = d.rows[r][i - 1] if i > 0 else None
            if left is not None and left < 0:
                continue
            edge = SEA if left is None else rules.tile_east[left >> 1]
            if rules.tile_west[t] != edge:
                beside = "the mainland" if left is None else repr(rules.tiles[left >> 1].symbol)
                raise NotationError(
                    f"ROWS: {_row_name(rules, r)}, column {i + 1}: {rules.tiles[t].symbol!r} has a "
                    f"{_edge(rules.tile_west[t])} west edge but {beside} to its west has a {_edge(edge)} east edge"
                )


def _edge(edge: int) -> str:
    return "sea" if edge == SEA else "land"


def _check_connected(d: Display, rules: Rules) -> None:
    """Every island tile must reach column 1 through island tiles (orthogonally): each was
    placed touching the mainland or an earlier tile."""
    last = rules.island_rows
    tiles = {(r, i + 1) for r in range(1, last + 1) for i, v in enumerate(d.rows[r]) if v >= 0}
    seen = {(r, c) for r, c in tiles if c == 1}
    todo = deque(seen)
    while todo:
        r, c = todo.popleft()
        for nb in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)):
            if nb in tiles and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    loose = sorted(tiles - seen)
    if loose:
        r, c = loose[0]
        raise NotationError(
            f"ROWS: {_row_name(rules, r)}, column {c}: this island tile is not connected "
            "to the mainland through other island tiles"
        )


def _check_start(d: Display, rules: Rules) -> None:
    """The start tile sits in column 1; each display has one, placed with the first tile."""
    start = rules.start_tile
    sym = rules.tiles[start].symbol
    found = [
        (r, i + 1)
        for r in range(1, rules.island_rows + 1)
        for i, v in enumerate(d.rows[r])
        if v >= 0 and v >> 1 == start
    ]
    for r, c in found:
        if c != 1:
            raise NotationError(
                f"ROWS: {_row_name(rules, r)}, column {c}: the start tile ({sym!r}) can only stand in column 1"
            )
    if d.start_tile >= 0:
        tiles = sum(1 for _ in d.tiles())
        if found:
            raise NotationError(
                f"START: '{START}' says the start tile is still to be placed, but ROWS already holds it ({sym!r})"
            )
        if tiles > 1 or any(d.pool) or any(occupied for _, _, _, occupied in d.tiles()):
            raise NotationError(
                f"START: the start tile is placed together with the first tile, so a display "
                f"marked '{START}' holds at most one tile and no Vikings"
            )
    elif len(found) != 1:
        raise NotationError(
            f"ROWS: expected exactly one start tile ({sym!r}) in column 1 of an island row, "
            f"found {len(found)} (write '{START}' if it is still to be placed)"
        )


def _check_counts(d: Display, rules: Rules) -> None:
    """No display can hold more of a component than the game has."""
    tiles = [0] * len(rules.tiles)
    kind: TileKind | VikingKind
    for _, _, t, _ in d.tiles():
        tiles[t] += 1
    for kind, n in zip(rules.tiles, tiles):
        if n > kind.count:
            raise NotationError(f"ROWS: {n} tiles {kind.symbol!r} ({kind.name}), but the game has only {kind.count}")
    on_islands = d.island_vikings(rules)
    for kind in rules.vikings:
        n = on_islands[kind.index] + d.pool[kind.index]
        if n > kind.count:
            raise NotationError(
                f"POOL: {n} Vikings {kind.symbol!r} ({kind.name}) on islands and in the pool, "
                f"but the game has only {kind.count}"
            )
