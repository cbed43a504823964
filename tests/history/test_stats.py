"""The statistics screen's figures (issue 56), from a constructed history whose every
answer is known: games and wins by mode and by bot level, head to head, Fame, results over
time, the history list; practice games left out of the figures."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from journey_helpers import game, loser, text, winner

from vikings.history import fair, profiles, stats
from vikings.history import games as games_mod


def day(n: int) -> datetime:
    return datetime(2026, 1, n, 20, 0, tzinfo=UTC)


@pytest.fixture
def journey(history):
    """Astrid's games (B is her friend Bjørn), recorded out of date order:
    1 Jan: 2p standard vs Normal, won       3 Jan: 2p standard vs Normal, lost
    2 Jan: 2p standard vs Normal, won       4 Jan: 3p advanced with Bjørn and Hard, won
    5 Jan: practice vs Normal, won          6 Jan: Bjørn vs Expert, without her
    """
    a = profiles.create(history, "Astrid", "purple")
    b = profiles.create(history, "Bjørn", "orange")
    played = {}

    def record(n, g, her_seat, kinds, friend_seat=None, practice=False):
        seat_kinds = list(kinds)
        who = [None] * g.n
        if her_seat is not None:
            who[her_seat] = a.id
            seat_kinds[her_seat] = "person"
        if friend_seat is not None:
            who[friend_seat] = b.id
            seat_kinds[friend_seat] = "person"
        ident = games_mod.record_game(
            history, text(g, seat_kinds), who, seconds=60 * n, practice=practice, finished=day(n)
        )
        played[n] = (ident, g, her_seat)

    g1, g2, g3 = game(2, 1), game(2, 2), game(2, 3)
    record(1, g1, winner(g1), ["normal"] * 2)
    record(3, g2, loser(g2), ["normal"] * 2)
    record(2, g3, winner(g3), ["normal"] * 2)
    g4 = game(3, 4, advanced=True)
    her = winner(g4)
    friend = (her + 1) % 3
    record(4, g4, her, ["hard"] * 3, friend_seat=friend)
    g5 = game(2, 5)
    record(5, g5, winner(g5), ["normal"] * 2, practice=True)
    g6 = game(2, 6)
    record(6, g6, None, ["expert"] * 2, friend_seat=0)
    return history, a, b, played


def her_fame(played, n):
    _, g, seat = played[n]
    return g.displays[seat].fame


def test_games_and_wins_by_mode(journey):
    history, a, b, _ = journey
    assert stats.by_mode(history, a.id) == {("standard", 2): stats.Tally(3, 2), ("advanced", 3): stats.Tally(1, 1)}
    assert stats.by_mode(history, a.id, practice=True)[("standard", 2)] == stats.Tally(4, 3)
    assert stats.by_mode(history, b.id) == {
        ("advanced", 3): stats.Tally(1, 0),
        ("standard", 2): stats.Tally(1, int(game(2, 6).ranks[0] == 1)),
    }


def test_games_and_wins_by_bot_level(journey):
    history, a, _, _ = journey
    assert stats.by_bot_level(history, a.id) == {"normal": stats.Tally(3, 2), "hard": stats.Tally(1, 1)}
    assert stats.by_bot_level(history, a.id, practice=True)["normal"] == stats.Tally(4, 3)


def test_head_to_head_against_friends_and_bot_levels(journey):
    history, a, b, played = journey
    meetings = stats.head_to_head(history, a.id)
    assert [(m.profile, m.bot, m.name) for m in meetings] == [
        (b.id, None, "Bjørn"),
        (None, "normal", "normal"),
        (None, "hard", "hard"),
    ]
    friend, normal, hard = meetings
    assert (friend.games, friend.ahead, friend.behind, friend.level) == (1, 1, 0, 0)
    assert (normal.games, normal.ahead, normal.behind, normal.level) == (3, 2, 1, 0)
    assert (hard.games, hard.ahead, hard.behind) == (1, 1, 0)
    (her,) = [m for m in stats.head_to_head(history, b.id) if m.profile == a.id]
    assert (her.games, her.ahead, her.behind) == (1, 0, 1)
    renamed = profiles.rename(history, b.id, "Bjørn Ironside")
    assert stats.head_to_head(history, a.id)[0].name == renamed.name


def test_best_and_mean_fame(journey):
    history, a, _, played = journey
    fames = [her_fame(played, n) for n in (1, 2, 3, 4)]
    figures = stats.fame(history, a.id)
    assert figures.games == 4 and figures.best == max(fames)
    assert figures.mean == pytest.approx(sum(fames) / 4)
    nobody = profiles.create(history, "Leif", "teal")
    assert stats.fame(history, nobody.id) == stats.FameFigures(0, None, None)


def test_results_over_time_are_in_date_order(journey):
    history, a, _, played = journey
    assert stats.results_over_time(history, a.id) == [
        stats.Result(day(1), her_fame(played, 1), True),
        stats.Result(day(2), her_fame(played, 2), True),
        stats.Result(day(3), her_fame(played, 3), False),
        stats.Result(day(4), her_fame(played, 4), True),
    ]
    assert [r.date for r in stats.results_over_time(history, a.id, practice=True)][-1] == day(5)


def test_the_history_list_is_newest_first_in_pages(journey):
    history, a, _, played = journey
    ids = {n: played[n][0] for n in played}
    pages = [[s.id for s in stats.history_list(history, a.id, page, per_page=2)] for page in range(4)]
    assert pages == [[ids[5], ids[4]], [ids[3], ids[2]], [ids[1]], []]
    assert stats.count_games(history, a.id) == 5
    everyone = stats.history_list(history, None, 0, per_page=100)
    assert [s.id for s in everyone] == [ids[n] for n in (6, 5, 4, 3, 2, 1)]
    assert stats.count_games(history) == 6
    newest = everyone[1]
    assert newest.practice and newest.date == day(5) and newest.seconds == 300
    assert sum(s.won for s in newest.seats) == 1


def test_recent_results_against_bots_feed_the_fair_level(journey):
    history, a, _, _ = journey
    results = stats.recent_bot_results(history, a.id)
    assert results == [
        fair.BotResult("normal", True),
        fair.BotResult("normal", True),
        fair.BotResult("normal", False),
        fair.BotResult("hard", True),
    ]
    assert stats.recent_bot_results(history, a.id, limit=2) == results[-2:]
    assert fair.suggest_level(results).level in ("normal", "hard", "expert")


def test_two_bots_of_one_level_are_one_game_by_level_and_two_meetings(history):
    a = profiles.create(history, "Astrid", "purple")
    g = game(4, 13)
    her = winner(g)
    kinds = ["normal", "normal", "expert", "normal"]
    kinds[her] = "person"
    who = [None] * 4
    who[her] = a.id
    games_mod.record_game(history, text(g, kinds), who, seconds=1)
    levels = stats.by_bot_level(history, a.id)
    assert sum(k == "normal" for k in kinds) >= 2
    assert levels["normal"] == stats.Tally(1, 1)
    normal = [m for m in stats.head_to_head(history, a.id) if m.bot == "normal"][0]
    assert (normal.games, normal.ahead) == (sum(k == "normal" for k in kinds), sum(k == "normal" for k in kinds))
    assert stats.recent_bot_results(history, a.id) == [
        fair.BotResult("normal" if "expert" not in kinds else "expert", True)
    ]
