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
    d.match = Match.new(director.SEATS, d.rules, seed=4, start_player=0, storage=d.storage, options=OPTIONS)
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
