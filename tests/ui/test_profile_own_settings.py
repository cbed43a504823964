"""A profile's language and settings at the table (ui/table/own_settings.py), driven by
posted clicks: the first person's profile is the game's host; her stored language and
preferences are worn from Start (and again when her game is continued), the settings
panel keeps a change of them in her profile, and the title brings the desk's own back.
The settings file keeps the desk's values all along."""

from __future__ import annotations

import json

import pytest
from ui_helpers import button, choose, click, run  # noqa: I001 (dummy drivers first)

from vikings.history import profiles
from vikings.text import lang
from vikings.ui.dialogs.settings import SettingsPanel
from vikings.ui.drawing.theme import caption_overflow
from vikings.ui.scenes.setup import SetupScene
from vikings.ui.scenes.title import TitleScene

pytestmark = pytest.mark.app_settings(animation="normal", bot_pace="instant")


def desk_file(app) -> dict:
    return json.loads(app.storage.settings_path.read_text(encoding="utf-8"))


def test_profile_language_and_settings_worn_for_her_game_and_kept_from_the_panel(app):
    ada = profiles.create(
        app.history, "Ada", "purple", language="de", preferences={"animation": "fast", "hints": False, "ui_scale": 120}
    )
    click(app, button(app, "New game"))
    s = app.scenes.current
    assert isinstance(s, SetupScene)
    choose(app, s.rows[0]["profile"], "Ada")
    s = app.scenes.current
    choose(app, s.rows[1]["kind"], "Person")  # (two people: no bot to wait for)
    s = app.scenes.current
    assert s.host_line == "Language and settings from Ada's profile"
    click(app, s.start_button)

    table = app.scenes.base
    assert app.match is not None and table.ctx.match is app.match
    assert lang.language() == "de" and app.settings.animation == "fast" and app.settings.hints is False
    assert table.buttons["settings"].text == "Einstellungen"  # the table speaks her language
    assert app.look.ui_scale == 1.2  # ... in her lettering's size
    desk = desk_file(app)  # (Start wrote the file: the desk's own values in it)
    assert (desk["language"], desk["animation"], desk["hints"]) == ("", "normal", True)

    # Her settings panel says whose settings they are, and keeps a change for her.
    click(app, table.buttons["settings"])
    panel = app.scenes.current
    assert isinstance(panel, SettingsPanel) and panel.host is not None and panel.host.id == ada.id
    assert panel.menus["Animations"].selected_option[1] == "fast"
    choose(app, panel.menus["Bot pace"], "Langsam")
    click(app, panel.apply_button)
    assert app.settings.bot_pace == "slow"
    assert profiles.get(app.history, ada.id).preferences == {
        "animation": "fast",
        "hints": False,
        "ui_scale": 120,
        "bot_pace": "slow",
    }
    assert desk_file(app)["bot_pace"] == "instant"  # the desk's stays in the file

    # The title: the desk's own settings again.
    click(app, table.buttons["menu"])
    assert isinstance(app.scenes.base, TitleScene)
    assert lang.language() == "en" and (app.settings.bot_pace, app.settings.hints) == ("instant", True)
    assert app.settings.animation == "normal" and button(app, "Continue").text == "Continue"
    assert app.look.ui_scale == 1.0 and desk_file(app)["ui_scale"] == 100

    # Her game continued: hers again (tied by her name), and the desk's after it.
    click(app, button(app, "Continue"))
    assert lang.language() == "de" and app.settings.bot_pace == "slow" and app.settings.hints is False
    click(app, app.scenes.base.buttons["menu"])
    assert lang.language() == "en" and app.settings.bot_pace == "instant"
    run(app, 2)


def test_profile_without_stored_settings_and_a_bot_first_change_nothing(app):
    profiles.create(app.history, "Bo", "teal")  # nothing stored: the desk's settings
    click(app, button(app, "New game"))
    s = app.scenes.current
    choose(app, s.rows[0]["kind"], "Hard bot")
    s = app.scenes.current
    choose(app, s.rows[1]["kind"], "Person")
    s = app.scenes.current
    choose(app, s.rows[1]["profile"], "Bo")
    s = app.scenes.current
    assert s.host_line == "Language and settings from Bo's profile"  # the first person, after a bot's seat
    click(app, s.start_button)
    assert app.settings.worn_by == profiles.list_profiles(app.history)[0].id
    assert lang.language() == "en" and app.settings.animation == "normal"
    click(app, app.scenes.base.buttons["settings"])
    panel = app.scenes.current
    # The line saying what is kept for her is drawn whole at 100 % on 1280x720 (its labels
    # were one line of lettering high, less their border: the ink was cut).
    assert panel.host_note and all(caption_overflow(label) is None for label in panel.host_note)
    choose(app, panel.menus["Animations"], "Slow")
    click(app, panel.apply_button)
    (bo,) = profiles.list_profiles(app.history)
    assert bo.preferences == {"animation": "slow"} and desk_file(app)["animation"] == "normal"
    app.match.close()
