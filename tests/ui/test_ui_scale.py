"""The UI scale (90-150%) grows the lettering: every pygame-gui caption must still fit its
button at the largest scale in the smallest window, and the buttons must not overlap."""

from __future__ import annotations

import itertools

import pygame
import pygame_gui
import pytest
from ui_helpers import click, elements, make_app, run  # noqa: I001 (dummy drivers first)

from vikings.saves.settings import Settings
from vikings.ui import flow
from vikings.ui.drawing.theme import clipped_captions
from vikings.ui.scene import Scene
from vikings.ui.scenes.purchase import PurchaseScene
from vikings.ui.scenes.setup import OPTIONS, SetupScene
from vikings.ui.table.match import Match, Seat

SIZE = (1280, 720)


def scaled_app(tmp_path, percent: int):
    s = Settings(width=SIZE[0], height=SIZE[1], ui_scale=percent, animation="instant", bot_pace="instant")
    return make_app(tmp_path, SIZE, settings=s)


def overlapping_buttons(app) -> list:
    """Pairs of visible top-level buttons (not a menu's own parts) whose boxes overlap."""
    buttons = [
        b
        for b in elements(app, pygame_gui.elements.UIButton)
        if b.visible
        and not isinstance(
            b.ui_container.get_container().parent_element,
            (pygame_gui.elements.UIDropDownMenu, pygame_gui.elements.UIHorizontalSlider),
        )
        and b.ui_container is app.ui.get_root_container()
    ]
    return [(a.text, b.text) for a, b in itertools.combinations(buttons, 2) if a.rect.colliderect(b.rect)]


def full_setup(app) -> SetupScene:
    click(app, [b for b in elements(app, pygame_gui.elements.UIButton) if b.text == "New game"][0])
    scene = app.scenes.base
    assert isinstance(scene, SetupScene)
    while len(scene.choices.seats) < 4:
        click(app, scene.add_button)
    click(app, scene.all_button)  # every advanced rule
    assert scene.choices.options == {k for k, _, _ in OPTIONS}
    return scene


@pytest.mark.parametrize("percent", [150, 90])
def test_setup_captions_fit(tmp_path, percent):
    app = scaled_app(tmp_path, percent)
    assert clipped_captions(app.ui) == []  # the title
    scene = full_setup(app)
    assert clipped_captions(app.ui) == []
    assert overlapping_buttons(app) == []
    # The seat rows stay inside the seats card, in their order.
    row = scene.rows[0]
    assert row["name"].rect.right < row["kind"].rect.x < row["kind"].rect.right < row["colour"].rect.x
    assert row["colour"].rect.right < row["remove"].rect.x
    assert row["remove"].rect.right <= scene.page.rect(120, 160, 960, 600).right


def test_table_captions_fit_at_150(tmp_path):
    app = scaled_app(tmp_path, 150)
    seats = [
        Seat("Ann", "person", "purple"),
        Seat("Bjorn", "normal", "orange"),
        Seat("Sigrid", "normal", "teal"),
        Seat("Leif", "normal", "pink"),
    ]
    match = Match.new(seats, app.rules, seed=3, start_player=0, storage=app.storage)
    flow.enter_game(app, match)
    for _ in range(400):
        if isinstance(app.scenes.base, PurchaseScene) and match.persons_turn() and not match.pending:
            break
        run(app, 1)
    assert isinstance(app.scenes.base, PurchaseScene)
    assert clipped_captions(app.ui) == [], type(app.scenes.base).__name__
    assert overlapping_buttons(app) == []
    top = app.scenes.base.layout.top
    for b in app.scenes.base.buttons.values():
        assert top.contains(b.rect)
    match.close()


def test_a_caption_too_large_for_its_box_shrinks(tmp_path):
    """The fallback for boxes a layout cannot widen: smaller lettering, never a cut caption."""
    app = scaled_app(tmp_path, 150)
    scene = Scene(app)
    b = scene.add(pygame_gui.elements.UIButton(pygame.Rect(10, 10, 150, 34), "Auction rules", app.ui))
    assert "@small" in b.get_class_ids() or "@smaller" in b.get_class_ids()
    assert clipped_captions(app.ui) == []
    roomy = scene.add(pygame_gui.elements.UIButton(pygame.Rect(10, 60, 400, 60), "Auction rules", app.ui))
    assert roomy.get_class_ids()[-1] is None  # one that fits keeps the theme's lettering
    primary = scene.add(
        pygame_gui.elements.UIButton(
            pygame.Rect(10, 130, 130, 34),
            "Start the game",
            app.ui,
            object_id=pygame_gui.core.ObjectID("#go", "@primary"),
        )
    )
    assert primary.get_class_ids()[-1].startswith("@primary_")  # keeps its colours
    assert primary.get_object_ids()[-1] == "#go"
    scene.kill_ui()
