"""Bots in the helper process (bots/remote.py): the same decisions as in this process,
cancelling, catching up after an undo, and a dead helper reported, not waited for."""

import time

import pytest

from vikings.bots import make_bot
from vikings.engine import GameConfig, new_game
from vikings.processes import remote_bots as remote


def wait(job, seconds=60.0):
    end = time.monotonic() + seconds
    while not job.poll():
        assert time.monotonic() < end, "no answer from the bots' process"
        time.sleep(0.002)
    return job


@pytest.fixture
def thinker():
    t = remote.Thinker()
    yield t
    t.stop()


def test_decisions_are_the_ones_the_bots_make_here(rules, thinker):
    # Normal and Hard (which keeps its tree between decisions) for a whole game's start.
    # Hard's time cap (1.9 s) can cut a search on a loaded machine, on one side and not
    # the other: such a decision, and Hard's later ones in that round (they reuse its
    # tree), are not compared. Every other decision must be the same.
    game = new_game(GameConfig(("a", "b"), seed=31, start_player=0), rules)
    levels, seeds = ("hard", "normal"), (7, 8)
    here = [make_bot(level, seed) for level, seed in zip(levels, seeds)]
    asked = compared = 0
    parted = None  # the round in which a cap parted the two Hards
    while game.round < 3:
        p = game.to_move
        legal = game.legal_actions()
        expected = here[p].choose(game.copy(), legal)
        job = wait(thinker.ask(1, game, p, levels[p], seeds[p]))
        assert job.error is None and job.action in legal
        if levels[p] == "hard" and len(legal) > 1:
            assert job.stats["seconds"] > 0
            if job.stats["capped"] or here[p].last_stats["capped"]:
                parted = game.round
        if not (levels[p] == "hard" and parted == game.round):
            assert job.action is expected
            compared += 1
        game.apply(expected)
        asked += 1
    assert asked > 20 and compared > asked // 2


def test_a_cancelled_decision_gives_way_to_the_next(rules, thinker):
    game = new_game(GameConfig(("a", "b"), seed=3, start_player=0), rules)
    slow = thinker.ask(1, game, 0, "expert", 1)
    time.sleep(0.2)
    slow.cancel()
    started = time.monotonic()
    quick = wait(thinker.ask(1, game, 0, "random", 2))
    assert quick.error is None and quick.action in game.legal_actions()
    assert slow.action is None
    assert time.monotonic() - started < 2.0  # Expert alone would think for seconds


def test_asking_again_abandons_the_previous_question(rules, thinker):
    game = new_game(GameConfig(("a", "b"), seed=4, start_player=0), rules)
    first = thinker.ask(1, game, 0, "expert", 1)
    second = wait(thinker.ask(1, game, 0, "normal", 2))
    assert first.done and first.action is None
    assert second.action is make_bot("normal", 2).choose(game.copy())


def test_the_mirror_follows_an_undo(rules, thinker):
    game = new_game(GameConfig(("a", "b"), seed=5, start_player=0), rules)
    for _ in range(6):
        game.apply(make_bot("random", 1).choose(game.copy()))
    wait(thinker.ask(1, game, game.to_move, "normal", 3))
    # The game taken back to an earlier point (a different, shorter history).
    shorter = new_game(game.config, rules)
    for a in game.actions()[:3]:
        shorter.apply(a)
    job = wait(thinker.ask(1, shorter, shorter.to_move, "random", 4))
    assert job.error is None and job.action in shorter.legal_actions()


def test_a_bot_error_is_reported_with_its_reason(rules, thinker):
    game = new_game(GameConfig(("a", "b"), seed=6, start_player=0), rules)
    job = wait(thinker.ask(1, game, 1 - game.to_move, "normal", 1))  # not that seat's turn
    assert isinstance(job.error, remote.BotError) and "to move" in str(job.error)


def test_a_dead_helper_is_reported_then_restarted(rules, thinker):
    game = new_game(GameConfig(("a", "b"), seed=7, start_player=0), rules)
    job = thinker.ask(1, game, game.to_move, "expert", 1)
    thinker._proc.kill()
    wait(job, 10)
    assert isinstance(job.error, remote.BotError)
    again = wait(thinker.ask(1, game, game.to_move, "normal", 2))
    assert again.error is None and again.action in game.legal_actions()
