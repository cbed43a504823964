"""Special tiles (advanced game) in the scorings: pure functions of a display and the
special tiles its player holds.

A player's tiles are given as `held` (kinds of the tiles beside her mainland) and `placed`
((kind, row, col) of building tiles lying on her display). Each effect adds `Line`s with
what="special" and the tile's id as detail, so screens and logs list them like any other.
"""
from __future__ import annotations

from .components import Rules
from .display import Display
from .scoring import Line, PlayerScore

_new = tuple.__new__


def _unthreatened(d: Display, row: int, hit) -> list[int]:
    """Columns of the Vikings in `row` that no ship threatens."""
    return [i + 1 for i, v in enumerate(d.rows[row]) if v & 1 and v >= 0 and (row, i + 1) not in hit]


def scoring_lines(d: Display, rules: Rules, held: tuple, kind: str, threatened) -> list[Line]:
    """Extra lines of a small or large scoring: goldsmith tiles in both, Fame tiles for
    nobles, scouts and fishermen in large scorings only."""
    hit = set(threatened)
    lines = []
    for sid in held:
        sk = rules.specials[sid]
        if sk.effect == "goldsmith":
            row = rules.viking_row[rules.goldsmith]
            lines += [_new(Line, ("special", row, c, sk.amount, 0, sk.id)) for c in _unthreatened(d, row, hit)]
        elif sk.effect == "viking_fame" and kind == "large":
            row = rules.viking_row[sk.viking]
            lines += [_new(Line, ("special", row, c, 0, sk.amount, sk.id)) for c in _unthreatened(d, row, hit)]
    return lines


def with_lines(score: PlayerScore, lines: list[Line]) -> PlayerScore:
    """`score` with `lines` added (gains only: no floor is needed)."""
    if not lines:
        return score
    return score._replace(lines=score.lines + tuple(lines), gold=score.gold + sum(x.gold for x in lines),
                          fame=score.fame + sum(x.fame for x in lines))


def building_fame(d: Display, rules: Rules, row: int, col: int, unrepelled, fame: int) -> int:
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


def final_modifiers(rules: Rules, held: tuple) -> tuple[int, int, int]:
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
