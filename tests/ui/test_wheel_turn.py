"""The price wheel turns without rotating a picture: at rest it is the art as drawn, and
while it turns its spots and lines stand where the wheel's geometry puts the prices."""

from __future__ import annotations

import math

import pygame
import pytest
from ui_helpers import make_app  # noqa: I001 (dummy drivers first)

from vikings.engine import GameConfig, new_game
from vikings.ui.drawing import wheel
from vikings.ui.drawing.view import Visible

SIDE = 900  # the wheel's square: a disc of 558 px, its lines 2.8 px wide
SPOT, LINE, WOOD = (0xEF, 0xE0, 0xB8), (0x5E, 0x3B, 0x1F), (0x8A, 0x5A, 0x32)  # the colours of wheel.svg
BACK = (40, 60, 80)


class _NoLetters:
    """A font drawing nothing: the printed prices move with the turn; the disc is tested here."""

    def render(self, *args, **kwargs):
        return pygame.Surface((1, 1), pygame.SRCALPHA)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("home"), title_scene=False)
    vis = Visible(new_game(GameConfig(("Ada", "Bo"), seed=7), app.rules), ())
    yield app, vis
    app.shutdown()


def drawn(app, vis, turn: float, letters: bool = False) -> tuple[pygame.Surface, wheel.WheelGeometry]:
    surf = pygame.Surface((SIDE, SIDE))
    surf.fill(BACK)
    font = app.look.font
    if not letters:
        app.look.font = lambda *a, **k: _NoLetters()
    try:
        g = wheel.draw_wheel(surf, app, vis, surf.get_rect(), turn=turn)
    finally:
        app.look.font = font
    return surf, g


def near(colour, want, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], want, strict=True))


def test_a_turning_wheel_rotates_no_picture(table, monkeypatch):
    app, vis = table

    def forbidden(*args, **kwargs):
        raise AssertionError("the wheel rotated a picture")

    monkeypatch.setattr(pygame.transform, "rotate", forbidden)
    monkeypatch.setattr(pygame.transform, "rotozoom", forbidden)
    for turn in (0.1, 0.37, 0.5, 2.75, 11.9, vis.offset + 1 / 31):  # with the groups and prices on it
        drawn(app, vis, turn, letters=True)


@pytest.mark.parametrize("turn", [0, 0.25, 0.5, 1.6, 7.9])
def test_spots_and_lines_stand_where_the_prices_are(table, turn):
    """Price k sits at space k + turn (`WheelGeometry`): its spot is there, a line halfway
    to the next, and between a spot and a line the bare wood (no spot left at rest's place)."""
    app, vis = table
    surf, g = drawn(app, vis, turn)
    spot_ring, line_ring = g.disc * 222 / 600, g.disc * 194 / 600
    for k in range(g.spaces):
        at = g.at(k + turn, spot_ring)
        assert near(surf.get_at(at), SPOT), f"price {k} at turn {turn}: {surf.get_at(at)} at {at}, no spot"
        edge = g.at(k + turn + 0.42, spot_ring)  # past the spot's edge (10.4 degrees), short of the line (15)
        assert near(surf.get_at(edge), WOOD), f"turn {turn}: {surf.get_at(edge)} at {edge}, not bare wood"
        mid = g.at(k + turn + 0.5, line_ring)  # (the line is 2.8 px wide: its darkest pixel about here)
        dark = min((surf.get_at((mid[0] + dx, mid[1] + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)), key=sum)
        assert near(dark, LINE, 16), f"turn {turn}: {dark} about {mid}, no line"


def test_the_hub_stays_upright(table):
    app, vis = table
    rest, g = drawn(app, vis, 0)
    turning, _ = drawn(app, vis, 0.5)
    r = round(g.disc * 110 / 600)
    hub = pygame.Rect(0, 0, 2 * r, 2 * r)
    hub.center = g.centre
    for x in range(hub.left, hub.right, 3):
        for y in range(hub.top, hub.bottom, 3):
            if math.dist((x, y), g.centre) < r:
                assert rest.get_at((x, y)) == turning.get_at((x, y)), (x, y)


@pytest.mark.parametrize("turn", [1, 5, 11, 12])
def test_a_whole_space_turn_is_the_art_at_rest(table, turn):
    """The design repeats every space: turned by whole spaces the disc is the art as drawn,
    pixel for pixel (no jagged rotation)."""
    app, vis = table
    rest, _ = drawn(app, vis, 0)
    turned, _ = drawn(app, vis, turn)
    a, b = pygame.image.tobytes(rest, "RGB"), pygame.image.tobytes(turned, "RGB")
    assert a == b, f"{sum(x != y for x, y in zip(a, b, strict=True))} of {len(a)} channels differ"


def test_a_wheel_just_off_rest_looks_like_the_art(table):
    """The turning drawing (round parts, spots, lines) at a turn of 0.003 space (0.3 px at
    the spots) against the art at rest: the same picture but for the edges' shading."""
    app, vis = table
    rest, g = drawn(app, vis, 0)
    turned, _ = drawn(app, vis, 0.003)
    a, b = pygame.image.tobytes(rest, "RGB"), pygame.image.tobytes(turned, "RGB")
    assert a != b  # (drawn the turning way)
    far = sum(1 for x, y in zip(a, b, strict=True) if abs(x - y) > 48)  # channels far apart
    share = far / (3 * math.pi * (g.disc / 2) ** 2)
    assert share < 0.008, f"{share:.2%} of the disc's channels differ by more than 48"


def _changed(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of the pixels that differ between two drawings (None: none)."""
    mask = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)  # (set where a and b are alike)
    mask.invert()
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]) if boxes else None


@pytest.mark.parametrize("turns", [(0.0, 0.5), (0.0, 3.0), (0.25, 7.75), (11.6, 0.1)])
def test_a_turn_changes_nothing_outside_the_disc_area(table, turns):
    """The table's layer redraws only `disc_area` while the wheel turns (drawing/layer.py:
    a part's window): a turn, printed prices included, changes no pixel outside it."""
    app, vis = table
    a, g = drawn(app, vis, turns[0], letters=True)
    b, _ = drawn(app, vis, turns[1], letters=True)
    box = _changed(a, b)
    assert box is not None and g.disc_area().contains(box), (box, g.disc_area())


def test_a_group_shown_changes_nothing_outside_its_place(table):
    """The offer redraws only a group's `group_area` as its tile and Viking land."""
    app, vis = table
    full, g = drawn(app, vis, 0)
    for s in range(g.spaces):
        if vis.wheel_tile[s] < 0:
            continue
        emptied = Visible(new_game(GameConfig(("Ada", "Bo"), seed=7), app.rules), ())
        emptied.wheel_tile[s], emptied.wheel_viking[s] = -1, -1
        without, _ = drawn(app, emptied, 0)
        box = _changed(full, without)
        assert box is not None and g.group_area(s).contains(box), (s, box, g.group_area(s))
