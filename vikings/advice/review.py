"""A game's review: each player's chance to win after every decision, and for each person
the decisions that cost the most against what a bot would have done.

Pure Python (no pygame, no files, no clock but the duration it reports): the game is
rebuilt from its setup by re-applying the saved actions through the engine's door
(`GameState.new` + `apply`), exactly as loading a save does.

What is computed
----------------
* **Chance to win** after every action (index 0 is the start, index i the game after i
  actions): the bots' own estimate, `evaluate.utilities` (a softmax of each player's
  estimated final Fame whose scale narrows as the game nears its end; exact once the game
  is over, 1/k for each of k tied winners). The chances of one moment sum to 1.
* **Judged decisions**: every decision of a person (a seat in `persons`) with more than
  one legal option, except the auction's (bid, removal, colour: what they buy only pays
  off in the purchases after them, which the evaluation cannot price). For each, the
  review asks a bot (`level`) what it would have played there, from the same position.
* **Expected Fame** of a move: the mover's estimated final Fame (`evaluate.value`) after
  that move and the rest of her own turn as the Normal bot would play it (a purchase is
  judged with its tile and Viking placed; a boatswain with its Vikings moved). The person's
  move and the bot's move are judged the same way, from the same position.
* **Cost** of a decision = the bot's move's expected Fame - the person's move's. It is 0
  when both played the same; negative when the person's move looks better by this
  measure (the bot may have seen more, e.g. what the next player would buy). The
  **costliest** decisions of a person are her judged decisions with the highest positive
  cost (`Review.costliest`).

Which bot: Normal by default. It is the bots' evaluation played one turn deep, so its
move and the expected-Fame measure agree, and it answers in a few milliseconds: a
complete 2-player game with both seats reviewed takes about a second of one core (see
docs/ui.md, tools/bench/bench_review.py). Hard ("hard") searches for up to about 2 s a
decision: the same 2-player game reviewed for both seats took 84-120 s on this 2-core
machine (over the 60 s target), with 3-4 players its playouts take longer still, and the
static Fame measure often cannot tell its moves from the person's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from vikings.bots import CancelToken, evaluate, make_bot
from vikings.engine import Action, FinishBoatswains, GameConfig, GameState
from vikings.engine.state import BID, BOATSWAIN, BOATSWAIN_MOVE, COLOUR, OVER, PURCHASE, REMOVE
from vikings.text.lang import t

LEVELS = ("normal", "hard")
DEFAULT_LEVEL = "normal"
AUCTION_PHASES = (BID, REMOVE, COLOUR)
SCORING_PHASES = (BOATSWAIN, BOATSWAIN_MOVE)
COSTLY = 0.05  # Fame: a smaller cost is rounding, not a mistake
DECIDED = 0.005  # a chance to win this near 0 or 1 is a decided game (shown as 0 % or 100 %)

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Decision:
    """One action of the game and, for a person's judged decision, the bot's alternative.
    The position it was made in is the game after `index` actions."""

    index: int
    player: int
    round: int
    phase: str
    action: Action
    options: int  # legal actions in that position
    person: bool
    judged: bool = False
    bot_action: Action | None = None
    fame: float | None = None  # the mover's expected final Fame after her move
    bot_fame: float | None = None  # ... after the bot's move
    chance: float | None = None  # the mover's chance to win after her move (and turn)
    bot_chance: float | None = None  # ... after the bot's move

    @property
    def cost(self) -> float | None:
        """Expected Fame the person's move gave up against the bot's (None if not judged)."""
        if not self.judged:
            return None
        return self.bot_fame - self.fame

    @property
    def differs(self) -> bool:
        return self.bot_action is not None and self.bot_action is not self.action


@dataclass(frozen=True)
class Review:
    config: GameConfig
    actions: tuple
    persons: tuple
    level: str
    chances: tuple  # len(actions) + 1 tuples of one chance per player
    decisions: tuple  # one Decision per action
    seconds: float = 0.0

    @property
    def players(self) -> int:
        return len(self.config.players)

    def costliest(self, player: int, k: int = 3) -> list[Decision]:
        """The player's `k` judged decisions that cost the most (only those that cost
        expected Fame), ranked by the chance to win they gave up against the bot's move,
        then by the Fame; positions already decided (her chance to win below DECIDED or
        above 1 - DECIDED before the move) are left out: nothing she chose there mattered."""
        costly = [
            d
            for d in self.decisions
            if d.judged and d.player == player and d.cost > COSTLY and not self.decided(d.index, player)
        ]
        costly.sort(key=lambda d: (-(d.bot_chance - d.chance), -d.cost, d.index))
        return costly[:k]

    def decided(self, index: int, player: int) -> bool:
        """The game after `index` actions was already won or lost for `player`, as far as
        her chance to win tells."""
        chance = self.chances[index][player]
        return chance < DECIDED or chance > 1 - DECIDED

    def judged(self, player: int) -> list[Decision]:
        return [d for d in self.decisions if d.judged and d.player == player]


# Replaying ------------------------------------------------------------------------------------
def replay(config: GameConfig, actions, rules, upto: int | None = None) -> GameState:
    """The game after the first `upto` actions (all if None), quiet, rebuilt from its setup."""
    game = GameState.new(config, rules)
    game.quiet = True
    for a in actions[: len(actions) if upto is None else upto]:
        game.apply(a)
    return game


def replays(config: GameConfig, actions, rules) -> list[GameState]:
    """The game at every moment: element i is the game after i actions."""
    game = GameState.new(config, rules)
    game.quiet = True
    out = [game.copy()]
    for a in actions:
        game.apply(a)
        out.append(game.copy())
    return out


# Judging ----------------------------------------------------------------------------------------
def _turn_group(phase: str) -> int:
    if phase in SCORING_PHASES:
        return 2
    if phase in AUCTION_PHASES:
        return 3
    return 1


class _Judge:
    """Expected Fame of a move: the mover's `evaluate.value` once her turn is over, the rest
    of the turn played by Normal (the same for the person's move and the bot's)."""

    def __init__(self, seed: int, cancel: CancelToken | None):
        self.finisher = make_bot("normal", seed)
        self.cancel = cancel

    def after(self, state: GameState, action) -> tuple[float, float]:
        p = state.to_move
        group = _turn_group(state.phase)
        s = state.copy()
        s.quiet = True
        s.apply(action)
        for _ in range(64):  # a turn has a handful of decisions
            if s.phase == OVER or s.to_move != p or s.phase == PURCHASE or _turn_group(s.phase) != group:
                break
            s.apply(self.finisher.choose(s.copy(), None, self.cancel))
        return evaluate.value(s, p), evaluate.utilities(s)[p]


def expected(state: GameState, actions, seed: int = 0) -> list[tuple[float, float]]:
    """(expected Fame, chance to win) of the mover after each of `actions` in `state` (not
    modified), judged as the review judges a person's move (the puzzles' measure)."""
    judge = _Judge(seed, None)
    return [judge.after(state, a) for a in actions]


def review_game(
    config: GameConfig,
    actions,
    rules,
    persons=None,
    level: str = DEFAULT_LEVEL,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
    seed: int = 0,
) -> Review:
    """Review the game of `config` and `actions` (see the module's text). `persons`: the
    seats whose decisions are judged (default: every seat). `progress(done, total)` is
    called after each action; `cancel` stops the review (raising Cancelled)."""
    if level not in LEVELS:
        raise ValueError(f"the review's bot is one of {', '.join(LEVELS)}, not {level!r}")
    started = time.perf_counter()
    actions = tuple(actions)
    n = len(config.players)
    persons = tuple(range(n)) if persons is None else tuple(sorted(set(persons)))
    bots = {p: make_bot(level, seed * 31 + p) for p in persons}
    judge = _Judge(seed, cancel)
    game = GameState.new(config, rules)
    game.quiet = True
    chances = [tuple(evaluate.utilities(game))]
    decisions = []
    total = len(actions)
    for i, action in enumerate(actions):
        if cancel is not None:
            cancel.check()
        p = game.to_move
        legal = game.legal_actions()
        d = Decision(i, p, game.round, game.phase, action, len(legal), p in persons)
        if d.person and len(legal) > 1:
            bot_action = bots[p].choose(game.copy(), legal, cancel)
            if game.phase in AUCTION_PHASES:
                d = _replace(d, bot_action=bot_action)
            else:
                fame, chance = judge.after(game, action)
                bot_fame, bot_chance = (fame, chance) if bot_action is action else judge.after(game, bot_action)
                d = _replace(
                    d,
                    judged=True,
                    bot_action=bot_action,
                    fame=fame,
                    bot_fame=bot_fame,
                    chance=chance,
                    bot_chance=bot_chance,
                )
        decisions.append(d)
        game.apply(action)
        chances.append(tuple(evaluate.utilities(game)))
        if progress is not None:
            progress(i + 1, total)
    return Review(config, actions, persons, level, tuple(chances), tuple(decisions), time.perf_counter() - started)


def _replace(d: Decision, **changes) -> Decision:
    return replace(d, **changes)


# Words ------------------------------------------------------------------------------------------
def describe_action(state: GameState, action, names) -> str:
    """What `action` does in `state`, in the game log's words ("Ann buys the noble island
    with a scout for 3 Gold"): the first thing it makes happen to the mover."""
    from vikings.text.events import describe

    p = state.to_move
    if isinstance(action, FinishBoatswains):
        return t("review.no_more_boatswains", name=names[p])
    s = state.copy()
    s.quiet = False
    try:
        events = s.apply(action)
    except Exception:  # noqa: BLE001 - an action of another position: say what it is
        return str(action)
    mine = [e for e in events if e.player == p and e.type not in ("wheel_turned",)]
    if not mine:
        return f"{names[p]}: {action}"
    return describe(mine[0], state.rules, names)


__all__ = [
    "Decision",
    "Review",
    "review_game",
    "expected",
    "replay",
    "replays",
    "describe_action",
    "LEVELS",
    "DEFAULT_LEVEL",
]
