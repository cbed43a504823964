"""The results screen's figures (scenes/results.py): the score sheet's rows from the
engine's final scoring breakdown, each player's Fame and Gold round by round, and the
words they are shown with (ranks "1st" / "1.", a seat's kind, signed changes), in the
language in use when they are made.
"""

from __future__ import annotations

from typing import NamedTuple

from vikings.text import lang, words
from vikings.text.lang import t
from vikings.ui.scenes.scoring_text import detail_numbers


class Row(NamedTuple):
    key: str
    label: str
    hint: str  # a small explanation under the label
    values: tuple  # per player (seat order): an int, or None for "nothing"
    details: tuple  # per player: a small text under the value
    style: str  # "value", "change", "total" or "rank"


def ordinal(n: int) -> str:
    """A rank: "1st", "2nd" in English, "1.", "2." in German (the form chosen by the English
    rule; a language that needs one form gives the same text for all four)."""
    form = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return t(f"results.ordinal.{form}", n=n)


def seat_kind(seat) -> str:
    """ "person" or "normal bot" (under a name)."""
    return t("results.seat.person") if seat.is_person else t(f"results.seat.{seat.kind}")


def signed(v: int) -> str:
    """+3, −2 (a real minus sign), as a change is shown."""
    return ("+" if v > 0 else "") + lang.number(v)


def final_scores(game) -> tuple:
    """The final scoring's PlayerScores in seat order (empty if the game is not over)."""
    for _, kind, scores in reversed(game.scores):
        if kind == "final":
            return tuple(sorted(scores, key=lambda s: s.player))
    return ()


def results_rows(game) -> list[Row]:
    """The score sheet, from the engine's final scoring breakdown."""
    rules = game.rules
    s = rules.scoring
    scores = final_scores(game)
    n = len(scores)

    def lines(p, what):
        return [line for line in scores[p].lines if line.what == what]

    def total(p, what, field):
        return sum(getattr(line, field) for line in lines(p, what))

    before_fame = tuple(sc.fame - sc.fame_change for sc in scores)
    before_gold = tuple(sc.gold - sc.gold_change for sc in scores)
    rows = [
        Row(
            "before",
            t("results.row.before"),
            t("results.row.before_hint", n=rules.rounds),
            before_fame,
            tuple(t("results.row.before_gold", gold=words.gold(g)) for g in before_gold),
            "value",
        )
    ]
    ship_fame = tuple(total(p, "ship", "fame") for p in range(n))
    ship_details = []
    for p in range(n):
        ships, gold = len(lines(p, "ship")), total(p, "ship", "gold")
        ship_details.append(
            t("results.none")
            if not ships
            else t("results.ships", count=ships)
            + (t("results.then", what=t("results.gold_change", gold=signed(gold))) if gold else "")
        )
    rows.append(
        Row("ships", t("results.row.ships"), t("results.row.ships_hint"), ship_fame, tuple(ship_details), "change")
    )
    rows.append(
        Row(
            "gold",
            t("results.row.gold"),
            t("results.row.gold_hint", count=s.gold_per_fame),
            tuple(total(p, "gold", "fame") for p in range(n)),
            tuple(
                words.gold(-total(p, "gold", "gold"))
                + "".join(
                    t("results.then", what=t("results.gold_rate", count=detail_numbers(x.detail)[0]))
                    for x in lines(p, "gold")
                    if detail_numbers(x.detail)
                )
                for p in range(n)
            ),
            "change",
        )
    )  # (a detail: the Treasury's rate)
    for what, fame in (
        ("boatswains", s.most_boatswains_fame),
        ("islands", s.most_islands_fame),
        ("longest", s.longest_island_fame),
    ):
        details = []
        for p in range(n):
            nums = detail_numbers(lines(p, what)[0].detail) if lines(p, what) else []
            d = nums[0] if nums else 0
            helped = [
                words.special(rules.specials[k])
                for k in game.specials_held(p)  # advanced: tiles that count
                if rules.specials[k].effect == ("boatswain" if what == "boatswains" else None)
            ]
            details.append(
                (t("results.with", count=d, special=helped[0]) if helped else t(f"results.unit.{what}", count=d))
                if d or what == "boatswains"
                else t("results.none")
            )
        rows.append(
            Row(
                what,
                t(f"results.row.{what}"),
                t("results.row.majority_hint", fame=words.fame(fame)),
                tuple(total(p, what, "fame") for p in range(n)),
                tuple(details),
                "change",
            )
        )
    feeding = []
    for p in range(n):
        nums = detail_numbers(lines(p, "feeding")[0].detail) if lines(p, "feeding") else []
        text = t("results.food", food=nums[0], count=nums[1]) if len(nums) >= 2 else ""
        for k in game.specials_held(p):
            if rules.specials[k].effect == "feeding":
                text += t("results.then", what=words.special(rules.specials[k]))
        feeding.append(text)
    rows.append(
        Row(
            "feeding",
            t("results.row.feeding"),
            t("results.row.feeding_hint", spare=words.fame(s.overfeed_fame), hungry=s.underfeed_fame),
            tuple(total(p, "feeding", "fame") for p in range(n)),
            tuple(feeding),
            "change",
        )
    )
    if any(lines(p, "special") for p in range(n)):  # advanced game: the building special tiles
        rows.append(
            Row(
                "special",
                t("results.row.special"),
                t("results.row.special_hint"),
                tuple(total(p, "special", "fame") for p in range(n)),
                tuple(
                    t("scoring.list_sep").join(rules_name(rules, x.detail) for x in lines(p, "special"))
                    or t("results.none")
                    for p in range(n)
                ),
                "change",
            )
        )
    rows.append(Row("fame", t("results.row.fame"), "", tuple(sc.fame for sc in scores), ("",) * n, "total"))
    rows.append(
        Row(
            "final_gold",
            t("results.row.final_gold"),
            t("results.row.final_gold_hint"),
            tuple(sc.gold for sc in scores),
            ("",) * n,
            "value",
        )
    )
    ranks = tuple(game.ranks) if game.ranks else tuple(1 for _ in range(n))
    rows.append(Row("rank", t("results.row.rank"), "", ranks, ("",) * n, "rank"))
    return rows


def rules_name(rules, ident: str) -> str:
    """A special tile's name from its id (a scoring line's detail), in the language in use."""
    return next((words.special(k) for k in rules.specials if k.id == ident), ident)


def course(game) -> tuple[list[str], list[list[int]], list[list[int]]]:
    """x labels and each player's Fame and Gold: at the start, after every round, at the end."""
    rules = game.rules
    n = game.n
    gold0, fame0 = rules.setup.get(n, (0, 0))
    labels = [t("results.chart.start")] + [lang.number(i + 1) for i in range(len(game.track))]
    fame = [[fame0] + [x[p][0] for x in game.track] for p in range(n)]
    gold = [[gold0] + [x[p][1] for x in game.track] for p in range(n)]
    if game.is_over:
        labels.append(t("results.chart.end"))
        for p, d in enumerate(game.displays):
            fame[p].append(d.fame)
            gold[p].append(d.gold)
    return labels, fame, gold


__all__ = ["Row", "ordinal", "seat_kind", "signed", "final_scores", "results_rows", "rules_name", "course"]
