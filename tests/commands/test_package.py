"""The game as a package: the built wheel carries data/ and assets/ and finds them when
installed away from the checkout; where resources are looked up, in order."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from vikings import paths, version

ROOT = Path(__file__).resolve().parents[2]
# What a build needs from the checkout (MANIFEST.in, setup.py, pyproject.toml).
SOURCES = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "CHANGELOG.md",
    "launcher.py",
    "build.spec",
    "vikings",
    "data",
    "assets",
    "packaging",
)


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built by pip from a copy of the checkout (the checkout itself is left
    without build/ or egg-info folders)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "_data", "_assets"))
        elif path.exists():
            shutil.copy2(path, src / name)
    out = tmp / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    (built,) = out.glob("vikings-*.whl")
    return built


def test_wheel_carries_every_resource_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"vikings/_data/{p.relative_to(ROOT / 'data').as_posix()}" for p in (ROOT / "data").rglob("*") if p.is_file()
    }
    for sub in ("svg", "ui", "sounds"):
        expected |= {
            f"vikings/_assets/{sub}/{p.relative_to(ROOT / 'assets' / sub).as_posix()}"
            for p in (ROOT / "assets" / sub).rglob("*")
            if p.is_file()
        }
    expected.add("vikings/_assets/CREDITS.md")
    assert expected <= names, sorted(expected - names)
    assert "vikings/_data/vikings.yaml" in names and "vikings/_assets/ui/theme.json" in names
    # nothing outside the package, and not the icons' source data the art was drawn from
    assert all(n.startswith(("vikings/", f"vikings-{pyproject_version()}.dist-info/")) for n in names)
    assert not any("/icons/" in n for n in names)


def test_installed_wheel_finds_its_resources_away_from_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {k: v for k, v in os.environ.items() if k not in ("VIKINGS_DATA", "VIKINGS_ASSETS", "PYTHONPATH")}
    env |= {
        "PYTHONPATH": str(site),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "VIKINGS_HOME": str(tmp_path / "home"),
    }
    code = """if True:
        import json, vikings
        from vikings.paths import resource_dir
        from vikings.content.data import default_rules
        from vikings.content.art import load_catalog
        from vikings.ui.drawing.theme import _theme_doc
        rules = default_rules()
        catalog = load_catalog(rules)
        print(json.dumps({"package": vikings.__file__, "version": vikings.version(),
                          "data": str(resource_dir("data")), "assets": str(resource_dir("assets")),
                          "art": str(catalog["board", "wheel"].path), "theme": len(_theme_doc()),
                          "rules": (resource_dir("data") / "lang" / "en" / "rules.md").read_text(encoding="utf-8")[:40]}))
    """
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    package = site / "vikings"
    assert Path(got["package"]).parent == package
    assert Path(got["data"]) == package / "_data" and Path(got["assets"]) == package / "_assets"
    assert Path(got["art"]).is_relative_to(package / "_assets" / "svg")
    assert (
        got["theme"] > 0
        and got["rules"] == (ROOT / "data" / "lang" / "en" / "rules.md").read_text(encoding="utf-8")[:40]
    )
    assert got["version"] == pyproject_version()
    # and the game's commands run from there
    proc = subprocess.run(
        [sys.executable, "-m", "vikings", "simulate", "--games", "2"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout.splitlines()[-1])["summary"]["games"] == 2


def test_resource_lookup_order(monkeypatch, tmp_path):
    monkeypatch.delenv("VIKINGS_DATA", raising=False)
    monkeypatch.delenv("VIKINGS_ASSETS", raising=False)
    # a checkout: beside the package
    assert paths.resource_dir("data") == ROOT / "data"
    assert paths.resource_dir("assets") == ROOT / "assets"
    # a frozen build: its bundle
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.resource_dir("data") == tmp_path / "data"
    # the environment variables before everything
    monkeypatch.setenv("VIKINGS_DATA", str(tmp_path / "elsewhere"))
    assert paths.resource_dir("data") == tmp_path / "elsewhere"
    assert paths.resource_dir("assets") == tmp_path / "assets"


def test_version_is_the_one_in_pyproject():
    assert version() == pyproject_version()
