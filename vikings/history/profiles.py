"""The people at this desk: profiles, and the last table set up.

A profile is a name, a colour, a language and a few preferred settings. Names are kept as
typed (any Unicode, emoji too; only the spaces around them are dropped) and are unique
without regard to case: "Ärger" and "äRGER" are one name. Merging moves every game of one
profile to another; deleting takes the profile's games with it, except those shared with
another profile, which stay in that profile's history with the seat no longer tied to
anyone (the game's save still names who sat there).

Every refusal is a `Refused` with one of the reason codes below.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

from vikings.bots import LEVELS
from vikings.engine.phases import OPTIONS
from vikings.history.database import History
from vikings.history.errors import Refused
from vikings.saves import safe_json
from vikings.saves.safe_json import BadFile
from vikings.saves.settings import PACES, SPEEDS, UI_SCALES
from vikings.saves.table_file import COLOURS, NAME_MAX
from vikings.text.lang import LANGUAGES

# Reason codes.
NAME_EMPTY = "name_empty"
NAME_TOO_LONG = "name_too_long"  # over NAME_MAX characters (what a seat at the table holds)
NAME_CONTROL = "name_control"  # a line break, tab or other control character
NAME_TAKEN = "name_taken"
TOO_MANY = "too_many_profiles"
BAD_COLOUR = "bad_colour"
BAD_LANGUAGE = "bad_language"
BAD_PREFERENCE = "bad_preference"
NO_SUCH_PROFILE = "no_such_profile"
SAME_PROFILE = "same_profile"
BAD_TABLE = "bad_table"

MAX_PROFILES = 1000
# The settings a person may prefer, each with the values it may take.
PREFERENCES: dict[str, tuple[object, ...]] = {
    "hints": (True, False),
    "confirm_purchase": (True, False),
    "animation": tuple(SPEEDS),
    "bot_pace": tuple(PACES),
    "ui_scale": tuple(UI_SCALES),
}
_PREFERENCES_CHARS = 1000  # the stored form of the preferences, at most
_LAST_TABLE_CHARS = 2000
_LAST_TABLE = "last_table"
MAX_SEATS = 4


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    colour: str  # one of table_file.COLOURS
    language: str  # a code of lang.LANGUAGES, "" for the system's
    preferences: dict[str, object] = field(default_factory=dict)
    created: str = ""  # ISO 8601, UTC


class Sitter(NamedTuple):
    """Who sits at a seat of the last table: a profile (its id) or a bot (its level)."""

    profile: int | None = None
    bot: str | None = None


class LastTable(NamedTuple):
    sitters: tuple[Sitter, ...]
    options: frozenset[str]


# Checks ----------------------------------------------------------------------------------
def clean_name(name: str) -> str:
    """The name as it will be kept (spaces around it dropped), or Refused."""
    if not isinstance(name, str) or not name.strip():
        raise Refused(NAME_EMPTY)
    name = name.strip()
    if len(name) > NAME_MAX:
        raise Refused(NAME_TOO_LONG, f"{len(name)} characters, at most {NAME_MAX}")
    # The table file's rule for a seat's name, so that a profile can always sit down (an
    # emoji is printable; the joiners of an emoji sequence are not).
    if not name.isprintable():
        raise Refused(NAME_CONTROL)
    return name


def name_key(name: str) -> str:
    """What two names must not share: the name without regard to case or to how its
    accents are composed."""
    return unicodedata.normalize("NFKC", name).casefold()


def _check_colour(colour: str) -> str:
    if colour not in COLOURS:
        raise Refused(BAD_COLOUR, safe_json.excerpt(colour))
    return colour


def _check_language(language: str) -> str:
    if language != "" and language not in LANGUAGES:
        raise Refused(BAD_LANGUAGE, safe_json.excerpt(language))
    return language


def check_preferences(preferences: dict[str, object]) -> dict[str, object]:
    """The preferences if every key is known and every value allowed, else Refused."""
    if not isinstance(preferences, dict):
        raise Refused(BAD_PREFERENCE, "not a mapping")
    for key, value in preferences.items():
        if key not in PREFERENCES or not _allowed(value, PREFERENCES[key]):
            raise Refused(BAD_PREFERENCE, f"{safe_json.excerpt(key)} = {safe_json.excerpt(value)}")
    return dict(preferences)


def _allowed(value: object, values: tuple[object, ...]) -> bool:
    # True == 1 in Python: a flag must be a bool and a number must not be one.
    return any(type(value) is type(v) and value == v for v in values)


# Profiles -----------------------------------------------------------------------------------
def create(
    history: History, name: str, colour: str, language: str = "", preferences: dict[str, object] | None = None
) -> Profile:
    name = clean_name(name)
    _check_colour(colour)
    _check_language(language)
    prefs = check_preferences(preferences or {})
    created = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    with history.write() as db:
        if db.execute("SELECT count(*) FROM profiles").fetchone()[0] >= MAX_PROFILES:
            raise Refused(TOO_MANY, f"already {MAX_PROFILES} profiles")
        _free(history, name)
        cur = db.execute(
            "INSERT INTO profiles (name, name_key, colour, language, preferences, created) VALUES (?, ?, ?, ?, ?, ?)",
            (name, name_key(name), colour, language, json.dumps(prefs, sort_keys=True), created),
        )
        ident = cur.lastrowid
    assert ident is not None
    return Profile(ident, name, colour, language, prefs, created)


def _free(history: History, name: str, other_than: int | None = None) -> None:
    row = history.conn.execute("SELECT id FROM profiles WHERE name_key = ?", (name_key(name),)).fetchone()
    if row is not None and row[0] != other_than:
        raise Refused(NAME_TAKEN, safe_json.excerpt(name))


def list_profiles(history: History) -> list[Profile]:
    """Every profile, in the order of their names (without regard to case)."""
    rows = history.conn.execute(f"{_SELECT} ORDER BY name_key, id").fetchall()
    return [_profile(r) for r in rows]


def get(history: History, profile_id: int) -> Profile:
    row = history.conn.execute(f"{_SELECT} WHERE id = ?", (profile_id,)).fetchone()
    if row is None:
        raise Refused(NO_SUCH_PROFILE, str(profile_id))
    return _profile(row)


# Every text read back is cut to its bound, whatever the file holds.
_SELECT = (
    f"SELECT id, substr(name, 1, {NAME_MAX}), substr(colour, 1, 20), substr(language, 1, 20), "
    f"substr(preferences, 1, {_PREFERENCES_CHARS}), substr(created, 1, 30) FROM profiles"
)


def _profile(row: tuple[Any, ...]) -> Profile:
    ident, name, colour, language, prefs, created = row
    return Profile(
        ident,
        name,
        colour if colour in COLOURS else COLOURS[0],
        language if language in LANGUAGES else "",
        _read_preferences(prefs),
        created,
    )


def _read_preferences(text: str) -> dict[str, object]:
    """The stored preferences, keeping only the known keys with allowed values."""
    try:
        doc = safe_json.parse(text)
    except BadFile:
        return {}
    if not isinstance(doc, dict):
        return {}
    return {k: v for k, v in doc.items() if k in PREFERENCES and _allowed(v, PREFERENCES[k])}


def update(
    history: History,
    profile_id: int,
    *,
    name: str | None = None,
    colour: str | None = None,
    language: str | None = None,
    preferences: dict[str, object] | None = None,
) -> Profile:
    """Change any of a profile's fields (rename: `name=`); the others stay."""
    old = get(history, profile_id)
    new_name = clean_name(name) if name is not None else old.name
    new_colour = _check_colour(colour) if colour is not None else old.colour
    new_language = _check_language(language) if language is not None else old.language
    prefs = check_preferences(preferences) if preferences is not None else old.preferences
    with history.write() as db:
        _free(history, new_name, other_than=profile_id)
        db.execute(
            "UPDATE profiles SET name = ?, name_key = ?, colour = ?, language = ?, preferences = ? WHERE id = ?",
            (new_name, name_key(new_name), new_colour, new_language, json.dumps(prefs, sort_keys=True), profile_id),
        )
    return Profile(profile_id, new_name, new_colour, new_language, prefs, old.created)


def rename(history: History, profile_id: int, name: str) -> Profile:
    return update(history, profile_id, name=name)


def merge(history: History, source: int, into: int) -> Profile:
    """Move every game and puzzle attempt of `source` to `into` and delete `source`. In a
    game where both sat, `into` keeps her own seat and the other seat is tied to nobody."""
    if source == into:
        raise Refused(SAME_PROFILE)
    get(history, source)
    kept = get(history, into)
    with history.write() as db:
        db.execute(
            "UPDATE seats SET profile = NULL WHERE profile = ? AND game IN (SELECT game FROM seats WHERE profile = ?)",
            (source, into),
        )
        db.execute("UPDATE seats SET profile = ? WHERE profile = ?", (into, source))
        db.execute("UPDATE puzzle_attempts SET profile = ? WHERE profile = ?", (into, source))
        db.execute("DELETE FROM profiles WHERE id = ?", (source,))
    return kept


def deletes_with(history: History, profile_id: int) -> int:
    """The number of games `delete` would delete with her (what the screen asks about)."""
    row = history.conn.execute(
        "SELECT count(*) FROM games WHERE id IN (SELECT game FROM seats WHERE profile = ?) "
        "AND id NOT IN (SELECT game FROM seats WHERE profile IS NOT NULL AND profile != ?)",
        (profile_id, profile_id),
    ).fetchone()
    return int(row[0])


def delete(history: History, profile_id: int) -> int:
    """Delete a profile with her games (the UI asks first); a game shared with another
    profile stays for that profile, this seat tied to nobody. Returns the games deleted."""
    get(history, profile_id)
    with history.write() as db:
        cur = db.execute(
            "DELETE FROM games WHERE id IN (SELECT game FROM seats WHERE profile = ?) "
            "AND id NOT IN (SELECT game FROM seats WHERE profile IS NOT NULL AND profile != ?)",
            (profile_id, profile_id),
        )
        deleted = cur.rowcount
        db.execute("DELETE FROM profiles WHERE id = ?", (profile_id,))  # seats: ON DELETE SET NULL
    return deleted


# The last table -------------------------------------------------------------------------------
def remember_table(history: History, table: LastTable) -> None:
    """Keep the setup just played (seats and options) for the next setup screen."""
    doc = {"sitters": [_sitter_doc(history, s) for s in _seats(table.sitters)], "options": _options(table.options)}
    text = json.dumps(doc, sort_keys=True)
    with history.write() as db:
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (_LAST_TABLE, text))


def _seats(sitters: tuple[Sitter, ...]) -> tuple[Sitter, ...]:
    if not isinstance(sitters, tuple) or not 1 <= len(sitters) <= MAX_SEATS:
        raise Refused(BAD_TABLE, "1 to 4 seats")
    people = [s.profile for s in sitters if s.profile is not None]
    if len(set(people)) != len(people):
        raise Refused(BAD_TABLE, "a profile at two seats")
    return sitters


def _sitter_doc(history: History, s: Sitter) -> list[object]:
    if s.profile is not None and s.bot is None and isinstance(s.profile, int) and not isinstance(s.profile, bool):
        get(history, s.profile)
        return ["profile", s.profile]
    if s.bot in LEVELS and s.profile is None:
        return ["bot", s.bot]
    raise Refused(BAD_TABLE, "a seat is a profile or a bot level")


def _options(options: frozenset[str]) -> list[str]:
    if not all(o in OPTIONS for o in options):
        raise Refused(BAD_TABLE, "unknown option")
    return sorted(options)


def last_table(history: History) -> LastTable | None:
    """The setup remembered last, without the seats of profiles deleted since (None if
    there is none, or nothing of it is left)."""
    row = history.conn.execute(
        f"SELECT substr(value, 1, {_LAST_TABLE_CHARS}) FROM meta WHERE key = ?", (_LAST_TABLE,)
    ).fetchone()
    if row is None:
        return None
    try:
        doc = safe_json.parse(row[0])
    except BadFile:
        return None
    if (
        not isinstance(doc, dict)
        or not isinstance(doc.get("sitters"), list)
        or not isinstance(doc.get("options"), list)
    ):
        return None
    known = {p.id for p in list_profiles(history)}
    sitters = []
    for entry in doc["sitters"][:MAX_SEATS]:
        if entry and isinstance(entry, list) and len(entry) == 2:
            kind, value = entry
            if kind == "profile" and value in known and not isinstance(value, bool):
                sitters.append(Sitter(profile=value))
            elif kind == "bot" and value in LEVELS:
                sitters.append(Sitter(bot=value))
    options = frozenset(o for o in doc["options"] if o in OPTIONS)
    return LastTable(tuple(sitters), options) if sitters else None


def last_host(history: History) -> int | None:
    """The profile at the first person's seat of the last table (None: no such table, or
    only bots at it): who the statistics and the puzzles open at, the player most likely
    back at the desk."""
    last = last_table(history)
    return next((s.profile for s in last.sitters if s.profile is not None), None) if last else None
