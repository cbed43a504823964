"""The puzzle screen, driven by posted clicks and keys: right and wrong answers with the
verdict drawn, the daily puzzle of a given date, the progress kept in the profile, and a
puzzle file that cannot be read."""

from __future__ import annotations

from datetime import date, timedelta

import pygame
from ui_helpers import button, choose, click, press, run  # noqa: I001 (dummy drivers first)

from vikings.advice.puzzles import daily, read_puzzles
from vikings.history import profiles, puzzle_progress
from vikings.ui import flow
from vikings.ui.scenes.puzzles import PuzzleScene
from vikings.ui.scenes.title import TitleScene

DAY = date(2026, 11, 29)


def click_at(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    run(app, 2)


def open_puzzles(app, day=DAY) -> PuzzleScene:
    """The puzzle screen on the given day (the title opens it with today's date)."""
    assert isinstance(app.scenes.base, TitleScene)
    flow.show(app, "puzzles", today=lambda: day)
    run(app, 2)
    scene = app.scenes.base
    assert isinstance(scene, PuzzleScene)
    return scene


def side_text(scene) -> str:
    return " ".join(line.text for line in scene.side_lines())


def test_puzzle_title_button_opens_the_daily_puzzle(app):
    click(app, button(app, "Puzzles"))
    assert isinstance(app.scenes.base, PuzzleScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_p)
    scene = app.scenes.base
    assert isinstance(scene, PuzzleScene)
    assert scene.puzzle is daily(scene.puzzles, date.today()) and scene.is_daily
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.base, TitleScene)


def test_puzzle_daily_by_the_given_date_and_the_next_one(app):
    scene = open_puzzles(app)
    shelf = read_puzzles(app.rules)
    assert scene.puzzle.id == daily(shelf.puzzles, DAY).id
    assert "Today's puzzle" in scene.title()
    assert not button(app, "Today's puzzle (D)").is_enabled
    press(app, pygame.K_n)
    assert scene.puzzle.id != daily(shelf.puzzles, DAY).id and not scene.is_daily
    assert button(app, "Today's puzzle (D)").is_enabled
    press(app, pygame.K_d)
    assert scene.puzzle.id == daily(shelf.puzzles, DAY).id


def test_puzzle_right_and_wrong_answers_by_clicks(app):
    scene = open_puzzles(app)
    seen = set()
    for _ in range(6):  # purchases (the wheel) and placements (the display)
        p = scene.puzzle
        seen.add(p.kind)
        answer = p.answer
        wrong = p.choices[-1].action
        assert "Which one" in side_text(scene) or "Where" in side_text(scene)
        click_at(app, scene.spot(wrong))
        v = scene.verdict
        assert v is not None and not v.right and v.action is wrong and v.answer is answer
        text = side_text(scene)
        assert "Not the best move." in text and scene.reason(answer) in text and scene.reason(wrong) in text
        press(app, pygame.K_n)
        if len(seen) == 2:
            break
    assert seen == {"purchase", "placement"}
    # The right answer to the daily puzzle, by a click on its spot.
    press(app, pygame.K_d)
    click_at(app, scene.spot(scene.puzzle.answer))
    assert scene.verdict.right
    assert "Right, that is the best move!" in side_text(scene)


def test_puzzle_keys_choose_and_answer(app):
    scene = open_puzzles(app)
    n = len(scene.puzzle.choices)
    press(app, pygame.K_RIGHT)
    assert scene.picked == 1 % n
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert scene.verdict is not None and scene.verdict.right  # the first is the best
    press(app, pygame.K_RETURN)  # Enter again: the next puzzle
    assert scene.verdict is None


def test_puzzle_streak_kept_in_the_profile(app):
    astrid = profiles.create(app.history, "Astrid", "purple")
    profiles.create(app.history, "Bjorn", "orange")
    for k, day in enumerate((DAY - timedelta(days=1), DAY)):
        scene = open_puzzles(app, day)
        assert scene.profile is None
        assert "not kept" in scene.progress_line().text
        choose(app, scene.d_profile, "Astrid")
        assert scene.profile == astrid.id
        press(app, pygame.K_RETURN)  # the first option: the answer
        assert scene.verdict.right
        pr = puzzle_progress.progress(app.history, astrid.id, today=day)
        assert pr.streak == k + 1 and pr.solved == k + 1
        assert scene.progress_line().text == f"Puzzles solved: {k + 1}   ·   daily streak: {k + 1} (best: {k + 1})"
        press(app, pygame.K_ESCAPE)
    # A wrong answer to another puzzle counts as tried, not solved; the streak stays.
    scene = open_puzzles(app, DAY)
    choose(app, scene.d_profile, "Astrid")
    press(app, pygame.K_n)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert not scene.verdict.right
    assert puzzle_progress.progress(app.history, astrid.id, today=DAY).solved == 2


def test_puzzle_file_refused_is_said_in_words(app, tmp_path):
    bad = tmp_path / "puzzles.json"
    bad.write_text('{"format": "something else"}')
    shelf = read_puzzles(app.rules, bad)
    assert shelf.puzzles == () and shelf.problem
    flow.show(app, "puzzles", shelf=shelf)
    run(app, 2)
    scene = app.scenes.base
    assert scene.puzzle is None and not button(app, "Next puzzle (N)").is_enabled
    press(app, pygame.K_RETURN)  # nothing to answer: no crash
    assert scene.title() == "Puzzles"
    said = " ".join(line.text for line in scene.problem_lines())
    assert "No puzzles to play" in said and shelf.problem in said
