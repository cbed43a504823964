"""The table and its panels in the pseudo-language 40 % longer (qpl) at 150 %, measured as
drawn (tools/pictures/fit_probe.py), where the fit check (tools/pictures/fit_check.py)
found text that did not fit: a tooltip taller than the window, the rules panel's tabs,
the boatswains' choices and the hint's numbered badges."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
import pytest
from test_fit_screens import measured_app
from ui_helpers import click, press, run  # noqa: I001 (dummy drivers first)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.text import lang  # noqa: E402
from vikings.ui.drawing.panels import draw_tip_box, wrap  # noqa: E402
from vikings.ui.drawing.tooltips import tile_text, viking_text  # noqa: E402

ALL = ("cut", "outside", "overlap", "small", "caption")  # every kind of failure the fit check knows


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
                found = measure(ALL)
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


def many_boatswains(rules):
    """Ann's four boatswains in the large scoring after round 2, one to five of every other
    kind in her pool and empty tiles in every row: seven choices."""
    from helpers import fill_row, start_scoring
    from test_table_lang import kind

    from vikings.engine import GameConfig, new_game

    game = new_game(GameConfig(("Ann", "Bjorn"), seed=1, start_player=0), rules)
    d = game.displays[0]
    d.start_tile = -1
    for row in range(1, 6):
        fill_row(d, rules, row, 3)
    pool = (("fisherman", 2), ("goldsmith", 3), ("scout", 1), ("noble", 1), ("warrior", 2), ("boatswain", 4))
    for name, n in pool:
        d.pool[kind(rules, name)] = n
    start_scoring(game, 1)
    return game


def fake_hint(actions):
    """What the hint module answers, stood in for: `actions` as the best options, in order."""
    from vikings.advice.hints import Hint, Option

    def suggest(game, cancel=None, *args, **kw):
        options = tuple(Option(a, (a,), (), 0.0, None) for a in actions(game))
        return Hint(game.to_move, game.phase, len(game.actions()), options, 0.1, False)

    return suggest


def open_hint(app, scene) -> None:
    """Press H and run frames until the hint is drawn."""
    press(app, pygame.K_h, unicode="h")
    for _ in range(200):
        if scene.hint.hint is not None:
            break
        time.sleep(0.005)
        run(app, 1)
    assert scene.hint.hint is not None, scene.hint.error
    run(app, 2)


def badges_cover_no_text(scene, texts) -> list[str]:
    """The hint's badges that cover another badge, a caption or a drawn text (each badge's own
    digit aside)."""
    from vikings.ui.table.hints import badge_radius

    rad = badge_radius(scene.app.look)
    spots = [(pygame.Rect(x - rad, y - rad, 2 * rad, 2 * rad), i) for (x, y), i in scene.hint.badges()]
    out = []
    for j, (a, i) in enumerate(spots):
        out += [f"badge {i + 1} {a} over badge {k + 1}" for b, k in spots[j + 1 :] if a.colliderect(b)]
        for x in texts:
            if x.text == str(i + 1) and a.contains(x.rect):
                continue  # (its own digit)
            if not x.hidden and a.colliderect(x.rect):
                out.append(f"badge {i + 1} {a} over {x.text!r} {x.rect}")
    return out


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=["1280x720", "3840x2160"])
def test_the_boatswains_choices_and_their_hint_badges_fit_in_qpl_at_150(tmp_path, monkeypatch, rules, size):
    """Captions such as "All goldsmiths (3 in the pool)" needed up to 286 px in qpl at 150 %
    where the two columns of buttons gave 224, and the hint's badge "3" lay over the panel's
    text. The choices take one column when two cannot hold their captions whole, the text
    stays above them (the panel grows over the display's foot when it must), and every badge
    sits in the air kept above its button, over no caption, text or other badge."""
    from test_table_lang import SEATS

    from vikings.engine.actions import FinishBoatswains, UseBoatswain
    from vikings.ui import flow
    from vikings.ui.scenes.boatswain import BoatswainScene
    from vikings.ui.table.match import Match

    monkeypatch.setattr(Match, "bots_in_process", False)
    hinted = lambda g: [a for a in g.legal_actions() if isinstance(a, UseBoatswain)][-3:]  # noqa: E731
    monkeypatch.setattr("vikings.advice.hints.suggest", fake_hint(hinted))
    with measured_app(tmp_path / "home", language=lang.LONGER, size=size) as (app, measure):
        app.settings.animation, app.settings.bot_pace = "instant", "instant"
        m = Match(SEATS[:2], many_boatswains(rules), autosave=False)
        flow.enter_game(app, m)
        run(app, 4)
        scene = app.scenes.base
        assert isinstance(scene, BoatswainScene) and len(scene.option_buttons) == 7
        assert isinstance(scene.option_buttons[-1][1], FinishBoatswains)
        found = measure(ALL)
        assert found == [], "\n".join(found)
        rects = [b.rect for b, _ in scene.option_buttons]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        assert scene.decision_bottom <= scene.buttons_top()  # the text above the choices
        open_hint(app, scene)
        assert len(scene.hint.badges()) == 3
        found = measure(ALL) + badges_cover_no_text(scene, measure.texts())
        assert found == [], "\n".join(found)
        m.close()


@pytest.mark.parametrize(
    "language, size", [(lang.LONGER, (1280, 720)), ("de", (3840, 2160))], ids=["qpl-1280x720", "de-3840x2160"]
)
def test_three_bids_hinted_put_their_badges_side_by_side_over_no_text(tmp_path, monkeypatch, language, size):
    """Hints open in a 4-player advanced auction whose three best options are all bids: the
    three badges on the Bid button's ring lie side by side, over no caption, no text and no
    other badge."""
    from tools.pictures.fit_check import LONG_SEATS
    from vikings.engine import OPTIONS
    from vikings.engine.actions import Bid
    from vikings.engine.state import BID
    from vikings.ui import flow
    from vikings.ui.table.match import Match

    monkeypatch.setattr(Match, "bots_in_process", False)
    bids = lambda g: sorted((a for a in g.legal_actions() if isinstance(a, Bid)), key=lambda a: a.amount)[:3]  # noqa: E731
    monkeypatch.setattr("vikings.advice.hints.suggest", fake_hint(bids))
    with measured_app(tmp_path / "home", language=language, size=size) as (app, measure):
        app.settings.animation, app.settings.bot_pace = "instant", "instant"
        m = Match.new(LONG_SEATS, app.rules, seed=4, start_player=1, storage=app.storage, options=OPTIONS)
        flow.enter_game(app, m)
        for _ in range(400):
            run(app, 1)
            if m.game.phase == BID and m.persons_turn() and not m.pending and not app.scenes.base.fx.active:
                break
            time.sleep(0.002)
        scene = app.scenes.base
        assert m.game.phase == BID and m.persons_turn()
        open_hint(app, scene)
        assert [type(o.action) for o in scene.hint.hint.options] == [Bid] * 3
        assert len(scene.hint.badges()) == 3
        found = measure(ALL) + badges_cover_no_text(scene, measure.texts())
        assert found == [], "\n".join(found)
        m.close()
