"""Player settings, kept between runs in the user's config folder.

Reading them never stops the game from starting. A file that cannot be read at all (no
permission, not UTF-8, not JSON, too large or too deep) is set aside with a line in the
log and the defaults are used; in a readable file each field is checked against its
dataclass type and the RANGES table below, and a bad one falls back to its default (or is
clamped into its range), also with a line in the log. A new setting is one dataclass
field, plus one line in RANGES if its values are limited.

A person's own settings can be worn for a while (`wear`: a profile's language and
preferences during her game, ui/table/own_settings.py): the app then uses them, and
`save` still writes the desk's own values for those fields until `take_off`.
"""

from __future__ import annotations

import logging
import math
import types
import typing
from dataclasses import asdict, dataclass, field, fields

from vikings.saves import safe_json
from vikings.saves.folders import Storage
from vikings.saves.safe_json import BadFile, kind_of
from vikings.text.lang import LANGUAGES

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}  # animation speed factors
PACES = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}  # pause after a bot's move, s
FILE_LIMIT = 64_000  # bytes; the file is about 200

log = logging.getLogger("vikings")
UI_SCALES = (90, 100, 110, 120, 130, 140, 150)  # % of the lettering's size for the window


@dataclass
class Settings:
    width: int = 1600
    height: int = 900
    fullscreen: bool = False
    animation: str = "normal"  # a key of SPEEDS
    bot_pace: str = "normal"  # a key of PACES
    confirm_purchase: bool = True  # ask before a purchase that costs Fame
    effects_volume: int = 80  # sound effects, 0-100
    music_volume: int = 0  # the music loop, 0-100 (0: no music)
    muted: bool = False  # no sound at all
    hints: bool = True  # the Hint button and the H key at a person's decision
    ui_scale: int = 100  # %, 90-150: the lettering's size on top of the window's scale
    window_pos: list[int] = field(
        default_factory=list
    )  # [x, y] of the window when last closed; [] = the system's choice
    language: str = ""  # a code of lang.LANGUAGES; "" = the system's language (lang.system_language)
    # The last table set up: [kind, colour, name] a seat ("" for a name the game gave), and
    # the advanced rules chosen; the setup screen starts from them.
    last_seats: list[list[str]] = field(default_factory=list)
    last_options: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.desk: dict[str, object] = {}  # the desk's own values of the fields worn (see wear)
        self.worn_by: object = None  # whose settings are worn (None: the desk's own)

    def wear(self, values: dict[str, object], fields: tuple[str, ...], by: object) -> None:
        """Use `values` for `fields` (a person's own settings; a field she has no value for
        keeps the desk's) until `take_off`; meanwhile `save` writes the desk's values of
        those fields, whatever the app changes them to."""
        self.take_off()
        self.desk = {f: getattr(self, f) for f in fields}
        self.worn_by = by
        for f, value in values.items():
            if f in self.desk:
                setattr(self, f, value)

    def take_off(self) -> set[str]:
        """The desk's own values again; the fields that changed by it."""
        changed = {f for f, value in self.desk.items() if getattr(self, f) != value}
        for f, value in self.desk.items():
            setattr(self, f, value)
        self.desk, self.worn_by = {}, None
        return changed

    @property
    def speed(self) -> float:
        return SPEEDS[self.animation]

    @property
    def pace(self) -> float:
        return PACES[self.bot_pace]

    @classmethod
    def load(cls, storage: Storage) -> Settings:
        """The saved settings; defaults for anything missing or unreadable (a broken file
        must not stop the game from starting: it is set aside, see the module's notes)."""
        path = storage.settings_path
        try:
            path.lstat()
        except (FileNotFoundError, NotADirectoryError):  # (a file where its folder would be: nothing to read)
            return cls()
        except OSError:
            pass  # read below, which says what is wrong
        try:
            doc = safe_json.parse(safe_json.read_limited(path, FILE_LIMIT))
            if not isinstance(doc, dict):
                raise BadFile(f"it holds {kind_of(doc)}, not an object of settings")
        except BadFile as e:
            storage.set_aside(path, str(e))
            return cls()
        return cls.from_doc(doc)

    @classmethod
    def from_doc(cls, doc: dict) -> Settings:
        """Settings from a parsed file: each field checked, bad ones replaced (and logged)."""
        s = cls()
        hints = typing.get_type_hints(cls)
        for f in fields(cls):
            if f.name not in doc:
                continue
            value, default = doc[f.name], getattr(s, f.name)
            if not _fits(value, hints[f.name]):
                _note(f"'{f.name}' must be {_describe(hints[f.name])}, got {kind_of(value)}; using {default!r}")
                continue
            value = _converted(value, hints[f.name])
            allowed = RANGES.get(f.name)
            if isinstance(allowed, tuple) and len(allowed) == 2 and isinstance(value, (int, float)):
                low, high = allowed
                if not low <= value <= high:
                    _note(f"'{f.name}' must be from {low} to {high}, got {value}; using the nearest")
                    value = min(max(value, low), high)
            elif allowed is not None and value not in allowed:
                _note(
                    f"'{f.name}' must be one of {', '.join(map(str, allowed))}, got {kind_of(value)}; using {default!r}"
                )
                continue
            setattr(s, f.name, value)
        if len(s.window_pos) not in (0, 2):
            _note(f"'window_pos' must be two numbers or none, got {len(s.window_pos)}; using []")
            s.window_pos = []
        low, high = WINDOW_POS
        s.window_pos = [min(max(v, low), high) for v in s.window_pos]
        return s

    def save(self, storage: Storage) -> None:
        """Write the desk's settings (a person's worn for her game are not the desk's)."""
        storage.write_json(storage.settings_path, {**asdict(self), **self.desk})


# What a setting may hold beyond its type: (low, high) for a number (clamped into it), or
# the allowed values (anything else gives the default).
RANGES = {
    "width": (960, 7680),
    "height": (540, 4320),
    "animation": tuple(SPEEDS),
    "bot_pace": tuple(PACES),
    "effects_volume": (0, 100),
    "music_volume": (0, 100),
    "ui_scale": (UI_SCALES[0], UI_SCALES[-1]),
    "language": ("", *LANGUAGES),
}
WINDOW_POS = (-16384, 16384)  # each of window_pos's two numbers; [] leaves the place to the system
TEXT_LIMIT = 200  # characters of a text setting
LIST_LIMIT = 64  # entries of a list setting


def _note(message: str) -> None:
    log.warning(safe_json.one_line(f"settings.json: {message}", 300))


def _fits(value, hint) -> bool:
    """Whether a JSON value can be a field of type `hint` (int, float, bool, str, None,
    unions of these, tuple[...] and list[...])."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in args)
    if hint is type(None) or hint is None:
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if hint is str:
        return isinstance(value, str) and len(value) <= TEXT_LIMIT
    if origin in (tuple, list) and isinstance(value, list) and len(value) <= LIST_LIMIT:
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(_fits(v, h) for v, h in zip(value, args))
        return all(_fits(v, args[0]) for v in value) if args else True
    return False


def _converted(value, hint):
    """JSON's form of a value as the field holds it (a list as a tuple, 3 as 3.0)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return next(_converted(value, h) for h in args if _fits(value, h))
    if hint is float:
        return float(value)
    if origin is tuple:
        return tuple(value)
    return value


def _describe(hint) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "a text", type(None): "null"}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(h) for h in args)
    if origin in (tuple, list):
        return "a list"
    return names.get(hint, str(hint))
