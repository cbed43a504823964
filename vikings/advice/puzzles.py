"""Puzzles (issue 56): positions of bot games where one purchase or one placement is
clearly best, the answer judged, and the daily puzzle.

A puzzle is a game's setup (its config as the saves write it) and the actions up to the
position, so the engine rebuilds it exactly as it rebuilds a save; the answer (an action
in the saves' notation, e.g. ["buy", 3]); and for every legal option of the position its
expected Fame and chance to win, measured the review's way (review.py: the mover's
estimated final Fame after the option and the rest of her turn as Normal plays it). The
hint reasons are not stored: the screen recomputes them from the engine
(hints.explain_option) in the language in use.

`data/puzzles.json` is made by tools/puzzles/make_puzzles.py (docs/puzzles.md). It is
checked at load like other data (types, bounds, the setup, every action replayed through
`apply`, the options being exactly the position's legal actions, the answer clearly the
best): a bad file is refused with a reason (`PuzzleError`), never half-read.

Pure Python: no pygame, no clock; `read_puzzles` is the one function that opens a file.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from vikings.advice.review import expected
from vikings.engine import GameConfig, GameState
from vikings.engine.actions import Action, action_from_parts
from vikings.engine.components import Rules
from vikings.engine.errors import IllegalAction, SaveError, VikingsError
from vikings.engine.phases import PLACE, PURCHASE
from vikings.engine.serialize import config_from_json, replay
from vikings.paths import resource_dir

FORMAT = "vikings-puzzles"
VERSION = 1
FILE_NAME = "puzzles.json"
KINDS = {PURCHASE: "purchase", PLACE: "placement"}  # the phase of each kind of puzzle
DIFFICULTIES = ("easy", "medium", "hard")
MARGIN = 1.0  # Fame: the answer's expected Fame beats every other option's by at least this
JUDGE_SEED = 0  # the review's judge (review_game's default seed)
MAX_BYTES = 5_000_000
MAX_PUZZLES = 1000
MAX_ACTIONS = 2000
MAX_FAME = 1000.0
ROUNDING = 0.0006  # the file keeps 3 decimals: a stored figure and its recomputation agree within this


class PuzzleError(VikingsError):
    """The puzzle file was refused (nothing of it is used); the message says why."""


@dataclass(frozen=True)
class Choice:
    """One option of a puzzle and what the review's measure gives it."""

    action: Action
    fame: float  # the mover's expected final Fame after it (and the rest of her turn)
    chance: float  # her chance to win after it


@dataclass(frozen=True)
class Puzzle:
    id: str
    kind: str  # "purchase" or "placement"
    difficulty: str  # one of DIFFICULTIES (a rough label)
    config: GameConfig
    actions: tuple  # Action, up to the position
    answer: Action
    choices: tuple  # Choice, best first (the answer first)

    @property
    def players(self) -> int:
        return len(self.config.players)

    @property
    def advanced(self) -> bool:
        return bool(self.config.options)

    @property
    def margin(self) -> float:
        """How much more expected Fame the answer gives than the next best option."""
        return self.choices[0].fame - self.choices[1].fame

    def choice(self, action: Action) -> Choice | None:
        return next((c for c in self.choices if c.action is action), None)


@dataclass(frozen=True)
class Verdict:
    """What one answer to a puzzle gave."""

    right: bool
    action: Action
    answer: Action
    fame: float  # the chosen option's expected Fame
    chance: float  # ... and chance to win
    best_fame: float  # the answer's
    best_chance: float
    choices: tuple  # every option, best first (for a screen that shows them all)

    @property
    def lost(self) -> float:
        """Expected Fame the choice gave up against the answer (0 when right)."""
        return self.best_fame - self.fame


# Measuring -----------------------------------------------------------------------------------
def measure(state: GameState, seed: int = JUDGE_SEED) -> tuple[Choice, ...]:
    """Every legal option of `state` (not modified) with its expected Fame and chance to
    win, the review's way; best first (ties in the order of the legal actions)."""
    legal = state.legal_actions()
    out = [Choice(a, float(fame), float(chance)) for a, (fame, chance) in zip(legal, expected(state, legal, seed))]
    out.sort(key=lambda c: -c.fame)
    return tuple(out)


def position(puzzle: Puzzle, rules: Rules) -> GameState:
    """The puzzle's position: a new game of its setup with its actions applied, quiet."""
    game = GameState.new(puzzle.config, rules)
    game.quiet = True
    for a in puzzle.actions:
        game.apply(a)
    return game


def judge(puzzle: Puzzle, action: Action | list) -> Verdict:
    """The verdict on `action` (an Action or its notation) as the answer to `puzzle`.
    Raises ValueError for an action that is not one of the puzzle's options."""
    if not isinstance(action, Action):
        action = action_from_parts(action)
    chosen = puzzle.choice(action)
    if chosen is None:
        raise ValueError(f"{action} is not an option of puzzle {puzzle.id}")
    best = puzzle.choices[0]
    return Verdict(
        action is puzzle.answer,
        action,
        puzzle.answer,
        chosen.fame,
        chosen.chance,
        best.fame,
        best.chance,
        puzzle.choices,
    )


def daily(puzzles, day: date) -> Puzzle:
    """The puzzle of `day`: the same for every player that day and on every run (a digest
    of the date, never Python's salted hash()). Consecutive days walk the puzzles in an
    order shuffled by a digest of their ids, so a puzzle comes back only after all the
    others."""
    if isinstance(day, datetime) or not isinstance(day, date):
        raise TypeError("the daily puzzle is chosen by a calendar date (datetime.date)")
    ordered = sorted(puzzles, key=lambda p: (_digest(f"order/{p.id}"), p.id))
    if not ordered:
        raise ValueError("no puzzles")
    return ordered[day.toordinal() % len(ordered)]


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# Reading -------------------------------------------------------------------------------------
def puzzle_file() -> Path:
    return resource_dir("data") / FILE_NAME


@dataclass(frozen=True)
class Shelf:
    """The shipped puzzles, or none and the reason the file was refused."""

    puzzles: tuple
    problem: str | None = None


def read_puzzles(rules: Rules, path: Path | None = None) -> Shelf:
    """The puzzles of `path` (default: the shipped file); never raises: a missing or bad
    file gives no puzzles and the reason."""
    path = puzzle_file() if path is None else path
    try:
        if path.stat().st_size > MAX_BYTES:
            return Shelf((), f"{path.name}: larger than {MAX_BYTES} bytes")
        text = path.read_bytes()
    except OSError as e:
        return Shelf((), f"{path.name}: cannot be read ({e.strerror or e})")
    try:
        return Shelf(load_puzzles(text, rules))
    except PuzzleError as e:
        return Shelf((), f"{path.name}: {e}")


def load_puzzles(text: str | bytes, rules: Rules, recompute: bool = False) -> tuple[Puzzle, ...]:
    """Read and check a puzzle file's text; raises PuzzleError naming the first problem.
    `recompute` also measures every position again and requires the stored figures (the
    tool's --check and the tests; slower: a few seconds for the whole file)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise PuzzleError("not UTF-8 text") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise PuzzleError(f"not valid JSON ({e})") from None
    if not isinstance(doc, dict):
        raise PuzzleError("expected a JSON object at the top level")
    if doc.get("format") != FORMAT:
        raise PuzzleError(f"format must be {FORMAT!r}")
    if doc.get("version") != VERSION or isinstance(doc.get("version"), bool):
        raise PuzzleError(f"version {doc.get('version')!r} is not supported; this edition reads {VERSION}")
    if doc.get("rules_digest") != rules.digest:
        raise PuzzleError("made with different game data (rules digest differs)")
    entries = doc.get("puzzles")
    if not isinstance(entries, list) or not entries:
        raise PuzzleError("'puzzles' must be a non-empty list")
    if len(entries) > MAX_PUZZLES:
        raise PuzzleError(f"more than {MAX_PUZZLES} puzzles")
    out, seen = [], set()
    for i, entry in enumerate(entries):
        where = f"puzzles[{i}]"
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            where = f"puzzle {entry['id'][:40]!r}"
        puzzle = _puzzle(entry, where, rules, recompute)
        if puzzle.id in seen:
            raise PuzzleError(f"{where}: the id is used twice")
        seen.add(puzzle.id)
        out.append(puzzle)
    return tuple(out)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a valid JSON value")


def _puzzle(entry: object, where: str, rules: Rules, recompute: bool) -> Puzzle:
    if not isinstance(entry, dict):
        raise PuzzleError(f"{where}: must be a mapping")
    ident = entry.get("id")
    if not isinstance(ident, str) or not 0 < len(ident) <= 40 or not ident.isprintable():
        raise PuzzleError(f"{where}: 'id' must be 1 to 40 printable characters")
    kind = entry.get("kind")
    if kind not in KINDS.values():
        raise PuzzleError(f"{where}: 'kind' must be one of {', '.join(KINDS.values())}")
    difficulty = entry.get("difficulty")
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"{where}: 'difficulty' must be one of {', '.join(DIFFICULTIES)}")
    try:
        config = config_from_json(entry.get("config"))
    except SaveError as e:
        raise PuzzleError(f"{where}: {e}") from None
    if entry.get("players") != len(config.players):
        raise PuzzleError(f"{where}: 'players' must be the number of the setup's players")
    parts = entry.get("actions")
    if not isinstance(parts, list) or len(parts) > MAX_ACTIONS:
        raise PuzzleError(f"{where}: 'actions' must be a list of at most {MAX_ACTIONS} actions")
    try:
        game = replay(config, parts, rules)
    except SaveError as e:
        raise PuzzleError(f"{where}: {e}") from None
    game.quiet = True
    if game.is_over or KINDS.get(game.phase) != kind:
        raise PuzzleError(f"{where}: the position is not a {kind} decision (phase {game.phase})")
    answer = _action(entry.get("answer"), f"{where}: 'answer'")
    legal = game.legal_actions()
    if answer not in legal:
        raise PuzzleError(f"{where}: the answer {answer} is not legal in the position")
    choices = _choices(entry.get("choices"), where)
    if sorted(map(str, (c.action for c in choices))) != sorted(map(str, legal)):
        raise PuzzleError(f"{where}: 'choices' must be exactly the position's legal options")
    if choices[0].action is not answer:
        raise PuzzleError(f"{where}: the answer must be the first choice (the best)")
    if any(b.fame > a.fame for a, b in zip(choices, choices[1:])):
        raise PuzzleError(f"{where}: 'choices' must be in order of expected Fame, best first")
    if choices[0].fame - choices[1].fame < MARGIN - 2 * ROUNDING:
        raise PuzzleError(f"{where}: the answer is not clearly best (by less than {MARGIN} Fame)")
    if recompute:
        _same_figures(game, choices, where)
    return Puzzle(ident, str(kind), str(difficulty), config, tuple(game.actions()), answer, choices)


def _action(parts: object, where: str) -> Action:
    if not isinstance(parts, list):
        raise PuzzleError(f"{where}: not an action (a list of a name and numbers)")
    try:
        return action_from_parts(parts)
    except (IllegalAction, VikingsError, ValueError, TypeError) as e:
        raise PuzzleError(f"{where}: not an action ({e})") from None


def _choices(entries: object, where: str) -> tuple[Choice, ...]:
    if not isinstance(entries, list) or len(entries) < 2:
        raise PuzzleError(f"{where}: 'choices' must list at least two options")
    out = []
    for j, c in enumerate(entries):
        at = f"{where}: choices[{j}]"
        if not isinstance(c, dict):
            raise PuzzleError(f"{at} must be a mapping")
        action = _action(c.get("action"), f"{at}.action")
        fame, chance = _number(c.get("fame")), _number(c.get("chance"))
        if fame is None or not -MAX_FAME <= fame <= MAX_FAME:
            raise PuzzleError(f"{at}.fame must be a number from {-MAX_FAME} to {MAX_FAME}")
        if chance is None or not 0.0 <= chance <= 1.0:
            raise PuzzleError(f"{at}.chance must be a number from 0 to 1")
        out.append(Choice(action, fame, chance))
    return tuple(out)


def _number(value: object) -> float | None:
    """A finite JSON number as a float, else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def _same_figures(game: GameState, choices: tuple, where: str) -> None:
    fresh = {str(c.action): c for c in measure(game)}
    for c in choices:
        f = fresh[str(c.action)]
        if abs(f.fame - c.fame) > ROUNDING or abs(f.chance - c.chance) > ROUNDING:
            raise PuzzleError(
                f"{where}: {c.action} now measures {f.fame:.3f} Fame, {f.chance:.3f} chance "
                f"(the file has {c.fame:.3f}, {c.chance:.3f})"
            )


def to_json(puzzle_id: str, kind: str, difficulty: str, game: GameState, choices) -> dict:
    """A puzzle's entry as the file holds it (the tool writes these)."""
    return {
        "id": puzzle_id,
        "kind": kind,
        "difficulty": difficulty,
        "players": game.n,
        "config": game.config.to_json(),
        "actions": [a.to_json() for a in game.actions()],
        "answer": choices[0].action.to_json(),
        "choices": [
            {"action": c.action.to_json(), "fame": round(c.fame, 3), "chance": round(c.chance, 3)} for c in choices
        ],
    }


def file_doc(entries, rules: Rules) -> dict:
    return {"format": FORMAT, "version": VERSION, "rules_digest": rules.digest, "puzzles": list(entries)}


__all__ = [
    "Choice",
    "Puzzle",
    "PuzzleError",
    "Shelf",
    "Verdict",
    "daily",
    "judge",
    "load_puzzles",
    "measure",
    "position",
    "read_puzzles",
    "to_json",
    "file_doc",
]
