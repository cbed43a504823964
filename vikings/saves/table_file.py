"""The table file: what the desktop game writes to the autosave and to named saves, and
the one door every such file is read through.

A table is a JSON object around the engine's save (`game`, the text of
`engine.serialize.save`): who sits at each seat (name, bot level or "person", colour),
the hint counts, from version 2 a checksum over the whole object (damage to the seats is
caught like damage to the game), and from version 3 the seconds played so far and whether
the game is practice (played again from a review). Reading checks everything before a Match is
built: the bytes (size, UTF-8, nesting: safe_json), then the declared layout below (the
type, range and length of every field), then the seats among themselves, then the game
(the engine replays it), then the seats against the game. Any problem is one SaveError of
one short line naming the field; nothing is half loaded.

The layout is declared with a few small checkers rather than a JSON Schema library: the
checks that matter most here (seats against the game's players, distinct names and
colours, the checksum) are not expressible in a schema anyway, and a schema validator's
messages quote whole values, which is what the messages here must not do.

The messages are English, for the log as well; ui/reasons.py shows them in the player's
language by their wording (the details of a damaged save stay as written).
"""

from __future__ import annotations

from typing import NamedTuple

from vikings.bots import LEVELS
from vikings.engine.errors import SaveError
from vikings.engine.serialize import checksum
from vikings.engine.serialize import load as load_game
from vikings.saves import safe_json
from vikings.saves.safe_json import BadFile, excerpt, kind_of

FORMAT = "vikings-table"
VERSION = 3
READS = (1, 2, 3)  # version 1: no checksum of its own, no hints; version 2: no seconds
MAX_BYTES = 2_000_000  # a table is 12-16 KB; anything much larger is not one
NAME_MAX = 40  # the setup screen allows 20
MAX_SEATS = 8  # the layout's bound; the game decides the real number
MAX_HINTS = 1_000_000
MAX_SECONDS = 30 * 24 * 3600  # the time a game has been played, at most (a month)
PERSON = "person"
KINDS = (PERSON, *LEVELS)
# The colours a seat may choose, by name (the screens give each its RGB).
COLOURS = ("purple", "orange", "teal", "pink", "brown", "white")


SAVE_NAME_MAX = 200  # characters of a save's name


class Seat(NamedTuple):
    name: str
    kind: str  # "person" or a bot level
    colour: str  # a name from COLOURS

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON


class Table(NamedTuple):
    """A checked table: its seats, its (replayed) game and the hint count of each seat."""

    seats: tuple[Seat, ...]
    game: object  # engine GameState
    hints: list[int]
    version: int
    seconds: int = 0  # played so far, over every sitting (0: not known, a file before version 3)
    practice: bool = False  # a game played again from a review (try again): not a real result


# The declared layout ------------------------------------------------------------------------
class _Refused(Exception):
    pass


def _refuse(where: str, problem: str):
    raise _Refused(f"{where} {problem}")


class Text(NamedTuple):
    low: int
    high: int

    def check(self, value, where: str) -> str:
        if not isinstance(value, str):
            _refuse(where, f"must be a text; got {kind_of(value)}")
        if len(value) < self.low or not value.strip():
            _refuse(where, "must not be empty")
        if len(value) > self.high:
            _refuse(where, f"is longer than {self.high} characters ({excerpt(value)})")
        if value != value.strip() or not value.isprintable():
            _refuse(where, f"{excerpt(value)} has spaces around it or a control character")
        return value


class Record(NamedTuple):
    """A long text of many lines (the engine's save)."""

    high: int

    def check(self, value, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            _refuse(where, f"must be the saved game's text; got {kind_of(value)}")
        if len(value) > self.high:
            _refuse(where, f"is longer than {self.high:,} characters")
        return value


class Choice(NamedTuple):
    options: tuple

    def check(self, value, where: str):
        if not isinstance(value, str) or value not in self.options:
            _refuse(where, f"must be one of {', '.join(self.options)}; got {kind_of(value)}")
        return value


class Int(NamedTuple):
    low: int
    high: int

    def check(self, value, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not self.low <= value <= self.high:
            _refuse(where, f"must be a whole number from {self.low} to {self.high}; got {kind_of(value)}")
        return value


class Flag(NamedTuple):
    def check(self, value, where: str) -> bool:
        if not isinstance(value, bool):
            _refuse(where, f"must be true or false; got {kind_of(value)}")
        return value


class Hex(NamedTuple):
    length: int

    def check(self, value, where: str) -> str:
        if not isinstance(value, str) or len(value) != self.length or value.strip("0123456789abcdef"):
            _refuse(where, f"must be {self.length} hexadecimal digits; got {kind_of(value)}")
        return value


class ListOf(NamedTuple):
    item: object
    low: int
    high: int
    label: str  # how an entry is named, "{}" its number from 1

    def check(self, value, where: str) -> list:
        if not isinstance(value, list):
            _refuse(where, f"must be a list; got {kind_of(value)}")
        if not self.low <= len(value) <= self.high:
            _refuse(where, f"must have {self.low}-{self.high} entries; it has {len(value)}")
        return [self.item.check(v, self.label.format(i)) for i, v in enumerate(value, 1)]


class Row(NamedTuple):
    """A list of a fixed number of named entries (a seat is [name, kind, colour])."""

    fields: tuple  # (name, checker)

    def check(self, value, where: str) -> tuple:
        names = ", ".join(n for n, _ in self.fields)
        if not isinstance(value, list) or len(value) != len(self.fields):
            _refuse(where, f"must be a list of {len(self.fields)} ({names}); got {kind_of(value)}")
        return tuple(c.check(v, f"{where}'s {n}") for (n, c), v in zip(self.fields, value))


SEAT = Row((("name", Text(1, NAME_MAX)), ("kind", Choice(KINDS)), ("colour", Choice(COLOURS))))

# field: (checker, versions it may appear in, versions it must appear in)
LAYOUT = {
    "format": (Choice((FORMAT,)), (1, 2, 3), (1, 2, 3)),
    "version": (Int(1, VERSION), (1, 2, 3), (1, 2, 3)),
    "seats": (ListOf(SEAT, 1, MAX_SEATS, "seat {}"), (1, 2, 3), (1, 2, 3)),
    "hints": (ListOf(Int(0, MAX_HINTS), 1, MAX_SEATS, "the hint count of seat {}"), (2, 3), ()),
    "game": (Record(MAX_BYTES), (1, 2, 3), (1, 2, 3)),
    "checksum": (Hex(64), (2, 3), (2, 3)),
    "name": (Text(1, SAVE_NAME_MAX), (2, 3), ()),  # a named save's name as the player typed it
    "seconds": (Int(0, MAX_SECONDS), (3,), ()),  # the time played so far, over every sitting
    "practice": (Flag(), (3,), ()),  # a try-again game (written only when true)
}


# Writing ------------------------------------------------------------------------------------
def table_doc(seats, game_text: str, hints, name: str = "", seconds: int = 0, practice: bool = False) -> dict:
    """The table as the JSON object the file holds (version 3, sealed by its checksum);
    `name`: a named save's name as typed (its file name is a safe spelling of it);
    `seconds`: the time played so far (kept within 0 to MAX_SECONDS); `practice`: a game
    played again from a review."""
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "seats": [list(s) for s in seats],
        "hints": [int(h) for h in hints],
        "game": game_text,
        "seconds": max(0, min(int(seconds), MAX_SECONDS)),
    }
    if name:
        doc["name"] = name[:SAVE_NAME_MAX]
    if practice:
        doc["practice"] = True
    doc["checksum"] = checksum(doc)
    return doc


# Reading ------------------------------------------------------------------------------------
def load_table_file(path, rules) -> Table:
    """The table saved at `path`, read through every check; SaveError says why not."""
    try:
        data = safe_json.read_limited(path, MAX_BYTES)
    except BadFile as e:
        raise SaveError(str(e)) from None
    return read_table(data, rules)


def read_table(data: bytes | str, rules) -> Table:
    """A table from the file's bytes (or text)."""
    try:
        doc = safe_json.parse(data)
    except BadFile as e:
        raise SaveError(safe_json.one_line(f"not a saved game: {e}")) from None
    return check_doc(doc, rules)


def check_doc(doc, rules) -> Table:
    """A table from its parsed JSON object (as `table_doc` makes it)."""
    version = _header(doc)
    try:
        fields = {key: LAYOUT[key][0].check(value, f"'{key}'") for key, value in doc.items()}
        seats = tuple(Seat(*s) for s in fields["seats"])
        _distinct(seats)
    except _Refused as e:
        raise SaveError(safe_json.one_line(f"damaged save: {e}")) from None
    game = _game(fields["game"], rules)
    hints = fields.get("hints", [0] * len(seats))
    _consistent(seats, hints, game)
    return Table(seats, game, list(hints), version, fields.get("seconds", 0), fields.get("practice", False))


def _header(doc) -> int:
    """Format and version first (another version may checksum differently), then which
    fields are there, then integrity."""
    if not isinstance(doc, dict):
        raise SaveError(f"not a saved Vikings table: the file holds {kind_of(doc)}, not an object")
    if doc.get("format") != FORMAT:
        raise SaveError(
            safe_json.one_line(
                f"not a saved Vikings table: 'format' is {kind_of(doc.get('format'))}, expected \"{FORMAT}\""
            )
        )
    version = doc.get("version")
    if version not in READS or isinstance(version, bool):
        newer = " (saved by a newer edition?)" if isinstance(version, int) and version > VERSION else ""
        raise SaveError(
            safe_json.one_line(
                f"table version {excerpt(version)} is not supported{newer}; "
                f"this edition reads versions {', '.join(map(str, READS))}"
            )
        )
    for key in doc:
        if key not in LAYOUT or version not in LAYOUT[key][1]:
            raise SaveError(
                safe_json.one_line(f"damaged save: unknown field {excerpt(key)} in a version {version} table")
            )
    for key, (_, _, required) in LAYOUT.items():
        if version in required and key not in doc:
            raise SaveError(f"damaged save: the table has no '{key}'")
    if version >= 2:
        if not isinstance(doc["checksum"], str):
            raise SaveError("damaged save: the table's checksum is missing")
        if doc["checksum"] != checksum(doc):
            raise SaveError("checksum mismatch: the table file was changed after it was saved")
    return version


def _distinct(seats) -> None:
    for i, a in enumerate(seats):
        for j, b in enumerate(seats[:i]):
            if a.name.casefold() == b.name.casefold():
                _refuse(f"seats {j + 1} and {i + 1}", f"have the same name ({excerpt(a.name)})")
            if a.colour == b.colour:
                _refuse(f"seats {j + 1} and {i + 1}", f"have the same colour ({a.colour})")


def _game(text: str, rules):
    """The engine's game, replayed from its save (bounded parsing first: the engine's own
    reader has no depth or size limits of its own)."""
    try:
        safe_json.parse(text)
    except BadFile as e:
        raise SaveError(safe_json.one_line(f"damaged save: the game inside the table: {e}")) from None
    try:
        return load_game(text, rules)
    except SaveError as e:
        raise SaveError(safe_json.one_line(str(e))) from None


def _consistent(seats, hints, game) -> None:
    players = game.config.players
    if len(seats) != game.n:
        raise SaveError(f"damaged save: the table has {len(seats)} seats but its game {game.n} players")
    for i, (seat, player) in enumerate(zip(seats, players), 1):
        if seat.name != player:
            raise SaveError(
                safe_json.one_line(
                    f"damaged save: seat {i}'s name {excerpt(seat.name)} is not the game's player {i} ({excerpt(player)})"
                )
            )
    if len(hints) != len(seats):
        raise SaveError(f"damaged save: 'hints' has {len(hints)} entries for {len(seats)} seats")
