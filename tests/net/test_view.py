"""The public view: a guest's copy shows and allows what the host's does, and holds no
secret (seed, generator, order of the face-down stacks and special tiles)."""

from __future__ import annotations

import json
import random

import pytest

from vikings.engine import GameConfig, new_game
from vikings.net.view import digest, public_view, view_state

ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


@pytest.mark.parametrize("options", [frozenset(), ADVANCED], ids=["standard", "advanced"])
def test_the_rebuilt_copy_matches_the_game_at_every_step(rules, options):
    game = new_game(GameConfig(("A", "B", "C"), seed=41, options=options), rules)
    chooser = random.Random(5)
    steps = 0
    while True:
        view = public_view(game)
        copy = view_state(view, rules)
        assert public_view(copy) == view
        assert copy.legal_actions() == game.legal_actions()
        assert copy.to_move == game.to_move and copy.phase == game.phase
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
        steps += 1
    assert steps > 100 and copy.ranks == game.ranks


def test_the_view_holds_no_secret(rules):
    seed = 918273645546372819
    game = new_game(GameConfig(("A", "B"), seed=seed, options=ADVANCED), rules)
    view = public_view(game)
    text = json.dumps(view)
    assert str(seed) not in text and str(game.rng.state) not in text
    assert "rng" not in view and view["config"]["seed"] == 0
    assert view["stacks"] == [len(s) for s in game.stacks]
    assert view["face_down"] == sorted(t for s in game.stacks for t in s)
    assert view["adv"]["supply"] == sorted(game.adv.supply)
    assert json.dumps(list(game.stacks[1])) not in text  # (a stack of 12 in its order)


def test_the_digest_changes_with_any_field(rules):
    game = new_game(GameConfig(("A", "B"), seed=1), rules)
    view = public_view(game)
    changed = json.loads(json.dumps(view))
    changed["displays"][1]["gold"] += 1
    assert digest(view) == digest(json.loads(json.dumps(view)))
    assert digest(changed) != digest(view)


def test_a_view_of_other_rules_or_nonsense_is_refused(rules):
    view = public_view(new_game(GameConfig(("A", "B"), seed=1), rules))
    for bad in (dict(view, rules="other"), dict(view, n="2"), dict(view, displays=[])):
        with pytest.raises((ValueError, TypeError, KeyError, IndexError)):
            view_state(bad, rules)
