"""The journey's puzzles, try again and game codes (issue 56), rendered headless.

    python tools/pictures/shots_journey_puzzles.py [OUT_DIR] [--size 1280x720] [--ui-scale 100] [--lang de]

Moments (file names as the tests' names): `puzzle_title` (the title with its Puzzles
entry), `puzzle_purchase_question`, `puzzle_purchase_wrong`, `puzzle_placement_question`,
`puzzle_placement_right` (with a profile: solved and streak), `puzzle_problem` (a puzzle
file that cannot be read), `game_code_results` (the code panel over the results),
`game_code_load_panel`, `game_code_paste_refused` (a code with a typo), `try_again_review`
(the review at a costly decision, its Play from here button) and `try_again_table` (the
practice game it starts). The day of the daily puzzle is fixed (29 Nov 2026), so the
pictures are the same on every run. After each picture the captions that do not fit
their buttons are listed (theme.clipped_captions); the exit code is 1 when there was any,
or a moment failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures import director  # noqa: E402  (selects the dummy drivers before pygame starts)
from tools.pictures.director import Director, StepClock, parse_size, to_title  # noqa: E402
from tools.pictures.shots_scale import Checker  # noqa: E402  (saves each moment, notes clipped captions)
from vikings.advice.puzzles import Shelf  # noqa: E402
from vikings.history import profiles  # noqa: E402
from vikings.history.game_code import game_code  # noqa: E402
from vikings.ui import flow  # noqa: E402

DAY = date(2026, 11, 29)
SEATS = (("Ann", "person", "purple"), ("Bjorn", "normal", "orange"))


def puzzles(d: Director, shelf=None):
    flow.show(d.app, "puzzles", today=lambda: DAY, **({} if shelf is None else {"shelf": shelf}))
    d.frames(3)
    return d.scene


def of_kind(scene, kind: str):
    """Move on to the next puzzle of `kind`."""
    for _ in range(len(scene.puzzles)):
        if scene.puzzle.kind == kind:
            return
        scene.next_puzzle()
    raise RuntimeError(f"no {kind} puzzle")


def click(d: Director, pos) -> None:
    import pygame

    d.point(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    d.frames(3)


def shoot(sh: Checker, size) -> None:
    with tempfile.TemporaryDirectory(prefix="vikings-shots-") as home:
        os.environ["VIKINGS_HOME"] = home
        d = Director(size, home, seats=SEATS, seed=4, clock=StepClock())
        sh.moment("puzzle_title", to_title, d)

        def purchase_question(d):
            of_kind(puzzles(d), "purchase")
            d.point(d.scene.spot(d.scene.puzzle.choices[-1].action))

        sh.moment("puzzle_purchase_question", purchase_question, d)

        def purchase_wrong(d):
            click(d, d.scene.spot(d.scene.puzzle.choices[-1].action))

        sh.moment("puzzle_purchase_wrong", purchase_wrong, d)

        def placement_question(d):
            of_kind(puzzles(d), "placement")
            d.point(d.scene.spot(d.scene.puzzle.choices[-1].action))

        sh.moment("puzzle_placement_question", placement_question, d)

        def placement_right(d):
            scene = d.scene
            anna = profiles.create(d.app.history, "Anna", "teal")
            scene.profiles = profiles.list_profiles(d.app.history)
            scene.profile = anna.id
            scene.kill_ui()
            scene.build_ui()
            click(d, scene.spot(scene.puzzle.answer))

        sh.moment("puzzle_placement_right", placement_right, d)

        def problem(d):
            puzzles(d, Shelf((), "puzzles.json: the file's format is 'something else', not 'vikings-puzzles'"))

        sh.moment("puzzle_problem", problem, d)

        # A game to its end: the code over the results, then the review and try again.
        d.new_match()
        d.enter()
        d.to_results()
        code = game_code(d.match.seats, d.match.game, d.match.hints)

        def results_code(d):
            from vikings.ui.dialogs.game_code import CodePanel

            d.app.scenes.push(CodePanel(d.app, d.match))
            d.frames(3)

        sh.moment("game_code_results", results_code, d)
        d.app.scenes.pop(d.app.scenes.current)
        d.frames(2)
        results = d.scene

        def review(d):
            results.open_review()
            d.frames(2)
            scene = d.scene
            limit = time.monotonic() + 120
            while scene.review is None and time.monotonic() < limit:
                time.sleep(0.05)
                d.frames(1)
            costly = scene.review.costliest(0)
            scene.show(costly[0].index)
            d.frames(3)

        sh.moment("try_again_review", review, d)

        def table(d):
            d.scene.play_from_here()
            d.match = d.app.match
            d.frames(5)

        sh.moment("try_again_table", table, d)
        flow.leave_game(d.app, d.scene.ctx)
        d.frames(2)

        def load_panel(d):
            from vikings.ui.dialogs.saves import SavesPanel

            to_title(d)
            d.app.scenes.push(SavesPanel(d.app, mode="load"))
            d.frames(3)

        sh.moment("game_code_load_panel", load_panel, d)

        def paste_refused(d):
            from vikings.ui.dialogs.game_code import PastePanel

            panel = PastePanel(d.app)
            d.app.scenes.push(panel)
            d.frames(2)
            panel.put(code[:40] + ("A" if code[40] != "A" else "B") + code[41:])
            panel.open(replay=False)
            d.frames(3)

        sh.moment("game_code_paste_refused", paste_refused, d)
        if d.app.match is not None:
            d.app.match.close()
        d.app.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(Path(tempfile.gettempdir()) / "vikings-shots-journey"))
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--ui-scale", type=int, default=100, help="percent, 90-150")
    ap.add_argument("--lang", default="en", help="the screens' language (en, de)")
    args = ap.parse_args(argv)
    director.LANGUAGE = args.lang
    director.UI_SCALE = args.ui_scale
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    sh = Checker(out, parse_size(args.size), 4)
    shoot(sh, sh.size)
    print(
        f"{len(sh.written)} screenshots at {args.size}, UI scale {args.ui_scale}% in {time.perf_counter() - t0:.1f} s; "
        f"{len(sh.clipped)} clipped captions" + (f"; {len(sh.failed)} FAILED" if sh.failed else "")
    )
    for line in sh.failed:
        print("  FAILED", line)
    return 1 if sh.failed or sh.clipped else 0


if __name__ == "__main__":
    sys.exit(main())
