"""The guided first game ("Learn to play"), driven headless through the real screens.

A player's clicks and keys are posted as pygame events: the lesson is opened from the
title, every read step is acknowledged with Next (button or Page Down), every taught move
is made by clicking the marked group, cell or button. At every step the ring must lie on
a visible widget or cell inside the window, clear of the lesson's box, in a window of
1280x720 and in one of 3840x2160 (each opened at its size, so nothing is rebuilt per
step; the bot's rounds 3-6 are played once, at 1280x720, and the 4K window resumes the
saved lesson after them); and once the window is resized in the middle of a step.
"""

from __future__ import annotations

import shutil

import pygame
import pytest
from ui_helpers import button, click, make_app, press, run

from vikings.content.data import default_rules, load_lesson
from vikings.engine.actions import Buy, FinishBoatswains, MoveViking, PlaceStart, PlaceTile, PlaceViking, UseBoatswain
from vikings.saves.settings import Settings
from vikings.ui.lesson.coach import Coach
from vikings.ui.lesson.overlay import LessonOverlay
from vikings.ui.lesson.script import TOPICS, replay, topics
from vikings.ui.scene import SceneMachine
from vikings.ui.scenes.setup import SetupScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

SMALL, BIG = (1280, 720), (3840, 2160)


@pytest.fixture(autouse=True)
def bots_on_threads(monkeypatch):
    """Bots think on a thread, and frames do not sleep while they do (a test runs its
    frames flat out; the window's loop would wait for input or the bot in between)."""
    monkeypatch.setattr(Match, "bots_in_process", False)
    monkeypatch.setattr(SceneMachine, "poll", lambda self: None)


@pytest.fixture
def open_app(tmp_path):
    """open_app(size, home): an App (the one of the test: a second one shuts the first,
    pygame has one window) with the lesson's animations and bot instant."""
    apps = []

    def opener(size=SMALL, home="home"):
        if apps:
            apps.pop().shutdown()
        apps.append(make_app(tmp_path / home, size=size, settings=Settings(animation="instant", bot_pace="instant")))
        assert apps[-1].screen.get_size() == size
        return apps[-1]

    yield opener
    for a in apps:
        a.shutdown()


pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")  # for the `app` fixture


def overlay(app) -> LessonOverlay:
    found = [s for s in app.scenes.stack if isinstance(s, LessonOverlay)]
    assert found, f"no lesson box over {[type(s).__name__ for s in app.scenes.stack]}"
    return found[0]


def open_lesson(app) -> LessonOverlay:
    assert isinstance(app.scenes.base, TitleScene)
    click(app, button(app, "Learn to play"))
    return overlay(app)


def settle(app, ov, limit: int = 600) -> None:
    """Frames until the current step's moment has come (the bot moves, events show)."""
    for _ in range(limit):
        if ov.coach.due(ov.match) or not any(s is ov for s in app.scenes.stack):
            return
        run(app, 1)
    raise AssertionError(f"step {ov.coach.index} ({ov.coach.step.id}) never came up")


def check_highlight(app, ov) -> None:
    """The step's rings lie on its targets, each a visible widget or a cell in the window."""
    step = ov.coach.step
    run(app, 1)
    rings = ov.highlights()
    assert len(rings) == len(step.target), f"{step.id}: {step.target} located as {rings}"
    window = app.screen.get_rect()
    assert window.size == app.look.size and window.contains(ov.box)
    for b in ov.buttons.values():
        assert ov.box.contains(b.rect) and b.font.size(b.text)[0] < b.rect.w, f"{b.text!r} cut in {b.rect}"
    scene = app.scenes.base
    for target, r, drawn in zip(step.target, rings, ov.rings()):
        where = f"{step.id} at {window.size}: {target} at {r}"
        assert r.w > 0 and r.h > 0 and window.contains(r), f"{where} outside the window"
        assert window.contains(drawn), f"{where}: its ring {drawn} leaves the window"
        if target[0] == "lesson":
            assert ov.box.contains(r), f"{where} outside the lesson's box {ov.box}"
        else:
            assert not r.colliderect(ov.box), f"{where}: the lesson's box {ov.box} hides it"
        if target[0] == "cell":
            assert scene.layout.board.contains(r), f"{where} outside the display {scene.layout.board}"
        if target[0] == "wheel" and len(target) == 2:
            assert scene.visible().wheel_tile[target[1]] >= 0, f"{where}: no group there"
            assert scene.layout.wheel.colliderect(r), f"{where} off the wheel {scene.layout.wheel}"
        if target[0] == "button":
            w = scene.widget(target[1])
            assert w.visible and w.is_enabled, f"{where}: the button is hidden or off"


def center_of(app, target):
    scene = app.scenes.base
    kind = target[0]
    if kind == "wheel":
        return scene.wheel_geo.tile_rect(target[1]).center
    if kind == "cell":
        return scene.board_geo.cell_rect(*target[1:]).center
    raise ValueError(target)


def click_at(app, pos, frames: int = 3) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    run(app, frames)


def make_move(app, a) -> None:
    """The taught move as a player makes it: clicks on the wheel, the display, buttons."""
    scene = app.scenes.base
    if isinstance(a, Buy):
        click_at(app, center_of(app, ("wheel", a.space)))
        click(app, scene.widget("buy"))
    elif isinstance(a, PlaceStart):
        start = scene.widget("start")  # (made when first shown)
        if start is not None and start.visible:
            click(app, scene.widget("start"))
        click_at(app, center_of(app, ("cell", a.row, 1)))
    elif isinstance(a, (PlaceTile, MoveViking)):
        click_at(app, center_of(app, ("cell", a.row, a.col)))
    elif isinstance(a, PlaceViking):
        press(app, pygame.K_t if a.on_tile else pygame.K_p)
    elif isinstance(a, (UseBoatswain, FinishBoatswains)):
        click(app, scene.widget(str(a)))
    else:
        raise ValueError(a)


def play_step(app, ov) -> None:
    """Do what the current step asks (after checking where it points)."""
    c = ov.coach
    settle(app, ov)
    step, index = c.step, c.index
    check_highlight(app, ov)
    if step.finish:
        click(app, ov.buttons["finish"])
    elif step.is_move:
        before = len(ov.match.game.actions())
        make_move(app, step.move)
        assert ov.match.game.actions()[before : before + 1] == [step.move], f"{step.id}: the move was not taken"
    elif index % 2:
        press(app, pygame.K_PAGEDOWN)
    else:
        click(app, ov.buttons["next"])  # (its caption: test_steps_can_be_read_again)
    run(app, 2)
    assert c.index > index, f"step {index} ({step.id}) did not move on"


# The deal ------------------------------------------------------------------------------------
def test_the_shipped_deal_shows_every_topic():
    rules = default_rules()
    lesson = load_lesson(rules)
    found = topics(rules, lesson["seed"], lesson["person"], lesson["script"])
    assert [t for t in TOPICS if found[t] is None] == []


def test_every_scripted_person_move_has_a_step(rules):
    lesson = load_lesson(rules)
    coach = Coach(lesson, rules)
    moves = {s.at: s.move for s in coach.steps if s.is_move}
    for i, game, a, _ in replay(rules, lesson["seed"], lesson["person"], lesson["script"]):
        if game.to_move == lesson["person"]:
            assert moves.get(i) == a, f"the person's move {i} ({a}) has no step"
    assert [s.at for s in coach.steps if s.at is not None] == sorted(s.at for s in coach.steps if s.at is not None)


@pytest.mark.parametrize(
    "old, new, problem",
    [
        ("move: buy 2", "move: buy 3", 'teaches "buy 3", but the script plays "buy 2"'),
        ("target: [wheel, 2]", "target: [sky, 2]", 'target "sky": expected one of'),
        ("    - buy 1\n", "    - buy 99\n", 'deal.script\\[4\\]: "buy 99" cannot be played there'),
        ("    at: 8\n    move: buy 0\n", "    at: 7\n    move: viking tile\n", "the move at 7 is the bot's"),
        ("  - id: wheel\n", "  - id: welcome\n", "the id is used twice"),
        ("  - id: wheel\n", "  - id: spinner\n", "no text: data/lang/en/lesson.yaml needs steps.spinner.text"),
        (
            "    target: [wheel]\n",
            "    target: [wheel]\n    text: Here is the wheel.\n",
            "a step's words go in data/lang",
        ),
    ],
)
def test_a_broken_lesson_file_is_refused(tmp_path, rules, old, new, problem):
    from vikings.content.data import DataError

    text = (load_lesson.__globals__["data_dir"]() / "lesson.yaml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "lesson.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError, match=problem):
        load_lesson(rules, tmp_path)


# The whole lesson ------------------------------------------------------------------------------
def play_to(app, ov, stop: str | None = None) -> list[int]:
    """Every step in turn, each checked and played, up to the step `stop` (checked, not
    played) or the last; the indices of the steps checked."""
    c, checked = ov.coach, []
    while c.step.id != stop and not c.last:
        checked.append(c.index)
        play_step(app, ov)  # (its rings checked first)
    settle(app, ov, limit=3000)
    check_highlight(app, ov)
    return checked + [c.index]


def test_the_whole_lesson_to_a_real_game(open_app, tmp_path):
    """At 1280x720 from the first step to the real game; left at the final scoring and
    resumed, in this window and (a copy of the saved lesson) in one of 3840x2160, which
    plays the last steps at 4K (`test_the_lesson_at_4k` plays the others)."""
    app = open_app(SMALL)
    ov = open_lesson(app)
    n = len(ov.coach.steps)
    checked = play_to(app, ov, "final_ships")
    # Left at the final scoring (the bot playing the person's seat) and resumed: the same
    # step, its scoring shown again, the seat still the bot's.
    final = ov.coach.index
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.base, TitleScene) and app.storage.lesson_path.exists()
    shutil.copytree(tmp_path / "home", tmp_path / "home 4k")
    ov = open_lesson(app)
    c = ov.coach
    assert c.step.id == "final_ships" and c.handed_over
    checked += play_to(app, ov)
    assert c.step.id == "the_end" and ov.match.game.is_over and len(c.steps) == n
    assert sorted(set(checked)) == list(range(n)), "a step was passed over unchecked"
    click(app, button(app, "Play a real game"))
    assert isinstance(app.scenes.base, SetupScene)
    assert not app.storage.lesson_path.exists() and not app.storage.lesson_game_path.exists()

    app = open_app(BIG, "home 4k")
    ov = open_lesson(app)
    assert ov.coach.step.id == "final_ships" and ov.coach.handed_over
    assert play_to(app, ov) == list(range(final, n))
    click(app, button(app, "Play a real game"))
    assert isinstance(app.scenes.base, SetupScene)


def test_the_lesson_at_4k(open_app):
    """In a window of 3840x2160 every step up to the bot's rounds, each checked (the steps
    after them: `test_the_whole_lesson_to_a_real_game`); the seat is handed to the bot."""
    app = open_app(BIG)
    ov = open_lesson(app)
    c = ov.coach
    final = next(i for i, s in enumerate(c.steps) if s.id == "final_ships")
    checked = play_to(app, ov, "on_your_own")
    click(app, button(app, "Let the bot play my seat to the end (F)"))
    assert c.handed_over and checked == list(range(final)), "a step was passed over unchecked"


def test_a_wrong_move_is_refused_with_the_steps_word(app):
    ov = open_lesson(app)
    c = ov.coach
    while not (c.step.is_move and c.step.refuse and isinstance(c.step.move, Buy)):
        play_step(app, ov)
    settle(app, ov)
    step = c.step
    scene = app.scenes.base
    other = next(a for a in ov.match.game.legal_actions() if a != step.move)
    click_at(app, center_of(app, ("wheel", other.space)))
    click(app, scene.widget("buy"))
    assert len(ov.match.game.actions()) == step.at, "the wrong move was played"
    assert scene.error == step.refuse == c.refusal
    # A move during a step that is to be read first is refused too.
    play_step(app, ov)
    while c.step.is_move:
        play_step(app, ov)
    settle(app, ov)
    if ov.match.persons_turn() and isinstance(c.expected(ov.match.game), Buy):
        want = c.expected(ov.match.game)
        click_at(app, center_of(app, ("wheel", want.space)))
        click(app, app.scenes.base.widget("buy"))
        assert "press Next" in app.scenes.base.error


def test_steps_can_be_read_again(app):
    ov = open_lesson(app)
    c = ov.coach
    play_step(app, ov)
    play_step(app, ov)
    assert c.index == 2 and c.view == 2
    press(app, pygame.K_PAGEUP)
    assert c.view == 1 and c.index == 2
    press(app, pygame.K_PAGEUP)
    press(app, pygame.K_PAGEUP)  # (no step before the first)
    assert c.view == 0
    click(app, button(app, "Next (PgDn)"))
    press(app, pygame.K_PAGEDOWN)
    assert (c.view, c.index) == (2, 2)


def test_a_resized_window_moves_the_box_and_the_rings(app):
    """The box and the rings follow the table's new layout when the window changes size
    in the middle of a step (and the step goes on there)."""
    ov = open_lesson(app)
    c = ov.coach
    while c.step.target[0][0] != "cell":
        play_step(app, ov)
    settle(app, ov)
    small = ov.highlights()
    app.resize(BIG)
    run(app, 1)
    assert ov.box == app.scenes.base.layout.log and ov.box.w > 2 * small[0].w
    check_highlight(app, ov)
    assert ov.highlights()[0].w > small[0].w
    play_step(app, ov)  # the taught move, clicked at 4K


def test_the_box_in_a_tall_window(open_app):
    """In a 4:3 window the box sits in the log's narrow place: its buttons go in two rows
    (and the hand-over button takes its short label) rather than cut their labels."""
    app = open_app((1600, 1200))
    ov = open_lesson(app)
    assert app.scenes.base.layout.tall
    play_step(app, ov)  # (the box checked: each button's label fits)
    b = ov.buttons
    assert b["back"].rect.y == b["next"].rect.y < b["leave"].rect.y == b["skip"].rect.y
    assert (
        b["finish"].text == "Bot plays my seat (F)" and b["finish"].font.size(b["finish"].text)[0] < b["finish"].rect.w
    )


def test_leave_and_resume_at_the_same_step(app):
    ov = open_lesson(app)
    c = ov.coach
    while c.index < 8:
        play_step(app, ov)
    settle(app, ov)
    index, actions = c.index, ov.match.game.actions()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.base, TitleScene)
    assert app.storage.lesson_path.exists()
    assert not app.storage.autosave_path.exists(), "the lesson must not take a real game's autosave"
    ov = open_lesson(app)
    assert ov.coach.index == index and ov.match.game.actions() == actions
    play_step(app, ov)  # and it goes on from there
    assert ov.coach.index > index


def test_resume_a_step_that_waits_on_a_scoring(app):
    ov = open_lesson(app)
    c = ov.coach
    while c.step.id != "threat":
        play_step(app, ov)
    settle(app, ov)
    click(app, button(app, "Leave"))
    assert isinstance(app.scenes.base, TitleScene)
    ov = open_lesson(app)
    settle(app, ov)
    assert ov.coach.step.id == "threat"
    check_highlight(app, ov)
    assert app.scenes.base.shown_player == 1  # the bot's display, which the step talks about


def test_skip_the_lesson(app):
    ov = open_lesson(app)
    play_step(app, ov)
    click(app, button(app, "Skip lesson"))
    assert ov.coach.index == 1 and app.storage.lesson_path.exists()  # asked again first
    click(app, button(app, "Click again to skip"))
    assert isinstance(app.scenes.base, SetupScene)
    assert not app.storage.lesson_path.exists()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.base, TitleScene)
    ov = open_lesson(app)
    assert ov.coach.index == 0  # a skipped lesson starts afresh


def test_the_figures_the_steps_state_are_the_deals(rules):
    """The texts name prices and Gold of the scripted game: they must be that game's."""
    lesson = load_lesson(rules)
    coach = Coach(lesson, rules)
    text = {s.id: s.text for s in coach.steps}
    games = {i: g for i, g, _, _ in replay(rules, lesson["seed"], lesson["person"], lesson["script"])}
    assert games[0].price(2) == 2 and "costs 2 Gold" in text["prices"]
    assert rules.setup[2] == (30, 10) and "30 Gold and 10 Fame" in text["welcome"]
    assert games[12].price(10) == 7 and "costs 7" in text["buy_ship"]
    g = games[44]
    assert (g.displays[0].gold, g.price(8), g.fame_cost(8)) == (6, 8, 2)
    assert "6 Gold left" in text["fame_pays"] and "costs 8" in text["fame_pays"]
    assert "paying 6 Gold and 2 Fame" in text["buy_with_fame"]
    assert games[62].displays[0].pool[rules.boatswain] == 3 and "you have three" in text["boatswains"]
    assert rules.tiles[games[12].wheel_tile[10]].reach_row == 3 and "green: three rows" in text["ship_columns"]
    # and the German words state the same figures
    from vikings.text import lang

    lang.set_language("de")
    de = {s.id: s.text for s in coach.steps}
    assert "kostet 2 Gold" in de["prices"] and "30 Gold und 10 Ruhm" in de["welcome"]
    assert "kostet jetzt 7" in de["buy_ship"] and "noch 6 Gold" in de["fame_pays"] and "kostet 8" in de["fame_pays"]
    assert "mit 6 Gold und 2 Ruhm" in de["buy_with_fame"] and "drei im Vorrat" in de["boatswains"]
    assert "grün: drei Reihen" in de["ship_columns"]


# In German, and nothing drawn that missed the translation layer ---------------------------------
def open_lesson_anyhow(app) -> LessonOverlay:
    """ "Learn to play" by the title's own command (its caption is the title's, in any language)."""
    assert isinstance(app.scenes.base, TitleScene)
    app.scenes.base.do("lesson")
    run(app, 2)
    return overlay(app)


def test_the_lesson_in_german_and_back_to_english(app):
    """A few steps in German (the words, the box's buttons, a refusal, the coach's own move
    step); a language chosen mid-lesson shows the step anew in it."""
    app.apply_language("de")
    ov = open_lesson_anyhow(app)
    c = ov.coach
    assert c.step.text.startswith("Willkommen bei Wikinger!") and "30 Gold und 10 Ruhm" in c.step.text
    assert ov.buttons["next"].text == "Weiter (Bild ab)"
    for b in ov.buttons.values():  # (one row of four, each caption whole)
        assert b.font.size(b.text)[0] < b.rect.w, f"{b.text!r} cut in {b.rect}"
    assert ov.buttons["back"].rect.y == ov.buttons["skip"].rect.y
    while not c.step.is_move:
        settle(app, ov)
        check_highlight(app, ov)
        press(app, pygame.K_PAGEDOWN)
    settle(app, ov)
    step, scene = c.step, app.scenes.base
    other = next(a for a in ov.match.game.legal_actions() if a != step.move)
    click_at(app, center_of(app, ("wheel", other.space)))
    click(app, scene.widget("buy"))
    assert c.refusal == step.refuse and c.refusal.startswith("Bitte kauf in dieser Lektion")
    while not c.step.auto:
        play_step(app, ov)
    settle(app, ov)
    assert c.step.text.startswith(("Kauf ", "Leg ", "Stell ", "Schick ")), c.step.text
    german = c.step.text
    app.apply_language("en")
    run(app, 2)
    ov = overlay(app)  # (the same box, its widgets rebuilt)
    assert ov.coach.step.text != german and ov.coach.step.text.startswith(("Buy ", "Put ", "Send ", "Place "))
    assert ov.buttons["next"].text == "Next (PgDn)"
    play_step(app, ov)


def test_nothing_untranslated_in_the_lesson_box_and_the_rules_panel(tmp_path):
    """In the pseudo-language every word the lesson's box draws over its first steps, and
    every tab and picture of the rules panel, came through the catalogues."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tools.pictures.text_probe import TextProbe
    from vikings.text import lang
    from vikings.ui.dialogs.rules import TABS, RulesPanel
    from vikings.ui.lesson.session import SEATS

    allowed = [name for name, _, _ in SEATS]
    with TextProbe() as probe:
        app = make_app(tmp_path / "home", settings=Settings(animation="instant", bot_pace="instant"))
        try:
            app.apply_language(lang.PSEUDO)
            ov = open_lesson_anyhow(app)
            for _ in range(8):
                settle(app, ov)
                probe.drawn.clear()
                ov.kill_ui()
                ov.build_ui()  # (the buttons' captions are rendered as they are made)
                ov.draw(app.screen)
                assert len(probe.drawn) > 4 and probe.untranslated(allowed) == [], ov.coach.step.id
                play_step(app, ov)
            press(app, pygame.K_ESCAPE)
            assert isinstance(app.scenes.base, TitleScene)
            panel = RulesPanel(app)
            app.scenes.push(panel)
            for tab in TABS:
                probe.drawn.clear()
                panel.show(tab)
                run(app, 2)
                for i in range(panel.picture_count() if tab == "pictures" else 1):
                    if tab == "pictures":
                        panel.show_picture(i)
                        run(app, 2)
                    mine = [s for s in probe.untranslated(allowed) if s not in TITLE_WORDS]
                    assert mine == [], (tab, i)
        finally:
            app.shutdown()


# The title screen's own words below the panel (not the rules panel's; translated with the title).
TITLE_WORDS = {
    "A",
    "C",
    "L",
    "N",
    "R",
    "S",
    "T",
    "Esc",
    "Continue",
    "Learn to play",
    "Load",
    "New game",
    "Quit",
    "Rules",
    "Settings",
    "Vikings",
    "After the board game by Michael Kiesling · Hans im Glück, 2007",
}


# Clicks, drags and keys ------------------------------------------------------------------------
def move_by_drag(app, a) -> None:
    """A group dragged onto the cell the script lays its tile in (the cells lit while
    dragging are the ones the lesson accepts); the other moves as clicks."""
    scene, g = app.scenes.base, app.scenes.base.match.game
    if not isinstance(a, Buy):
        make_move(app, a)
        return
    src = center_of(app, ("wheel", a.space))
    n = len(g.actions())
    after = scene.match.coach.script[n + 1 : n + 3]  # (the start tile first, then the bought one)
    nxt = next((x for x in after if isinstance(x, PlaceTile)), after[0])
    dst = center_of(app, ("cell", nxt.row, nxt.col if isinstance(nxt, PlaceTile) else 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=src))
    run(app, 1)
    for i in range(1, 5):
        p = (src[0] + (dst[0] - src[0]) * i // 4, src[1] + (dst[1] - src[1]) * i // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        run(app, 1)
    assert scene.drag.active
    if isinstance(nxt, PlaceTile):  # only the cell the lesson's step takes is lit
        assert scene.drag.cells == [(nxt.row, nxt.col)], scene.drag.cells
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=dst))
    run(app, 3)
    if scene.selected is not None:  # (a Fame price is confirmed with Buy, as after a click)
        click(app, scene.widget("buy"))


def move_by_keys(app, a) -> None:
    """The move from the keyboard: Left/Right and Enter on the wheel, S and the arrow keys
    and Enter on the display, T and P for the Viking, E and D for the boatswains (a Viking
    a boatswain moves, by a click: no keys for that yet)."""
    scene = app.scenes.base
    if isinstance(a, Buy):
        for _ in range(13):
            if scene.selected == a.space:
                break
            press(app, pygame.K_RIGHT)
        assert scene.selected == a.space
        press(app, pygame.K_RETURN)
    elif isinstance(a, (PlaceStart, PlaceTile)):
        cell = (a.row, a.col if isinstance(a, PlaceTile) else 1)
        start = scene.widget("start")  # (made when first shown)
        if isinstance(a, PlaceStart) and start is not None and start.visible and not scene.start_first:
            press(app, pygame.K_s)
        for _ in range(40):
            if scene.key_cell == cell:
                break
            press(app, pygame.K_RIGHT)
        assert scene.key_cell == cell and sorted(scene.legal_cells()) == [cell]  # only the cell the step takes is lit
        press(app, pygame.K_RETURN)
    elif isinstance(a, PlaceViking):
        press(app, pygame.K_t if a.on_tile else pygame.K_p)
    elif isinstance(a, FinishBoatswains):
        press(app, pygame.K_d)
    elif isinstance(a, UseBoatswain) and a.mode == "each":
        press(app, pygame.K_e)
    else:
        make_move(app, a)


def steps_passed(app, ov, mover, stop: str) -> list[str]:
    """Play the lesson up to the step `stop`, each move made by `mover`; the ids of the
    steps it came through, in order."""
    c, seen = ov.coach, []
    while c.step.id != stop:
        settle(app, ov)
        step, index = c.step, c.index
        seen.append(step.id)
        if step.finish:
            click(app, ov.buttons["finish"])
        elif step.is_move:
            before = len(ov.match.game.actions())
            mover(app, step.move)
            assert ov.match.game.actions()[before : before + 1] == [step.move], (
                f"{mover.__name__}, {step.id}: the move was not taken"
            )
        else:
            press(app, pygame.K_PAGEDOWN)
        run(app, 2)
        assert c.index > index, f"{mover.__name__}: step {index} ({step.id}) did not move on"
    return seen


def test_clicks_drags_and_keys_lead_through_the_same_steps(open_app):
    """The lesson's scripted rounds played three ways, by clicks, by drags and by keys:
    the same steps in the same order (a drag used to buy and place at once and jump over
    the steps between: at "Take the free group" to step 13)."""
    runs = {}
    for name, mover in (("clicks", make_move), ("drags", move_by_drag), ("keys", move_by_keys)):
        app = open_app(SMALL, home=name)
        ov = open_lesson(app)
        runs[name] = steps_passed(app, ov, mover, "on_your_own")
    assert runs["drags"] == runs["clicks"] and runs["keys"] == runs["clicks"]
    assert {"wheel_turns", "to_pool", "buy_ship", "ship_columns"} <= set(runs["clicks"])
