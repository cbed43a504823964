import random

import pytest

from vikings.content import default_rules


@pytest.fixture(scope="session")
def rules():
    return default_rules()


@pytest.fixture
def chooser():
    return random.Random(1234)
