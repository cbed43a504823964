"""Widgets' rounded backgrounds drawn once per look, not once per widget.

pygame-gui draws a rounded rectangle (a button's five states: normal, hovered, selected,
active, disabled) at four times its size and scales it down, for soft corners. It keeps
the result for reuse only for shapes under 40 000 pixels; at 3840x2160 the decision
panel's buttons are larger (1526x101), so every new scene drew each of their states anew,
some 50 ms a state, spread over the frames after the scene came (one state per button per
`ui.update`: 150-200 ms frames at 4K).

`install()` wraps `RoundedRectangleShape.redraw_state`: a large shape's background (its
shadow, border and fill, before the text and images go on) is kept in a cache keyed by
everything that decides its pixels (size, shadow and border widths, corner radii, the
state's colours), bounded by bytes, least recently used first out. A shape whose key is
found gets a copy of the background and then its text exactly as pygame-gui would add it;
the pixels are the same as pygame-gui's own drawing. A new theme, language or size gives
new keys (a stale picture cannot be found), and old ones age out. A shape's states other
than the one shown are drawn when first shown (a hover), not in the frames after the
widget is made (pygame-gui draws one per shape per `ui.update`: a new scene's dozen
buttons then drew a dozen states in one frame, 33 ms at 2560x1440).
"""

from __future__ import annotations

from collections import OrderedDict

import pygame
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape

CACHE_BYTES = 16 * 1024 * 1024
LARGE = 40000  # pixels: pygame-gui caches smaller shapes itself


class ShapeCache:
    def __init__(self, cache_bytes: int = CACHE_BYTES):
        self.cache_bytes = cache_bytes
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        self._cache: OrderedDict = OrderedDict()

    def get(self, key) -> pygame.Surface | None:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            self.hits += 1
        return surf

    def put(self, key, surf: pygame.Surface) -> None:
        size = surf.get_pitch() * surf.get_height()
        if size > self.cache_bytes:
            return
        old = self._cache.pop(key, None)
        if old is not None:
            self.bytes -= old.get_pitch() * old.get_height()
        self._cache[key] = surf
        self.bytes += size
        while self.bytes > self.cache_bytes:
            gone = self._cache.popitem(last=False)[1]
            self.bytes -= gone.get_pitch() * gone.get_height()

    def clear(self) -> None:
        self._cache.clear()
        self.bytes = 0


CACHE = ShapeCache()
_original = RoundedRectangleShape.redraw_state
_original_all = RoundedRectangleShape.redraw_all_states


def _key(shape, state: str):
    """What decides the background's pixels, or None (not kept: gradients, bars, small)."""
    rect = shape.containing_rect
    if rect.width * rect.height < LARGE or "filled_bar" in shape.theming:
        return None
    bg, border = shape.theming.get(f"{state}_bg"), shape.theming.get(f"{state}_border")
    if not isinstance(bg, pygame.Color) or not isinstance(border, pygame.Color):
        return None
    return (
        tuple(rect.size),
        tuple(shape.click_area_shape.size),
        shape.shadow_width,
        tuple(sorted(shape.border_widths.items())),
        tuple(shape.shape_corner_radius),
        shape.theming.get("border_overlap", 0),
        tuple(bg),
        tuple(border),
    )


def redraw_state(self, state_str: str, add_text: bool = True):
    key = _key(self, state_str)
    if key is None:
        return _original(self, state_str, add_text)
    state = self.states[state_str]
    found = CACHE.get(key)
    if found is None:
        CACHE.misses += 1
        finalise = self.finalise_images_and_text

        def keep_then_finalise(*args, **kwargs):  # the background is done: the text goes on next
            CACHE.put(key, self.states[state_str].surface.copy())
            return finalise(*args, **kwargs)

        self.finalise_images_and_text = keep_then_finalise
        try:
            return _original(self, state_str, add_text)
        finally:
            del self.finalise_images_and_text
    if state.cached_background_id is not None:  # (as pygame-gui does before a new background)
        self.shape_cache.remove_user_from_cache_item(state.cached_background_id)
        state.cached_background_id = None
    state.surface = found.copy()
    self.finalise_images_and_text(
        f"{state_str}_images", state_str, f"{state_str}_text", f"{state_str}_text_shadow", add_text
    )
    state.has_fresh_surface = True
    state.generated = True
    return None


def redraw_all_states(self, force_full_redraw: bool = False):
    """pygame-gui draws the normal state at once and queues the others, one per update; they
    wait until they are shown (`set_active_state` draws a state not drawn yet), so a new
    scene's frames do not draw backgrounds nobody has seen yet."""
    _original_all(self, force_full_redraw)
    if not force_full_redraw:
        shown = self.active_state.state_id if self.active_state is not None else None
        for state in [s for s in self.states_to_redraw_queue if s != shown]:
            self.states[state].generated = False
            self.states_to_redraw_queue.remove(state)


def install() -> None:
    """Route pygame-gui's rounded shapes through the cache (once per process)."""
    RoundedRectangleShape.redraw_state = redraw_state  # type: ignore[method-assign]
    RoundedRectangleShape.redraw_all_states = redraw_all_states  # type: ignore[method-assign]


def uninstall() -> None:
    RoundedRectangleShape.redraw_state = _original  # type: ignore[method-assign]
    RoundedRectangleShape.redraw_all_states = _original_all  # type: ignore[method-assign]
    CACHE.clear()
