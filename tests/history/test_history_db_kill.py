"""The history survives a kill at any moment (issue 56): a child process records games in
a loop and is killed (SIGKILL) at random moments, round after round; then every game whose
record call had returned is in the file, and the file opens without a notice."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from journey_helpers import RULES, game, text

from vikings.history import FILE_NAME, History
from vikings.history import games as games_mod

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("record_forever.py")
ROUNDS = 8


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_every_game_recorded_before_a_kill_is_there(tmp_path):
    tables = [
        (text(game(2, 1), ["person", "normal"]), [True, False]),
        (text(game(3, 4, advanced=True), ["person", "hard", "person"]), [True, False, False]),
        (text(game(4, 13), ["beginner", "person", "expert", "person"]), [False, False, False, True]),
    ]
    tables_file = tmp_path / "tables.json"
    tables_file.write_text(json.dumps(tables), encoding="utf-8")
    path = tmp_path / FILE_NAME
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rnd = random.Random(56)
    confirmed: list[int] = []
    for round_ in range(ROUNDS):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(path), str(tables_file)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        # The first round is killed while the file is being made, the others after a few games.
        wanted = 0 if round_ == 0 else rnd.randrange(1, 10)
        if wanted:
            opened = child.stdout.readline()
            assert opened == "open ok\n", opened + child.stderr.read()
        for _ in range(wanted):
            line = child.stdout.readline()
            assert line.startswith("game "), line + child.stderr.read()
            confirmed.append(int(line.split()[1]))
        time.sleep(rnd.uniform(0, 0.5 if round_ == 0 else 0.06))  # somewhere in the next record, or the start
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        assert child.returncode == -signal.SIGKILL
        for line in rest.splitlines():  # printed before the kill, not yet read
            assert line == "open ok" or line.startswith("game "), line
            if line.startswith("game "):
                confirmed.append(int(line.split()[1]))

    h = History.open(path, RULES)
    assert h.notice is None
    assert h.conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    stored = {row[0] for row in h.conn.execute("SELECT id FROM games")}
    assert len(confirmed) >= ROUNDS - 1
    assert set(confirmed) <= stored
    assert len(stored - set(confirmed)) <= ROUNDS  # at most the one committed as each kill came
    for ident in stored:  # and every one of them whole
        seats = h.conn.execute("SELECT count(*) FROM seats WHERE game = ?", (ident,)).fetchone()[0]
        table = games_mod.read_save(h, games_mod.game_save(h, ident))
        assert seats == len(table.seats) and table.game.is_over
    h.close()
    print(f"{ROUNDS} rounds, {len(confirmed)} games confirmed, {len(stored)} stored, all confirmed present")
