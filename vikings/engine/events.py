"""What `apply()` reports: one event per thing that happened, in order.

Screens animate them and the game log prints `describe(event, ...)`. Each event is a
type name, the player it concerns (or None) and a small dict of plain values.
"""
from __future__ import annotations

from typing import NamedTuple

from .components import Rules


class Event(NamedTuple):
    type: str
    player: int | None
    data: dict


def _viking(rules: Rules, k: int) -> str:
    return rules.vikings[k].name.lower()


def _vikings(rules: Rules, k: int, count: int) -> str:
    """"a goldsmith" / "3 goldsmiths", "2 fishermen" (the kinds' names are English words)."""
    name = _viking(rules, k)
    if count == 1:
        return f"a {name}"
    return f"{count} {name[:-3] + 'men' if name.endswith('man') else name + 's'}"


def _tile(rules: Rules, t: int) -> str:
    return rules.tiles[t].name.lower()


def _special(rules: Rules, s: int) -> str:
    return rules.specials[s].name


def _paid(data) -> str:
    """What a payment cost: "7 Gold", or "20 Gold and 2 Fame" when Fame made up the rest."""
    return f"{data['gold']} Gold" + (f" and {data['fame']} Fame" if data["fame"] else "")


def _where(data) -> str:
    return f"row {data['row']} column {data['col']}"


def describe(e: Event, rules: Rules, names) -> str:
    """One line of the game log in plain English."""
    who = names[e.player] if e.player is not None else ""
    d = e.data
    t = e.type
    if t == "offer":
        return (f"Round {d['round']}: the offer is laid out ({d['islands']} islands, {d['ships']} ships); "
                f"{d['bag']} Vikings left in the bag")
    if t == "bought":
        return f"{who} buys the {_tile(rules, d['tile'])} with a {_viking(rules, d['viking'])} for {_paid(d)}"
    if t == "wheel_turned":
        return f"The wheel turns: every price drops by {d['steps']}"
    if t == "tile_placed":
        return f"{who} places the {_tile(rules, d['tile'])} at {_where(d)}"
    if t == "start_tile_placed":
        return f"{who} places the start tile in row {d['row']}"
    if t == "tile_discarded":
        return f"{who} cannot place the {_tile(rules, d['tile'])} anywhere: it leaves the game"
    if t == "viking_placed":
        return f"{who} puts the {_viking(rules, d['viking'])} on the tile at {_where(d)}"
    if t == "viking_to_pool":
        return f"{who} puts the {_viking(rules, d['viking'])} in the pool"
    if t == "boatswain_used":
        what = ("one Viking of each colour" if d["mode"] == "each" else f"one {_viking(rules, d['kind'])}"
                if d["mode"] == "one" else f"every {_viking(rules, d['kind'])}")
        return f"{who} uses a boatswain to move {what}"
    if t == "viking_moved":
        return f"{who}'s {_viking(rules, d['viking'])} moves from the pool to {_where(d)}"
    if t == "scoring":
        return (f"{d['kind'].capitalize()} scoring for {who}: {d['gold_change']:+d} Gold, "
                f"{d['fame_change']:+d} Fame")
    if t == "start_player":
        return f"{who} takes the start player ship"
    if t == "auction":
        return f"Round {d['round']}: {who} draws {len(d['vikings'])} Vikings and opens the auction"
    if t == "bid":
        return f"{who} bids {d['amount']}"
    if t == "bid_passed":
        return f"{who} passes" + (" (cannot raise)" if d["forced"] else "")
    if t == "auction_won":
        return f"{who} wins the auction for {_paid(d)}"
    if t == "viking_removed":
        return f"{who} removes a {_viking(rules, d['viking'])} from the game"
    if t == "tiles_laid":
        return f"The tiles are laid on the wheel ({d['islands']} islands, {d['ships']} ships)"
    if t == "colour_placed":
        spaces = d["spaces"]
        return (f"{who} puts {_vikings(rules, d['viking'], len(spaces))} on the wheel at "
                f"{'space' if len(spaces) == 1 else 'spaces'} {', '.join(map(str, spaces))}")
    if t == "special_revealed":
        return f"Special tile turned face up: {_special(rules, d['special'])}"
    if t == "special_taken":
        return f"{who} takes the special tile {_special(rules, d['special'])}"
    if t == "special_declined":
        return f"{who} takes no special tile"
    if t == "special_gold":
        return f"{who} gains {d['gold']} Gold from the {_special(rules, d['special'])}"
    if t == "special_placed":
        return f"{who} lays the {_special(rules, d['special'])} in place of the tile at {_where(d)}"
    if t == "special_spent":
        return f"{who} spends the {_special(rules, d['special'])} with the boatswain"
    if t == "game_over":
        winners = [names[p] for p, r in enumerate(d["ranks"]) if r == 1]
        return "Game over: " + " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
    return f"{t} {who} {d}"


def describe_line(line: dict) -> str:
    """One line of a scoring breakdown (a `Line` as a dict), e.g. "+3 Gold for the goldsmith at row 4 column 2"."""
    gain = ", ".join(f"{v:+d} {name}" for v, name in ((line["gold"], "Gold"), (line["fame"], "Fame")) if v)
    where = f" at row {line['row']} column {line['col']}" if line["row"] is not None else ""
    extra = f" ({line['detail']})" if line["detail"] else ""
    return f"{gain or 'nothing'} for the {line['what']}{where}{extra}"
