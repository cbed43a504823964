"""`vikings --selftest`: a short seeded game between two bots, played through the real
scenes (title, offer, purchasing, boatswains, scoring, results) on SDL's dummy video
driver, checking the engine's invariants after every decision. Exit code 0 if all is
well. Used by CI on the frozen build, and by players to check an installation."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from typing import cast


def selftest(seed: int = 2026, out=sys.stdout, language: str = "en") -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from vikings.engine.invariants import check
    from vikings.saves.folders import Storage
    from vikings.saves.settings import Settings
    from vikings.text import lang
    from vikings.ui import flow
    from vikings.ui.app import App
    from vikings.ui.scenes.results import ResultsScene
    from vikings.ui.table.match import Match

    lang.strict()  # a text key missing from the catalogues fails the selftest
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="vikings-selftest-") as home:
        storage = Storage(home)
        app = App(
            storage=storage,
            settings=Settings(animation="instant", bot_pace="instant"),
            size=(1280, 720),
            language=language,
        )
        app.fps = 0  # no frame cap: the test runs as fast as it can draw
        app.invalidate()
        app.frame()  # the title screen, drawn once
        match = Match.new(
            [("Astrid", "beginner", "purple"), ("Bjorn", "normal", "orange")],
            app.rules,
            seed=seed,
            start_player=0,
            storage=storage,
        )
        flow.enter_game(app, match)
        scenes, checked, frames = set(), 0, 0
        while not isinstance(app.scenes.base, ResultsScene):
            app.frame()  # (no forced redraws: as in play, the loop sleeps while a bot thinks)
            frames += 1
            scenes.add(type(app.scenes.base).__name__)
            if len(match.actors) > checked:
                check(match.game)
                checked = len(match.actors)
            if frames > 20000 or time.perf_counter() - started > 300:
                print(f"selftest: FAILED, no result after {frames} frames", file=out)
                return 1
        app.invalidate()
        app.frame()
        saved = storage.autosave_path.exists()
        app.shutdown()
    g = match.game
    expected = {"OfferScene", "PurchaseScene", "ScoringScene", "ResultsScene"}
    missing = expected - scenes
    ranks = cast("tuple[int, ...]", g.ranks)  # (set once the game is over, before the results screen)
    winner = ", ".join(match.seats[p].name for p, r in enumerate(ranks) if r == 1)
    from vikings.processes import remote_bots as remote

    where = "in the helper process" if Match.bots_in_process and remote.shared().alive else "on a thread"
    print(
        f"selftest: {len(g.actions())} decisions in {frames} frames, {time.perf_counter() - started:.1f} s; "
        f"scenes {', '.join(sorted(scenes))}; winner {winner} "
        f"(Fame {', '.join(str(d.fame) for d in g.displays)}); the bots thought {where}; "
        f"language {lang.language()}",
        file=out,
    )
    if missing or not g.is_over or not saved:
        print(f"selftest: FAILED (missing scenes {sorted(missing)}, over {g.is_over}, autosaved {saved})", file=out)
        return 1
    print("selftest: OK", file=out)
    pygame.quit()
    return 0
