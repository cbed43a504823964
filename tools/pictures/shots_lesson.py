"""Screenshots of the guided first game and of the rules panel, for tools/pictures/screenshots.py
and on their own:

    python tools/pictures/shots_lesson.py [OUT_DIR] [--size 1280x720] [--lang de] [--untranslated]
                                 [--only lesson|rules] [--every-step]

renders the rules panel's pages (every tab, the rules text page by page: rules-page-*.png),
its pictures and every step of the lesson, in a minute or so rather than the whole set's
few minutes; `--lang` chooses the language (en, de, or qps with `--untranslated` to list
the drawn text that missed the translation layer, as tools/pictures/screenshots.py does).

For tools/pictures/screenshots.py: `lesson_moments(sh, d)` opens "Learn to play" from the title and
saves the table at every step the lesson's data names (tutorial-NN-ID.png; the coach's
own short "make this move" steps are played, not shot), letting the bot play the seat
after round 2; `rules_moments(sh, d)` saves the rules panel's Pictures tab, one shot per
picture (rules-picture-N.png).

The lesson is played as a player plays it, through the scenes' own handlers: a group is
chosen with `select()` and bought with `buy()`, a cell clicked with `on_click()`, a
button's action pressed through the scene's `act()` (so the coach's guard sees it), and
Next through the lesson box.
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless, before pygame is imported
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from vikings.engine.actions import Buy, PlaceStart  # noqa: E402
from vikings.ui.lesson.overlay import LessonOverlay  # noqa: E402


def _overlay(d):
    return next(s for s in d.app.scenes.stack if isinstance(s, LessonOverlay))


def _due(d, ov, limit: int = 6000) -> None:
    c = ov.coach
    d.until(lambda: c.due(ov.match) and not d.scene.fx.active, f"lesson step {c.index} ({c.step.id})", limit)
    d.frames(2)


def _move(d, a) -> None:
    scene = d.scene
    if isinstance(a, Buy):
        scene.select(a.space)
        d.frames(1)
        scene.buy()
    elif isinstance(a, PlaceStart):
        start = scene.widget("start")  # (made when first shown)
        if start is not None and start.visible:
            scene.start_first = True
        scene.on_click(scene.board_geo.cell_rect(a.row, 1).center)
    elif hasattr(a, "row") and hasattr(a, "col"):
        scene.on_click(scene.board_geo.cell_rect(a.row, a.col).center)
    else:
        scene.act(a)
    d.frames(2)


def lesson_moments(sh, d, every_step: bool = False) -> None:
    """The table at each step the lesson's data names (with `every_step`, at the coach's own
    "make this move" steps too: all of them)."""
    from vikings.ui.scenes.title import TitleScene

    app = d.app
    old = app.settings.animation, app.settings.bot_pace
    app.settings.animation, app.settings.bot_pace = "instant", "instant"
    app.scenes.switch(TitleScene(app))
    d.frames(2)
    app.scenes.base.do("lesson")
    ov = _overlay(d)
    d.match = ov.match
    c = ov.coach
    try:
        while True:
            _due(d, ov)
            step = c.step
            if every_step or not step.auto:
                sh.moment(f"tutorial-{c.index + 1:02d}-{step.id.replace('_', '-')}", lambda d: d.frames(1), d)
            if c.last:
                break
            if step.finish:
                ov.command("finish")
            elif step.is_move:
                _move(d, step.move)
            else:
                ov.command("next")
            d.frames(2)
    finally:
        app.settings.animation, app.settings.bot_pace = old


def rules_moments(sh, d) -> None:
    from vikings.ui.dialogs.rules import RulesPanel
    from vikings.ui.scenes.title import TitleScene

    app = d.app
    app.scenes.switch(TitleScene(app))
    d.frames(2)
    panel = RulesPanel(app, tab="pictures")
    app.scenes.push(panel)
    d.frames(2)
    for i in range(panel.picture_count()):

        def show(d, i=i):
            panel.show_picture(i)
            d.frames(2)

        sh.moment(f"rules-picture-{i + 1}", show, d)


def rules_pages(sh, d) -> None:
    """Every text tab of the rules panel, the rules text scrolled a page at a time to its end."""
    from vikings.ui.dialogs.rules import TABS, RulesPanel
    from vikings.ui.scenes.title import TitleScene

    app = d.app
    app.scenes.switch(TitleScene(app))
    d.frames(2)
    panel = RulesPanel(app)
    app.scenes.push(panel)
    d.frames(2)
    for tab in TABS:
        if tab == "pictures":
            continue
        for page in range(12):

            def show(d, tab=tab, page=page):
                if page == 0:
                    panel.show(tab)
                else:
                    panel.scroll(0.9)
                d.frames(3)

            sh.moment(f"rules-page-{tab}-{page + 1}", show, d)
            bar = getattr(panel.text, "scroll_bar", None)
            if bar is None or bar.start_percentage + bar.visible_percentage >= 0.999:
                break
    app.scenes.pop()
    d.frames(1)


def main(argv=None) -> int:
    import argparse
    import tempfile
    import time
    from pathlib import Path

    from tools.pictures import director
    from tools.pictures.text_probe import TextProbe, player_names

    ap = argparse.ArgumentParser(description="Screenshots of the rules panel and of every lesson step.")
    ap.add_argument("out", nargs="?", default=str(Path(tempfile.gettempdir()) / "vikings-lesson-shots"))
    ap.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080 (default 1280x720)")
    ap.add_argument("--lang", default="en", help="the language of the screens: en, de (or qps, the pseudo-language)")
    ap.add_argument(
        "--untranslated",
        action="store_true",
        help="list the drawn text that did not come through the translation layer (with --lang qps)",
    )
    ap.add_argument("--only", choices=("lesson", "rules"), help="only the lesson's steps, or only the rules panel")
    ap.add_argument(
        "--every-step",
        action="store_true",
        help="the coach's own short \"make this move\" steps too (all 53), not only the lesson data's",
    )
    args = ap.parse_args(argv)
    out, size = Path(args.out), director.parse_size(args.size)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with TextProbe() as probe, tempfile.TemporaryDirectory(prefix="vikings-lesson-shots-") as home:
        os.environ["VIKINGS_HOME"] = home
        sh = director.Shooter(out, size, 0)
        d = director.Director(size, home, clock=director.StepClock(), language=args.lang)
        if args.only != "lesson":
            rules_pages(sh, d)
            rules_moments(sh, d)
        if args.only != "rules":
            lesson_moments(sh, d, args.every_step)
        if d.match is not None:
            d.match.close()
        d.app.shutdown()
    print(
        f"{len(sh.written)} screenshots at {args.size} in {time.perf_counter() - t0:.1f} s"
        + (f"; {len(sh.failed)} FAILED" if sh.failed else "")
    )
    for line in sh.failed:
        print("  FAILED", line)
    missed = probe.report(player_names()) if args.untranslated else []
    return 1 if sh.failed or missed else 0


if __name__ == "__main__":
    sys.exit(main())
