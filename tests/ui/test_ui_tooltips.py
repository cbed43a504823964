"""Tooltip texts state the rules with the numbers of the data the engine plays by."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from vikings.content.data import default_rules
from vikings.ui.drawing.tooltips import viking_text


def _kind(rules, name):
    return [v.id for v in rules.vikings].index(name)


def test_the_fisherman_tip_gives_the_feeding_figures():
    rules = default_rules()
    text = viking_text(rules, _kind(rules, "fisherman"))
    assert "feeds 5 Vikings" in text
    assert "hungry costs 1 Fame" in text
    assert "to spare earns 2 Fame" in text  # a surplus is worth Fame in the standard game


def test_tooltips_follow_the_rules_data():
    rules = default_rules()
    scoring = dataclasses.replace(rules.scoring, overfeed_fame=3, fisherman_feeds=4)
    changed = SimpleNamespace(vikings=rules.vikings, scoring=scoring)
    text = viking_text(changed, _kind(rules, "fisherman"))
    assert "feeds 4 Vikings" in text and "to spare earns 3 Fame" in text


def test_tooltips_read_the_table_as_it_is_under_a_still_pointer(tmp_path):
    """A bought group's tooltip leaves the wheel with it, and a cell's says who stands on
    it once a Viking is placed there, without the mouse moving."""
    import pygame
    from test_ui_table import island_group, key, lay_bought_tile, start, wait_for_person
    from ui_helpers import run

    from vikings.text.lang import t

    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene, g = app.scenes.base, m.game
    scene.ctx.viewed = 0  # (Ann's display stays large when the bot's turn comes)
    space, cell = island_group(g)
    pos = scene.wheel_geo.tile_rect(space).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 2)
    assert scene.tooltip and scene.tooltip == scene.tooltip_at(pos)
    scene.select(space)
    scene.buy()
    run(app, 3)
    assert g.wheel_tile[space] < 0 and scene.tooltip is None  # the group has gone: its tooltip with it
    lay_bought_tile(app, scene, cell)
    pos = scene.board_geo.cell_rect(cell.row, cell.col).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 2)
    empty = t("table.tip.empty", viking="")[:5]
    assert empty in scene.tooltip
    key(app, pygame.K_t)
    run(app, 3)
    assert g.displays[0].occupied(cell.row, cell.col) and empty not in scene.tooltip
    app.shutdown()


def test_a_tooltip_is_drawn_above_the_widgets(tmp_path):
    """The table's tooltip lies over a pygame-gui button it overlaps: the app draws it after
    the widgets (Scene.draw_over)."""
    import pygame
    import pygame_gui
    from test_ui_table import island_group, start, wait_for_person
    from ui_helpers import run

    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene = app.scenes.base
    space, _ = island_group(m.game)
    pos = scene.wheel_geo.tile_rect(space).center
    px = app.look.px
    # A button just where the tooltip will be drawn (beside the pointer, down and right).
    under = pygame.Rect(pos[0] + px(16), pos[1] + px(18), px(160), px(60))
    button = scene.add(pygame_gui.elements.UIButton(under, "Under", app.ui))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 3)
    assert scene.tooltip
    app.draw()
    inside = (under.x + px(3), under.centery)  # left of the tip's text, on its dark box
    assert tuple(app.screen.get_at(inside))[:3] == (43, 33, 24)
    scene.pointed, scene.tooltip = False, None  # the pointer gone: the button shows there
    app.draw()
    assert button.visible and tuple(app.screen.get_at(inside))[:3] != (43, 33, 24)
    app.shutdown()
