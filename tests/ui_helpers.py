"""Driving the real screens headless: an App in a temporary home, and clicks, keys and
typing posted as pygame events, so a test goes through the same code as a player.

Import this module before pygame is initialised (it selects SDL's dummy drivers).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from vikings.saves.folders import Storage  # noqa: E402
from vikings.ui.app import App  # noqa: E402


def make_app(home, size=(1280, 720), title_scene: bool = True, settings=None) -> App:
    """An App whose settings, saves and autosave live in `home` (a tmp_path)."""
    app = App(storage=Storage(home), settings=settings, size=size, title_scene=title_scene)
    app.fps = 0  # no frame cap in tests (an App that predates the attribute ignores it)
    run(app, 2)
    return app


def run(app: App, frames: int = 3) -> None:
    """Run a few frames without the idle sleep (the loop waits for input when nothing
    changes; tests post their input before the frames)."""
    for _ in range(frames):
        app.invalidate()
        app.frame()


def click(app: App, widget, frames: int = 3, button: int = 1) -> None:
    """Press and release the mouse on the centre of `widget` (anything with a .rect)."""
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))
    run(app, frames)


def press(app: App, key: int, mod: int = 0, unicode: str = "", frames: int = 3) -> None:
    """A key going down and up (e.g. press(app, pygame.K_ESCAPE))."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    run(app, frames)


def type_text(app: App, entry, text: str, clear: bool = True, frames: int = 3) -> None:
    """Click into a text entry, select what it holds (Ctrl+A) and type `text` over it."""
    click(app, entry, frames=1)
    if clear:
        press(app, pygame.K_a, mod=pygame.KMOD_CTRL, frames=1)
        press(app, pygame.K_BACKSPACE, frames=1)
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    run(app, frames)


def elements(app: App, kind=None) -> list:
    """Every live pygame-gui element of the app (of class `kind` if given), in drawing order."""
    out = [e for e in app.ui.get_sprite_group().sprites() if e.alive()]
    return [e for e in out if kind is None or isinstance(e, kind)]


def button(app: App, text: str) -> pygame_gui.elements.UIButton:
    """The visible button whose label is `text` (the topmost if several)."""
    found = [b for b in elements(app, pygame_gui.elements.UIButton) if b.text == text and b.visible]
    if not found:
        raise LookupError(
            f"no button {text!r}; buttons: {sorted({b.text for b in elements(app, pygame_gui.elements.UIButton)})}"
        )
    return found[-1]


def choose(app: App, menu: pygame_gui.elements.UIDropDownMenu, text: str) -> None:
    """Open a drop-down menu and click the option labelled `text`."""
    click(app, menu.current_state.selected_option_button)
    state = menu.current_state
    options = state.options_selection_list.item_list_container.elements
    for b in options:
        if b.text == text:
            click(app, b, frames=6)  # item pressed -> list selection -> menu changed -> scene
            return
    raise LookupError(f"no option {text!r} in {[b.text for b in options]}")


def screenshot(app: App, path) -> None:
    """Draw a fresh frame and save the window to `path` (PNG)."""
    run(app, 1)
    app.draw()
    os.makedirs(os.path.dirname(str(path)) or ".", exist_ok=True)
    pygame.image.save(app.screen, str(path))


def reviewed(app: App):
    """The review scene on screen, once its review has come in (a minute at most)."""
    import time

    from vikings.ui.scenes.review import ReviewScene

    scene = app.scenes.base
    assert isinstance(scene, ReviewScene)
    limit = time.monotonic() + 60
    while scene.review is None and time.monotonic() < limit:
        time.sleep(0.02)
        run(app, 1)
    assert scene.review is not None, scene.status
    run(app, 2)
    return scene
