"""The display notation (round trips, errors) and the rulebook's scoring examples built
from it, plus the `vikings score` command."""

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import make_game, tile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vikings.commands.score import score_main
from vikings.engine import Display, GameConfig, NotationError, new_game
from vikings.engine.notation import format_display, format_game, parse_display, parse_displays
from vikings.engine.scoring import final_scoring, large_scoring, small_scoring

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"

BROWN = "r/S*/L*R*/L*F*R/L*FR*/L* - 4 12"


def parse(text, rules):
    return parse_display(text, rules)


def lines_of(score, what):
    return [line for line in score.lines if line.what == what]


# Round trips ----------------------------------------------------------------------------------
def test_new_display_before_the_first_purchase(rules):
    d = Display(rules, 30, 10)
    assert format_display(d, rules) == "///// - 30 10 start"
    assert parse("///// - 30 10 start", rules) == d


@pytest.mark.parametrize(
    "text",
    [
        BROWN,
        "///// - 0 0 start",
        "/L//// - 3 0 start",  # first tile placed, start tile still to come
        "r///// - 3 0 start",
        "rgyb/S//// - 0 0",
        "..g/S//// - 0 0",
        "r.g/L*R/S*/L*F*R/L/ 2fb 12 17",
        "/S.L/LFR/// - 0 0",
        "/S//// 13b 0 0",
        "/S//// fgsnwb 123 4567",
        "/S/LCVOFR*/// - 0 0",
    ],
)
def test_canonical_lines_round_trip(rules, text):
    d = parse(text, rules)
    assert format_display(d, rules) == text
    assert parse(format_display(d, rules), rules) == d


def test_cells_and_pool_are_read_as_written(rules):
    d = parse("r.g/L*R/S*/L*F*R/L/ 2fb 12 17", rules)
    assert d.tile_at(0, 1) == tile(rules, "red_sail")
    assert d.tile_at(0, 2) == -1 and d.tile_at(0, 3) == tile(rules, "green_sail")
    assert d.tile_at(1, 1) == tile(rules, "left_end") and d.occupied(1, 1)
    assert d.tile_at(1, 2) == tile(rules, "right_end") and not d.occupied(1, 2)
    assert d.tile_at(2, 1) == rules.start_tile
    assert d.rows[5] == []
    assert d.pool[rules.fisherman] == 2 and d.pool[rules.boatswain] == 1 and sum(d.pool) == 3
    assert (d.gold, d.fame, d.start_tile) == (12, 17, -1)


@pytest.mark.parametrize(
    "loose, canonical",
    [
        ("/SFFR/L2R/L..R// - 0 0", "/SFFR/L..R/L..R// - 0 0"),  # a number for empty cells
        ("r1g/S...//// - 0 0", "r.g/S//// - 0 0"),  # trailing empties dropped
        ("/S//// bfbsfb 0 0", "/S//// 2fs3b 0 0"),  # pool in any order, repeated
        ("/S//// 1f1f 0 0", "/S//// 2f 0 0"),
        ("  /S////   -\t5  6  ", "/S//// - 5 6"),  # any whitespace between fields
    ],
)
def test_other_spellings_read_to_the_canonical_form(rules, loose, canonical):
    assert format_display(parse(loose, rules), rules) == canonical


def test_digit_runs_can_be_long(rules):
    wide = parse("/SFFFFFCCCCCR/L10R*/// - 0 0", rules)  # R* in row 2 hangs below row 1's R
    assert wide.tile_at(2, 12) == tile(rules, "right_end") and wide.occupied(2, 12)
    assert format_display(wide, rules).split("/")[2] == "L" + "." * 10 + "R*"


def _play_and_check(seed, players, rules, every=1):
    """Play a random game; at every `every`-th step check each display's round trip, in
    canonical and in loose spelling."""
    game = new_game(GameConfig(tuple("abcd"[:players]), seed=seed), rules)
    chooser = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or game.is_over:
            for d in game.displays:
                text = format_display(d, rules)
                back = parse(text, rules)
                assert back == d, text
                assert format_display(back, rules) == text
                assert parse(_loosen(text), rules) == d
            assert parse_displays(format_game(game, names=True), rules) == game.displays
        if game.is_over:
            return game
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
        step += 1


def _loosen(text):
    """The same display spelled differently: inner dot runs as numbers, pool spelled out
    in reverse order, two spaces between fields."""
    fields = text.split(" ")
    fields[0] = re.sub(r"\.+(?=[^./])", lambda m: str(len(m.group())), fields[0])
    if fields[1] != "-":
        items = re.findall(r"(\d*)(.)", fields[1])
        fields[1] = "".join(sym * int(n or 1) for n, sym in reversed(items))
    return "  ".join(fields)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_every_display_of_random_games_round_trips(rules, seed, players):
    game = _play_and_check(seed, players, rules)
    assert game.is_over


def test_format_game_one_line_per_player(rules):
    game = _play_and_check(3, 3, rules, every=50)
    text = format_game(game)
    assert len(text.splitlines()) == 3
    assert "#" not in text
    named = format_game(game, names=True).splitlines()
    assert [line.rsplit("# ", 1)[1] for line in named] == ["a", "b", "c"]
    assert parse_displays(text, rules) == game.displays


def test_parse_displays_skips_blank_lines_and_comments(rules):
    text = "# a comment\n\n" + BROWN + "   # Ada\n  \n///// - 30 10 start\n"
    ds = parse_displays(text, rules)
    assert [format_display(d, rules) for d in ds] == [BROWN, "///// - 30 10 start"]
    assert parse_displays("# nothing\n\n", rules) == []


def test_symbols_come_from_the_rules(rules):
    """Give left and right ends the symbols of the red and green ships: row 0 still reads
    them as ships and the island rows as islands."""
    relabel = {"left_end": "r", "right_end": "g", "farm": "x"}
    tiles = tuple(replace(t, symbol=relabel.get(t.id, t.symbol)) for t in rules.tiles)
    other = replace(rules, tiles=tiles)
    d = parse_display("rg/S*xg/r*g*/// - 0 0", other)
    assert d.tile_at(0, 1) == tile(rules, "red_sail") and d.tile_at(0, 2) == tile(rules, "green_sail")
    assert d.tile_at(1, 2) == tile(rules, "farm") and d.tile_at(1, 3) == tile(rules, "right_end")
    assert d.tile_at(2, 1) == tile(rules, "left_end") and d.tile_at(2, 2) == tile(rules, "right_end")
    assert format_display(d, other) == "rg/S*xg/r*g*/// - 0 0"
    assert format_display(d, rules) == "rg/S*FR/L*R*/// - 0 0"
    with pytest.raises(NotationError, match="unknown symbol 'L'"):
        parse_display("/S/L/// - 0 0", other)


def test_doc_examples_parse(rules):
    """Every ```notation block in docs/notation.md is a valid, canonical display."""
    blocks = re.findall(r"```notation\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    examples = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert len(examples) >= 5
    for text in examples:
        assert format_display(parse(text, rules), rules) == text


# Errors ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, message",
    [
        ("/S//// - 0", "expected 4 or 5 fields"),
        ("/S//// - 0 0 start extra", "expected 4 or 5 fields"),
        ("/S//// - 0 0 START", "START: the optional fifth field must be 'start'"),
        ("/S/// - 0 0", "ROWS: expected 6 rows separated by '/'"),
        ("/S///// - 0 0", "got 7"),
        ("x/S//// - 0 0", "row 0 (ship row), column 1: unknown symbol 'x'"),
        ("/S/LQ/// - 0 0", "row 2 (Noble row), column 2: unknown symbol 'Q'"),
        ("L/S//// - 0 0", "row 0 (ship row), column 1: an island tile ('L') cannot go in the ship row"),
        ("/S/.r/// - 0 0", "row 2 (Noble row), column 2: a ship ('r') cannot go in an island row"),
        ("r*/S//// - 0 0", "row 0 (ship row), column 1: a ship holds no Viking"),
        ("/S/.*/// - 0 0", "row 2 (Noble row), column 2: '*' must follow a tile symbol"),
        ("/S**//// - 0 0", "column 2: '*' must follow a tile symbol"),
        ("/S0//// - 0 0", "number of empty cells must be at least 1"),
        ("/S//// - -3 0", "GOLD: must not be negative"),
        ("/S//// - 0 -1", "FAME: must not be negative"),
        ("/S//// - 1.5 0", "GOLD: expected a whole number"),
        ("/S//// - 0 x", "FAME: expected a whole number"),
        ("/S//// q 0 0", "POOL: unknown Viking symbol 'q'"),
        ("/S//// L 0 0", "POOL: unknown Viking symbol 'L'"),
        ("/S//// 0f 0 0", "POOL: a count must be at least 1"),
        ("/S//// f3 0 0", "POOL: count '3' is not followed by a Viking symbol"),
        ("/S////  0 0", "expected 4 or 5 fields"),
        ("/S//// 14f 0 0", "POOL: 14 Vikings 'f' (Fisherman)"),
        ("/S///L*/L* 13f 0 0", "14 Vikings 'f'"),
        ("rrrr/S//// - 0 0", "4 tiles 'r'"),
        # Edges
        ("/R/S/// - 0 0", "row 1 (Warrior row), column 1: 'R' has a land west edge but the mainland"),
        ("/SRR//// - 0 0", "column 3: 'R' has a land west edge but 'R' to its west has a sea east edge"),
        ("/S/LL/// - 0 0", "row 2 (Noble row), column 2: 'L' has a sea west edge but 'L' to its west has a land"),
        ("/S/F/// - 0 0", "'F' has a land west edge but the mainland"),
        # Connection
        ("/S/..L/// - 0 0", "row 2 (Noble row), column 3: this island tile is not connected"),
        ("/SR/..L/// - 0 0", "column 3: this island tile is not connected"),  # diagonal only
        ("r.g/S/.L/// - 0 0", "row 2 (Noble row), column 2: this island tile is not connected"),  # ships don't link
        # Ships
        (
            "r...g/S//// - 0 0",
            "column 5: a ship beyond column 3 needs ships in every column before it, but column 2 is empty",
        ),
        ("rgy.b/S//// - 0 0", "column 5: a ship beyond column 3"),
        (".gyb/S//// - 0 0", "column 4: a ship beyond column 3"),
        # Start tile
        ("///// - 30 10", "expected exactly one start tile ('S')"),
        ("/S/S/// - 0 0", "found 2"),
        ("/S/LRS/// - 0 0", "row 2 (Noble row), column 3: the start tile ('S') can only stand in column 1"),
        ("/S//// - 0 0 start", "START: 'start' says the start tile is still to be placed"),
        ("/L*//// - 0 0 start", "at most one tile and no Vikings"),
        ("/L/L/// - 0 0 start", "at most one tile"),
        ("///// f 0 0 start", "no Vikings"),
    ],
)
def test_errors_say_what_and_where(rules, text, message):
    with pytest.raises(NotationError) as err:
        parse(text, rules)
    assert message in str(err.value)


def test_parse_displays_names_the_line(rules):
    with pytest.raises(NotationError, match=r"^line 3: ROWS: expected 6 rows"):
        parse_displays(f"# header\n{BROWN}\n/S/// - 0 0\n", rules)


# Scoring from notation: the rulebook's examples ---------------------------------------------------
def test_brown_display_large_scoring(rules):
    """8 Fame and 9 Gold: 2 goldsmiths (6) and a warrior under a red-sail ship (3 Gold),
    2 nobles (4 Fame), a scout with a goldsmith and a fisherman below (3), a lone scout (1)."""
    s = large_scoring(parse(BROWN, rules), rules)
    assert (s.gold_change, s.fame_change) == (9, 8)
    assert (s.gold, s.fame) == (13, 20)
    assert lines_of(s, "warrior") == [("warrior", 1, 1, 3, 0, "red_sail")]
    assert [x.fame for x in lines_of(s, "noble")] == [2, 2]
    assert [(x.col, x.fame) for x in lines_of(s, "scout")] == [(1, 3), (2, 1)]
    assert [(x.col, x.gold) for x in lines_of(s, "goldsmith")] == [(1, 3), (3, 3)]
    assert s.repelled == (1,) and s.threatened == ()


def test_brown_display_small_scoring(rules):
    s = small_scoring(parse(BROWN, rules), rules)
    assert (s.gold_change, s.fame_change) == (6, 0)
    assert (s.gold, s.fame) == (10, 12)


def test_green_sail_threatens_rows_1_to_3_only(rules):
    d = parse("g/L/L*/L*/L*/S* - 0 0", rules)
    s = large_scoring(d, rules)
    assert set(s.threatened) == {(2, 1), (3, 1)}  # noble and scout; goldsmith and fisherman safe
    assert not lines_of(s, "noble") and not lines_of(s, "scout")
    assert lines_of(s, "goldsmith") == [("goldsmith", 4, 1, 3, 0, "")]
    assert small_scoring(d, rules).gold_change == 3


def test_warrior_below_green_sail_repels_it_for_5_gold(rules):
    s = large_scoring(parse("g/L*/L*/L*/L*/S* - 0 0", rules), rules)
    assert s.threatened == () and s.repelled == (1,)
    assert lines_of(s, "warrior") == [("warrior", 1, 1, 5, 0, "green_sail")]
    assert lines_of(s, "noble")[0].fame == 2
    assert lines_of(s, "scout")[0].fame == 3


def test_blue_sail_reaches_the_fishermen(rules):
    s = large_scoring(parse("b/L/L*/L*/L*/S* - 0 0", rules), rules)
    assert set(s.threatened) == {(2, 1), (3, 1), (4, 1), (5, 1)}
    assert s.lines == ()


def test_scout_bonus_for_goldsmith_and_fisherman_below(rules):
    s = large_scoring(parse("///L*R*/L*R/S*R* - 0 0", rules), rules)
    scouts = lines_of(s, "scout")
    assert [(x.col, x.fame, x.detail) for x in scouts] == [(1, 3, "2 below"), (2, 2, "1 below")]


def test_threatened_scout_earns_nothing(rules):
    s = large_scoring(parse(".y///L*R*/L*R/S*R* - 0 0", rules), rules)
    assert (3, 2) in s.threatened
    assert [(x.col, x.fame) for x in lines_of(s, "scout")] == [(1, 3)]  # not even its fisherman bonus


def test_feeding_example(rules):
    """Adele: 23 Vikings, 5 unthreatened fishermen feed 25: +4 Fame.
    Bruno: 23 Vikings, 3 fishermen feed 15: -8 Fame."""
    adele = parse("/////S*F*F*F*R* 5g5s5n3w 0 10", rules)
    bruno = parse("/////S*F*R* 5g5s5n5w 0 10", rules)
    assert sum(adele.pool) + sum(adele.island_vikings(rules)) == 23
    assert sum(bruno.pool) + sum(bruno.island_vikings(rules)) == 23
    a, b = final_scoring([adele, bruno], rules)
    assert lines_of(a, "feeding") == [("feeding", None, None, 0, 4, "25 food for 23")]
    assert lines_of(b, "feeding") == [("feeding", None, None, 0, -8, "15 food for 23")]


def test_threatened_fishermen_must_be_fed_but_feed_nobody(rules):
    d = parse("..b/S////L*F*F*R - 0 10", rules)  # blue sail over column 3's fisherman
    (s,) = final_scoring([d], rules)
    assert s.threatened == ((5, 3),)
    # 2 fishermen feed 10; 3 must eat: 7 spare, 2 Fame each.
    assert lines_of(s, "feeding") == [("feeding", None, None, 0, 14, "10 food for 3")]


def test_completed_islands_and_longest_island(rules):
    a = parse("////LR/SFFR - 0 0", rules)  # 2 completed islands, longest 4 (start tile as left end)
    b = parse("////LF/SFFFR - 0 0", rules)  # 1 completed, longest 5; LF is not completed
    sa, sb = final_scoring([a, b], rules)
    assert [x.fame for x in lines_of(sa, "islands")] == [7] and lines_of(sa, "islands")[0].detail == "2"
    assert [x.fame for x in lines_of(sb, "islands")] == [0]
    assert [x.fame for x in lines_of(sa, "longest")] == [0]
    assert [x.fame for x in lines_of(sb, "longest")] == [5] and lines_of(sb, "longest")[0].detail == "5"


def test_island_majorities_are_shared_on_ties_and_need_one(rules):
    a = parse("/LR////S - 0 0", rules)
    b = parse("////LR/S - 0 0", rules)
    for s in final_scoring([a, b], rules):
        assert (lines_of(s, "islands")[0].fame, lines_of(s, "longest")[0].fame) == (7, 5)
    bare = parse("/S//// - 0 0", rules)
    for s in final_scoring([bare, bare.copy()], rules):
        assert (lines_of(s, "islands")[0].fame, lines_of(s, "longest")[0].fame) == (0, 0)


@pytest.mark.parametrize(
    "pools, fame",
    [
        (("b", "-"), [10, 0]),
        (("2b", "2b"), [10, 10]),
        (("b", "3b"), [0, 10]),
        (("-", "-"), [0, 0]),  # the majority needs at least one boatswain
    ],
)
def test_boatswain_majority(rules, pools, fame):
    displays = [parse(f"/S//// {p} 0 0", rules) for p in pools]
    assert [lines_of(s, "boatswains")[0].fame for s in final_scoring(displays, rules)] == fame


def test_unrepelled_gold_ship_costs_gold_then_fame(rules):
    (s,) = final_scoring([parse("g/S//// - 3 10", rules)], rules)
    assert lines_of(s, "ship") == [("ship", 0, 1, -3, -2, "green_sail")]
    assert (s.gold, s.fame) == (0, 8)


def test_unrepelled_ship_costs_never_go_below_zero(rules):
    (s,) = final_scoring([parse("gb/S//// - 1 2", rules)], rules)
    assert [(x.gold, x.fame) for x in lines_of(s, "ship")] == [(-1, -2), (0, 0)]
    assert (s.gold, s.fame) == (0, 0)


def test_unrepelled_fame_ship_costs_fame_and_repelled_ships_cost_nothing(rules):
    (s,) = final_scoring([parse("b/S//// - 7 2", rules)], rules)
    assert lines_of(s, "ship") == [("ship", 0, 1, 0, -2, "blue_sail")]
    assert (s.gold, s.fame) == (2, 1)  # the 7 Gold then buy 1 Fame
    (s,) = final_scoring([parse("g/S*//// - 3 10", rules)], rules)  # a warrior repels it
    assert lines_of(s, "ship") == [] and s.gold == 3


def test_gold_to_fame_one_per_five_remainder_kept(rules):
    (s,) = final_scoring([parse("/S//// - 23 0", rules)], rules)
    assert lines_of(s, "gold") == [("gold", None, None, -20, 4, "")]
    assert (s.gold, s.fame) == (3, 4)


# The score command ------------------------------------------------------------------------------
def test_score_main_prints_json(tmp_path, capsys):
    f = tmp_path / "game.txt"
    f.write_text("# two players\n" + BROWN + "   # Ada\n\n/////S*F*F*F*R* 5g5s5n3w 0 10  # Bo\n")
    assert score_main(str(f)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    doc = json.loads(out)
    ada, bo = doc["displays"]
    assert ada["player"] == 0 and ada["notation"] == BROWN
    assert (ada["large"]["gold_change"], ada["large"]["fame_change"]) == (9, 8)
    assert ada["small"]["gold_change"] == 6
    # The final scoring starts from the display as written (4 Gold buy no Fame), not from
    # the large scoring's 13 Gold.
    assert ada["final"]["kind"] == "final"
    assert [x["fame"] for x in ada["final"]["lines"] if x["what"] == "gold"] == [0]
    feeding = [x for x in bo["final"]["lines"] if x["what"] == "feeding"]
    assert feeding == [{"what": "feeding", "row": None, "col": None, "gold": 0, "fame": 4, "detail": "25 food for 23"}]
    longest = {d["player"]: [x["fame"] for x in d["final"]["lines"] if x["what"] == "longest"] for d in doc["displays"]}
    assert longest == {0: [0], 1: [5]}  # final scoring compares the displays in the file


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "cannot read the file"),
        ("# only a comment\n", "no display found"),
        (BROWN + "\n/S/// - 0 0\n", "line 2: ROWS: expected 6 rows"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_score_main_errors(tmp_path, capsys, content, message):
    f = tmp_path / "game.txt"
    if isinstance(content, bytes):
        f.write_bytes(content)
    elif content is not None:
        f.write_text(content)
    assert score_main(str(f)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("vikings score: ") and message in err


def test_a_parsed_display_offers_the_same_cells_as_one_built_by_placing(rules):
    """Parsing keeps the placement frontier, so a parsed display can be played on."""
    from vikings.engine.display import island_cells

    game = make_game(players=2, seed=21)
    game.quiet = True
    chooser = random.Random(21)
    for _ in range(120):
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    for d in game.displays:
        parsed = parse_display(format_display(d, rules), rules)
        for t in range(len(rules.tiles)):
            if not rules.tile_is_ship[t]:
                assert island_cells(parsed, t, rules) == island_cells(d, t, rules)
