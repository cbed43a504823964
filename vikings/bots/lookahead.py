"""Hard and Expert with 3-4 players: every option played out to the round's end by a
model of the table.

Why not the tree: with four players most of a round's decisions belong to the three
others, and the tree (`mcts.py`) spread its iterations over their options; twice the
iterations or shorter rollouts left it at about 40% against three Normals. What it
lacked was a good guess of what the others will do. Here each option of the bot's
decision is applied and the rest of the round is played by Normal for every player (the
bot's own later turns included): a sound player's choices, worked out the way Normal
works them out at the table. The state at the round's end, after its scoring and with
every player having bought as often, is judged by `evaluate.utilities` (the chance of
winning), and the option with the best chance is taken.

Within a round nothing is random (chance acts only when the next offer is laid out), and
the playouts stop there, so each option needs one playout, not a sample of them, and no
hidden order is read: the playouts start from the same canonical copy as the tree.
Purchases, the decision with most options and most at stake, are narrowed to Normal's
best few first (`candidates`); a tile's place and a Viking's are tried in full (a test
setting, `playouts`, narrows any decision to Normal's best few).
"""
from __future__ import annotations

import time

from ..engine import GameState
from ..engine.state import PLACE, PURCHASE, VIKING
from . import evaluate
from .base import CancelToken
from .heuristic import NormalBot
from .turn_search import argmax, play_round

# The decisions played out; the rest (start tile, boatswains, the advanced game's special
# tiles) stay with the tree, which sees them through in full.
PHASES = (PURCHASE, PLACE, VIKING)


class RoundLookahead:
    """Chooses by playouts to the round's end. `model` plays every player; `rng` breaks
    ties; `max_seconds` stops trying further options on an overloaded machine, before a
    playout that would run past it (purchases are tried best first by Normal's ranking,
    so the best found so far stands)."""

    def __init__(self, model: NormalBot, rng, max_seconds: float):
        self.model = model
        self.rng = rng
        self.max_seconds = max_seconds
        self.playouts = 0

    def choose(self, base: GameState, options, cancel: CancelToken | None, started: float) -> tuple:
        """(chosen action, stats) for the player to move in `base`, a quiet canonical copy."""
        me = base.to_move
        chances = []
        capped = False
        longest = 0.0  # the slowest playout so far: the next one is not started if it would overrun
        for a in options:
            now = time.perf_counter()
            if chances and now + longest - started > self.max_seconds:
                capped = True
                break
            if cancel is not None:
                cancel.report(len(chances) / len(options))
            s = base.copy()
            s.apply(a)
            chances.append(evaluate.utilities(play_round(s, self.model, cancel))[me])
            longest = max(longest, time.perf_counter() - now)
            self.playouts += 1
        best = argmax(chances, self.rng)
        return options[best], {"playouts": len(chances), "capped": capped,
                               "chances": {str(a): round(c, 4) for a, c in zip(options, chances)}}
