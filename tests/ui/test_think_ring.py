"""The ring on a thinking bot's card: it follows the search's own progress, shows the
seconds so far in the language in use, and the table redraws for it while nothing else
happens."""

from __future__ import annotations

import time

import pytest
from ui_helpers import make_app  # noqa: F401  (sets the dummy drivers first)

from vikings.saves.settings import Settings
from vikings.text import lang
from vikings.ui import flow
from vikings.ui.drawing.think_ring import FILL, RingWatch, ring_label, ring_points
from vikings.ui.table.match import Match


def test_the_arc_runs_clockwise_from_twelve_o_clock():
    quarter = ring_points((0, 0), 10, 0.25)
    assert quarter[0] == pytest.approx((0, -10))
    assert quarter[-1] == pytest.approx((10, 0), abs=1e-9)
    half = ring_points((0, 0), 10, 0.5)
    assert half[-1] == pytest.approx((0, 10), abs=1e-9)
    assert len(ring_points((0, 0), 10, 0.0)) == 2


def test_the_watch_asks_for_a_redraw_only_when_the_ring_would_change():
    w = RingWatch()
    assert w.changed((0.0, 0.0))
    assert not w.changed((0.001, 0.05))  # the same step of the ring, the same tenth of a second
    assert w.changed((0.1, 0.05))
    assert w.changed((0.1, 0.3))
    assert w.changed(None) and not w.changed(None)


def test_the_label_in_both_languages():
    assert ring_label(2.34) == "thinking… 2.3 s"
    lang.set_language("de")
    assert ring_label(2.34) == "denkt nach… 2,3 s"


def fill_pixels(surface, rect) -> int:
    sub = surface.subsurface(rect)
    return sum(
        1 for x in range(0, rect.w, 1) for y in range(0, min(rect.h, 70), 1) if tuple(sub.get_at((x, y)))[:3] == FILL
    )


def test_a_thinking_bot_s_card_shows_the_ring_growing(tmp_path):
    app = make_app(tmp_path / "home", settings=Settings(animation="instant", bot_pace="instant"))
    try:
        m = Match.new(
            [("Ann", "person", "purple"), ("Eirik", "expert", "orange")],
            app.rules,
            seed=8,
            start_player=1,
            storage=app.storage,
        )
        flow.enter_game(app, m)
        end = time.monotonic() + 30
        seen = []  # (share, FILL pixels on Eirik's card) while he thinks
        while time.monotonic() < end and (not seen or m.thinking()):
            app.frame()
            th = m.thought()
            if th is not None and th[0] > 0:
                scene = app.scenes.base
                seen.append((th[0], fill_pixels(app.screen, scene.layout.cards[1])))
            time.sleep(0.01)
        assert seen, "the bot never reported progress"
        assert any(px > 0 for _, px in seen), "no ring drawn on the card"
        first, last = seen[0], seen[-1]
        assert last[0] >= first[0]
        if last[0] > first[0] + 0.2:  # a long enough search: the ring was redrawn bigger
            assert last[1] > first[1]
    finally:
        app.shutdown()
