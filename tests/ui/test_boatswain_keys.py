"""The boatswains' choices and the tiles their Vikings move to, with the keys alone: 1-9 take
the n-th choice, the arrow keys and Tab go over the lit cells, Enter moves the Viking."""

from __future__ import annotations

import pygame
from test_table_lang import SEATS, kind
from test_ui_table import fast_settings
from ui_helpers import press, run

from vikings.engine import GameConfig, new_game
from vikings.engine.actions import MoveViking, UseBoatswain
from vikings.engine.state import BOATSWAIN, BOATSWAIN_MOVE
from vikings.saves.folders import Storage
from vikings.ui import flow
from vikings.ui.app import App
from vikings.ui.scenes.boatswain import BoatswainScene
from vikings.ui.table.match import Match


def test_the_boatswains_move_a_viking_by_the_keys(tmp_path, rules):
    from helpers import fill_row, start_scoring

    game = new_game(GameConfig(("Ann", "Bjorn"), seed=1, start_player=0), rules)
    d = game.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 5, 4)  # empty tiles for the pool's fishermen and scouts
    fill_row(d, rules, 3, 3)
    for name, n in (("fisherman", 3), ("scout", 2), ("boatswain", 2)):
        d.pool[kind(rules, name)] = n
    start_scoring(game, 1)  # the large scoring after round 2: Ann's boatswains first
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
