"""Which scene shows a game: chosen from the engine's phase and the events not yet shown,
never from a rule of the screens' own."""
from __future__ import annotations


def enter_game(app, match) -> None:
    """Leave the menus and show `match` at the table (a new, continued or loaded game)."""
    raise NotImplementedError("the table scenes are being written")
