"""Hard and Expert with 3-4 players: every option played out to the round's end by a
model of the table.

Why not the tree: with four players most of a round's decisions belong to the three
others, and the tree (`mcts.py`) spreads its iterations over their options; what it lacks
is a good guess of what the others will do. Here each option of the bot's
decision is applied and the rest of the round is played by Normal for every player (the
bot's own later turns included): a sound player's choices, worked out the way Normal
works them out at the table. The state at the round's end, after its scoring and with
every player having bought as often, is judged by `evaluate.utilities` (the chance of
winning), and the option with the best chance is taken.

Within a round nothing is random (chance acts only when the next offer is laid out), and
the playouts stop there, so each option needs one playout, not a sample of them, and no
hidden order is read: the playouts start from the same canonical copy as the tree.
Purchases, the decision with most options and most at stake, are narrowed to Normal's
best few first (`candidates`); a tile's place and a Viking's are tried in full.

Expert then plays its best few options (`refine`) out again with a model of Hard for every
player (`HardModel`): a purchase among Normal's best `HARD_KEEP` groups, each played out with
Normal as Hard plays them out, every other decision Normal's. That model costs several
Normal playouts per purchase, so only the best few options get it, best first, within the
level's time. Against Hards, whose purchases often differ from Normal's but mostly lie among
Normal's best three, it is a closer guess than Normal. Expert takes
the best of those by the mean of both playouts' chances (`blend`): one playout per model
is one guess each, and an option only one of them likes may owe it to that model's error. The
playouts of Normal are written down (`Line`), and a playout of the model goes on along the
line of each choice it makes, so Normal's own choices, and the playout of the group Normal
would buy, are read rather than worked out again (`_HardPlayout`).
"""

from __future__ import annotations

import random
import time
from typing import cast

from vikings.bots import evaluate
from vikings.bots.base import CancelToken
from vikings.bots.heuristic import NormalBot
from vikings.bots.turn_search import Model, argmax, best_few, play_round
from vikings.engine import Action, GameState
from vikings.engine.state import PLACE, PURCHASE, VIKING

# The decisions played out; the rest (start tile, boatswains, the advanced game's special
# tiles) stay with the tree, which sees them through in full.
PHASES = (PURCHASE, PLACE, VIKING)
HARD_KEEP = 3  # the groups `HardModel` plays out per purchase in Expert's second pass

# One decision of Normal's in a playout: its choice, with the scores it ranked a purchase by.
Step = tuple[Action, list[float] | None]


def _end_after(s: GameState, action: Action, model: Model, cancel: CancelToken | None = None) -> GameState:
    """A copy of `s` after `action`, with `model` playing every player to the round's end."""
    x = s.copy()
    x.apply(action)
    return play_round(x, model, cancel)


def chance_after(s: GameState, action: Action, model: Model, cancel: CancelToken | None = None) -> float:
    """The chance of winning of the player to move in `s` after `action`, with `model`
    playing every player to the round's end (on a copy)."""
    return evaluate.utilities(_end_after(s, action, model, cancel))[s.to_move]


class Line:
    """A playout with Normal for every player, written down: from the state after an
    action, each decision Normal made (with the scores it ranked a purchase by, else None)
    to the round's end, and every player's chance of winning there. A later playout that
    reaches a state of the line can read Normal's choices and the end from it instead of
    working them out again (`HardModel`)."""

    __slots__ = ("steps", "chances")

    def __init__(self, steps: list[Step], chances: list[float]) -> None:
        self.steps = steps
        self.chances = chances


class _Recorder:
    """Normal as a playout's model, writing down its decisions."""

    def __init__(self, normal: NormalBot) -> None:
        self.normal = normal
        self.steps: list[Step] = []

    def choose(self, s: GameState, legal: tuple[Action, ...], cancel: CancelToken | None = None) -> Action:
        if cancel is not None:
            cancel.check()
        step = self.normal.decide(s, legal, cancel)
        self.steps.append(step)
        return step[0]


def line_after(s: GameState, action: Action, normal: NormalBot, cancel: CancelToken | None = None) -> Line:
    """`chance_after` with Normal as the model, written down (`Line`)."""
    rec = _Recorder(normal)
    end = _end_after(s, action, rec, cancel)
    return Line(rec.steps, evaluate.utilities(end))


class OutOfTime(Exception):
    """A playout ran past its deadline (`_Deadline`)."""


class HardModel:
    """A cheaper model of a Hard player for the playouts: a purchase is chosen as Hard
    chooses it, but among Normal's best `keep` groups only, each played out to the round's
    end with Normal for every player; every other decision is Normal's. Hard mostly takes
    one of Normal's best three groups, and among the groups it plays out this picks exactly
    what Hard picks."""

    def __init__(self, normal: NormalBot, keep: int, rng: random.Random, players: frozenset[int] | None = None) -> None:
        self.normal = normal
        self.players = players  # the players modelled so (None: all); the others play as Normal
        self.keep = keep
        self.rng = rng

    def choose(self, s: GameState, legal: tuple[Action, ...], cancel: CancelToken | None = None) -> Action:
        """One decision on its own, outside a playout."""
        return self.playout().choose(s, legal, cancel)

    def playout(self, line: Line | None = None) -> _HardPlayout:
        """The model for one playout, starting where `line` starts (a state after the
        action it was recorded from) or, with None, anywhere."""
        return _HardPlayout(self, line)


class _HardPlayout:
    """`HardModel` through one playout. A modelled purchase plays Normal's best groups out
    with Normal and keeps each playout's `Line`; the playout then goes on along the line of
    the group it chose, so its next decisions are read from the line: Normal's choices, the
    scores a modelled purchase ranks by, and the end of the playout of the group Normal
    itself would buy there. Only the other groups of a modelled purchase are played out
    anew, which saves one playout of `keep`. The choices are those of working everything out
    again (Normal decides the same in the same state), except that ties between equal scores
    may be broken otherwise."""

    def __init__(self, model: HardModel, line: Line | None) -> None:
        self.model = model
        self.line = line
        self.at = 0  # the next step of `line`: the decision in front of the playout

    def choose(self, s: GameState, legal: tuple[Action, ...], cancel: CancelToken | None = None) -> Action:
        """`cancel` (in Expert's second pass a `_Deadline`) is checked at every step of
        Normal's searches, the inner playouts' included (Normal's own choice checks it first)."""
        m = self.model
        step: Step | None = None
        if self.line is not None:
            step = self.line.steps[self.at]
            self.at += 1
        if s.phase != PURCHASE or (m.players is not None and s.to_move not in m.players):
            return step[0] if step is not None else m.normal.choose(s, legal, cancel)
        if cancel is not None:
            cancel.check()
        # (a purchase: Normal's recorded step holds its scores)
        scores = cast("list[float]", step[1]) if step is not None else m.normal.scores(s.copy(), legal, cancel)
        top = best_few(scores, m.keep)
        lines: list[tuple[Line, int]] = []
        for i in top:
            if step is not None and legal[i] == step[0]:
                lines.append((cast(Line, self.line), self.at))  # Normal's own choice: the line goes on with it
            else:
                lines.append((line_after(s, legal[i], m.normal, cancel), 0))
        me = s.to_move
        k = argmax([line.chances[me] for line, _ in lines], m.rng)
        self.line, self.at = lines[k]
        return legal[top[k]]


def _check(deadline: float) -> None:
    """Raise `OutOfTime` once `time.perf_counter()` has passed `deadline`."""
    if time.perf_counter() > deadline:
        raise OutOfTime


class _Deadline(CancelToken):
    """The token of playouts that must end by `deadline` (a strict decision's, the second
    pass's): past it any check raises `OutOfTime`, so a playout stops inside Normal's own
    searches (they check their token at every step of a turn they try), not only between
    its decisions; a single decision of Normal with a large display of the advanced game
    took a second and more, and Hard's colours ran to 3.5 s. The decision's own token
    (`outer`) still cancels."""

    def __init__(self, outer: CancelToken | None, deadline: float):
        super().__init__()
        self.outer = outer
        self.deadline = deadline

    def check(self) -> None:
        if self.outer is not None:
            self.outer.check()
        _check(self.deadline)


class RoundLookahead:
    """Chooses by playouts to the round's end. `model` plays every player; `rng` breaks
    ties; `max_seconds` stops trying further options on an overloaded machine, before a
    playout that would run past it (purchases are tried best first by Normal's ranking,
    so the best found so far stands)."""

    def __init__(
        self,
        model: NormalBot,
        rng: random.Random,
        max_seconds: float,
        refine: int = 0,
        hard_players: frozenset[int] | None = None,
        strict: bool = False,
        blend: float = 0.0,
    ) -> None:
        self.model = model
        self.strict = strict  # a playout that runs past max_seconds is dropped, not finished
        self.hard_players = hard_players  # who `HardModel` models in the second pass (None: everyone)
        self.rng = rng
        self.max_seconds = max_seconds
        self.refine = refine  # the best few options played out again with `HardModel`
        self.blend = blend  # the first pass's weight in the second pass's choice (0: Hard's model alone)
        self.playouts = 0

    def choose(
        self, base: GameState, options: tuple[Action, ...], cancel: CancelToken | None, started: float
    ) -> tuple[Action, dict[str, object]]:
        """(chosen action, stats) for the player to move in `base`, a quiet canonical copy."""
        chances: list[float] = []
        lines: list[Line] = []  # the lines of the first pass: the second pass follows them
        me = base.to_move
        capped = False
        longest = 0.0  # the slowest playout so far: the next one is not started if it would overrun
        share = 0.5 if self.refine > 1 else 1.0  # of the progress shown, when a second pass follows
        within = _Deadline(cancel, started + self.max_seconds) if self.strict else cancel
        for a in options:
            now = time.perf_counter()
            if chances and now + longest - started > self.max_seconds:
                capped = True
                break
            if cancel is not None:
                cancel.report(share * len(chances) / len(options))
            try:
                lines.append(line_after(base, a, self.model, within))
            except OutOfTime:  # (strict) too late: the options judged so far decide, else the first
                capped = True
                break
            chances.append(lines[-1].chances[me])
            longest = max(longest, time.perf_counter() - now)
            self.playouts += 1
        best = argmax(chances, self.rng) if chances else 0
        stats: dict[str, object] = {
            "playouts": len(chances),
            "capped": capped,
            "chances": {str(a): round(c, 4) for a, c in zip(options, chances)},
        }
        if self.refine > 1 and len(chances) > 1 and not capped:
            best, stats["refined"] = self._refine(base, options, chances, lines, best, cancel, started, longest)
        return options[best], stats

    def _refine(
        self,
        base: GameState,
        options: tuple[Action, ...],
        chances: list[float],
        lines: list[Line],
        best: int,
        cancel: CancelToken | None,
        started: float,
        longest: float,
    ) -> tuple[int, dict[str, float]]:
        """Play the best `refine` options out again with the others modelled as Hard
        (`HardModel`), best first, and take the best by that model among those it judged
        (with `blend`, by a weighted mean of both passes' chances).
        A playout costs several of the first kind, so none starts that would overrun, and
        one that runs past the level's time anyway is dropped. Each starts along the
        option's line of the first pass (`lines`)."""
        model = HardModel(self.model, HARD_KEEP, self.rng, self.hard_players)
        within = _Deadline(cancel, started + self.max_seconds)
        top = best_few(chances, self.refine)
        judged: list[float] = []
        for i in top:
            now = time.perf_counter()
            if judged and now + longest - started > self.max_seconds:
                break
            if cancel is not None:
                cancel.report(0.5 + 0.5 * len(judged) / len(top))
            try:
                judged.append(chance_after(base, options[i], model.playout(lines[i]), within))
            except OutOfTime:
                break
            longest = max(longest, time.perf_counter() - now)
            self.playouts += 1
        if len(judged) < 2:
            return best, {}
        b = self.blend
        pick = top[argmax([(1 - b) * c + b * chances[i] for i, c in zip(top, judged)], self.rng)]
        return pick, {str(options[i]): round(c, 4) for i, c in zip(top, judged)}
