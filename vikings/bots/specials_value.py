"""The advanced game in the evaluation (`evaluate.py` calls this only for games with the
options, so the standard game's evaluation is untouched).

- `tiles_value`: what the special tiles a player holds or has placed are still worth, in
  Fame: bonus tiles by the scorings to come for her safe Vikings of their kind (and a
  share for Vikings of that kind still to come), boatswain tiles in the boatswain count,
  the feast and the treasury in the final projections, building tiles by the Vikings on
  and around them if unthreatened, a building tile still waiting a little.
- `single_moves`: with the single-boatswain rule each boatswain moves one Viking, or all
  of a kind with a boat tile: the pool moves a player's boatswains can still make.
- `forced_single`: boatswains the last large scoring's obligation uses up under that rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vikings.engine.display import threat
from vikings.engine.specials import building_fame

if TYPE_CHECKING:
    from vikings.engine import Display, GameState

KIND_PER_PURCHASE = 0.05  # Vikings of one kind a purchase to come adds, earning from then on
BUILDING_WAITING = 1.0  # a building tile beside the mainland, while purchases remain
FISH_RANK = 1.5  # a moved fisherman, per Viking it feeds, only to rank the moves


def tiles_value(
    state: GameState,
    p: int,
    T: Any,
    C: Any,
    nl: int,
    wall: float,
    safe: dict[int, int],
    balance: float,
    gold_units: float,
    future: float,
) -> tuple[float, int]:
    """(Fame the special tiles of player p are still worth, boatswains they add to her count).
    `safe`: unthreatened Vikings standing per row; `nl`, `wall`: large scorings to come and
    the summed Gold rates of all scorings to come; `balance`: projected food surplus;
    `gold_units`: Gold still to come from scorings; `future`: her purchases to come."""
    adv = state.adv
    assert adv is not None  # called only when the special tiles are in play
    held, placed = adv.held[p], adv.placed[p]
    if not held and not placed:
        return 0.0, 0
    rules = T.rules
    specials = rules.specials
    sc = T.sc
    fame = 0.0
    extra = 0
    potential = KIND_PER_PURCHASE * future
    for sid in held:
        sk = specials[sid]
        e = sk.effect
        if e == "goldsmith":
            fame += sk.amount * (safe[T.rg] + potential) * wall
        elif e == "viking_fame":
            fame += sk.amount * (safe[T.kind_row[sk.viking]] + potential) * nl
        elif e == "boatswain":
            extra += sk.amount
        elif e == "feeding":
            if balance > 0:
                fame += (sk.amount - sc.overfeed_fame) * balance
        elif e == "gold_rate":
            d = state.displays[p]
            final_gold = d.gold * (1.0 - C.t) + gold_units  # Gold on hand gets spent while groups remain
            fame += final_gold * (1.0 / sk.amount - 1.0 / sc.gold_per_fame)
        elif e == "building" and future > 0:
            fame += BUILDING_WAITING
    if placed:
        d = state.displays[p]
        unrepelled = threat(d, rules)[2]
        for sid, row, col in placed:
            fame += building_fame(d, rules, row, col, unrepelled, specials[sid].amount)
    return fame, extra


def single_moves(units: list[tuple[float, int, bool]], b: int, boats: int) -> tuple[float, int, int, float]:
    """Pool moves under the single-boatswain rule: each of `b` boatswains moves the Viking
    worth most, or, spending one of `boats` boat tiles, all movable Vikings of a kind.
    `units`: per kind (gain of moving all m movable Vikings, m, is fisherman). Returns
    (gain, fishermen moved, boatswains used, gain of the best single boatswain)."""
    left: list[list[Any]] = [[g if not fish else m * FISH_RANK, g, m, fish] for g, m, fish in units]
    gain = first = 0.0
    fish_moved = used = 0
    for _ in range(b):
        one = whole = None
        for x in left:
            if x[2]:
                if one is None or x[0] / x[2] > one[0] / one[2]:
                    one = x
                if boats and x[2] >= 2 and (whole is None or x[0] > whole[0]):
                    whole = x
        if one is None:
            break
        if whole is not None and whole[0] > one[0] / one[2]:
            got, fish = whole[1], whole[3] and whole[2]
            whole[0] = whole[1] = whole[2] = 0
            boats -= 1
        else:
            got = one[1] / one[2]
            fish = 1 if one[3] else 0
            one[0] -= one[0] / one[2]
            one[1] -= got
            one[2] -= 1
        gain += got
        fish_moved += fish
        if not used:
            first = got
        used += 1
    return gain, fish_moved, used, first


def forced_single(d: Display, T: Any, b: int) -> int:
    """Boatswains the last large scoring's obligation uses up when each moves one Viking."""
    rows = d.rows
    units = 0
    for k, row in T.kind_rows:
        have = d.pool[k]
        if have:
            room = sum(1 for v in rows[row] if v >= 0 and not v & 1)
            units += have if have < room else room
    return units if units < b else b
