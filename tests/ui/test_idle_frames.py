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


def test_resting_on_a_panel_draws_nothing_but_a_tooltip_still_comes(tmp_path, monkeypatch):
    """The loop drew every time it woke while the pointer rested on any widget: over the
    rules panel at 4K that was a fifth of a core, idle. What rests draws nothing now; a
    tooltip that comes after its delay is drawn all the same."""
    from ui_helpers import make_app

    from vikings.ui.app import App
    from vikings.ui.dialogs.rules import RulesPanel

    app = make_app(tmp_path, size=(1280, 720))
    panel = RulesPanel(app, tab="keys")
    app.scenes.push(panel)
    run(app, 3)
    draws = []
    monkeypatch.setattr(App, "draw", lambda self, f=App.draw: (draws.append(1), f(self)))
    pos = panel.text.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(4):
        app.frame()
    draws.clear()
    for _ in range(4):  # idle: the loop wakes every half second
        app.frame()
    assert app.ui.get_hovering_any_element() and draws == []
    close = panel.close_button  # a button with a tooltip: rest on it until the tooltip comes
    close.set_tooltip("Close the rules")
    pygame.mouse.set_pos(close.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=close.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    draws.clear()
    deadline = time.monotonic() + 5
    while close.tool_tip is None and time.monotonic() < deadline:
        app.frame()
    assert close.tool_tip is not None, "no tooltip came"
    app.frame()
    assert draws, "the tooltip was made but not drawn"
    app.shutdown()
