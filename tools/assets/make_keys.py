"""Write vikings/text/keys.py: every entry of the English catalogue (data/lang/en/) as the
game ships it, with the placeholders each one names and whether it is plural.

    python tools/assets/make_keys.py          (run it after adding or changing an English entry)

At start the game checks the English catalogue it finds against this list (lang.check_english),
so that a missing or reshaped entry is refused in one line instead of showing its key on
screen. tests/text/test_lang.py fails while the list and data/lang/en/ disagree.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from vikings.text.files import DataError  # noqa: E402
from vikings.text.lang import placeholders, read_catalogue  # noqa: E402

TARGET = ROOT / "vikings" / "text" / "keys.py"
HEAD = '''"""Every entry of the English catalogue as the game ships it: key -> the placeholders it
names (for plural entries, those of its 'other' form). Written by tools/assets/make_keys.py
from data/lang/en/; do not edit by hand (tests/text/test_lang.py checks it is current).

The English catalogue found at start must hold each of these, in the same form, naming no
other placeholders (lang.check_english), so that no screen shows a key instead of words.
"""

'''


def source(directory: Path | None = None) -> str:
    """The text of keys.py for the English catalogue in `directory` (default: data/lang)."""
    flat = read_catalogue("en", directory)
    lines = [HEAD, "KEYS: dict[str, tuple[str, ...]] = {\n"]
    for key in sorted(flat):
        entry = flat[key]
        text = entry["other"] if isinstance(entry, dict) else entry
        names = tuple(sorted(placeholders(text)))
        line = f"    {key!r}: {names!r},\n"
        if len(line) > 121:  # as ruff formats it: one name a line
            line = f"    {key!r}: (\n" + "".join(f"        {n!r},\n" for n in names) + "    ),\n"
        lines.append(line)
    lines.append("}\n\nPLURALS = frozenset(\n    {\n")
    lines.extend(f"        {key!r},\n" for key in sorted(k for k, v in flat.items() if isinstance(v, dict)))
    lines.append("    }\n)\n")
    return "".join(lines).replace("'", '"')


def main() -> int:
    try:
        text = source()
    except DataError as e:
        print(f"make_keys: {e}", file=sys.stderr)
        return 2
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
