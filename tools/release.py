"""Build the standalone game for this system and pack it for a release: the one script the
release workflow (.github/workflows/release.yml) runs on Windows, macOS and Linux, and
that runs the same way on a developer's machine.

    python tools/release.py [--no-install] [--pytest-args "ARGS"] [--skip-tests]

Steps, each timed:
  1. install   the game with its test and build extras, editable, into the running Python
               (skipped with --no-install: the environment already has them);
  2. tests     pytest, the whole suite unless --pytest-args narrows it (or --skip-tests);
  3. icons     tools/assets/make_icons.py: .ico, .icns and .png from the SVG art into build/icons;
  4. build     pyinstaller build.spec (dist/vikings/; on macOS also dist/Vikings.app);
  5. selftest  the frozen program's --selftest (on Windows through vikings-console.exe, as
               the windowed vikings.exe has no stdout; on macOS the program inside the app);
  6. archive   dist/release/vikings-VERSION-SYSTEM-MACHINE.zip (Windows: the folder; macOS:
               Vikings.app, packed with ditto so its links and signature survive) or .tar.gz
               (Linux: the folder, with the desktop entry and the menu install script).
The archive's path is printed last (and given to GitHub Actions as the step output
`archive`). On a v* tag the tag must match the version in pyproject.toml.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
OUT = DIST / "release"
SYSTEM = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-install", action="store_true", help="use the packages already installed")
    ap.add_argument("--skip-tests", action="store_true", help="do not run the tests")
    ap.add_argument("--pytest-args", default="", help="arguments for pytest instead of the whole suite")
    args = ap.parse_args(argv)
    os.chdir(ROOT)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    timings: list[tuple[str, float]] = []
    started = time.perf_counter()

    def step(name: str, *command: str) -> None:
        print(f"\n== {name}: {shlex.join(command)}", flush=True)
        t = time.perf_counter()
        subprocess.run(command, check=True, env=env)
        timings.append((name, time.perf_counter() - t))

    py = sys.executable
    if not args.no_install:
        step("install", py, "-m", "pip", "install", "-e", ".[test,build]")
    version = _version(py)
    _check_tag(version)
    if not args.skip_tests:
        step("tests", py, "-m", "pytest", "-x", *shlex.split(args.pytest_args))
    step("icons", py, "tools/assets/make_icons.py", "build/icons")
    step("build", py, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN", "build.spec")
    step("selftest", str(_frozen_program()), "--selftest")
    t = time.perf_counter()
    archive = _archive(version)
    timings.append(("archive", time.perf_counter() - t))

    print("\n== done")
    for name, seconds in timings:
        print(f"  {name:9} {seconds:6.1f} s")
    print(f"  {'total':9} {time.perf_counter() - started:6.1f} s")
    folder = DIST / ("Vikings.app" if SYSTEM == "macos" else "vikings")
    print(
        f"  {folder.relative_to(ROOT)}: {_size(folder) / 1e6:.1f} MB; "
        f"{archive.relative_to(ROOT)}: {archive.stat().st_size / 1e6:.1f} MB"
    )
    if os.environ.get("GITHUB_OUTPUT"):
        with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as f:
            f.write(f"archive={archive.relative_to(ROOT).as_posix()}\nversion={version}\n")
    print(archive)
    return 0


def _version(py: str) -> str:
    """The version of the installed package (as the build will carry it)."""
    out = subprocess.run(
        [py, "-c", "import vikings; print(vikings.version())"], check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def _check_tag(version: str) -> None:
    if os.environ.get("GITHUB_REF_TYPE") == "tag":
        tag = os.environ.get("GITHUB_REF_NAME", "")
        if tag != f"v{version}":
            sys.exit(f"release: the tag {tag} does not match the version {version} in pyproject.toml")


def _frozen_program() -> Path:
    if SYSTEM == "windows":
        return DIST / "vikings" / "vikings-console.exe"
    if SYSTEM == "macos":
        return DIST / "Vikings.app" / "Contents" / "MacOS" / "vikings"
    return DIST / "vikings" / "vikings"


def _archive(version: str) -> Path:
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
    name = f"vikings-{version}-{SYSTEM}-{machine}"
    OUT.mkdir(parents=True, exist_ok=True)
    print(f"\n== archive: {name}", flush=True)
    if SYSTEM == "macos":
        # ditto keeps the bundle's symbolic links, permissions and code signature intact.
        target = OUT / f"{name}.zip"
        target.unlink(missing_ok=True)
        subprocess.run(
            ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(DIST / "Vikings.app"), str(target)], check=True
        )
        return target
    folder = DIST / "vikings"
    if SYSTEM == "windows":
        target = OUT / f"{name}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
            for path in sorted(folder.rglob("*")):
                z.write(path, f"{name}/{path.relative_to(folder).as_posix()}")
        return target
    target = OUT / f"{name}.tar.gz"
    with tarfile.open(target, "w:gz", compresslevel=6) as t:  # keeps the programs' executable bits
        t.add(folder, arcname=name)
    return target


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        sys.exit(f"release: step failed ({shlex.join(map(str, e.cmd))}, exit status {e.returncode})")
