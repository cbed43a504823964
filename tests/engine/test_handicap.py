"""The house rule of extra starting Gold (GameConfig.handicap, docs/rulings.md): a seat
starts with the extra Gold, the game is otherwise the same, and saves and game codes
carry it while older ones still read."""

import json
import random

import pytest

from vikings.content.data import default_rules
from vikings.engine import ConfigError, GameConfig, new_game
from vikings.engine.serialize import load, save
from vikings.history.game_code import game_code, read_code
from vikings.saves.table_file import Seat


def play(game, seed):
    chooser = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
    return game


def test_handicap_seat_starts_with_the_extra_gold_and_the_deal_is_the_same():
    rules = default_rules()
    plain = new_game(GameConfig(("A", "B", "C"), seed=5), rules)
    extra = new_game(GameConfig(("A", "B", "C"), seed=5, handicap=(0, 4, 0)), rules)
    assert [d.gold for d in extra.displays] == [
        plain.displays[0].gold,
        plain.displays[1].gold + 4,
        plain.displays[2].gold,
    ]
    assert [d.fame for d in extra.displays] == [d.fame for d in plain.displays]
    assert extra.stacks == plain.stacks and extra.start_player == plain.start_player
    assert extra.legal_actions()[:1] == plain.legal_actions()[:1]


def test_handicap_game_plays_to_the_end_and_round_trips_through_a_save():
    rules = default_rules()
    game = play(new_game(GameConfig(("A", "B"), seed=11, handicap=(3, 0)), rules), seed=2)
    text = save(game)
    assert json.loads(text)["config"]["handicap"] == [3, 0]
    again = load(text, rules)
    assert again.config.handicap == (3, 0) and again.ranks == game.ranks
    assert [d.gold for d in again.displays] == [d.gold for d in game.displays]


def test_handicap_absent_from_saves_without_it_and_old_saves_read():
    rules = default_rules()
    game = new_game(GameConfig(("A", "B"), seed=3), rules)
    doc = json.loads(save(game))
    assert "handicap" not in doc["config"]
    assert load(save(game), rules).config.handicap == ()


@pytest.mark.parametrize("handicap", [(1,), (1, 2, 3), (-1, 0), (0, 99), (True, 0)])
def test_handicap_refused_when_it_does_not_fit_the_table(handicap):
    with pytest.raises(ConfigError):
        new_game(GameConfig(("A", "B"), seed=1, handicap=handicap), default_rules())


def test_handicap_travels_in_a_game_code():
    rules = default_rules()
    game = play(new_game(GameConfig(("Ada", "Bo"), seed=8, handicap=(0, 5)), rules), seed=4)
    seats = [Seat("Ada", "person", "teal"), Seat("Bo", "normal", "orange")]
    table = read_code(game_code(seats, game, [0, 0]), rules)
    assert table.game.config.handicap == (0, 5) and table.game.ranks == game.ranks
    plain = play(new_game(GameConfig(("Ada", "Bo"), seed=8), rules), seed=4)
    assert read_code(game_code(seats, plain, [0, 0]), rules).game.config.handicap == ()
