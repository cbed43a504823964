"""The boatswains' choices and the tiles their Vikings move to, with the keys alone: 1-9 take
the n-th choice, the arrow keys and Tab go over the lit cells, Enter moves the Viking."""

from __future__ import annotations

import pygame
from test_table_lang import SEATS, boatswain_game, kind
from test_ui_table import fast_settings
from ui_helpers import press, run

from vikings.engine.actions import MoveViking, UseBoatswain
from vikings.engine.state import BOATSWAIN, BOATSWAIN_MOVE
from vikings.saves.folders import Storage
from vikings.ui import flow
from vikings.ui.app import App
from vikings.ui.scenes.boatswain import BoatswainScene
from vikings.ui.table.match import Match


def test_the_boatswains_move_a_viking_by_the_keys(tmp_path, rules):
    game = boatswain_game(rules)  # Ann's boatswains first
    d = game.displays[0]
    app = App(storage=Storage(tmp_path), settings=fast_settings(), size=(1280, 720), title_scene=False)
    app.fps = 0
    try:
        m = Match(SEATS[:2], game, autosave=False)
        flow.enter_game(app, m)
        run(app, 4)
        scene = app.scenes.base
        assert isinstance(scene, BoatswainScene) and game.phase == BOATSWAIN
        i = [a for _, a in scene.option_buttons].index(UseBoatswain("each"))
        press(app, pygame.K_1 + i)
        assert game.phase == BOATSWAIN_MOVE
        cells = sorted((a.row, a.col) for a in game.legal_actions() if isinstance(a, MoveViking))
        assert len(cells) >= 2
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_TAB)
        assert scene.key_cell == cells[1]
        press(app, pygame.K_LEFT)
        assert scene.key_cell == cells[0]
        assert scene.board_options(scene.visible(), 0)["hover"] == cells[0]  # drawn as the pointed cell
        moved = kind(rules, "fisherman") if d.pool[kind(rules, "fisherman")] else None
        before = sum(d.pool)
        press(app, pygame.K_RETURN)
        run(app, 4)
        assert d.occupied(*cells[0]) and sum(d.pool) == before - 1
        assert moved is None or d.pool[moved] <= 3
    finally:
        app.shutdown()
