"""Finished games into the history, and their saves back out.

`record_game` takes the table file's text (as the saves write it, `table_text`), reads it
through the table file's own reader, so the game is replayed and checked like any save,
and takes every figure (length, options, Fame, Gold, ranks, hints) from that replayed game,
never from the caller. Only finished games are recorded. The caller adds what the file does
not hold: which profile sat at each person's seat, the time played, whether it was practice
and any handicap.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

from vikings.engine.errors import SaveError
from vikings.engine.serialize import save
from vikings.engine.state import GameState
from vikings.history.database import History
from vikings.history.errors import Refused
from vikings.saves.table_file import MAX_SECONDS, PERSON, Seat, Table, read_table, table_doc

# Reason codes.
SAVE_TOO_LARGE = "save_too_large"
BAD_SAVE = "bad_save"  # the table text does not read (detail: the reader's message)
UNFINISHED = "unfinished"
BAD_SEATS = "bad_seats"  # profiles given do not fit the seats
NO_SUCH_PROFILE = "no_such_profile"
BAD_LENGTH = "bad_length"
BAD_HANDICAP = "bad_handicap"
NO_SUCH_GAME = "no_such_game"

# A finished 4-player table file is under 20 KB; anything far larger is not one.
MAX_SAVE_CHARS = 200_000
HANDICAP_MAX = 40  # characters of a handicap's label
DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
# A seat played from another computer at a networked table (the table's kind, match.REMOTE):
# kept as a person, with no profile of this desk.
REMOTE = "remote"


def kept_seats(seats: Sequence[Seat]) -> list[Seat]:
    """The seats as the history and the table file keep them: a remote seat is a person."""
    return [Seat(s.name, PERSON, s.colour) if s.kind == REMOTE else Seat(*s) for s in seats]


def table_text(seats: Sequence[Seat], game: GameState, hints: Sequence[int], seconds: int = 0) -> str:
    """A table file's text exactly as the saves write it (Storage.write_json of table_doc);
    a remote seat is written as a person (`kept_seats`)."""
    return json.dumps(table_doc(kept_seats(seats), save(game), hints, seconds=seconds), indent=1, sort_keys=True)


def record_game(
    history: History,
    text: str,
    profiles: Sequence[int | None],
    *,
    seconds: int,
    practice: bool = False,
    handicap: str | None = None,
    finished: datetime | None = None,
) -> int:
    """Record a finished game; returns its id. `profiles`: one entry a seat, the profile
    at a person's seat or None (a guest, or a bot's seat). When this returns, the game is
    on disk."""
    table = read_save(history, text)
    game = table.game
    assert isinstance(game, GameState)  # Table.game is typed loosely in the saves
    if not game.is_over:
        raise Refused(UNFINISHED)
    _check_sitters(history, table, profiles)
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= MAX_SECONDS:
        raise Refused(BAD_LENGTH, f"seconds must be 0 to {MAX_SECONDS}")
    if handicap is not None and not (
        isinstance(handicap, str) and 0 < len(handicap) <= HANDICAP_MAX and handicap.isprintable()
    ):
        raise Refused(BAD_HANDICAP, f"a label of 1 to {HANDICAP_MAX} printable characters")
    when = (finished or datetime.now(UTC)).astimezone(UTC).strftime(DATE_FORMAT)
    ranks = game.ranks or ()
    with history.write() as db:
        cur = db.execute(
            "INSERT INTO games (finished, decisions, seconds, players, options, rules_version, practice, handicap, save)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                when,
                len(game.actions()),
                seconds,
                game.n,
                ",".join(sorted(game.config.options)),
                game.config.rules_version,
                int(bool(practice)),
                handicap,
                text,
            ),
        )
        ident = cur.lastrowid
        assert ident is not None
        db.executemany(
            "INSERT INTO seats (game, seat, profile, bot, name, fame, gold, rank, hints)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    ident,
                    i,
                    profiles[i],
                    None if seat.is_person else seat.kind,
                    seat.name,
                    game.displays[i].fame,
                    game.displays[i].gold,
                    ranks[i],
                    table.hints[i],
                )
                for i, seat in enumerate(table.seats)
            ],
        )
    return ident


def read_save(history: History, text: str) -> Table:
    """A table file's text read and replayed by the saves' reader, or Refused."""
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        raise Refused(SAVE_TOO_LARGE, f"at most {MAX_SAVE_CHARS:,} characters")
    try:
        return read_table(text, history.rules)
    except SaveError as e:
        raise Refused(BAD_SAVE, str(e)) from None


def _check_sitters(history: History, table: Table, profiles: Sequence[int | None]) -> None:
    if len(profiles) != len(table.seats):
        raise Refused(BAD_SEATS, f"{len(profiles)} profiles for {len(table.seats)} seats")
    given = [p for p in profiles if p is not None]
    if len(set(given)) != len(given):
        raise Refused(BAD_SEATS, "one profile at two seats")
    for seat, profile in zip(table.seats, profiles):
        if profile is None:
            continue
        if not seat.is_person:
            raise Refused(BAD_SEATS, "a bot's seat cannot have a profile")
        if not isinstance(profile, int) or isinstance(profile, bool):
            raise Refused(BAD_SEATS, "a profile is given by its id")
        if history.conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile,)).fetchone() is None:
            raise Refused(NO_SUCH_PROFILE, str(profile))


def game_save(history: History, game_id: int) -> str:
    """The table file's text of a recorded game, to review or replay (load it with
    `read_save`, or write it to a file the Load panel opens)."""
    row = history.conn.execute("SELECT length(save) FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise Refused(NO_SUCH_GAME, str(game_id))
    if row[0] is None or row[0] > MAX_SAVE_CHARS:
        raise Refused(SAVE_TOO_LARGE, f"game {game_id}")
    text = history.conn.execute("SELECT save FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    if not isinstance(text, str):
        raise Refused(BAD_SAVE, f"game {game_id}")
    return text


def delete_game(history: History, game_id: int) -> None:
    with history.write() as db:
        if db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
            raise Refused(NO_SUCH_GAME, str(game_id))
