"""Words as a player reads them: rows named as she sees them, buttons that do different
things named differently, and the longer pseudo-language the fit check draws in."""

import pytest

from vikings.text import events, lang


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.set_language("en")


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_log_names_the_ship_row_and_counts_the_island_rows_from_one(code):
    lang.set_language(code)
    ship = events.where({"row": 0, "col": 3})
    island = events.where({"row": 1, "col": 3})
    assert "0" not in ship and "3" in ship
    assert ship != island and "1" in island


def test_undo_and_back_have_different_words_in_german():
    lang.set_language("de")
    assert lang.t("table.top.undo") != lang.t("menus.setup.back")


def test_the_longer_pseudo_language_lengthens_every_word_by_two_fifths_or_more():
    assert lang.longer("%{name} buys a Longship").startswith("%{name} ")
    for word in ("New", "game", "Longship", "Sonderplättchen"):
        stretched = lang.longer(word)
        assert len(stretched) >= 1.4 * len(word) and stretched.lower().startswith(word[0].lower())
    lang.set_language(lang.LONGER)
    assert len(lang.t("menus.title.new")) >= 1.4 * len("New game") - 1
