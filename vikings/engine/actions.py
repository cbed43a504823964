"""Actions: the decisions a player makes, as small immutable values.

Each kind is its own class so that equal-looking decisions of different kinds never
compare equal. Instances are interned: `Buy(3) is Buy(3)`, so building legal-action
lists costs no allocation and membership tests are cheap. Each action has a short text
form (`str(a)`, `parse_action`) used by logs, saves and the command line.
"""

from __future__ import annotations

import re
from typing import Any, Self

from vikings.engine.errors import IllegalAction


class Action:
    __slots__ = ()
    _cache: dict[tuple[Any, ...], Action]
    name = ""

    def __new__(cls, *args: Any) -> Self:
        key = cls._key(*args)
        try:
            return cls._cache[key]  # type: ignore[return-value]  # (each class has its own cache)
        except KeyError:
            obj = object.__new__(cls)
            obj._set(*key)
            cls._cache[key] = obj
            return obj

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._cache = {}

    @classmethod
    def _key(cls, *args: Any) -> tuple[Any, ...]:
        """The canonical arguments (whole numbers, never bools or floats), so that equal
        actions are the same object and always serialize the same way."""
        return tuple(_int(a, cls.name) for a in args)

    def _set(self, *args: Any) -> None:
        pass

    # Unpickles to the interned instance (the bots' process relies on it).
    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        return (type(self), self._new_args())

    def _new_args(self) -> tuple[Any, ...]:
        """The arguments that rebuild this action (the text form's, unless they differ)."""
        return self.args()

    def args(self) -> tuple[Any, ...]:
        return ()

    def __str__(self) -> str:
        return " ".join([self.name, *map(str, self.args())])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(repr, self.args()))})"

    def to_json(self) -> list[Any]:
        return [self.name, *self.args()]


class Buy(Action):
    """Buy the group lying at wheel space `space` (the space it was laid on, 0-11)."""

    __slots__ = ("space",)
    name = "buy"

    def _set(self, space: int) -> None:
        self.space = space

    def args(self) -> tuple[int]:
        return (self.space,)


class PlaceTile(Action):
    """Place the bought tile at (row, col); row 0 is the ship row, columns start at 1."""

    __slots__ = ("row", "col")
    name = "tile"

    def _set(self, row: int, col: int) -> None:
        self.row, self.col = row, col

    def args(self) -> tuple[int, int]:
        return (self.row, self.col)


class PlaceStart(Action):
    """Place the start tile in column 1 of island row `row` (first purchase only)."""

    __slots__ = ("row",)
    name = "start"

    def _set(self, row: int) -> None:
        self.row = row

    def args(self) -> tuple[int]:
        return (self.row,)


class PlaceViking(Action):
    """Put the bought Viking on the tile just placed (`on_tile`) or in the pool."""

    __slots__ = ("on_tile",)
    name = "viking"

    @classmethod
    def _key(cls, on_tile: object) -> tuple[bool]:
        if on_tile not in (True, False):  # 0 and 1 compare equal to these, which is fine
            raise IllegalAction(f"'viking' takes on_tile True or False, got {on_tile!r}")
        return (bool(on_tile),)

    def _set(self, on_tile: bool) -> None:
        self.on_tile = bool(on_tile)

    def _new_args(self) -> tuple[bool]:
        return (self.on_tile,)

    def args(self) -> tuple[str]:
        return ("tile" if self.on_tile else "pool",)


class UseBoatswain(Action):
    """Spend a boatswain: move all Vikings of kind `kind` (mode "all") or one of each
    movable kind (mode "each", kind -1) from the pool to empty tiles of their rows; with
    the single_boatswain option, mode "one" moves one Viking of `kind`, and "all"/"each"
    also spend a boat special tile."""

    __slots__ = ("mode", "kind")
    name = "boatswain"

    @classmethod
    def _key(cls, mode: object, kind: object = -1) -> tuple[str, int]:
        if mode not in ("all", "each", "one"):
            raise IllegalAction(f"a boatswain moves 'all' or 'one' of one kind or 'each' kind, not {mode!r}")
        return (mode, -1 if mode == "each" else _int(kind, cls.name))

    def _set(self, mode: str, kind: int) -> None:
        self.mode, self.kind = mode, kind

    def args(self) -> tuple[str] | tuple[str, int]:
        return (self.mode,) if self.mode == "each" else (self.mode, self.kind)


class MoveViking(Action):
    """Choose the empty tile (row, col) for the next Viking a boatswain moves."""

    __slots__ = ("row", "col")
    name = "move"

    def _set(self, row: int, col: int) -> None:
        self.row, self.col = row, col

    def args(self) -> tuple[int, int]:
        return (self.row, self.col)


class FinishBoatswains(Action):
    """Use no more boatswains in this large scoring."""

    __slots__ = ()
    name = "finish"


# The advanced game ------------------------------------------------------------------------
class Bid(Action):
    """Auction: bid `amount` Gold (Fame converts for the shortfall) to become start player."""

    __slots__ = ("amount",)
    name = "bid"

    def _set(self, amount: int) -> None:
        self.amount = amount

    def args(self) -> tuple[int]:
        return (self.amount,)


class PassBid(Action):
    """Auction: leave this auction (for good)."""

    __slots__ = ()
    name = "pass"


class RemoveViking(Action):
    """Auction winner: remove one drawn Viking of kind `kind` from the game."""

    __slots__ = ("kind",)
    name = "remove"

    def _set(self, kind: int) -> None:
        self.kind = kind

    def args(self) -> tuple[int]:
        return (self.kind,)


class ChooseColour(Action):
    """Put every drawn Viking of kind `kind` on the highest free wheel spaces."""

    __slots__ = ("kind",)
    name = "colour"

    def _set(self, kind: int) -> None:
        self.kind = kind

    def args(self) -> tuple[int]:
        return (self.kind,)


class TakeSpecial(Action):
    """Take the face-up special tile in slot `slot` (0-3) after buying the dearest group."""

    __slots__ = ("slot",)
    name = "special"

    def _set(self, slot: int) -> None:
        self.slot = slot

    def args(self) -> tuple[int]:
        return (self.slot,)


class DeclineSpecial(Action):
    """Take no special tile."""

    __slots__ = ()
    name = "nospecial"


class ReplaceTile(Action):
    """Put a building special tile in place of the middle tile at (row, col)."""

    __slots__ = ("row", "col")
    name = "replace"

    def _set(self, row: int, col: int) -> None:
        self.row, self.col = row, col

    def args(self) -> tuple[int, int]:
        return (self.row, self.col)


ACTION_TYPES = {
    cls.name: cls
    for cls in (
        Buy,
        PlaceTile,
        PlaceStart,
        PlaceViking,
        UseBoatswain,
        MoveViking,
        FinishBoatswains,
        Bid,
        PassBid,
        RemoveViking,
        ChooseColour,
        TakeSpecial,
        DeclineSpecial,
        ReplaceTile,
    )
}
_ARITY = {
    "buy": (1,),
    "tile": (2,),
    "start": (1,),
    "viking": (1,),
    "boatswain": (1, 2),
    "move": (2,),
    "finish": (0,),
    "bid": (1,),
    "pass": (0,),
    "remove": (1,),
    "colour": (1,),
    "special": (1,),
    "nospecial": (0,),
    "replace": (2,),
}


def action_from_parts(parts: Any) -> Action:
    """Build an action from its name and arguments (JSON list or split text)."""
    if not parts or not isinstance(parts[0], str) or parts[0] not in ACTION_TYPES:
        raise IllegalAction(f"unknown action {_short(parts)}; expected one of: {', '.join(ACTION_TYPES)}")
    name, args = parts[0], list(parts[1:])
    if len(args) not in _ARITY[name]:
        raise IllegalAction(
            f"action {name!r} takes {' or '.join(map(str, _ARITY[name]))} argument(s), got {_short(args)}"
        )
    if name == "viking":
        if args[0] not in ("tile", "pool", True, False):
            raise IllegalAction(f"'viking' takes 'tile' or 'pool', got {_short(args[0])}")
        return PlaceViking(args[0] in ("tile", True))
    if name == "boatswain":
        if args[0] == "each" and len(args) == 1:
            return UseBoatswain("each", -1)
        if args[0] in ("all", "one") and len(args) == 2:
            return UseBoatswain(args[0], _int(args[1], name))
        raise IllegalAction(f"'boatswain' takes 'each', 'all KIND' or 'one KIND', got {_short(args)}")
    return ACTION_TYPES[name](*(_int(a, name) for a in args))


_WHOLE = re.compile(r"-?[0-9]{1,18}")  # ASCII digits only: str.isdigit() also takes '²' and '①'


def _int(value: object, name: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value)
    raise IllegalAction(f"action {name!r}: {_short(value)} is not a whole number")


def _short(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it: its repr, cut short (a damaged save may hold
    a megabyte where a number belongs)."""
    text = repr(value[:8] if isinstance(value, list) else value[:limit] if isinstance(value, str) else value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_action(text: str) -> Action:
    """Read an action's text form, e.g. "buy 3", "tile 2 4", "boatswain all 1"."""
    return action_from_parts(text.split())
