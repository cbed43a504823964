"""The window and the loop that drives the scenes.

One frame: read events (pygame-gui first, then the scenes), update, draw, flip. When no
scene is busy (nothing animates, no bot thinks) the loop sleeps in `pygame.event.wait`
and redraws only after an event, so a game waiting for a click costs almost no CPU.

The window keeps one `UIManager` for its whole life: a resize changes its resolution and
rebuilds the scenes' widgets, and the theme only when its scale (in 5% steps) changes.
A frame that dropped widgets or scenes (a panel opened or closed, a scene switched, the
UI rebuilt) is followed by a collection and a heap trim (`memory.release`), since
pygame-gui's windows sit in reference cycles that Python's collector would otherwise
leave for a long time. F11 toggles full screen; the window's size and place are saved
on quit.
"""

from __future__ import annotations

import logging
import os
import sys
import time

import pygame
import pygame_gui

from vikings.bots import LEVELS
from vikings.content.startup import load_start
from vikings.history import History, open_history
from vikings.saves.folders import Storage
from vikings.saves.settings import Settings
from vikings.text import lang
from vikings.ui import memory
from vikings.ui.drawing import widget_shapes
from vikings.ui.drawing.layer import TableLayer
from vikings.ui.drawing.sprites import Sprites
from vikings.ui.drawing.theme import PARCHMENT, Look, scaled_theme
from vikings.ui.scene import SceneMachine
from vikings.ui.sound import Sound

log = logging.getLogger("vikings")

TITLE = "Vikings"
ICON = 64  # px, the window icon's side
GRIP = 64  # px of a remembered window that must stay on the desktop to be reused
WINDOW_POS = "SDL_VIDEO_WINDOW_POS"
RELEASE_WAIT = 1.0  # s: dropped widgets are collected when the loop idles, or after this
SETTLE_RELEASE = 5.0  # s: at most this often a release when an animation ends
FPS = 60
IDLE_WAIT_MS = 500  # longest sleep while idle (tooltips and the text cursor still update)
SWITCH_INTERVAL = 0.0005  # seconds
_IMPORTED = time.perf_counter()  # a fallback start for _since_process_start


def theme_scale(look: Look) -> float:
    """The widgets' theme scale, in steps of theme.THEME_STEP: a resize rebuilds the theme (new
    fonts for every widget) only when it crosses a step, not at every pixel."""
    return look.theme_scale


class App:
    def __init__(
        self,
        storage: Storage | None = None,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        title_scene: bool = True,
        language: str | None = None,
    ):
        # Where bots cannot think in their helper process they think on a thread; at the
        # interpreter's default switch interval (5 ms) a frame would then wait up to that
        # long for its turn at the interpreter lock.
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.storage = storage or Storage()
        self.storage.sweep()  # what writes killed midway left behind
        self.settings = settings or Settings.load(self.storage)
        # Every data file and catalogue, checked before the window opens (DataError: one line).
        # The language: `vikings --lang` (or a test) for this run, else the setting, else the system's.
        start = load_start(language or self.settings.language or lang.system_language(), LEVELS)
        self.sound = Sound(self, start.sounds)  # before pygame.init(): it opens the audio device quietly
        pygame.init()
        self.rules = start.rules
        self.sprites = Sprites(start.art)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.scenes = SceneMachine()
        self.match = None  # the game at the table, if any (set by flow.enter_game)
        self.fps = FPS  # frame cap while busy; 0 = none (tests and the selftest run flat out)
        self._dirty = True
        self._waited = False  # the last frame's drawing waited for this one (a scene came)
        # Counts what may change a scene's picture (events other than the pointer's moves,
        # `invalidate`, a relayout): a scene that keeps a drawn layer redraws it when this moved.
        self.changes = 0
        self.drawn_widgets: list = []  # pygame-gui's (image, place) pairs in the last frame drawn
        self.table_layer = TableLayer()  # the table's scenes keep their picture here, one after another
        self.draws = 0  # frames drawn (a scene tells whether the screen still holds its last one)
        self.releases = memory.Releases()  # what the collections after dropped widgets cost
        self._release_due: float | None = None  # when widgets were dropped and not yet collected
        self._release_after = 0  # ... in which frame
        self._released_at = 0.0  # when the last release was made (time.monotonic)
        self._was_busy = False  # the last frame animated
        self._history: History | None = None  # opened on first use (self.history)
        self._drawn_pictures: list[int] = []  # the widgets' pictures in the frame on screen
        # The window's geometry is remembered when it came from the settings (a size given
        # by a test or tool is not the player's) or once the player resized it.
        self._remember = size is None
        self._set_icon()
        self.screen = self._open_window(size)
        pygame.display.set_caption(lang.t("game.title"))
        pygame.key.set_repeat(400, 40)
        size = self.screen.get_size()
        self.look = Look(size, self.settings.ui_scale / 100)
        self._theme_doc = scaled_theme(theme_scale(self.look))
        widget_shapes.install()  # large rounded widgets drawn once per look (4K buttons)
        self.ui = pygame_gui.UIManager(
            size, self._theme_doc, enable_live_theme_updates=False, starting_language=lang.language()
        )
        from vikings.ui import screens

        screens.install()  # the scenes flow moves between, by name
        memory.freeze()  # what is alive now (modules, rules, art) stays out of later collections
        if title_scene:
            from vikings.ui.scenes.title import TitleScene

            self.scenes.switch(TitleScene(self))

    # Window ---------------------------------------------------------------------------------
    def _set_icon(self) -> None:
        """The longship of the red-sailed ship tile, cut from its sea (without the tile's
        reward and reach marks), as the window's icon."""
        try:
            tile = self.sprites.get("tiles", "red_sail", height=128)
        except Exception:  # noqa: BLE001 - an icon is not worth failing the start for
            log.warning("no window icon", exc_info=True)
            return
        ship = tile.subsurface(pygame.Rect(4, 0, 100, 100).clip(tile.get_rect()))
        icon = pygame.Surface((ICON, ICON), pygame.SRCALPHA)
        pygame.draw.rect(icon, (255, 255, 255), icon.get_rect(), border_radius=ICON // 6)
        icon.blit(pygame.transform.smoothscale(ship, (ICON, ICON)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.display.set_icon(icon)
        self._icon = icon

    def _open_window(self, size=None) -> pygame.Surface:
        """Open (or reopen) the window: full screen, or at `size` / the remembered size and
        place (SDL takes the place from SDL_VIDEO_WINDOW_POS when the window is made)."""
        s = self.settings
        if s.fullscreen and size is None:
            return self._desktop_window()
        size = tuple(size or (s.width, s.height))
        pos = self._remembered_position(size) if self._remember else None
        before = os.environ.get(WINDOW_POS)
        if pos is not None:
            os.environ[WINDOW_POS] = f"{pos[0]},{pos[1]}"
        try:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            if pos is not None:  # (back from full screen: the window is reused, not placed anew)
                self._place_window(pos)
            return screen
        finally:
            if pos is not None:  # only this window: a later set_mode must not jump back
                if before is None:
                    os.environ.pop(WINDOW_POS, None)
                else:
                    os.environ[WINDOW_POS] = before

    def _desktop_window(self) -> pygame.Surface:
        """Full screen as a borderless window the size of the desktop at its top left: the
        screen's mode is never changed, and it shows the same with or without a window
        manager (SDL's own full screen asks the window manager, and without one the window
        stayed where it was while its surface grew, or went black)."""
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desktop = (0, 0)
        if desktop[0] <= 0 or desktop[1] <= 0:  # (no desktop to measure: SDL picks the size)
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        before = os.environ.get(WINDOW_POS)
        os.environ[WINDOW_POS] = "0,0"
        try:
            screen = pygame.display.set_mode(desktop, pygame.NOFRAME)
        finally:
            if before is None:
                os.environ.pop(WINDOW_POS, None)
            else:
                os.environ[WINDOW_POS] = before
        self._place_window((0, 0))
        return screen

    @staticmethod
    def _place_window(pos) -> None:
        """Move the window (set_mode keeps an open window where it is)."""
        try:
            pygame.display.set_window_position(pos)
        except (pygame.error, AttributeError):  # (pygame-ce before 2.5; a driver without windows)
            pass

    def _remembered_position(self, size) -> tuple[int, int] | None:
        """The saved place, if the window would still show at least a corner on the desktop."""
        pos = self.settings.window_pos
        if len(pos) != 2:
            return None
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        wide = sum(w for w, _ in desktops) or 7680
        high = max((h for _, h in desktops), default=4320)
        x, y = pos
        if x + size[0] < GRIP or x > wide - GRIP or y < 0 or y > high - GRIP:
            return None
        return x, y

    def _relayout(self) -> None:
        """Everything that depends on the window's size or the UI scale: the look, the one
        UIManager's resolution, its theme (only when the scaled theme differs), the widgets."""
        size = self.screen.get_size()
        self.look = Look(size, self.settings.ui_scale / 100)
        doc = scaled_theme(theme_scale(self.look))

        def adapt_manager():  # between the old widgets' kill and the new ones' build
            self.ui.set_window_resolution(size)
            if doc != self._theme_doc:
                self.ui.set_ui_theme(self.ui.create_new_theme(doc))
                self._theme_doc = doc

        self.scenes.rebuild_ui(adapt_manager)
        self._dirty = True
        self.changes += 1

    def resize(self, size) -> None:
        """The window changed size. A RESIZABLE window's surface is resized by pygame
        itself: `set_mode` is called only when the surface does not have the new size
        (an event posted by a test or a tool, or a driver that does not resize it)."""
        size = tuple(size)
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() == size:
            self.screen = surface
        elif not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if not self.settings.fullscreen:
            self.settings.width, self.settings.height = self.screen.get_size()
            self._remember = True
        self._relayout()

    def apply_display_settings(self, reopen: bool = True) -> None:
        """After the settings panel changed the window (size, full screen: `reopen`) or
        only the UI scale."""
        if reopen:
            self.screen = self._open_window()
        self._relayout()

    def apply_language(self, code: str) -> None:
        """Speak `code` from now on (the settings panel), without a restart: pygame-gui's own
        words follow through its locale, every scene rebuilds its widgets in the new
        language, and text drawn each frame is looked up anew. "" means the system's."""
        self.settings.language = code
        lang.set_language(code or lang.system_language())
        self.ui.set_locale(lang.language())
        pygame.display.set_caption(lang.t("game.title"))
        self._relayout()

    def toggle_fullscreen(self) -> None:
        """F11: full screen, or back to the window as it was; remembered in the settings."""
        s = self.settings
        if not s.fullscreen:
            self._note_window()
        s.fullscreen = not s.fullscreen
        self._remember = True
        self.screen = self._open_window()
        self._relayout()
        self._save_settings()

    def _note_window(self) -> None:
        """Put the window's current size and place into the settings (not while full screen)."""
        if self.settings.fullscreen:
            return
        self.settings.width, self.settings.height = self.screen.get_size()
        try:
            self.settings.window_pos = list(pygame.display.get_window_position())
        except (pygame.error, AttributeError):  # (pygame-ce before 2.5)
            pass

    def _save_settings(self) -> None:
        try:
            self.settings.save(self.storage)
        except OSError as e:  # one line, not a traceback: a read-only home is not a bug
            log.warning("cannot save the settings: %s", e.strerror or e)

    # Loop -----------------------------------------------------------------------------------
    def run(self) -> None:
        while self.running:
            try:
                self.frame()
            except Exception as e:  # log it and say so on screen, rather than vanish
                self.show_error(e)
        self.shutdown()

    def show_error(self, error: BaseException) -> None:
        from vikings.ui.scenes.error import ErrorScene

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
        event = None
        if busy or (self._dirty and poll is None):
            dt = self.clock.tick(self.fps) / 1000.0
            events = pygame.event.get()
        else:
            # Sleep until an event. A thinking bot is polled, even when a redraw is due:
            # on a thread (the fallback), spinning the loop would take the interpreter from it.
            first = pygame.event.wait(IDLE_WAIT_MS if poll is None else max(1, min(IDLE_WAIT_MS, int(poll * 1000))))
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            del first
            dt = self.clock.tick() / 1000.0
        for event in events:
            self.dispatch(event)
        self.ui.update(dt)
        base = self.scenes.base
        self.scenes.update(dt)
        shown = self.ui.get_sprite_group().should_update_visibility  # (a widget made, shown or hidden)
        if self.scenes.base is not base and not self._waited:
            # The game moved on to another scene in this update (the offer gave way to the
            # purchases ...): its widgets were made in this frame, its first drawing waits
            # for the next one (the two in one frame took up to 48 ms at 3840x2160).
            self._dirty = self._waited = True
        # A widget's picture changed with no event (a button enabled once an animation
        # landed, a text cursor blinking, a hover's fade): draw it now, not when the mouse
        # next moves. (Merely resting on a widget draws nothing: at 4K over the rules
        # panel that redrew the window twice a second, a fifth of a core.)
        elif events or busy or self._dirty or shown or self._widget_pictures() != self._drawn_pictures:
            self._waited = False
            self.draw()
        self.frames += 1
        del events, event  # (pygame-gui's events name the widgets they are about)
        self._release_memory()

    def _release_memory(self) -> None:
        """Collect what a closed panel, a switched scene or a rebuilt UI left behind: in a
        frame after the one that showed the change (pygame-gui's events about the killed
        widgets, still queued then, hold them), when the loop is about to wait for input
        (so no animation stutters), or at the latest RELEASE_WAIT seconds later. Also when
        an animation ends (at most every SETTLE_RELEASE seconds): its frames' images churn
        the heap, which glibc would otherwise keep."""
        busy = self.scenes.busy()
        settled, self._was_busy = self._was_busy and not busy, busy
        now = time.monotonic()
        if self.scenes.dropped:
            self.scenes.dropped = False
            self._release_after = self.frames
            if self._release_due is None:
                self._release_due = now + RELEASE_WAIT
        elif (
            self._release_due is not None
            and self.frames > self._release_after
            and (not busy or now >= self._release_due)
        ) or (settled and now - self._released_at >= SETTLE_RELEASE):
            self._release_due, self._released_at = None, now
            memory.release(self.releases)

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
            self.draws += 1  # (the screen's pixels may be gone: no scene reuses them)
        if event.type != pygame.MOUSEMOTION:  # (a scene's hover is part of its layer's key)
            self.changes += 1
        self.sound.on_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.ui.process_events(event)
        if not consumed or event.type >= pygame.USEREVENT:
            self.scenes.handle(event)

    def draw(self) -> None:
        self.draws += 1
        base = self.scenes.base
        if base is None or not base.paints_all:
            self.screen.fill(PARCHMENT)
        self.scenes.draw(self.screen)
        # pygame-gui draws the list of visible widgets made at its last update: widgets made,
        # shown or hidden since (a scene's update, a rebuild) join it now, not when the mouse
        # next moves (the loop then waits for input with the stale frame on screen).
        group = self.ui.get_sprite_group()
        if group.should_update_visibility:
            group.should_update_visibility = False
            group.update_visibility()
        self.ui.draw_ui(self.screen)
        self.drawn_widgets = list(group.visible)  # (a scene mending its kept layer copies these back)
        self.scenes.draw_over(self.screen)  # a tooltip above every widget
        # Only what changed goes to the window when the scene says what that is (a kept
        # layer mended in places): the widgets' rects join it (pygame-gui drew them).
        rects = getattr(base, "screen_rects", None) if self.scenes.stack == [base] else None
        if rects is None:
            pygame.display.flip()
        else:
            rects += [img.get_rect(topleft=(dest[0], dest[1])) for img, dest, *_ in self.drawn_widgets]
            pygame.display.update(rects)
        self._dirty = False
        self._drawn_pictures = self._widget_pictures()

    def _widget_pictures(self) -> list[int]:
        """Which picture each widget shows (pygame-gui gives a widget a new image surface
        when its look changes), to tell whether the frame on screen is out of date."""
        return [id(sprite.image) for sprite in self.ui.get_sprite_group().sprites()]

    def invalidate(self, layer: bool = True) -> None:
        """Ask for a redraw on the next frame (something changed outside an event);
        `layer=False`: only what is drawn over a scene's kept layer changed (a dragged tile
        moved), not the layer itself."""
        self._dirty = True
        if layer:
            self.changes += 1

    def quit(self) -> None:
        self.running = False

    @property
    def history(self) -> History:
        """The player's history (profiles, finished games, puzzles; vikings/history), opened
        on first use from the data folder. A file that could not be used was set aside and
        a fresh one made: `history.notice` says so, for a screen to tell the player."""
        if self._history is None:
            self._history = open_history(self.storage, self.rules)
        return self._history

    def shutdown(self) -> None:
        """Leave cleanly: stop bots (the game is already autosaved after every action)."""
        if self.match is not None:
            self.match.close()
        while self.scenes.stack:
            self.scenes.stack.pop().exit()
        if self._remember and pygame.display.get_init():
            self._note_window()
            self._save_settings()
        if self._history is not None:
            self._history.close()
            self._history = None
        memory.unfreeze()
        pygame.quit()


def main(argv=None, measure_start: bool = False, language: str | None = None) -> int:
    """Open the window and play. `measure_start` (`vikings --measure-start`, used by
    tools/bench/bench_start.py): draw the title's first frame, print when, and exit."""
    from vikings.logs import setup_logging

    storage = Storage()
    setup_logging(storage.log_path)
    log.info("starting")
    app = App(storage=storage, language=language)
    if measure_start:
        app.invalidate()
        app.frame()  # the title, drawn and flipped
        print(
            f"vikings: first frame drawn at {time.time():.6f} (epoch s), "
            f"{_since_process_start():.3f} s after the process started",
            flush=True,
        )
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
