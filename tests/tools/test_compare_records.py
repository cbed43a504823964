"""tools/bots/compare_records.py: two tournament records compared game by game."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.bots import compare_records  # noqa: E402
from vikings.commands.tournament import run  # noqa: E402


def write(path, levels, games):
    """A record of `games` (index -> (win of entry 1, Fame of entry 1))."""
    key = {"levels": levels, "seed": 10, "options": []}
    with open(path, "w", encoding="utf-8") as f:
        for i, (win, fame) in games.items():
            results = [
                {"seat": 0, "rank": 1, "win": win, "fame": fame, "gold": 0, "times": [], "simulations": 0},
                {"seat": 1, "rank": 2, "win": 1 - win, "fame": 40, "gold": 0, "times": [], "simulations": 0},
            ]
            f.write(json.dumps({"key": key, "index": i, "game": {"seed": 10 + i, "results": results}}) + "\n")


def test_only_the_games_both_hold_count_and_changed_games_are_counted_each_way(tmp_path, capsys):
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    write(old, ["normal", "random"], {0: (1.0, 50), 1: (0.0, 30), 2: (0.0, 31), 3: (1.0, 60)})
    write(new, ["normal:follow_up=0", "random"], {0: (1.0, 52), 1: (1.0, 45), 2: (0.5, 35), 4: (0.0, 1)})
    _, a = compare_records.load(str(old))
    _, b = compare_records.load(str(new))
    r = compare_records.compare(a, b)
    assert r["games"] == 3  # games 0-2; 3 and 4 are in one record only
    assert (r["wins_old"], r["wins_new"]) == (1.0, 2.5)
    assert (r["better"], r["worse"]) == (2, 0)
    assert r["fame_diff"] == pytest.approx((2 + 15 + 4) / 3)
    assert compare_records.main([str(old), str(new)]) == 0
    out = capsys.readouterr().out
    assert "3 games in both records" in out and "2 better, 0 worse" in out


def test_the_sign_test():
    assert compare_records.sign_test(0, 0) == 1.0
    assert compare_records.sign_test(5, 5) == 1.0
    assert compare_records.sign_test(10, 0) == pytest.approx(2 / 1024)
    assert compare_records.sign_test(0, 10) == compare_records.sign_test(10, 0)
    assert compare_records.sign_test(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)


def test_records_of_other_deals_are_refused(tmp_path):
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    write(old, ["normal", "random"], {0: (1.0, 50)})
    write(new, ["normal", "random"], {0: (1.0, 50)})
    text = new.read_text().replace('"seed": 10,', '"seed": 11,', 1)
    new.write_text(text)
    assert compare_records.main([str(old), str(new)]) == 2


def test_real_records_of_one_tournament_compare_as_the_same_games(tmp_path):
    # Two records of the same line-up and seed play the same games: nothing changes hands.
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run(("beginner", "random"), 3, seed=40, jobs=1, record=str(one))
    run(("beginner", "random"), 3, seed=40, jobs=1, record=str(two))
    _, a = compare_records.load(str(one))
    _, b = compare_records.load(str(two))
    r = compare_records.compare(a, b)
    assert r["games"] == 3 and r["better"] == r["worse"] == 0 and r["fame_diff"] == 0
