"""The puzzles of issue 56 (vikings/advice/puzzles.py, data/puzzles.json): the shipped
file read and checked against the engine, damaged files refused with a reason, the
verdict on an answer, and the daily puzzle."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date, datetime, timedelta

import pytest

from vikings.advice import puzzles
from vikings.advice.puzzles import PuzzleError, daily, judge, load_puzzles, position, read_puzzles
from vikings.content.data import default_rules
from vikings.engine.actions import action_from_parts

RULES = default_rules()
TEXT = puzzles.puzzle_file().read_text(encoding="utf-8")
DOC = json.loads(TEXT)


@pytest.fixture(scope="module")
def shelf():
    s = read_puzzles(RULES)
    assert s.problem is None
    return s.puzzles


# The shipped file ---------------------------------------------------------------------------
def test_the_shipped_puzzles_pass_the_check_and_their_figures_are_measured_again():
    found = load_puzzles(TEXT, RULES, recompute=True)
    assert 30 <= len(found) <= 60


def test_the_shipped_puzzles_are_a_mix(shelf):
    kinds = Counter(p.kind for p in shelf)
    assert kinds["purchase"] >= 10 and kinds["placement"] >= 10
    assert {p.players for p in shelf} == {2, 3, 4}
    assert any(p.advanced for p in shelf) and not all(p.advanced for p in shelf)
    assert all(p.margin >= puzzles.MARGIN - 0.002 for p in shelf)


def test_a_puzzle_position_is_the_replayed_game_with_the_answer_legal(shelf):
    p = shelf[0]
    game = position(p, RULES)
    assert len(game.actions()) == len(p.actions)
    assert p.answer in game.legal_actions()
    assert sorted(map(str, game.legal_actions())) == sorted(str(c.action) for c in p.choices)
    assert puzzles.KINDS[game.phase] == p.kind


# Judging --------------------------------------------------------------------------------------
def test_judge_right_and_wrong_answers(shelf):
    p = shelf[0]
    right = judge(p, p.answer)
    assert right.right and right.lost == 0 and right.fame == p.choices[0].fame
    assert right.chance == p.choices[0].chance
    worst = p.choices[-1]
    wrong = judge(p, worst.action.to_json())  # the notation works too
    assert not wrong.right
    assert wrong.answer is p.answer
    assert wrong.fame == worst.fame and wrong.chance == worst.chance
    assert wrong.lost >= puzzles.MARGIN - 0.002
    assert wrong.best_fame == right.fame and wrong.best_chance == right.chance


def test_judge_refuses_an_action_that_is_not_an_option(shelf):
    p = shelf[0]
    foreign = next(a for q in shelf if q.kind != p.kind for a in [q.answer])
    with pytest.raises(ValueError):
        judge(p, foreign)


# Refused files ------------------------------------------------------------------------------------
def damaged(change) -> str:
    doc = json.loads(TEXT)
    change(doc)
    return json.dumps(doc)


def set_first(key, value):
    def change(doc):
        doc["puzzles"][0][key] = value

    return change


def swap_choices(doc):
    c = doc["puzzles"][0]["choices"]
    c[0], c[1] = c[1], c[0]


def illegal_action(doc):
    doc["puzzles"][0]["actions"][3] = ["buy", 60]


def second_answer(doc):
    doc["puzzles"][0]["answer"] = doc["puzzles"][0]["choices"][1]["action"]


def drop_choice(doc):
    doc["puzzles"][0]["choices"].pop()


def duplicate(doc):
    doc["puzzles"].append(doc["puzzles"][0])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"format": "vikings-puzzles", "version": 1}', "rules digest"),
        (damaged(lambda d: d.update(version=2)), "version 2"),
        (damaged(lambda d: d.update(rules_digest="0" * 16)), "rules digest"),
        (damaged(lambda d: d.update(puzzles=[])), "non-empty"),
        (damaged(set_first("kind", "bid")), "'kind'"),
        (damaged(set_first("difficulty", 3)), "'difficulty'"),
        (damaged(set_first("config", {"players": "Ann", "seed": 1})), "config.players"),
        (damaged(set_first("players", 5)), "'players'"),
        (damaged(set_first("actions", "all of them")), "'actions'"),
        (damaged(illegal_action), "cannot be replayed"),
        (damaged(set_first("answer", ["fly", 2])), "not an action"),
        (damaged(set_first("answer", {"buy": 2})), "not an action"),
        (damaged(set_first("answer", ["buy", 2.5])), "not an action"),
        (damaged(second_answer), "first choice"),
        (damaged(swap_choices), "first choice"),
        (damaged(drop_choice), "legal options"),
        (damaged(duplicate), "used twice"),
        (damaged(lambda d: d["puzzles"][0]["choices"][0].update(chance=1.5)), "chance"),
        (damaged(lambda d: d["puzzles"][0]["choices"][0].update(fame=True)), "fame"),
        (
            damaged(lambda d: d["puzzles"][0]["choices"][0].update(fame=d["puzzles"][0]["choices"][1]["fame"])),
            "clearly best",
        ),
        ('{"format": "vikings-puzzles", "version": 1, "puzzles": [NaN]}', "not valid JSON"),
    ],
)
def test_a_damaged_file_is_refused_with_a_reason(text, reason):
    with pytest.raises(PuzzleError, match=reason.replace("(", r"\(")):
        load_puzzles(text, RULES)


def test_a_changed_figure_is_found_by_the_recomputing_check():
    text = damaged(
        lambda d: d["puzzles"][0]["choices"][-1].update(
            chance=0.0 if d["puzzles"][0]["choices"][-1]["chance"] > 0.5 else 0.9
        )
    )
    load_puzzles(text, RULES)  # still a well-formed file
    with pytest.raises(PuzzleError, match="now measures"):
        load_puzzles(text, RULES, recompute=True)


def test_reading_never_raises(tmp_path):
    assert read_puzzles(RULES, tmp_path / "missing.json").problem.startswith("missing.json: cannot be read")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    shelf = read_puzzles(RULES, bad)
    assert shelf.puzzles == () and "UTF-8" in shelf.problem


# The daily puzzle ----------------------------------------------------------------------------------
def test_the_daily_puzzle_is_stable_and_varies_by_date(shelf):
    day = date(2026, 11, 29)
    assert daily(shelf, day) is daily(list(reversed(shelf)), day)  # not the order given
    # The same on every run: pinned to the shipped file's ids (a digest, not hash()).
    week = [daily(shelf, day + timedelta(days=i)).id for i in range(7)]
    assert len(set(week)) == 7
    cycle = [daily(shelf, day + timedelta(days=i)).id for i in range(len(shelf))]
    assert sorted(cycle) == sorted(p.id for p in shelf)  # each once before any comes back
    assert daily(shelf, day + timedelta(days=len(shelf))) is daily(shelf, day)


def test_the_daily_puzzle_is_the_same_in_another_process(shelf):
    import subprocess
    import sys

    code = (
        "from datetime import date; from vikings.advice.puzzles import read_puzzles, daily; "
        "from vikings.content.data import default_rules; "
        "print(daily(read_puzzles(default_rules()).puzzles, date(2027, 3, 14)).id)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=None)
    assert out.stdout.strip() == daily(shelf, date(2027, 3, 14)).id


def test_the_daily_puzzle_wants_a_calendar_date(shelf):
    with pytest.raises(TypeError):
        daily(shelf, datetime(2026, 11, 29, 12))
    with pytest.raises(TypeError):
        daily(shelf, "2026-11-29")


def test_every_option_of_a_puzzle_reads_back_as_an_action(shelf):
    for p in shelf:
        for c in p.choices:
            assert action_from_parts(c.action.to_json()) is c.action
