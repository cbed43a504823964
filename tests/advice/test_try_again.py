"""Try again (vikings/advice/try_again.py): a real seeded game, saved as a table file and
read back, restarted before one of its costliest decisions."""

from __future__ import annotations

import json

import pytest

from vikings.advice.review import replays, review_game
from vikings.advice.try_again import try_again
from vikings.bots import make_bot
from vikings.bots.play import play_out
from vikings.content.data import default_rules
from vikings.engine import GameConfig, new_game
from vikings.engine.serialize import save, state_to_dict
from vikings.saves.table_file import COLOURS, Seat, Table, read_table, table_doc

RULES = default_rules()
KINDS = ("person", "normal", "hard")


def table(players: int, seed: int, options=frozenset()) -> Table:
    """A finished game, Beginner at the person's seat 0 and Normal at the others, as the
    saves write and read a table file."""
    g = new_game(GameConfig(("Ann", "Bjorn", "Sigrid")[:players], seed=seed, options=options), RULES)
    play_out(g, [make_bot("beginner" if p == 0 else "normal", seed + p) for p in range(players)], copies=True)
    seats = [Seat(name, KINDS[i], COLOURS[i]) for i, name in enumerate(g.config.players)]
    text = json.dumps(table_doc(seats, save(g), [2] + [0] * (players - 1)), indent=1, sort_keys=True)
    return read_table(text, RULES)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 21, frozenset()), (2, 8, frozenset({"auction", "single_boatswain", "special_tiles"}))],
)
def test_try_again_starts_exactly_before_a_costly_decision(players, seed, options):
    t = table(players, seed, options)
    game = t.game
    review = review_game(game.config, game.actions(), RULES, persons=(0,))
    costly = review.costliest(0)
    assert costly, "the Beginner's seat made no costly decision"
    states = replays(game.config, game.actions(), RULES)
    for d in costly:
        retry = try_again(t, d.index)
        before = states[d.index]
        assert state_to_dict(retry.game) == state_to_dict(before)
        assert retry.game.legal_actions() == before.legal_actions()
        assert d.action in retry.game.legal_actions()
        assert retry.to_move == d.player == 0
        assert retry.seats == t.seats and retry.practice and retry.index == d.index
        assert retry.hints == (0,) * players
        assert not retry.game.quiet  # a table plays it and shows its events
        # The new game is played on from there, independent of the original.
        retry.game.apply(retry.game.legal_actions()[-1])
        assert len(game.actions()) == len(review.actions)


def test_try_again_from_the_start_and_refusals():
    t = table(2, 21)
    first = try_again(t, 0)
    assert first.game.actions() == [] and state_to_dict(first.game) == state_to_dict(new_game(t.game.config, RULES))
    for bad in (-1, len(t.game.actions()), 10**6, True, "3"):
        with pytest.raises(ValueError):
            try_again(t, bad)
