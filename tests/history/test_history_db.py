"""The history file (issue 56): how it is opened, its schema versions and migrations, what
happens to a file that is not a usable history, and the recording of finished games."""

from __future__ import annotations

import ast
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from journey_helpers import RULES, game, text

from vikings.engine.serialize import state_to_dict
from vikings.history import (
    CURRENT_VERSION,
    FILE_NAME,
    History,
    Refused,
    database,
    open_history,
    profiles,
    puzzle_progress,
    stats,
)
from vikings.history import games as games_mod
from vikings.saves.folders import Storage

PACKAGE = Path(__file__).resolve().parents[2] / "vikings" / "history"


def pragma(h: History, name: str):
    return h.conn.execute(f"PRAGMA {name}").fetchone()[0]


# Opening ---------------------------------------------------------------------------------------
def test_a_new_file_is_made_at_the_current_version_in_wal_mode_with_full_sync(tmp_path):
    h = History.open(tmp_path / "deep" / FILE_NAME, RULES)
    assert h.notice is None
    assert pragma(h, "user_version") == CURRENT_VERSION
    assert pragma(h, "application_id") == database.APPLICATION_ID
    assert pragma(h, "journal_mode") == "wal"
    assert pragma(h, "synchronous") == 2  # FULL
    assert pragma(h, "foreign_keys") == 1
    h.close()
    assert (tmp_path / "deep" / FILE_NAME).read_bytes().startswith(database.SQLITE_HEADER)


def test_the_file_lives_beside_the_autosave(tmp_path):
    storage = Storage(tmp_path)
    h = open_history(storage, RULES)
    assert h.path == storage.autosave_path.parent / "history.sqlite3"
    assert h.path.exists()
    h.close()


def test_what_was_written_is_there_when_opened_again(tmp_path):
    path = tmp_path / FILE_NAME
    h = History.open(path, RULES)
    profiles.create(h, "Astrid", "purple")
    h.close()
    again = History.open(path, RULES)
    assert again.notice is None
    assert [p.name for p in profiles.list_profiles(again)] == ["Astrid"]
    again.close()


# Versions and migrations -----------------------------------------------------------------------
def _fill_version_1(conn: sqlite3.Connection) -> None:
    """Rows as a version-1 file holds them, written with that version's SQL."""
    g = game(2, 1)
    conn.execute(
        "INSERT INTO profiles (id, name, name_key, colour, language, preferences, created) "
        "VALUES (7, 'Astrid', 'astrid', 'teal', 'de', '{\"hints\": false}', '2026-01-02T03:04:05Z')"
    )
    conn.execute(
        "INSERT INTO games (id, finished, decisions, seconds, players, options, rules_version, practice, handicap, save) "
        "VALUES (3, '2026-01-02T04:00:00Z', ?, 900, 2, '', 2, 0, NULL, ?)",
        (len(g.actions()), text(g, ["person", "normal"])),
    )
    for seat in range(2):
        conn.execute(
            "INSERT INTO seats (game, seat, profile, bot, name, fame, gold, rank, hints) VALUES (3, ?, ?, ?, ?, ?, ?, ?, 0)",
            (
                seat,
                7 if seat == 0 else None,
                None if seat == 0 else "normal",
                g.config.players[seat],
                g.displays[seat].fame,
                g.displays[seat].gold,
                g.ranks[seat],
            ),
        )


# For each earlier version: what a file of that version holds, written in its own terms.
# A new migration adds its version here (and the test below then builds it).
def _fill_version_2(conn: sqlite3.Connection) -> None:
    """Version 1's rows and a puzzle attempt (issue 56), in version 2's SQL."""
    _fill_version_1(conn)
    conn.execute(
        "INSERT INTO puzzle_attempts (profile, puzzle, day, solved, daily) VALUES (7, 'p003', '2026-01-02', 1, 1)"
    )


FILL = {1: _fill_version_1, 2: _fill_version_2}


@pytest.mark.parametrize("version", range(CURRENT_VERSION + 1))
def test_every_earlier_version_migrates_to_the_current_one(tmp_path, version):
    path = tmp_path / FILE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    database.migrate(conn, version)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == version
    if version in FILL:
        FILL[version](conn)
    conn.close()

    h = History.open(path, RULES)
    assert h.notice is None
    assert pragma(h, "user_version") == CURRENT_VERSION
    if version >= 1:
        (astrid,) = profiles.list_profiles(h)
        assert (astrid.id, astrid.name, astrid.colour, astrid.language) == (7, "Astrid", "teal", "de")
        assert astrid.preferences == {"hints": False}
        assert stats.by_bot_level(h, 7) == {"normal": stats.Tally(1, int(game(2, 1).ranks[0] == 1))}
        assert games_mod.game_save(h, 3) == text(game(2, 1), ["person", "normal"])
    if version >= 2:
        assert puzzle_progress.progress(h, 7) == puzzle_progress.Progress(1, 1, 1, frozenset({"p003"}))
    elif version == 1:
        assert puzzle_progress.progress(h, 7) == puzzle_progress.Progress(0, 0, 0, frozenset())
    profiles.create(h, "Bjørn", "orange")  # and the migrated file takes new rows
    h.close()


def test_version_0_is_an_empty_file(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_bytes(b"")
    h = History.open(path, RULES)
    assert h.notice is None
    assert pragma(h, "user_version") == CURRENT_VERSION
    assert not list(tmp_path.glob("*.broken-*"))
    h.close()


def test_a_failed_migration_leaves_the_file_at_its_version(tmp_path, monkeypatch):
    def half_then_fail(conn):
        conn.execute("CREATE TABLE half (x)")
        raise RuntimeError("power cut")

    monkeypatch.setattr(database, "MIGRATIONS", (*database.MIGRATIONS, half_then_fail))
    conn = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    with pytest.raises(RuntimeError):
        database.migrate(conn, CURRENT_VERSION + 1)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "half" not in tables and "profiles" in tables


# Files that are not a usable history -----------------------------------------------------------
def _random_bytes(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def _text_file(path: Path) -> None:
    path.write_text("player,fame\nAstrid,31\n", encoding="utf-8")


def _sqlite(*statements: str):
    """A maker of another program's SQLite file, by its statements."""

    def make(path: Path) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        for statement in statements:
            conn.execute(statement)
        conn.close()

    return make


_other_program = _sqlite(
    "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)",
    "INSERT INTO moz_places (url) VALUES ('https://example.org')",
)
_other_application_id = _sqlite("PRAGMA application_id = 1234", "CREATE TABLE t (x)")
_other_program_in_wal_mode = _sqlite("PRAGMA journal_mode = WAL", "CREATE TABLE notes (text TEXT)")


def _future_version(path: Path) -> None:
    h = History.open(path, RULES)
    profiles.create(h, "Astrid", "purple")
    h.conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
    h.close()


def _damaged_pages(path: Path) -> None:
    h = History.open(path, RULES)
    for i in range(40):
        profiles.create(h, f"Player {i}", "purple")
    h.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    h.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 2 * page
    data[page : 2 * page] = bytes(range(256)) * (page // 256)  # the second page: garbage
    path.write_bytes(bytes(data))


BAD_FILES = {
    "random bytes": (_random_bytes, database.FOREIGN),
    "a text file": (_text_file, database.FOREIGN),
    "another program's database": (_other_program, database.FOREIGN),
    "another application id": (_other_application_id, database.FOREIGN),
    "another program's database in WAL mode": (_other_program_in_wal_mode, database.FOREIGN),
    "a newer schema version": (_future_version, database.NEWER),
    "damaged pages": (_damaged_pages, database.DAMAGED),
}


@pytest.mark.parametrize("label", BAD_FILES)
def test_an_unusable_file_is_set_aside_and_a_fresh_one_made(tmp_path, label):
    make, reason = BAD_FILES[label]
    path = tmp_path / FILE_NAME
    make(path)
    before = path.read_bytes()

    h = History.open(path, RULES)
    assert h.notice is not None
    assert h.notice.reason == reason
    aside = h.notice.set_aside
    assert aside is not None and aside.name.startswith(f"{FILE_NAME}.broken-")
    assert aside.read_bytes() == before  # nothing lost, nothing written into it
    assert h.path == path
    assert pragma(h, "user_version") == CURRENT_VERSION
    assert profiles.list_profiles(h) == []
    profiles.create(h, "Bjørn", "orange")
    h.close()
    again = History.open(path, RULES)
    assert again.notice is None and [p.name for p in profiles.list_profiles(again)] == ["Bjørn"]
    again.close()


def test_an_unusable_file_after_another_is_kept_beside_it(tmp_path):
    path = tmp_path / FILE_NAME
    asides = []
    for make in (_text_file, _random_bytes):
        make(path)
        h = History.open(path, RULES)
        asides.append(h.notice.set_aside)
        h.close()
    first, second = asides
    assert first != second
    assert first.read_text(encoding="utf-8").startswith("player,fame")
    assert second.read_bytes() == bytes(range(256)) * 64


def test_a_folder_that_cannot_hold_the_file_gives_a_history_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    h = History.open(blocker / FILE_NAME, RULES)
    assert h.notice is not None and h.notice.reason == database.UNREADABLE
    assert h.path is None
    profiles.create(h, "Astrid", "purple")  # the game goes on
    assert [p.name for p in profiles.list_profiles(h)] == ["Astrid"]
    assert blocker.read_text() == "x"


def test_a_locked_file_is_not_set_aside(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    History.open(path, RULES).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(database, "_connect", _quick(database._connect))
    h = History.open(path, RULES)
    assert h.notice is not None and h.notice.reason == database.UNREADABLE and h.notice.set_aside is None
    assert not list(tmp_path.glob("*.broken-*"))
    holder.execute("ROLLBACK")
    holder.close()


def _quick(connect):
    def quick(where, read_only=False):
        conn = connect(where, read_only)
        conn.execute("PRAGMA busy_timeout = 0")
        return conn

    return quick


def test_a_write_that_fails_is_refused_and_leaves_nothing_half_done(history):
    g = game(2, 1)
    astrid = profiles.create(history, "Astrid", "purple")
    history.conn.execute("PRAGMA query_only = ON")  # every write now fails, as on a full disk
    with pytest.raises(Refused) as e:
        games_mod.record_game(history, text(g, ["person", "normal"]), [astrid.id, None], seconds=1)
    assert e.value.reason == database.WRITE_FAILED
    with pytest.raises(Refused):
        profiles.create(history, "Bjørn", "orange")
    assert not history.conn.in_transaction
    history.conn.execute("PRAGMA query_only = OFF")
    games_mod.record_game(history, text(g, ["person", "normal"]), [astrid.id, None], seconds=1)
    assert stats.count_games(history) == 1
    assert [p.name for p in profiles.list_profiles(history)] == ["Astrid"]


# Nothing stored can run code or blow up memory -------------------------------------------------
def test_no_value_larger_than_the_limit_goes_in(history):
    with pytest.raises(sqlite3.DataError):
        history.conn.execute("INSERT INTO meta (key, value) VALUES ('x', ?)", ("x" * (database.MAX_VALUE_BYTES + 1),))


def test_the_package_never_unpickles_evaluates_or_formats_values_into_sql():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not {"pickle", "marshal", "shelve", "dill"} & set(names), path.name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec", "compile", "__import__"), path.name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in ("execute", "executemany") and isinstance(node.args[0], ast.JoinedStr):
                    # An f-string query may only splice in names of this package, never a value.
                    for part in node.args[0].values:
                        if isinstance(part, ast.FormattedValue):
                            assert isinstance(part.value, (ast.Name, ast.Call)), f"{path.name}:{node.lineno}"
                            spliced = part.value.id if isinstance(part.value, ast.Name) else ast.unparse(part.value)
                            assert spliced.isupper() or spliced.startswith(("_", "int(", "name", "where", "marks")), (
                                f"{path.name}:{node.lineno}: {spliced}"
                            )


# Recording games -------------------------------------------------------------------------------
def test_a_finished_game_is_recorded_with_its_figures_from_the_replayed_game(history):
    g = game(3, 2, advanced=True)
    astrid = profiles.create(history, "Astrid", "purple")
    saved = text(g, ["person", "person", "hard"], hints=[2, 0, 0])
    when = datetime(2026, 3, 1, 12, 30, tzinfo=UTC)
    ident = games_mod.record_game(
        history, saved, [astrid.id, None, None], seconds=1800, practice=True, handicap="fame+5", finished=when
    )
    (summary,) = stats.history_list(history)
    assert summary.id == ident and summary.date == when
    assert (summary.mode, summary.players, summary.options) == ("advanced", 3, tuple(sorted(g.config.options)))
    assert (summary.decisions, summary.seconds, summary.practice, summary.handicap) == (
        len(g.actions()),
        1800,
        True,
        "fame+5",
    )
    assert [(s.name, s.profile, s.bot, s.fame, s.gold, s.rank, s.hints) for s in summary.seats] == [
        (
            g.config.players[i],
            [astrid.id, None, None][i],
            [None, None, "hard"][i],
            d.fame,
            d.gold,
            g.ranks[i],
            [2, 0, 0][i],
        )
        for i, d in enumerate(g.displays)
    ]
    assert games_mod.game_save(history, ident) == saved
    table = games_mod.read_save(history, games_mod.game_save(history, ident))
    assert state_to_dict(table.game) == state_to_dict(g)


def refused(reason, call, *args, **kwargs) -> Refused:
    with pytest.raises(Refused) as e:
        call(*args, **kwargs)
    assert e.value.reason == reason, e.value
    assert len(str(e.value)) < 300 and str(e.value).isprintable()
    return e.value


def test_what_is_not_a_finished_game_is_refused_with_a_reason(history):
    g = game(2, 1)
    astrid = profiles.create(history, "Astrid", "purple")
    record = games_mod.record_game
    refused(
        games_mod.UNFINISHED,
        record,
        history,
        text(game(2, 3, steps=40), ["person", "normal"]),
        [astrid.id, None],
        seconds=1,
    )
    refused(games_mod.BAD_SAVE, record, history, text(g, ["person", "normal"])[:-50], [astrid.id, None], seconds=1)
    refused(games_mod.BAD_SAVE, record, history, "{}", [astrid.id, None], seconds=1)
    refused(games_mod.SAVE_TOO_LARGE, record, history, " " * (games_mod.MAX_SAVE_CHARS + 1), [None, None], seconds=1)
    good = text(g, ["person", "normal"])
    refused(games_mod.BAD_SEATS, record, history, good, [astrid.id], seconds=1)
    refused(games_mod.BAD_SEATS, record, history, good, [None, astrid.id], seconds=1)  # a bot's seat
    refused(games_mod.NO_SUCH_PROFILE, record, history, good, [999, None], seconds=1)
    refused(games_mod.BAD_LENGTH, record, history, good, [astrid.id, None], seconds=-1)
    refused(games_mod.BAD_HANDICAP, record, history, good, [astrid.id, None], seconds=1, handicap="x" * 41)
    two = text(g, ["person", "person"])
    refused(games_mod.BAD_SEATS, record, history, two, [astrid.id, astrid.id], seconds=1)
    assert stats.count_games(history) == 0


def test_a_damaged_stored_save_is_refused_when_read_back(history):
    ident = games_mod.record_game(history, text(game(2, 1), ["person", "normal"]), [None, None], seconds=5)
    history.conn.execute("UPDATE games SET save = ? WHERE id = ?", (json.dumps({"format": "x"}), ident))
    refused(games_mod.BAD_SAVE, games_mod.read_save, history, games_mod.game_save(history, ident))
    refused(games_mod.NO_SUCH_GAME, games_mod.game_save, history, ident + 1)
    games_mod.delete_game(history, ident)
    assert stats.count_games(history) == 0
