"""Consistency checks on a game state, used by `vikings simulate` and the tests.

`check(state)` returns a list of problems (empty when all is well). It counts every
component wherever it is, so a Viking or tile that is lost or duplicated shows up at
once, and checks the wheel and the turn.
"""
from __future__ import annotations

from .display import ship_columns
from .state import BOATSWAIN_MOVE, OVER, PLACE, PURCHASE, VIKING, GameState


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
