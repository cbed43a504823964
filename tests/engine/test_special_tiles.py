"""Special tiles (advanced game): taking them with the dearest group, refills, every effect."""

import pytest
from helpers import fill_row, give_special, make_advanced, put_face_up, set_offer, special, start_scoring, tile, viking

from vikings.engine import (
    PLACE,
    REPLACE,
    SPECIAL,
    VIKING,
    Buy,
    DeclineSpecial,
    IllegalAction,
    PlaceTile,
    PlaceViking,
    ReplaceTile,
    TakeSpecial,
)
from vikings.engine.display import Display, completed_islands
from vikings.engine.invariants import special_locations
from vikings.engine.scoring import final_scoring

SPECIALS = {"special_tiles"}


def game_to_buy(groups, options=SPECIALS, players=2):
    """Player A to buy from `groups` (see set_offer), her start tile already down."""
    g = make_advanced(options, players=players)
    d = g.displays[0]
    d.put(1, 1, g.rules.start_tile)
    d.start_tile = -1
    set_offer(g, groups)
    return g, d


def lines(events, player, what="special"):
    """(row, col, gold, fame, detail) of the scoring lines of `player` named `what`."""
    out = []
    for e in events:
        if e.type == "scoring" and e.player == player:
            out += [
                (x["row"], x["col"], x["gold"], x["fame"], x["detail"]) for x in e.data["lines"] if x["what"] == what
            ]
    return out


# Supply, face-up row, refills -------------------------------------------------------------
def test_the_25_tiles_are_shuffled_and_4_lie_face_up(rules):
    assert len(rules.special_deck) == 25
    g = make_advanced(SPECIALS)
    assert len(g.specials_face_up) == 4 and all(s >= 0 for s in g.specials_face_up)
    assert g.specials_supply == 21
    assert special_locations(g) == [k.count for k in rules.specials]
    other = make_advanced(SPECIALS, seed=2)
    assert (g.adv.face_up + g.adv.supply) != (other.adv.face_up + other.adv.supply)


def test_only_the_dearest_group_brings_a_special_tile(rules):
    groups = {0: ("left_end", "fisherman"), 3: ("farm", "goldsmith"), 7: ("red_sail", "warrior")}
    g, _ = game_to_buy(groups)
    assert g.most_expensive_space() == 7
    assert g.brings_special(7) and not g.brings_special(3) and not g.brings_special(0)
    g.apply(Buy(3))
    assert g.phase == PLACE, "a cheaper group brings nothing"
    g, _ = game_to_buy(groups)
    g.apply(Buy(7))
    assert g.phase == SPECIAL and g.to_move == 0
    assert g.legal_actions() == (TakeSpecial(0), TakeSpecial(1), TakeSpecial(2), TakeSpecial(3), DeclineSpecial())


def test_never_at_price_0(rules):
    g, _ = game_to_buy({4: ("left_end", "fisherman")})
    assert g.price(4) == 0 and g.most_expensive_space() == 4 and not g.brings_special(4)
    g.apply(Buy(4))
    assert g.phase != SPECIAL


def test_declining_keeps_the_row_and_goes_on_to_placing(rules):
    g, _ = game_to_buy({0: ("left_end", "fisherman"), 5: ("red_sail", "warrior")})
    row = g.specials_face_up
    g.apply(Buy(5))
    events = g.apply(DeclineSpecial())
    assert [e.type for e in events][0] == "special_declined"
    assert g.specials_face_up == row and g.specials_held(0) == ()
    assert g.phase == PLACE and g.hand_tile == tile(rules, "red_sail")


def test_no_question_when_the_row_is_empty(rules):
    g, _ = game_to_buy({0: ("left_end", "fisherman"), 5: ("red_sail", "warrior")})
    g.adv.supply += tuple(s for s in g.adv.face_up)
    g.adv.face_up = (-1,) * 4
    g.apply(Buy(5))
    assert g.phase == PLACE


def test_empty_places_are_refilled_at_the_start_of_the_next_round(rules):
    g, _ = game_to_buy({0: ("left_end", "fisherman"), 5: ("red_sail", "warrior")})
    put_face_up(g, 2, "noble_fame")
    g.apply(Buy(5))
    g.apply(TakeSpecial(2))
    assert g.specials_face_up[2] == -1 and g.specials_held(0) == (special(rules, "noble_fame"),)
    supply = g.adv.supply
    events = start_scoring(g, 0)
    revealed = [e.data for e in events if e.type == "special_revealed"]
    assert revealed == [{"slot": 2, "special": supply[0]}]
    assert g.specials_face_up[2] == supply[0] and g.adv.supply == supply[1:]


# Effects --------------------------------------------------------------------------------------
def test_purse_gives_5_gold_at_once_and_leaves_the_game(rules):
    g, d = game_to_buy({0: ("left_end", "fisherman"), 5: ("red_sail", "warrior")})
    sid = put_face_up(g, 1, "purse")
    g.apply(Buy(5))
    gold = d.gold
    events = g.apply(TakeSpecial(1))
    assert d.gold == gold + 5
    assert [e.data for e in events if e.type == "special_gold"] == [{"special": sid, "gold": 5}]
    assert sid in g.adv.out and sid not in g.specials_held(0)


def goldsmith_display(g):
    """A: goldsmiths at row 4 columns 1 and 2; a yellow ship (reaches row 4) over column 2."""
    rules = g.rules
    d = g.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 4, 2, occupied=(1, 2))
    d.put(0, 2, tile(rules, "yellow_sail"))
    return d


@pytest.mark.parametrize("round_index, kind", [(0, "small"), (1, "large")])
def test_goldsmith_tiles_pay_per_unthreatened_goldsmith_in_every_scoring(rules, round_index, kind):
    g = make_advanced(SPECIALS)
    goldsmith_display(g)
    give_special(g, 0, "goldsmith_1")
    give_special(g, 0, "goldsmith_2")
    gold = g.displays[0].gold
    events = start_scoring(g, round_index)
    assert lines(events, 0) == [(4, 1, 1, 0, "goldsmith_1"), (4, 1, 2, 0, "goldsmith_2")]
    assert lines(events, 0, "goldsmith") == [(4, 1, 3, 0, "")]
    assert g.displays[0].gold == gold + 3 + 1 + 2
    assert lines(events, 1) == []


def test_fame_tiles_for_nobles_scouts_fishermen_in_large_scorings_only(rules):
    for round_index, expected in (
        (0, []),
        (
            1,
            [
                (2, 1, 0, 1, "noble_fame"),
                (2, 2, 0, 1, "noble_fame"),
                (3, 1, 0, 1, "scout_fame"),
                (5, 1, 0, 1, "fisherman_fame"),
            ],
        ),
    ):
        g = make_advanced(SPECIALS)
        d = g.displays[0]
        d.start_tile = -1
        fill_row(d, rules, 2, 2, occupied=(1, 2))
        fill_row(d, rules, 3, 3, occupied=(1, 3))
        fill_row(d, rules, 5, 1, occupied=(1,))
        d.put(0, 3, tile(rules, "green_sail"))  # threatens the scout at row 3 column 3
        for ident in ("noble_fame", "scout_fame", "fisherman_fame"):
            give_special(g, 0, ident)
        events = start_scoring(g, round_index)
        assert lines(events, 0) == expected


def final_of(d, rules, held=(), placed=(), other=None):
    other = other or Display(rules, 0, 0)
    return final_scoring([d, other], rules, [(tuple(held), tuple(placed)), ((), ())])[0]


def test_boatswain_tile_counts_for_the_majority_but_moves_nobody(rules):
    a, b = Display(rules, 0, 0), Display(rules, 0, 0)
    b.pool[rules.boatswain] = 1
    sid = special(rules, "head_boatswain")
    plain = final_scoring([a, b], rules, [((), ()), ((), ())])
    assert [x.fame for x in plain[0].lines if x.what == "boatswains"] == [0]
    with_tile = final_scoring([a, b], rules, [((sid,), ()), ((), ())])
    assert [(x.fame, x.detail) for x in with_tile[0].lines if x.what == "boatswains"] == [(10, "1")]
    assert [x.fame for x in with_tile[1].lines if x.what == "boatswains"] == [10], "tied: both"
    # Held tiles are not Vikings: nobody has to feed them.
    assert [x.detail for x in with_tile[0].lines if x.what == "feeding"] == ["0 food for 0"]


def test_feast_pays_3_per_surplus_fed_viking_and_hunger_is_unchanged(rules):
    d = Display(rules, 0, 10)
    fill_row(d, rules, 5, 1, occupied=(1,))  # one fisherman: 5 food for 1 mouth
    sid = special(rules, "feast")
    assert [x.fame for x in final_of(d, rules).lines if x.what == "feeding"] == [8]
    assert [x.fame for x in final_of(d, rules, (sid,)).lines if x.what == "feeding"] == [12]
    hungry = Display(rules, 0, 10)
    hungry.pool[rules.noble] = 3
    assert [x.fame for x in final_of(hungry, rules, (sid,)).lines if x.what == "feeding"] == [-3]


def test_treasury_turns_every_3_gold_into_1_fame(rules):
    d = Display(rules, 17, 0)
    sid = special(rules, "treasury")
    assert [(x.gold, x.fame) for x in final_of(d, rules).lines if x.what == "gold"] == [(-15, 3)]
    score = final_of(d, rules, (sid,))
    assert [(x.gold, x.fame, x.detail) for x in score.lines if x.what == "gold"] == [(-15, 5, "3 Gold each")]
    assert score.gold == 2


def test_building_tile_scores_the_vikings_on_it_and_around_it_unless_threatened(rules):
    d = Display(rules, 0, 0)
    d.start_tile = -1
    for row, occupied in ((1, (1, 3)), (2, (2,)), (3, (1, 2, 3)), (4, (2,))):
        fill_row(d, rules, row, 4, occupied=occupied)
    sid = special(rules, "great_farm")
    # The special tile at row 2 column 2 (a farm middle): Vikings on it and its 8 neighbours
    # (rows 1-3, columns 1-3) count, 6 here; the goldsmith at row 4 is too far.
    score = final_of(d, rules, placed=[(sid, 2, 2)])
    assert [(x.row, x.col, x.fame, x.detail) for x in score.lines if x.what == "special"] == [(2, 2, 6, "great_farm")]
    d.put(0, 2, tile(rules, "red_sail"))  # reaches row 2 over column 2: the tile is threatened
    score = final_of(d, rules, placed=[(sid, 2, 2)])
    assert [x.fame for x in score.lines if x.what == "special"] == [0]
    d.occupy(1, 2)  # a warrior under the ship repels it
    score = final_of(d, rules, placed=[(sid, 2, 2)])
    assert [x.fame for x in score.lines if x.what == "special"] == [7]


def test_building_tile_replaces_the_only_matching_tile_and_its_viking_stays(rules):
    g, d = game_to_buy({0: ("left_end", "fisherman"), 6: ("red_sail", "warrior")})
    farm = tile(rules, "farm")
    d.put(2, 2, farm, occupied=True)
    sid = put_face_up(g, 0, "great_farm")
    removed = g.removed_tiles[farm]
    g.apply(Buy(6))
    events = g.apply(TakeSpecial(0))
    assert [e.data for e in events if e.type == "special_placed"] == [
        {"special": sid, "row": 2, "col": 2, "replaced": farm}
    ]
    assert g.removed_tiles[farm] == removed + 1
    assert g.special_at(0, 2, 2) == sid and g.specials_held(0) == ()
    assert d.occupied(2, 2), "the noble stays, now on the special tile"
    assert g.phase == PLACE


def test_building_tile_with_several_candidates_asks_which(rules):
    g, d = game_to_buy({0: ("left_end", "fisherman"), 6: ("red_sail", "warrior")})
    church = tile(rules, "church")
    d.put(2, 2, church)
    d.put(3, 2, tile(rules, "left_end"))
    d.put(3, 3, church)
    d.put(2, 3, tile(rules, "farm"))
    sid = put_face_up(g, 3, "great_church")
    g.apply(Buy(6))
    g.apply(TakeSpecial(3))
    assert g.phase == REPLACE and g.to_move == 0
    assert g.legal_actions() == (ReplaceTile(2, 2), ReplaceTile(3, 3))
    with pytest.raises(IllegalAction):
        g.apply(ReplaceTile(2, 3))
    g.apply(ReplaceTile(3, 3))
    assert g.specials_placed(0) == ((sid, 3, 3),)
    assert g.phase == PLACE and g.hand_tile == tile(rules, "red_sail")


def test_building_tile_waits_for_a_matching_tile_then_swaps_in_at_once(rules):
    g, d = game_to_buy({0: ("left_end", "fisherman"), 6: ("village", "noble")})
    d.put(2, 1, tile(rules, "left_end"))
    sid = put_face_up(g, 0, "great_village")
    g.apply(Buy(6))
    g.apply(TakeSpecial(0))
    assert g.specials_held(0) == (sid,) and g.specials_placed(0) == ()
    village = tile(rules, "village")
    removed = g.removed_tiles[village]
    events = g.apply(PlaceTile(2, 2))
    assert [e.type for e in events][:2] == ["tile_placed", "special_placed"]
    assert g.specials_held(0) == () and g.specials_placed(0) == ((sid, 2, 2),)
    assert g.removed_tiles[village] == removed + 1
    assert g.phase == VIKING
    g.apply(PlaceViking(True))
    assert d.occupied(2, 2)
    # A land/land middle: it completes islands like the tile it replaced.
    d.put(2, 3, tile(rules, "right_end"))
    assert (2, 1, 3) in completed_islands(d, rules)


# Boat tiles ---------------------------------------------------------------------------------
def test_boat_tile_lets_a_boatswain_move_as_in_the_standard_game(rules):
    from vikings.engine import BOATSWAIN, FinishBoatswains, UseBoatswain

    g = make_advanced({"single_boatswain", "special_tiles"})
    d = g.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 5, 3)
    fill_row(d, rules, 3, 1)
    f, s = viking(rules, "fisherman"), viking(rules, "scout")
    d.pool[f], d.pool[s], d.pool[rules.boatswain] = 2, 1, 2
    sid = give_special(g, 0, "boat")
    start_scoring(g, 1)
    assert g.phase == BOATSWAIN
    assert set(g.legal_actions()) == {
        UseBoatswain("one", f),
        UseBoatswain("one", s),
        UseBoatswain("all", f),
        UseBoatswain("each"),
        FinishBoatswains(),
    }
    events = g.apply(UseBoatswain("all", f))
    assert [e.data for e in events if e.type == "special_spent"] == [{"special": sid}]
    assert sid in g.adv.out and g.specials_held(0) == ()
    while g.to_move == 0 and g.phase != BOATSWAIN:
        g.apply(g.legal_actions()[0])
    assert d.pool[f] == 0 and d.pool[rules.boatswain] == 1
    assert set(g.legal_actions()) == {UseBoatswain("one", s), FinishBoatswains()}, "no tile: single moves only"


def test_boat_tile_does_nothing_without_the_single_boatswain_option(rules):
    from vikings.engine import FinishBoatswains, UseBoatswain

    g = make_advanced(SPECIALS)
    d = g.displays[0]
    d.start_tile = -1
    fill_row(d, rules, 5, 3)
    f = viking(rules, "fisherman")
    d.pool[f], d.pool[rules.boatswain] = 2, 1
    sid = give_special(g, 0, "boat")
    start_scoring(g, 1)
    assert set(g.legal_actions()) == {UseBoatswain("all", f), UseBoatswain("each"), FinishBoatswains()}
    g.apply(UseBoatswain("all", f))
    assert g.specials_held(0) == (sid,), "the tile stays unused"


def test_action_text_forms(rules):
    from vikings.engine import UseBoatswain, parse_action

    for text, action in (
        ("special 3", TakeSpecial(3)),
        ("nospecial", DeclineSpecial()),
        ("replace 2 4", ReplaceTile(2, 4)),
        ("boatswain one 1", UseBoatswain("one", 1)),
    ):
        assert parse_action(text) is action and str(action) == text
        assert parse_action(" ".join(map(str, action.to_json()))) is action
    with pytest.raises(IllegalAction):
        parse_action("boatswain one")
    with pytest.raises(IllegalAction):
        parse_action("special")
