"""Whole advanced games: every option alone and together, invariants after every action,
saves, determinism, determinized copies, configuration."""

import json
import random

import pytest
from helpers import ADVANCED, make_advanced
from hypothesis import given, settings
from hypothesis import strategies as st

from vikings.commands.simulate import play_random
from vikings.content.data import default_rules
from vikings.engine import ConfigError, GameConfig, GameState, new_game, parse_action
from vikings.engine.events import Event
from vikings.engine.invariants import check, special_locations
from vikings.engine.serialize import load, save, state_to_dict
from vikings.text.events import describe

OPTION_SETS = [
    frozenset(o) for o in ({"auction"}, {"single_boatswain"}, {"special_tiles"}, {"auction", "special_tiles"}, ADVANCED)
]


def play(options, seed, players, on_step=None):
    g = make_advanced(options, players=players, seed=seed, start_player=None)
    chooser = random.Random(seed)
    events = []
    while not g.is_over:
        legal = g.legal_actions()
        events += g.apply(legal[chooser.randrange(len(legal))])
        if on_step:
            on_step(g)
    return g, events


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(sorted(o)))
def test_seeded_games_keep_every_invariant_after_every_action(rules, options):
    def checked(g):
        assert check(g) == [], (g.phase, g.actions()[-1])

    for seed in range(6):
        g, events = play(options, seed, 2 + seed % 3, checked)
        assert g.ranks is not None and len(g.scores) == rules.rounds + 1
        for e in events:
            text = describe(e, rules, ["A", "B", "C", "D"])
            assert text and not text.startswith(f"{e.type} "), f"no log text for {e.type}"


def test_advanced_games_reach_every_new_decision_and_effect(rules):
    seen_phases, seen_events = set(), set()

    def note(g):
        seen_phases.add(g.phase)

    for seed in [*range(12), 116]:  # (seed 116: a building tile with two tiles to replace)
        _, events = play(ADVANCED, seed, 2 + seed % 3, note)
        seen_events |= {e.type for e in events}
    assert {"bid", "remove", "colour", "special", "replace", "boatswain"} <= seen_phases
    assert {
        "auction",
        "bid",
        "bid_passed",
        "auction_won",
        "viking_removed",
        "tiles_laid",
        "colour_placed",
        "special_revealed",
        "special_taken",
        "special_declined",
        "special_placed",
        "special_spent",
    } <= seen_events  # (special_gold: the one purse, see test_special_tiles.py)


def test_special_tiles_show_in_the_scoring_breakdown(rules):
    whats = set()
    for seed in range(12):
        g, events = play(ADVANCED, seed, 3)
        for e in events:
            if e.type == "scoring":
                whats |= {x["detail"] for x in e.data["lines"] if x["what"] == "special"}
        assert all(json.loads(json.dumps(s.to_json())) == s.to_json() for _, _, scores in g.scores for s in scores)
    assert {"noble_fame", "goldsmith_1"} & whats


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(sorted(o)))
def test_save_and_load_round_trip_at_every_stage(rules, options):
    g = make_advanced(options, players=3, seed=11)
    chooser = random.Random(11)
    step = 0
    while not g.is_over:
        if step % 37 == 0:
            loaded = load(save(g), rules)
            assert loaded == g and state_to_dict(loaded) == state_to_dict(g)
            assert loaded.legal_actions() == g.legal_actions()
        legal = g.legal_actions()
        g.apply(legal[chooser.randrange(len(legal))])
        step += 1
    assert load(save(g), rules) == g
    assert "adv" in state_to_dict(g)


def test_a_save_with_other_special_tiles_does_not_load(rules):
    import dataclasses

    from vikings.engine import SaveError

    g = make_advanced(ADVANCED, seed=2)
    text = save(g)
    other = dataclasses.replace(rules, specials_digest="0123456789abcdef")
    with pytest.raises(SaveError, match="different special tiles"):
        load(text, other)
    assert load(save(make_advanced({"auction"}, seed=2)), other) is not None, "no special tiles, no check"


def test_standard_saves_and_states_are_unchanged(rules):
    g = new_game(GameConfig(("A", "B"), seed=4), rules)
    assert g.adv is None and "adv" not in state_to_dict(g)
    assert "specials_digest" not in json.loads(save(g))
    assert g.specials_face_up == () and g.auction_vikings == () and g.high_bid == -1


def test_seed_and_actions_replay_exactly(rules):
    g, _ = play(ADVANCED, 9, 4)
    again = new_game(g.config, rules)
    for a in g.actions():
        again.apply(parse_action(str(a)))
    assert again == g
    assert play_random(9, 3, rules, options=ADVANCED)[1] == play_random(9, 3, rules, options=ADVANCED)[1]


def test_determinized_reshuffles_the_face_down_special_tiles_only(rules):
    g = make_advanced(ADVANCED, players=3, seed=1)
    chooser = random.Random(3)
    for _ in range(40):
        legal = g.legal_actions()
        g.apply(legal[chooser.randrange(len(legal))])
    copies = [g.determinized(s) for s in range(5)]
    assert len({c.adv.supply for c in copies}) > 1, "the hidden order is re-drawn"
    for c in copies:
        assert sorted(c.adv.supply) == sorted(g.adv.supply)
        assert (c.adv.face_up, c.adv.held, c.adv.placed, c.adv.drawn) == (
            g.adv.face_up,
            g.adv.held,
            g.adv.placed,
            g.adv.drawn,
        )
        assert special_locations(c) == special_locations(g)
        assert c.legal_actions() == g.legal_actions()
    # The same seed and the same knowledge give the same copy, whatever the real order.
    h = g.copy()
    h.adv.supply = tuple(reversed(h.adv.supply))
    assert h.determinized(7).adv.supply == g.determinized(7).adv.supply


def test_copies_are_independent(rules):
    g = make_advanced(ADVANCED, players=2, seed=5)
    c = g.copy()
    c.apply(c.legal_actions()[-1])
    assert c != g and g.phase == "bid" and g.high_bid == -1
    assert g.copy() == g


def test_options_are_checked(rules):
    with pytest.raises(ConfigError, match="unknown rule options: fog, tides"):
        GameState.new(GameConfig(("A", "B"), options=frozenset({"auction", "tides", "fog"})), rules)
    for option in ("auction", "single_boatswain", "special_tiles"):
        g = GameState.new(GameConfig(("A", "B"), options=frozenset({option})), rules)
        assert g.options == frozenset({option})
    import dataclasses

    bare = dataclasses.replace(rules, specials=())
    with pytest.raises(ConfigError, match="special tiles"):
        GameState.new(GameConfig(("A", "B"), options=frozenset({"special_tiles"})), bare)


def test_random_bot_plays_advanced_games(rules):
    from vikings.bots import RandomBot
    from vikings.bots.play import play_out

    g = make_advanced(ADVANCED, players=3, seed=8)
    bot = RandomBot(8)
    play_out(g, [bot] * 3)
    assert check(g) == []


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.sets(st.sampled_from(sorted(ADVANCED))))
def test_property_any_seed_and_options_play_to_the_end_consistently(seed, players, options):
    rules = default_rules()
    g, actions, problem = play_random(seed, players, rules, options=frozenset(options))
    assert problem is None
    assert g.is_over and sum(1 for r in g.ranks if r == 1) >= 1
    assert load(save(g), rules) == g


@pytest.mark.parametrize(
    "kind, spaces, text",
    [
        ("fisherman", [11, 10], "Ann puts 2 fishermen on the wheel at spaces 11, 10"),
        ("warrior", [11], "Ann puts a warrior on the wheel at space 11"),
        ("goldsmith", [9, 8, 7], "Ann puts 3 goldsmiths on the wheel at spaces 9, 8, 7"),
    ],
)
def test_a_placed_colour_reads_in_plain_english(rules, kind, spaces, text):
    k = [v.id for v in rules.vikings].index(kind)
    assert describe(Event("colour_placed", 0, {"viking": k, "spaces": spaces}), rules, ["Ann"]) == text
