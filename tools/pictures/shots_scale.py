"""The screens at a chosen UI scale (the setting's 90-150%), to check that no caption is
cut off when the lettering grows.

    python tools/pictures/shots_scale.py [OUT_DIR] [--ui-scale 150] [--size 1280x720] [--quick] [--lang de]

Renders the moments of tools/pictures/screenshots.py with the UI scale set (the title, setup, the
rules, settings and load panels, a seeded game at the table with its scorings and
results, the advanced game's auction, the review, hints and the guided first game), plus
the setup screen with four seats and every advanced rule on (`setup-full`). `--quick`
stops after the menus, the setup screen and the first purchase. After each picture it
lists the pygame-gui buttons whose caption does not fit inside the button
(`theme.clipped_captions`); the exit code is 1 when there was any, or a moment failed.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures import director, screenshots  # noqa: E402  (selects the dummy drivers before pygame starts)
from tools.pictures.director import Director, Shooter, StepClock, open_panel, parse_size, to_title  # noqa: E402
from vikings.ui import flow  # noqa: E402
from vikings.ui.drawing.theme import clipped_captions  # noqa: E402


class ScaledSettings:
    """Stands in for Settings in tools/pictures/screenshots.py: the same, at the UI scale given."""

    def __init__(self, cls, ui_scale: int):
        self.cls, self.ui_scale = cls, ui_scale

    def __call__(self, **kw):
        kw["ui_scale"] = self.ui_scale  # (the Director names the UI scale too)
        return self.cls(**kw)

    def __getattr__(self, name):
        return getattr(self.cls, name)


class Checker(Shooter):
    """Saves each moment and notes the captions that do not fit."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.clipped: list[str] = []

    def save(self, app, name: str) -> None:
        super().save(app, name)
        for text, need, room in clipped_captions(app.ui):
            line = f"{self.n:02d}-{name}: {text!r} needs {need[0]}x{need[1]} px, has {room[0]}x{room[1]}"
            self.clipped.append(line)
            print("  CLIPPED", line, flush=True)


def full_setup(d: Director) -> None:
    """The setup screen with four seats and all the advanced rules on."""
    to_title(d)
    flow.show(d.app, "setup")
    d.frames(2)
    sc = d.scene
    while len(sc.choices.seats) < 4:
        sc.choices.add_seat("normal")
    sc.choices.options = {"auction", "single_boatswain", "special_tiles"}
    sc._rebuild()
    d.frames(3)


PANELS = (
    ("rules-panel", "rules", "RulesPanel", {}),
    ("settings-panel", "settings", "SettingsPanel", {}),
    ("load-panel", "saves", "SavesPanel", {"mode": "load"}),
)


def panel_over_title(d: Director, module: str, cls: str, kw: dict) -> None:
    to_title(d)
    d.app.scenes.push(open_panel(d, module, cls, **kw))
    d.frames(3)


def quick(sh: Checker, size, seed: int) -> None:
    with tempfile.TemporaryDirectory(prefix="vikings-shots-") as home:
        import os

        os.environ["VIKINGS_HOME"] = home
        d = Director(size, home, seed=seed, clock=StepClock())
        d.new_match().save_as(director.SAVE_NAME)
        sh.moment("title", to_title, d)
        sh.moment("setup-full", full_setup, d)

        for name, module, cls, kw in PANELS:
            sh.moment(name, functools.partial(panel_over_title, module=module, cls=cls, kw=kw), d)

        def purchase(d):
            d.enter()
            d.settle()

        sh.moment("purchase-choose", purchase, d)
        d.match.close()
        d.app.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_out = Path(tempfile.gettempdir()) / "vikings-shots-scale"
    ap.add_argument("out", nargs="?", default=str(default_out))
    ap.add_argument("--ui-scale", type=int, default=150, help="percent, 90-150 (default 150)")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--quick", action="store_true", help="only the menus, setup and a purchase")
    ap.add_argument("--lang", default="en", help="the screens' language (en, de)")
    args = ap.parse_args(argv)
    director.LANGUAGE = args.lang
    size = parse_size(args.size)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    director.Settings = ScaledSettings(director.Settings, args.ui_scale)
    t0 = time.perf_counter()
    if args.quick:
        sh = Checker(out, size, args.seed)
        quick(sh, size, args.seed)
    else:
        sh = screenshots.shoot(out, size, args.seed, shooter=Checker)
        # The setup screen at its fullest, in a fresh app after the rest.
        extra = Checker(out, size, args.seed)
        extra.n = 99
        quick_setup(extra, size, args.seed)
        sh.written += extra.written
        sh.failed += extra.failed
        sh.clipped += extra.clipped
    print(
        f"{len(sh.written)} screenshots at {args.size}, UI scale {args.ui_scale}% in {time.perf_counter() - t0:.1f} s; "
        f"{len(sh.clipped)} clipped captions" + (f"; {len(sh.failed)} FAILED" if sh.failed else "")
    )
    for line in sh.failed:
        print("  FAILED", line)
    return 1 if sh.failed or sh.clipped else 0


def quick_setup(sh: Checker, size, seed: int) -> None:
    with tempfile.TemporaryDirectory(prefix="vikings-shots-") as home:
        d = Director(size, home, seed=seed, clock=StepClock())
        sh.moment("setup-full", full_setup, d)
        d.app.shutdown()


if __name__ == "__main__":
    sys.exit(main())
