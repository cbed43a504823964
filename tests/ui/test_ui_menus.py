"""The menu scenes driven headless through posted clicks and keys: title, setup, and the
rules, settings and saves panels."""

from __future__ import annotations

import json

import pygame
import pytest
from ui_helpers import button, choose, click, elements, press, run, type_text  # noqa: I001 (dummy drivers first)

from vikings.saves.settings import Settings
from vikings.ui import flow
from vikings.ui.dialogs.kit import Dialog
from vikings.ui.dialogs.rules import RulesPanel, markdown_to_html, scoring_summary
from vikings.ui.dialogs.saves import SavesPanel
from vikings.ui.dialogs.settings import SettingsPanel
from vikings.ui.scenes.setup import SetupScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match, Seat

SEATS = [Seat("Ann", "person", "teal"), Seat("Astrid (Normal)", "normal", "orange")]


@pytest.fixture
def entered(monkeypatch):
    """The matches the menus hand to flow.enter_game (which is replaced: no table here)."""
    got = []
    monkeypatch.setattr(flow, "enter_game", lambda app, match: got.append(match))
    return got


def scene(app):
    return app.scenes.current


def back_to_title(app) -> TitleScene:
    app.scenes.switch(TitleScene(app))
    run(app)
    return scene(app)


# Title ----------------------------------------------------------------------------------------
def test_title_buttons_and_shortcuts(app):
    t = scene(app)
    assert isinstance(t, TitleScene)
    assert [b.text for b in t.buttons.values()] == [
        "New game",
        "Learn to play",
        "Continue",
        "Load",
        "Play over network",
        "Puzzles",
        "Statistics",
        "Rules",
        "Settings",
        "Quit",
    ]
    press(app, pygame.K_n)
    assert isinstance(scene(app), SetupScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(scene(app), TitleScene)
    press(app, pygame.K_s)
    assert isinstance(scene(app), SettingsPanel)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_q)
    assert not app.running


def test_continue_is_disabled_without_an_autosave(app, entered):
    t = scene(app)
    assert not t.buttons["continue"].is_enabled
    press(app, pygame.K_c)
    click(app, t.buttons["continue"])
    assert entered == [] and scene(app) is t and t.notice == ""


def test_continue_loads_the_autosave(app, entered):
    saved = Match.new(SEATS, app.rules, 77, storage=app.storage)
    assert app.storage.autosave_path.exists()
    t = back_to_title(app)
    assert t.buttons["continue"].is_enabled
    assert "Ann" in t.autosave_info and "round 1 of 6" in t.autosave_info
    click(app, t.buttons["continue"])
    assert len(entered) == 1
    assert entered[0].to_doc() == saved.to_doc() and entered[0].seats == tuple(SEATS)


@pytest.mark.parametrize("text", ["{broken", json.dumps({"format": "something else"}), "[]"])
def test_a_broken_autosave_shows_a_message(app, entered, text):
    app.storage.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    app.storage.autosave_path.write_text(text)
    t = back_to_title(app)
    assert not t.buttons["continue"].is_enabled
    assert t.notice.startswith("The autosaved game cannot be continued:")
    press(app, pygame.K_c)
    assert entered == [] and scene(app) is t


def test_an_autosave_broken_after_the_title_opened(app, entered):
    Match.new(SEATS, app.rules, 5, storage=app.storage)
    t = back_to_title(app)
    app.storage.autosave_path.write_text("{}")
    click(app, t.buttons["continue"])
    assert entered == [] and "not a saved Vikings table" in t.notice
    assert not t.buttons["continue"].is_enabled


def test_a_panel_keeps_clicks_from_the_scene_below(app):
    class Small(Dialog):
        size = (200, 100)

    t = scene(app)
    quit_button = t.buttons["quit"]
    app.scenes.push(Small(app))
    run(app)
    click(app, quit_button)  # outside the small dialog, on the shade
    press(app, pygame.K_q)
    assert app.running and isinstance(scene(app), Small)
    press(app, pygame.K_ESCAPE)
    assert scene(app) is t


# Setup ----------------------------------------------------------------------------------------
def open_setup(app) -> SetupScene:
    click(app, button(app, "New game"))
    s = scene(app)
    assert isinstance(s, SetupScene)
    return s


def test_setup_defaults(app):
    s = open_setup(app)
    assert [(x["name"], x["kind"]) for x in s.choices.seats] == [("Player 1", "person"), ("Astrid", "normal")]
    assert s.rows[0]["name"].get_text() == "Player 1"
    assert not s.rows[0]["remove"].is_enabled
    assert s.choices.start == "random" and s.choices.seed_text == ""


def test_a_default_bot_is_named_once_with_its_level_said_once(app):
    """A bot's default name is its Norse name; the table adds its level once (it used to
    read "Astrid (Normal) (normal bot) is playing")."""
    s = open_setup(app)
    choose(app, s.start_menu, "2. Astrid")
    click(app, s.start_button)
    table = app.scenes.base
    assert app.match.seats[1].name == "Astrid"
    assert table.turn_text() == "Astrid (normal bot) is playing"


def test_setup_to_start(app, entered):
    s = open_setup(app)
    type_text(app, s.rows[0]["name"], "Ingrid")
    choose(app, s.rows[1]["kind"], "Hard bot")
    assert s.choices.seats[1]["name"] == "Astrid"
    click(app, s.add_button)
    choose(app, s.rows[2]["kind"], "Person")
    choose(app, s.start_menu, "2. Astrid")
    type_text(app, s.seed_entry, "12345")
    click(app, s.start_button)
    assert len(entered) == 1
    m = entered[0]
    assert m.seats == (
        Seat("Ingrid", "person", "purple"),
        Seat("Astrid", "hard", "orange"),
        Seat("Player 3", "person", "teal"),
    )
    assert m.game.config.seed == 12345 and m.game.config.start_player == 1 and m.game.start_player == 1
    assert app.storage.autosave_path.exists()  # a new game is autosaved from its start


def test_setup_colours_stay_distinct_and_seats_2_to_4(app):
    s = open_setup(app)
    choose(app, s.rows[0]["colour"], "Orange")
    assert [x["colour"] for x in s.choices.seats] == ["orange", "purple"]
    assert s.rows[1]["colour"].selected_option[1] == "purple"
    click(app, s.add_button)
    click(app, s.add_button)
    assert len(s.choices.seats) == 4 and not s.add_button.visible
    assert len({x["colour"] for x in s.choices.seats}) == 4
    assert len({x["name"] for x in s.choices.seats}) == 4
    choose(app, s.start_menu, "4. Sigrid")
    click(app, s.rows[1]["remove"])  # the start player moves up with her seat
    assert s.choices.start == "2" and s.choices.seats[2]["name"] == "Sigrid"
    click(app, s.rows[2]["remove"])  # ... and removing her falls back to random
    assert s.choices.start == "random" and len(s.choices.seats) == 2 and not s.rows[0]["remove"].is_enabled


def test_setup_rejects_a_bad_seed_and_duplicate_names(app, entered):
    s = open_setup(app)
    type_text(app, s.seed_entry, "12a")
    assert "digits" in s.error_text and s.error_label.visible
    click(app, s.start_button)
    assert entered == []
    type_text(app, s.seed_entry, "")
    type_text(app, s.rows[1]["name"], "Ingrid")
    type_text(app, s.rows[0]["name"], "ingrid ")
    click(app, s.start_button)
    assert entered == [] and "Two seats" in s.error_text
    type_text(app, s.rows[0]["name"], "Sven")
    type_text(app, s.seed_entry, "99")
    press(app, pygame.K_RETURN)  # the first Enter leaves the field
    assert entered == []
    press(app, pygame.K_RETURN)
    assert len(entered) == 1 and entered[0].game.config.seed == 99


def test_a_player_called_like_a_bot_gives_the_bot_another_name(app, entered):
    """A player who types "Astrid" while the bot beside her is Astrid by default: the bot
    takes the next Norse name at once (it used to keep hers, and Start refused two seats
    called Astrid); a name she gave the bot herself is hers to keep."""
    s = open_setup(app)
    assert s.rows[1]["name"].get_text() == "Astrid"
    type_text(app, s.rows[0]["name"], "astrid")
    run(app)
    assert s.rows[1]["name"].get_text() == "Bjorn" and s.choices.seats[1]["name"] == "Bjorn"
    click(app, s.add_button)
    choose(app, s.rows[2]["kind"], "Hard bot")
    assert s.choices.seats[2]["name"] not in ("Astrid", "Bjorn")
    click(app, s.start_button)
    assert len(entered) == 1 and [x.name for x in entered[0].seats][:2] == ["astrid", "Bjorn"]
    again = SetupScene(app).choices  # the next setup remembers her name: the bot is not Astrid
    assert [x["name"] for x in again.seats][:2] == ["astrid", "Bjorn"]
    back_to_title(app)
    s = open_setup(app)
    type_text(app, s.rows[1]["name"], "Bjorn")
    type_text(app, s.rows[0]["name"], "Bjorn")
    click(app, s.start_button)
    assert len(entered) == 1 and "Two seats" in s.error_text  # (two names typed: hers to settle)


def test_setup_blank_seed_is_random(app, entered):
    for _ in range(2):
        s = open_setup(app)
        click(app, s.start_button)
        back_to_title(app)
    seeds = [m.game.config.seed for m in entered]
    assert all(isinstance(x, int) and x >= 0 for x in seeds) and seeds[0] != seeds[1]


def test_setup_starts_the_real_table(app):
    """Through the real flow: the menus leave for the table scenes."""
    s = open_setup(app)
    type_text(app, s.seed_entry, "3")
    choose(app, s.start_menu, "1. Player 1")
    click(app, s.start_button)
    assert not isinstance(app.scenes.base, (SetupScene, TitleScene))
    assert app.match is not None and app.match.game.config.seed == 3


# Panels ---------------------------------------------------------------------------------------
def test_rules_panel_tabs_and_esc(app):
    t = scene(app)
    press(app, pygame.K_r)
    p = scene(app)
    assert isinstance(p, RulesPanel) and "How to play Vikings" in p.text.html_text
    click(app, button(app, "Scoring summary"))
    assert "Small scoring" in p.text.html_text and "3 Gold" in p.text.html_text
    press(app, pygame.K_TAB)
    assert p.tab == "advanced" and "Longboat" in p.text.html_text and "Auction" in p.text.html_text
    press(app, pygame.K_TAB)
    assert p.tab == "keys" and "Ctrl+Z" in p.text.html_text
    press(app, pygame.K_TAB)
    assert p.tab == "rules"
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_ESCAPE)
    assert scene(app) is t and len(app.scenes.stack) == 1
    press(app, pygame.K_r)
    click(app, button(app, "Close"))
    assert scene(app) is t
    press(app, pygame.K_r)
    click(app, scene(app).window.close_window_button)  # the window's own x
    assert scene(app) is t and len(app.scenes.stack) == 1


def test_rules_markdown_and_summary(rules):
    out = markdown_to_html("# Title\nSome **bold** and *it*\ncontinued.\n\n- one\n  more\n1. first\n   - sub <x>")
    assert "<b>Title</b>" in out and "<b>bold</b>" in out and "<i>it</i>" in out
    assert "<i>it</i> continued." in out and "\u2022 one more" in out and "<b>1.</b> first" in out
    assert "&lt;x&gt;" in out
    summary = scoring_summary(rules)
    assert "after rounds 1, 3, 5" in summary and "Every **5 Gold** becomes **1 Fame**" in summary


def test_settings_panel_applies_and_persists(app):
    press(app, pygame.K_s)
    p = scene(app)
    choose(app, p.menus["Animations"], "Fast")
    choose(app, p.menus["Bot pace"], "Instant")
    click(app, p.confirm)
    assert p.confirm.text == "Off"
    assert app.settings.animation == "normal"  # nothing changes before Apply
    click(app, p.apply_button)
    assert isinstance(scene(app), TitleScene)
    saved = Settings.load(app.storage)
    assert (saved.animation, saved.bot_pace, saved.confirm_purchase) == ("fast", "instant", False)
    assert app.settings.animation == "fast"


def test_settings_cancel_and_window_size(app):
    press(app, pygame.K_s)
    choose(app, scene(app).menus["Animations"], "Slow")
    press(app, pygame.K_ESCAPE)
    assert app.settings.animation == "normal" and not app.storage.settings_path.exists()
    press(app, pygame.K_s)
    choose(app, scene(app).menus["Window"], "1600 \u00d7 900")
    press(app, pygame.K_RETURN)
    assert app.screen.get_size() == (1600, 900) and app.look.size == (1600, 900)
    assert (Settings.load(app.storage).width, Settings.load(app.storage).height) == (1600, 900)
    assert isinstance(scene(app), TitleScene) and scene(app).buttons["new"].rect.width == 360


def test_saves_panel_saves_lists_and_loads(app, entered):
    match = Match.new(SEATS, app.rules, 11, storage=app.storage)
    app.scenes.push(SavesPanel(app, mode="save", match=match))
    run(app)
    p = scene(app)
    assert p.name_entry.get_text() == "Ann vs Astrid round 1"
    type_text(app, p.name_entry, "Evening game")
    click(app, p.save_button)
    assert app.storage.save_path("Evening game").exists() and p.message.startswith("Saved")
    assert any(t.startswith("Evening game") for t in p.paths)
    click(app, p.save_button)  # the same name again: asks first
    assert p.save_button.text == "Replace" and "exists" in p.message
    click(app, p.save_button)
    assert p.message.startswith("Saved") and p.save_button.text == "Save"
    match.save_as("Older game")
    press(app, pygame.K_ESCAPE)

    press(app, pygame.K_l)
    p = scene(app)
    assert isinstance(p, SavesPanel) and p.mode == "load"
    items = p.list.item_list_container.elements
    assert [b.text.split("   ")[0] for b in items] == ["Older game", "Evening game"]  # newest first
    # The newest is chosen already: its details shown, Load ready.
    assert p.list.get_single_selection() == items[0].text and p.selected()[0] == "Older game"
    assert p.load_button.is_enabled and p.message.startswith("Round 1 of 6")
    click(app, items[1])
    assert p.load_button.is_enabled and "Ann, Astrid (Normal)" in p.message
    click(app, p.load_button)
    assert len(entered) == 1 and entered[0].to_doc() == match.to_doc()


def test_saves_panel_reports_a_broken_save(app, entered):
    app.storage.saves_dir.mkdir(parents=True)
    (app.storage.saves_dir / "damaged.json").write_text('{"format": "vikings-table", "version": 1}')
    app.scenes.push(SavesPanel(app))
    run(app)
    p = scene(app)  # the only save, chosen as the panel opens
    assert "cannot be loaded" in p.message and not p.load_button.is_enabled
    press(app, pygame.K_RETURN)
    assert entered == [] and isinstance(scene(app), SavesPanel)


def test_saves_panel_empty(app):
    press(app, pygame.K_l)
    p = scene(app)
    assert p.paths == {} and p.empty_label.visible


# Resizing -------------------------------------------------------------------------------------
@pytest.mark.parametrize("panel", [None, RulesPanel, SettingsPanel, SavesPanel])
def test_resize_rebuilds_the_widgets(app, panel):
    s = open_setup(app)
    type_text(app, s.rows[0]["name"], "Kept")
    if panel is not None:
        app.scenes.push(panel(app))
        run(app)
    before = len(elements(app))
    small = s.start_button.rect.size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    run(app)
    assert app.look.size == (1920, 1080)
    assert s.start_button.rect.width > small[0] and s.start_button.alive()
    assert s.rows[0]["name"].get_text() == "Kept"
    assert len(elements(app)) == before  # rebuilt, not added to
    if panel is not None:
        assert scene(app).window.alive() and scene(app).window.rect.width > 0
        press(app, pygame.K_ESCAPE)
    assert scene(app) is s
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=900, size=(1000, 900)))
    run(app)  # an odd shape: centred, nothing raises


def test_a_loaded_game_left_by_menu_can_be_continued(app):
    """Load a named save, leave by Menu before any move: Continue resumes that game.
    (Ann begins: a bot that began could move before the comparison on a slow machine.)"""
    match = Match.new(SEATS, app.rules, 11, start_player=0, storage=app.storage, autosave=False)
    match.save_as("Evening game")
    assert not app.storage.autosave_path.exists()
    press(app, pygame.K_l)
    p = scene(app)
    click(app, p.load_button)
    table = app.scenes.base
    assert app.match is not None and app.match.to_doc() == match.to_doc()
    click(app, table.buttons["menu"])
    title = scene(app)
    assert isinstance(title, TitleScene) and title.buttons["continue"].is_enabled
    click(app, title.buttons["continue"])
    assert app.match is not None and app.match.to_doc() == match.to_doc()


def test_setup_remembers_the_players_name_and_the_last_table(app, entered):
    s = open_setup(app)
    type_text(app, s.rows[0]["name"], "Ingrid")
    choose(app, s.rows[1]["kind"], "Hard bot")
    click(app, s.add_button)
    click(app, s.option_buttons["auction"])
    click(app, s.start_button)
    assert len(entered) == 1
    want = [(x["name"], x["kind"], x["colour"]) for x in s.choices.seats]
    saved = Settings.load(app.storage)
    assert saved.last_seats[0] == ["person", "purple", "Ingrid"] and saved.last_options == ["auction"]
    for settings in (app.settings, saved):  # the next setup, and after a restart
        app.settings = settings
        again = SetupScene(app).choices
        assert [(x["name"], x["kind"], x["colour"]) for x in again.seats] == want
        assert again.options == {"auction"} and not again.seats[0]["auto"] and again.seats[1]["auto"]


def test_a_save_is_listed_under_its_name_as_typed(app):
    """A named save "Nach dem Ärger" is listed so (its file name is a safe spelling)."""
    match = Match.new(SEATS, app.rules, 11, storage=app.storage, autosave=False)
    app.scenes.push(SavesPanel(app, mode="save", match=match))
    run(app)
    p = scene(app)
    type_text(app, p.name_entry, "Nach dem Ärger")
    click(app, p.save_button)
    assert app.storage.save_path("Nach dem Ärger").name == "Nach_dem_Aerger.json"
    assert "Nach dem Ärger" in p.message
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    p = scene(app)
    items = p.list.item_list_container.elements
    assert [b.text.split("   ")[0] for b in items] == ["Nach dem Ärger"]
