"""How long a game's review takes, and whether the window stays responsive meanwhile.

    python tools/bench/bench_review.py [--seed 11] [--hard] [--quick]

For each case a complete seeded game is played by bots (Beginner for the seats the review
judges as persons, Normal for the others), written as a save and loaded back, then
reviewed the way the screen does it: `ReviewJob` in a spawned helper process, polled every
10 ms until the review arrives. The figure printed is that wall time, start to finish
(the helper's start included); the target for a complete 2-player game is 60 s or less.
Also printed: the review's own time inside the helper, the decisions and how many were
judged. The last part draws the review screen headless (1600x900) while a review runs
and prints the frame times: the drawing must never wait for the review.

Cases: 2 players with both seats judged (the most work a 2-player game can bring), 2
players with one person, 4 players all judged, and a 3-player advanced game; `--hard`
adds the 2-player case judged by Hard instead of Normal (why Normal is the default).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.bots import make_bot  # noqa: E402
from vikings.bots.play import play_out  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import GameConfig, new_game  # noqa: E402
from vikings.engine.serialize import load, save  # noqa: E402
from vikings.processes.review_job import ReviewJob  # noqa: E402

ADVANCED = ("auction", "single_boatswain", "special_tiles")
NAMES = ("Ann", "Bjorn", "Sigrid", "Leif")


def played(rules, players: int, seed: int, persons, options=()):
    """A complete game (persons' seats played by Beginner, the others by Normal), saved
    and loaded back as the Load panel would."""
    g = new_game(GameConfig(NAMES[:players], seed=seed, start_player=0, options=frozenset(options)), rules)
    bots = [make_bot("beginner" if p in persons else "normal", seed * 10 + p) for p in range(players)]
    play_out(g, bots, copies=True)
    return load(save(g), rules)


def timed_review(rules, game, persons, level: str):
    started = time.perf_counter()
    job = ReviewJob(rules, game.config, game.actions(), persons, level, in_process=True).start()
    while not job.poll():
        time.sleep(0.01)
    wall = time.perf_counter() - started
    job.close()
    if job.error:
        raise RuntimeError(job.error)
    return wall, job.review


def frames_while_reviewing(rules, seed: int) -> tuple[list[float], list[float]]:
    """Frame times (ms) of the review screen while the review of a 3-player advanced game
    runs in the helper (the longest of the cases with Normal), after a warm-up: wall-clock
    and CPU time of this thread (`time.thread_time`, which other processes do not inflate)."""
    import tempfile

    import pygame

    from vikings.saves.folders import Storage
    from vikings.saves.settings import Settings
    from vikings.ui.app import App
    from vikings.ui.scenes.review import ReviewScene
    from vikings.ui.table.match import Match

    with tempfile.TemporaryDirectory(prefix="vikings-bench-") as home:
        app = App(
            storage=Storage(home),
            settings=Settings(animation="instant", bot_pace="instant"),
            size=(1600, 900),
            title_scene=False,
        )
        app.fps = 0
        seats = [("Ann", "person", "purple"), ("Bjorn", "person", "orange"), ("Sigrid", "person", "teal")]
        m = Match(seats, played(rules, 3, seed, (0, 1, 2), ADVANCED), autosave=False)
        app.scenes.switch(ReviewScene(app, Match(seats[:2], played(rules, 2, seed, (0,)), autosave=False), app.quit))
        for _ in range(3):  # a first review screen: fonts and pictures made at this size
            app.invalidate()
            app.frame()
        scene = ReviewScene(app, m, app.quit)
        app.scenes.switch(scene)
        times, cpu = [], []
        step = 0
        while scene.review is None:
            t, c = time.perf_counter(), time.thread_time()
            # a person stepping through the replay meanwhile: every frame draws a new table
            pygame.event.post(
                pygame.event.Event(
                    pygame.KEYDOWN,
                    key=pygame.K_LEFT if step % 40 < 20 else pygame.K_RIGHT,
                    mod=0,
                    unicode="",
                    scancode=0,
                )
            )
            app.invalidate()
            app.frame()
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.thread_time() - c) * 1000)
            step += 1
            time.sleep(0.005)
        app.shutdown()
    return times, cpu


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--hard", action="store_true", help="also review the 2-player game with Hard (minutes)")
    ap.add_argument("--quick", action="store_true", help="only the 2-player game with both seats judged")
    args = ap.parse_args(argv)
    rules = default_rules()
    cases = [("2 players, both judged", 2, (0, 1), (), "normal")]
    if not args.quick:
        cases += [
            ("2 players, one person", 2, (0,), (), "normal"),
            ("4 players, all judged", 4, (0, 1, 2, 3), (), "normal"),
            ("3 players advanced, all judged", 3, (0, 1, 2), ADVANCED, "normal"),
        ]
    if args.hard:
        cases.append(("2 players, both judged, Hard", 2, (0, 1), (), "hard"))
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    print(f"{'case':34} {'decisions':>9} {'judged':>6} {'review s':>9} {'wall s':>7}")
    worst = 0.0
    for label, players, persons, options, level in cases:
        game = played(rules, players, args.seed, persons, options)
        wall, review = timed_review(rules, game, persons, level)
        judged = sum(d.judged for d in review.decisions)
        print(f"{label:34} {len(review.decisions):9d} {judged:6d} {review.seconds:9.2f} {wall:7.2f}", flush=True)
        if players == 2 and level == "normal":
            worst = max(worst, wall)
    times, cpu = frames_while_reviewing(rules, args.seed)
    print(f"review screen while reviewing (3-player advanced game): {len(times)} frames")
    for label, xs in (("wall", times), ("cpu", cpu)):
        print(
            f"  {label}: median {statistics.median(xs):.1f} ms, 95th percentile "
            f"{sorted(xs)[int(len(xs) * 0.95)]:.1f} ms, max {max(xs):.1f} ms"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    print(
        f"complete 2-player game reviewed in {worst:.2f} s (target: 60 s or less): "
        f"{'OK' if worst <= 60 else 'TOO SLOW'}"
    )
    return 0 if worst <= 60 else 1


if __name__ == "__main__":
    sys.exit(main())
