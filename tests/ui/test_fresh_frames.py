"""Every frame shown holds every widget: after a scene change or a rebuild (a button shown
or made while a scene updates, a bot's turn ending, a lesson's step), the first frame
drawn already has the widgets a mouse move would bring (pygame-gui draws the list of
visible widgets it made at its last update; a frame drawn before it catches up showed an
empty ring where "On the tile (T)" belonged, and no Bid button until the mouse moved).

Driven through the scene changes the screenshot tool goes through."""

from __future__ import annotations

import pygame_gui
from ui_helpers import run  # noqa: F401  (sets the dummy drivers first)


def missing_widgets(manager) -> list:
    """The visible widgets the frame about to be drawn leaves out."""
    group = manager.get_sprite_group()
    drawn = {id(d) for d in group.visible}
    return [s for s in group.sprites() if s.visible and s.image is not None and id(s.blit_data) not in drawn]


def test_the_first_frame_after_each_scene_change_holds_every_widget(tmp_path, monkeypatch):
    from tools.pictures import screenshots

    stale = []
    draw_ui = pygame_gui.UIManager.draw_ui

    def checked(manager, surface):
        left_out = missing_widgets(manager)
        if left_out:
            stale.append([type(s).__name__ + ":" + str(getattr(s, "text", "")) for s in left_out])
        return draw_ui(manager, surface)

    monkeypatch.setattr(pygame_gui.UIManager, "draw_ui", checked)
    sh = screenshots.shoot(tmp_path / "shots", (1280, 720), seed=4)
    assert not sh.failed, sh.failed
    assert not stale, stale[:5]
