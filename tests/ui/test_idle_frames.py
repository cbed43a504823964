"""The frame left on screen while the loop waits for input is the table as it is: a widget
that changes while nothing else happens (the Hint button becoming usable once the last
animation has landed) is drawn at once, not when the mouse next moves.

Played through the real loop without forcing redraws: the App decides itself when to
draw, as in a window."""

from __future__ import annotations

import time

import pygame
import pytest
from ui_helpers import run  # noqa: F401  (sets the dummy drivers first)


@pytest.mark.parametrize("advanced", [False, True], ids=["standard", "advanced"])
def test_the_idle_frame_shows_the_hint_button_usable_once_the_table_settles(tmp_path, advanced):
    from tools.pictures.director import Director
    from vikings.engine import OPTIONS
    from vikings.ui.table.match import Match

    d = Director((1280, 720), tmp_path, animation="fast", bot_pace="fast")
    app = d.app
    app.fps = 0
    d.match = m = Match.new(
        d.seats, d.rules, seed=4, start_player=0, storage=d.storage, options=OPTIONS if advanced else ()
    )
    d.enter()
    hint = lambda: app.scenes.base.buttons.get("hint")  # noqa: E731
    deadline = time.monotonic() + 60
    while not (m.persons_turn() and not m.pending and hint() is not None and hint().is_enabled):
        assert time.monotonic() < deadline, "the person's first decision never came"
        app.frame()  # the App decides itself whether to draw (no invalidate)
    for _ in range(3):  # idle: the loop waits for input (up to half a second a frame)
        app.frame()
    shown = app.screen.copy()
    app.draw()  # what a fresh frame of the same table looks like
    box = hint().rect
    assert pygame.image.tobytes(shown.subsurface(box), "RGB") == pygame.image.tobytes(
        app.screen.subsurface(box), "RGB"
    ), "the Hint button on screen is not the button as it is"
    pygame.quit()
