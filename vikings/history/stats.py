"""What the statistics screen shows of one profile, from the recorded games.

A game is won by every seat ranked first (most Fame, then most Gold; equal seats share
the win). Practice games ("try again") are left out of the figures unless
`practice=True`; the history list shows every game, practice marked. The mode of a game is
"standard" (no options) or "advanced" (any of the advanced options).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from vikings.bots import LEVELS
from vikings.history.database import History
from vikings.history.fair import BotResult
from vikings.history.games import DATE_FORMAT
from vikings.saves.table_file import NAME_MAX

STANDARD, ADVANCED = "standard", "advanced"
MAX_PAGE = 200
_MODE = f"CASE WHEN g.options = '' THEN '{STANDARD}' ELSE '{ADVANCED}' END"
_PRACTICE = "(? OR g.practice = 0)"


@dataclass(frozen=True)
class Tally:
    games: int
    wins: int


@dataclass(frozen=True)
class Meeting:
    """Her games against one opponent: a friend (`profile`, `name`) or a bot level (`bot`).
    Counted by seat: two Normal bots at one table are two meetings."""

    profile: int | None
    bot: str | None
    name: str
    games: int
    ahead: int  # she ranked above the opponent
    behind: int
    level: int  # equal ranks


@dataclass(frozen=True)
class FameFigures:
    games: int
    best: int | None
    mean: float | None


@dataclass(frozen=True)
class Result:
    date: datetime
    fame: int
    won: bool


@dataclass(frozen=True)
class SeatResult:
    name: str
    profile: int | None
    bot: str | None  # None: a person
    fame: int
    gold: int
    rank: int
    hints: int

    @property
    def won(self) -> bool:
        return self.rank == 1


@dataclass(frozen=True)
class GameSummary:
    id: int
    date: datetime
    mode: str
    players: int
    options: tuple[str, ...]
    decisions: int
    seconds: int
    practice: bool
    handicap: str | None
    seats: tuple[SeatResult, ...]


def _date(text: object) -> datetime:
    try:
        return datetime.strptime(str(text), DATE_FORMAT).replace(tzinfo=UTC)
    except ValueError:
        return datetime(1970, 1, 1, tzinfo=UTC)


def by_mode(history: History, profile: int, practice: bool = False) -> dict[tuple[str, int], Tally]:
    """Games and wins by (mode, number of players), e.g. ("standard", 2)."""
    rows = history.conn.execute(
        f"SELECT {_MODE}, g.players, count(*), sum(s.rank = 1) FROM seats s JOIN games g ON g.id = s.game "
        f"WHERE s.profile = ? AND {_PRACTICE} GROUP BY 1, 2",
        (profile, practice),
    ).fetchall()
    return {(mode, players): Tally(games, wins) for mode, players, games, wins in rows}


def by_bot_level(history: History, profile: int, practice: bool = False) -> dict[str, Tally]:
    """Games with a bot of each level at the table, and her wins in them."""
    rows = history.conn.execute(
        "SELECT b.bot, count(*), sum(s.rank = 1) FROM seats s JOIN games g ON g.id = s.game "
        "JOIN (SELECT DISTINCT game, bot FROM seats WHERE bot IS NOT NULL) b ON b.game = s.game "
        f"WHERE s.profile = ? AND {_PRACTICE} GROUP BY b.bot",
        (profile, practice),
    ).fetchall()
    return {bot: Tally(games, wins) for bot, games, wins in rows if bot in LEVELS}


def head_to_head(history: History, profile: int, practice: bool = False) -> list[Meeting]:
    """Her record against each friend (other profiles) and each bot level: friends first
    by name, then bots from the easiest."""
    rows = history.conn.execute(
        f"SELECT o.profile, o.bot, substr(coalesce(p.name, o.bot), 1, {NAME_MAX}), count(*), "
        "sum(s.rank < o.rank), sum(s.rank > o.rank), sum(s.rank = o.rank) "
        "FROM seats s JOIN games g ON g.id = s.game JOIN seats o ON o.game = s.game AND o.seat != s.seat "
        "LEFT JOIN profiles p ON p.id = o.profile "
        f"WHERE s.profile = ? AND {_PRACTICE} AND (o.profile IS NOT NULL OR o.bot IS NOT NULL) "
        "GROUP BY o.profile, o.bot",
        (profile, practice),
    ).fetchall()
    meetings = [Meeting(*row) for row in rows if row[1] is None or row[1] in LEVELS]
    return sorted(
        meetings,
        key=lambda m: (m.bot is not None, LEVELS.index(m.bot) if m.bot else 0, m.name.casefold(), m.profile or 0),
    )


def fame(history: History, profile: int, practice: bool = False) -> FameFigures:
    games, best, mean = history.conn.execute(
        f"SELECT count(*), max(s.fame), avg(s.fame) FROM seats s JOIN games g ON g.id = s.game "
        f"WHERE s.profile = ? AND {_PRACTICE}",
        (profile, practice),
    ).fetchone()
    return FameFigures(games, best, mean)


def results_over_time(history: History, profile: int, practice: bool = False) -> list[Result]:
    """(date, Fame, won) of each of her games, oldest first."""
    rows = history.conn.execute(
        f"SELECT g.finished, s.fame, s.rank = 1 FROM seats s JOIN games g ON g.id = s.game "
        f"WHERE s.profile = ? AND {_PRACTICE} ORDER BY g.finished, g.id",
        (profile, practice),
    ).fetchall()
    return [Result(_date(when), fame, bool(won)) for when, fame, won in rows]


def recent_bot_results(history: History, profile: int, limit: int = 20) -> list[BotResult]:
    """Her last `limit` games (not practice) with a bot at the table, oldest first, each
    as the strongest bot level there and whether she won: what fair.suggest_level reads."""
    rows = history.conn.execute(
        "SELECT g.id, s.rank = 1, group_concat(b.bot) FROM seats s JOIN games g ON g.id = s.game "
        "JOIN seats b ON b.game = g.id AND b.bot IS NOT NULL "
        "WHERE s.profile = ? AND g.practice = 0 GROUP BY g.id ORDER BY g.finished DESC, g.id DESC LIMIT ?",
        (profile, max(0, min(limit, 1000))),
    ).fetchall()
    out = []
    for _, won, bots in reversed(rows):
        levels = [b for b in str(bots).split(",") if b in LEVELS]
        if levels:
            out.append(BotResult(max(levels, key=LEVELS.index), bool(won)))
    return out


def count_games(history: History, profile: int | None = None) -> int:
    """The number of games in the history list (hers, or everyone's for None)."""
    if profile is None:
        return int(history.conn.execute("SELECT count(*) FROM games").fetchone()[0])
    return int(
        history.conn.execute("SELECT count(DISTINCT game) FROM seats WHERE profile = ?", (profile,)).fetchone()[0]
    )


def history_list(history: History, profile: int | None = None, page: int = 0, per_page: int = 20) -> list[GameSummary]:
    """One page of the games (hers, or all for None), newest first, practice included."""
    per_page = max(1, min(per_page, MAX_PAGE))
    where = "" if profile is None else "WHERE g.id IN (SELECT game FROM seats WHERE profile = ?)"
    args: tuple[Any, ...] = () if profile is None else (profile,)
    games = history.conn.execute(
        "SELECT g.id, g.finished, g.options, g.players, g.decisions, g.seconds, g.practice, "
        f"substr(g.handicap, 1, 40) FROM games g {where} ORDER BY g.finished DESC, g.id DESC LIMIT ? OFFSET ?",
        (*args, per_page, max(0, page) * per_page),
    ).fetchall()
    ids = [g[0] for g in games]
    seats: dict[int, list[SeatResult]] = {i: [] for i in ids}
    marks = ",".join("?" * len(ids))
    for game, name, prof, bot, fame, gold, rank, hints in history.conn.execute(
        f"SELECT game, substr(name, 1, {NAME_MAX}), profile, bot, fame, gold, rank, hints FROM seats "
        f"WHERE game IN ({marks}) ORDER BY game, seat",
        ids,
    ):
        seats[game].append(SeatResult(name, prof, bot, fame, gold, rank, hints))
    return [
        GameSummary(
            ident,
            _date(when),
            ADVANCED if options else STANDARD,
            players,
            tuple(o for o in str(options).split(",") if o),
            decisions,
            seconds,
            bool(practice),
            handicap,
            tuple(seats[ident]),
        )
        for ident, when, options, players, decisions, seconds, practice, handicap in games
    ]
