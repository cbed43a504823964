"""Start time: from launching the game to its first drawn frame (the title screen).

    python tools/bench/bench_start.py [--runs 5] [--frozen dist/vikings/vikings] [--no-source]

Runs the game with its hidden `--measure-start` flag, which opens the window, draws and
flips the title's first frame, prints the time and exits. Measured from just before this
script starts the process to the time the game prints, so it holds everything a player
waits for: the interpreter (or the frozen build's bootloader), the imports, the rules
and the art catalogue, pygame-gui and its theme, the first drawing. Each command runs once unmeasured first (to warm the disk cache), then --runs
times; the median and the maximum are printed.

Commands: the source (`.venv/bin/vikings`, else `python -m vikings.commands.cli`) and the frozen
build (dist/vikings/vikings) when it exists. The video driver is SDL's dummy one
(headless); with DISPLAY set the same runs are repeated on that X display too. The game
reads its settings from a temporary VIKINGS_HOME, so a window size saved by the player
does not change the figures. Other programs on the machine slow the start down: the load
average is printed.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STAMP = re.compile(r"first frame drawn at ([0-9.]+)")


def source_command() -> list[str]:
    script = ROOT / ".venv" / "bin" / "vikings"
    return [str(script)] if script.exists() else [sys.executable, "-m", "vikings.commands.cli"]


def start_once(cmd: list[str], env: dict) -> float:
    """Seconds from starting `cmd --measure-start` to its first drawn frame."""
    t0 = time.time()
    proc = subprocess.run(cmd + ["--measure-start"], env=env, capture_output=True, text=True, timeout=120)
    m = STAMP.search(proc.stdout)
    if proc.returncode != 0 or m is None:
        raise RuntimeError(f"{' '.join(cmd)} --measure-start failed ({proc.returncode}):\n{proc.stdout}{proc.stderr}")
    return float(m.group(1)) - t0


def measure(label: str, cmd: list[str], env: dict, runs: int) -> None:
    start_once(cmd, env)  # warm-up: the disk cache, as on a second start
    times = [start_once(cmd, env) for _ in range(runs)]
    print(
        f"{label:<28} median {statistics.median(times):.2f} s   max {max(times):.2f} s   "
        f"({runs} runs: {', '.join(f'{t:.2f}' for t in times)})",
        flush=True,
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="measured runs per command (default 5)")
    ap.add_argument(
        "--frozen",
        default=str(ROOT / "dist" / "vikings" / "vikings"),
        help="the frozen build's executable (default dist/vikings/vikings)",
    )
    ap.add_argument("--no-source", action="store_true", help="only the frozen build")
    args = ap.parse_args(argv)
    commands = [] if args.no_source else [("source", source_command())]
    if Path(args.frozen).exists():
        commands.append(("frozen", [args.frozen]))
    else:
        print(f"(no frozen build at {args.frozen}: build it with pyinstaller build.spec)")
    load = os.getloadavg()
    print(f"start to first frame; load average {load[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="vikings-start-") as home:
        base = dict(os.environ, VIKINGS_HOME=home, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        drivers = [("dummy video", dict(base, SDL_VIDEODRIVER="dummy"))]
        if os.environ.get("DISPLAY"):
            x11 = dict(base, SDL_VIDEODRIVER="x11")
            drivers.append((f"X display {os.environ['DISPLAY']}", x11))
        for driver, env in drivers:
            for label, cmd in commands:
                measure(f"{label}, {driver}", cmd, env, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
