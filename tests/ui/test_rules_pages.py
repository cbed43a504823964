"""The rules panel keeps each text tab's laid-out page while it is open and lays a long
page out once: the pages look exactly as pygame-gui's own text box draws them, a tab
shown again is the same box (at its top), and a language change lays every page out
anew in the new language (no page of the old one is kept)."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox
from ui_helpers import make_app, run

from vikings.ui.dialogs import rules as rules_panel
from vikings.ui.dialogs.rules import RulesPanel


def image(widget) -> bytes:
    return pygame.image.tobytes(widget.image, "RGBA")


def test_pages_are_kept_while_open_and_laid_out_anew_in_another_language(tmp_path, monkeypatch):
    app = make_app(tmp_path, size=(1280, 720))
    parses = []
    plain_parse = UITextBox.parse_html_into_style_data
    monkeypatch.setattr(UITextBox, "parse_html_into_style_data", lambda self: (parses.append(1), plain_parse(self)))
    panel = RulesPanel(app)
    app.scenes.push(panel)
    run(app, 2)
    rules_page = panel.text
    assert rules_page.scroll_bar is not None and "How to play Vikings" in rules_page.html_text
    # The same page in pygame-gui's own text box, beside it: the same pixels.
    plain = UITextBox(
        rules_page.html_text,
        rules_page.relative_rect,
        app.ui,
        container=panel.window,
        object_id=ObjectID("#rules_text", None),
    )
    assert plain.scroll_bar is not None and image(plain) == image(rules_page)
    plain.kill()

    # Long pages are laid out once when their size is known (pygame-gui: twice).
    parses.clear()
    panel.close()
    panel = RulesPanel(app)
    app.scenes.push(panel)
    run(app, 2)
    assert len(parses) == 1 and image(panel.text) == image(rules_page)

    panel.text.scroll_bar.set_scroll_from_start_percentage(0.5)
    run(app, 2)
    panel.show("scoring")
    run(app, 2)
    assert panel.text is not panel.pages["rules"] and "Small scoring" in panel.text.html_text
    first = panel.pages["rules"]
    parses.clear()
    panel.show("rules")  # shown again: the kept box, at its top, not laid out anew
    run(app, 2)
    assert panel.text is first and parses == [] and first.visible and not panel.pages["scoring"].visible
    assert first.scroll_bar.start_percentage == 0

    app.apply_language("de")
    run(app, 2)
    assert first.alive() is False and panel.text is not first
    assert "How to play Vikings" not in panel.text.html_text and panel.text.html_text == panel.page_html("rules")
    panel.show("scoring")
    run(app, 2)
    assert "Small scoring" not in panel.text.html_text
    assert any(key[0] == panel.text.html_text for key in rules_panel._OVERSIZE) or panel.text.scroll_bar is None
    app.shutdown()
