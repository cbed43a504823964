"""The translation layer (vikings/text/lang.py) and its catalogues (data/lang/)."""

import pytest

from vikings.content.data import default_rules
from vikings.text import lang, words


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.set_language("en")


def _codes():
    return [c for c in lang.LANGUAGES if c != lang.FALLBACK]


@pytest.mark.parametrize("code", _codes())
def test_every_language_has_the_same_keys_as_english(code):
    en, other = lang.read_catalogue("en"), lang.read_catalogue(code)
    assert sorted(set(en) - set(other)) == [], f"{code} lacks these"
    assert sorted(set(other) - set(en)) == [], f"{code} has keys English does not"


@pytest.mark.parametrize("code", _codes())
def test_every_entry_has_the_same_placeholders_and_plural_shape(code):
    en, other = lang.read_catalogue("en"), lang.read_catalogue(code)
    for key, text in en.items():
        theirs = other[key]
        assert isinstance(theirs, dict) == isinstance(text, dict), key
        if isinstance(text, dict):
            assert set(theirs) >= {"one", "other"}, key
            for form in theirs.values():
                assert lang.placeholders(form) <= lang.placeholders(text["other"]) | {"count"}, (key, form)
            assert lang.placeholders(theirs["other"]) == lang.placeholders(text["other"]), key
        else:
            assert lang.placeholders(theirs) == lang.placeholders(text), key


def test_no_entry_is_empty_and_no_placeholder_is_misspelt():
    for code in lang.LANGUAGES:
        for key, v in lang.read_catalogue(code).items():
            for s in v.values() if isinstance(v, dict) else [v]:
                assert s.strip(), (code, key)
                assert s.count("%{") == len(lang.placeholders(s)), (code, key, s)


def test_every_kind_in_the_data_has_its_words():
    rules = default_rules()
    for code in lang.LANGUAGES:
        lang.set_language(code)
        for k in rules.vikings:
            assert not words.viking(k).startswith("game."), (code, k.id)
            assert words.vikings(k, 2) != words.vikings(k, 1)
        for tk in rules.tiles:
            assert not words.tile(tk).startswith("game."), (code, tk.id)
        for s in rules.specials:
            assert not words.special(s).startswith("specials."), (code, s.id)
            assert not words.special_text(s).startswith("specials."), (code, s.id)


def test_plurals_and_numbers_in_both_languages():
    lang.set_language("de")
    assert words.vikings("fisherman", 1) == "1 Fischer"
    assert words.vikings("fisherman", 3) == "3 Fischer"
    assert words.vikings("goldsmith", 1) == "1 Goldschmied"
    assert words.vikings("goldsmith", 2) == "2 Goldschmiede"
    assert words.vikings("boatswain", 4) == "4 Bootsleute"
    assert lang.number(1234.5, 1) == "1.234,5"
    assert lang.percent(0.705, 1) == "70,5\u202f%"
    assert lang.t("game.round_of", n=2, total=6) == "Runde 2 von 6"
    lang.set_language("en")
    assert words.vikings("fisherman", 1) == "1 fisherman"
    assert words.vikings("fisherman", 3) == "3 fishermen"
    assert lang.number(1234.5, 1) == "1,234.5"
    assert lang.percent(0.7) == "70%"
    assert lang.number(-3) == "\u22123"


def test_the_language_switches_and_falls_back():
    assert lang.set_language("de") == "de"
    assert lang.t("game.fame") == "Ruhm"
    assert lang.set_language("xx") == "en"
    assert lang.t("game.fame") == "Fame"


def test_a_missing_key_raises_in_strict_mode_and_shows_itself_otherwise():
    lang.strict(True)
    with pytest.raises(KeyError):
        lang.t("no.such.key")
    lang.strict(False)
    try:
        assert lang.t("no.such.key") == "no.such.key"
    finally:
        lang.strict(True)


def test_the_pseudo_language_accents_every_letter_but_placeholders():
    lang.set_language("qps")
    text = lang.t("game.round_of", n=2, total=6)
    assert "2" in text and "6" in text and not lang.plain_letters(text)
    assert lang.pseudo("%{who} buys").startswith("%{who} ")


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT"}, "de"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8", "LANGUAGE": "de:en"}, "de"),
        ({}, "en"),
    ],
)
def test_the_system_language(env, expected):
    assert lang.system_language(env) == expected


def test_the_setting_accepts_only_known_languages():
    from vikings.saves.settings import Settings

    assert Settings.from_doc({"language": "de"}).language == "de"
    assert Settings.from_doc({"language": "fr"}).language == ""
    assert Settings().language == ""


def test_the_command_line_refuses_an_unknown_language(capsys):
    from vikings.commands.cli import main

    with pytest.raises(SystemExit) as e:
        main(["--lang", "fr"])
    assert e.value.code == 2
    assert "unknown language" in capsys.readouterr().err


def test_the_selftest_passes_in_german():
    """A bot game through the real screens in German, in strict mode (a missing key fails)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "vikings", "--lang", "de", "--selftest"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "language de" in done.stdout and "selftest: OK" in done.stdout
