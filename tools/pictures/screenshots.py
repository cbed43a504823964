"""Screenshots of every screen and the key moments of a game, rendered headless.

    python tools/pictures/screenshots.py [OUT_DIR] [--size 1600x900] [--all-sizes] [--seed 4]

Writes numbered PNG files (01-title.png, 02-setup.png, ...) that sort in the order a
player meets them: the title, setup, the rules, settings and load panels over the title,
then one seeded game at the table (the offer being laid out, a person's purchase with
nothing chosen, with a group chosen, a tile previewed on a hovered cell, the Viking
decision, a bot's move in flight, a small scoring, a person's boatswain decision in a
large scoring, that large scoring, the final scoring and the results), then a game of the
advanced rules (17-adv-auction-opening.png ... 27-adv-results.png, see
tools/pictures/shots_advanced.py), then the standard game's review opened from its results (its
progress bar, the chart, a costly decision on the replayed table: names with `review`),
hints on screen at a purchase, a placement and a boatswain decision (names with `hint`,
tools/pictures/shots_hints.py), the direct moves (names with `table-`, tools/pictures/shots_table.py: a
hovered group, a drag, an opponent's display enlarged, a hovered log entry and a purchase
flying to its cell), the rules panel's pictures (rules-picture-N.png) and every step of
the guided first game (tutorial-NN-STEP.png, see tools/pictures/shots_lesson.py), and the
player's journey (names with `profile-` and `stats-`, tools/pictures/shots_journey.py). `--all-sizes`
renders 1280x720, 1920x1080 and 3840x2160, each into a folder of its own under OUT_DIR;
`--shapes` adds 1680x1050 (16:10) and 1600x1200 (4:3).

Nothing touches the player's own folders: settings, saves and the autosave live in a
temporary VIKINGS_HOME. The game is driven the way a player drives it (the scenes'
own `select`, `buy` and `act`, mouse motion posted as events) up to the moment shown;
between the moments the decisions are made quickly through `Match.act` with a Normal
bot choosing for every seat. Animations advance a fixed 1/60 s per frame, so the same
seed gives the same pictures. A screen that does not exist yet (a module missing) is
reported as skipped; any other failure is reported and the exit code is 1.

The helpers it shares with the shots_*.py and tools/bench/bench_ui.py (`Director`,
`Shooter`, `parse_size`) are in tools/pictures/director.py.
"""

from __future__ import annotations

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"  # headless, before pygame is imported
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tools.pictures import director  # noqa: E402
from tools.pictures.director import (  # noqa: E402
    DEFAULT_SIZE,
    SAVE_NAME,
    SEATS,
    Director,
    Shooter,
    Skipped,
    StepClock,
    open_panel,
    parse_size,
    scoring_of,
    to_title,
)
from tools.pictures.shots_advanced import advanced_moments  # noqa: E402
from tools.pictures.shots_hints import hint_moments  # noqa: E402
from tools.pictures.shots_journey import journey_moments  # noqa: E402
from tools.pictures.shots_lesson import lesson_moments, rules_moments  # noqa: E402
from tools.pictures.shots_table import table_moments  # noqa: E402
from tools.pictures.text_probe import TextProbe, player_names  # noqa: E402
from vikings.engine.actions import Buy, PlaceTile  # noqa: E402
from vikings.engine.state import BOATSWAIN, PLACE, PURCHASE, VIKING  # noqa: E402
from vikings.ui.table.fx import Float, Fly  # noqa: E402
from vikings.ui.table.match import Match  # noqa: E402

ALL_SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
SHAPES = ((1680, 1050), (1600, 1200))  # 16:10 and 4:3 (--shapes): the table's other arrangement


def plan_viking_decision(d: Director) -> tuple[int, tuple[int, int]]:
    """A purchase for the person to move, and the cell for its tile, after which the
    Viking decision is asked (the tile lies in the row of the group's Viking); the
    helper bot's own choice when it is such a purchase."""
    g = d.match.game
    rules = d.rules
    first = d.choice(g)
    spaces = [a.space for a in g.legal_actions()]
    spaces.sort(key=lambda s: s != first.space)
    for s in spaces:
        probe = g.copy()
        probe.quiet = True
        probe.apply(Buy(s))
        row = rules.viking_row[g.wheel_viking[s]]
        cells = [(a.row, a.col) for a in probe.legal_actions() if isinstance(a, PlaceTile) and a.row == row and row > 0]
        if cells:
            return s, cells[0]
    raise RuntimeError("no purchase now leads to a Viking decision")


def review_moments(sh: Shooter, d: Director, match: Match) -> None:
    """The review of the standard game, opened from its results: the progress bar, the
    chart at the game's end, and the person's costliest decision on the replayed table."""

    def opening(d):
        if d.match is not None:
            d.match.close()
        d.match = match
        d.enter()
        d.until(lambda: type(d.scene).__name__ == "ResultsScene", "the results")
        d.scene.open_review()
        d.frames(1)
        if type(d.scene).__name__ != "ReviewScene":
            raise Skipped("no review screen")

    sh.moment("review-progress", opening, d)

    def chart(d):
        started = time.monotonic()
        while d.scene.review is None:
            if time.monotonic() - started > 120 or d.scene.status != "running":
                raise RuntimeError(f"the review did not finish ({d.scene.status})")
            time.sleep(0.02)
            d.frames()
        d.frames(2)

    sh.moment("review-chart", chart, d)

    def decision(d):
        spots = d.scene.costly_spots
        if not spots:
            raise RuntimeError("no costly decision listed")
        pos = spots[0][0].center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        d.frames(2)
        d.point(pos)

    sh.moment("review-decision", decision, d)


def shoot(out: Path, size, seed: int, shooter=Shooter, extra=None) -> Shooter:
    """Every moment at `size`, saved by a `shooter` (a Shooter's class); `extra(sh, d)` adds more."""
    out.mkdir(parents=True, exist_ok=True)
    sh = shooter(out, size, seed)
    with tempfile.TemporaryDirectory(prefix="vikings-shots-") as home:
        os.environ["VIKINGS_HOME"] = home  # anything that builds its own Storage stays in here too
        d = Director(size, home, seed=seed, clock=StepClock())
        app = d.app
        m = d.new_match()  # the autosave: Continue is offered on the title
        m.save_as(SAVE_NAME)  # one named save for the load panel

        # Menus ----------------------------------------------------------------------------------
        sh.moment("title", to_title, d)

        def setup(d):
            d.scene.do("new")
            d.frames(3)

        sh.moment("setup", setup, d)

        def over_title(module, cls, **kw):
            def fn(d):
                to_title(d)
                panel = open_panel(d, module, cls, **kw)
                app.scenes.push(panel)
                d.frames(3)

            return fn

        sh.moment("rules-panel", over_title("rules", "RulesPanel"), d)
        sh.moment("settings-panel", over_title("settings", "SettingsPanel"), d)
        sh.moment("load-panel", over_title("saves", "SavesPanel", mode="load"), d)

        # A game: the offer, a person's purchase --------------------------------------------------
        def offer(d):
            d.enter()
            sc = d.scene
            d.until(lambda: type(d.scene).__name__ == "OfferScene" and sc.offer is not None, "the offer scene")
            total = sum(t >= 0 for t in sc.offer.data["tiles"])
            d.until(
                lambda: len(sc.tiles_shown) >= total // 2 and (d.head_progress(Fly) or 0) >= 0.5,
                "the offer half laid out",
            )

        sh.moment("offer-animation", offer, d)

        def purchase_idle(d):
            d.settle()
            g = d.match.game
            assert g.phase == PURCHASE and d.match.persons_turn(), (g.phase, g.to_move)

        sh.moment("purchase-choose", purchase_idle, d)

        def group_chosen(d):
            # A group whose Viking may stand on its tile, so that the Viking decision comes up.
            d.plan = plan_viking_decision(d)
            d.scene.select(d.plan[0])
            d.frames(2)
            assert d.scene.preview_cells, "the chosen group's tile fits nowhere"

        sh.moment("purchase-group-chosen", group_chosen, d)

        def hover(d):
            d.scene.buy()
            d.settle()
            g = d.match.game
            assert g.phase == PLACE and d.match.persons_turn(), g.phase
            cells = d.scene.legal_cells()
            cell = d.plan[1] if d.plan[1] in cells else next(iter(cells))
            d.hover_action = cells[cell]
            d.point(d.scene.board_geo.cell_rect(*cell).center)
            assert d.scene.hover_cell == cell, (d.scene.hover_cell, cell)

        sh.moment("place-hover-preview", hover, d)

        def viking(d):
            d.scene.act(d.hover_action)
            while True:
                d.settle()
                g = d.match.game
                if g.phase != PLACE or not d.match.persons_turn():
                    break
                d.scene.act(d.choice(g))  # the start tile as well, on the first purchase
            assert g.phase == VIKING and d.match.persons_turn(), g.phase

        sh.moment("viking-decision", viking, d)

        def bot_turn(d):
            d.scene.act(d.choice(d.match.game))
            m = d.match
            d.until(
                lambda: (
                    getattr(d.scene, "in_flight", None) is not None
                    and d.scene.in_flight.type == "bought"
                    and not m.seats[d.scene.in_flight.player].is_person
                    and (d.head_progress(Fly) or 0) >= 0.5
                ),
                "a bot's purchase in flight",
            )

        sh.moment("bot-turn-animation", bot_turn, d)

        # Scorings ---------------------------------------------------------------------------------
        def mid_scoring(d, kind):
            """Until a scoring of `kind` is under way: the player's third line that is worth
            something (or the last one) half counted."""

            def ready():
                sc = d.scene
                e = getattr(sc, "current", None)
                if type(sc).__name__ != "ScoringScene" or e is None or e.data["kind"] != kind:
                    return False
                worth = [i for i, line in enumerate(e.data["lines"]) if line["gold"] or line["fame"]]
                if not worth:
                    return False
                if not hasattr(getattr(sc, "panel", None), "active_line"):  # a scoring scene without counted lines
                    return (d.head_progress(Float) or 0) >= 0.35
                step = getattr(sc, "step_fx", None)
                return (
                    sc.panel.active_line == worth[min(2, len(worth) - 1)] and step is not None and step.progress >= 0.5
                )

            d.until(ready, f"the {kind} scoring under way")

        def small(d):
            ok = d.fast_forward(after=lambda ev: any(map(scoring_of("small"), ev)), keep_from=scoring_of("small"))
            assert ok, "no small scoring"
            mid_scoring(d, "small")

        sh.moment("scoring-small", small, d)

        def boatswain(d):
            person = [p for p, s in enumerate(d.match.seats) if s.is_person]
            ok = d.fast_forward(before=lambda g: g.phase == BOATSWAIN and g.to_move in person)
            if not ok:
                raise RuntimeError(f"seed {d.seed}: no person had a boatswain decision; try another --seed")
            d.until(lambda: type(d.scene).__name__ == "BoatswainScene", "the boatswain scene")
            d.frames(2)

        sh.moment("boatswain-decision", boatswain, d)

        def large(d):
            me = d.match.game.to_move
            mine = lambda e: scoring_of("large")(e) and e.player == me  # noqa: E731
            d.fast_forward(after=lambda ev: any(map(mine, ev)), keep_from=mine)
            mid_scoring(d, "large")

        sh.moment("scoring-large", large, d)

        def final(d):
            ok = d.fast_forward(after=lambda ev: any(map(scoring_of("final"), ev)), keep_from=scoring_of("final"))
            assert ok, "no final scoring"
            mid_scoring(d, "final")

        sh.moment("scoring-final", final, d)

        def results(d):
            d.settle()
            d.until(lambda: type(d.scene).__name__ == "ResultsScene", "the results")
            d.frames(3)

        sh.moment("results", results, d)

        standard = d.match
        advanced_moments(sh, d, seed)
        review_moments(sh, d, standard)
        hint_moments(sh, d, seed)
        table_moments(sh, d, seed)

        rules_moments(sh, d)
        lesson_moments(sh, d)
        journey_moments(sh, d)
        if extra is not None:
            extra(sh, d)

        if d.match is not None:
            d.match.close()
        app.shutdown()
    return sh


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_out = Path(tempfile.gettempdir()) / "vikings-screenshots"
    ap.add_argument(
        "out", nargs="?", default=str(default_out), help=f"folder for the PNG files (default: {default_out})"
    )
    ap.add_argument("--size", default=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}", help="window size, e.g. 1920x1080")
    ap.add_argument("--all-sizes", action="store_true", help="1280x720, 1920x1080 and 3840x2160, a folder each")
    ap.add_argument("--shapes", action="store_true", help="also 1680x1050 (16:10) and 1600x1200 (4:3)")
    ap.add_argument("--seed", type=int, default=4, help="the game's seed (default 4)")
    ap.add_argument("--lang", default="en", help="the language of the screens: en, de (or qps, the pseudo-language)")
    ap.add_argument(
        "--untranslated",
        action="store_true",
        help="list the drawn text that did not come through the translation layer "
        "(use with --lang qps); exit 1 if there is any",
    )
    args = ap.parse_args(argv)
    director.LANGUAGE = args.lang
    out = Path(args.out)
    if args.all_sizes or args.shapes:
        # One process per size: a fresh pygame (display, fonts, pygame-gui) for each.
        rc = 0
        for w, h in (ALL_SIZES if args.all_sizes else ()) + (SHAPES if args.shapes else ()):
            rc |= subprocess.call(
                [
                    sys.executable,
                    __file__,
                    str(out / f"{w}x{h}"),
                    "--size",
                    f"{w}x{h}",
                    "--seed",
                    str(args.seed),
                    "--lang",
                    args.lang,
                ]
                + (["--untranslated"] if args.untranslated else [])
            )
        return rc
    t0 = time.perf_counter()
    with TextProbe() as probe:
        sh = shoot(out, parse_size(args.size), args.seed)
    print(
        f"{len(sh.written)} screenshots at {args.size} in {time.perf_counter() - t0:.1f} s"
        + (f"; {len(sh.skipped)} skipped" if sh.skipped else "")
        + (f"; {len(sh.failed)} FAILED" if sh.failed else "")
    )
    for line in sh.skipped:
        print("  skipped", line)
    for line in sh.failed:
        print("  FAILED", line)
    names = player_names(*(name for name, _, _ in SEATS), SAVE_NAME)
    missed = probe.report(names) if args.untranslated else []
    return 1 if sh.failed or missed else 0


if __name__ == "__main__":
    sys.exit(main())
