"""Memory the screens hand back: closed panels, switched scenes and rebuilt widgets are
freed by the loop itself (the cycle collector is switched off here, so nothing else
would free them), the sprite cache stays within its bytes, and the bots' helper keeps a
bounded number of games."""

from __future__ import annotations

import gc
import weakref
from collections import OrderedDict

import pygame
import pytest
from ui_helpers import press, run  # noqa: I001 (dummy drivers first)

from vikings.engine import GameConfig
from vikings.processes import remote_bots as remote
from vikings.ui import memory
from vikings.ui.dialogs.kit import Dialog
from vikings.ui.drawing.sprites import Sprites, surface_bytes


@pytest.fixture
def no_auto_gc():
    was = gc.isenabled()
    gc.disable()
    yield
    if was:
        gc.enable()


def live_windows() -> int:
    from pygame_gui.elements import UIWindow

    return sum(1 for o in gc.get_objects() if isinstance(o, UIWindow))


@pytest.mark.parametrize("key", [pygame.K_r, pygame.K_s, pygame.K_l])
def test_a_closed_panel_is_freed_by_the_loop(app, no_auto_gc, key):
    press(app, key)
    panel = app.scenes.current
    assert isinstance(panel, Dialog)
    window, shade = weakref.ref(panel.window), weakref.ref(panel.shade)
    del panel
    press(app, pygame.K_ESCAPE)
    assert window() is None and shade() is None  # their reference cycles were collected


def test_panels_and_resizes_leave_nothing_behind(app, no_auto_gc):
    for key in (pygame.K_r, pygame.K_s, pygame.K_l):  # every panel once: fonts, caches warm
        press(app, key)
        press(app, pygame.K_ESCAPE)
    windows, objects = live_windows(), len(gc.get_objects())
    for i in range(6):
        press(app, (pygame.K_r, pygame.K_s, pygame.K_l)[i % 3])
        press(app, pygame.K_ESCAPE)
    assert live_windows() == windows  # (other tests' apps may still hold theirs)
    assert len(gc.get_objects()) < objects + 500  # (the title's own caches may vary a little)
    buttons = [weakref.ref(w) for w in app.scenes.current.widgets]
    for size in ((1500, 850), (1280, 720)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        run(app)
    assert all(b() is None for b in buttons)  # the old widgets went with the rebuild
    assert len(gc.get_objects()) < objects + 500


def test_a_release_is_recorded_with_its_cost(app):
    n = len(app.releases.collect_ms)
    press(app, pygame.K_r)  # a dialog's build frees large temporary images
    assert len(app.releases.collect_ms) == n + 1
    press(app, pygame.K_ESCAPE)  # and its close leaves the dialog itself
    assert len(app.releases.collect_ms) == n + 2
    assert app.releases.collect_ms[-1] >= 0 and app.releases.wall_ms[-1] >= app.releases.collect_ms[-1] * 0.5
    memory.trim()  # a no-op where there is no glibc; must not raise anywhere


def test_the_sprite_cache_is_bounded_by_bytes(app):
    s = Sprites(app.sprites.catalog, cache_bytes=2 * 1024 * 1024)
    first = s.get("tiles", "farm", height=200)
    for h in range(100, 400, 10):
        s.get("tiles", "church", height=h)
        assert s.bytes <= s.cache_bytes
    assert s.bytes == sum(surface_bytes(v) for v in s._cache.values())
    assert s.get("tiles", "farm", height=200) is not first  # the oldest went first
    kept = s.get("tiles", "church", height=390)
    assert s.get("tiles", "church", height=390) is kept


class _T:
    def __init__(self, bots: int):
        self.bots = dict.fromkeys(range(bots))


def test_the_helper_forgets_the_least_recently_asked_games():
    tables = OrderedDict((i, _T(1)) for i in range(5))
    remote._evict(tables, keep=4)
    assert list(tables) == [3, 4]  # at most MAX_TABLES, the newest kept
    tables = OrderedDict([(7, _T(3)), (8, _T(2))])
    remote._evict(tables, keep=7)  # too many bots: the other game goes
    assert list(tables) == [7]
    tables = OrderedDict([(9, _T(6))])
    remote._evict(tables, keep=9)  # never the game being answered for
    assert list(tables) == [9]


def test_the_helper_rebuilds_a_forgotten_game(rules):
    """Three games asked in turn through the real helper: the first is forgotten by the
    cap, and asked again it is rebuilt from its actions (no error, a legal answer)."""
    from vikings.engine import new_game

    thinker = remote.Thinker()
    try:
        games = [new_game(GameConfig(("a", "b"), seed=s), rules) for s in (1, 2, 3)]
        for table in (1, 2, 3, 1):
            job = thinker.ask(table, games[table - 1], games[table - 1].to_move, "random", 5)
            while not job.poll():
                pygame.time.wait(5)
            assert job.error is None and job.action in games[table - 1].legal_actions()
    finally:
        thinker.stop()
