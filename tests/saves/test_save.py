"""Saving and loading (vikings.engine.serialize), plus copy() and determinized().

Games are played with random legal actions from a seeded random.Random, so every run
covers the same positions, including boatswain phases and the final scoring.
"""

import dataclasses
import hashlib
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from vikings.content.data import default_rules
from vikings.engine import GameConfig, GameState, SaveError, new_game
from vikings.engine.serialize import load, save, state_to_dict

RULES = default_rules()
NAMES = ("Astrid", "Bjørn", "Cnut", "Dagny")
GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)]  # (players, seed)


def new(n: int, seed: int) -> GameState:
    return new_game(GameConfig(NAMES[:n], seed=seed), RULES)


def played(n: int, seed: int, steps: int | None = None) -> GameState:
    """A game after `steps` random legal actions (None: to the end)."""
    g, rnd = new(n, seed), random.Random(seed)
    while not g.is_over and (steps is None or steps > 0):
        g.apply(rnd.choice(g.legal_actions()))
        steps = None if steps is None else steps - 1
    return g


def mid_boatswain_game() -> GameState:
    """A game stopped at the first boatswain decision (a large scoring in progress)."""
    g, rnd = new(3, 11), random.Random(11)
    while g.phase != "boatswain":
        g.apply(rnd.choice(g.legal_actions()))
    return g


def doc_of(g: GameState) -> dict:
    return json.loads(save(g))


def reseal(doc: dict) -> str:
    """Re-sign an edited save the way the format documents it (independent of serialize)."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    doc["checksum"] = hashlib.sha256(canonical.encode("ascii")).hexdigest()
    return json.dumps(doc)


def load_error(text, rules=RULES) -> str:
    with pytest.raises(SaveError) as info:
        load(text, rules)
    return str(info.value)


# Round trips ----------------------------------------------------------------------------------
@pytest.mark.parametrize("n,seed", GAMES)
def test_round_trip_at_every_step_and_play_continues(n, seed):
    g, rnd = new(n, seed), random.Random(seed)
    phases = set()
    while True:
        text = save(g)
        loaded = load(text, RULES)
        assert loaded == g
        assert not loaded.quiet
        assert save(loaded) == text
        if g.is_over:
            break
        phases.add(g.phase)
        action = rnd.choice(g.legal_actions())
        assert loaded.legal_actions() == g.legal_actions()
        # The loaded game goes on exactly like the original, events included.
        assert loaded.apply(action) == g.apply(action)
        assert loaded == g
    assert {"purchase", "place", "boatswain"} <= phases
    assert g.ranks is not None and len(g.scores) == RULES.rounds + 1


def test_state_to_dict_covers_every_field_and_is_plain_json():
    g = mid_boatswain_game()
    d = state_to_dict(g)
    # `adv` (the advanced game's fields) is written only for advanced games, so that
    # standard saves stay as they were (tests/engine/test_advanced_games.py covers it).
    assert set(d) == set(GameState.__slots__) - {"quiet", "_legal", "_events", "adv"}
    assert json.loads(json.dumps(d)) == d

    def no_tuples(value):
        if isinstance(value, dict):
            return all(isinstance(k, str) and no_tuples(v) for k, v in value.items())
        if isinstance(value, list):
            return all(no_tuples(v) for v in value)
        return not isinstance(value, tuple) and not isinstance(value, float)

    assert no_tuples(d)


def test_equality_sees_any_difference():
    g = played(2, 8, 30)
    c = g.copy()
    assert c == g
    c.displays[1].gold += 1
    assert c != g
    c = g.copy()
    c.rng.next64()
    assert c != g
    c = g.copy()
    c.apply(c.legal_actions()[0])
    assert c != g


def test_complete_game_save_is_modest_and_readable():
    text = save(played(4, 5))
    assert len(text.encode("utf-8")) < 40_000
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1] == ' "format": "vikings-save",'
    assert any(line.startswith('  "displays": ') for line in lines)  # one state field per line


def test_layout_does_not_matter_only_content():
    g = played(3, 3, 50)
    reindented = json.dumps(doc_of(g), indent=4, ensure_ascii=False)
    assert load(reindented, RULES) == g
    assert load(save(g).encode("utf-8"), RULES) == g  # bytes are accepted too


# Errors ----------------------------------------------------------------------------------------
def test_truncated_text():
    text = save(played(2, 1, 60)).rstrip()
    for cut in (1, 2, 15, 40, len(text) // 3, len(text) // 2, len(text) - 20, len(text) - 2, len(text) - 1):
        message = load_error(text[:cut])
        assert "ends too early" in message and "truncated" in message, (cut, message)


def test_truncated_anywhere():
    # Every cut of a short save, mid-string, mid-number or mid-keyword alike.
    text = save(new(2, 1)).rstrip()
    for cut in range(1, len(text)):
        message = load_error(text[:cut])
        assert "ends too early" in message and "truncated" in message, (cut, message)


def test_not_json():
    assert "invalid JSON at line 1 column 1" in load_error("hello, I am not a save")
    assert "invalid JSON at line 2" in load_error('{"format": "vikings-save",\n oops}')
    assert "empty" in load_error("")
    assert "empty" in load_error("  \n")
    assert "JSON object" in load_error("[1, 2, 3]")
    assert "nested too deeply" in load_error("[" * 100_000 + "]" * 100_000)


def test_edited_value_fails_the_checksum():
    doc = doc_of(played(3, 4, 40))
    doc["state"]["displays"][0]["gold"] += 5
    message = load_error(json.dumps(doc))
    assert "checksum mismatch" in message and "changed after it was saved" in message


def test_missing_checksum():
    doc = doc_of(played(2, 2, 10))
    del doc["checksum"]
    assert "checksum is missing" in load_error(json.dumps(doc))


def test_edited_value_with_recomputed_checksum_fails_the_replay_check():
    doc = doc_of(played(3, 4, 40))
    doc["state"]["displays"][0]["gold"] += 5
    message = load_error(reseal(doc))
    assert "does not match a replay" in message and "displays" in message


def test_wrong_version():
    doc = doc_of(played(2, 1, 5))
    doc["version"] = 3
    message = load_error(reseal(doc))
    assert "version 3 is not supported" in message and "reads version 1, 2" in message
    assert "newer edition" in message
    doc["version"] = "1"
    assert "version '1' is not supported" in load_error(reseal(doc))


def test_wrong_format():
    doc = doc_of(played(2, 1, 5))
    doc["format"] = "chess-save"
    message = load_error(reseal(doc))
    assert "not a Vikings save" in message and "'chess-save'" in message
    assert "not a Vikings save" in load_error('{"hello": 1}')


def test_illegal_action_in_the_list():
    doc = doc_of(played(2, 2, 30))
    doc["actions"][6] = ["buy", 99]
    doc["state"]["history"][6] = ["buy", 99]
    message = load_error(reseal(doc))
    assert message.startswith("action 7 of 30 (buy 99) cannot be replayed")
    assert "no group there" in message


def test_unknown_action_in_the_list():
    doc = doc_of(played(2, 2, 30))
    doc["actions"][0] = doc["state"]["history"][0] = ["dance", 1]
    message = load_error(reseal(doc))
    assert message.startswith("action 1 of 30 (dance 1) cannot be replayed") and "unknown action" in message


@pytest.mark.parametrize("bad", [["buy", 1.5], "buy 3", ["buy", [3]], ["buy", None]])
def test_malformed_action_in_the_list(bad):
    doc = doc_of(played(2, 2, 30))
    doc["actions"][4] = doc["state"]["history"][4] = bad
    assert "action 5" in load_error(reseal(doc)) and "must be a list of names and numbers" in load_error(reseal(doc))


def test_non_standard_json_numbers():
    text = save(played(2, 2, 4))
    assert "Infinity is not a valid JSON value" in load_error(text.replace('["buy",', '["buy",Infinity,', 1))
    assert "NaN is not a valid JSON value" in load_error(text.replace('"seed": 2', '"seed": NaN', 1))
    assert "integer string conversion" in load_error(text.replace('"seed": 2', '"seed": ' + "9" * 5000, 1))


def test_actions_and_history_must_agree():
    doc = doc_of(played(2, 2, 30))
    doc["actions"].pop()
    assert "history disagree" in load_error(reseal(doc))


def test_different_rules_digest():
    text = save(played(2, 1, 5))
    other = dataclasses.replace(RULES, digest="0123456789abcdef")
    message = load_error(text, other)
    assert "different game data" in message and "0123456789abcdef" in message and RULES.digest in message


@pytest.mark.parametrize(
    "field,value,expected",
    [
        ("players", "Astrid", "'config.players' must be a list of names"),
        ("seed", "7", "'config.seed' must be a whole number"),
        ("seed", True, "'config.seed' must be a whole number"),
        ("start_player", 1.5, "'config.start_player' must be a player number"),
        ("start_player", 9, "game setup is invalid: start player must be 0-1"),
        ("options", ["giants"], "game setup is invalid: unknown rule options: giants"),
        ("rules_version", 3, "'config.rules_version' must be one of 1, 2"),
        ("rules_version", "2", "'config.rules_version' must be one of 1, 2"),
    ],
)
def test_malformed_config(field, value, expected):
    doc = doc_of(new(2, 1))
    doc["config"][field] = value
    assert expected in load_error(reseal(doc))


def test_malformed_top_level_fields():
    doc = doc_of(new(2, 1))
    doc["actions"] = "buy 3"
    assert "'actions' must be a list" in load_error(reseal(doc))
    doc = doc_of(new(2, 1))
    doc["state"] = []
    assert "'state' must be a mapping" in load_error(reseal(doc))


def test_a_determinized_game_does_not_pass_for_its_replay():
    # Its hidden stacks and generator differ from what the config and actions produce.
    message = load_error(save(played(2, 1, 20).determinized(3)))
    assert "does not match a replay" in message and "stacks" in message and "rng" in message


# copy() -------------------------------------------------------------------------------------------
def mutable_lists(g: GameState):
    for d in g.displays:
        yield from d.rows
        yield d.pool
    yield from (g.displays, g.wheel_tile, g.wheel_viking, g.bag, g.removed_vikings, g.removed_tiles)


def test_copy_shares_no_mutable_state():
    g = mid_boatswain_game()
    before = state_to_dict(g)
    c = g.copy()
    assert c == g
    for d in c.displays:
        d.gold += 100
        d.fame += 100
        d.start_tile = -5
    c.rng.next64()
    for lst in list(mutable_lists(c)):
        lst.append(-7)
        if len(lst) > 1:
            lst[0] = -8
    assert state_to_dict(g) == before


def test_playing_a_copy_leaves_the_original_alone():
    for g in (played(4, 6, 25), mid_boatswain_game()):
        before = state_to_dict(g)
        c, rnd = g.copy(), random.Random(0)
        while not c.is_over:
            c.apply(rnd.choice(c.legal_actions()))
        assert state_to_dict(g) == before
        # And the original still plays on normally.
        g.apply(g.legal_actions()[-1])


# determinized() --------------------------------------------------------------------------------
def visible(g: GameState) -> dict:
    """What every player can see or count."""
    d = state_to_dict(g)
    remaining = Counter(t for stack in g.stacks for t in stack)
    return {
        k: d[k]
        for k in (
            "displays",
            "wheel_tile",
            "wheel_viking",
            "bag",
            "removed_vikings",
            "removed_tiles",
            "history",
            "phase",
            "to_move",
            "round",
            "scores",
        )
    } | {"stack sizes": [len(s) for s in g.stacks], "remaining": remaining}


@pytest.mark.parametrize("n,seed,steps", [(2, 1, 0), (3, 3, 60), (4, 5, 100)])
def test_determinized_keeps_the_visible_and_redraws_the_hidden(n, seed, steps):
    g = played(n, seed, steps)
    before = state_to_dict(g)
    changed = 0
    for s in range(8):
        d = g.determinized(s)
        assert visible(d) == visible(g)
        changed += d.stacks != g.stacks
        assert d == g.determinized(s)
    assert changed >= 1
    assert state_to_dict(g) == before


def test_determinized_game_plays_to_the_end():
    d, rnd = played(3, 4, 50).determinized(9), random.Random(2)
    while not d.is_over:
        d.apply(rnd.choice(d.legal_actions()))
    assert sum(d.bag) + sum(d.removed_vikings) + sum(sum(x.pool) for x in d.displays) <= RULES.total_vikings


# Saves from before the auction correction (rules version 1) ---------------------------------
OLD_AUCTION = Path(__file__).parents[1] / "data" / "old-auction-save.json"


def test_new_saves_record_the_rules_edition():
    doc = doc_of(new(2, 1))
    assert doc["version"] == 2 and doc["config"]["rules_version"] == 2


def test_an_old_auction_save_replays_under_the_rule_it_was_played_under():
    """tests/data/old-auction-save.json was written by the engine before the correction (a
    3-player game with every advanced rule, stopped at round 4's auction): the last winner
    opened each auction. It loads as that game, keeps its edition when saved again, and
    plays on under its rule."""
    text = OLD_AUCTION.read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["version"] == 1 and "rules_version" not in old["config"]
    g = load(text, RULES)
    assert g.config.rules_version == 1 and state_to_dict(g) == old["state"]
    assert load(save(g), RULES).config.rules_version == 1
    # Under today's rule the same actions are not this game: the replay refuses them or
    # ends elsewhere, which is why the edition is recorded.
    doc = json.loads(text)
    doc["version"] = 2
    doc["config"]["rules_version"] = doc["state"]["config"]["rules_version"] = 2
    message = load_error(reseal(doc))
    assert "cannot be replayed" in message or "does not match a replay" in message


def test_messages_quote_only_an_excerpt_of_a_long_value():
    doc = doc_of(played(2, 2, 30))
    doc["actions"][3] = doc["state"]["history"][3] = ["buy", "9" * 5000]
    message = load_error(reseal(doc))
    assert message.startswith("action 4 of 30 (buy 999") and len(message) < 200
    doc = doc_of(new(2, 1))
    doc["config"]["seed"] = "x" * 100_000
    message = load_error(reseal(doc))
    assert "'config.seed' must be a whole number" in message and len(message) < 200
