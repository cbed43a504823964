"""The keys a player can use are listed truly: every pygame key the screens handle is in
the one list (vikings/ui/dialogs/keys.py) the rules panel's Keys tab shows, in both
languages, and README.md's table says the same as the English tab."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from ui_helpers import press, run  # noqa: I001 (dummy drivers first)

from vikings.text import lang
from vikings.ui.dialogs.keys import KEYS, key_names, title_letters
from vikings.ui.dialogs.rules import RulesPanel

ROOT = Path(__file__).resolve().parents[2]


def test_every_key_the_screens_handle_is_in_the_list():
    used = set()
    for path in (ROOT / "vikings" / "ui").rglob("*.py"):
        used |= set(re.findall(r"pygame\.K_(\w+)", path.read_text(encoding="utf-8")))
    missing = used - key_names()
    assert not missing, f"keys handled but not listed in vikings/ui/dialogs/keys.py: {sorted(missing)}"
    assert {"F11", "h", "z", "ESCAPE"} <= used  # (the search finds the keys at all)


@pytest.mark.parametrize("code, undo, space", [("en", "Ctrl+Z", "Space"), ("de", "Strg+Z", "Leertaste")])
def test_the_keys_tab_lists_them_in_the_language_in_use(app, code, undo, space):
    app.apply_language(code)
    try:
        panel = RulesPanel(app, tab="keys")
        app.scenes.push(panel)
        run(app)
        html = panel.text.html_text
        assert undo in html and space in html and "F11" in html
        assert title_letters() in html  # the title's letters, the language's own
        for place, _ in KEYS:
            assert lang.t(f"rules.keys.{place}.title") in html
        press(app, pygame.K_TAB)
        assert panel.tab == "rules"
    finally:
        app.apply_language("en")


def test_the_readme_has_the_same_table_of_keys():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    players = readme[: readme.index("## Quick start")]
    lang.set_language("en")
    for place, entries in KEYS:
        for what, _ in entries:
            key = lang.t(f"rules.keys.{place}.{what}.key", letters=title_letters())
            row = f"| {key} | {lang.t(f'rules.keys.{place}.{what}.does')} |"
            assert row in players, f"README.md's keys miss: {row}"


@pytest.mark.parametrize("tab", ["pictures", "keys"])
def test_pressing_the_tab_shown_again_keeps_the_panel(app, tab):
    """(Pressing the Pictures tab while it was shown raised KeyError: found by the monkey.)"""
    from ui_helpers import click

    panel = RulesPanel(app, tab=tab)
    app.scenes.push(panel)
    run(app)
    click(app, panel.tabs[tab])
    assert app.scenes.stack[-1] is panel and panel.tab == tab
    assert panel.tabs[tab].is_selected
