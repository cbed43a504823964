"""Property tests: the engine's scoring against a plain restatement of the rules, on
displays reached by random legal play."""

import random

from helpers import make_game
from hypothesis import given, settings
from hypothesis import strategies as st

from vikings.engine.scoring import final_scoring, large_scoring, small_scoring

ROW = {"warrior": 1, "noble": 2, "scout": 3, "goldsmith": 4, "fisherman": 5}


def displays_after(players, seed, steps):
    game = make_game(players=players, seed=seed)
    game.quiet = True
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    return game


def reference_threatened(d, rules):
    """Vikings under a ship with no warrior at row 1 beneath it, down to the sail's row."""
    out = set()
    for _, col, t, _ in d.tiles():
        kind = rules.tiles[t]
        if kind.is_ship and not d.occupied(1, col):
            out |= {(r, col) for r in range(1, kind.reach_row + 1) if d.occupied(r, col)}
    return out


def safe_vikings(d, rules, role):
    hit = reference_threatened(d, rules)
    row = ROW[role]
    return [c for c in range(1, len(d.rows[row]) + 1) if d.occupied(row, c) and (row, c) not in hit]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]), steps=st.integers(0, 220))
def test_small_and_large_scoring_match_the_rules(seed, players, steps):
    game = displays_after(players, seed, steps)
    rules = game.rules
    for p, d in enumerate(game.displays):
        small = small_scoring(d, rules, p)
        assert small.gold - d.gold == 3 * len(safe_vikings(d, rules, "goldsmith"))
        assert small.fame == d.fame
        assert set(small.threatened) == reference_threatened(d, rules)

        large = large_scoring(d, rules, p)
        gold = 3 * len(safe_vikings(d, rules, "goldsmith"))
        fame = 2 * len(safe_vikings(d, rules, "noble"))
        for c in safe_vikings(d, rules, "scout"):
            fame += 1 + d.occupied(4, c) + d.occupied(5, c)
        for _, col, t, _ in d.tiles():
            kind = rules.tiles[t]
            if kind.is_ship and d.occupied(1, col):
                gold += kind.reward_amount if kind.reward_kind == "gold" else 0
                fame += kind.reward_amount if kind.reward_kind == "fame" else 0
        assert (large.gold - d.gold, large.fame - d.fame) == (gold, fame)
        # Threatened Vikings never appear as scoring lines.
        scored = {(line.row, line.col) for line in large.lines if line.what != "warrior"}
        assert not scored & set(large.threatened)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]), steps=st.integers(0, 220))
def test_final_scoring_never_goes_negative_and_leaves_less_than_five_gold(seed, players, steps):
    game = displays_after(players, seed, steps)
    rules = game.rules
    scores = final_scoring(game.displays, rules)
    for score, d in zip(scores, game.displays):
        assert score.fame >= 0 and 0 <= score.gold < rules.scoring.gold_per_fame
        feeding = [line for line in score.lines if line.what == "feeding"][0]
        fishermen = len(safe_vikings(d, rules, "fisherman"))
        mouths = sum(d.island_vikings(rules)) + sum(d.pool)
        spare = 5 * fishermen - mouths
        if spare >= 0:
            assert feeding.fame == 2 * spare
        else:
            assert feeding.fame == -min(-spare, score.fame - feeding.fame)
    boatswains = [d.pool[rules.boatswain] for d in game.displays]
    for score, n in zip(scores, boatswains):
        award = [line.fame for line in score.lines if line.what == "boatswains"][0]
        assert award == (10 if n == max(boatswains) and n > 0 else 0)
