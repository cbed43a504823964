"""A finished game into the player's history (vikings/history, docs/history.md).

A match finished at this table is recorded once, when its results are first shown: the
seats tied to profiles (`Match.profiles`, set by the setup screen; a continued or loaded
game ties each person's seat to the profile of the same name), the seconds the whole
game was played (`Match.played_seconds`: earlier sittings, which the table file keeps,
and this one), the hints each seat asked for, the practice flag and the handicap (the
house rule's label). A game that was already over when its match was made (a finished game
loaded from a file), the guided lesson and unfinished games are not recorded.

A networked table records its game on every copy (the host's, and each guest's once the
host's record of the whole game has come: net_table.GuestSide.take_record). Only a seat
played at this desk is tied to a profile (at a guest's copy: its own seat, by the name it
joined with; `profile_names`); a remote person is recorded as a person with no profile
(games.kept_seats), the host's bots as bots.
"""

from __future__ import annotations

import logging

from vikings.history import History, Refused
from vikings.history import profiles as profile_store
from vikings.history.games import HANDICAP_MAX, record_game, table_text
from vikings.saves.table_file import MAX_SECONDS

log = logging.getLogger("vikings")


def tie_profiles(history: History, seats, names=None) -> list[int | None]:
    """The profile at each seat: a person's seat is the profile of her name (None: a guest
    or a bot). `names`: per seat, the name to look up instead (None: no profile)."""
    by_key = {profile_store.name_key(p.name): p.id for p in profile_store.list_profiles(history)}
    if names is None:
        names = [s.name if s.is_person else None for s in seats]
    return [None if name is None else by_key.get(profile_store.name_key(name.strip())) for name in names]


def handicap_label(game, seats) -> str | None:
    """The house rule as the history keeps it, in no language: "+3 Ada" (None: none)."""
    parts = [f"+{extra} {seats[i].name}" for i, extra in enumerate(game.config.handicap) if extra]
    return ", ".join(parts)[:HANDICAP_MAX] or None


def record_finished(history: History, match) -> int | None:
    """Record `match` if it finished at this table and is not recorded yet; the new game's
    id (None: nothing recorded). A write that fails is logged, never raised: the results
    are shown all the same."""
    if not match.record_due or not match.game.is_over or match.coach is not None:
        return None
    match.record_due = False  # once, whatever happens below
    try:
        if match.profiles is None:
            names = match.net.profile_names(match) if match.net is not None else None
            match.profiles = tie_profiles(history, match.seats, names)
        seconds = max(0, min(match.played_seconds(), MAX_SECONDS))
        return record_game(
            history,
            table_text(match.seats, match.game, match.hints, seconds),
            match.profiles,
            seconds=seconds,
            practice=match.practice,
            handicap=handicap_label(match.game, match.seats),
        )
    except Refused as e:
        log.warning("the finished game was not recorded: %s", e)
        return None
