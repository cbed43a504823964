"""The statistics screen, driven by posted clicks and keys: its empty state, a profile's
figures, the history list a page at a time with Review and Play again, managing the
profile (rename, merge, delete after a second press), the history file's notice said
once, and the screen in German."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from ui_helpers import button, choose, click, press, run, type_text  # noqa: I001 (dummy drivers first)

from vikings.history import Notice, profiles
from vikings.history.stats import count_games
from vikings.ui import flow
from vikings.ui.scenes.review import ReviewScene
from vikings.ui.scenes.stats import PER_PAGE, StatsScene
from vikings.ui.scenes.title import TitleScene

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.pictures.shots_journey import GAMES, fill_history  # noqa: E402

pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")


def open_stats(app, caption: str = "Statistics") -> StatsScene:
    app.scenes.switch(TitleScene(app))
    run(app)
    click(app, button(app, caption))
    s = app.scenes.current
    assert isinstance(s, StatsScene)
    return s


def test_stats_empty_state_reads_well_and_esc_goes_back(app):
    s = open_stats(app)
    assert s.profile is None and s.games == [] and s.profile_menu is None
    app.draw()  # the note and the empty list are drawn without figures
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.current, TitleScene)


def test_stats_figures_pages_review_and_play_again(app, monkeypatch):
    ids = fill_history(app.history, app.rules)
    s = open_stats(app)
    assert s.profile == ids["Ann"]  # the first profile by name
    ada_games = sum("Ann" in sitters for sitters, _, _ in GAMES)
    assert s.count == ada_games and len(s.rows) == PER_PAGE and s.fame.games == ada_games
    assert sum(x.games for x in s.by_mode.values()) == ada_games
    assert {m.name for m in s.meetings if m.bot is None} == {"Bjorn"}
    assert len(s.results) == ada_games
    app.draw()

    choose(app, s.profile_menu, "Bjorn")
    s = app.scenes.current
    assert s.profile == ids["Bjorn"] and s.count == sum("Bjorn" in x for x, _, _ in GAMES)

    choose(app, s.profile_menu, "Ann")
    s = app.scenes.current
    first_page = [g.id for g in s.games]
    click(app, s.next_button)
    s = app.scenes.current
    assert s.page_no == 1 and not set(first_page) & {g.id for g in s.games}

    # Review a game of the second page; leaving the review comes back to that page.
    click(app, s.rows[0]["review"])
    review = app.scenes.current
    assert isinstance(review, ReviewScene) and review.actions
    review.back()
    run(app)
    s = app.scenes.current
    assert isinstance(s, StatsScene) and s.page_no == 1 and s.profile == ids["Ann"]

    # Play again: the same seats and deal, from the start, at the table.
    entered = []
    monkeypatch.setattr(flow, "enter_game", lambda app, match: entered.append(match))
    game = s.games[0]
    click(app, s.rows[0]["replay"])
    (match,) = entered
    assert [x.name for x in match.seats] == [x.name for x in game.seats]
    assert match.game.actions() == [] and not match.game.is_over
    match.close()


def test_profile_rename_merge_and_delete_after_asking(app):
    ids = fill_history(app.history, app.rules)
    s = open_stats(app)
    type_text(app, s.rename_entry, "Bjorn")
    click(app, s.rename_button)
    assert s.message == "Another profile already has that name."
    type_text(app, s.rename_entry, "Annika")
    click(app, s.rename_button)
    s = app.scenes.current
    assert profiles.get(app.history, ids["Ann"]).name == "Annika"

    # Merge Bjorn into Annika: his games become hers, he is gone.
    choose(app, s.profile_menu, "Bjorn")
    s = app.scenes.current
    click(app, s.merge_button)
    s = app.scenes.current
    assert s.profile == ids["Ann"] and [p.name for p in s.profiles] == ["Annika"]
    assert s.count == len(GAMES)

    # Delete asks first, naming the games that go with her.
    click(app, s.delete_button)
    assert s.confirm and s.message == f"Press again to delete Annika and {len(GAMES)} games."
    assert profiles.list_profiles(app.history)
    click(app, s.delete_button)
    s = app.scenes.current
    assert profiles.list_profiles(app.history) == [] and count_games(app.history) == 0
    assert s.profile is None and s.message == f"Deleted, with {len(GAMES)} games."


def test_stats_history_notice_said_once(app):
    app.history.notice = Notice("damaged", Path("history.sqlite3.broken-20261129-020000"), "test")
    s = open_stats(app)
    assert "damaged" in s.notice and "history.sqlite3.broken-20261129-020000" in s.notice
    assert s.message_box.visible
    s = open_stats(app)
    assert s.notice == "" and not s.message_box.visible


def test_stats_screen_in_german(app):
    from vikings.text import lang

    fill_history(app.history, app.rules, GAMES[:2])
    lang.set_language("de")
    try:
        s = open_stats(app, "Statistik")
        assert s.rows[0]["review"].text == "Analyse" and s.back_button.text == "Zurück"
        app.draw()
    finally:
        lang.set_language("en")


def test_stats_open_at_who_sat_first_at_the_last_table(app):
    ids = fill_history(app.history, app.rules, games=GAMES[:2])
    profiles.remember_table(
        app.history,
        profiles.LastTable((profiles.Sitter(bot="hard"), profiles.Sitter(profile=ids["Bjorn"])), frozenset()),
    )
    s = open_stats(app)
    assert s.profile == ids["Bjorn"] and s.profile_menu.selected_option[0] == "Bjorn"
    press(app, pygame.K_ESCAPE)
    # From the puzzles too (two profiles: without a last table it would be nobody).
    click(app, button(app, "Puzzles"))
    assert app.scenes.current.profile == ids["Bjorn"]
