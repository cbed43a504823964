"""Screens measured as drawn (tools/pictures/fit_probe.py) where the fit check found text cut,
at the small window and the large UI scale, in German: every text whole, inside its panel,
over no other. The screens are reached the way a player reaches them."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from ui_helpers import button, click, make_app, run  # noqa: I001 (dummy drivers first)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.pictures.fit_probe import FitProbe, least_px, problems  # noqa: E402
from vikings.saves.settings import Settings  # noqa: E402
from vikings.ui.scenes.setup import SetupScene  # noqa: E402


@contextmanager
def measured_app(home, language="de", scale=150, size=(1280, 720)):
    """An App whose fonts record what they draw; yields (app, measure), measure() giving
    the fit rule's failures in the window as it is now."""
    with FitProbe() as probe:
        app = make_app(home, size=size, settings=Settings(ui_scale=scale, language=language))
        try:

            def measure(kinds=("cut", "outside", "overlap", "small")):
                run(app, 2)
                found = problems(probe.measure(app), least_px(app))
                return [f"{p}" for p in found if p.kind in kinds]

            yield app, measure
        finally:
            app.shutdown()


def test_setup_heading_and_autosave_warning_whole_in_german_at_150(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    with measured_app(home) as (app, measure):
        app.storage.autosave_path.parent.mkdir(parents=True, exist_ok=True)
        app.storage.autosave_path.write_text("{}", encoding="utf-8")  # a game in progress: the warning shows
        click(app, button(app, "Neues Spiel"))
        s = app.scenes.current
        assert isinstance(s, SetupScene) and s.replaces_autosave
        assert measure() == []
