"""tools/net/net_match.py: a short whole game between real processes (host, guest, each
a process of its own) ends identical on every copy, and every guest keeps the host's
record of the game. Longer matches are run by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_two_player_match_between_processes_with_a_killed_guest_rejoining():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/net/net_match.py"), "--players", "2", "--kill-guest", "--timeout", "90"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    last = done.stdout.strip().splitlines()[-1]
    assert done.returncode == 0, done.stdout + done.stderr
    assert last.startswith("net_match: OK: 2 players")
    assert "results identical on every copy: True" in last
    assert "guest restarts 1" in last and "rejoins 1" in last
    assert "record kept by every guest: True" in last  # (the killed guest's copy too)
