"""Consistency checks on a game state, used by `vikings simulate` and the tests.

`check(state)` returns a list of problems (empty when all is well). It counts every
component wherever it is, so a Viking, tile or special tile that is lost or duplicated
shows up at once (the auction's drawn Vikings included), and checks the wheel and the turn.
"""

from __future__ import annotations

from vikings.engine.display import ship_columns
from vikings.engine.state import BID, BOATSWAIN_MOVE, COLOUR, OVER, PLACE, PURCHASE, REMOVE, REPLACE, VIKING, GameState

_AUCTION = (BID, REMOVE, COLOUR)


def viking_locations(s: GameState) -> list[int]:
    """How many Vikings of each kind the state accounts for, wherever they are."""
    rules = s.rules
    counts = [a + b for a, b in zip(s.bag, s.removed_vikings)]
    for k in s.wheel_viking:
        if k >= 0:
            counts[k] += 1
    for d in s.displays:
        for k, n in enumerate(d.pool):
            counts[k] += n
        for k, n in enumerate(d.island_vikings(rules)):
            counts[k] += n
    if s.hand_viking >= 0:
        counts[s.hand_viking] += 1
    for k in s.auction_vikings:
        counts[k] += 1
    return counts


def tile_locations(s: GameState) -> list[int]:
    """How many tiles of each kind the state accounts for, wherever they are."""
    counts = s.removed_tiles[:]
    for stack in s.stacks:
        for t in stack:
            counts[t] += 1
    for t in s.wheel_tile:
        if t >= 0:
            counts[t] += 1
    for d in s.displays:
        for _, _, t, _ in d.tiles():
            counts[t] += 1
        if d.start_tile >= 0:
            counts[d.start_tile] += 1
    if s.hand_tile >= 0:
        counts[s.hand_tile] += 1
    for p in range(s.n):  # a building special tile's cell keeps the kind of the tile it replaced
        for _, row, col in s.specials_placed(p):
            counts[s.displays[p].tile_at(row, col)] -= 1
    return counts


def special_locations(s: GameState) -> list[int]:
    """How many special tiles of each kind the state accounts for, wherever they are."""
    counts = [0] * len(s.rules.specials)
    adv = s.adv
    if adv is None or not adv.specials:
        return counts
    for sid in (*adv.supply, *adv.face_up, *adv.out, adv.pending):
        if sid >= 0:
            counts[sid] += 1
    for p in range(s.n):
        for sid in adv.held[p]:
            counts[sid] += 1
        for sid, _, _ in adv.placed[p]:
            counts[sid] += 1
    return counts


def check(s: GameState) -> list[str]:
    rules = s.rules
    problems = []
    want = [v.count for v in rules.vikings]
    have = viking_locations(s)
    if have != want:
        problems.append(f"Vikings by kind {have}, expected {want}")
    want = [t.count for t in rules.tiles]
    have = tile_locations(s)
    if have != want:
        problems.append(f"tiles by kind {have}, expected {want}")
    if s.adv is not None and s.adv.specials:
        want = [k.count for k in rules.specials]
        have = special_locations(s)
        if have != want:
            problems.append(f"special tiles by kind {have}, expected {want}")
        for p in range(s.n):
            for sid, row, col in s.specials_placed(p):
                tile = s.displays[p].tile_at(row, col)
                if tile < 0 or rules.tiles[tile].building != rules.specials[sid].building:
                    problems.append(f"player {p}'s special tile {rules.specials[sid].id} lies on {tile} at {row},{col}")
        if (s.phase == REPLACE) != (s.adv.pending >= 0):
            problems.append(f"phase {s.phase} with pending special tile {s.adv.pending}")
    for p, d in enumerate(s.displays):
        if d.gold < 0 or d.fame < 0:
            problems.append(f"player {p} has {d.gold} Gold and {d.fame} Fame")
        ships = [i + 1 for i, v in enumerate(d.rows[0]) if v >= 0]
        if any(c > rules.ship_free_columns for c in ships) and ships != list(range(1, len(ships) + 1)):
            problems.append(f"player {p}'s ships stand in columns {ships}")
        for r in range(1, rules.island_rows + 1):
            if any(v >= 0 and rules.tile_is_ship[v >> 1] for v in d.rows[r]):
                problems.append(f"player {p} has a ship in island row {r}")
        if any(v >= 0 and (v & 1 or not rules.tile_is_ship[v >> 1]) for v in d.rows[0]):
            problems.append(f"player {p}'s ship row holds an island or a Viking")
        if min(d.pool) < 0:
            problems.append(f"player {p}'s pool {d.pool} is negative")
    groups = [sp for sp, t in enumerate(s.wheel_tile) if t >= 0]
    if s.phase in _AUCTION:
        return problems + _check_auction(s)
    if groups != [sp for sp, k in enumerate(s.wheel_viking) if k >= 0]:
        problems.append("a wheel space holds a tile without a Viking or a Viking without a tile")
    if len(groups) != rules.wheel_spaces - s.bought:
        problems.append(f"{len(groups)} groups on the wheel after {s.bought} purchases")
    if s.phase == PURCHASE and (not groups or groups[0] != s.offset):
        problems.append(f"no group stands at price 0 (offset {s.offset}, groups at {groups})")
    if s.phase == OVER:
        if s.legal_actions():
            problems.append("the game is over but actions are still legal")
    else:
        if not s.legal_actions():
            problems.append(f"player {s.to_move} has no legal action in phase {s.phase}")
        if s.phase in (PLACE, VIKING) and s.hand_viking < 0:
            problems.append(f"phase {s.phase} without a Viking in hand")
        if s.phase == BOATSWAIN_MOVE and not s.moves:
            problems.append("phase boatswain_move with no Viking to move")
        if s.phase == PLACE and s.hand_tile >= 0 and rules.tile_is_ship[s.hand_tile]:
            if not ship_columns(s.displays[s.to_move], rules):
                problems.append("a ship in hand with no column to go")
    return problems


def _check_auction(s: GameState) -> list[str]:
    """While the offer is being prepared: the drawn Vikings and the wheel fit together."""
    problems = []
    size = s.rules.wheel_spaces
    drawn = len(s.auction_vikings)
    placed = [sp for sp, k in enumerate(s.wheel_viking) if k >= 0]
    if placed != list(range(size - len(placed), size)):
        problems.append(f"auction Vikings stand on spaces {placed}, not the highest ones")
    if s.phase == BID and (placed or drawn != size + 1 or any(t >= 0 for t in s.wheel_tile)):
        problems.append(f"bidding with {drawn} drawn Vikings and a wheel already laid")
    if s.phase == COLOUR and drawn + len(placed) != size:
        problems.append(f"{drawn} Vikings to place and {len(placed)} on the wheel, expected {size}")
    if s.phase == BID:
        if s.high_bidder >= 0 and s.high_bid > s.bid_limit(s.high_bidder):
            problems.append(f"bid {s.high_bid} above player {s.high_bidder}'s Gold and Fame")
        if s.passed_bidders[s.to_move] or s.passed_bidders.count(False) < 2:
            problems.append(f"player {s.to_move} bids though the auction is decided or she passed")
    if not s.legal_actions():
        problems.append(f"player {s.to_move} has no legal action in phase {s.phase}")
    return problems
