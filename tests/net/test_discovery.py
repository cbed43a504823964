"""Tables on the local network: an announced table is heard by a browser with how to
reach it and whether one can play there, follows its free seats, and goes when closed.
Skipped where multicast DNS cannot start (no network interface for it)."""

from __future__ import annotations

import pytest
from net_helpers import wait

from vikings.net.discovery import Announcement, Browser


def test_an_announced_table_is_listed_updated_and_removed():
    try:
        browser = Browser()
    except OSError as e:
        pytest.skip(str(e))
    announcement = Announcement("Astrid's table", 45678, free=2)
    try:
        assert wait(lambda: any(t.port == 45678 for t in browser.tables()), 10)
        (table,) = [t for t in browser.tables() if t.port == 45678]
        assert table.name == "Astrid's table" and table.free == 2 and table.compatible
        announcement.update(free=1)
        assert wait(lambda: [t.free for t in browser.tables() if t.port == 45678] == [1], 10)
    finally:
        announcement.close()
    try:
        assert wait(lambda: not any(t.port == 45678 for t in browser.tables()), 10)
    finally:
        browser.close()
