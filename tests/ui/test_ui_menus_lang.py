"""The menus in German and in the pseudo-language: the Language setting in the settings
panel (tried at once, kept on Apply, undone on Cancel), the title, setup, saves and error
screens in German, the readers' refusals translated, and no menu text that missed `t()`."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pygame
import pytest
from ui_helpers import button, choose, click, make_app, press, run  # noqa: I001 (dummy drivers first)

from vikings.content.data import default_rules
from vikings.engine.errors import SaveError
from vikings.saves import unreadable as reasons
from vikings.saves.folders import Storage
from vikings.saves.settings import Settings
from vikings.saves.table_file import load_table_file
from vikings.text import lang
from vikings.ui.dialogs.saves import SavesPanel
from vikings.ui.dialogs.settings import SettingsPanel
from vikings.ui.scenes.error import ErrorScene
from vikings.ui.scenes.setup import SetupScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.pictures.text_probe import TextProbe  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"
from test_ui_menus import SEATS, entered  # noqa: E402,F401,F811 (the seats and the fixture of the menus' tests)


def test_the_language_is_chosen_in_the_settings_and_kept(app):
    press(app, pygame.K_s)
    p = app.scenes.current
    assert isinstance(p, SettingsPanel) and p.apply_button.text == "Apply"
    choose(app, p.menus["Language"], "Deutsch")
    # tried at once: the panel (rebuilt) and the title below it speak German
    assert lang.language() == "de" and app.scenes.current is p
    assert p.apply_button.text == "Übernehmen" and p.window.window_display_title == "Einstellungen"
    assert app.scenes.base.buttons["new"].text == "Neues Spiel"
    assert app.settings.language == ""  # the setting itself changes on Apply
    click(app, p.apply_button)
    assert isinstance(app.scenes.current, TitleScene)
    assert button(app, "Einstellungen") and app.settings.language == "de"
    assert Settings.load(app.storage).language == "de" and app.settings.language == "de"
    assert json.loads(app.storage.settings_path.read_text())["language"] == "de"

    # German shortcut: E for Einstellungen; English tried, then cancelled: German again
    press(app, pygame.K_e)
    p = app.scenes.current
    assert isinstance(p, SettingsPanel) and p.menus["Language"].selected_option[0] == "Deutsch"
    choose(app, p.menus["Language"], "English")
    assert p.cancel_button.text == "Cancel" and lang.language() == "en"
    click(app, p.cancel_button)
    assert isinstance(app.scenes.current, TitleScene) and lang.language() == "de"
    assert app.scenes.current.buttons["settings"].text == "Einstellungen"
    assert Settings.load(app.storage).language == "de" and app.settings.language == "de"


def test_the_system_language_is_the_default_choice(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de")
    a = make_app(tmp_path, settings=Settings(language=""))
    try:
        assert lang.language() == "de" and a.scenes.current.buttons["new"].text == "Neues Spiel"
        press(a, pygame.K_e)
        p = a.scenes.current
        assert p.menus["Language"].selected_option[0] == "Systemsprache"
        choose(a, p.menus["Language"], "English")
        click(a, p.apply_button)
        assert lang.language() == "en" and Settings.load(a.storage).language == "en"
        assert a.scenes.current.buttons["new"].text == "New game"
    finally:
        a.shutdown()


@pytest.fixture
def german(tmp_path):
    a = App_de(tmp_path)
    yield a
    a.shutdown()


def App_de(home, code="de"):
    from vikings.ui.app import App

    a = App(storage=Storage(home), size=(1280, 720), language=code)
    a.fps = 0
    run(a, 2)
    return a


def test_title_and_setup_in_german(german, entered):
    Match.new(SEATS, german.rules, 3, storage=german.storage).close()
    german.scenes.switch(TitleScene(german))
    run(german)
    t = german.scenes.current
    assert [b.text for b in t.buttons.values()] == [
        "Neues Spiel",
        "Spielen lernen",
        "Weiterspielen",
        "Laden",
        "Im Netzwerk spielen",
        "Knobelaufgaben",
        "Statistik",
        "Regeln",
        "Einstellungen",
        "Beenden",
    ]
    assert t.autosave_info == "Weiterspielen: Runde 1 von 6 · Ann, Astrid (Normal)"
    press(german, pygame.K_n)
    s = german.scenes.current
    assert isinstance(s, SetupScene)
    assert [x["name"] for x in s.choices.seats] == ["Spieler 1", "Astrid"]
    assert s.rows[1]["kind"].selected_option[0] == "Bot (Normal)"
    choose(german, s.rows[1]["kind"], "Bot (Schwer)")
    assert s.choices.seats[1]["name"] == "Astrid" and s.choices.seats[1]["kind"] == "hard"
    assert s.rows[0]["colour"].selected_option[0] == "Lila"
    assert s.start_menu.selected_option[0] == "Zufällig"
    assert s.option_buttons["special_tiles"].text == "Sonderplättchen"
    s.choices.seed_text = "x1"
    press(german, pygame.K_RETURN)
    assert (
        entered == [] and s.choices.error == "Der Startwert muss eine ganze Zahl sein (nur Ziffern) oder leer bleiben."
    )
    # names nobody typed follow a change of language, as do the menus
    german.apply_language("en")
    run(german)
    assert [x["name"] for x in s.choices.seats] == ["Player 1", "Astrid"] and s.back_button.text == "Back"
    assert s.choices.error.startswith("The seed must be a whole number")


def test_a_refused_save_is_explained_in_german(german):
    german.storage.saves_dir.mkdir(parents=True)
    shutil.copy(DATA / "damaged-latin1-letter.json", german.storage.saves_dir / "Abend.json")
    german.scenes.push(SavesPanel(german))
    run(german)
    p = german.scenes.current
    assert p.message.startswith(
        "Dieser Spielstand lässt sich nicht laden: kein gespeichertes Spiel: "
        "die Datei ist kein UTF-8-Text (ein beschädigtes oder fremdes Byte an Position "
    )
    german.apply_language("en")  # the message is kept as its key: it follows the language
    run(german)
    assert german.scenes.current is p
    assert p.message.startswith("This save cannot be loaded: not a saved game: the file is not UTF-8 text")


@pytest.mark.parametrize("fixture", sorted(p.name for p in DATA.glob("damaged-*.json")))
def test_every_refusal_of_the_readers_is_known(fixture):
    """The shipped damaged files go through the real readers; each refusal has its entry."""
    with pytest.raises(SaveError) as e:
        load_table_file(DATA / fixture, default_rules())
    assert reasons.known(str(e.value)), str(e.value)
    lang.set_language("de")
    assert reasons.explain(str(e.value)) != str(e.value)


@pytest.mark.parametrize(
    "message",
    [
        "not a saved game: invalid JSON at line 3 column 14 (Expecting value)",
        "checksum mismatch: the file was changed after it was saved",
        "save version 3 is not supported (saved by a newer edition?); this edition reads version 1, 2",
        "table version 0 is not supported; this edition reads versions 1, 2",
        "action 7 of 30 (buy 99) cannot be replayed: no group there",
        "the saved state does not match a replay of its actions (differs in: stacks, rng); the save is inconsistent",
        "the game was saved with different game data (rules digest 'ab', this edition has 'cd')",
        "the save is incomplete: the text ends too early (truncated file?)",
        "the file cannot be read (Permission denied)",
        "the file is too large (over 2 MB; a saved game is about 15 KB)",
        "not a saved game: the file holds too many lists and objects (over 50,000)",
        "damaged save: the game inside the table: the JSON is nested too deeply (over 20 levels at line 2)",
    ],
)
def test_the_engines_messages_are_translated_with_their_details(message):
    assert reasons.explain(message) == message  # English: as the reader wrote it
    lang.set_language("de")
    german_text = reasons.explain(message)
    assert german_text != message and reasons.known(message)
    for number in ("3", "14", "7", "30", "50.000", "20", "2 MB"):
        if number.replace(".", ",") in message:
            assert number in german_text, german_text


def test_no_menu_text_misses_the_catalogue(tmp_path):
    """The pseudo-language shows every catalogue text accented: what is drawn with plain
    letters did not come through t() (names, the save's name and file paths allowed)."""
    home = tmp_path / "home"
    storage = Storage(home)
    Match.new(SEATS, default_rules(), 3, storage=storage).close()
    storage.saves_dir.mkdir(parents=True)
    shutil.copy(DATA / "damaged-utf16.json", storage.saves_dir / "Broken.json")
    with TextProbe() as probe:
        a = App_de(home, "qps")
        try:
            setup = SetupScene(a)
            a.scenes.switch(setup)
            setup.choices.add_seat("expert")
            setup._rebuild()
            setup.choices.seed_text = "x"
            setup.start_game()
            run(a)
            a.scenes.switch(TitleScene(a))
            a.scenes.push(SettingsPanel(a))
            run(a)
            a.scenes.pop(a.scenes.current)
            a.scenes.push(SavesPanel(a))
            run(a)
            match = Match.new(SEATS, default_rules(), 3, storage=storage)
            a.scenes.pop(a.scenes.current)
            a.scenes.push(SavesPanel(a, mode="save", match=match))
            run(a)
            a.scenes.current.save()  # the name suggested, in the pseudo-language
            a.scenes.current.save()
            run(a)
            match.close()
            storage.autosave_path.write_bytes(b"\xff\xfe{}")
            a.scenes.switch(TitleScene(a))
            run(a)
            a.scenes.switch(ErrorScene(a, RuntimeError("boom"), storage.log_path))
            run(a)
        finally:
            a.shutdown()
    allowed = [
        "Ann",
        "Astrid (Normal)",
        "Astrid",
        "Bjorn",
        "Sigrid",
        "Broken",
        "English",
        "Deutsch",
        "RuntimeError: boom",
        str(storage.log_path),
        "autosave.json.broken-",
    ]
    allowed += [name.replace("_", " ") for name, _, _ in storage.list_saves()]  # the saves' names (files)
    # ("A": pygame-gui measures an empty text's height by drawing an "A")
    assert [x for x in probe.untranslated(allowed) if x != "A"] == []


def test_a_german_save_name_is_filed_spelled_out_and_shown_as_typed(german):
    from vikings.saves.folders import safe_name

    assert safe_name("Spiel mit Jörg, Runde 3") == "Spiel_mit_Joerg_Runde_3"
    assert safe_name("Große Äxte") == "Grosse_Aexte" and safe_name("José") == "Jose"
    match = Match.new(SEATS, german.rules, 3, storage=german.storage)
    german.scenes.push(SavesPanel(german, mode="save", match=match))
    run(german)
    p = german.scenes.current
    assert p.name_entry.get_text() == "Ann gegen Astrid Runde 1"
    p.name_text = "Übung mit Jörg"
    p.save()
    assert german.storage.save_path("Übung mit Jörg").name == "Uebung_mit_Joerg.json"
    assert p.message == "Gespeichert als „Übung mit Jörg“." and p.tone == "good"
    match.close()


def test_setup_keeps_room_for_the_names_in_german_at_a_large_ui_scale(tmp_path):
    from vikings.ui.app import App

    a = App(storage=Storage(tmp_path), size=(1280, 720), language="de", settings=Settings(ui_scale=150))
    a.fps = 0
    try:
        run(a, 2)
        press(a, pygame.K_n)
        s = a.scenes.current
        assert isinstance(s, SetupScene) and s.compact_remove
        remove = s.rows[0]["remove"]
        assert remove.text == "\u00d7" and remove.tool_tip_text == "Diesen Platz entfernen"
        name = s.rows[1]["name"]
        assert name.font.size("Astrid (Normal)")[0] < name.rect.w
    finally:
        a.shutdown()
    b = make_app(tmp_path / "en")  # English at 100%: the word
    try:
        press(b, pygame.K_n)
        assert b.scenes.current.rows[0]["remove"].text == "Remove"
    finally:
        b.shutdown()


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_title_shortcuts_are_distinct_letters(code):
    from vikings.ui.scenes.title import BUTTONS, shortcut

    pygame.init()
    lang.set_language(code)
    letters = [shortcut(what)[0] for what in BUTTONS if what != "quit"]
    keys = [shortcut(what)[1] for what in BUTTONS]
    assert all(len(x) == 1 and x.isalpha() for x in letters) and len(set(letters)) == len(letters)
    assert all(keys) and len({k for ks in keys for k in ks}) == sum(len(ks) for ks in keys)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xff\xfe{}",
        b'{"a": "\xe9"}',
        b"[" * 30 + b"]" * 30,
        b"[" + b"[]," * 60000 + b"[]]",
        b'{"n": 1' + b"0" * 40 + b"}",
        b'{"a": [1, 2',
        b'{"a": 1,,}',
        b'{"a": NaN}',
        b'{"a": 1, "a": 2}',
    ],
)
def test_every_refusal_of_the_json_reader_is_known(data):
    from vikings.saves.safe_json import BadFile, parse

    with pytest.raises(BadFile) as e:
        parse(data)
    assert reasons.known(str(e.value)), str(e.value)
    assert reasons.known(f"not a saved game: {e.value}")  # as the table reader words it


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\ufffe",
        "[1]",
        '{"format": "chess"}',
        '{"format": "vikings-save", "version": 99}',
        '{"a": [1',
        "{'a': 1}",
        '{"a": NaN}',
    ],
)
def test_every_refusal_of_the_engines_reader_is_known(text):
    from vikings.engine.serialize import load

    with pytest.raises(SaveError) as e:
        load(text, default_rules())
    assert reasons.known(str(e.value)), str(e.value)


def test_the_title_says_what_continue_resumes_at_150_percent_on_a_small_window(tmp_path):
    """Nine entries left the line on what Continue resumes no room above the sea: it was
    drawn under it, out of sight (German, 150 %, 1280x720)."""
    from tools.pictures import director

    old = director.UI_SCALE
    director.UI_SCALE = 150
    try:
        d = director.Director((1280, 720), tmp_path, language="de")
        d.new_match()
        d.enter()
        d.frames(3)
        director.to_title(d)
        d.frames(3)
        sc = d.app.scenes.base
        assert isinstance(sc, TitleScene) and sc.autosave_info
        quit_bottom = sc.buttons["quit"].rect.bottom
        sea = round(722 * d.app.look.size[1] / 900)  # the sea's top (design 722 of 900)
        band = d.app.screen.subsurface(pygame.Rect(0, quit_bottom + 2, 1280, sea - quit_bottom - 6))
        inked = {band.get_at((x, y))[:3] for x in range(300, 980, 3) for y in range(band.get_height())}
        assert len(inked) > 8, "no line under the buttons"
    finally:
        director.UI_SCALE = old
        lang.set_language("en")
