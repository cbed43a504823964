"""Profiles at the setup screen, driven by posted clicks and keys: a new name becomes a
profile at Start (in the colour she sat in), the profiles' drop-down seats one, the table
is remembered in the history, and the house rule of extra Gold reaches the engine."""

from __future__ import annotations

import pytest
from ui_helpers import button, choose, click, type_text  # noqa: I001 (dummy drivers first)

from vikings.history import profiles
from vikings.ui import flow
from vikings.ui.scenes.setup import SetupScene


@pytest.fixture
def entered(monkeypatch):
    """The matches setup hands to flow.enter_game (replaced: no table here)."""
    got = []
    monkeypatch.setattr(flow, "enter_game", lambda app, match: got.append(match))
    return got


def open_setup(app) -> SetupScene:
    click(app, button(app, "New game"))
    s = app.scenes.current
    assert isinstance(s, SetupScene)
    return s


def test_profile_made_from_a_new_name_and_the_table_remembered(app, entered):
    s = open_setup(app)
    assert "profile" not in s.rows[0]  # no profiles yet: no drop-down
    type_text(app, s.rows[0]["name"], "Ingrid")
    choose(app, s.rows[0]["colour"], "Teal")
    choose(app, s.rows[1]["kind"], "Hard bot")
    click(app, s.start_button)
    (match,) = entered
    (ingrid,) = profiles.list_profiles(app.history)
    assert (ingrid.name, ingrid.colour) == ("Ingrid", "teal")
    assert match.profiles == [ingrid.id, None]
    last = profiles.last_table(app.history)
    assert last.sitters == (profiles.Sitter(profile=ingrid.id), profiles.Sitter(bot="hard"))

    # The next setup starts from it, with the profiles' drop-down beside her name.
    s = open_setup_again(app)
    assert [(x["name"], x["kind"], x["colour"]) for x in s.choices.seats][0] == ("Ingrid", "person", "teal")
    assert s.choices.seats[1]["kind"] == "hard" and "profile" in s.rows[0] and "profile" not in s.rows[1]


def open_setup_again(app) -> SetupScene:
    flow.show(app, "title")
    return open_setup(app)


def test_profile_picked_from_the_drop_down_takes_her_name_and_colour(app, entered):
    profiles.create(app.history, "Bjorn", "pink")
    profiles.create(app.history, "Ada", "white")
    s = open_setup(app)
    choose(app, s.rows[0]["profile"], "Bjorn")
    s = app.scenes.current
    assert (s.choices.seats[0]["name"], s.choices.seats[0]["colour"]) == ("Bjorn", "pink")
    assert s.rows[0]["name"].get_text() == "Bjorn"
    click(app, s.add_button)
    choose(app, s.rows[2]["kind"], "Person")
    choose(app, s.rows[2]["profile"], "Ada")
    click(app, s.start_button)
    (match,) = entered
    by_name = {p.name: p.id for p in profiles.list_profiles(app.history)}
    assert match.profiles == [by_name["Bjorn"], None, by_name["Ada"]]
    assert len(by_name) == 2  # nobody new


def test_profile_setup_house_rule_gives_a_seat_extra_gold(app, entered):
    s = open_setup(app)
    assert not s.handicap_gold_menu.is_enabled
    choose(app, s.handicap_seat_menu, "2: Astrid")
    s = app.scenes.current
    choose(app, s.handicap_gold_menu, "+5")
    click(app, s.start_button)
    (match,) = entered
    game = match.game
    assert game.config.handicap == (0, 5)
    assert game.displays[1].gold == game.displays[0].gold + 5
    # Removing the seat takes the house rule with it.
    s = open_setup_again(app)
    choose(app, s.handicap_seat_menu, "2: Astrid")
    s = app.scenes.current
    click(app, s.add_button)
    click(app, s.rows[1]["remove"])
    assert app.scenes.current.choices.handicap == ()


def test_profile_setup_house_rule_menu_follows_a_renamed_seat_at_once(app, entered):
    s = open_setup(app)
    type_text(app, s.rows[0]["name"], "Ingrid")
    s = app.scenes.current
    # Straight after typing, without anything else rebuilding the screen.
    choose(app, s.handicap_seat_menu, "1: Ingrid")
    s = app.scenes.current
    assert s.choices.handicap_seat == 0 and s.rows[0]["name"].get_text() == "Ingrid"
    type_text(app, s.rows[1]["name"], "Tove")
    choose(app, app.scenes.current.handicap_seat_menu, "2: Tove")
    choose(app, app.scenes.current.handicap_gold_menu, "+2")
    click(app, app.scenes.current.start_button)
    (match,) = entered
    assert match.game.config.handicap == (0, 2) and match.names == ("Ingrid", "Tove")
