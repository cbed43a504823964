"""Special tiles (advanced game) in the final scoring: pure functions of a display and
the special tiles its player holds. (Their lines in the small and large scorings are
built in scoring.py, beside the other lines.)

A player's tiles are given as `held` (kinds of the tiles beside her mainland) and `placed`
((kind, row, col) of building tiles lying on her display).
"""

from __future__ import annotations

from collections.abc import Sequence

from vikings.engine.components import Rules
from vikings.engine.display import Display


def building_fame(
    d: Display, rules: Rules, row: int, col: int, unrepelled: Sequence[tuple[int, int]], fame: int
) -> int:
    """Final scoring of a building tile at (row, col): `fame` per Viking on it and its 8
    neighbours, or 0 if an unrepelled ship in its column reaches its row."""
    reach = rules.tile_reach
    if any(c == col and reach[ship] >= row for c, ship in unrepelled):
        return 0
    n = 0
    for r in range(max(1, row - 1), min(rules.island_rows, row + 1) + 1):
        for c in range(col - 1, col + 2):
            if c >= 1 and d.occupied(r, c):
                n += 1
    return n * fame


def final_modifiers(rules: Rules, held: tuple[int, ...]) -> tuple[int, int, int]:
    """(Gold per Fame, Fame per surplus fed Viking, boatswains added to the majority count)
    for a player holding `held`."""
    s = rules.scoring
    rate, feed, extra = s.gold_per_fame, s.overfeed_fame, 0
    for sid in held:
        sk = rules.specials[sid]
        if sk.effect == "gold_rate":
            rate = min(rate, sk.amount)
        elif sk.effect == "feeding":
            feed = max(feed, sk.amount)
        elif sk.effect == "boatswain":
            extra += sk.amount
    return rate, feed, extra
