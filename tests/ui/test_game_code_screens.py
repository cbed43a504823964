"""Game codes on screen: copied from the results and from a running game's save panel,
pasted on the title (Ctrl+V, its small button) and on its Load panel, and opened for replay or to play on; a mangled code is
refused in words; without a clipboard the code can still be selected by hand."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import button, click, press, run, type_text  # noqa: I001 (dummy drivers first)

from vikings.bots import CancelToken, make_bot
from vikings.engine.serialize import state_to_dict
from vikings.history.game_code import game_code
from vikings.ui import flow
from vikings.ui.dialogs.game_code import CodePanel, PastePanel, refusal
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.scenes.review import ReviewScene
from vikings.ui.scenes.title import TitleScene
from vikings.ui.table.match import Match

SEATS = [("Astrid", "person", "purple"), ("Bjorn", "beginner", "orange")]
pytestmark = pytest.mark.app_settings(animation="instant", bot_pace="instant")


def played(app, seed: int, steps: int | None = None) -> Match:
    """A game the bots played through the engine (to its end, or `steps` decisions)."""
    m = Match.new(SEATS, app.rules, seed=seed, storage=app.storage, autosave=False)
    bot = make_bot("beginner", seed)  # chooses for every seat, the person's too
    while not m.game.is_over and (steps is None or len(m.game.actions()) < steps):
        m.act(bot.choose(m.game.copy(), m.game.legal_actions(), CancelToken()))
    m.pending.clear()
    return m


def paste_panel(app) -> PastePanel:
    """Title -> Load -> Paste game code."""
    assert isinstance(app.scenes.base, TitleScene)
    click(app, button(app, "Load"))
    click(app, button(app, "Paste game code"))
    panel = app.scenes.current
    assert isinstance(panel, PastePanel)
    return panel


def test_game_code_copied_from_the_results_replays_the_same_game(app):
    m = played(app, seed=5)
    flow.enter_game(app, m)
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)
    click(app, button(app, "Game code"))
    panel = app.scenes.current
    assert isinstance(panel, CodePanel)
    code = game_code(m.seats, m.game, m.hints)
    assert panel.box.get_text() == code
    pygame.scrap.put_text("something else")
    click(app, panel.buttons["copy"])
    assert pygame.scrap.get_text() == code
    assert panel.said() == "The code is on the clipboard."
    click(app, panel.buttons["close"])
    click(app, button(app, "Title (Enter)"))

    panel = paste_panel(app)
    click(app, panel.buttons["paste"])
    assert panel.box.get_text() == code
    click(app, panel.buttons["replay"])
    scene = app.scenes.base
    assert isinstance(scene, ReviewScene)
    assert scene.actions == tuple(m.game.actions()) and scene.seats == m.seats
    assert state_to_dict(scene.states[-1]) == state_to_dict(m.game)
    scene.leave()
    run(app, 2)
    assert isinstance(app.scenes.base, TitleScene)


def test_game_code_of_a_running_game_plays_on_from_its_position(app):
    m = played(app, seed=8, steps=40)
    flow.enter_game(app, m)
    run(app, 3)
    click(app, button(app, "Save"))
    click(app, button(app, "Game code"))
    panel = app.scenes.current
    assert isinstance(panel, CodePanel)
    click(app, panel.buttons["copy"])
    code = pygame.scrap.get_text()
    assert code == game_code(m.seats, m.game, m.hints)
    click(app, panel.buttons["close"])
    app.scenes.pop(app.scenes.current)  # the save panel
    flow.leave_game(app, app.scenes.base.ctx)
    run(app, 2)

    panel = paste_panel(app)
    type_text(app, panel.box, code[:30] + "\n" + code[30:])  # typed in pieces: line breaks ignored
    click(app, panel.buttons["play"])
    new = app.match
    assert new is not None and new is not m and app.scenes.base.ctx.match is new
    assert new.seats == m.seats and not new.practice
    assert state_to_dict(new.game) == state_to_dict(m.game)


@pytest.mark.parametrize(
    "mangle, reason",
    [
        (lambda c: c[:20] + ("A" if c[20] != "A" else "B") + c[21:], "typo"),
        (lambda c: "hello there", "not_a_code"),
        (lambda c: "VK2-" + c[4:], "newer_code"),
        (lambda c: c[:10] + "*" + c[11:], "bad_characters"),
    ],
)
def test_game_code_mangled_is_refused_in_words(app, mangle, reason):
    m = played(app, seed=5, steps=20)
    code = game_code(m.seats, m.game, m.hints)
    panel = paste_panel(app)
    type_text(app, panel.box, mangle(code))
    click(app, panel.buttons["play"])
    assert app.scenes.current is panel and app.match is None, "nothing is opened"
    assert panel.said() == refusal(reason) and panel.tone == "bad"
    assert panel.said() != f"puzzles.code.refused.{reason}"
    click(app, panel.buttons["replay"])
    assert app.scenes.current is panel


def test_game_code_without_a_clipboard_is_shown_to_copy_by_hand(app, monkeypatch):
    m = played(app, seed=5, steps=10)
    app.scenes.push(CodePanel(app, m))
    run(app, 2)
    panel = app.scenes.current

    def no_clipboard(*args):
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    monkeypatch.setattr(pygame.scrap, "get_text", no_clipboard)
    click(app, panel.buttons["copy"])
    assert "copy it by hand" in panel.said() and panel.tone == "bad"
    assert panel.box.get_text() == game_code(m.seats, m.game, m.hints)
    click(app, panel.buttons["close"])
    paste = paste_panel(app)
    click(app, paste.buttons["paste"])
    assert paste.said() == "The clipboard holds no text."


def test_game_code_pasted_on_the_title_itself(app):
    m = played(app, seed=8, steps=40)
    code = game_code(m.seats, m.game, m.hints)
    pygame.scrap.put_text(code)
    assert isinstance(app.scenes.base, TitleScene)
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)  # Ctrl+V: the panel, holding the clipboard's code
    panel = app.scenes.current
    assert isinstance(panel, PastePanel)
    assert panel.box.get_text() == code and panel.said() == "Pasted from the clipboard."
    click(app, panel.buttons["play"])
    new = app.match
    assert new is not None and app.scenes.base.ctx.match is new
    assert state_to_dict(new.game) == state_to_dict(m.game) and new.seats == m.seats
    flow.leave_game(app, app.scenes.base.ctx)
    run(app, 2)

    # The title's small button: the clipboard's text only if it looks like a code.
    pygame.scrap.put_text("a shopping list")
    click(app, button(app, "Paste game code"))
    panel = app.scenes.current
    assert isinstance(panel, PastePanel) and panel.box.get_text() == ""
    click(app, panel.buttons["close"])
    pygame.scrap.put_text("  " + code + "\n")
    click(app, button(app, "Paste game code"))
    panel = app.scenes.current
    assert isinstance(panel, PastePanel) and panel.box.get_text() == code
    click(app, panel.buttons["replay"])
    assert isinstance(app.scenes.base, ReviewScene)
    assert app.scenes.base.actions == tuple(m.game.actions())
