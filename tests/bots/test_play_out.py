"""play_out: a game played to its end by one bot a seat."""

from helpers import make_game

from vikings.bots import RandomBot, make_bot
from vikings.bots.play import play_out
from vikings.engine.serialize import state_to_dict


class Seat:
    """A bot that notes the seat to move each time it is asked."""

    def __init__(self, seat, seed, asked):
        self.seat, self.bot, self.asked = seat, RandomBot(seed), asked

    def choose(self, game, legal=None):
        self.asked.append((self.seat, game.to_move))
        return self.bot.choose(game, legal)


def test_the_game_is_played_to_its_end_and_returned():
    game = make_game(players=3, seed=2)
    assert play_out(game, [RandomBot(k) for k in range(3)]) is game
    assert game.is_over


def test_each_seat_is_asked_only_on_its_own_turn():
    asked = []
    game = make_game(players=4, seed=5)
    play_out(game, [Seat(k, 10 + k, asked) for k in range(4)])
    assert game.is_over and {seat for seat, _ in asked} == {0, 1, 2, 3}
    assert all(seat == to_move for seat, to_move in asked)


def test_on_move_sees_every_decision_before_it_is_applied():
    game = make_game(players=2, seed=3)
    seen = []

    def note(g, legal, action):
        assert g is game and action in legal and not g.is_over
        seen.append(action)

    play_out(game, [RandomBot(1), RandomBot(2)], on_move=note)
    assert tuple(seen) == tuple(game.actions())


def test_a_seeded_game_is_played_the_same_way_again_with_or_without_copies():
    def played(copies):
        game = make_game(players=2, seed=9)
        game.quiet = True
        play_out(game, [make_bot("normal", 1), make_bot("beginner", 2)], copies=copies)
        return state_to_dict(game), game.actions()

    assert played(False) == played(True) == played(False)
