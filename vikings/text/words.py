"""The game's vocabulary in the language in use: the names of the Vikings, tiles, special
tiles and colours by the data files' ids, and amounts of Fame, Gold and Vikings with
their plurals ("1 Fischer", "3 Fischer"; "1 goldsmith", "3 goldsmiths").

The words are in the catalogues' `game` area (data/lang/<code>/game.yaml); the special
tiles' names and texts in the `specials` area. Screens, the log and the hints use these
helpers rather than the names in data/*.yaml, which stay English for the data files' own
checks and the command-line tools.
"""

from __future__ import annotations

from vikings.text.lang import t


def _id(kind) -> str:
    return kind if isinstance(kind, str) else kind.id


def viking(kind) -> str:
    """A kind's name, capitalised as a noun on a label: "Fisherman", "Fischer"."""
    return t(f"game.viking.{_id(kind)}.name")


def viking_plural(kind) -> str:
    """ "Fishermen", "Bootsleute"."""
    return t(f"game.viking.{_id(kind)}.plural")


def vikings(kind, count: int) -> str:
    """ "1 fisherman", "3 fishermen"; "1 Bootsmann", "3 Bootsleute"."""
    return t(f"game.viking.{_id(kind)}.count", count=count)


def any_vikings(count: int) -> str:
    return t("game.vikings_count", count=count)


def tile(kind) -> str:
    return t(f"game.tile.{_id(kind)}")


def special(kind) -> str:
    return t(f"specials.{_id(kind)}.name")


def special_text(kind) -> str:
    return t(f"specials.{_id(kind)}.description")


def colour(name: str) -> str:
    return t(f"game.colour.{name}")


def fame(n: int) -> str:
    return t("game.fame_count", count=n)


def gold(n: int) -> str:
    return t("game.gold_count", count=n)


def in_sentence(name: str) -> str:
    """A kind's name ("Fisherman", "Fischer") as it stands inside a sentence: English
    writes it small, German keeps its capital (the catalogues' `lesson.small_names`, "1" or
    "0"; the lesson and the rules panel's pictures use it)."""
    return name[:1].lower() + name[1:] if t("lesson.small_names") == "1" else name
