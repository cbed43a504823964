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

Past the round's end (`beyond`, a setting): the round's end is judged by the evaluation, a
guess at what a display will still earn. With `beyond` = M, the M purchases with the best
chances are played on through the whole next round as well, in `beyond_samples` samples
of the next offer (the hidden order re-drawn from the bot's seed, just before the round's
last action lays it out), and the one whose mean chance at the next round's end is best
is taken. Every option meets the same samples, so the comparison is not blurred by one
option drawing a kinder offer than another. The last round has no next round: there the
first stage's chances are exact game ends already.
"""
from __future__ import annotations

import time

from ..engine import GameState
from ..engine.state import OVER, PLACE, PURCHASE, VIKING
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

    def __init__(self, model: NormalBot, rng, max_seconds: float, beyond: int = 0, beyond_samples: int = 0):
        self.model = model
        self.rng = rng
        self.max_seconds = max_seconds
        self.beyond = beyond                  # purchases played on through the next round
        self.beyond_samples = beyond_samples  # samples of the next offer for each of them
        self.playouts = 0

    def choose(self, base: GameState, options, cancel: CancelToken | None, started: float) -> tuple:
        """(chosen action, stats) for the player to move in `base`, a quiet canonical copy."""
        me = base.to_move
        chances = []
        barriers = []  # per option: (state before the round's last action, that action)
        capped = False
        longest = 0.0  # the slowest playout so far: the next one is not started if it would overrun
        beyond = (self.beyond and self.beyond_samples and base.phase == PURCHASE
                  and base.round < base.rules.rounds - 1 and len(options) > 1)
        share = 0.5 if beyond else 1.0  # of the progress reported, the first stage's
        for a in options:
            now = time.perf_counter()
            if chances and now + longest - started > self.max_seconds:
                capped = True
                break
            if cancel is not None:
                cancel.report(share * len(chances) / len(options))
            s = base.copy()
            barriers.append(_play_to_barrier(s, a, self.model, cancel))
            chances.append(evaluate.utilities(s)[me])
            longest = max(longest, time.perf_counter() - now)
            self.playouts += 1
        best = argmax(chances, self.rng)
        stats = {"playouts": len(chances), "capped": capped}
        if beyond and not capped:
            best = self._beyond(me, chances, barriers, cancel, started, stats)
        stats["chances"] = {str(a): round(c, 4) for a, c in zip(options, chances)}
        return options[best], stats

    def _beyond(self, me: int, chances: list, barriers: list, cancel, started: float, stats: dict) -> int:
        """The best of the `beyond` options with the best chances, judged at the end of
        the next round over the same samples of its offer (see the module's docstring)."""
        top = sorted(range(len(chances)), key=lambda i: -chances[i])[:self.beyond]
        seeds = [self.rng.getrandbits(63) for _ in range(self.beyond_samples)]
        totals = {i: 0.0 for i in top}
        done = 0
        longest = 0.0  # the slowest sample (all options) so far
        for k, seed in enumerate(seeds):
            now = time.perf_counter()
            if done and now + longest - started > self.max_seconds:
                stats["capped"] = True
                break  # the samples played so far stand, the same for every option
            for n, i in enumerate(top):
                if cancel is not None:
                    cancel.report(0.5 + 0.5 * (k * len(top) + n) / (len(seeds) * len(top)))
                before, last = barriers[i]
                x = before.determinized(seed)
                x.apply(last)  # the next offer, laid out from the re-drawn order
                if x.phase != OVER:
                    play_round(x, self.model, cancel)
                totals[i] += evaluate.utilities(x)[me]
                self.playouts += 1
            done += 1
            longest = max(longest, time.perf_counter() - now)
        stats["beyond"] = {"samples": done, "options": len(top)}
        if not done:
            return top[0]
        order = [totals[i] for i in top]
        stats["beyond"]["chances"] = [round(t / done, 4) for t in order]
        return top[argmax(order, self.rng)]


def _play_to_barrier(s: GameState, first, model, cancel) -> tuple:
    """Apply `first` to `s` and play on in place like `play_round`, to the round's end;
    returns the state just before the round's last action and that action, the one that
    lays out the next offer."""
    start = s.round
    before, last = s.copy(), first
    s.apply(first)
    while s.phase != OVER and s.round == start:
        legal = s.legal_actions()
        last = legal[0] if len(legal) == 1 else model.choose(s, legal, cancel)
        before = s.copy()
        s.apply(last)
    return before, last
