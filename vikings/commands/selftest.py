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
    network = loopback_table(match.rules)
    print(f"selftest: {network}", file=out)
    if not network.startswith("network table on loopback: joined"):
        print("selftest: FAILED (the network table)", file=out)
        return 1
    print("selftest: OK", file=out)
    pygame.quit()
    return 0


def loopback_table(rules, moves: int = 30) -> str:
    """Host a table on 127.0.0.1 and join it as a guest (both played by bots) for a few
    moves: the network core and its dependencies work in this installation."""
    from vikings.bots import make_bot
    from vikings.engine import GameConfig
    from vikings.net.guest import Guest
    from vikings.net.host import BOT, REMOTE, Host, Seat
    from vikings.net.view import digest

    config = GameConfig(("Astrid", "Bjorn"), seed=7)
    try:
        host = Host(rules, config, [Seat(REMOTE), Seat(BOT, level="random")]).start()
    except OSError as e:
        return f"network table on loopback: cannot listen ({e})"
    guest = Guest(rules, "selftest", host.code, ("127.0.0.1", host.port), bot=make_bot("random", 1)).start()
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end and not host.seat_list()[0]["connected"] and not guest.done.is_set():
            time.sleep(0.01)
        host.begin()
        while time.monotonic() < end and guest.n < moves and not guest.done.is_set():
            time.sleep(0.01)
        view, n = guest.view, guest.n
    finally:
        guest.stop()
        host.stop()
    published = {}  # the host's digest after each move (it may be a move ahead of the guest)
    while not host.inbox.empty():
        kind, data = host.inbox.get()
        if kind == "update":
            published[data["n"]] = data["digest"]
    agree = view is not None and published.get(n) == digest(view)
    if n < moves or not agree:
        return f"network table on loopback failed: {guest.n} moves, outcome {guest.outcome or 'none'}"
    return f"network table on loopback: joined, {guest.checked} updates checked, digests agree"
