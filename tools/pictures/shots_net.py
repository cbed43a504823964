"""Screenshots of playing over the network, rendered headless on loopback.

    python tools/pictures/shots_net.py OUT_DIR [--size 1280x720] [--scale 100] [--lang en]

Writes net-01-menu.png (host or join), net-02-host.png (the seats and the table's
settings), net-03-lobby.png (the open table: its code, address, a guest joined with its
ping, a seat waiting), net-04-host-table.png (the host's table waiting for the remote
player, the turn indicator), net-05-join.png (a refused join, said in words),
net-06-guest-lobby.png (joined, waiting for the host) and net-07-guest-table.png (the
guest's table while the host's person is to move), and the undo vote: net-08-host-asking.png
(the host waits for its guests' consent), net-09-host-refused.png (a guest refused: who, said
in the panel), net-10-guest-consent.png (a guest is asked: Agree (Y) / Refuse (N)) and
net-11-guest-undone.png (the guest agreed: the decision taken back). The guests and hosts on the other side
are vikings.net's, in this process; nothing is announced on the network. With `--fit`
each picture is also measured by the text-fit check (tools/pictures/fit_probe.py): its
failures are printed and counted last.
"""

from __future__ import annotations

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tools.pictures.director import parse_size  # noqa: E402
from vikings.engine import GameConfig  # noqa: E402
from vikings.net.guest import Guest  # noqa: E402
from vikings.net.host import LOCAL, REMOTE, Host  # noqa: E402
from vikings.net.host import Seat as HostSeat  # noqa: E402
from vikings.net.protocol import shown_code  # noqa: E402
from vikings.saves.folders import Storage  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui import flow  # noqa: E402
from vikings.ui.app import App  # noqa: E402


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.invalidate()
        app.frame()


def until(app: App, pred, what: str, limit: float = 15.0) -> None:
    end = time.monotonic() + limit
    while not pred():
        if time.monotonic() > end:
            raise TimeoutError(f"waited too long for {what}")
        frames(app, 1)
        time.sleep(0.01)


PROBE = None  # a FitProbe with --fit
FAILURES: list = []


def save(app: App, out: Path, name: str) -> None:
    frames(app, 2)
    app.draw()
    pygame.image.save(app.screen, str(out / name))
    print(out / name)
    if PROBE is not None:
        from tools.pictures.fit_probe import least_px, problems

        for p in problems(PROBE.measure(app), least_px(app)):
            FAILURES.append((name, p))
            print(f"  {name}: {p}")


def shoot(out: Path, size, scale: int, lang: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(width=size[0], height=size[1], animation="instant", bot_pace="instant", ui_scale=scale)
        app = App(storage=Storage(Path(home)), settings=settings, size=size, title_scene=False, language=lang)
        rules = app.rules
        try:
            flow.show(app, "network")
            save(app, out, "net-01-menu.png")
            flow.show(app, "net_host")
            scene = app.scenes.base
            scene.choices.add_seat("remote")
            scene.choices.set_kind(1, "hard")
            scene.choices.seats[0]["name"], scene.choices.seats[0]["auto"] = "Ann", False
            scene.port_text, scene.announce = "0", False
            scene.choices.options = {"auction"}
            scene._rebuild()
            save(app, out, "net-02-host.png")
            scene.open_table()
            lobby = app.scenes.base
            host = lobby.host
            guest = Guest(rules, "Bob", host.code, ("127.0.0.1", host.port)).start()
            until(
                app, lambda: lobby.side.seats[2]["connected"] and lobby.side.seats[2]["ping_ms"] is not None, "a ping"
            )
            save(app, out, "net-03-lobby.png")
            lobby.start()
            m = app.match
            end = time.monotonic() + 60
            while not (m.game.to_move == 2 and not m.pending and not app.scenes.base.fx.active):
                if time.monotonic() > end:
                    raise TimeoutError("waited too long for the remote player's turn")
                if m.persons_turn() and not m.pending:  # Ann plays (the first legal move)
                    app.scenes.base.act(m.game.legal_actions()[0])
                frames(app, 1)
                time.sleep(0.005)
            save(app, out, "net-04-host-table.png")
            # The host asks to take back Ann's last decision; the guest refuses.
            from vikings.ui.scenes.net_notices import AskingPanel, ask_undo

            sent, end = -1, time.monotonic() + 30
            while not m.can_undo() and time.monotonic() < end and not m.game.is_over:
                gs = guest.state  # Bob plays his first legal move, Ann hers, until Ann may undo
                if gs is not None and gs.to_move == guest.seat and guest.n != sent and not gs.is_over:
                    sent = guest.n
                    guest.send_action(gs.legal_actions()[0])
                if m.persons_turn() and not m.pending and not app.scenes.base.fx.active:
                    app.scenes.base.act(m.game.legal_actions()[0])
                frames(app, 1)
                time.sleep(0.005)
            if m.can_undo():
                ask_undo(app.scenes.base)
                until(app, lambda: guest.undo_asked >= 0, "the question")
                save(app, out, "net-08-host-asking.png")
                guest.answer_undo(False)
                asking = app.scenes.current
                until(app, lambda: asking.result, "the refusal")
                save(app, out, "net-09-host-refused.png")
                asking.close()
            else:  # (the picture of the panel only: Ann's last decision is fixed already)
                app.scenes.push(AskingPanel(app, [s.name for s in m.seats if s.kind == "remote"]))
                save(app, out, "net-08-host-asking.png")
            guest.stop()
            m.close()
            app.match = None

            # The other side: joining a table.
            other = Host(rules, GameConfig(("Ann", "Bob"), seed=4, start_player=0), [HostSeat(LOCAL), HostSeat(REMOTE)])
            other.start()
            try:
                flow.show(app, "net_join")
                join = app.scenes.base
                wrong = other.code[:3] + ("ABCDEF" if other.code[3:] != "ABCDEF" else "ABCDEG")
                join.address_text, join.code_text, join.name_text = f"127.0.0.1:{other.port}", shown_code(wrong), "Bob"
                join.kill_ui()
                join.build_ui()
                join.join()
                until(app, lambda: join.error, "the refusal")
                save(app, out, "net-05-join.png")
                join.code_text = shown_code(other.code)
                join.entries["code"].set_text(join.code_text)
                join.join()
                until(app, lambda: join.guest is not None and join.guest.seat >= 0 and join.guest.seats, "the welcome")
                save(app, out, "net-06-guest-lobby.png")
                other.begin()
                until(app, lambda: app.match is not None, "the table")
                gm = app.match
                until(app, lambda: not gm.pending, "the first offer")
                save(app, out, "net-07-guest-table.png")
                # The host takes back Ann's first decision: the guest is asked, and agrees.
                from vikings.ui.scenes.net_notices import ConsentPanel

                other.submit(0, other.state.legal_actions()[0])
                until(app, lambda: len(gm.game.actions()) == 1 and not gm.pending, "the host's move")
                other.ask_undo(1)
                until(app, lambda: isinstance(app.scenes.current, ConsentPanel), "the question")
                save(app, out, "net-10-guest-consent.png")
                app.scenes.current.answer(True)
                until(app, lambda: not gm.game.actions() and not gm.pending, "the undo")
                save(app, out, "net-11-guest-undone.png")
                gm.close()
            finally:
                other.stop()
        finally:
            app.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--scale", type=int, default=100, help="UI scale in %% (90-150)")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--fit", action="store_true", help="measure each picture with the text-fit check")
    a = ap.parse_args(argv)
    global PROBE
    if not a.fit:
        shoot(a.out, parse_size(a.size), a.scale, a.lang)
        return 0
    from tools.pictures.fit_probe import FitProbe

    with FitProbe() as probe:
        PROBE = probe
        shoot(a.out, parse_size(a.size), a.scale, a.lang)
    print(f"{len(FAILURES)} fit failures")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
