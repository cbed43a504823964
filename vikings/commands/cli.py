"""The `vikings` command: play (the default, opens the window), simulate, tournament, score."""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager

from vikings import version
from vikings.engine.errors import VikingsError
from vikings.text.lang import LANGUAGES, known

NO_DISPLAY = 3  # the exit status when no window can be opened (2: bad data or input)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vikings", description="Vikings: the board game by Michael Kiesling.")
    p.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    p.add_argument(
        "--selftest",
        action="store_true",
        help="play a short bot game through the real screens, headless, and exit 0 if all is well",
    )
    p.add_argument(
        "--lang",
        metavar="CODE",
        type=_language,
        help=f"the game's language for this run: {', '.join(LANGUAGES)} "
        "(default: the settings' choice, else the system's)",
    )
    # Hidden: draw the title's first frame, print when, exit (tools/bench/bench_start.py).
    p.add_argument("--measure-start", action="store_true", help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play seeded random games headless and check invariants")
    sim.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks (faster)")
    _option_flags(sim)
    tour = sub.add_parser("tournament", help="play bots against each other and report their strength")
    tour.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    tour.add_argument("--games", type=int, default=20)
    tour.add_argument(
        "--bots",
        default="normal,random",
        help="comma-separated levels, one per player; LEVEL:NAME=VALUE changes a setting of one",
    )
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--jobs", type=int, default=None, help="processes (default: one per core)")
    tour.add_argument("--json", action="store_true", help="print the summary as JSON")
    tour.add_argument(
        "--record",
        metavar="FILE",
        help="append each finished game to FILE; the same command again counts those and "
        "plays the rest (a stopped or long tournament in parts)",
    )
    tour.add_argument(
        "--check",
        metavar="K",
        type=int,
        default=0,
        help="with --record: first replay the last K recorded games and stop if this code "
        "plays any of them differently",
    )
    _option_flags(tour)
    relay = sub.add_parser("relay", help="run a relay that lets players behind routers meet (docs/network.md)")
    relay.add_argument("--port", type=int, default=47820, help="the TCP port to listen on (default 47820)")
    relay.add_argument("--bind", default="0.0.0.0", help="the address to listen on (default: all)")
    score = sub.add_parser("score", help="print the scoring breakdown of displays written in the notation")
    score.add_argument("file")
    return p


class _Version(argparse.Action):
    """--version, looked up only when asked for (the package metadata costs ~10 ms)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"vikings {version()}")
        parser.exit()


def _option_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--auction", action="store_true", help="advanced game: auction for the offer")
    p.add_argument("--single-boatswain", action="store_true", help="advanced game: a boatswain moves one Viking")
    p.add_argument("--special-tiles", action="store_true", help="advanced game: the 25 special tiles")
    p.add_argument("--advanced", action="store_true", help="all three advanced-game options")


def _language(code: str) -> str:
    if not known(code):
        raise argparse.ArgumentTypeError(f"unknown language {code!r}: choose from {', '.join(LANGUAGES)}")
    return code


def _options(args) -> frozenset:
    return frozenset(
        o
        for o, on in (
            ("auction", args.auction),
            ("single_boatswain", args.single_boatswain),
            ("special_tiles", args.special_tiles),
        )
        if on or args.advanced
    )


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.selftest:
            from vikings.commands.selftest import selftest

            return selftest(language=args.lang or "en")
        if args.command == "simulate":
            from vikings.commands.simulate import simulate_main

            return simulate_main(args.players, args.games, args.seed, checked=not args.no_check, options=_options(args))
        if args.command == "tournament":
            from vikings.commands.tournament import tournament_main

            return tournament_main(
                args.players,
                args.games,
                args.bots,
                args.seed,
                args.jobs,
                args.json,
                _options(args),
                args.record,
                args.check,
            )
        if args.command == "relay":
            from vikings.net.relay import relay_main

            return relay_main(args.port, args.bind)
        if args.command == "score":
            from vikings.commands.score import score_main

            return score_main(args.file)
        return _play(args.measure_start, args.lang)
    except VikingsError as e:  # data or input problems: one clear line, no traceback
        complain(str(e))
        return 2


def complain(problem: str) -> None:
    """One line on stderr. A windowed build (vikings.exe on Windows) has no stderr: there
    the line goes to vikings-crash.log in the log folder, where launcher.py puts crashes."""
    if sys.stderr is not None:
        print(f"vikings: {problem}", file=sys.stderr)
        return
    try:
        from vikings.saves.folders import Storage

        folder = Storage().log_dir
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "vikings-crash.log", "a", encoding="utf-8") as f:
            f.write(f"vikings {version()}: {problem}\n")
    except OSError:
        pass


def _play(measure_start: bool, language: str | None = None) -> int:
    """The bare command: open the window and play, or say in one line why there is none."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The audio device is opened quietly by ui/sound.py (a machine without one, or with a
    # broken ALSA set-up, prints nothing and plays silent).
    import pygame

    problem = no_display()
    if problem:
        complain(problem)
        return NO_DISPLAY
    _set_window_icon()
    from vikings.ui.app import main as play

    try:
        return play(measure_start=measure_start, language=language)
    except pygame.error as e:  # the window itself could not be made (the loop catches the rest)
        complain(f"cannot open the game's window: {e}")
        return NO_DISPLAY


def no_display() -> str:
    """Why no window can be opened here ("" if one can). SDL falls back to its invisible
    'offscreen' driver when it finds no display (DISPLAY and WAYLAND_DISPLAY unset or
    unreachable), and the game would run unseen; that, or a driver that fails to start,
    is reported. The 'dummy' and 'offscreen' drivers are fine when asked for by name in
    SDL_VIDEODRIVER (tests, tools/bench/bench_start.py)."""
    import pygame

    try:
        with _quiet_stderr():  # libwayland and Xlib print their own complaints on fd 2
            pygame.display.init()
    except pygame.error as e:
        return f"no display to open a window on ({e}); check DISPLAY / WAYLAND_DISPLAY or SDL_VIDEODRIVER"
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("offscreen", "dummy") and driver not in asked:
        pygame.display.quit()
        return (
            "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset or unreachable); "
            "'vikings --selftest' and 'vikings simulate' run without one"
        )
    return ""


def _set_window_icon() -> None:
    """The window's icon (title bar, task bar, Alt+Tab): the art the application icons are
    made from (tools/assets/make_icons.py), set before the window opens; else SDL shows pygame's."""
    import pygame

    from vikings.content.art import load_catalog
    from vikings.content.data import default_rules

    try:
        path = load_catalog(default_rules())["board", "start_player"].path
        pygame.display.set_icon(pygame.image.load_sized_svg(str(path), (64, 64)))
    except (VikingsError, pygame.error, OSError):
        pass  # no icon is no reason not to play (a data error is reported when the game loads)


@contextmanager
def _quiet_stderr():
    """File descriptor 2 to the null device for a moment (C libraries write there
    directly); a process without one (a windowed build) is left alone."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


if __name__ == "__main__":
    sys.exit(main())
