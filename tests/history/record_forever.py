"""The child of test_history_db_kill.py: records finished games into a history, one after
another, until it is killed; prints "game ID" once each record call has returned.

    python record_forever.py HISTORY_FILE TABLES_JSON
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from vikings.content.data import default_rules
from vikings.history import History, Refused, profiles
from vikings.history.games import record_game


def main() -> None:
    path, tables = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    history = History.open(path, default_rules())
    print("open", history.notice.reason if history.notice else "ok", flush=True)
    try:
        astrid = profiles.create(history, "Astrid", "purple")
    except Refused:
        (astrid,) = profiles.list_profiles(history)
    i = 0
    while True:
        text, people = tables[i % len(tables)]
        ident = record_game(history, text, [astrid.id if p else None for p in people], seconds=i)
        print("game", ident, flush=True)
        i += 1


if __name__ == "__main__":
    main()
