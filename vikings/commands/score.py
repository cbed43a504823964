"""`vikings score FILE`: score displays written in the display notation.

FILE holds one display per line (docs/notation.md); blank lines and `#` comments are
skipped. For each display the command prints its small, large and final scoring as
JSON. Each scoring is worked out from the display exactly as written, independently of
the others (the final scoring does not first apply the large one). The final scoring
compares all displays in the file, because its majorities are between players.
"""

from __future__ import annotations

import json
import sys

from vikings.content.data import default_rules
from vikings.engine.errors import VikingsError
from vikings.engine.notation import format_display, parse_displays
from vikings.engine.scoring import final_scoring, large_scoring, small_scoring


def score_main(path: str) -> int:
    """Print the scorings of the displays in `path`; 0 on success, 2 on any error (one
    line on stderr)."""
    try:
        rules = default_rules()
        text = _read(path)
        displays = parse_displays(text, rules)
        if not displays:
            raise VikingsError("no display found (one display per line; '#' starts a comment)")
    except VikingsError as e:
        print(f"vikings score: {path}: {e}", file=sys.stderr)
        return 2
    print(json.dumps(score_report(displays, rules), indent=2))
    return 0


def score_report(displays, rules) -> dict:
    """The JSON document: per display its notation and its three scorings."""
    finals = final_scoring(displays, rules)
    return {
        "displays": [
            {
                "player": p,
                "notation": format_display(d, rules),
                "small": small_scoring(d, rules, p).to_json(),
                "large": large_scoring(d, rules, p).to_json(),
                "final": finals[p].to_json(),
            }
            for p, d in enumerate(displays)
        ]
    }


def _read(path: str) -> str:
    """The file's text; a read failure becomes a VikingsError with a short reason."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise VikingsError(f"cannot read the file ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise VikingsError("cannot read the file (not UTF-8 text)") from None
