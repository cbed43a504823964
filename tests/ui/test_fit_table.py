"""The table and its panels in the pseudo-language 40 % longer (qpl) at 150 %, measured as
drawn (tools/pictures/fit_probe.py), where the fit check (tools/pictures/fit_check.py)
found text that did not fit: a tooltip taller than the window, the rules panel's tabs,
the boatswains' choices and the hint's numbered badges."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_fit_screens import measured_app
from ui_helpers import click, run  # noqa: I001 (dummy drivers first)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.text import lang  # noqa: E402
from vikings.ui.drawing.panels import draw_tip_box, wrap  # noqa: E402
from vikings.ui.drawing.tooltips import tile_text, viking_text  # noqa: E402


def edge_points(w: int, h: int) -> list[tuple[int, int]]:
    """Near each corner and the middle of each edge, and the middle of the window."""
    xs, ys = (3, w // 2, w - 3), (3, h // 2, h - 3)
    return [(x, y) for x in xs for y in ys]


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=["1280x720", "3840x2160"])
def test_a_tooltip_is_drawn_whole_inside_the_window_wherever_the_pointer_is(tmp_path, size):
    """The dearest group's tooltip in qpl at 150 % was taller than a 1280x720 window: it
    began above the window and ended below it. A tooltip is wrapped wider (and smaller)
    until it fits the window's height, flips left of and above the pointer near the right
    and bottom edges, and never leaves the window: tried with a long one and a short one
    with the pointer near every edge."""
    with measured_app(tmp_path / "home", language=lang.LONGER, size=size) as (app, measure):
        rules = app.rules
        long_tip = "\n".join(
            [tile_text(rules, k) for k in range(len(rules.tiles)) if rules.tiles[k].is_ship][:3]
            + [viking_text(rules, k) for k in range(len(rules.vikings))]
        )
        window = app.screen.get_rect()
        font = app.look.font(14)
        narrow = [p for line in long_tip.split("\n") for p in wrap(font, line, app.look.px(320))]
        assert len(narrow) * font.get_linesize() > window.h  # (taller than the window in the usual column)
        for tip in (long_tip, viking_text(rules, 0)):
            for pos in edge_points(*size):
                boxes = []
                app.draw = lambda tip=tip, pos=pos, boxes=boxes: boxes.append(
                    draw_tip_box(app.screen, app.look, tip, pos)
                )
                found = measure()
                assert found == [], f"pointer at {pos}:\n" + "\n".join(found)
                box = boxes[-1]
                assert window.contains(box), (pos, box)
                drawn = " ".join(x.text for x in measure.texts() if not x.widget)
                assert " ".join(tip.split()) == " ".join(drawn.split()), pos  # every line, in order
                if tip != long_tip:  # a short tip leaves the pointer free
                    assert not box.collidepoint(pos), (pos, box)


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=["1280x720", "3840x2160"])
def test_the_rules_panels_tabs_show_their_whole_captions_in_qpl_at_150(tmp_path, size):
    """ "Scoring summary" and "Advanced game" needed 160 px in qpl at 150 % where their tabs
    had 128: when one row cannot hold the captions whole the tabs take two rows, each as
    wide as its caption, and a tab of the second row opens its page when clicked."""
    from vikings.text.lang import t
    from vikings.ui.dialogs.rules import TABS, RulesPanel

    with measured_app(tmp_path / "home", language=lang.LONGER, size=size) as (app, measure):
        panel = RulesPanel(app)
        app.scenes.push(panel)
        run(app, 2)
        found = [
            f for f in measure(("caption", "cut", "overlap")) if any(t(f"rules.panel.tab.{k}")[:8] in f for k in TABS)
        ]
        assert found == [], "\n".join(found)
        rects = [b.rect for b in panel.tabs.values()]
        assert len({r.y for r in rects}) == 2  # two rows
        assert all(panel.window.rect.contains(r) for r in rects)
        assert all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1 :])
        assert panel.text.rect.top > max(r.bottom for r in rects)  # the page below both rows
        click(app, panel.tabs["advanced"])
        assert panel.tab == "advanced" and panel.tabs["advanced"].is_selected
