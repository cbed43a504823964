"""The window and the loop that drives the scenes.

One frame: read events (pygame-gui first, then the scenes), update, draw, flip. When no
scene is busy (nothing animates, no bot thinks) the loop sleeps in `pygame.event.wait`
and redraws only after an event, so a game waiting for a click costs almost no CPU.
"""
from __future__ import annotations

import logging
import os
import sys
import time

import pygame
import pygame_gui

from ..art import load_catalog
from ..content import default_rules
from .scene import SceneMachine
from .settings import Settings
from .sound import Sound
from .sprites import Sprites
from .storage import Storage
from .theme import PARCHMENT, Look, scaled_theme

log = logging.getLogger("vikings")

FPS = 60
IDLE_WAIT_MS = 500  # longest sleep while idle (tooltips and the text cursor still update)
SWITCH_INTERVAL = 0.0005  # seconds
_IMPORTED = time.perf_counter()  # a fallback start for _since_process_start


class App:
    def __init__(self, storage: Storage | None = None, settings: Settings | None = None,
                 size: tuple[int, int] | None = None, title_scene: bool = True):
        # Where bots cannot think in their helper process they think on a thread; at the
        # interpreter's default switch interval (5 ms) a frame would then wait up to that
        # long for its turn at the interpreter lock.
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.sound = Sound(self)  # first: it opens the audio device quietly (pygame.init() would not)
        pygame.init()
        self.storage = storage or Storage()
        self.settings = settings or Settings.load(self.storage)
        self.rules = default_rules()
        self.sprites = Sprites(load_catalog(self.rules))
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.scenes = SceneMachine()
        self.match = None  # the game at the table, if any (set by flow.enter_game)
        self.fps = FPS     # frame cap while busy; 0 = none (tests and the selftest run flat out)
        self._dirty = True
        self.screen = self._open_window(size)
        pygame.display.set_caption("Vikings")
        pygame.key.set_repeat(400, 40)
        self._make_look()
        from . import screens
        screens.install()  # the scenes flow moves between, by name
        if title_scene:
            from .scenes.title import TitleScene
            self.scenes.switch(TitleScene(self))

    # Window ---------------------------------------------------------------------------------
    def _open_window(self, size=None) -> pygame.Surface:
        s = self.settings
        if s.fullscreen and size is None:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size or (s.width, s.height), pygame.RESIZABLE)

    def _make_look(self) -> None:
        size = self.screen.get_size()
        self.look = Look(size)
        self.ui = pygame_gui.UIManager(size, scaled_theme(self.look.scale), enable_live_theme_updates=False)

    def resize(self, size) -> None:
        """Rebuild everything that depends on the window size."""
        if not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._make_look()
        self.scenes.rebuild_ui()
        self._dirty = True

    def apply_display_settings(self) -> None:
        """After the settings panel changed the window size or fullscreen."""
        self.screen = self._open_window()
        self._make_look()
        self.scenes.rebuild_ui()
        self._dirty = True

    # Loop -----------------------------------------------------------------------------------
    def run(self) -> None:
        while self.running:
            try:
                self.frame()
            except Exception as e:  # log it and say so on screen, rather than vanish
                self.show_error(e)
        self.shutdown()

    def show_error(self, error: BaseException) -> None:
        from .scenes.error import ErrorScene
        log.exception("unexpected error")
        if isinstance(self.scenes.base, ErrorScene):  # failing again: stop rather than loop
            self.running = False
            return
        if self.match is not None:
            self.match.close()
        try:
            self.scenes.switch(ErrorScene(self, error, self.storage.log_path))
        except Exception:  # the error screen itself failed: give up cleanly
            log.exception("cannot show the error screen")
            self.running = False

    def frame(self) -> None:
        """One pass of the loop (tests call it directly)."""
        busy = self.scenes.busy()
        poll = None if busy else self.scenes.poll()
        if busy or (self._dirty and poll is None):
            dt = self.clock.tick(self.fps) / 1000.0
            events = pygame.event.get()
        else:
            # Sleep until an event. A thinking bot is polled, even when a redraw is due:
            # on a thread (the fallback), spinning the loop would take the interpreter from it.
            first = pygame.event.wait(IDLE_WAIT_MS if poll is None else max(1, min(IDLE_WAIT_MS, int(poll * 1000))))
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            dt = self.clock.tick() / 1000.0
        for event in events:
            self.dispatch(event)
        self.ui.update(dt)
        self.scenes.update(dt)
        if events or busy or self._dirty or self.ui.get_hovering_any_element():
            self.draw()
        self.frames += 1

    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            if tuple(size) != self.look.size:
                self.resize(size)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self._dirty = True
        self.sound.on_event(event)
        consumed = self.ui.process_events(event)
        if not consumed or event.type >= pygame.USEREVENT:
            self.scenes.handle(event)

    def draw(self) -> None:
        self.screen.fill(PARCHMENT)
        self.scenes.draw(self.screen)
        self.ui.draw_ui(self.screen)
        pygame.display.flip()
        self._dirty = False

    def invalidate(self) -> None:
        """Ask for a redraw on the next frame (something changed outside an event)."""
        self._dirty = True

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        """Leave cleanly: stop bots (the game is already autosaved after every action)."""
        if self.match is not None:
            self.match.close()
        while self.scenes.stack:
            self.scenes.stack.pop().exit()
        pygame.quit()


def main(argv=None, measure_start: bool = False) -> int:
    """Open the window and play. `measure_start` (`vikings --measure-start`, used by
    tools/bench_start.py): draw the title's first frame, print when, and exit."""
    from ..logs import setup_logging
    storage = Storage()
    setup_logging(storage.log_path)
    log.info("starting")
    app = App(storage=storage)
    if measure_start:
        app.invalidate()
        app.frame()   # the title, drawn and flipped
        print(f"vikings: first frame drawn at {time.time():.6f} (epoch s), "
              f"{_since_process_start():.3f} s after the process started", flush=True)
        app.shutdown()
        return 0
    app.run()
    return 0


def _since_process_start() -> float:
    """Seconds since this process was created: from /proc on Linux (to the kernel's
    clock tick, 10 ms); elsewhere since this module was imported (an underestimate)."""
    try:
        with open("/proc/self/stat") as f:
            started = int(f.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        with open("/proc/uptime") as f:
            return float(f.read().split()[0]) - started
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - _IMPORTED

