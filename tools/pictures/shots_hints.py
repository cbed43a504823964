"""The hint's screenshots for tools/pictures/screenshots.py: a person's purchase and her placement
with a hint on screen, and a boatswain decision (the H key, the answer from the bots'
helper process)."""

from __future__ import annotations

import time

import pygame

from vikings.engine.state import BOATSWAIN, PLACE, PURCHASE
from vikings.ui.table.match import Match

TWO = (("Ann", "person", "purple"), ("Bjorn", "normal", "orange"))


def wait_for_hint(d, limit: float = 20.0) -> None:
    """Press H and run frames until the hint's answer is drawn."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    d.frames(2)
    hint = d.scene.hint
    assert hint.key is not None, "the H key asked for no hint"
    end = time.monotonic() + limit
    while hint.hint is None:
        if time.monotonic() > end or (hint.job is None and hint.error):
            raise TimeoutError(f"no hint on screen ({hint.error})")
        time.sleep(0.01)
        d.frames(1)
    d.frames(2)


def hint_moments(sh, d, seed: int) -> None:
    """Shoot the moments with `sh` (a Shooter) on a new 2-player match at `d` (a Director)."""

    def purchase(d):
        if d.match is not None:
            d.match.close()
        d.match = Match.new(TWO, d.rules, seed=seed, start_player=0, storage=d.storage)
        d.enter()
        d.settle()
        # Past the first turns, so that the display has something to talk about.
        d.fast_forward(before=lambda g: g.round == 1 and g.phase == PURCHASE and g.to_move == 0)
        d.settle()
        assert d.match.game.phase == PURCHASE and d.match.persons_turn()
        wait_for_hint(d)

    sh.moment("hint-purchase", purchase, d)

    def place(d):
        d.scene.act(d.scene.hint.hint.best.action)  # follow the hint
        d.settle()
        g = d.match.game
        assert g.phase == PLACE and d.match.persons_turn(), g.phase
        wait_for_hint(d)

    sh.moment("hint-place", place, d)

    def boatswain(d):
        ok = d.fast_forward(before=lambda g: g.phase == BOATSWAIN and g.to_move == 0 and len(g.legal_actions()) > 2)
        if not ok:
            raise RuntimeError(f"seed {seed}: Ann had no boatswain decision")
        d.until(lambda: type(d.scene).__name__ == "BoatswainScene", "the boatswain scene")
        d.frames(2)
        wait_for_hint(d)

    sh.moment("hint-boatswain", boatswain, d)
