"""The `vikings` command: --version, and starting where no window can be opened."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from vikings.commands import cli

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, *args, **env_changes) -> subprocess.CompletedProcess:
    """`python -m vikings ARGS` in a clean environment: its own VIKINGS_HOME, and the given
    variables set (a value of None removes one). The timeout proves that it ends."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY")
    }
    env["VIKINGS_HOME"] = str(tmp_path / "home")
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run(
        [sys.executable, "-m", "vikings", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30
    )


def test_version_comes_from_the_package(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    with open(ROOT / "pyproject.toml", "rb") as f:
        expected = tomllib.load(f)["project"]["version"]
    assert capsys.readouterr().out.strip() == f"vikings {expected}"


@pytest.mark.parametrize(
    "env",
    [
        {"SDL_VIDEODRIVER": "x11", "DISPLAY": ":999"},  # a display that is not there
        {"SDL_VIDEODRIVER": "x11"},  # no DISPLAY at all
        pytest.param(
            {},
            marks=pytest.mark.skipif(  # SDL left to choose:
                not sys.platform.startswith("linux"),  # Windows and macOS always
                reason="a window can always be opened",
            ),
        ),
    ],
)  # have a window system
def test_no_display_says_so_in_one_line_and_stops(tmp_path, env):
    proc = run(tmp_path, **env)
    assert proc.returncode == cli.NO_DISPLAY
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("vikings: no display to open a window on"), proc.stderr
    assert not (tmp_path / "home" / "logs" / "vikings.log").exists()  # stopped before the game began


def test_a_driver_asked_for_by_name_opens_and_nothing_else_is_printed(tmp_path):
    """SDL_VIDEODRIVER=dummy (tests, benchmarks) is honoured; with no SDL_AUDIODRIVER set,
    a machine without a sound card prints nothing (ui/sound.py opens it quietly); the log
    begins with the version."""
    proc = run(tmp_path, "--measure-start", SDL_VIDEODRIVER="dummy")
    assert proc.returncode == 0, proc.stderr
    assert "first frame drawn" in proc.stdout
    assert proc.stderr == ""
    first = (tmp_path / "home" / "logs" / "vikings.log").read_text(encoding="utf-8").splitlines()[0]
    assert f"vikings {cli.version()}, Python" in first and "pygame-ce" in first


def test_no_display_probe_accepts_the_named_driver(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert cli.no_display() == ""


def test_without_stderr_a_complaint_goes_to_the_log_folder(monkeypatch, tmp_path):
    """As in the windowed Windows build, where sys.stderr is None."""
    monkeypatch.setenv("VIKINGS_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stderr", None)
    cli.complain("vikings.yaml: file: cannot be read")
    text = (tmp_path / "logs" / "vikings-crash.log").read_text(encoding="utf-8")
    assert text == f"vikings {cli.version()}: vikings.yaml: file: cannot be read\n"
