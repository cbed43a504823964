"""tools/bots/calibrate_eval.py: the evaluation's calibration against seeded self-play."""

import math
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.bots import calibrate_eval  # noqa: E402
from vikings.bots import evaluate  # noqa: E402


def test_least_squares_recovers_known_coefficients_and_leaves_a_constant_column_out():
    rng = random.Random(3)
    rows, ys = [], []
    for _ in range(400):
        gold, pooled = rng.randint(0, 30), rng.randint(0, 8)
        rows.append([1.0, gold, pooled, 2.0])  # the last column never varies
        ys.append(4.0 - 0.5 * gold + 2.0 * pooled + rng.gauss(0, 1))
    coef, se = calibrate_eval.least_squares(rows, ys)
    assert coef[0] == pytest.approx(4.0, abs=0.3)
    assert coef[1] == pytest.approx(-0.5, abs=0.02)
    assert coef[2] == pytest.approx(2.0, abs=0.06)
    assert math.isnan(coef[3]) and math.isnan(se[3])
    assert 0 < se[1] < 0.02 and 0 < se[2] < 0.06


def test_the_scale_fit_finds_the_scale_the_winners_were_drawn_with():
    rng = random.Random(5)
    points = []
    for _ in range(3000):
        t = rng.choice((5 / 6, 1 / 2, 1 / 6))
        values = [rng.gauss(0, 20), rng.gauss(0, 20)]
        scale = 6 + (150 / 2 - 6) * t * t  # drawn with START 150, END 6
        p0 = 1 / (1 + math.exp(-(values[0] - values[1]) / scale))
        points.append((t, values, 0 if rng.random() < p0 else 1))
    _, start, end = calibrate_eval.fit_scale(points)
    assert start in (120, 150, 200) and end in (4, 6, 8)
    late = [p for p in points if p[0] == 1 / 6]
    assert calibrate_eval.round_scale(late) in (8, 10, 12, 15)  # 6 + 69 / 36 = 7.9


def test_a_real_game_gives_one_snapshot_per_player_and_round_with_the_result():
    snaps = calibrate_eval.snapshots("normal", 2, 11, frozenset())
    rounds = sorted({s["round"] for s in snaps})
    assert rounds == list(range(6)) and len(snaps) == 12
    for s in snaps:
        assert s["rank"] in (1, 2) and s["final"] >= 0
        assert s["t"] == pytest.approx((6 - s["round"]) / 6)
    first = [s for s in snaps if s["round"] == 0]
    assert all(s["gold"] == 30 and s["pooled"] == 0 for s in first)
    assert first[0]["value"] == pytest.approx(first[1]["value"])  # nothing bought yet: the same
    assert len(calibrate_eval.positions(snaps)) in (0, 6)  # 6 unless the win was shared
    report = calibrate_eval.residuals(snaps)
    assert [r["round"] for r in report] == [1, 2, 3, 4, 5, 6]
    assert report[0]["mean"] == pytest.approx(sum(s["final"] - s["value"] for s in first) / 2)


def test_the_model_scale_is_the_evaluations():
    scale = calibrate_eval.model_scale(evaluate.UTILITY_SCALE_START, evaluate.UTILITY_SCALE_END)
    assert scale(0.5, 2) == pytest.approx(
        evaluate.UTILITY_SCALE_END + (evaluate.UTILITY_SCALE_START / 2 - evaluate.UTILITY_SCALE_END) / 4
    )


def test_too_few_snapshots_for_a_fit_give_no_coefficients_instead_of_an_error():
    snaps = [
        {
            "seed": 1,
            "round": 0,
            "player": p,
            "value": 40.0,
            "t": 1.0,
            "gold": 30,
            "pooled": 0,
            "boatswains": 0,
            "specials": 0,
            "final": 50.0 + p,
            "rank": 2 - p,
        }
        for p in range(2)
    ]
    (r,) = calibrate_eval.residuals(snaps)
    assert r["mean"] == 10.5 and all(math.isnan(c) for c in r["coef"].values())
    calibrate_eval.report(snaps)  # prints, with '-' for the missing fits
