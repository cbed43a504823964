"""No text on screen misses the translation layer: every scene of tools/pictures/screenshots.py
(the menus and panels, a whole standard game with its scorings and results, an advanced
game with the auction and special tiles, the review, hints, the direct moves, the rules
pictures and the guided first game) is rendered in the pseudo-language `qps`, where every
catalogue string has accented letters, and each string any font drew is checked for plain
ones. Player names and the save's name are the players' own words."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures import director, screenshots  # noqa: E402  (sets SDL's dummy drivers)
from tools.pictures.text_probe import TextProbe, player_names  # noqa: E402
from vikings.text import lang  # noqa: E402


def test_every_drawn_string_comes_through_the_translation_layer(tmp_path, monkeypatch):
    monkeypatch.setattr(director, "LANGUAGE", lang.PSEUDO)
    with TextProbe() as probe:
        shots = screenshots.shoot(tmp_path, (1280, 720), 4)
    assert shots.failed == []
    assert len(shots.written) > 60
    allowed = player_names(*(name for name, _, _ in screenshots.SEATS), screenshots.SAVE_NAME)
    missed = probe.untranslated(allowed)
    assert missed == [], f"{len(missed)} drawn strings did not come through lang.t(): {missed[:40]}"
    assert len(probe.drawn) > 500
