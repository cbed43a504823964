"""Large rounded widgets (a 4K decision panel's buttons) drawn from the kept background
look exactly as pygame-gui draws them itself, in every state, with their own caption;
a button in other colours or of another size is drawn anew, not taken from the cache;
a state not drawn yet is drawn when shown."""

from __future__ import annotations

import pygame
import pygame_gui
from ui_helpers import make_app  # noqa: F401  (sets the dummy drivers first)

from vikings.ui.drawing import widget_shapes
from vikings.ui.drawing.theme import scaled_theme

STATES = ("normal", "hovered", "selected", "active", "disabled")


def states_of(ui, rect, text, object_id=None) -> dict:
    b = pygame_gui.elements.UIButton(rect, text, ui, object_id=object_id)
    shape = b.drawable_shape
    for _ in range(8):  # pygame-gui draws one further state per update
        ui.update(0.01)
    out = {}
    for s in STATES:
        shape.redraw_state(s)
        out[s] = pygame.image.tobytes(shape.states[s].surface, "RGBA")
    b.kill()
    return out


def hovered_when_shown(ui, rect, text, caption) -> bytes:
    """A new button's hovered state, not drawn while the button is only shown (its caption
    then set to `caption`), as drawn when it is hovered."""
    b = pygame_gui.elements.UIButton(rect, text, ui)
    for _ in range(8):
        ui.update(0.01)
    shape = b.drawable_shape
    assert shape.states["normal"].generated and not shape.states["hovered"].generated
    b.set_text(caption)
    shape.set_active_state("hovered")
    picture = pygame.image.tobytes(shape.states["hovered"].surface, "RGBA")
    b.kill()
    return picture


def test_kept_backgrounds_draw_the_same_pixels():
    pygame.init()
    pygame.display.set_mode((3840, 2160))
    try:
        ui = pygame_gui.UIManager((3840, 2160), scaled_theme(2.4))
        big = pygame.Rect(0, 0, 1526, 101)
        widget_shapes.uninstall()
        plain = states_of(ui, big, "Pass")
        plain_other = states_of(ui, big, "Weiter")
        widget_shapes.install()
        widget_shapes.CACHE.hits = widget_shapes.CACHE.misses = 0
        first = states_of(ui, big, "Pass")  # drawn and kept
        misses = widget_shapes.CACHE.misses
        # (selected and active share their colours: one background)
        assert misses == len(STATES) - 1 and widget_shapes.CACHE.bytes > 0
        again = states_of(ui, big, "Pass")  # from the cache
        other = states_of(ui, big, "Weiter")  # the same background, another caption
        assert widget_shapes.CACHE.misses == misses and widget_shapes.CACHE.hits >= 2 * len(STATES)
        assert first == plain and again == plain and other == plain_other
        assert plain["normal"] != plain["hovered"] and plain["normal"] != plain_other["normal"]
        # Other colours (a primary button) and another size: drawn, not found.
        states_of(ui, big, "Pass", object_id=pygame_gui.core.ObjectID(None, "@primary"))
        states_of(ui, big.inflate(10, 0), "Pass")
        # (the primary button's disabled state has the plain one's colours: found)
        assert widget_shapes.CACHE.misses == misses + 3 + 4
        # The states not shown wait until they are: a hover draws its own, with the new caption.
        assert hovered_when_shown(ui, big, "Pass", "Weiter") == plain_other["hovered"]
        # A small button's too (pygame-gui keeps its backgrounds itself), as pygame-gui draws it.
        small = pygame.Rect(0, 0, 120, 40)
        widget_shapes.uninstall()
        own = states_of(ui, small, "Undo")
        widget_shapes.install()
        assert hovered_when_shown(ui, small, "Undo", "Undo") == own["hovered"]
    finally:
        widget_shapes.uninstall()
        pygame.quit()
