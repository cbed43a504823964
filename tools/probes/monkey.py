"""A restless player: seeded random input through the real loop for N minutes, reporting
exceptions, stalls and the memory of the game's process and of the bots' helper process.

    python tools/probes/monkey.py [--minutes 10] [--seed 1] [--size 1600x900] [--every 30] [--csv OUT]
    python tools/probes/monkey.py --panels 200     # only panels opened and closed on the title
    python tools/probes/monkey.py --resizes 200    # only window resizes on the title
    ... --ablate collect,trim               # without the collection / the malloc_trim after
                                            # dropped widgets (to measure what each buys)

Headless by default (SDL's dummy video driver). With --window it opens a real window
(e.g. under Xvfb: DISPLAY=:81 python tools/probes/monkey.py --window); resizes are then made by
resizing the real window, so they come back as the system's own events.

What it does, chosen with a seeded random.Random: clicks (mostly on a live, enabled
widget, else anywhere), keys (the screens' shortcuts, digits, letters), window resizes
between 1280x720 and 1920x1080, panels opened and closed (rules, settings, load, save),
games with bots of every level a player can choose started (through the setup screen),
played for a while, left, saved, loaded and continued. Input goes into SDL's event queue
and `App.frame()` runs as `App.run()` runs it (with its frame cap and idle waits).

Reported: every exception the loop caught (as `App.run` would: the error screen is then
left with Esc), errors logged by the game, stalls (a frame longer than --stall seconds),
and VmRSS of both processes (from /proc) every --every seconds, with the slope over the
last half of the run and what the collections after dropped widgets cost.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import sys
import tempfile
import time
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path

if "--window" not in sys.argv:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from vikings.processes import remote_bots as remote  # noqa: E402
from vikings.saves.folders import Storage  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui.app import App  # noqa: E402
from vikings.ui.dialogs.kit import Dialog  # noqa: E402
from vikings.ui.scenes.error import ErrorScene  # noqa: E402
from vikings.ui.scenes.setup import KINDS, SetupScene  # noqa: E402
from vikings.ui.scenes.table_scene import TableScene  # noqa: E402
from vikings.ui.scenes.title import TitleScene  # noqa: E402

LEVELS = [k for k, _ in KINDS if k != "person"]  # every bot level the setup screen offers
SIZES = ((1280, 720), (1920, 1080))
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_F1,
    pygame.K_n,
    pygame.K_c,
    pygame.K_l,
    pygame.K_r,
    pygame.K_s,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_a,
    pygame.K_b,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_BACKSPACE,
)
ACTIONS = (
    ("click_widget", 34),
    ("click_anywhere", 8),
    ("key_press", 14),
    ("resize", 8),
    ("panel", 9),
    ("new_game", 6),
    ("leave", 3),
    ("save", 3),
    ("load", 3),
    ("continue_game", 3),
    ("wait", 9),
)


def _p(sorted_values: list, q: float) -> float:
    return sorted_values[int(q * (len(sorted_values) - 1))]


def rss_mb(pid: int | None) -> float | None:
    """Resident memory of process `pid` in MB (VmRSS from /proc), None if unknown."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def helper_pid() -> int | None:
    proc = remote.shared()._proc
    return proc.pid if proc is not None and proc.is_alive() else None


def slope_per_min(points: list[tuple[float, float]]) -> float:
    """Least-squares slope (MB per minute) of (seconds, MB) points."""
    if len(points) < 2:
        return 0.0
    xs, ys = [p[0] / 60 for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else 0.0


class _Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(
            record.getMessage()
            + ("\n" + "".join(traceback.format_exception(*record.exc_info)) if record.exc_info else "")
        )


@dataclass
class Report:
    seconds: float = 0.0
    inputs: int = 0
    frames: int = 0
    counts: dict = field(default_factory=dict)  # action -> times done
    games: dict = field(default_factory=dict)  # bot level -> games started with it
    exceptions: list = field(default_factory=list)
    stalls: list = field(default_factory=list)  # (at second, frame s, its CPU s, action, scene)
    longest_frame: float = 0.0
    samples: list = field(default_factory=list)  # (second, game MB, helper MB or None)
    where: list = field(default_factory=list)  # the scene on top and the window size at each sample
    collect_ms: list = field(default_factory=list)  # CPU time of each release's collection
    trim_ms: list = field(default_factory=list)  # ... and of its malloc_trim
    release_wall_ms: list = field(default_factory=list)  # both, wall clock

    def series(self, which: int) -> list[tuple[float, float]]:
        return [(s[0], s[which]) for s in self.samples if s[which] is not None]

    def last_half_slope(self, which: int) -> float:
        pts = self.series(which)
        return slope_per_min([p for p in pts if p[0] >= self.seconds / 2])

    def summary(self) -> str:
        out = [
            f"{self.seconds:.0f} s, {self.inputs} inputs, {self.frames} frames; "
            f"load average at the end {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
            "actions: " + ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items())),
            "games started, by bot level seated: " + ", ".join(f"{k} {v}" for k, v in sorted(self.games.items())),
            f"exceptions: {len(self.exceptions)}; stalls: {len(self.stalls)}; longest frame {self.longest_frame * 1000:.0f} ms",
            "  second   game MB  helper MB  (scene, window)",
        ]
        for (t, g, h), w in zip(self.samples, self.where):
            out.append(f"  {t:6.0f}  {g:8.0f}  {'-' if h is None else f'{h:9.0f}'}  {w}")
        for name, which in (("game", 1), ("helper", 2)):
            pts = self.series(which)
            if pts:
                out.append(
                    f"{name}: start {pts[0][1]:.0f} MB, peak {max(p[1] for p in pts):.0f} MB, end {pts[-1][1]:.0f} MB, "
                    f"slope over the last half {self.last_half_slope(which):+.1f} MB/min"
                )
        if self.collect_ms:
            c, t, w = sorted(self.collect_ms), sorted(self.trim_ms), sorted(self.release_wall_ms)
            out.append(
                f"releases after dropped widgets: {len(c)}; CPU ms: collection median {statistics.median(c):.1f}, "
                f"p90 {_p(c, 0.9):.1f}, max {c[-1]:.1f}; malloc_trim median {statistics.median(t):.1f}, "
                f"p90 {_p(t, 0.9):.1f}, max {t[-1]:.1f}; both, wall clock: median {statistics.median(w):.1f}, "
                f"p90 {_p(w, 0.9):.1f}, max {w[-1]:.1f}"
            )
        for st in self.stalls[:10]:
            out.append(f"stall at {st[0]} s: a frame of {st[1]} s ({st[2]} s CPU) during {st[3]} ({st[4]})")
        for e in self.exceptions[:5]:
            out.append("exception:\n" + e)
        return "\n".join(out)


class Monkey:
    def __init__(self, app: App, seed: int, stall: float = 2.0, real_window: bool = False):
        self.app = app
        self.rng = random.Random(seed)
        self.stall = stall
        self.real_window = real_window
        self.report = Report()
        self.errors = _Errors()
        self.t0 = time.perf_counter()
        self.doing = ""  # the action under way (named in a stall's report)

    # The loop ---------------------------------------------------------------------------------
    def frames(self, seconds: float) -> None:
        """Run the loop for about `seconds`, as App.run does (exceptions shown on screen)."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and self.app.running:
            t, cpu = time.perf_counter(), time.thread_time()
            try:
                self.app.frame()
            except Exception as e:  # what App.run catches: counted, then shown as it would be
                self.report.exceptions.append("".join(traceback.format_exception(e)))
                self.app.show_error(e)
            dt, dcpu = time.perf_counter() - t, time.thread_time() - cpu
            self.report.frames += 1
            self.report.longest_frame = max(self.report.longest_frame, dt)
            if dt > self.stall:
                self.report.stalls.append(
                    (
                        round(t - self.t0, 1),
                        round(dt, 2),
                        round(dcpu, 2),
                        self.doing,
                        type(self.app.scenes.current).__name__,
                    )
                )
        if not self.app.running or isinstance(self.app.scenes.base, ErrorScene):
            self.recover()

    def recover(self) -> None:
        """Quit pressed or the error screen shown: back to the title, as a new start would."""
        self.app.running = True
        if self.app.match is not None:
            self.app.match.close()
            self.app.match = None
        self.app.scenes.switch(TitleScene(self.app))

    # Input ------------------------------------------------------------------------------------
    def post(self, *events) -> None:
        for e in events:
            pygame.event.post(e)
        self.report.inputs += 1

    def click_at(self, pos) -> None:
        pos = tuple(int(v) for v in pos)
        self.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
        )

    def key(self, key: int, mod: int = 0) -> None:
        self.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
        )

    def widgets(self) -> list:
        out = []
        for e in self.app.ui.get_sprite_group().sprites():
            if (
                e.alive()
                and e.visible
                and isinstance(e, (pygame_gui.elements.UIButton, pygame_gui.elements.UITextEntryLine))
                and e.is_enabled
                and e.rect.width > 0
            ):
                out.append(e)
        return out

    # Actions ----------------------------------------------------------------------------------
    def step(self) -> None:
        names, weights = zip(*ACTIONS)
        what = self.rng.choices(names, weights)[0]
        self.report.counts[what] = self.report.counts.get(what, 0) + 1
        self.doing = what
        getattr(self, what)()
        self.frames(self.rng.uniform(0.1, 0.5))

    def click_widget(self) -> None:
        ws = self.widgets()
        if not ws:
            return self.click_anywhere()
        w = self.rng.choice(ws)
        r = w.rect
        self.click_at((self.rng.randint(r.left, r.right - 1), self.rng.randint(r.top, r.bottom - 1)))

    def click_anywhere(self) -> None:
        w, h = self.app.screen.get_size()
        self.click_at((self.rng.randrange(w), self.rng.randrange(h)))

    def key_press(self) -> None:
        mod = pygame.KMOD_CTRL if self.rng.random() < 0.1 else 0
        self.key(self.rng.choice(KEYS), mod)

    def resize(self) -> None:
        size = (self.rng.randint(SIZES[0][0], SIZES[1][0]), self.rng.randint(SIZES[0][1], SIZES[1][1]))
        if self.real_window:  # the system resizes the window and reports it
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().size = size
            self.report.inputs += 1
        else:
            self.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))

    def panel(self) -> None:
        """Open a panel, look at it for a moment, close it (Esc or its own buttons later)."""
        base = self.app.scenes.base
        if isinstance(self.app.scenes.current, Dialog):
            return self.key(pygame.K_ESCAPE)
        if isinstance(base, TitleScene):
            self.key(self.rng.choice((pygame.K_r, pygame.K_s, pygame.K_l)))
        elif isinstance(base, TableScene):
            b = self.rng.choice(("rules", "settings", "save"))
            if b in base.buttons:
                w = base.buttons[b]
                self.click_at(w.rect.center)
            else:
                self.key(pygame.K_F1)
        else:
            return
        self.frames(self.rng.uniform(0.2, 0.8))
        if self.rng.random() < 0.8:
            self.key(pygame.K_ESCAPE)

    def to_title(self) -> None:
        """Close panels and leave whatever is shown, with keys (Esc leaves the table)."""
        for _ in range(4):
            if isinstance(self.app.scenes.current, TitleScene):
                return
            self.key(pygame.K_ESCAPE)
            self.frames(0.1)
        if not isinstance(self.app.scenes.current, TitleScene):
            self.recover()

    def new_game(self) -> None:
        """Title, N, seats of random kinds (every bot level in turn), a seed, Start."""
        self.to_title()
        self.key(pygame.K_n)
        self.frames(0.2)
        s = self.app.scenes.current
        if not isinstance(s, SetupScene):
            return
        n = self.rng.randint(2, 4)
        while len(s.choices.seats) < n:
            s.choices.add_seat("normal")
        person = self.rng.random() < 0.4
        for i in range(n):
            level = self.rng.choice(LEVELS)
            s.choices.set_kind(i, "person" if (i == 0 and person) else level)
        for seat in s.choices.seats:
            if seat["kind"] != "person":
                self.report.games[seat["kind"]] = self.report.games.get(seat["kind"], 0) + 1
        s.choices.seed_text = str(self.rng.randrange(10**6))
        s._rebuild()
        self.frames(0.1)
        self.click_at(s.start_button.rect.center)
        self.frames(self.rng.uniform(0.5, 3.0))

    def leave(self) -> None:
        if isinstance(self.app.scenes.base, TableScene):
            self.to_title()

    def save(self) -> None:
        if isinstance(self.app.scenes.base, TableScene) and not isinstance(self.app.scenes.current, Dialog):
            self.key(pygame.K_s, pygame.KMOD_CTRL)
            self.frames(0.3)
            self.post(pygame.event.Event(pygame.TEXTINPUT, text=str(self.rng.randrange(4))))
            self.frames(0.1)
            p = self.app.scenes.current
            if isinstance(p, Dialog):
                ws = [w for w in self.widgets() if getattr(w, "text", "") == "Save"]
                if ws:
                    self.click_at(ws[-1].rect.center)
                self.frames(0.3)
                self.key(pygame.K_ESCAPE)

    def load(self) -> None:
        self.to_title()
        self.key(pygame.K_l)
        self.frames(0.3)
        self.key(pygame.K_RETURN)
        self.frames(self.rng.uniform(0.5, 2.0))

    def continue_game(self) -> None:
        self.to_title()
        self.key(pygame.K_c)
        self.frames(self.rng.uniform(0.5, 2.0))

    def wait(self) -> None:
        self.frames(self.rng.uniform(1.0, 4.0))

    # Running ----------------------------------------------------------------------------------
    def sample(self) -> None:
        t = time.perf_counter() - self.t0
        self.report.samples.append((round(t, 1), rss_mb(os.getpid()), rss_mb(helper_pid())))
        self.report.where.append(
            f"{type(self.app.scenes.current).__name__} {'x'.join(map(str, self.app.screen.get_size()))}"
        )

    def run(self, seconds: float, every: float, progress=None) -> Report:
        logging.getLogger("vikings").addHandler(self.errors)
        try:
            self.sample()
            next_sample = every
            while time.perf_counter() - self.t0 < seconds:
                self.step()
                if time.perf_counter() - self.t0 >= next_sample:
                    self.sample()
                    next_sample += every
                    if progress:
                        progress(self.report.samples[-1])
            self.sample()
        finally:
            logging.getLogger("vikings").removeHandler(self.errors)
        r = self.report
        r.seconds = time.perf_counter() - self.t0
        r.exceptions += [e for e in self.errors.records if e not in r.exceptions]
        rel = getattr(self.app, "releases", None) or type("None", (), {"collect_ms": [], "trim_ms": [], "wall_ms": []})
        r.collect_ms, r.trim_ms, r.release_wall_ms = list(rel.collect_ms), list(rel.trim_ms), list(rel.wall_ms)
        return r


def repeat(app: App, what: str, times: int, seed: int = 1, real_window: bool = False) -> list[float]:
    """Only panels (rules, settings, load in turn, each opened, drawn, closed with Esc) or
    only resizes, on the title; the game's RSS (MB) before and after every 20."""
    m = Monkey(app, seed, real_window=real_window)
    m.frames(0.3)
    out = [rss_mb(os.getpid())]
    for i in range(times):
        if what == "panels":
            m.key((pygame.K_r, pygame.K_s, pygame.K_l)[i % 3])
            m.frames(0.15)
            m.key(pygame.K_ESCAPE)
        else:
            m.resize()
        m.frames(0.15)
        if (i + 1) % 20 == 0:
            out.append(rss_mb(os.getpid()))
    return out


def ablate(parts) -> None:
    """Switch off parts of the memory release, to measure what each buys."""
    if not parts or parts == [""]:
        return
    from vikings.ui import memory

    if "collect" in parts:
        memory.release = lambda stats=None: 0
    if "trim" in parts:
        memory.trim = lambda: False


def monkey_app(home: Path, size=(1600, 900), real_window: bool = False) -> App:
    """An App in its own home, at bot pace 'fast' (games move on between inputs)."""
    settings = Settings(width=size[0], height=size[1], bot_pace="fast")
    app = App(storage=Storage(home), settings=settings, size=size)
    return app


def run_monkey(
    seconds: float,
    seed: int = 1,
    size=(1600, 900),
    every: float = 30.0,
    stall: float = 2.0,
    real_window: bool = False,
    progress=None,
    home: Path | None = None,
) -> Report:
    with tempfile.TemporaryDirectory() as tmp:
        app = monkey_app(Path(home or tmp), size, real_window)
        monkey = Monkey(app, seed, stall, real_window)
        try:
            return monkey.run(seconds, every, progress)
        finally:
            app.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1600x900")
    ap.add_argument("--every", type=float, default=30.0, help="seconds between memory samples")
    ap.add_argument("--stall", type=float, default=2.0, help="a frame longer than this (s) is a stall")
    ap.add_argument("--window", action="store_true", help="a real window (resized for real)")
    ap.add_argument("--csv", help="write the memory samples here")
    ap.add_argument("--panels", type=int, help="only open and close this many panels")
    ap.add_argument("--resizes", type=int, help="only resize the window this many times")
    ap.add_argument("--ablate", default="", help="collect,trim: leave out these parts of the release")
    args = ap.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    ablate(args.ablate.split(","))
    if args.panels or args.resizes:
        what, times = ("panels", args.panels) if args.panels else ("resizes", args.resizes)
        with tempfile.TemporaryDirectory() as tmp:
            app = monkey_app(Path(tmp), size, args.window)
            t = time.perf_counter()
            mbs = repeat(app, what, times, args.seed, args.window)
            took = time.perf_counter() - t
            app.shutdown()
        print(
            f"{times} {what}{' (without ' + args.ablate + ')' if args.ablate else ''}: game process "
            f"{mbs[0]:.0f} -> {mbs[-1]:.0f} MB (peak {max(mbs):.0f}), {took:.0f} s, load average "
            f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
        )
        print("  MB every 20: " + " ".join(f"{v:.0f}" for v in mbs))
        return 0
    print(
        f"monkey: seed {args.seed}, {args.minutes} min, {size[0]}x{size[1]}, "
        f"driver {os.environ.get('SDL_VIDEODRIVER', 'default')}, load average {os.getloadavg()[0]:.2f} "
        f"on {os.cpu_count()} cores",
        flush=True,
    )
    report = run_monkey(
        args.minutes * 60,
        args.seed,
        size,
        args.every,
        args.stall,
        args.window,
        progress=lambda s: print(
            f"  {s[0]:6.0f} s  game {s[1]:.0f} MB  helper {'-' if s[2] is None else f'{s[2]:.0f}'} MB", flush=True
        ),
    )
    print(report.summary())
    if args.csv:
        with open(args.csv, "w") as f:
            f.write("second,game_mb,helper_mb\n")
            f.writelines(f"{t},{g:.1f},{'' if h is None else f'{h:.1f}'}\n" for t, g, h in report.samples)
    return 1 if report.exceptions or report.stalls else 0


if __name__ == "__main__":
    sys.exit(main())
