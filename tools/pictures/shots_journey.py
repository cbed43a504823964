"""The player's journey's screenshots for tools/pictures/screenshots.py (issue 56): setup
with profiles and the house rule (`profile-setup`), the statistics screen of a profile
with games (`stats-profile`), its empty state (`stats-empty`), a profile's delete
asking first (`profile-delete`), the results of a profile's game (`profile-results`), the
settings panel in a game a profile hosts (`profile-settings-host`), and the title with its
game code button (`game-code-title`) and, by this tool only, after Ctrl+V
(`game-code-title-paste`). `fill_history` writes a few finished games quickly (the
seats' decisions drawn at random, whatever level a bot seat is labelled with); the tests
of the statistics screen use it too.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from vikings.bots import CancelToken, make_bot
from vikings.engine import GameConfig, new_game
from vikings.history import profiles
from vikings.history.games import record_game, table_text
from vikings.saves.table_file import Seat

# (seats: a profile's name or a bot level, options, seed): the games fill_history records.
GAMES = (
    (("Ann", "beginner"), (), 1),
    (("Ann", "beginner"), (), 2),
    (("Ann", "Bjorn", "normal"), (), 3),
    (("Ann", "normal"), ("auction",), 4),
    (("Ann", "normal"), (), 5),
    (("Ann", "Bjorn"), (), 6),
    (("Ann", "hard", "normal"), ("single_boatswain",), 7),
    (("Bjorn", "normal"), (), 8),
)
COLOURS = ("purple", "orange", "teal", "pink")
BOT_SEATS = ("Astrid", "Sigrid", "Leif", "Gudrun")  # a bot's name by seat (setup's own names)


def fill_history(history, rules, games=GAMES, level: str | None = None) -> dict[str, int]:
    """Profiles Ann and Bjorn and the `games`, one day apart; returns name -> profile id.
    Every seat's decisions are drawn at random, or made by a bot of `level` (slower, but
    the Fame looks like a real game's)."""
    ids = {p.name: p.id for p in profiles.list_profiles(history)}
    for name, colour in (("Ann", "purple"), ("Bjorn", "teal")):
        if name not in ids:
            ids[name] = profiles.create(history, name, colour).id
    start = datetime(2026, 10, 1, 18, 0, tzinfo=UTC)
    for day, (sitters, options, seed) in enumerate(games):
        seats = [
            Seat(s, "person", COLOURS[i]) if s in ids else Seat(BOT_SEATS[i], s, COLOURS[i])
            for i, s in enumerate(sitters)
        ]
        game = new_game(GameConfig(tuple(s.name for s in seats), seed=seed, options=frozenset(options)), rules)
        chooser = random.Random(seed)
        bots = [make_bot(level, seed * 10 + i) for i in range(len(seats))] if level else []
        while not game.is_over:
            legal = game.legal_actions()
            if bots:
                game.apply(bots[game.to_move].choose(game.copy(), legal, CancelToken()))
            else:
                game.apply(legal[chooser.randrange(len(legal))])
        record_game(
            history,
            table_text(seats, game, [0] * len(seats)),
            [ids.get(s) for s in sitters],
            seconds=900 + 60 * day,
            finished=start + timedelta(days=day),
        )
    return ids


def journey_moments(sh, d, paste: bool = False) -> None:
    """Shoot the moments with `sh` (a Shooter) at `d` (a Director); `paste`: also the
    title's paste panel holding a code (not in the screenshots' tour: a code is no text
    of the catalogues, which the tour's translation check reads)."""
    from vikings.ui import flow

    app = d.app

    def stats_empty(d):
        flow.show(app, "stats")
        d.frames(3)

    sh.moment("stats-empty", stats_empty, d)
    fill_history(app.history, app.rules, level="beginner")

    def setup(d):
        profiles.remember_table(
            app.history,
            profiles.LastTable(
                (profiles.Sitter(profile=1), profiles.Sitter(profile=2), profiles.Sitter(bot="hard")), frozenset()
            ),
        )
        flow.show(app, "setup")
        d.frames(3)
        scene = d.scene
        scene.choices.handicap_seat = 1
        scene._rebuild()
        d.frames(3)

    sh.moment("profile-setup", setup, d)

    def stats(d):
        flow.show(app, "stats")
        d.frames(3)

    sh.moment("stats-profile", stats, d)

    def delete(d):
        d.scene.delete()
        d.frames(3)

    sh.moment("profile-delete", delete, d)

    def results(d):
        from vikings.ui.table.match import Match

        if d.match is not None:
            d.match.close()
        seats = (("Ann", "person", "purple"), ("Astrid", "beginner", "orange"), ("Leif", "beginner", "teal"))
        d.match = Match.new(seats, d.rules, seed=12, storage=d.storage, handicap=(0, 0, 4))
        d.match.profiles = [1, None, None]
        d.enter()
        d.to_results()

    sh.moment("profile-results", results, d)

    def host_settings(d):
        from vikings.ui.dialogs.settings import SettingsPanel
        from vikings.ui.table.match import Match

        if d.match is not None:
            d.match.close()
        profiles.update(app.history, 1, preferences={"animation": "fast", "bot_pace": "fast"})
        seats = (("Ann", "person", "purple"), ("Astrid", "beginner", "orange"))
        d.match = Match.new(seats, d.rules, seed=13, storage=d.storage)
        d.enter()
        d.settle()
        app.scenes.push(SettingsPanel(app))
        d.frames(3)

    sh.moment("profile-settings-host", host_settings, d)

    def title(d):
        from tools.pictures.director import to_title

        while len(app.scenes.stack) > 1:
            app.scenes.pop(app.scenes.current)
        to_title(d)

    sh.moment("game-code-title", title, d)

    def title_paste(d):
        import pygame

        from vikings.history.game_code import game_code

        m = d.match
        pygame.scrap.put_text(game_code(m.seats, m.game, m.hints))
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        )
        d.frames(4)

    if paste:
        sh.moment("game-code-title-paste", title_paste, d)
        app.scenes.pop(app.scenes.current)  # (the panel: the title as it was)


def main(argv=None) -> int:
    """Only these moments: `python tools/pictures/shots_journey.py OUT [--size 1280x720]
    [--lang de] [--ui-scale 150]`."""
    import argparse
    import os
    import sys
    import tempfile
    from pathlib import Path

    from tools.pictures import director
    from tools.pictures.director import Director, Shooter, StepClock, parse_size

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--size", type=parse_size, default=(1280, 720))
    ap.add_argument("--lang", default="en")
    ap.add_argument("--ui-scale", type=int, default=100)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sh = Shooter(args.out, args.size, 4)
    with tempfile.TemporaryDirectory(prefix="vikings-journey-") as home:
        os.environ["VIKINGS_HOME"] = home
        director.UI_SCALE = args.ui_scale  # (read when the Director makes its App)
        d = Director(args.size, home, clock=StepClock(), language=args.lang)
        journey_moments(sh, d, paste=True)
        if d.match is not None:
            d.match.close()
        d.app.shutdown()
    print("failed:", sh.failed, file=sys.stderr) if sh.failed else None
    return 1 if sh.failed else 0


if __name__ == "__main__":
    import os
    import sys
    from pathlib import Path

    os.environ["SDL_VIDEODRIVER"] = "dummy"  # headless (pygame starts in main's Director)
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main())
