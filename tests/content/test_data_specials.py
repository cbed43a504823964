"""data/special_tiles.yaml: the shipped tiles, and broken edits reported as one DataError."""

from __future__ import annotations

from pathlib import Path

import pytest

from vikings.content.data import DataError, load_rules

FILE = "special_tiles.yaml"


def edit(directory: Path, old: str, new: str) -> None:
    path = directory / FILE
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"expected exactly one {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_25_special_tiles(rules):
    counts = {k.id: k.count for k in rules.specials}
    assert sum(counts.values()) == 25 == len(rules.special_deck)
    by_effect = {}
    for k in rules.specials:
        by_effect.setdefault(k.effect, []).append((k.count, k.amount, k.viking, k.building))
    n, s, f = (rules.viking_by_id(v).index for v in ("noble", "scout", "fisherman"))
    assert by_effect == {
        "gold": [(1, 5, -1, None)],
        "goldsmith": [(2, 1, -1, None), (1, 2, -1, None)],
        "boat": [(6, 0, -1, None)],
        "viking_fame": [(3, 1, n, None), (1, 1, s, None), (1, 1, f, None)],
        "boatswain": [(4, 1, -1, None)],
        "feeding": [(1, 3, -1, None)],
        "gold_rate": [(1, 3, -1, None)],
        "building": [(1, 1, -1, b) for b in ("farm", "church", "village", "stone_circle")],
    }
    assert all(k.description and k.name for k in rules.specials)
    # One building tile per building of the middle tiles.
    middles = {t.building for t in rules.tiles if t.building}
    assert {k.building for k in rules.specials if k.building} == middles


def test_the_standard_digest_ignores_the_special_tiles(rules, data_copy):
    edit(data_copy, "    amount: 5\n", "    amount: 6\n")
    changed = load_rules(data_copy)
    assert changed.digest == rules.digest, "standard saves stay valid"
    assert changed.specials_digest != rules.specials_digest
    assert changed.specials[0].amount == 6


BROKEN = [  # id, old, new, entry, problem text
    ("unknown-effect", "    effect: feeding", "    effect: banquet", "specials[8] (feast)", "'effect' must be one of"),
    (
        "wrong-when",
        "    when: at_once",
        "    when: final",
        "specials[0] (purse)",
        "a 'gold' tile acts 'at_once', not 'final'",
    ),
    ("unknown-when", "    when: at_once", "    when: sometimes", "specials[0] (purse)", "'when' must be one of"),
    (
        "missing-amount",
        "    effect: gold\n    amount: 5\n",
        "    effect: gold\n",
        "specials[0] (purse)",
        "missing field 'amount'",
    ),
    (
        "zero-count",
        "  - id: purse\n    name: Purse\n    count: 1",
        "  - id: purse\n    name: Purse\n    count: 0",
        "specials[0] (purse)",
        "'count' must be 1-50",
    ),
    ("unknown-viking", "    viking: scout", "    viking: druid", "specials[5] (scout_fame)", "'viking' must be one of"),
    (
        "boatswain-has-no-row",
        "    viking: scout",
        "    viking: boatswain",
        "specials[5] (scout_fame)",
        "'viking' must be one of",
    ),
    (
        "unknown-building",
        "    building: church",
        "    building: castle",
        "specials[11] (great_church)",
        "'building' must be one of",
    ),
    (
        "building-twice",
        "    building: church",
        "    building: farm",
        "specials[11] (great_church)",
        "building 'farm' already has a special tile (great_farm)",
    ),
    ("duplicate-id", "  - id: feast", "  - id: purse", "specials[8] (purse)", "id listed twice (also specials[0])"),
    ("duplicate-symbol", "    symbol: E", "    symbol: P", "specials (purse)", 'symbol "P" is used twice'),
    (
        "no-description",
        "    description: Take 5 Gold straight away; the tile is then discarded.\n",
        "",
        "specials[0] (purse)",
        "missing field 'description'",
    ),
    ("not-a-list", "specials:\n", "specials: 3\nold:\n", "specials", "'specials' must be a list"),
]


@pytest.mark.parametrize("old, new, entry, problem", [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_broken_special_tiles_are_reported(data_copy, old, new, entry, problem):
    edit(data_copy, old, new)
    with pytest.raises(DataError) as info:
        load_rules(data_copy)
    err = info.value
    assert (err.file, err.entry) == (FILE, entry)
    assert problem in err.problem
    assert str(err) == f"{FILE}: {entry}: {err.problem}" and "\n" not in str(err)


def test_missing_special_tiles_file(data_copy):
    (data_copy / FILE).unlink()
    with pytest.raises(DataError) as info:
        load_rules(data_copy)
    assert str(info.value).startswith(f"{FILE}: file: cannot be read (")
