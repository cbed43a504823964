"""Screenshots of the guided first game and of the rules panel's pictures, for
tools/screenshots.py: `lesson_moments(sh, d)` opens "Learn to play" from the title and
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

from vikings.engine.actions import Buy, PlaceStart

from vikings.ui.lesson.overlay import LessonOverlay


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
        if scene.widget("start").visible:
            scene.start_first = True
        scene.on_click(scene.board_geo.cell_rect(a.row, 1).center)
    elif hasattr(a, "row") and hasattr(a, "col"):
        scene.on_click(scene.board_geo.cell_rect(a.row, a.col).center)
    else:
        scene.act(a)
    d.frames(2)


def lesson_moments(sh, d) -> None:
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
            if not step.auto:
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
    from vikings.ui.scenes.rules_panel import RulesPanel
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
