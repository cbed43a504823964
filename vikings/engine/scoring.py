"""Small, large and final scoring as pure functions of displays.

Each returns a `PlayerScore` per player: the lines a screen animates one by one and a
results table lists (which Viking or ship earned or cost what), the threatened Vikings,
and the player's Gold and Fame afterwards. Nothing here changes a display.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

from vikings.engine.components import Rules
from vikings.engine.display import Display, completed_islands, threat
from vikings.engine.specials import building_fame, final_modifiers


class Line(NamedTuple):
    what: str  # warrior, noble, scout, goldsmith, ship, gold, boatswains, islands, longest,
    # feeding; special (advanced game: detail is the special tile's id)
    row: int | None  # where on the display, when the line belongs to one place
    col: int | None
    gold: int  # change of Gold (actual, after the floors at 0)
    fame: int  # change of Fame
    detail: str = ""  # a short explanation, e.g. "2 below" for a scout


class PlayerScore(NamedTuple):
    player: int
    kind: str  # small, large or final
    lines: tuple[Line, ...]
    threatened: tuple[tuple[int, int], ...]
    repelled: tuple[int, ...]  # columns of ships a warrior repelled
    gold: int  # Gold and Fame after this scoring
    fame: int

    @property
    def gold_change(self) -> int:
        return sum(line.gold for line in self.lines)

    @property
    def fame_change(self) -> int:
        return sum(line.fame for line in self.lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "lines": [line._asdict() for line in self.lines],
            "threatened": [list(t) for t in self.threatened],
            "repelled": list(self.repelled),
            "gold": self.gold,
            "fame": self.fame,
            "gold_change": self.gold_change,
            "fame_change": self.fame_change,
        }


# Scorings run in every random game and search rollout, so they are written for speed:
# - Lines and PlayerScores are built with tuple.__new__, skipping the NamedTuples' own
#   Python-level __new__; the values (all fields given, in order) are exactly those of
#   Line(...) / PlayerScore(...).
# - Totals are summed as the lines are made.
# - Cells are tested inline rather than through helpers or comprehensions: rows are short,
#   and in Python 3.11 each of those is a function call that costs more than the loop.
#   A cell holds a Viking when it is odd and not -1 (an empty cell, also odd).
# - `hit` is the set of threatened (row, col), or () when nothing is threatened.
_new = tuple.__new__
_BELOW = ("", "1 below", "2 below")  # a scout's detail, f"{n} below" for n = 0..2 rows


def small_scoring(d: Display, rules: Rules, player: int = 0) -> PlayerScore:
    """After rounds 1, 3, 5: Gold for each unthreatened goldsmith on an island."""
    threatened, repelled, _ = threat(d, rules)
    hit = set(threatened) if threatened else ()
    row = rules.viking_row[rules.goldsmith]
    g = rules.scoring.goldsmith_gold
    lines = []
    for i, v in enumerate(d.rows[row]):
        if v & 1 and v >= 0 and not (hit and (row, i + 1) in hit):
            lines.append(_new(Line, ("goldsmith", row, i + 1, g, 0, "")))
    return _new(
        PlayerScore,
        (
            player,
            "small",
            tuple(lines),
            tuple(threatened),
            tuple([c for c, _ in repelled]) if repelled else (),
            d.gold + len(lines) * g,
            d.fame,
        ),
    )


def large_scoring(d: Display, rules: Rules, player: int = 0) -> PlayerScore:
    """After rounds 2, 4, 6 (once the boatswains have moved): warriors under ships earn
    the ship's reward, nobles and scouts earn Fame, goldsmiths Gold."""
    s = rules.scoring
    threatened, repelled, _ = threat(d, rules)
    hit = set(threatened) if threatened else ()
    lines: list[Line] = []
    add = lines.append
    gold, fame = d.gold, d.fame
    rows = d.rows
    viking_row = rules.viking_row
    if repelled:
        row = viking_row[rules.warrior]
        for col, ship in repelled:
            kind = rules.tiles[ship]
            g = kind.reward_amount if kind.reward_kind == "gold" else 0
            f = kind.reward_amount if kind.reward_kind == "fame" else 0
            add(_new(Line, ("warrior", row, col, g, f, kind.id)))
            gold += g
            fame += f
    row = viking_row[rules.noble]
    f = s.noble_fame
    for i, v in enumerate(rows[row]):
        if v & 1 and v >= 0 and not (hit and (row, i + 1) in hit):
            add(_new(Line, ("noble", row, i + 1, 0, f, "")))
            fame += f
    row = viking_row[rules.scout]
    below_rows = []  # rows below the scouts whose Vikings add to a scout's Fame
    for r in (viking_row[rules.goldsmith], viking_row[rules.fisherman]):
        if r > row:
            below_rows.append(rows[r])
    for i, v in enumerate(rows[row]):
        if v & 1 and v >= 0 and not (hit and (row, i + 1) in hit):
            below = 0
            for cells in below_rows:
                if i < len(cells) and cells[i] & 1 and cells[i] >= 0:
                    below += 1
            f = s.scout_fame + below * s.scout_bonus_fame
            add(_new(Line, ("scout", row, i + 1, 0, f, _BELOW[below])))
            fame += f
    row = viking_row[rules.goldsmith]
    g = s.goldsmith_gold
    for i, v in enumerate(rows[row]):
        if v & 1 and v >= 0 and not (hit and (row, i + 1) in hit):
            add(_new(Line, ("goldsmith", row, i + 1, g, 0, "")))
            gold += g
    return _new(
        PlayerScore,
        (
            player,
            "large",
            tuple(lines),
            tuple(threatened),
            tuple([c for c, _ in repelled]) if repelled else (),
            gold,
            fame,
        ),
    )


def _winners(values: list[int], least: int) -> set[int]:
    """Players holding the most of something (all tied), if that most is at least `least`."""
    best = max(values)
    return {i for i, v in enumerate(values) if v == best} if best >= least else set()


def final_scoring(
    displays: list[Display],
    rules: Rules,
    specials: Sequence[tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]] | None = None,
) -> list[PlayerScore]:
    """After the last large scoring, step by step: unrepelled ships cost their value, Gold
    buys Fame, majorities for boatswains, completed islands and the longest island, and
    feeding. Fame and Gold never drop below 0; a Gold cost Gold cannot cover is paid in Fame.
    `specials` (advanced game): per player (held kinds, placed (kind, row, col)) of special
    tiles, which change the Gold rate, the feeding bonus and the boatswain count, and add
    the building tiles' Fame as a last step."""
    s = rules.scoring
    boatswains = [d.pool[rules.boatswain] for d in displays]
    mods = None
    if specials is not None:
        mods = [final_modifiers(rules, held) for held, _ in specials]
        boatswains = [b + m[2] for b, m in zip(boatswains, mods)]
    islands = [completed_islands(d, rules) for d in displays]
    counts = [len(i) for i in islands]
    lengths = [max((n for _, _, n in i), default=0) for i in islands]
    most_boatswains = _winners(boatswains, 1)
    most_islands = _winners(counts, 1)
    longest = _winners(lengths, 1)
    frow = rules.viking_row[rules.fisherman]
    island_rows = range(1, rules.island_rows + 1)
    out = []
    for p, d in enumerate(displays):
        gold, fame = d.gold, d.fame
        lines = []
        threatened, repelled, unrepelled = threat(d, rules)
        for col, ship in unrepelled:
            kind = rules.tiles[ship]
            if kind.reward_kind == "gold":
                g = min(gold, kind.reward_amount)
                f = min(fame, kind.reward_amount - g)
            else:
                g, f = 0, min(fame, kind.reward_amount)
            gold, fame = gold - g, fame - f
            lines.append(_new(Line, ("ship", 0, col, -g, -f, kind.id)))
        rate = s.gold_per_fame if mods is None else mods[p][0]
        k = gold // rate
        gold, fame = gold - k * rate, fame + k
        lines.append(
            _new(Line, ("gold", None, None, -k * rate, k, "" if rate == s.gold_per_fame else f"{rate} Gold each"))
        )
        for what, winners, value, detail in (
            ("boatswains", most_boatswains, s.most_boatswains_fame, boatswains[p]),
            ("islands", most_islands, s.most_islands_fame, counts[p]),
            ("longest", longest, s.longest_island_fame, lengths[p]),
        ):
            gain = value if p in winners else 0
            fame += gain
            lines.append(_new(Line, (what, None, None, 0, gain, str(detail))))
        hit = set(threatened) if threatened else ()
        feeders = 0
        for i, v in enumerate(d.rows[frow]):
            if v & 1 and v >= 0 and not (hit and (frow, i + 1) in hit):
                feeders += 1
        food = feeders * s.fisherman_feeds
        # Every Viking on an island (an occupied cell) and in the pool eats.
        mouths = sum(d.pool)
        for r in island_rows:
            for v in d.rows[r]:
                if v & 1 and v >= 0:
                    mouths += 1
        spare = food - mouths
        over = s.overfeed_fame if mods is None else mods[p][1]
        change = spare * over if spare >= 0 else -min(fame, -spare * s.underfeed_fame)
        fame += change
        lines.append(_new(Line, ("feeding", None, None, 0, change, f"{food} food for {mouths}")))
        if mods is not None:
            for sid, row, col in specials[p][1]:  # type: ignore[index]  # (mods come with specials)
                gain = building_fame(d, rules, row, col, unrepelled, rules.specials[sid].amount)
                fame += gain
                lines.append(_new(Line, ("special", row, col, 0, gain, rules.specials[sid].id)))
        out.append(
            _new(
                PlayerScore, (p, "final", tuple(lines), tuple(threatened), tuple([c for c, _ in repelled]), gold, fame)
            )
        )
    return out


def ranking(displays: list[Display]) -> list[int]:
    """Rank of each player (1 = winner): most Fame, then most Gold; equal players share."""
    keys = [(d.fame, d.gold) for d in displays]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


# Special tiles (advanced game) in small and large scorings --------------------------------
def _unthreatened(d: Display, row: int, hit: Collection[tuple[int, int]]) -> list[int]:
    """Columns of the Vikings in `row` that no ship threatens."""
    return [i + 1 for i, v in enumerate(d.rows[row]) if v & 1 and v >= 0 and (row, i + 1) not in hit]


def scoring_lines(
    d: Display, rules: Rules, held: tuple[int, ...], kind: str, threatened: Collection[tuple[int, int]]
) -> list[Line]:
    """Extra lines of a small or large scoring: goldsmith tiles in both, Fame tiles for
    nobles, scouts and fishermen in large scorings only."""
    hit = set(threatened)
    lines: list[Line] = []
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
    return score._replace(
        lines=score.lines + tuple(lines),
        gold=score.gold + sum(x.gold for x in lines),
        fame=score.fame + sum(x.fame for x in lines),
    )
