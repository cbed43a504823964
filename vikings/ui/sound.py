"""The game's sounds: an effect for each thing the table shows, button clicks, and an
optional music loop, at the volumes of the settings.

Which file plays for what, and how loud, is data/sounds.yaml (`content.load_sounds`).
The mixer runs at the effects' own rate, 22050 Hz (SDL_mixer's resampling to 44.1 kHz
mirrored the coins' partials above 11 kHz).

The audio device is opened before anything else of pygame (`App` makes a `Sound` first):
with no device, SDL and ALSA would fill the terminal with messages, so the device is
opened with the process's stderr pointed at nothing, and when there is no device the
mixer runs on SDL's dummy driver: everything works, nothing is heard, nothing is printed.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from contextlib import contextmanager

import pygame
import pygame_gui

from vikings.content.data import load_sounds

log = logging.getLogger("vikings")

MIN_GAP = 0.08  # seconds: one effect again sooner than this is dropped (a skip lands many at once)
MIXER = dict(frequency=22050, size=-16, channels=2, buffer=512)  # the effects' own rate: no resampling


@contextmanager
def quiet_stderr():
    """Point file descriptor 2 at the null device for a while: C libraries (SDL, ALSA,
    PulseAudio) write there directly, past Python's sys.stderr. Where there is no
    descriptor 2 (a windowed build on Windows) nothing is changed."""
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_mixer() -> bool:
    """Open the audio device quietly. True if sound can be heard; False if the mixer runs
    on the dummy driver (no device) or could not open at all."""
    if pygame.mixer.get_init():
        return os.environ.get("SDL_AUDIODRIVER") != "dummy"
    with quiet_stderr():
        try:
            pygame.mixer.init(**MIXER)
            return os.environ.get("SDL_AUDIODRIVER") != "dummy"
        except pygame.error as e:
            log.info("no sound: %s", e)
        # SDL reads the driver's name when the audio starts; pygame.init() must find the
        # mixer open, or it would try the missing device again (and print again).
        before = os.environ.get("SDL_AUDIODRIVER")
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        try:
            pygame.mixer.init(**MIXER)
        except pygame.error as e:
            log.info("no sound mixer at all: %s", e)
        finally:
            if before is None:
                del os.environ["SDL_AUDIODRIVER"]
            else:
                os.environ["SDL_AUDIODRIVER"] = before
    return False


class Sound:
    """Plays the effects and the music for an `App` (which holds the settings)."""

    def __init__(self, app, sounds=None):
        self.app = app
        self.map = sounds if sounds is not None else load_sounds()
        self.audible = open_mixer()
        self._loaded: dict = {}  # event -> pygame Sound (None: failed to load)
        self._last: dict = {}  # event -> when it last played (time.monotonic)
        self._music = None  # the music file playing, if any
        self._synced = False

    # Effects -------------------------------------------------------------------------------------------
    def load(self, event: str):
        """The pygame Sound of `event` (None if it has none or its file would not load)."""
        if event not in self._loaded:
            cue = self.map.effects.get(event)
            snd = None
            if cue is not None and pygame.mixer.get_init():
                try:
                    snd = pygame.mixer.Sound(str(cue.path))
                except pygame.error as e:
                    log.warning("sound %s (%s) does not load: %s", event, cue.path.name, e)
            self._loaded[event] = snd
        return self._loaded[event]

    def volume(self, event: str, settings=None) -> float:
        """How loud `event` plays: its volume in sounds.yaml times the effects volume."""
        s = settings or self.app.settings
        cue = self.map.effects.get(event)
        if cue is None or s.muted:
            return 0.0
        return cue.volume * s.effects_volume / 100

    def play(self, event: str, settings=None) -> bool:
        """Play the sound of `event` (an engine event type or a screen's own, as in
        sounds.yaml). True if it started."""
        vol = self.volume(event, settings)
        if vol <= 0:
            return False
        now = time.monotonic()
        if now - self._last.get(event, -1.0) < MIN_GAP:
            return False
        snd = self.load(event)
        if snd is None:
            return False
        self._last[event] = now
        snd.set_volume(vol)
        snd.play()
        return True

    def shown(self, e) -> None:
        """A scene starts showing engine event `e`."""
        cue = self.map.effects.get(e.type)
        if cue is not None and cue.at == "show":
            self.play(e.type)

    def landed(self, e) -> None:
        """The animation of engine event `e` has landed."""
        cue = self.map.effects.get(e.type)
        if cue is not None and cue.at == "land":
            self.play(e.type)

    def on_event(self, event) -> None:
        """Every window event passes here (the app's loop): a button clicks. The first one
        also starts the music the settings ask for (they are read after the mixer opens)."""
        if not self._synced:
            self.sync()
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.play("button")

    # Music and volumes -------------------------------------------------------------------------------
    def music_volume(self, settings=None) -> float:
        s = settings or self.app.settings
        cue = self.map.music
        if cue is None or s.muted:
            return 0.0
        return cue.volume * s.music_volume / 100

    def sync(self, settings=None) -> None:
        """Start, stop or re-level the music for `settings` (the app's, or a draft the
        settings panel is trying out); muting also silences the effects playing now."""
        self._synced = True
        s = settings or self.app.settings
        if not pygame.mixer.get_init():
            return
        if s.muted:
            pygame.mixer.stop()
        vol = self.music_volume(s)
        try:
            if vol > 0 and self._music is None:
                pygame.mixer.music.load(str(self.map.music.path))
                pygame.mixer.music.play(loops=-1, fade_ms=800)
                self._music = self.map.music.path
            if vol <= 0 and self._music is not None:
                pygame.mixer.music.stop()
                self._music = None
            pygame.mixer.music.set_volume(vol)
        except pygame.error as e:
            log.warning("music does not play: %s", e)
            self._music = None

    @property
    def music_playing(self) -> bool:
        return self._music is not None
