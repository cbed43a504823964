import os
import random
import shutil
from pathlib import Path

import pytest

from vikings.content.data import FILES, default_rules
from vikings.text import lang

# The tests speak English whatever the machine's locale (tests of other languages choose
# theirs), and a text key missing from the catalogues fails the test that shows it.
os.environ["LANGUAGE"] = "en"
lang.strict(True)

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="session")
def rules():
    return default_rules()


@pytest.fixture(autouse=True)
def _english():
    yield
    if lang.language() != "en":
        lang.set_language("en")


@pytest.fixture
def chooser():
    return random.Random(1234)


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A private copy of the shipped data directory to edit."""
    d = tmp_path / "data"
    d.mkdir()
    for name in FILES:
        shutil.copy(DATA / name, d / name)
    return d


def pytest_configure(config):
    config.addinivalue_line("markers", "app_settings(**fields): the Settings the `app` fixture's App starts with")


@pytest.fixture
def app(request, tmp_path):
    """The real App at 1280x720, its files in a temporary home. A test or module marked
    `pytest.mark.app_settings(animation="instant", ...)` gets an App with those Settings."""
    from ui_helpers import make_app  # (sets SDL's dummy drivers before pygame starts)

    from vikings.saves.settings import Settings

    marked = request.node.get_closest_marker("app_settings")
    a = make_app(tmp_path / "home", settings=Settings(**marked.kwargs) if marked else None)
    yield a
    a.shutdown()
