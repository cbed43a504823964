"""The version where a player sees it: the title screen's top-right corner."""

from __future__ import annotations

import pygame
from ui_helpers import make_app, run

from vikings.ui.drawing.theme import PARCHMENT
from vikings.ui.scenes import title


def corner(app) -> pygame.Surface:
    """The title's top-right corner, where the version is written."""
    w, _ = app.screen.get_size()
    return app.screen.subsurface((w - 200, 0, 200, 40)).copy()


def test_title_corner_names_the_version(tmp_path, monkeypatch):
    app = make_app(tmp_path, size=(1280, 720))
    shown = corner(app)
    inked = {shown.get_at((x, y))[:3] for x in range(200) for y in range(40)} - {PARCHMENT}
    assert len(inked) > 3  # text, not bare parchment
    monkeypatch.setattr(title, "version", lambda: "9.9.9-other")
    app.scenes.base._background = None  # drawn again with the other version
    run(app, 2)
    assert pygame.image.tobytes(corner(app), "RGB") != pygame.image.tobytes(shown, "RGB")
    app.shutdown()
