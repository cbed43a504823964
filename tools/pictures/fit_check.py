"""The text-fit check: every text a screen draws is drawn whole, inside its panel, over no
other text, large enough to read, and every caption fits its button.

    python tools/pictures/fit_check.py [OUT_DIR] [--sizes 1280x720,1920x1080] [--scales 100,150]
                                       [--langs en,de,qpl] [--quick] [--seed 4]

Runs every moment of tools/pictures/screenshots.py and the fit check's own (a 4-player
advanced game with the longest names setup allows: hints open during the auction, the
notice that the autosave is off, the special tile offer, a scoring and the results) at each window size, UI scale and
language (`qpl` is English with every word 40 % longer, vikings/text/lang.py), one
process each. A drawing breaks the rule when a text is

- cut: partly hidden by its clip or the window, or shortened with an ellipsis;
- outside: it starts in a panel (a filled rectangle) and runs out of it;
- overlap: its ink crosses another text's;
- small: its lettering is below 12 px at 100 % on 1280x720 (scaled with the window and
  the UI scale; numbers and initials on pieces aside);
- caption: a pygame-gui caption does not fit its button or label;
- missing: a text the moment must show (a hint's options, the lesson's step) is not drawn.

Each failure is printed, then the failures per size, scale and language, and the number
of failures LAST. The failing shots are written to OUT_DIR with the offending texts
outlined (red; the text or panel they collide with in blue). Exit code 1 on any failure.
Without options it runs the whole matrix (7 sizes x 2 scales x 3 languages); `--quick`
runs the fit check's own moments only (tests/ui/test_fit.py runs a few of them).
"""

from __future__ import annotations

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"  # headless, before pygame is imported
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tools.pictures import director  # noqa: E402
from tools.pictures.director import Director, Shooter, StepClock  # noqa: E402
from tools.pictures.fit_probe import FitProbe, Problem, least_px, problems  # noqa: E402
from tools.pictures.shots_hints import wait_for_hint  # noqa: E402

SIZES = ((1280, 720), (1280, 800), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
SCALES = (100, 150)
LANGS = ("en", "de", "qpl")
# The longest names setup allows (20 letters, vikings/ui/scenes/setup_choices.py), wide letters.
LONG_SEATS = (
    ("Wilhelmina Wolfsdott", "person", "purple"),
    ("Magnhild Ragnarsdott", "normal", "orange"),  # (Hard and Expert would only think longer)
    ("Thorgrim Mjolnirsson", "normal", "teal"),
    ("Hrothgar Wulfmaerson", "normal", "pink"),
)


class FitShooter(Shooter):
    """Measures each moment instead of only saving it: the failures, and the shot with the
    offending texts outlined when there are any."""

    probe: FitProbe
    only: tuple[str, ...] = ()  # moment names to measure (all when empty)
    every_shot = False  # --shots: write every moment's picture, not only the failing ones

    def __init__(self, out: Path, size, seed: int):
        super().__init__(out, size, seed)
        self.found: list[tuple[str, Problem]] = []
        self.expect: list[str] = []  # texts the next moment must show

    def save(self, app, name: str) -> None:
        if self.only and not any(name.startswith(o) for o in self.only):
            self.expect = []
            return
        lesson = next((s for s in app.scenes.stack if type(s).__name__ == "LessonOverlay"), None)
        if lesson is not None and lesson.box is not None:
            self.expect.append(lesson.shown_text()[0])  # the lesson's words, whole
        texts = self.probe.measure(app)
        found = problems(texts, least_px(app))
        drawn = " ".join(" ".join(x.text for x in texts if not x.hidden).split())
        for want in self.expect:
            if " ".join(want.split()) not in drawn:
                found.append(Problem("missing", want, pygame.Rect(0, 0, 0, 0), "not drawn whole"))
        self.expect = []
        tag = f"{self.n:02d}-{name}"
        for p in found:
            self.found.append((tag, p))
            print(f"  {tag}: {p}", flush=True)
        self.written.append(self.out / f"{tag}.png")
        if found or self.every_shot:
            shot = app.screen.copy()
            for p in found:
                if p.other is not None:
                    pygame.draw.rect(shot, (40, 90, 220), p.other, 1)
                pygame.draw.rect(shot, (230, 30, 30), p.rect.inflate(4, 4), 2)
            pygame.image.save(shot, str(self.out / f"{tag}.png"))


def fit_moments(sh, d, seed: int, last: str | None = None) -> None:
    """The fit check's own moments: a 4-player game of the advanced rules, the longest names
    (up to the moment named `last`, if given)."""
    from vikings.advice.hints import describe
    from vikings.engine import OPTIONS
    from vikings.engine.state import BID, SPECIAL
    from vikings.ui.table.match import Match

    def auction_hint(d):
        if d.match is not None:
            d.match.close()
        d.match = Match.new(LONG_SEATS, d.rules, seed=seed, start_player=1, storage=d.storage, options=OPTIONS)
        d.enter()
        d.settle()
        g = d.match.game
        assert g.phase == BID and d.match.persons_turn(), g.phase
        wait_for_hint(d, limit=60)
        sh.expect = [describe(o.action, d.match.game) for o in d.scene.hint.hint.options]

    sh.moment("fit-auction-hint", auction_hint, d)
    if last == "fit-auction-hint":
        return

    def autosave_off(d):
        import errno

        d.scene.hint.cancel()
        d.match.autosave_error = OSError(errno.ENOSPC, "No space left on device")
        d.match.autosave_news = "off"  # what a failed autosave leaves for the table to tell
        d.frames(3)
        if type(d.app.scenes.current).__name__ != "AutosaveOffPanel":
            raise RuntimeError("the table did not tell that the autosave is off")

    sh.moment("fit-autosave-off", autosave_off, d)

    def play_on(d):
        d.app.scenes.pop()
        d.match.autosave_error = None
        d.frames(2)

    play_on(d)
    if last == "fit-autosave-off":
        return

    def special(d):
        d.scene.hint.cancel()
        ok = d.fast_forward(before=lambda g: g.phase == SPECIAL and d.match.seats[g.to_move].is_person)
        if not ok:
            raise RuntimeError("no special tile offer for the person")
        d.settle()
        d.point(d.scene.panel.special_rows[0][0].center)

    sh.moment("fit-special-offer", special, d)
    if last == "fit-special-offer":
        return

    def scoring(d):
        d.fast_forward(after=lambda ev: any(e.type == "scoring" for e in ev), keep_from=lambda e: e.type == "scoring")
        d.until(lambda: type(d.scene).__name__ == "ScoringScene", "a scoring")
        d.frames(30)

    sh.moment("fit-scoring", scoring, d)
    if last == "fit-scoring":
        return

    sh.moment("fit-results", lambda d: d.to_results(), d)


def run_one(out: Path, size, scale: int, lang: str, seed: int, quick: bool, only=(), last=None) -> FitShooter:
    """One size, scale and language: every moment measured (the fit check's own with `quick`)."""
    from tools.pictures import screenshots

    director.LANGUAGE, director.UI_SCALE = lang, scale
    out.mkdir(parents=True, exist_ok=True)
    with FitProbe() as probe:
        FitShooter.probe, FitShooter.only = probe, tuple(only)
        if quick:
            sh = FitShooter(out, size, seed)
            with tempfile.TemporaryDirectory(prefix="vikings-fit-") as home:
                os.environ["VIKINGS_HOME"] = home
                d = Director(size, home, seed=seed, clock=StepClock())
                fit_moments(sh, d, seed, last)
                if d.match is not None:
                    d.match.close()
                d.app.shutdown()
        else:
            sh = screenshots.shoot(out, size, seed, shooter=FitShooter, extra=lambda sh, d: fit_moments(sh, d, seed))
    return sh


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(Path(tempfile.gettempdir()) / "vikings-fit"))
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    ap.add_argument("--scales", default=",".join(map(str, SCALES)), help="UI scales in %%, e.g. 100,150")
    ap.add_argument("--langs", default=",".join(LANGS), help="en, de, qpl (English 40 %% longer)")
    ap.add_argument("--quick", action="store_true", help="the fit check's own moments only")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--shots", action="store_true", help="write every moment's picture (failures outlined)")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a single combination, in this process
    args = ap.parse_args(argv)
    out = Path(args.out)
    sizes = [director.parse_size(s) for s in args.sizes.split(",")]
    scales = [int(s) for s in args.scales.split(",")]
    langs = args.langs.split(",")
    FitShooter.every_shot = args.shots
    if args.one:
        sh = run_one(out, sizes[0], scales[0], langs[0], args.seed, args.quick)
        report = {"found": [[tag, str(p)] for tag, p in sh.found], "failed": sh.failed, "moments": len(sh.written)}
        (out / "fit.json").write_text(json.dumps(report), encoding="utf-8")
        return 0
    t0 = time.perf_counter()
    rows, total, broken = [], 0, []
    for size in sizes:
        for scale in scales:
            for lang in langs:
                name = f"{size[0]}x{size[1]}-{scale}-{lang}"
                folder = out / name
                start = time.perf_counter()
                cmd = [sys.executable, __file__, str(folder), "--one", "--sizes", f"{size[0]}x{size[1]}"]
                cmd += ["--scales", str(scale), "--langs", lang, "--seed", str(args.seed)]
                cmd += ["--shots"] if args.shots else []
                rc = subprocess.call(cmd + (["--quick"] if args.quick else []), stdout=subprocess.DEVNULL)
                try:
                    report = json.loads((folder / "fit.json").read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    report = {"found": [], "failed": [f"the run ended with code {rc}"], "moments": 0}
                for tag, line in report["found"]:
                    print(f"{name} {tag}: {line}", flush=True)
                for line in report["failed"]:
                    print(f"{name} MOMENT FAILED {line}", flush=True)
                    broken.append(f"{name} {line}")
                n = len(report["found"])
                total += n
                rows.append(
                    f"{name:24} {n:5} failures in {report['moments']} moments, {time.perf_counter() - start:.0f} s"
                )
    print()
    for row in rows:
        print(row)
    if broken:
        print(f"{len(broken)} moments could not be reached (see above)")
    print(f"{time.perf_counter() - t0:.0f} s; shots of the failures in {out}")
    print(f"{total} failures")
    return 1 if total or broken else 0


if __name__ == "__main__":
    sys.exit(main())
