"""Small, large and final scoring as pure functions of displays.

Each returns a `PlayerScore` per player: the lines a screen animates one by one and a
results table lists (which Viking or ship earned or cost what), the threatened Vikings,
and the player's Gold and Fame afterwards. Nothing here changes a display.
"""
from __future__ import annotations

from typing import NamedTuple

from .components import Rules
from .display import Display, completed_islands, threat


class Line(NamedTuple):
    what: str          # warrior, noble, scout, goldsmith, ship, gold, boatswains, islands, longest, feeding
    row: int | None    # where on the display, when the line belongs to one place
    col: int | None
    gold: int          # change of Gold (actual, after the floors at 0)
    fame: int          # change of Fame
    detail: str = ""   # a short explanation, e.g. "2 below" for a scout


class PlayerScore(NamedTuple):
    player: int
    kind: str                      # small, large or final
    lines: tuple[Line, ...]
    threatened: tuple[tuple[int, int], ...]
    repelled: tuple[int, ...]      # columns of ships a warrior repelled
    gold: int                      # Gold and Fame after this scoring
    fame: int

    @property
    def gold_change(self) -> int:
        return sum(line.gold for line in self.lines)

    @property
    def fame_change(self) -> int:
        return sum(line.fame for line in self.lines)

    def to_json(self) -> dict:
        return {"player": self.player, "kind": self.kind,
                "lines": [line._asdict() for line in self.lines],
                "threatened": [list(t) for t in self.threatened], "repelled": list(self.repelled),
                "gold": self.gold, "fame": self.fame,
                "gold_change": self.gold_change, "fame_change": self.fame_change}


def _occupied_cols(d: Display, row: int) -> list[int]:
    return [i + 1 for i, v in enumerate(d.rows[row]) if v >= 0 and v & 1]


def small_scoring(d: Display, rules: Rules, player: int = 0) -> PlayerScore:
    """After rounds 1, 3, 5: Gold for each unthreatened goldsmith on an island."""
    threatened, repelled, _ = threat(d, rules)
    hit = set(threatened)
    row = rules.viking_row[rules.goldsmith]
    g = rules.scoring.goldsmith_gold
    lines = tuple(Line("goldsmith", row, c, g, 0) for c in _occupied_cols(d, row) if (row, c) not in hit)
    return PlayerScore(player, "small", lines, tuple(threatened), tuple(c for c, _ in repelled),
                       d.gold + len(lines) * g, d.fame)


def large_scoring(d: Display, rules: Rules, player: int = 0) -> PlayerScore:
    """After rounds 2, 4, 6 (once the boatswains have moved): warriors under ships earn
    the ship's reward, nobles and scouts earn Fame, goldsmiths Gold."""
    s = rules.scoring
    threatened, repelled, _ = threat(d, rules)
    hit = set(threatened)
    lines = []
    warrior_row = rules.viking_row[rules.warrior]
    for col, ship in repelled:
        kind = rules.tiles[ship]
        gold = kind.reward_amount if kind.reward_kind == "gold" else 0
        fame = kind.reward_amount if kind.reward_kind == "fame" else 0
        lines.append(Line("warrior", warrior_row, col, gold, fame, kind.id))
    row = rules.viking_row[rules.noble]
    lines += [Line("noble", row, c, 0, s.noble_fame) for c in _occupied_cols(d, row) if (row, c) not in hit]
    row = rules.viking_row[rules.scout]
    below_rows = [rules.viking_row[k] for k in (rules.goldsmith, rules.fisherman)]
    for c in _occupied_cols(d, row):
        if (row, c) in hit:
            continue
        below = sum(1 for r in below_rows if r > row and d.occupied(r, c))
        lines.append(Line("scout", row, c, 0, s.scout_fame + below * s.scout_bonus_fame,
                          f"{below} below" if below else ""))
    row = rules.viking_row[rules.goldsmith]
    lines += [Line("goldsmith", row, c, s.goldsmith_gold, 0)
              for c in _occupied_cols(d, row) if (row, c) not in hit]
    return PlayerScore(player, "large", tuple(lines), tuple(threatened), tuple(c for c, _ in repelled),
                       d.gold + sum(x.gold for x in lines), d.fame + sum(x.fame for x in lines))


def _winners(values: list[int], least: int) -> set[int]:
    """Players holding the most of something (all tied), if that most is at least `least`."""
    best = max(values)
    return {i for i, v in enumerate(values) if v == best} if best >= least else set()


def final_scoring(displays: list[Display], rules: Rules) -> list[PlayerScore]:
    """After the last large scoring, step by step: unrepelled ships cost their value, Gold
    buys Fame, majorities for boatswains, completed islands and the longest island, and
    feeding. Fame and Gold never drop below 0; a Gold cost Gold cannot cover is paid in Fame."""
    s = rules.scoring
    boatswains = [d.pool[rules.boatswain] for d in displays]
    islands = [completed_islands(d, rules) for d in displays]
    most_boatswains = _winners(boatswains, 1)
    most_islands = _winners([len(i) for i in islands], 1)
    longest = _winners([max((n for _, _, n in i), default=0) for i in islands], 1)
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
            lines.append(Line("ship", 0, col, -g, -f, kind.id))
        k = gold // s.gold_per_fame
        gold, fame = gold - k * s.gold_per_fame, fame + k
        lines.append(Line("gold", None, None, -k * s.gold_per_fame, k))
        for what, winners, value, detail in (
                ("boatswains", most_boatswains, s.most_boatswains_fame, boatswains[p]),
                ("islands", most_islands, s.most_islands_fame, len(islands[p])),
                ("longest", longest, s.longest_island_fame, max((n for _, _, n in islands[p]), default=0))):
            gain = value if p in winners else 0
            fame += gain
            lines.append(Line(what, None, None, 0, gain, str(detail)))
        hit = set(threatened)
        frow = rules.viking_row[rules.fisherman]
        feeders = sum(1 for c in _occupied_cols(d, frow) if (frow, c) not in hit)
        mouths = sum(d.island_vikings(rules)) + sum(d.pool)
        spare = feeders * s.fisherman_feeds - mouths
        change = spare * s.overfeed_fame if spare >= 0 else -min(fame, -spare * s.underfeed_fame)
        fame += change
        lines.append(Line("feeding", None, None, 0, change, f"{feeders * s.fisherman_feeds} food for {mouths}"))
        out.append(PlayerScore(p, "final", tuple(lines), tuple(threatened), tuple(c for c, _ in repelled),
                               gold, fame))
    return out


def ranking(displays: list[Display]) -> list[int]:
    """Rank of each player (1 = winner): most Fame, then most Gold; equal players share."""
    keys = [(d.fame, d.gold) for d in displays]
    return [1 + sum(1 for other in keys if other > k) for k in keys]
