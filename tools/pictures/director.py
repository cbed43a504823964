"""What the screenshot tools share: a Director (an App in a temporary home, a seeded game
driven to chosen moments), the Shooter that saves and numbers the pictures, the step
clock and the small helpers. tools/pictures/screenshots.py, the other shots_*.py and
tools/bench/bench_ui.py use it; it imports none of them.

Importing it selects SDL's dummy drivers (headless) before pygame starts.
"""

from __future__ import annotations

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"  # headless, before pygame is imported
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time  # noqa: E402
import traceback  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from vikings.bots import make_bot  # noqa: E402
from vikings.engine.actions import PlaceViking  # noqa: E402
from vikings.engine.state import VIKING  # noqa: E402
from vikings.saves.folders import Storage  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui import flow  # noqa: E402
from vikings.ui.app import App  # noqa: E402
from vikings.ui.table.match import Match  # noqa: E402

DEFAULT_SIZE = (1600, 900)
SEATS = (
    ("Ann", "person", "purple"),
    ("Bjorn", "normal", "orange"),
    ("Sigrid", "normal", "teal"),
    ("Leif", "normal", "pink"),
)
SAVE_NAME = "Saturday evening"
LANGUAGE = "en"  # --lang: the language every Director's App speaks
UI_SCALE = 100  # %: the lettering's size (the settings' UI scale) every Director's App starts with


class StepClock:
    """Stands in for the app's pygame Clock: every frame is 1/60 s long and nothing
    sleeps, so animations land on the same frames in every run."""

    def tick(self, framerate: float = 0) -> float:
        return 1000 / 60

    def get_fps(self) -> float:
        return 60.0


class Skipped(Exception):
    """A screen that cannot be shown yet (its module is missing)."""


def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


class Director:
    """An App in a temporary home and a game driven to chosen moments."""

    def __init__(
        self,
        size,
        home,
        seats=SEATS,
        seed: int = 4,
        animation: str = "normal",
        bot_pace: str = "fast",
        clock=None,
        language: str | None = None,
    ):
        settings = Settings(width=size[0], height=size[1], animation=animation, bot_pace=bot_pace, ui_scale=UI_SCALE)
        self.storage = Storage(home)
        self.app = App(
            storage=self.storage, settings=settings, size=size, title_scene=False, language=language or LANGUAGE
        )
        if clock is not None:
            self.app.clock = clock
        self.rules = self.app.rules
        self.seats, self.seed = seats, seed
        self.helper = make_bot("normal", 7919 + seed)  # chooses for the persons
        self.match: Match | None = None
        self.plan = None  # (space, cell) of a purchase that leads to the Viking decision
        self.hover_action = None  # the placement previewed under the mouse

    # Running frames ---------------------------------------------------------------------------
    @property
    def scene(self):
        return self.app.scenes.base

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.invalidate()  # never sleep in the idle wait: nothing else will happen
            self.app.frame()
            for _ in range(8):  # parts of the table left for the next frames (FRAME_PIXELS): drawn now
                if not self.app.table_layer.pending:
                    break
                self.app.frame()

    def until(self, pred, what: str, limit: int = 4000) -> None:
        """Run frames until `pred()` holds (a bot may need real time to think)."""
        for _ in range(limit):
            if pred():
                return
            if self.match is not None and self.match.thinking():
                time.sleep(0.002)
            self.frames()
        raise TimeoutError(f"never reached: {what} (scene {type(self.scene).__name__})")

    def settle(self) -> None:
        """Show every pending event at once and stop at the next person's decision (or
        the end of the game); bots play at full speed on the way."""
        s = self.app.settings
        old = s.animation, s.bot_pace
        s.animation, s.bot_pace = "instant", "instant"
        try:
            m = self.match
            self.until(
                lambda: (
                    not m.pending
                    and not self.scene.fx.active
                    and (m.persons_turn() or m.game.is_over)
                    and type(self.scene) is flow.scene_for(self.scene.ctx)
                ),
                "a settled table",
            )
            self.frames(2)
        finally:
            s.animation, s.bot_pace = old

    def point(self, pos) -> None:
        """Move the mouse to `pos` the way a player does (the cursor and a motion event)."""
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(2)

    # The game ----------------------------------------------------------------------------------
    def new_match(self, seed: int | None = None, start_player: int | None = 0) -> Match:
        self.match = Match.new(
            self.seats,
            self.rules,
            seed=self.seed if seed is None else seed,
            start_player=start_player,
            storage=self.storage,
        )
        return self.match

    def enter(self) -> None:
        """Show the match at the table (its first frame draws it before any animation:
        the scenes wait for the geometry of their first drawing)."""
        flow.enter_game(self.app, self.match)

    def choice(self, game):
        """What the seat to move decides: its own bot, or for a person a Normal bot that
        sends every boatswain to the pool (so that a boatswain decision comes up)."""
        legal = game.legal_actions()
        p = game.to_move
        if self.match.seats[p].is_person:
            if game.phase == VIKING and game.hand_viking == self.rules.boatswain and PlaceViking(False) in legal:
                return PlaceViking(False)
            return self.helper.choose(game.copy(), legal)
        return self.match.bot_for(p).choose(game.copy(), legal)

    def to_results(self) -> None:
        """Play the game to its end and wait for the results screen, settled."""
        self.fast_forward(before=lambda g: False)
        self.settle()
        self.until(lambda: type(self.scene).__name__ == "ResultsScene", "the results")
        self.frames(3)

    def fast_forward(self, before=None, after=None, keep_from=None, limit: int = 2000) -> bool:
        """Decide through `Match.act` (no screens) until `before(game)` holds before a
        decision or `after(events)` after one. Events already shown are dropped; of the last
        decision's events those from the first matching `keep_from(event)` stay pending for
        the screens. Then the table shows the scene the game calls for. False if the game
        ended first."""
        m = self.match
        m.cancel_bot()
        m.autosave_enabled, autosave = False, m.autosave_enabled
        reached = False
        try:
            for _ in range(limit):
                m.pending.clear()
                if m.game.is_over:
                    break
                if before is not None and before(m.game):
                    reached = True
                    break
                events = m.act(self.choice(m.game))
                if after is not None and after(events):
                    reached = True
                    break
            if keep_from is not None:
                while m.pending and not keep_from(m.pending[0]):
                    m.pending.popleft()
            else:
                m.pending.clear()
        finally:
            m.autosave_enabled = autosave
        m.autosave()
        ctx = self.scene.ctx
        ctx.viewed, ctx.message = None, ""
        flow.advance(self.app, ctx, force=True)
        self.app.draw()  # as in play, where a scene change inside update() is drawn in the same frame
        self.frames(2)
        return reached

    # Moments -------------------------------------------------------------------------------------
    def fx_head(self):
        q = self.scene.fx.queue
        return q[0] if q else []

    def head_progress(self, kind) -> float | None:
        """Progress of the first effect of class `kind` now playing, else None."""
        for e in self.fx_head():
            if isinstance(e, kind):
                return e.progress
        return None

    def remaining(self, kind) -> int:
        return sum(isinstance(e, kind) for group in self.scene.fx.queue for e in group)


def scoring_of(kind: str):
    return lambda e: e.type == "scoring" and e.data.get("kind") == kind


class Shooter:
    def __init__(self, out: Path, size, seed: int):
        self.out, self.size, self.seed = out, size, seed
        self.n = 0
        self.written: list[Path] = []
        self.failed: list[str] = []
        self.skipped: list[str] = []

    def save(self, app, name: str) -> None:
        """Draw the window and write it (the fit check's Shooter measures it instead)."""
        app.draw()
        path = self.out / f"{self.n:02d}-{name}.png"
        pygame.image.save(app.screen, str(path))
        self.written.append(path)
        print(path, flush=True)

    def moment(self, name: str, fn, d: Director) -> None:
        """Run `fn(d)` to reach a moment and save it; a failure is reported, not fatal."""
        self.n += 1
        try:
            fn(d)
            self.save(d.app, name)
        except Skipped as e:
            self.skipped.append(f"{self.n:02d}-{name}: {e}")
            print(f"skipped {self.n:02d}-{name}: {e}", flush=True)
        except Exception as e:  # noqa: BLE001 - the other moments are still worth having
            self.failed.append(f"{self.n:02d}-{name}: {type(e).__name__}: {e}")
            print(f"FAILED {self.n:02d}-{name}: {type(e).__name__}: {e}", flush=True)
            traceback.print_exc()


def open_panel(d: Director, module: str, cls: str, **kw):
    import importlib

    try:
        mod = importlib.import_module(f"vikings.ui.dialogs.{module}")
    except ModuleNotFoundError as e:
        raise Skipped(f"vikings/ui/dialogs/{module}.py is missing ({e.name})") from None
    return getattr(mod, cls)(d.app, **kw)


def to_title(d: Director) -> None:
    from vikings.ui.scenes.title import TitleScene

    d.app.scenes.switch(TitleScene(d.app))
    d.frames(3)
