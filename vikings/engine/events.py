"""What `apply()` reports: one event per thing that happened, in order.

Screens animate them and the game log shows them in words (vikings/text/events.py, in the
player's language: the engine knows no catalogues). Each event is a type name, the
player it concerns (or None) and a small dict of plain values.
"""

from __future__ import annotations

from typing import Any, NamedTuple

# Every type of event the engine reports (the log has a line for each: vikings/text/events.py).
TYPES = (
    "offer",
    "bought",
    "wheel_turned",
    "tile_placed",
    "start_tile_placed",
    "tile_discarded",
    "viking_placed",
    "viking_to_pool",
    "boatswain_used",
    "viking_moved",
    "scoring",
    "start_player",
    "auction",
    "bid",
    "bid_passed",
    "auction_won",
    "viking_removed",
    "tiles_laid",
    "colour_placed",
    "special_revealed",
    "special_taken",
    "special_declined",
    "special_gold",
    "special_placed",
    "special_spent",
    "game_over",
)


class Event(NamedTuple):
    type: str
    player: int | None
    data: dict[str, Any]


def describe_line(line: dict[str, Any]) -> str:
    """One line of a scoring breakdown (a `Line` as a dict), e.g. "+3 Gold for the goldsmith at row 4 column 2"."""
    gain = ", ".join(f"{v:+d} {name}" for v, name in ((line["gold"], "Gold"), (line["fame"], "Fame")) if v)
    where = f" at row {line['row']} column {line['col']}" if line["row"] is not None else ""
    extra = f" ({line['detail']})" if line["detail"] else ""
    return f"{gain or 'nothing'} for the {line['what']}{where}{extra}"
