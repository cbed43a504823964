"""The game log's words: one line per engine event, in the language in use.

    describe(event, rules, names)   # "Ann buys the left end with a scout for 3 Gold"
                                    # "Ann kauft das linke Endstück mit einem Späher für 3 Gold"

The engine reports what happened as plain data (`engine.events.Event`); this module turns
an event into a sentence through the `log` catalogue (data/lang/<code>/log.yaml): one
whole-sentence template per event type, so every language orders its words its own way.
Tiles and Vikings inside a sentence come in the forms the catalogue gives them (with
their article and case: "a scout" / "einen Späher", "with a scout" / "mit einem Späher").
The game log keeps the events, not these lines, so a change of language rewrites it.
"""

from __future__ import annotations

from vikings.engine.components import Rules
from vikings.engine.events import Event
from vikings.text import words
from vikings.text.lang import number, t


def signed(n: int) -> str:
    """+3, 0, −2 (the minus sign from `number()`)."""
    return f"+{number(n)}" if n > 0 else number(n)


def names_list(names) -> str:
    """ "Ann", "Ann and Bjorn", "Ann, Bjorn and Leif" in the language in use."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return t("log.names_two", first=names[0], last=names[1])
    return t("log.names_more", first=names[0], rest=", ".join(names[1:-1]), last=names[-1])


def tile_in_sentence(rules: Rules, tile: int) -> str:
    """The tile with its article: "the left end", "das linke Endstück"."""
    return t(f"log.tile.{rules.tiles[tile].id}")


def viking_in_sentence(rules: Rules, kind: int, form: str = "a") -> str:
    """A Viking with its article, in one of the catalogue's forms (a, bought, the, one, all)."""
    return t(f"log.viking.{rules.vikings[kind].id}.{form}")


def paid(gold: int, fame: int) -> str:
    """ "7 Gold", or "20 Gold and 2 Fame" when Fame made up the rest."""
    return t("log.paid_both", gold=words.gold(gold), fame=words.fame(fame)) if fame else words.gold(gold)


def where(data) -> str:
    """A cell as a player sees it: the ship row by its name, the island rows by number (1-5)."""
    if data["row"] == 0:
        return t("log.where_ship", col=data["col"])
    return t("log.where", row=data["row"], col=data["col"])


def _laid(d) -> dict:
    return {"islands": t("log.islands", count=d["islands"]), "ships": t("log.ships", count=d["ships"])}


def describe(e: Event, rules: Rules, names) -> str:
    """One line of the game log."""
    name = names[e.player] if e.player is not None else ""
    d, kind = e.data, e.type
    if kind == "offer":
        return t("log.offer", round=d["round"], bag=words.any_vikings(d["bag"]), **_laid(d))
    if kind == "tiles_laid":
        return t("log.tiles_laid", **_laid(d))
    if kind == "bought":
        return t(
            "log.bought",
            name=name,
            tile=tile_in_sentence(rules, d["tile"]),
            viking=viking_in_sentence(rules, d["viking"], "bought"),
            paid=paid(d["gold"], d["fame"]),
        )
    if kind == "wheel_turned":
        return t("log.wheel_turned", steps=d["steps"])
    if kind == "tile_placed":
        return t("log.tile_placed", name=name, tile=tile_in_sentence(rules, d["tile"]), where=where(d))
    if kind == "start_tile_placed":
        return t("log.start_tile_placed", name=name, row=d["row"])
    if kind == "tile_discarded":
        return t("log.tile_discarded", name=name, tile=tile_in_sentence(rules, d["tile"]))
    if kind == "viking_placed":
        return t("log.viking_placed", name=name, viking=viking_in_sentence(rules, d["viking"], "the"), where=where(d))
    if kind == "viking_to_pool":
        return t("log.viking_to_pool", name=name, viking=viking_in_sentence(rules, d["viking"], "the"))
    if kind == "boatswain_used":
        what = (
            t("log.boatswain_each")
            if d["mode"] == "each"
            else viking_in_sentence(rules, d["kind"], "one" if d["mode"] == "one" else "all")
        )
        return t("log.boatswain_used", name=name, what=what)
    if kind == "viking_moved":
        return t("log.viking_moved", name=name, viking=viking_in_sentence(rules, d["viking"], "the"), where=where(d))
    if kind == "scoring":
        return t(
            "log.scoring",
            kind=t(f"log.scoring_kind.{d['kind']}"),
            name=name,
            gold=signed(d["gold_change"]),
            fame=signed(d["fame_change"]),
        )
    if kind == "start_player":
        return t("log.start_player", name=name)
    if kind == "auction":
        return t("log.auction", round=d["round"], name=name, vikings=words.any_vikings(len(d["vikings"])))
    if kind == "bid":
        return t("log.bid", name=name, amount=d["amount"])
    if kind == "bid_passed":
        return t("log.bid_passed_forced" if d["forced"] else "log.bid_passed", name=name)
    if kind == "auction_won":
        return t("log.auction_won", name=name, paid=paid(d["gold"], d["fame"]))
    if kind == "viking_removed":
        return t("log.viking_removed", name=name, viking=viking_in_sentence(rules, d["viking"], "a"))
    if kind == "colour_placed":
        n = len(d["spaces"])
        viking = viking_in_sentence(rules, d["viking"], "a") if n == 1 else words.vikings(rules.vikings[d["viking"]], n)
        return t(
            "log.colour_placed", count=n, name=name, viking=viking, spaces=", ".join(number(s) for s in d["spaces"])
        )
    if kind.startswith("special_"):  # revealed, taken, declined, gold, placed, spent
        special = words.special(rules.specials[d["special"]]) if "special" in d else ""
        return t(
            f"log.{kind}",
            name=name,
            special=special,
            gold=words.gold(d.get("gold", 0)),
            where=where(d) if "row" in d else "",
        )
    if kind == "game_over":
        winners = [names[p] for p, r in enumerate(d["ranks"]) if r == 1]
        return t("log.game_over", count=len(winners), winners=names_list(winners))
    return t("log.other", type=kind)


__all__ = ["describe", "names_list", "paid", "signed", "tile_in_sentence", "viking_in_sentence", "where"]
