"""The lesson's state machine: which step is due, what it allows, the bot's scripted moves.

The coach sits on the lesson's Match (`match.coach`) and is asked in three places:
`Match.act()` asks `check()` before a person's decision is applied (the one door every
decision goes through: a move the step does not teach is refused there with the step's
friendly word), `Match.start_bot()` asks `bot_move()` for the script's move, and the table
scenes ask `holds()` before they animate the next event or let a bot move, so a step that
explains something waits until it has been read. The engine is untouched: the script is
played through legal_actions()/apply() like any other game.

No pygame here; the overlay (overlay.py) draws the current step and its target.

What a step says is looked up when it is shown (`Step.text`, `Coach.refusal`): a step
keeps the catalogue key of its words and the figures they name (ids of tiles and Vikings,
prices), never finished text, so a language chosen mid-lesson shows the step anew in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from vikings.engine.actions import Buy, FinishBoatswains, MoveViking, PlaceStart, PlaceTile, PlaceViking, UseBoatswain
from vikings.text import words
from vikings.text.lang import t
from vikings.text.words import in_sentence
from vikings.ui.lesson.script import lesson_game
from vikings.ui.table.match import MoveRefused

PROGRESS_VERSION = 1


def say(key: str, **params) -> tuple:
    """Words to look up when shown: (catalogue key, params). A param given as
    ("viking", id) or ("tile", id) is that kind's name in the language shown then."""
    return (key, tuple(sorted(params.items())))


def spoken(words_: tuple | None) -> str:
    """The text of `say()`'s words in the language in use ("" for none)."""
    if not words_:
        return ""
    key, params = words_
    shown = {}
    for k, v in params:
        if isinstance(v, tuple) and v[0] == "viking":
            v = in_sentence(words.viking(v[1]))
        elif isinstance(v, tuple) and v[0] == "tile":
            v = words.tile(v[1])
        shown[k] = v
    return t(key, **shown)


@dataclass(frozen=True)
class Step:
    id: str
    words: tuple = ()  # say(): the catalogue key of what the step says, and its figures
    target: tuple = ()
    at: int | None = None  # actions played when the step comes up
    move: object = None  # the taught action (a move step), None for a read step
    event: str | None = None  # the event waiting to be shown when it comes up
    player: int | None = None
    kind: str | None = None
    view: int | None = None  # whose display the table shows large (a scoring's player if not given)
    refuse_words: tuple = ()  # say(): the friendly word when the player tries another move
    finish: bool = False  # offers to let the bot play the person's seat
    auto: bool = False  # made by the coach for an untaught scripted move

    @property
    def is_move(self) -> bool:
        return self.move is not None

    @property
    def text(self) -> str:
        """What the step says, in the language in use."""
        return spoken(self.words)

    @property
    def refuse(self) -> str:
        return spoken(self.refuse_words)


class Coach:
    def __init__(self, lesson: dict, rules, index: int = 0, save=None):
        self.lesson = lesson
        self.rules = rules
        self.person = lesson["person"]
        self.script = lesson["script"]
        self.steps = build_steps(lesson, rules)
        self.index = max(0, min(index, len(self.steps) - 1))
        self.view = self.index  # the step shown (Back reads earlier ones again)
        self.refused = None  # say(): the last refused move's word, shown until the next step
        self.handed_over = False  # the bot plays the person's seat
        self._save = save  # called with the step index whenever it changes

    @property
    def refusal(self) -> str:
        """The last refused move's word in the language in use ("" when none)."""
        return spoken(self.refused)

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
        self.refused = None
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
            self.refused = say("lesson.refuse.read_first")
            raise MoveRefused(self.refusal)
        want = self.expected(match.game)
        if want is None or action == want:
            self.refused = None
            return
        self.refused = (
            s.refuse_words
            if s is not None and s.is_move and s.refuse_words
            else move_words(self.rules, match.game, want, "refuse")
        )
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
    scoring = {k: v for k, v in rules.scoring.__dict__.items() if isinstance(v, int)}
    taught = {s["at"] for s in lesson["steps"] if s["move"] is not None}
    authored = [
        Step(
            **{k: v for k, v in s.items() if k not in ("text", "refuse")},
            words=say(s["text"], **scoring),
            refuse_words=say(s["refuse"]) if s["refuse"] else (),
        )
        for s in lesson["steps"]
    ]
    autos = []
    for i, game, action in _person_moves(lesson, rules):
        if i not in taught:
            autos.append(
                Step(
                    id=f"move_{i}",
                    words=move_words(rules, game, action, "move"),
                    target=move_target(game, action),
                    at=i,
                    move=action,
                    auto=True,
                )
            )
    steps = authored + autos
    # Stable: at the same moment, event steps first (the events are shown before the next
    # decision), then read steps, then the move; steps without `at` (after the script) last.
    big = len(lesson["script"]) + 1
    order = sorted(
        range(len(steps)),
        key=lambda k: (
            steps[k].at if steps[k].at is not None else big,
            0 if steps[k].event else 2 if steps[k].is_move else 1,
            k,
        ),
    )
    return [steps[k] for k in order]


def _person_moves(lesson, rules):
    game = lesson_game(rules, lesson["seed"], lesson["person"])
    for i, a in enumerate(lesson["script"]):
        if game.to_move == lesson["person"]:
            yield i, game.copy(), a
        game.apply(a)


def move_words(rules, game, a, use: str) -> tuple:
    """A scripted move in words (say()): `use` "move" for the coach's own step that asks
    for it, "refuse" for the word when the player tried another move."""
    k = f"lesson.{use}"
    if isinstance(a, Buy):
        return say(f"{k}.buy", price=game.price(a.space))
    if isinstance(a, PlaceStart):
        both = use == "move" and any(isinstance(x, PlaceTile) for x in game.legal_actions())
        return say(f"{k}.start_first" if both else f"{k}.start")
    if isinstance(a, PlaceTile):
        if game.hand_tile < 0:
            return say(f"{k}.tile_any")
        return say(f"{k}.tile", tile=("tile", rules.tiles[game.hand_tile].id))
    if isinstance(a, PlaceViking):
        where = "viking_tile" if a.on_tile else "viking_pool"
        if game.hand_viking < 0:
            return say(f"{k}.{where}_any")
        return say(f"{k}.{where}", viking=("viking", rules.vikings[game.hand_viking].id))
    if isinstance(a, UseBoatswain):
        return say(f"{k}.boatswain")
    if isinstance(a, FinishBoatswains):
        return say(f"{k}.finish")
    if isinstance(a, MoveViking):
        return say(f"{k}.move_viking")
    return say(f"{k}.other", action=str(a))


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
