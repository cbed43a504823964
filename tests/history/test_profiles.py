"""Profiles (issue 56): the people at this desk, their names as typed and unique without
regard to case, renaming, merging, deleting, and the last table set up."""

from __future__ import annotations

import pytest
from journey_helpers import game, loser, text, winner

from vikings.history import Refused, profiles, stats
from vikings.history import games as games_mod
from vikings.history.profiles import LastTable, Sitter


def refused(reason, call, *args, **kwargs) -> Refused:
    with pytest.raises(Refused) as e:
        call(*args, **kwargs)
    assert e.value.reason == reason, e.value
    return e.value


NAMES = ("Ärger", "🐉 Drache", "Åsa Þórsdóttir", "田中", "O'Brien\"); DROP TABLE games; --")


def test_any_unicode_name_is_kept_exactly_as_typed(history):
    made = [profiles.create(history, name, "purple") for name in NAMES]
    assert [p.name for p in made] == list(NAMES)
    listed = {p.id: p.name for p in profiles.list_profiles(history)}
    assert listed == {p.id: p.name for p in made}
    assert "games" in {r[0] for r in history.conn.execute("SELECT name FROM sqlite_master")}


def test_names_are_unique_without_regard_to_case_or_composition(history):
    profiles.create(history, "Ärger", "purple")
    for same in ("ärger", "ÄRGER", "A\u0308rger", "  Ärger  "):
        refused(profiles.NAME_TAKEN, profiles.create, history, same, "teal")
    strasse = profiles.create(history, "Straße", "teal")
    refused(profiles.NAME_TAKEN, profiles.create, history, "STRASSE", "pink")
    assert profiles.create(history, "Arger", "pink").name == "Arger"  # another letter, another name
    assert strasse.name == "Straße"


def test_a_name_is_trimmed_and_bounded(history):
    assert profiles.create(history, "  Leif ", "purple").name == "Leif"
    refused(profiles.NAME_EMPTY, profiles.create, history, "   ", "purple")
    refused(profiles.NAME_TOO_LONG, profiles.create, history, "x" * 41, "purple")
    refused(profiles.NAME_CONTROL, profiles.create, history, "Leif\nErikson", "purple")
    refused(profiles.NAME_CONTROL, profiles.create, history, "Le\x00if", "purple")
    assert profiles.create(history, "y" * 40, "purple").name == "y" * 40


def test_colour_language_and_preferences_are_checked(history):
    refused(profiles.BAD_COLOUR, profiles.create, history, "Leif", "gold")
    refused(profiles.BAD_LANGUAGE, profiles.create, history, "Leif", "purple", "xx")
    refused(profiles.BAD_PREFERENCE, profiles.create, history, "Leif", "purple", "", {"volume": 3})
    refused(profiles.BAD_PREFERENCE, profiles.create, history, "Leif", "purple", "", {"hints": 1})
    refused(profiles.BAD_PREFERENCE, profiles.create, history, "Leif", "purple", "", {"ui_scale": 95})
    refused(profiles.BAD_PREFERENCE, profiles.create, history, "Leif", "purple", "", {"animation": "warp"})
    prefs = {"hints": False, "animation": "fast", "bot_pace": "slow", "ui_scale": 120, "confirm_purchase": True}
    leif = profiles.create(history, "Leif", "teal", "de", prefs)
    assert profiles.get(history, leif.id) == leif
    assert (leif.colour, leif.language, leif.preferences) == ("teal", "de", prefs)
    assert profiles.list_profiles(history) == [leif]


def test_stored_preferences_are_read_back_only_as_far_as_they_are_known(history):
    leif = profiles.create(history, "Leif", "teal", "", {"hints": False})
    history.conn.execute(
        "UPDATE profiles SET preferences = ? WHERE id = ?",
        ('{"hints": false, "volume": 11, "ui_scale": "huge", "animation": "fast"}', leif.id),
    )
    assert profiles.get(history, leif.id).preferences == {"hints": False, "animation": "fast"}
    history.conn.execute("UPDATE profiles SET preferences = '[[[[' WHERE id = ?", (leif.id,))
    assert profiles.get(history, leif.id).preferences == {}


def test_rename_and_update(history):
    astrid = profiles.create(history, "Astrid", "purple")
    profiles.create(history, "Bjørn", "orange")
    refused(profiles.NAME_TAKEN, profiles.rename, history, astrid.id, "BJØRN")
    assert profiles.rename(history, astrid.id, "ASTRID").name == "ASTRID"  # her own name, other case
    renamed = profiles.rename(history, astrid.id, "Astrid 🐉")
    assert profiles.get(history, astrid.id) == renamed
    changed = profiles.update(history, astrid.id, colour="pink", language="en", preferences={"hints": True})
    assert (changed.name, changed.colour, changed.language, changed.preferences) == (
        "Astrid 🐉",
        "pink",
        "en",
        {"hints": True},
    )
    refused(profiles.NO_SUCH_PROFILE, profiles.rename, history, 999, "Nobody")
    # the old name is free again
    assert profiles.create(history, "astrid", "teal").name == "astrid"


def test_merge_moves_every_game_and_keeps_one_seat_where_both_sat(history):
    a = profiles.create(history, "Astrid", "purple")
    a2 = profiles.create(history, "astrid2", "teal")
    g = game(2, 1)
    games_mod.record_game(history, text(g, ["person", "normal"]), [a2.id, None], seconds=1)
    games_mod.record_game(history, text(g, ["person", "normal"]), [a.id, None], seconds=1)
    both = games_mod.record_game(history, text(g, ["person", "person"]), [a.id, a2.id], seconds=1)
    refused(profiles.SAME_PROFILE, profiles.merge, history, a.id, a.id)

    kept = profiles.merge(history, a2.id, a.id)
    assert kept.id == a.id
    assert [p.id for p in profiles.list_profiles(history)] == [a.id]
    assert stats.count_games(history, a.id) == 3
    (shared,) = [s for s in stats.history_list(history, a.id) if s.id == both]
    assert [s.profile for s in shared.seats] == [a.id, None]
    assert sum(t.games for t in stats.by_mode(history, a.id).values()) == 3
    refused(profiles.NO_SUCH_PROFILE, profiles.merge, history, a2.id, a.id)


def test_delete_takes_her_games_and_leaves_shared_ones_to_the_others(history):
    a = profiles.create(history, "Astrid", "purple")
    b = profiles.create(history, "Bjørn", "orange")
    g = game(2, 1)
    games_mod.record_game(history, text(g, ["person", "normal"]), [a.id, None], seconds=1)
    games_mod.record_game(history, text(g, ["person", "person"]), [a.id, None], seconds=1)  # a guest
    shared = games_mod.record_game(history, text(g, ["person", "person"]), [a.id, b.id], seconds=1)
    games_mod.record_game(history, text(g, ["normal", "person"]), [None, b.id], seconds=1)

    assert profiles.delete(history, a.id) == 2
    assert [p.id for p in profiles.list_profiles(history)] == [b.id]
    assert stats.count_games(history) == 2
    assert stats.count_games(history, b.id) == 2
    (kept,) = [s for s in stats.history_list(history) if s.id == shared]
    assert [s.profile for s in kept.seats] == [None, b.id]
    assert [s.name for s in kept.seats] == list(g.config.players)
    refused(profiles.NO_SUCH_PROFILE, profiles.delete, history, a.id)


def test_the_last_table_is_remembered_without_deleted_profiles(history):
    assert profiles.last_table(history) is None
    a = profiles.create(history, "Astrid", "purple")
    b = profiles.create(history, "Bjørn", "orange")
    setup = LastTable((Sitter(profile=a.id), Sitter(bot="hard"), Sitter(profile=b.id)), frozenset({"auction"}))
    profiles.remember_table(history, setup)
    assert profiles.last_table(history) == setup
    profiles.delete(history, b.id)
    assert profiles.last_table(history) == LastTable((Sitter(profile=a.id), Sitter(bot="hard")), frozenset({"auction"}))
    profiles.remember_table(history, LastTable((Sitter(bot="expert"),), frozenset()))
    assert profiles.last_table(history) == LastTable((Sitter(bot="expert"),), frozenset())


def test_a_last_table_that_cannot_be_is_refused_and_a_damaged_one_forgotten(history):
    a = profiles.create(history, "Astrid", "purple")
    bad = (
        LastTable((Sitter(profile=a.id), Sitter(profile=a.id)), frozenset()),
        LastTable((Sitter(bot="grandmaster"),), frozenset()),
        LastTable((Sitter(profile=a.id, bot="hard"),), frozenset()),
        LastTable((Sitter(),), frozenset()),
        LastTable((Sitter(bot="hard"),) * 5, frozenset()),
        LastTable((), frozenset()),
        LastTable((Sitter(bot="hard"),), frozenset({"cheat"})),
    )
    for setup in bad:
        refused(profiles.BAD_TABLE, profiles.remember_table, history, setup)
    refused(profiles.NO_SUCH_PROFILE, profiles.remember_table, history, LastTable((Sitter(profile=99),), frozenset()))
    history.conn.execute("INSERT INTO meta (key, value) VALUES ('last_table', '{\"sitters\": 5')")
    assert profiles.last_table(history) is None


def test_a_profile_at_the_table_is_recorded_at_her_seat(history):
    g = game(2, 1)
    a = profiles.create(history, "Astrid", "purple")
    seats = [None, None]
    seats[winner(g)] = a.id
    games_mod.record_game(history, text(g, ["person", "person"]), seats, seconds=1)
    seats = [None, None]
    seats[loser(g)] = a.id
    games_mod.record_game(history, text(g, ["person", "person"]), seats, seconds=1)
    assert stats.by_mode(history, a.id) == {("standard", 2): stats.Tally(2, 1)}
