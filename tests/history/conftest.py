import pytest
from journey_helpers import RULES

from vikings.history import History


@pytest.fixture
def history(tmp_path):
    h = History.open(tmp_path / "history.sqlite3", RULES)
    assert h.notice is None
    yield h
    h.close()
