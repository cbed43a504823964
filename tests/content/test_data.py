"""The game data in `data/`: the shipped files, data driving the engine, broken edits.

Broken data must stop the program with one `DataError` naming the file, the entry and the
problem (and, on the command line, one `vikings: ...` line with exit code 2).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vikings.content.data import DataError, data_dir, load_rules
from vikings.engine import GameConfig, new_game
from vikings.engine.components import LAND, SEA
from vikings.engine.display import Display
from vikings.engine.errors import VikingsError
from vikings.engine.scoring import final_scoring, large_scoring, small_scoring

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"


# Helpers ------------------------------------------------------------------------------------
def edit(directory: Path, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of `old` in `file` (fails loudly if the data changed shape)."""
    path = directory / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{file}: expected exactly one {old!r} to edit"
    path.write_text(text.replace(old, new), encoding="utf-8")


def apply_edits(directory: Path, edits) -> None:
    for e in edits:
        if e[1] is None:  # (file, None, None): delete the file
            (directory / e[0]).unlink()
        else:
            edit(directory, *e)


def load_error(directory: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_rules(directory)
    return info.value


@pytest.fixture(scope="module")
def rules():
    return load_rules(DATA)


# The shipped data ---------------------------------------------------------------------------
def test_shipped_data_loads(rules):
    assert rules.wheel_spaces == 12
    assert rules.ship_free_columns == 3
    assert rules.island_rows == 5
    assert rules.schedule == ("small", "large") * 3
    assert rules.rounds == 6
    assert len(rules.digest) == 16


def test_viking_counts_and_colour_order(rules):
    assert rules.total_vikings == 78
    assert [v.count for v in rules.vikings] == [13] * 6
    # The YAML order is the offer's colour order.
    assert [v.colour for v in rules.vikings] == ["blue", "yellow", "green", "red", "black", "grey"]
    assert [v.id for v in rules.vikings] == ["fisherman", "goldsmith", "scout", "noble", "warrior", "boatswain"]
    assert [v.index for v in rules.vikings] == list(range(6))
    # Mainland rows: 1 warriors, 2 nobles, 3 scouts, 4 goldsmiths, 5 fishermen; boatswain none.
    assert {v.id: v.row for v in rules.vikings} == {
        "warrior": 1,
        "noble": 2,
        "scout": 3,
        "goldsmith": 4,
        "fisherman": 5,
        "boatswain": None,
    }
    assert (rules.fisherman, rules.goldsmith, rules.scout, rules.noble, rules.warrior, rules.boatswain) == (
        0,
        1,
        2,
        3,
        4,
        5,
    )
    assert rules.row_viking[1:] == (rules.warrior, rules.noble, rules.scout, rules.goldsmith, rules.fisherman)


def test_tile_counts(rules):
    tiles = rules.tiles
    islands = [t for t in tiles if not t.is_ship]
    ships = [t for t in tiles if t.is_ship]
    assert sum(t.count for t in tiles) == 76
    assert sum(t.count for t in islands) == 62
    assert sum(t.count for t in ships) == 14
    start = tiles[rules.start_tile]
    assert start.start and start.count == 4
    assert [t.id for t in tiles if t.start] == [start.id]
    left_ends = [t for t in islands if (t.west, t.east) == (SEA, LAND)]
    middles = [t for t in islands if (t.west, t.east) == (LAND, LAND)]
    right_ends = [t for t in islands if (t.west, t.east) == (LAND, SEA)]
    assert len(left_ends) + len(middles) + len(right_ends) == len(islands)
    assert sum(t.count for t in left_ends) == 21  # the 4 start tiles among them
    assert start in left_ends
    assert sum(t.count for t in left_ends if not t.start) == 17
    assert {t.building: t.count for t in middles} == {"farm": 5, "church": 5, "village": 5, "stone_circle": 5}
    assert sum(t.count for t in right_ends) == 21
    # The 72 shuffled tiles fill 6 stacks of 12.
    assert sum(t.count for t in tiles if not t.start) == rules.rounds * rules.wheel_spaces == 72


def test_ships_match_the_reconstruction(rules):
    """RULINGS.md: sail -> reaches down to row, tiles, reward."""
    ships = {t.sail: (t.reach_row, t.count, t.reward_kind, t.reward_amount) for t in rules.tiles if t.is_ship}
    assert ships == {
        "red": (2, 3, "gold", 3),
        "green": (3, 4, "gold", 5),
        "yellow": (4, 4, "fame", 2),
        "blue": (5, 3, "fame", 3),
    }
    assert [t.count for t in rules.tiles if t.is_ship] == [3, 4, 4, 3]
    # Each sail reaches down to the row of the Viking of its colour.
    by_colour = {v.colour: v.row for v in rules.vikings}
    assert all(t.reach_row == by_colour[t.sail] for t in rules.tiles if t.is_ship)


def test_setup_and_scoring_numbers(rules):
    assert rules.setup == {2: (30, 10), 3: (25, 10), 4: (20, 10)}
    s = rules.scoring
    assert (s.goldsmith_gold, s.noble_fame, s.scout_fame, s.scout_bonus_fame) == (3, 2, 1, 1)
    assert (s.gold_per_fame, s.most_boatswains_fame, s.most_islands_fame, s.longest_island_fame) == (5, 10, 7, 5)
    assert (s.fisherman_feeds, s.overfeed_fame, s.underfeed_fame) == (5, 2, 1)


def test_symbols_are_unique_per_list(rules):
    for group in (
        [v.symbol for v in rules.vikings],
        [t.symbol for t in rules.tiles if not t.is_ship],
        [t.symbol for t in rules.tiles if t.is_ship],
    ):
        assert all(len(s) == 1 for s in group)
        assert len(set(group)) == len(group)
    ids = [t.id for t in rules.tiles]
    assert len(set(ids)) == len(ids)


def test_same_files_same_digest_and_an_edit_changes_it(rules, data_copy):
    assert load_rules(data_copy).digest == rules.digest
    edit(data_copy, "rules.yaml", "  2: {gold: 30, fame: 10}", "  2: {gold: 31, fame: 10}")
    assert load_rules(data_copy).digest != rules.digest


def test_vikings_data_env_var_chooses_the_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("VIKINGS_DATA", str(tmp_path))
    assert data_dir() == tmp_path
    monkeypatch.delenv("VIKINGS_DATA")
    assert data_dir().resolve() == DATA.resolve()


# Data drives the game -----------------------------------------------------------------------
def warrior_under_ship(rules, ship_id: str) -> Display:
    d = Display(rules, 10, 10)
    d.put(0, 1, rules.tile_by_id(ship_id).index)
    d.put(1, 1, rules.tile_by_id("left_end").index, True)  # a warrior repels the ship
    return d


SHIP_EDITS = [  # ship, old reward, new reward, expected (gold, fame) for the warrior
    ("red_sail", "{kind: gold, amount: 3}", "{kind: gold, amount: 4}", (4, 0)),
    ("green_sail", "{kind: gold, amount: 5}", "{kind: gold, amount: 8}", (8, 0)),
    ("yellow_sail", "{kind: fame, amount: 2}", "{kind: fame, amount: 6}", (0, 6)),
    ("blue_sail", "{kind: fame, amount: 3}", "{kind: gold, amount: 3}", (3, 0)),
]


@pytest.mark.parametrize("ship, old, new, expected", SHIP_EDITS, ids=[e[0] for e in SHIP_EDITS])
def test_ship_reward_comes_from_the_data(rules, data_copy, ship, old, new, expected):
    shipped = rules.tile_by_id(ship)
    before = large_scoring(warrior_under_ship(rules, ship), rules)
    assert [(x.gold, x.fame) for x in before.lines if x.what == "warrior"] == [
        (
            shipped.reward_amount if shipped.reward_kind == "gold" else 0,
            shipped.reward_amount if shipped.reward_kind == "fame" else 0,
        )
    ]

    edit(data_copy, "tiles.yaml", f"    reward: {old}", f"    reward: {new}")
    changed = load_rules(data_copy)
    score = large_scoring(warrior_under_ship(changed, ship), changed)
    warrior_lines = [x for x in score.lines if x.what == "warrior"]
    assert [(x.gold, x.fame, x.detail) for x in warrior_lines] == [(*expected, ship)]
    assert score.repelled == (1,)
    assert (score.gold, score.fame) == (10 + expected[0], 10 + expected[1])


def test_unrepelled_ship_cost_comes_from_the_data(data_copy):
    edit(data_copy, "tiles.yaml", "{kind: gold, amount: 3}", "{kind: gold, amount: 7}")
    rules = load_rules(data_copy)
    d = Display(rules, 20, 10)
    d.put(0, 1, rules.tile_by_id("red_sail").index)
    ship_line = [x for x in final_scoring([d], rules)[0].lines if x.what == "ship"]
    assert [(x.gold, x.fame) for x in ship_line] == [(-7, 0)]


def test_ship_reach_comes_from_the_data(rules, data_copy):
    def scout_under_red_ship(r):
        d = Display(r, 0, 0)
        d.put(0, 1, r.tile_by_id("red_sail").index)
        d.put(3, 1, r.tile_by_id("start").index, True)  # a scout, no warrior above
        return large_scoring(d, r)

    assert scout_under_red_ship(rules).threatened == ()  # red reaches the nobles' row only
    edit(data_copy, "tiles.yaml", "    reach_row: 2", "    reach_row: 3")
    assert scout_under_red_ship(load_rules(data_copy)).threatened == ((3, 1),)


def test_scoring_numbers_come_from_the_data(data_copy):
    edit(data_copy, "rules.yaml", "  goldsmith_gold: 3", "  goldsmith_gold: 4")
    rules = load_rules(data_copy)
    d = Display(rules, 0, 0)
    d.put(4, 1, rules.tile_by_id("start").index, True)
    assert small_scoring(d, rules).gold == 4


def test_setup_gold_comes_from_the_data(rules, data_copy):
    assert new_game(GameConfig(("a", "b"), seed=1), rules).displays[0].gold == 30
    edit(data_copy, "rules.yaml", "  2: {gold: 30, fame: 10}", "  2: {gold: 37, fame: 12}")
    changed = load_rules(data_copy)
    game = new_game(GameConfig(("a", "b"), seed=1), changed)
    assert [(d.gold, d.fame) for d in game.displays] == [(37, 12), (37, 12)]
    # Other player counts keep their numbers.
    assert new_game(GameConfig(("a", "b", "c"), seed=1), changed).displays[0].gold == 25


# Broken data --------------------------------------------------------------------------------
# id, edits [(file, old, new) or (file, None, None) = delete], file, entry, problem substrings
BROKEN = [
    ("missing-file", [("tiles.yaml", None, None)], "tiles.yaml", "file", ["cannot be read"]),
    (
        "missing-field",
        [("vikings.yaml", "    name: Goldsmith\n", "")],
        "vikings.yaml",
        "vikings[1] (goldsmith)",
        ["missing field 'name'"],
    ),
    (
        "missing-ship-field",
        [("tiles.yaml", "    sail: green\n", "")],
        "tiles.yaml",
        "ships[1] (green_sail)",
        ["missing field 'sail'"],
    ),
    (
        "missing-top-level",
        [("rules.yaml", "wheel_spaces: 12 ", "wheel_spokes: 12 ")],
        "rules.yaml",
        "wheel_spaces",
        ["missing field 'wheel_spaces'"],
    ),
    (
        "wrong-type-count",
        [
            (
                "tiles.yaml",
                "    reward: {kind: gold, amount: 5}\n    count: 4",
                '    reward: {kind: gold, amount: 5}\n    count: "three"',
            )
        ],
        "tiles.yaml",
        "ships[1] (green_sail)",
        ["'count' must be a whole number", 'the text "three"'],
    ),
    (
        "wrong-type-list",
        [("tiles.yaml", "ships:\n", "ships: 4\nold_ships:\n")],
        "tiles.yaml",
        "ships",
        ["'ships' must be a list"],
    ),
    (
        "entry-not-mapping",
        [("vikings.yaml", "vikings:\n", "vikings:\n  - fisherman\n")],
        "vikings.yaml",
        "vikings[0]",
        ["expected a mapping"],
    ),
    (
        "negative-count",
        [("vikings.yaml", "    row: 2\n    count: 13", "    row: 2\n    count: -1")],
        "vikings.yaml",
        "vikings[3] (noble)",
        ["'count' must be 1-50, got -1"],
    ),
    (
        "negative-reward",
        [("tiles.yaml", "{kind: fame, amount: 3}", "{kind: fame, amount: -3}")],
        "tiles.yaml",
        "ships[3] (blue_sail) reward",
        ["'amount' must be 0-20, got -3"],
    ),
    (
        "tile-count-total",
        [("tiles.yaml", "    building: farm\n    count: 5", "    building: farm\n    count: 6")],
        "tiles.yaml",
        "counts (tiles)",
        ["add up to 77", "rules.yaml totals.tiles says 76"],
    ),
    (
        "viking-count-total",
        [("vikings.yaml", "    row: 1\n    count: 13", "    row: 1\n    count: 12")],
        "vikings.yaml",
        "counts (vikings)",
        ["add up to 77", "rules.yaml totals.vikings says 78"],
    ),
    (
        "start-tile-total",
        [
            ("tiles.yaml", "    count: 4\n    start: true", "    count: 5\n    start: true"),
            ("tiles.yaml", "    count: 17", "    count: 16"),
        ],
        "tiles.yaml",
        "counts (start_tiles)",
        ["add up to 5", "totals.start_tiles says 4"],
    ),
    (
        "stacks-do-not-fill",
        [
            ("tiles.yaml", "    count: 21\n    symbol: R", "    count: 22\n    symbol: R"),
            ("rules.yaml", "  tiles: 76", "  tiles: 77"),
        ],
        "tiles.yaml",
        "counts",
        ["73 tiles besides the start tiles", "6 rounds of 12 need exactly 72"],
    ),
    (
        "too-few-start-tiles",
        [
            ("tiles.yaml", "    count: 4\n    start: true", "    count: 3\n    start: true"),
            ("rules.yaml", "  tiles: 76", "  tiles: 75"),
            ("rules.yaml", "  start_tiles: 4", "  start_tiles: 3"),
        ],
        "tiles.yaml",
        "counts (start_tiles)",
        ["3 start tiles for up to 4 players"],
    ),
    (
        "unknown-viking",
        [("vikings.yaml", "  - id: scout", "  - id: ranger")],
        "vikings.yaml",
        "vikings[2] (ranger)",
        ["unknown kind", "scout"],
    ),
    (
        "duplicate-viking",
        [("vikings.yaml", "  - id: goldsmith", "  - id: fisherman")],
        "vikings.yaml",
        "vikings[1] (fisherman)",
        ["listed twice", "vikings[0]"],
    ),
    (
        "boatswain-row",
        [("vikings.yaml", "    row: null", "    row: 6")],
        "vikings.yaml",
        "vikings[5] (boatswain)",
        ["boatswain alone has no row"],
    ),
    (
        "warrior-no-row",
        [("vikings.yaml", "    row: 1\n", "    row: null\n")],
        "vikings.yaml",
        "vikings[4] (warrior)",
        ["every other kind needs one"],
    ),
    (
        "rows-not-one-each",
        [("vikings.yaml", "    row: 1\n", "    row: 2\n")],
        "vikings.yaml",
        "vikings",
        ["rows must be 1-5, one kind each"],
    ),
    (
        "unknown-edge",
        [("tiles.yaml", "    west: land\n    east: sea", "    west: land\n    east: coast")],
        "tiles.yaml",
        "islands[6] (right_end)",
        ["'east' must be one of sea, land", '"coast"'],
    ),
    (
        "start-tile-west-land",
        [("tiles.yaml", "    west: sea\n    east: land\n    count: 4", "    west: land\n    east: land\n    count: 4")],
        "tiles.yaml",
        "islands[0] (start)",
        ["west edge must be sea"],
    ),
    (
        "reach-row-too-deep",
        [("tiles.yaml", "    reach_row: 5", "    reach_row: 6")],
        "tiles.yaml",
        "ships[3] (blue_sail)",
        ["'reach_row' must be 1-5, got 6"],
    ),
    (
        "reach-row-zero",
        [("tiles.yaml", "    reach_row: 2", "    reach_row: 0")],
        "tiles.yaml",
        "ships[0] (red_sail)",
        ["'reach_row' must be 1-5, got 0"],
    ),
    (
        "reward-kind",
        [("tiles.yaml", "{kind: fame, amount: 2}", "{kind: silver, amount: 2}")],
        "tiles.yaml",
        "ships[2] (yellow_sail) reward",
        ["'kind' must be one of gold, fame", '"silver"'],
    ),
    (
        "reward-not-mapping",
        [("tiles.yaml", "{kind: gold, amount: 5}", "5")],
        "tiles.yaml",
        "ships[1] (green_sail)",
        ["'reward' must be a mapping"],
    ),
    (
        "schedule-bad-entry",
        [
            (
                "rules.yaml",
                "schedule: [small, large, small, large, small, large]",
                "schedule: [small, large, medium, large, small, large]",
            )
        ],
        "rules.yaml",
        "schedule[2]",
        ["small or large", 'the text "medium"'],
    ),
    (
        "schedule-ends-small",
        [
            (
                "rules.yaml",
                "schedule: [small, large, small, large, small, large]",
                "schedule: [small, large, small, large, large, small]",
            )
        ],
        "rules.yaml",
        "schedule",
        ["last round must end with a large scoring"],
    ),
    (
        "schedule-empty",
        [("rules.yaml", "schedule: [small, large, small, large, small, large]", "schedule: []")],
        "rules.yaml",
        "schedule",
        ["last round must end with a large scoring"],
    ),
    (
        "unknown-scoring-field",
        [("rules.yaml", "  noble_fame: 2 ", "  noble_fame: 2\n  knight_fame: 4 ")],
        "rules.yaml",
        "scoring.knight_fame",
        ["unknown field"],
    ),
    (
        "missing-scoring-field",
        [("rules.yaml", "  overfeed_fame: 2 ", "  #overfeed_fame: 2 ")],
        "rules.yaml",
        "scoring.overfeed_fame",
        ["missing field 'overfeed_fame'"],
    ),
    (
        "gold-per-fame-zero",
        [("rules.yaml", "  gold_per_fame: 5", "  gold_per_fame: 0")],
        "rules.yaml",
        "scoring.gold_per_fame",
        ["'gold_per_fame' must be 1-50"],
    ),
    (
        "duplicate-island-symbol",
        [("tiles.yaml", "    symbol: C", "    symbol: F")],
        "tiles.yaml",
        "islands (farm)",
        ['symbol "F" is used twice'],
    ),
    (
        "duplicate-viking-symbol",
        [("vikings.yaml", "    symbol: s", "    symbol: g")],
        "vikings.yaml",
        "vikings (goldsmith)",
        ['symbol "g" is used twice'],
    ),
    (
        "long-symbol",
        [("tiles.yaml", "    symbol: r", "    symbol: rr")],
        "tiles.yaml",
        "ships (red_sail)",
        ["'symbol' must be one letter"],
    ),
    (
        "reserved-symbol",
        [("tiles.yaml", "    symbol: r", "    symbol: '*'")],
        "tiles.yaml",
        "ships (red_sail)",
        ["'symbol' must be one letter", "notation reserves"],
    ),
    (
        "duplicate-tile-id",
        [("tiles.yaml", "  - id: church", "  - id: farm")],
        "tiles.yaml",
        "farm",
        ["tile id is used twice"],
    ),
    (
        "two-start-kinds",
        [("tiles.yaml", "    count: 17\n", "    count: 17\n    start: true\n")],
        "tiles.yaml",
        "islands",
        ["exactly one island kind must be the start tile"],
    ),
    (
        "no-start-kind",
        [("tiles.yaml", "    start: true\n", "")],
        "tiles.yaml",
        "islands",
        ["exactly one island kind must be the start tile"],
    ),
    (
        "start-not-bool",
        [("tiles.yaml", "    start: true", "    start: yes please")],
        "tiles.yaml",
        "islands[0] (start)",
        ["'start' must be true or false"],
    ),
    (
        "no-ships",
        [("tiles.yaml", "ships:\n", "ships: []\nold_ships:\n")],
        "tiles.yaml",
        "ships",
        ["at least one ship kind"],
    ),
    (
        "setup-player-count",
        [("rules.yaml", "  2: {gold: 30, fame: 10}", "  1: {gold: 30, fame: 10}")],
        "rules.yaml",
        "setup.1",
        ["player counts must be whole numbers 2-8"],
    ),
    (
        "setup-negative-gold",
        [("rules.yaml", "  3: {gold: 25, fame: 10}", "  3: {gold: -25, fame: 10}")],
        "rules.yaml",
        "setup.3",
        ["'gold' must be 0-200, got -25"],
    ),
    (
        "setup-empty",
        [("rules.yaml", "  2: {gold: 30, fame: 10}\n  3: {gold: 25, fame: 10}\n  4: {gold: 20, fame: 10}\n", "  {}\n")],
        "rules.yaml",
        "setup",
        ["at least one player count"],
    ),
    (
        "island-rows-too-few",
        [("rules.yaml", "island_rows: 5", "island_rows: 4"), ("tiles.yaml", "    reach_row: 5", "    reach_row: 4")],
        "rules.yaml",
        "island_rows",
        ["4 rows cannot hold every Viking kind's row"],
    ),
    (
        "wheel-spaces-type",
        [("rules.yaml", "wheel_spaces: 12", "wheel_spaces: 12.5")],
        "rules.yaml",
        "wheel_spaces",
        ["must be a whole number", "12.5"],
    ),
]


@pytest.mark.parametrize("edits, file, entry, problems", [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_broken_data_is_reported(data_copy, edits, file, entry, problems):
    apply_edits(data_copy, edits)
    err = load_error(data_copy)
    assert isinstance(err, VikingsError)
    assert err.file == file
    assert err.entry == entry
    for p in problems:
        assert p in err.problem
        assert p in str(err)
    assert str(err) == f"{err.file}: {err.entry}: {err.problem}"
    assert "\n" not in str(err)


# id, file, old, new: each edit breaks the YAML syntax on the first line of `new`
BAD_YAML = [
    ("mapping-in-value", "vikings.yaml", "    name: Scout\n", "    name: Scout: Ranger\n"),
    ("tab-indent", "tiles.yaml", "    building: church\n", "\tbuilding: church\n"),
    ("bad-flow", "rules.yaml", "  3: {gold: 25, fame: 10}\n", "  3: {gold: 25, fame: 10\n  4x: 1\n"),
]


@pytest.mark.parametrize("file, old, new", [c[1:] for c in BAD_YAML], ids=[c[0] for c in BAD_YAML])
def test_invalid_yaml_names_the_line(data_copy, file, old, new):
    edit(data_copy, file, old, new)
    lines = (data_copy / file).read_text(encoding="utf-8").splitlines()
    broken_line = lines.index(new.splitlines()[0]) + 1
    err = load_error(data_copy)
    assert err.file == file
    assert err.entry.startswith("line ")
    # The parser may only notice the problem a line or so later, never earlier.
    assert broken_line <= int(err.entry.split()[1]) <= broken_line + 1
    assert "not valid YAML" in err.problem
    assert str(err).startswith(f"{file}: line ")


def test_invalid_yaml_exact_line(data_copy):
    edit(data_copy, "vikings.yaml", "    name: Scout\n", "    name: Scout: Ranger\n")
    err = load_error(data_copy)
    assert (err.file, err.entry) == ("vikings.yaml", "line 18")
    assert str(err) == "vikings.yaml: line 18: is not valid YAML (mapping values are not allowed in this context)"


@pytest.mark.parametrize(
    "text", ["", "# only a comment\n", "- a\n- list\n", "just text\n"], ids=["empty", "comment", "list", "scalar"]
)
def test_top_level_must_be_a_mapping(data_copy, text):
    (data_copy / "rules.yaml").write_text(text, encoding="utf-8")
    err = load_error(data_copy)
    assert (err.file, err.entry) == ("rules.yaml", "file")
    assert "must be a mapping at the top level" in err.problem


def test_missing_file_message(data_copy):
    (data_copy / "vikings.yaml").unlink()
    err = load_error(data_copy)
    assert str(err).startswith("vikings.yaml: file: cannot be read (")


def test_missing_directory(tmp_path):
    err = load_error(tmp_path / "nowhere")
    assert (err.file, err.entry) == ("vikings.yaml", "file")


# The command line ---------------------------------------------------------------------------
def run_cli(data: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m vikings ...` in a fresh process (default_rules() is cached per process)."""
    env = dict(os.environ, VIKINGS_DATA=str(data))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "vikings", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_cli_runs_with_a_good_copy(data_copy):
    done = run_cli(data_copy, "simulate", "--games", "1", "--players", "2")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


CLI_BROKEN = [  # id, edits, file named, further text expected in the line
    ("yaml-syntax", [("vikings.yaml", "    name: Scout\n", "    name: Scout: Ranger\n")], "vikings.yaml", "line 18"),
    ("missing-file", [("tiles.yaml", None, None)], "tiles.yaml", "cannot be read"),
    (
        "totals",
        [("tiles.yaml", "    building: farm\n    count: 5", "    building: farm\n    count: 6")],
        "tiles.yaml",
        "totals.tiles says 76",
    ),
    (
        "reward-kind",
        [("tiles.yaml", "{kind: fame, amount: 2}", "{kind: silver, amount: 2}")],
        "tiles.yaml",
        "yellow_sail",
    ),
    (
        "setup-empty",
        [("rules.yaml", "  2: {gold: 30, fame: 10}\n  3: {gold: 25, fame: 10}\n  4: {gold: 20, fame: 10}\n", "  {}\n")],
        "rules.yaml",
        "setup",
    ),
]


@pytest.mark.parametrize("edits, file, text", [c[1:] for c in CLI_BROKEN], ids=[c[0] for c in CLI_BROKEN])
def test_cli_reports_broken_data_in_one_line(data_copy, edits, file, text):
    apply_edits(data_copy, edits)
    done = run_cli(data_copy, "simulate", "--games", "1")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"vikings: {file}: ")
    assert text in lines[0]
    assert done.stdout == ""
