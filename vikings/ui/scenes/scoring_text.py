"""The scoring screens' words (scenes/scoring.py): the breakdown lines, headings and notes,
in the language in use (catalogue area `scoring`, data/lang/<code>/scoring.yaml).

Everything here is looked up when it is drawn, from the engine's data (the event's
`PlayerScore` as JSON: `what`, `col`, `detail`), so a language change shows at once.
The engine's `detail` of a line is data, not text for players: a tile's or special
tile's id, a count ("2"), or numbers in a fixed form ("2 below", "3 Gold each",
"10 food for 12"); `detail_numbers` reads the numbers out of it.
"""

from __future__ import annotations

import re

from vikings.text import words
from vikings.text.lang import has, t

KINDS = ("small", "large", "final")
VIKING_LINES = ("goldsmith", "noble", "scout", "fisherman")


def detail_numbers(detail) -> list[int]:
    """The whole numbers in a scoring line's `detail` ("10 food for 12" -> [10, 12])."""
    return [int(x) for x in re.findall(r"\d+", str(detail or ""))]


def ship_colour(rules, tile_id: str) -> str:
    """'red' for the ship with red sail (the tile's id), else the tile's id (data, not text)."""
    return tile_id[:-5] if tile_id.endswith("_sail") else tile_id


def sail(rules, tile_id: str) -> str:
    """The sail's colour as it reads before "ship": "red" / "rote" (by the tile's id)."""
    key = f"scoring.sail.{ship_colour(rules, tile_id)}"
    return t(key) if has(key) else words.tile(tile_id)


def special_kind(rules, ident: str):
    """The special tile kind with id `ident` (a scoring line's detail), or None."""
    return next((k for k in rules.specials if k.id == ident), None)


def kind_title(kind: str) -> str:
    """ "Small scoring" / "Kleine Wertung" (as a heading)."""
    return t(f"scoring.kind.{kind if kind in KINDS else 'final'}")


def kind_inline(kind: str) -> str:
    """ "small scoring" / "kleine Wertung" (inside a sentence)."""
    return t(f"scoring.kind_inline.{kind if kind in KINDS else 'final'}")


def names_list(names) -> str:
    """ "Ann", "Ann and Bea", "Ann, Bea and Cid" (in the language in use)."""
    names = list(names)
    if len(names) < 2:
        return names[0] if names else ""
    return t("scoring.and", first=t("scoring.list_sep").join(names[:-1]), last=names[-1])


def line_words(line: dict, rules) -> tuple[str, str]:
    """A breakdown line in a few words: (what, a detail in smaller print)."""
    what, col, detail = line["what"], line["col"], line["detail"]
    nums = detail_numbers(detail)
    if what in VIKING_LINES:
        extra = ""
        if what == "scout" and nums and nums[0]:
            extra = t("scoring.line.scout_below", count=nums[0])
        return t("scoring.line.viking", viking=words.viking(what), col=col), extra
    if what == "warrior":
        return t("scoring.line.warrior", colour=sail(rules, detail)), t("scoring.line.column", col=col)
    if what == "ship":
        return t("scoring.line.ship", colour=sail(rules, detail)), t("scoring.line.column", col=col)
    if what == "gold":  # (the Treasury special tile gives its own rate as the detail)
        if nums:
            return t("scoring.line.gold"), t(
                "scoring.line.gold_rate_special", count=nums[0], special=words.special("treasury")
            )
        return t("scoring.line.gold"), t("scoring.line.gold_rate", count=rules.scoring.gold_per_fame)
    if what == "special":
        k = special_kind(rules, detail)
        name = words.special(k) if k is not None else str(detail)
        if k is not None and k.effect == "building":
            return t("scoring.line.building", special=name, col=col), t("scoring.line.building_detail")
        if k is not None and k.effect in ("goldsmith", "viking_fame") and line.get("row") is not None:
            viking = t(f"hints.viking.{rules.vikings[rules.row_viking[line['row']]].id}", count=1)  # (in a sentence)
            return t("scoring.line.special_viking", special=name, viking=viking, col=col), t(
                "scoring.line.special_tile"
            )
        return name, t("scoring.line.special_tile")
    if what == "boatswains":
        return t("scoring.line.boatswains"), t("scoring.line.boatswains_detail", count=nums[0] if nums else 0)
    if what == "islands":
        return t("scoring.line.islands"), t("scoring.line.islands_detail", count=nums[0] if nums else 0)
    if what == "longest":
        n = nums[0] if nums else 0
        return t("scoring.line.longest"), (t("scoring.line.longest_detail", count=n) if n else t("scoring.none"))
    if what == "feeding":
        if len(nums) >= 2:
            return t("scoring.line.feeding"), t("scoring.line.feeding_detail", food=nums[0], count=nums[1])
        return t("scoring.line.feeding"), ""
    return what, str(detail or "")


def threatened_note(n: int) -> str:
    return t("scoring.note.threatened", count=n)


def repelled_note(cols) -> str:
    cols = list(cols)
    return t("scoring.note.repelled", count=len(cols), cols=t("scoring.list_sep").join(str(c) for c in cols))


def nothing_note(kind: str) -> str:
    return t(f"scoring.note.nothing_{kind if kind in KINDS else 'final'}")


__all__ = [
    "line_words",
    "ship_colour",
    "sail",
    "special_kind",
    "detail_numbers",
    "kind_title",
    "kind_inline",
    "names_list",
    "threatened_note",
    "repelled_note",
    "nothing_note",
]
