"""The window: F11 and full screen, size and place remembered across a restart, the UI
scale setting, and resizes that keep the one UIManager (driven with posted events)."""

from __future__ import annotations

import json

import pygame
import pytest
from ui_helpers import button, choose, make_app, press, run  # noqa: I001 (dummy drivers first)

from vikings.saves.folders import Storage
from vikings.saves.settings import Settings
from vikings.ui.app import App
from vikings.ui.dialogs.settings import SettingsPanel


def resize(app, w, h) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    run(app)


def test_size_place_and_scale_are_remembered_across_a_restart(tmp_path):
    home = tmp_path / "home"
    a = make_app(home)
    resize(a, 1400, 800)
    a.settings.ui_scale = 120
    placed = list(pygame.display.get_window_position())
    a.shutdown()
    saved = json.loads(Storage(home).settings_path.read_text())
    assert (saved["width"], saved["height"], saved["window_pos"], saved["ui_scale"]) == (1400, 800, placed, 120)
    b = App(storage=Storage(home))  # as the game starts: the window from the settings
    try:
        assert b.screen.get_size() == (1400, 800)
        assert b.look.ui_scale == 1.2
        assert pygame.display.get_caption()[0] == "Vikings"
    finally:
        b.shutdown()


def test_a_size_given_by_a_tool_is_not_remembered(tmp_path):
    a = make_app(tmp_path / "home", size=(1280, 720))
    a.shutdown()
    assert not Storage(tmp_path / "home").settings_path.exists()


def test_settings_clamp_the_window_fields(tmp_path):
    storage = Storage(tmp_path)
    storage.write_json(storage.settings_path, {"ui_scale": 400, "window_pos": [10, "x"]})
    s = Settings.load(storage)
    assert s.ui_scale == 150 and s.window_pos == []
    storage.write_json(storage.settings_path, {"ui_scale": 10, "window_pos": [-99999, 20]})
    s = Settings.load(storage)
    assert s.ui_scale == 90 and s.window_pos == [-16384, 20]


def test_f11_toggles_full_screen_and_back_to_the_same_window(app, monkeypatch):
    ui = app.ui
    made = []
    set_mode = pygame.display.set_mode
    monkeypatch.setattr(
        pygame.display, "set_mode", lambda size, flags=0: made.append((size, flags)) or set_mode(size, flags)
    )
    press(app, pygame.K_F11)
    # Desktop full screen: a borderless window the desktop's size at its corner, the screen's
    # mode unchanged (SDL's own full screen left a black or shifted window without a
    # window manager), made once.
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.settings.fullscreen and made == [(desktop, pygame.NOFRAME)]
    assert app.screen.get_size() == desktop and tuple(pygame.display.get_window_position()) == (0, 0)
    assert app.look.size == app.screen.get_size() and app.ui is ui
    assert Settings.load(app.storage).fullscreen
    assert button(app, "New game").alive()
    # The window's own size events (a window manager's, or one that ignores the request)
    # never make the window again.
    for size in [(1280, 720), desktop, (1280, 720)]:
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        run(app, 2)
    assert len(made) == 1 and app.settings.fullscreen
    press(app, pygame.K_F11)
    assert not app.settings.fullscreen and made[-1] == ((1280, 720), pygame.RESIZABLE)
    assert app.screen.get_size() == (1280, 720) and app.look.size == (1280, 720)
    assert not Settings.load(app.storage).fullscreen


def test_ui_scale_applies_without_restart(app):
    small = button(app, "New game").font.get_rect("New game").width
    scale, text = app.look.scale, app.look.font(16).get_height()
    press(app, pygame.K_s)
    choose(app, app.scenes.current.menus["UI scale"], "150%")
    press(app, pygame.K_RETURN)
    assert app.settings.ui_scale == 150 and Settings.load(app.storage).ui_scale == 150
    assert app.look.scale == scale and app.look.text_scale == pytest.approx(scale * 1.5)
    big = button(app, "New game").font.get_rect("New game").width
    assert big > small * 1.3  # the theme's fonts were rebuilt at the new scale
    assert app.look.font(16).get_height() > 1.3 * text  # and the project's own lettering


def test_a_resize_keeps_the_one_ui_manager_and_its_theme_when_fonts_stay(app, monkeypatch):
    ui, theme = app.ui, app.ui.get_theme()
    resize(app, 1300, 730)  # the theme's scale moves in steps of 5%: still 80%
    assert app.ui is ui and app.ui.get_theme() is theme
    assert app.ui.window_resolution == (1300, 730) and app.look.size == (1300, 730)
    resize(app, 1920, 1080)  # bigger fonts: a new theme, still the same manager
    assert app.ui is ui and app.ui.get_theme() is not theme
    assert button(app, "New game").rect.right <= 1920


def test_no_set_mode_when_the_window_already_has_its_new_size(app, monkeypatch):
    """pygame resizes a RESIZABLE window's surface itself; only the rest follows."""
    pygame.display.set_mode((1500, 850), pygame.RESIZABLE)  # as the system would have
    calls = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: calls.append(a) or real(*a, **k))
    resize(app, 1500, 850)
    assert calls == [] and app.screen is pygame.display.get_surface()
    assert app.look.size == (1500, 850) and button(app, "New game").alive()
    resize(app, 1400, 800)  # a posted event the surface does not match yet: set_mode
    assert calls == [((1400, 800), pygame.RESIZABLE)]


def test_a_resize_while_settings_are_open_is_kept_on_apply(app):
    press(app, pygame.K_s)
    assert isinstance(app.scenes.current, SettingsPanel)
    resize(app, 1500, 850)
    choose(app, app.scenes.current.menus["Animations"], "Fast")
    press(app, pygame.K_RETURN)
    assert app.screen.get_size() == (1500, 850)
    assert (app.settings.width, app.settings.height, app.settings.animation) == (1500, 850, "fast")


def test_the_window_has_an_icon_from_the_art(app):
    icon = app._icon
    assert icon.get_size() == (64, 64)
    assert icon.get_at((32, 32)).a > 0 and icon.get_at((0, 0)).a == 0
