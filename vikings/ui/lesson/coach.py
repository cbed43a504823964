"""The lesson's state machine: which step is due, what it allows, the bot's scripted moves.

The coach sits on the lesson's Match (`match.coach`) and is asked in three places:
`Match.act()` asks `check()` before a person's decision is applied (the one door every
decision goes through: a move the step does not teach is refused there with the step's
friendly word), `Match.start_bot()` asks `bot_move()` for the script's move, and the table
scenes ask `holds()` before they animate the next event or let a bot move, so a step that
explains something waits until it has been read. The engine is untouched: the script is
played through legal_actions()/apply() like any other game.

No pygame here; the overlay (overlay.py) draws the current step and its target.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import (Buy, FinishBoatswains, MoveViking, PlaceStart, PlaceTile, PlaceViking,
                               UseBoatswain)
from ..match import MoveRefused
from .script import lesson_game

PROGRESS_VERSION = 1


@dataclass(frozen=True)
class Step:
    id: str
    text: str
    target: tuple = ()
    at: int | None = None          # actions played when the step comes up
    move: object = None            # the taught action (a move step), None for a read step
    event: str | None = None       # the event waiting to be shown when it comes up
    player: int | None = None
    kind: str | None = None
    view: int | None = None        # whose display the table shows large (a scoring's player if not given)
    refuse: str = ""
    finish: bool = False           # offers to let the bot play the person's seat
    auto: bool = False             # made by the coach for an untaught scripted move

    @property
    def is_move(self) -> bool:
        return self.move is not None


class Coach:
    def __init__(self, lesson: dict, rules, index: int = 0, save=None):
        self.lesson = lesson
        self.rules = rules
        self.person = lesson["person"]
        self.script = lesson["script"]
        self.steps = build_steps(lesson, rules)
        self.index = max(0, min(index, len(self.steps) - 1))
        self.view = self.index          # the step shown (Back reads earlier ones again)
        self.refusal = ""               # the last refused move's word, shown until the next step
        self.handed_over = False        # the bot plays the person's seat
        self._save = save               # called with the step index whenever it changes

    # Where the lesson is -----------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def shown(self) -> Step | None:
        return self.steps[self.view] if self.view < len(self.steps) else None

    @property
    def last(self) -> bool:
        return self.index >= len(self.steps) - 1

    def due(self, match, step: Step | None = None) -> bool:
        """The step's moment has come: its actions played and its event waiting (or, for a
        step without an event, nothing left to show)."""
        s = step or self.step
        if s is None:
            return False
        if s is self.steps[-1] and s.at is None and match.game.is_over:
            return True  # the last word stays up once the game is over
        n = len(match.game.actions())
        if s.at is not None and n != s.at:
            return False
        if s.event is not None:
            return bool(match.pending) and self._matches(s, match.pending[0])
        return not match.pending

    def _passed(self, match, s: Step) -> bool:
        """The step's moment is over (a game played past it, e.g. after a resume)."""
        n = len(match.game.actions())
        if s.at is not None and n > s.at:
            return True
        if s.event is not None and (s.at is None and match.game.is_over or s.at is not None and n == s.at):
            return not any(self._matches(s, e) for e in match.pending)
        return False

    @staticmethod
    def _matches(s: Step, e) -> bool:
        if e.type != s.event:
            return False
        if s.player is not None and e.player != s.player:
            return False
        return s.kind is None or e.data.get("kind") == s.kind

    def update(self, match) -> bool:
        """Move past steps that are done (a taught move made, a moment passed). True if
        the step changed."""
        start = self.index
        while self.index < len(self.steps) - 1:
            s = self.step
            if self._passed(match, s):
                self.index += 1
                continue
            break
        if self.index != start:
            self._changed()
            return True
        return False

    def _changed(self) -> None:
        self.view = self.index
        self.refusal = ""
        if self._save is not None:
            self._save(self.index)

    # Reading ---------------------------------------------------------------------------------
    def can_next(self, match) -> bool:
        if self.view < self.index:
            return True
        s = self.step
        return s is not None and not s.is_move and not self.last and self.due(match)

    def next(self, match) -> bool:
        """Next: read on (after Back), or acknowledge a read step whose moment has come."""
        if self.view < self.index:
            self.view += 1
            return True
        if self.can_next(match):
            self.index += 1
            self._changed()
            self.update(match)
            return True
        return False

    def back(self) -> bool:
        if self.view > 0:
            self.view -= 1
            return True
        return False

    # The door's guard ------------------------------------------------------------------------
    def expected(self, game):
        """The script's next move, while the script lasts."""
        n = len(game.actions())
        return self.script[n] if n < len(self.script) else None

    def check(self, match, action) -> None:
        """Called by Match.act() for a person's decision: raise MoveRefused with a friendly
        word if the lesson does not want this move now."""
        if self.handed_over:
            return
        s = self.step
        if s is not None and not s.is_move and not self.last and self.due(match):
            self.refusal = "Read this step first, then press Next (Page Down)."
            raise MoveRefused(self.refusal)
        want = self.expected(match.game)
        if want is None or action == want:
            self.refusal = ""
            return
        self.refusal = (s.refuse if s is not None and s.is_move and s.refuse else
                        f"In this lesson, please make the marked move: {move_words(self.rules, match.game, want)}.")
        raise MoveRefused(self.refusal)

    def holds(self, match, handles=(), phases=()) -> bool:
        """A read step waits for Next: no event is shown and no bot moves meanwhile. It
        holds only the scene that would go on (the one that shows its event, or for a step
        without one, the one that asks for the decision now: `handles`, `phases`), so the
        table first comes to the scene the step talks about."""
        s = self.step
        if s is None or s.is_move or self.last or not self.due(match):
            return False
        if s.event is not None:
            return s.event in handles
        return match.game.phase in phases

    def wants(self, event) -> bool:
        """True if the current step waits to explain `event` (a skip must stop before it)."""
        s = self.step
        return s is not None and s.event is not None and self._matches(s, event)

    def bot_move(self, game):
        """The bot's scripted move, or None once the script is over (a real bot then)."""
        if self.handed_over and game.to_move == self.person:
            return None
        want = self.expected(game)
        if want is None or game.to_move == self.person:
            return None
        return want if want in game.legal_actions() else None


def build_steps(lesson: dict, rules) -> list[Step]:
    """The lesson's steps, with a short step of the coach's own for every scripted move of
    the person that no step teaches, in the order they come up."""
    scoring = rules.scoring.__dict__
    taught = {s["at"] for s in lesson["steps"] if s["move"] is not None}
    authored = [Step(**{**s, "text": s["text"].format(**scoring)}) for s in lesson["steps"]]
    autos = []
    for i, game, action in _person_moves(lesson, rules):
        if i not in taught:
            autos.append(Step(id=f"move_{i}", text=move_text(rules, game, action), target=move_target(game, action),
                              at=i, move=action, auto=True))
    steps = authored + autos
    # Stable: at the same moment, event steps first (the events are shown before the next
    # decision), then read steps, then the move; steps without `at` (after the script) last.
    big = len(lesson["script"]) + 1
    order = sorted(range(len(steps)), key=lambda k: (steps[k].at if steps[k].at is not None else big,
                                                     0 if steps[k].event else 2 if steps[k].is_move else 1, k))
    return [steps[k] for k in order]


def _person_moves(lesson, rules):
    game = lesson_game(rules, lesson["seed"], lesson["person"])
    for i, a in enumerate(lesson["script"]):
        if game.to_move == lesson["person"]:
            yield i, game.copy(), a
        game.apply(a)


def move_words(rules, game, a) -> str:
    """A scripted move in a few words (the auto steps and the refusals say it)."""
    if isinstance(a, Buy):
        return f"buy the marked group at price {game.price(a.space)}"
    if isinstance(a, PlaceStart):
        return "place the start tile on the marked cell"
    if isinstance(a, PlaceTile):
        name = rules.tiles[game.hand_tile].name.lower() if game.hand_tile >= 0 else "tile"
        return f"put the {name} on the marked cell"
    if isinstance(a, PlaceViking):
        k = rules.vikings[game.hand_viking].name.lower() if game.hand_viking >= 0 else "Viking"
        return f"put your {k} on its tile (T)" if a.on_tile else f"send your {k} to the pool (P)"
    if isinstance(a, UseBoatswain):
        return "use a boatswain as marked"
    if isinstance(a, FinishBoatswains):
        return "press Done (D)"
    if isinstance(a, MoveViking):
        return "move the Viking to the marked tile"
    return str(a)


def move_text(rules, game, a) -> str:
    words = move_words(rules, game, a)
    extra = ""
    if isinstance(a, Buy):
        extra = " Click it, then press Buy (or Enter)."
    elif isinstance(a, PlaceStart) and any(isinstance(x, PlaceTile) for x in game.legal_actions()):
        extra = " Press \"Place the start tile first\" (S), then click the cell."
    return words[0].upper() + words[1:] + "." + extra


def move_target(game, a) -> tuple:
    if isinstance(a, Buy):
        return (("wheel", a.space),)
    if isinstance(a, PlaceStart):
        cell = ("cell", a.row, 1)
        both = any(isinstance(x, PlaceTile) for x in game.legal_actions())
        return (("button", "start"), cell) if both else (cell,)
    if isinstance(a, (PlaceTile, MoveViking)):
        return (("cell", a.row, a.col),)
    if isinstance(a, PlaceViking):
        return (("button", "tile" if a.on_tile else "pool"),)
    return (("button", str(a)),)
