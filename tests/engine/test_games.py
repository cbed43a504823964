"""Whole seeded games: invariants after every action, determinism, events, the simulate command."""

import json
import random

import pytest
from helpers import make_game

from vikings.commands import simulate
from vikings.commands.cli import main
from vikings.engine import describe_line
from vikings.engine.invariants import check
from vikings.engine.serialize import state_to_dict
from vikings.text.events import describe


def play_checked(players, seed):
    game = make_game(players=players, seed=seed, start_player=None)
    chooser = random.Random(seed)
    actions, events = [], []
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        events += game.apply(action)
        actions.append(action)
        assert check(game) == [], f"seed {seed} after {len(actions)} actions"
    return game, actions, events


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_games_keep_every_invariant(players, seed):
    game, actions, events = play_checked(players, seed)
    assert game.is_over and sorted(game.ranks)[0] == 1
    assert sum(1 for e in events if e.type == "bought") == 72
    assert sum(1 for e in events if e.type == "offer") == 5, "rounds 2-6 (round 1 is laid at creation)"
    assert [e.type for e in events].count("game_over") == 1


def test_same_seed_and_actions_give_the_same_game():
    game, actions, _ = play_checked(3, 42)
    again = make_game(players=3, seed=42, start_player=None)
    for action in actions:
        again.apply(action)
    assert state_to_dict(again) == state_to_dict(game)
    assert again == game and again.copy() == game
    again.displays[0].gold += 1
    assert again != game, "equality looks at every field of play"
    other = make_game(players=3, seed=43, start_player=None)
    assert state_to_dict(other) != state_to_dict(make_game(players=3, seed=42, start_player=None))


def test_quiet_games_play_the_same_without_events():
    game, actions, _ = play_checked(2, 5)
    quiet = make_game(players=2, seed=5, start_player=None)
    quiet.quiet = True
    for action in actions:
        assert quiet.apply(action) == []
    assert state_to_dict(quiet) == state_to_dict(game)


def test_every_event_reads_as_a_log_line(rules):
    game, _, events = play_checked(4, 9)
    names = game.config.players
    for e in events:
        text = describe(e, rules, names)
        assert text and e.type not in text.split()[0], f"no plain description for {e}"
    scoring = [e for e in events if e.type == "scoring"]
    assert {e.data["kind"] for e in scoring} == {"small", "large", "final"}
    goldsmith_lines = [line for e in scoring for line in e.data["lines"] if line["what"] == "goldsmith"]
    if goldsmith_lines:
        assert describe_line(goldsmith_lines[0]).startswith("+3 Gold for the goldsmith at row 4 column ")


def test_scoring_events_add_up_to_the_change_in_gold_and_fame():
    game, _, events = play_checked(3, 17)
    for e in events:
        if e.type == "scoring":
            lines = e.data["lines"]
            assert sum(x["gold"] for x in lines) == e.data["gold_change"]
            assert sum(x["fame"] for x in lines) == e.data["fame_change"]
    final = game.scores[-1][2]
    for score, d in zip(final, game.displays):
        assert (score.gold, score.fame) == (d.gold, d.fame)


def test_copies_are_independent_and_determinized_copies_hide_only_the_unseen():
    game = make_game(players=4, seed=8)
    chooser = random.Random(8)
    for _ in range(40):
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    before = state_to_dict(game)
    copy = game.copy()
    assert state_to_dict(copy) == before
    while not copy.is_over:
        legal = copy.legal_actions()
        copy.apply(legal[chooser.randrange(len(legal))])
    assert state_to_dict(game) == before
    a, b = game.determinized(1), game.determinized(2)
    for s in (a, b):
        assert [d.rows for d in s.displays] == [d.rows for d in game.displays]
        assert s.wheel_tile == game.wheel_tile and s.bag == game.bag
        assert sorted(t for st in s.stacks for t in st) == sorted(t for st in game.stacks for t in st)
    assert a.stacks != b.stacks
    assert state_to_dict(game.determinized(1)) == state_to_dict(a)


def test_simulate_prints_a_line_per_game_and_a_summary(capsys):
    assert main(["simulate", "--players", "2", "--games", "3", "--seed", "5"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["seed"] for x in lines[:3]] == [5, 6, 7]
    assert all(sorted(x["rank"])[0] == 1 and len(x["fame"]) == 2 for x in lines[:3])
    assert lines[3]["summary"]["games"] == 3


def test_simulate_stops_at_the_first_violation_with_a_reproduction(capsys, monkeypatch):
    calls = []

    def broken(state):
        calls.append(1)
        return ["made-up problem"] if len(calls) == 10 else []

    monkeypatch.setattr(simulate, "check", broken)
    assert main(["simulate", "--players", "3", "--games", "2", "--seed", "11"]) == 1
    out, err = capsys.readouterr()
    report = json.loads(out.splitlines()[-1])
    assert report["seed"] == 11 and len(report["actions"]) == 10 and "made-up problem" in err
    # The reported actions replay on a fresh game with that seed.
    game = make_game(players=3, seed=11, start_player=None)
    from vikings.engine import parse_action

    for text in report["actions"]:
        game.apply(parse_action(text))


def test_determinized_copies_do_not_depend_on_the_hidden_order():
    game = make_game(players=2, seed=31)
    shuffled = game.copy()
    tiles = [t for st in shuffled.stacks for t in st]
    tiles.reverse()
    i, stacks = 0, []
    for st in shuffled.stacks:
        stacks.append(tuple(tiles[i : i + len(st)]))
        i += len(st)
    shuffled.stacks = tuple(stacks)
    assert shuffled.stacks != game.stacks
    assert game.determinized(4).stacks == shuffled.determinized(4).stacks


@pytest.mark.parametrize("options", [(), ("auction", "single_boatswain", "special_tiles")])
def test_every_action_unpickles_to_its_interned_self(rules, options):
    # The bots' helper process receives the game as actions and answers with one: a
    # pickled action must come back as the very instance the engine's lists hold.
    import pickle

    from vikings.engine import GameConfig, new_game

    kinds = set()
    for seed in range(12):
        game = new_game(GameConfig(("a", "b", "c"), seed=seed, options=frozenset(options)), rules)
        game.quiet = True
        r = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            for a in legal:
                assert pickle.loads(pickle.dumps(a)) is a
                kinds.add(type(a).__name__)
            game.apply(r.choice(legal))
    assert {"Buy", "PlaceTile", "PlaceStart", "PlaceViking", "UseBoatswain", "MoveViking"} <= kinds
    if options:
        assert {"Bid", "PassBid", "RemoveViking", "ChooseColour", "TakeSpecial", "DeclineSpecial"} <= kinds
