"""A short seeded run of the restless player (tools/probes/monkey.py): random clicks, keys,
resizes, panels and games with bots through the real loop, headless. No exception may
reach the loop or the log, and no frame may stall. (The long run is a benchmark:
`python tools/probes/monkey.py --minutes 10`, figures in docs/ui.md.)"""

from __future__ import annotations

import sys
from pathlib import Path

import ui_helpers  # noqa: F401  (dummy drivers before pygame starts)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.probes import monkey  # noqa: E402

SECONDS = 25
STALL = 5.0  # s: generous, the machine may be busy; a hang or a deadlock is far longer


def test_a_short_random_run_has_no_exception_and_no_stall(tmp_path):
    report = monkey.run_monkey(SECONDS, seed=7, size=(1280, 720), every=5, stall=STALL, home=tmp_path)
    assert report.exceptions == [], report.summary()
    assert report.stalls == [], report.summary()
    assert report.inputs > 15 and report.frames > 50
    assert sum(report.counts.values()) >= 8 and report.games  # it did start games with bots
    assert len(report.samples) >= 3 and all(s[1] > 0 for s in report.samples)
