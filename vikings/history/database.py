"""The history file: opening it safely, its schema, and the migrations between versions.

`history.sqlite3` lives in the player's data folder, beside the autosave. It is opened in
WAL mode with `synchronous=FULL`: when a write returns, it is on disk, and a process killed
at any moment leaves the file as of its last finished write. Every write is one
transaction (`History.write`).

`PRAGMA application_id` marks the file as this game's; `PRAGMA user_version` is the
schema's version. `MIGRATIONS[v]` takes a file from version v to v + 1, each in its own
transaction together with the new version number, so a migration either happens whole or
not at all. Version 0 is a new, empty file. Never edit a migration once released: add the
next one (docs/history.md).

A file that cannot be ours (not SQLite, another program's SQLite, a version newer than
this edition knows) or that SQLite finds damaged is renamed aside with a time stamp and a
fresh file is made; `History.notice` then says what happened, by a reason code, for the
screens to tell the player. A file that cannot be opened at all (no permission, locked) is
left alone and the history is kept in memory for this run.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from vikings.engine.components import Rules
from vikings.history.errors import Refused
from vikings.saves.folders import Storage

FILE_NAME = "history.sqlite3"
APPLICATION_ID = 0x564B4853  # "VKHS"
SQLITE_HEADER = b"SQLite format 3\x00"
# No text, blob or row larger than this is stored or read back (SQLITE_LIMIT_LENGTH); the
# largest thing kept, a game's save, is bounded far below it (games.MAX_SAVE_CHARS).
MAX_VALUE_BYTES = 1_000_000

# Notice reasons.
DAMAGED = "damaged"  # SQLite finds the file corrupt
FOREIGN = "foreign"  # not an SQLite file, or another program's
NEWER = "newer"  # written by a newer edition (a schema version this one does not know)
UNREADABLE = "unreadable"  # cannot be opened or written; left alone, the history is in memory this run
# The reason of a Refused from any call that writes.
WRITE_FAILED = "write_failed"
_CORRUPT = ("SQLITE_CORRUPT", "SQLITE_NOTADB")

log = logging.getLogger("vikings")


@dataclass(frozen=True)
class Notice:
    """What happened to an unusable history file: `reason` (a code above), where the old
    file was put (None: not moved), and an English detail for the log."""

    reason: str
    set_aside: Path | None
    detail: str


class _Unusable(Exception):
    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


# The schema, version by version --------------------------------------------------------------
def _to_1(conn: sqlite3.Connection) -> None:
    """Profiles, finished games with one row per seat, and a few remembered values."""
    conn.execute(
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            colour TEXT NOT NULL,
            language TEXT NOT NULL,
            preferences TEXT NOT NULL,
            created TEXT NOT NULL)"""
    )
    conn.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            finished TEXT NOT NULL,
            decisions INTEGER NOT NULL,
            seconds INTEGER NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            practice INTEGER NOT NULL,
            handicap TEXT,
            save TEXT NOT NULL)"""
    )
    conn.execute(
        """CREATE TABLE seats (
            game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            profile INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
            bot TEXT,
            name TEXT NOT NULL,
            fame INTEGER NOT NULL,
            gold INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            PRIMARY KEY (game, seat))"""
    )
    conn.execute("CREATE INDEX seats_by_profile ON seats(profile)")
    conn.execute("CREATE INDEX games_by_date ON games(finished)")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def _to_2(conn: sqlite3.Connection) -> None:
    """Puzzle attempts (issue 56): one row an answer given, by profile and calendar day."""
    conn.execute(
        """CREATE TABLE puzzle_attempts (
            id INTEGER PRIMARY KEY,
            profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            puzzle TEXT NOT NULL,
            day TEXT NOT NULL,
            solved INTEGER NOT NULL,
            daily INTEGER NOT NULL)"""
    )
    conn.execute("CREATE INDEX puzzle_attempts_by_profile ON puzzle_attempts(profile, day)")


# MIGRATIONS[v] takes a file at version v to v + 1.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_to_1, _to_2)
CURRENT_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, target: int = CURRENT_VERSION) -> None:
    """Bring the file up to `target`, one version a transaction."""
    version = _pragma(conn, "user_version")
    while version < target:
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version](conn)
            # Pragmas take no parameters; both values are integers of this module.
            conn.execute(f"PRAGMA user_version = {int(version + 1)}")
            conn.execute(f"PRAGMA application_id = {int(APPLICATION_ID)}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version += 1


def _pragma(conn: sqlite3.Connection, name: str) -> int:
    row = conn.execute(f"PRAGMA {name}").fetchone()
    return int(row[0])


# Opening -------------------------------------------------------------------------------------
class History:
    """The open history: `conn` for the modules of this package, `rules` for reading the
    saves it keeps, `notice` if the file found at start could not be used."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, rules: Rules, notice: Notice | None) -> None:
        self.conn = conn
        self.path = path  # None: in memory for this run
        self.rules = rules
        self.notice = notice

    @classmethod
    def open(cls, path: Path, rules: Rules) -> History:
        """The history in `path`, made if missing; an unusable file is set aside (see the
        module's notes). Never raises for the file's sake."""
        try:
            return cls(_open(path), path, rules, None)
        except _Unusable as e:
            problem = e
        if problem.reason == UNREADABLE:
            log.warning(f"{path.name} cannot be used ({problem.detail}); the history is kept in memory")
            return cls.in_memory(rules, Notice(UNREADABLE, None, problem.detail))
        aside = set_aside(path, problem.detail)
        notice = Notice(problem.reason, aside, problem.detail)
        if aside is None:
            return cls.in_memory(rules, Notice(UNREADABLE, None, problem.detail))
        try:
            return cls(_open(path), path, rules, notice)
        except _Unusable as e:  # the folder itself is not writable
            return cls.in_memory(rules, Notice(UNREADABLE, aside, e.detail))

    @classmethod
    def in_memory(cls, rules: Rules, notice: Notice | None = None) -> History:
        conn = _connect(":memory:")
        migrate(conn)
        return cls(conn, None, rules, notice)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of its changes, or (on any exception) none. A write SQLite
        cannot make (the disk full, the file locked by another copy of the game for too
        long) is a Refused(WRITE_FAILED); nothing of it is kept."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as e:
            log.warning(f"the history could not be written: {e}")
            raise Refused(WRITE_FAILED, str(e)) from None


def open_history(storage: Storage, rules: Rules) -> History:
    """The player's history, in the data folder beside the autosave."""
    return History.open(storage.data_dir / FILE_NAME, rules)


def _connect(where: str | Path, read_only: bool = False) -> sqlite3.Connection:
    # isolation_level None: no implicit transactions; History.write and migrate begin them.
    if read_only:
        conn = sqlite3.connect(f"{Path(where).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None, timeout=5.0)
    else:
        conn = sqlite3.connect(where, isolation_level=None, timeout=5.0)
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA trusted_schema = OFF")  # no functions run from what the file declares
    return conn


def _open(path: Path) -> sqlite3.Connection:
    """A connection to a usable, migrated file, or _Unusable saying why not. A file that is
    there is first looked at read-only: nothing is written to it before it is known to be
    this game's."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if _check_header(path):
            _probe(path)
        conn = _connect(path)
    except OSError as e:
        raise _Unusable(UNREADABLE, f"{e.strerror or type(e).__name__}") from None
    except sqlite3.Error as e:
        raise _Unusable(_kind(e), str(e)) from None
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        migrate(conn)
    except sqlite3.Error as e:
        conn.close()
        raise _Unusable(_kind(e), str(e)) from None
    except BaseException:
        conn.close()
        raise
    return conn


def _probe(path: Path) -> None:
    """Whose file this is, its version and SQLite's quick check, opened read-only."""
    conn = _connect(path, read_only=True)
    try:
        _identify(conn)
        if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            raise _Unusable(DAMAGED, "SQLite's quick check found damage")
    finally:
        conn.close()


def _kind(e: sqlite3.Error) -> str:
    return DAMAGED if getattr(e, "sqlite_errorname", "") in _CORRUPT else UNREADABLE


def _check_header(path: Path) -> bool:
    """Whether there is a file to look into: a file that is there and not empty must start
    as every SQLite file does."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return False
    if head and head != SQLITE_HEADER:
        raise _Unusable(FOREIGN, "the file is not an SQLite database")
    return bool(head)


def _identify(conn: sqlite3.Connection) -> None:
    app, version = _pragma(conn, "application_id"), _pragma(conn, "user_version")
    if app not in (0, APPLICATION_ID):
        raise _Unusable(FOREIGN, f"the database belongs to another program (application id {app})")
    if app == 0:
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if version != 0 or tables:
            raise _Unusable(FOREIGN, "the database belongs to another program (no application id)")
    if version > CURRENT_VERSION:
        raise _Unusable(NEWER, f"schema version {version}; this edition knows up to {CURRENT_VERSION}")
    if version < 0:
        raise _Unusable(FOREIGN, f"schema version {version}")


def set_aside(path: Path, reason: str) -> Path | None:
    """Rename the file as the saves set aside a file they cannot use
    (`history.sqlite3.broken-20261128-231500`), and SQLite's -wal and -shm files beside it
    to match, so nothing is lost and the next start does not trip over it. Returns the new
    name, or None if the file could not be renamed."""
    aside = Storage(path.parent).set_aside(path, reason)
    if aside is None:
        return None
    for suffix in ("-wal", "-shm"):
        try:
            os.replace(f"{path}{suffix}", f"{aside}{suffix}")
        except FileNotFoundError:
            pass
        except OSError:
            try:
                os.unlink(f"{path}{suffix}")  # stale beside a fresh file, SQLite would misread it
            except OSError:
                return None
    return aside
