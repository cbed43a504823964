"""The evaluation's figures along seeded random games, against a digest recorded before
`evaluate._own` was split into parts (issue 58): a change to any part, or to the order its
floats are added in, changes the digest. A deliberate change to the evaluation (a new
weight, a new term) records a new digest here; a change to the engine's random play can
too, which the second test tells apart."""

from __future__ import annotations

import hashlib
import random

from vikings.bots import evaluate
from vikings.content.data import default_rules
from vikings.engine import OPTIONS, GameConfig, GameState, new_game

# evaluate.values and evaluate.explain of every player at every state of the games below,
# recorded with the code before the split.
DIGEST = "a3f171c95c0b5f2966af2530369ec969e7d18fa80ce08563270fbbb10e8c5465"
# The states those games pass through (the engine's part of the figures).
STATES = "f9fb3459486c9069d58c5f201f95e2a1d1fc5309c5889273a3ac7f3c3f685844"


def _games() -> list[list[GameState]]:
    rules = default_rules()
    out = []
    for options in (frozenset(), frozenset(OPTIONS)):
        for players in (2, 3, 4):
            game = new_game(GameConfig(tuple("ABCD"[:players]), seed=58 + players, options=options), rules)
            game.quiet = True
            rnd = random.Random(players)
            states = [game.copy()]
            legal = game.legal_actions()
            while legal:
                game.apply(legal[rnd.randrange(len(legal))])
                states.append(game.copy())
                legal = game.legal_actions()
            out.append(states)
    return out


def _digests() -> tuple[str, str]:
    figures = hashlib.sha256()
    states = hashlib.sha256()
    for game in _games():
        for s in game:
            states.update(
                repr((s.phase, s.round, s.to_move, [d.rows for d in s.displays], [d.pool for d in s.displays])).encode()
            )
            figures.update(repr(evaluate.values(s)).encode())
            for p in range(s.n):
                if not s.is_over:
                    figures.update(repr(sorted(evaluate.explain(s, p).items())).encode())
    return figures.hexdigest(), states.hexdigest()


def test_evaluation_figures_are_unchanged() -> None:
    figures, states = _digests()
    assert states == STATES, "random play changed: record both digests anew"
    assert figures == DIGEST
