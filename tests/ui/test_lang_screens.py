"""One tour of every scene of tools/pictures/screenshots.py (the menus and panels, a whole
standard game with its scorings and results, an advanced game with the auction and special
tiles, the review, hints, the direct moves, the rules pictures and the guided first game),
rendered in the pseudo-language `qps`, checks two things at once (the tour is the suite's
longest run, so it is made once):

- No text on screen misses the translation layer: every catalogue string has accented
  letters in `qps`, and each string any font drew is checked for plain ones. Player names
  and the save's name are the players' own words.
- Every frame shown holds every widget: after a scene change or a rebuild (a button shown
  or made while a scene updates, a bot's turn ending, a lesson's step), the first frame
  drawn already has the widgets a mouse move would bring (pygame-gui draws the list of
  visible widgets it made at its last update; a frame drawn before it catches up showed an
  empty ring where "On the tile (T)" belonged, and no Bid button until the mouse moved).
"""

import sys
from pathlib import Path

import pygame_gui

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures import director, screenshots  # noqa: E402  (sets SDL's dummy drivers)
from tools.pictures.text_probe import TextProbe, player_names  # noqa: E402
from vikings.text import lang  # noqa: E402


def missing_widgets(manager) -> list:
    """The visible widgets the frame about to be drawn leaves out."""
    group = manager.get_sprite_group()
    drawn = {id(d) for d in group.visible}
    return [s for s in group.sprites() if s.visible and s.image is not None and id(s.blit_data) not in drawn]


def test_every_drawn_string_is_translated_and_every_frame_holds_its_widgets(tmp_path, monkeypatch):
    stale = []
    draw_ui = pygame_gui.UIManager.draw_ui

    def checked(manager, surface):
        left_out = missing_widgets(manager)
        if left_out:
            stale.append([type(s).__name__ + ":" + str(getattr(s, "text", "")) for s in left_out])
        return draw_ui(manager, surface)

    monkeypatch.setattr(pygame_gui.UIManager, "draw_ui", checked)
    monkeypatch.setattr(director, "LANGUAGE", lang.PSEUDO)
    with TextProbe() as probe:
        shots = screenshots.shoot(tmp_path, (1280, 720), 4)
    assert shots.failed == []
    assert len(shots.written) > 60
    assert not stale, f"frames drawn without widgets they hold: {stale[:5]}"
    allowed = player_names(*(name for name, _, _ in screenshots.SEATS), screenshots.SAVE_NAME)
    missed = probe.untranslated(allowed)
    assert missed == [], f"{len(missed)} drawn strings did not come through lang.t(): {missed[:40]}"
    assert len(probe.drawn) > 500
