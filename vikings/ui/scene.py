"""Scenes and the machine that switches between them.

A scene is one screen of the game (title, setup, purchasing, ...). The app loop hands it
events, then calls `update(dt)` and `draw(surface)` once per frame. Panels (rules,
settings, load/save) are scenes pushed on top of another scene: the top one gets the
events first and everything in the stack is drawn bottom up.

Widgets (pygame-gui) are created in `build_ui()`, which runs on `enter()` and again
whenever the window is resized (the widgets are rebuilt at the new scale); a scene keeps
them in `self.widgets` so that `kill_ui()` can remove exactly its own.

The machine marks `dropped` whenever scenes leave, a panel opens or the UI is rebuilt:
the app then collects the killed widgets (pygame-gui's windows sit in reference cycles,
see memory.py) and hands freed heap back.
"""

from __future__ import annotations

import pygame

from vikings.ui.drawing.theme import shrink_caption


class Scene:
    #: a panel lets the scene below it show through (it is drawn on top of it)
    is_panel = False
    #: the scene covers every pixel of the window itself (the app need not clear it first)
    paints_all = False

    def __init__(self, app):
        self.app = app
        self.widgets: list = []

    # Life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.kill_ui()

    def build_ui(self) -> None:
        """Create this scene's widgets for the current window size."""

    def kill_ui(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()

    def add(self, widget):
        """Keep a widget so that it is removed with the scene (a caption the UI scale made
        too large for its box is set in smaller lettering: theme.shrink_caption)."""
        self.widgets.append(widget)
        shrink_caption(widget)
        return widget

    # Per frame ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; True if it was used (panels below do not see it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (widgets are drawn by the app afterwards)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what lies above the widgets (a tooltip), after the app has drawn them."""

    def busy(self) -> bool:
        """True while something moves: the loop then runs at full frame rate; otherwise
        it sleeps until the next event, to keep an idle game cheap."""
        return False

    def poll(self) -> float | None:
        """Seconds after which the scene wants an update even without events (e.g. to
        collect a bot's decision from its thread), or None."""
        return None


class SceneMachine:
    """The current scene plus the panels open over it."""

    def __init__(self):
        self.stack: list[Scene] = []
        self.dropped = False  # scenes left or widgets rebuilt since the app last collected

    @property
    def current(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    @property
    def base(self) -> Scene | None:
        return self.stack[0] if self.stack else None

    def switch(self, scene: Scene) -> None:
        """Replace everything (scene and panels) by `scene`."""
        while self.stack:
            self.stack.pop().exit()
        self.dropped = True
        self.stack.append(scene)
        scene.enter()

    def replace_base(self, scene: Scene) -> None:
        """Change the scene under the panels (the game moves on while a panel is open)."""
        if not self.stack:
            return self.switch(scene)
        self.stack[0].exit()
        self.dropped = True
        self.stack[0] = scene
        scene.enter()
        for panel in self.stack[1:]:  # keep the panels' widgets above the new scene's
            panel.kill_ui()
            panel.build_ui()

    def push(self, panel: Scene) -> None:
        self.stack.append(panel)
        panel.enter()
        self.dropped = True  # building a dialog frees large temporary images: hand them back

    def pop(self, panel: Scene | None = None) -> None:
        if len(self.stack) > 1 and (panel is None or self.stack[-1] is panel):
            self.stack.pop().exit()
            self.dropped = True

    def handle(self, event) -> bool:
        for scene in reversed(self.stack):
            if scene.handle(event):
                return True
            if scene.is_panel and getattr(scene, "modal", True) and event.type in _INPUT:
                return True  # a modal panel keeps clicks and keys from the scene below
        return False

    def update(self, dt: float) -> None:
        for scene in list(self.stack):
            scene.update(dt)

    def draw(self, surface) -> None:
        for scene in self.stack:
            scene.draw(surface)

    def draw_over(self, surface) -> None:
        """The layer above the widgets (a tooltip) of the scenes the pointer can reach: the
        top one and those under panels that are not modal."""
        reach = []
        for scene in reversed(self.stack):
            reach.append(scene)
            if scene.is_panel and getattr(scene, "modal", True):
                break
        for scene in reversed(reach):
            scene.draw_over(surface)

    def busy(self) -> bool:
        return any(s.busy() for s in self.stack)

    def poll(self) -> float | None:
        waits = [w for w in (s.poll() for s in self.stack) if w is not None]
        return min(waits) if waits else None

    def rebuild_ui(self, between=None) -> None:
        """Every scene's widgets anew (bottom up, so panels stay on top); `between()` runs
        once all the old ones are gone (the app adapts the UIManager there)."""
        for scene in self.stack:
            scene.kill_ui()
        if between is not None:
            between()
        for scene in self.stack:
            scene.build_ui()
        self.dropped = True


_INPUT = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEWHEEL}
