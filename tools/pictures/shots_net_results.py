"""Screenshots of a networked game's end on a guest's copy, rendered headless on loopback.

    python tools/pictures/shots_net_results.py OUT_DIR [--size 1280x720] [--scale 100] [--lang en]

A host in this process (its desk's seat played by a script, a bot beside it) holds a
game under way; this copy joins it as a guest and plays it to the end (random moves).
Writes net-19-guest-joined.png (the guest's table just after it joined: its log holds
the moves made before, from the host's past), net-20-guest-results.png (the guest's
results, with Review and Game code, the game taken from the host's record) and
net-21-guest-code.png (the game code panel open).
"""

from __future__ import annotations

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import random  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures.director import parse_size  # noqa: E402
from tools.pictures.shots_net import frames, save, until  # noqa: E402
from vikings.engine import GameConfig  # noqa: E402
from vikings.engine.serialize import replay  # noqa: E402
from vikings.net.host import BOT, LOCAL, REMOTE, Host  # noqa: E402
from vikings.net.host import Seat as HostSeat  # noqa: E402
from vikings.saves.folders import Storage  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui import flow  # noqa: E402
from vikings.ui.app import App  # noqa: E402
from vikings.ui.scenes.results import ResultsScene  # noqa: E402


def shoot(out: Path, size, scale: int, lang: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(width=size[0], height=size[1], animation="instant", bot_pace="instant", ui_scale=scale)
        app = App(storage=Storage(Path(home)), settings=settings, size=size, title_scene=False, language=lang)
        seats = [HostSeat(LOCAL), HostSeat(REMOTE), HostSeat(BOT, level="normal")]
        rng = random.Random(17)
        under_way = replay(GameConfig(("Ann", "Bob", "Cid"), seed=17, start_player=0), [], app.rules)
        while len(under_way.actions()) < 40:
            under_way.apply(rng.choice(under_way.legal_actions()))
        host = Host(app.rules, under_way.config, seats, state=under_way).start()
        try:
            flow.show(app, "net_join")
            join = app.scenes.base
            join.address_text, join.code_text, join.name_text = f"127.0.0.1:{host.port}", host.code, "Bob"
            join.kill_ui()
            join.build_ui()
            join.join()
            until(app, lambda: join.guest is not None and join.guest.seat >= 0, "the welcome")
            host.begin()
            until(app, lambda: app.match is not None and app.match.events, "the table and its log")
            m = app.match
            frames(app, 5)
            save(app, out, "net-19-guest-joined.png")
            end = time.monotonic() + 240
            while not isinstance(app.scenes.base, ResultsScene):
                if time.monotonic() > end:
                    raise TimeoutError("waited too long for the end")
                hs = host.state
                if hs.to_move == 0 and not hs.is_over:
                    host.submit(0, rng.choice(hs.legal_actions()))
                scene = app.scenes.base
                if m.persons_turn() and not m.pending and not scene.fx.active and m.game.phase in scene.phases:
                    scene.act(rng.choice(m.game.legal_actions()))
                frames(app, 1)
                time.sleep(0.002)
            results = app.scenes.base
            until(app, lambda: not results.fx.active, "the results")
            frames(app, 5)
            save(app, out, "net-20-guest-results.png")
            on = {k: results.b_results[k].is_enabled for k in ("review", "code")}
            print(f"guest's results: review {on['review']}, game code {on['code']}, replays {m.net.replays}")
            from vikings.ui.dialogs.game_code import CodePanel

            app.scenes.push(CodePanel(app, m))
            frames(app, 3)
            save(app, out, "net-21-guest-code.png")
            m.close()
        finally:
            host.stop()
            app.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    for flag, default, what in (
        ("--size", "1280x720", "WxH"),
        ("--scale", 100, "UI scale in %%"),
        ("--lang", "en", ""),
    ):
        ap.add_argument(flag, default=default, type=type(default), help=what or None)
    a = ap.parse_args(argv)
    shoot(a.out, parse_size(a.size), a.scale, a.lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
