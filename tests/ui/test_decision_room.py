"""The decision panel's text stays inside the panel, above its buttons, in German at 150 %
on a 1280x720 window with four players and every advanced option (its last sentence, on
the dearest group's special tile, ran out of the panel; seen in a real window)."""

from __future__ import annotations

import pytest
from ui_helpers import run  # noqa: F401  (sets the dummy drivers first)


@pytest.fixture
def table(tmp_path, monkeypatch):
    from tools.pictures import director
    from vikings.engine import OPTIONS
    from vikings.text import lang
    from vikings.ui.table.match import Match

    monkeypatch.setattr(director, "UI_SCALE", 150)
    d = director.Director((1280, 720), tmp_path, language="de")
    seats = [("Ann", "person", "purple")] + [
        (n, "random", c) for n, c in (("Bjorn", "orange"), ("Sigrid", "teal"), ("Leif", "pink"))
    ]
    d.match = Match.new(seats, d.rules, seed=4, start_player=0, storage=d.storage, options=OPTIONS)  # (quick bots)
    d.enter()
    yield d
    lang.set_language("en")


def test_the_purchase_text_ends_above_the_panels_bottom(table):
    from vikings.engine.state import PURCHASE

    d = table
    for _ in range(12):  # the auction and the colours: the person's choices made for her
        d.settle()
        if d.match.game.phase == PURCHASE and d.match.persons_turn():
            break
        d.match.act(d.choice(d.match.game))
    assert d.match.game.phase == PURCHASE and d.match.persons_turn()
    d.frames(2)
    sc = d.scene
    panel = sc.layout.decision
    assert panel.y < sc.decision_bottom <= panel.bottom - d.app.look.px(8), (sc.decision_bottom, panel)


def test_a_tight_panel_drops_an_aside_before_the_instruction(tmp_path):
    import pygame
    from ui_helpers import make_app

    from vikings.ui.drawing import panels

    app = make_app(tmp_path, title_scene=False)
    look = app.look
    head, todo, last = "Your turn", "Choose a group on the wheel. " * 6, "The starred group brings a special tile."
    note = panels.Aside("Your first purchase: the start tile is laid with it.")
    rect = pygame.Rect(0, 0, 400, 400)
    width = rect.w - look.px(28)
    room = panels._panel_parts(look, [head, todo, last], None, width, None)[1]  # no room for the note
    surface = pygame.Surface(rect.size)
    end = panels.draw_panel_text(surface, look, rect, [head, todo, note, last], room=room)
    assert end == panels._panel_parts(look, [head, todo, last], None, width, room)[1]
    end = panels.draw_panel_text(surface, look, rect, [head, todo, str(note), last], room=room)
    assert end == panels._panel_parts(look, [head, str(note), last], None, width, room)[1]  # (the longest went)
