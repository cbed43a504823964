"""The data fuzzer (tools/probes/fuzz_data.py): its mutations reach every kind of damage,
each helper's verdict follows the game's start, and a short seeded run finds nothing.
(The long run: `python tools/probes/fuzz_data.py 3000 --seed 1`, figures in docs/files.md.)"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.probes import fuzz_data  # noqa: E402

sys.path.remove(str(ROOT))


def test_every_file_and_every_kind_of_damage_is_drawn():
    rnd = random.Random(3)
    kinds, files = set(), set()
    for _ in range(1500):
        name = rnd.choice(fuzz_data.DRAWN)
        what, _ = fuzz_data.mutate(rnd, name, (fuzz_data.DATA / name).read_bytes())
        kinds.add(what.split(":")[0])
        files.add(name)
    assert kinds == {"bytes", "text", "doc", "words", "file"}
    assert files == set(fuzz_data.FILES)


def test_the_verdict_of_a_sound_and_a_damaged_folder(tmp_path):
    from vikings.content.data import default_rules
    from vikings.text import lang

    data = tmp_path / "data"
    shutil.copytree(fuzz_data.DATA, data)
    try:
        assert fuzz_data.attempt(str(data))["outcome"] == "started"
        (data / "lang/de/menus.yaml").write_bytes(b"\xff\xfe")
        assert fuzz_data.attempt(str(data))["outcome"] == "English instead"
        (data / "rules.yaml").write_text("scoring: [1", encoding="utf-8")
        refused = fuzz_data.attempt(str(data))
        assert refused["outcome"] == "refused" and refused["file"] == "rules.yaml"
    finally:  # (attempt points the game at the folder, as its helper process does)
        os.environ.pop("VIKINGS_DATA", None)
        default_rules.cache_clear()
        lang.forget()


def test_a_short_seeded_run_finds_nothing():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/probes/fuzz_data.py"), "40", "--seed", "5"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (
        done.stdout.startswith(f"40 mutants of the {len(fuzz_data.FILES)} YAML files") and "FAILED" not in done.stdout
    )
