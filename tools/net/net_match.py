"""A whole networked match between real processes on this machine, and its summary.

    python tools/net/net_match.py [--players 4] [--advanced] [--bots random]
        [--kill-guest] [--restart-host] [--relay] [--netem 100,5] [--seed 1] [--json]

The host process seats its own person at seat 0 (played by a script through
Host.submit, as the screens will) and remote guests at the others; each guest is a
process of its own whose seat a bot plays. --kill-guest kills one guest (SIGKILL) after a
few moves and starts it again with its token; --restart-host kills the host and starts
it again from its autosave; --relay puts a relay between them; --netem DELAY_MS,LOSS_PCT
runs everything in a new network namespace whose loopback delays and loses packets
(tc netem; skipped with a note when not permitted).

The last line is the summary: the results on every copy identical or not, the digest
checks passed, whether every guest kept the host's record of the whole game (it replays
to the host's last table), per-move latency (host applied -> guest shows it) and each
guest's handshake (connecting to sealed, relay included) in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.bots import make_bot  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine import GameConfig  # noqa: E402
from vikings.net.guest import Guest  # noqa: E402
from vikings.net.host import BOT, LOCAL, REMOTE, Host, Seat  # noqa: E402
from vikings.net.view import digest, public_view, results, view_state  # noqa: E402

ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})
ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Astrid", "Bjorn", "Sigrid", "Ulf")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# The roles (each a process of its own) ---------------------------------------------------------
def run_host(a: argparse.Namespace) -> int:
    rules = default_rules()
    relay = ("127.0.0.1", a.relay_port) if a.relay_port else None
    bind = None if relay else ("127.0.0.1", a.port)
    if a.resume:
        host = Host.resume(a.autosave, rules, bind=bind, relay=relay)
    else:
        config = GameConfig(NAMES[: a.players], seed=a.seed, options=ADVANCED if a.advanced else frozenset())
        seats = [Seat(LOCAL)] + [Seat(REMOTE, level=a.bots) for _ in range(a.players - 1)]
        if a.host_bot:
            seats[0] = Seat(BOT, level=a.bots)
        host = Host(rules, config, seats, code=a.code, autosave=a.autosave, bind=bind, relay=relay).start()
    if a.resume:
        host.start()
    person = make_bot(a.bots, seed=a.seed * 7 + 1)
    applied: dict[int, float] = {}
    deadline = time.monotonic() + a.timeout
    if not host.started:  # the lobby: wait for every remote seat
        while time.monotonic() < deadline and not all(s["connected"] for s in host.seat_list()):
            time.sleep(0.02)
        host.begin()
    last = None
    asked = -1
    over = False
    while time.monotonic() < deadline and not over:
        try:
            kind, data = host.inbox.get(timeout=0.5)
        except Exception:
            kind, data = "", None
        if kind == "update":
            last = data
            applied[data["n"]] = data["ts"]
            if a.die_after and data["n"] >= a.die_after:
                os.kill(os.getpid(), signal.SIGKILL)
        elif kind == "over":
            over = True
        view = last["view"] if last else None
        if view is None and host.seats[0].kind == LOCAL:  # resumed or new: the table as it is
            view = host._update(None, None, [])["view"]
        if view is not None and host.seats[0].kind == LOCAL and len(view["history"]) != asked:
            game = view_state(view, rules)
            if not game.is_over and game.to_move == 0 and host.started:
                asked = len(view["history"])
                host.submit(0, person.choose(game))
    # Give the guests a moment to take the last update, then report.
    end = time.monotonic() + 5
    while time.monotonic() < end and any(s.connected for s in host.seats if s.kind == REMOTE):
        time.sleep(0.05)
    final = last["view"] if last else {}
    report = {
        "role": "host",
        "over": over,
        "moves": len(final.get("history", [])),
        "digest": digest(final) if final else "",
        "results": results(final) if final else [],
        "stats": host.stats,
    }
    Path(a.out).write_text(json.dumps(report), encoding="utf-8")
    host.stop()
    return 0 if over else 1


def run_guest(a: argparse.Namespace) -> int:
    rules = default_rules()
    token_file = Path(a.token_file)
    token = token_file.read_text().strip() if token_file.exists() else None
    relay = bool(a.relay_port)
    address = ("127.0.0.1", a.guest_port or (a.relay_port if relay else a.port))
    guest = Guest(rules, a.name, a.code, address, relay=relay, token=token, bot=make_bot(a.bots, seed=a.seed))
    guest.start()
    deadline = time.monotonic() + a.timeout
    updates = 0
    while time.monotonic() < deadline and not guest.done.is_set():
        try:
            kind, data = guest.inbox.get(timeout=0.5)
        except Exception:
            continue
        if kind == "welcome":
            token_file.write_text(guest.token or "")
        elif kind == "update":
            updates += 1
            if a.die_after and updates >= a.die_after:
                os.kill(os.getpid(), signal.SIGKILL)
    guest.done.wait(max(0.0, deadline - time.monotonic()))
    view = guest.view or {}
    old = Path(a.out)
    earlier = json.loads(old.read_text()) if old.exists() else {"latencies": [], "checked": 0, "handshakes": []}
    report = {
        "role": "guest",
        "seat": guest.seat,
        "outcome": guest.outcome,
        "moves": len(view.get("history", [])),
        "digest": digest(view) if view else "",
        "results": results(view) if view else [],
        "checked": guest.checked + earlier["checked"],
        "latencies": earlier["latencies"] + guest.latencies_ms,
        "handshakes": earlier["handshakes"] + guest.handshakes_ms,
        "rejoins": guest.rejoins,
        "record": guest.record is not None and bool(view) and digest(public_view(guest.record)) == digest(view),
    }
    guest.stop()
    old.write_text(json.dumps(report), encoding="utf-8")
    return 0 if guest.outcome == "over" else 1


# The match ---------------------------------------------------------------------------------------
def _me(a: argparse.Namespace, role: str, **extra: object) -> list[str]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--role", role, "--players", str(a.players)]
    cmd += ["--seed", str(a.seed), "--bots", a.bots, "--code", a.code, "--timeout", str(a.timeout)]
    cmd += ["--port", str(a.port), "--relay-port", str(a.relay_port), "--guest-port", str(a.guest_port)]
    if a.advanced:
        cmd.append("--advanced")
    for k, v in extra.items():
        if v is True:
            cmd.append("--" + k.replace("_", "-"))
        elif v not in (None, False):
            cmd += ["--" + k.replace("_", "-"), str(v)]
    return cmd


def match(a: argparse.Namespace) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    work = Path(tempfile.mkdtemp(prefix="vikings-net-"))
    a.port = free_port()
    a.relay_port = free_port() if a.relay else 0
    a.guest_port = 0
    procs: list[subprocess.Popen[bytes]] = []
    lag: dict[str, int] = {}
    started = time.monotonic()
    try:
        relay = None
        if a.relay:
            relay = subprocess.Popen(
                [sys.executable, "-m", "vikings", "relay", "--port", str(a.relay_port), "--bind", "127.0.0.1"],
                env=env,
                stdout=subprocess.DEVNULL,
            )
            procs.append(relay)
            _wait_port(a.relay_port)
        autosave = work / "table.json"
        host_cmd = _me(a, "host", autosave=autosave, out=work / "host.json")
        host = subprocess.Popen(host_cmd + (["--die-after", str(a.restart_after)] if a.restart_host else []), env=env)
        procs.append(host)
        if not a.relay:
            _wait_port(a.port)
        else:
            time.sleep(0.5)
        proxy = None
        if a.lag:
            from tools.net.lag_proxy import LagProxy

            delay, loss = (float(x) for x in a.lag.split(","))
            proxy = LagProxy(("127.0.0.1", a.relay_port or a.port), delay, loss / 100, seed=a.seed).start()
            a.guest_port = proxy.port
        guests = []
        for i in range(1, a.players):
            cmd = _me(
                a,
                "guest",
                name=NAMES[i],
                token_file=work / f"token{i}",
                out=work / f"guest{i}.json",
                die_after=a.kill_after if (a.kill_guest and i == 1) else None,
            )
            cmd[cmd.index("--seed") + 1] = str(a.seed * 10 + i)
            guests.append((i, cmd, subprocess.Popen(cmd, env=env)))
            procs.append(guests[-1][2])
        restarts = {"guest": 0, "host": 0}
        if a.kill_guest:
            i, cmd, proc = guests[0]
            proc.wait(a.timeout)
            if proc.returncode == -signal.SIGKILL:
                restarts["guest"] += 1
                cmd = list(cmd)
                k = cmd.index("--die-after")
                del cmd[k : k + 2]
                guests[0] = (i, cmd, subprocess.Popen(cmd, env=env))
                procs.append(guests[0][2])
        if a.restart_host:
            host.wait(a.timeout)
            if host.returncode == -signal.SIGKILL:
                restarts["host"] += 1
                host = subprocess.Popen(_me(a, "host", autosave=autosave, out=work / "host.json", resume=True), env=env)
                procs.append(host)
        host.wait(a.timeout)
        for _, _, proc in guests:
            proc.wait(a.timeout)
        if proxy is not None:
            proxy.stop()
            lag = {"chunks": proxy.chunks, "lost": proxy.lost}
        if relay is not None:
            relay.terminate()
            relay.wait(5)
        reports = [json.loads((work / "host.json").read_text())]
        reports += [json.loads((work / f"guest{i}.json").read_text()) for i in range(1, a.players)]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    lat = [x for r in reports[1:] for x in r["latencies"]]
    lat.sort()
    shakes = sorted(x for r in reports[1:] for x in r["handshakes"])
    same = len({r["digest"] for r in reports}) == 1 and len({json.dumps(r["results"]) for r in reports}) == 1
    return {
        "players": a.players,
        "advanced": a.advanced,
        "relay": a.relay,
        "netem": a.netem or "",
        "lag": a.lag or "",
        "lag_chunks": lag,
        "moves": reports[0]["moves"],
        "over": bool(reports[0]["over"]) and all(r["outcome"] == "over" for r in reports[1:]),
        "identical": same,
        "results": reports[0]["results"],
        "digest_checks": sum(r["checked"] for r in reports[1:]),
        "guest_restarts": restarts["guest"],
        "host_restarts": restarts["host"],
        "rejoins": sum(r["rejoins"] for r in reports[1:]),
        "records": all(r.get("record") for r in reports[1:]),
        "host_stats": reports[0]["stats"],
        "latency_ms": {
            "n": len(lat),
            "median": round(statistics.median(lat), 1) if lat else None,
            "p95": round(lat[int(len(lat) * 0.95) - 1], 1) if lat else None,
            "max": round(lat[-1], 1) if lat else None,
            "within_300": round(sum(x <= 300 for x in lat) / len(lat), 4) if lat else None,
        },
        "handshake_ms": {  # a guest's connecting to sealed, each (re)join
            "n": len(shakes),
            "median": round(statistics.median(shakes), 1) if shakes else None,
            "max": round(shakes[-1], 1) if shakes else None,
        },
        "seconds": round(time.monotonic() - started, 1),
    }


def _wait_port(port: int, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), 0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")


def in_netem(a: argparse.Namespace, argv: list[str]) -> int | None:
    """Run this match again in a network namespace with a lossy loopback; None when done here."""
    if os.environ.get("VIKINGS_NETEM_INSIDE"):
        delay, loss = a.netem.split(",")
        setup = [
            ["ip", "link", "set", "lo", "up"],
            ["tc", "qdisc", "add", "dev", "lo", "root", "netem", "delay", f"{delay}ms", "loss", f"{loss}%"],
        ]
        for cmd in setup:
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode:
                print(f"net_match: netem skipped: {' '.join(cmd)}: {done.stderr.strip()}")
                return 0
        return None
    env = dict(os.environ, VIKINGS_NETEM_INSIDE="1")
    try:
        return subprocess.run(
            ["unshare", "-n", sys.executable, str(Path(__file__).resolve()), *argv], env=env
        ).returncode
    except OSError as e:
        print(f"net_match: netem skipped: unshare: {e}")
        return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--advanced", action="store_true")
    ap.add_argument("--bots", default="random", help="the level of every scripted player (default random)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kill-guest", action="store_true")
    ap.add_argument("--kill-after", type=int, default=20, help="moves a guest sees before it is killed")
    ap.add_argument("--restart-host", action="store_true")
    ap.add_argument("--restart-after", type=int, default=40, help="moves before the host is killed")
    ap.add_argument("--relay", action="store_true")
    ap.add_argument("--netem", metavar="DELAY_MS,LOSS_PCT", default="")
    ap.add_argument(
        "--lag",
        metavar="DELAY_MS,LOSS_PCT",
        default="",
        help="guests reach the table through tools/net/lag_proxy.py (a model of delay and loss, for kernels without netem)",
    )
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    # The roles' own options (the match starts them).
    ap.add_argument("--role", choices=("match", "host", "guest"), default="match", help=argparse.SUPPRESS)
    for name in ("--port", "--relay-port", "--die-after", "--guest-port"):
        ap.add_argument(name, type=int, default=0, help=argparse.SUPPRESS)
    for name in ("--code", "--autosave", "--out", "--token-file", "--name"):
        ap.add_argument(name, default="", help=argparse.SUPPRESS)
    ap.add_argument("--resume", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--host-bot", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.role == "host":
        return run_host(a)
    if a.role == "guest":
        return run_guest(a)
    if a.netem:
        done = in_netem(a, argv)
        if done is not None:
            return done
    from vikings.net.protocol import new_code

    a.code = a.code or new_code()
    summary = match(a)
    ok = summary["over"] and summary["identical"] and summary["records"]
    if a.json:
        print(json.dumps(summary))
    else:
        lat = summary["latency_ms"]
        print(
            f"net_match: {'OK' if ok else 'FAILED'}: {summary['players']} players"
            f"{', advanced' if a.advanced else ''}{', relay' if a.relay else ''}"
            f"{', netem ' + a.netem if a.netem else ''}{', lag ' + a.lag if a.lag else ''}; {summary['moves']} moves; "
            f"results identical on every copy: {summary['identical']}; "
            f"digest checks passed: {summary['digest_checks']}; guest restarts {summary['guest_restarts']}, "
            f"host restarts {summary['host_restarts']}, rejoins {summary['rejoins']}; "
            f"record kept by every guest: {summary['records']}; "
            f"latency ms median {lat['median']}, p95 {lat['p95']}, max {lat['max']}, "
            f"within 300 ms {lat['within_300']}; handshake ms median {summary['handshake_ms']['median']}, "
            f"max {summary['handshake_ms']['max']} ({summary['handshake_ms']['n']}); {summary['seconds']} s"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
