"""Beginner and Normal bots, and the static evaluation they and the search bots use."""

import pytest
from helpers import make_game, random_play

from vikings.bots import make_bot
from vikings.bots.base import Cancelled, CancelToken
from vikings.bots.evaluate import explain, utilities, value, values
from vikings.bots.heuristic import BeginnerBot, NormalBot
from vikings.bots.play import play_out
from vikings.engine import BOATSWAIN, BOATSWAIN_MOVE, PLACE, PURCHASE, VIKING
from vikings.engine.notation import parse_display
from vikings.engine.serialize import state_to_dict


def play(levels, seed, check=None, steps=None):
    """Play one game (or `steps` actions of it) with one bot per seat (bot seeds from the
    game seed); returns the game and the phases in which a bot had a real choice."""
    game = make_game(players=len(levels), seed=seed)
    game.quiet = True
    bots = [make_bot(level, seed * 10 + k) if isinstance(level, str) else level for k, level in enumerate(levels)]
    phases = set()
    while not game.is_over and (steps is None or steps > 0):
        if steps is not None:
            steps -= 1
        legal = game.legal_actions()
        action = bots[game.to_move].choose(game, legal)
        assert action in legal
        if len(legal) > 1:
            phases.add(game.phase)
        if check:
            check(game)
        game.apply(action)
    return game, phases


def wins(game, seat):
    return game.ranks[seat] == 1 and sum(r == 1 for r in game.ranks) == 1


@pytest.mark.parametrize(
    "levels", [("normal", "beginner"), ("beginner", "normal", "random"), ("normal", "beginner", "normal", "beginner")]
)
def test_bots_play_complete_games_legally(levels):
    seen = set()
    for seed in (1, 2):
        game, phases = play(levels, seed)
        assert game.is_over and sorted(game.ranks)[0] == 1
        seen |= phases
    assert {PURCHASE, PLACE, VIKING} <= seen
    assert seen & {BOATSWAIN, BOATSWAIN_MOVE}, "boatswain decisions were made somewhere"


@pytest.mark.parametrize("cls", [BeginnerBot, NormalBot])
def test_same_seed_same_choices(cls):
    def actions(bot_seed):
        game = make_game(players=2, seed=4)
        game.quiet = True
        bots = [cls(bot_seed), cls(bot_seed + 1)]
        out = []
        while not game.is_over and len(out) < 60:
            a = bots[game.to_move].choose(game)
            out.append(a)
            game.apply(a)
        return out

    assert actions(3) == actions(3)


@pytest.mark.parametrize("cls", [BeginnerBot, NormalBot])
def test_bots_never_modify_the_game(cls):
    bot = cls(1)

    def check(game):
        before = state_to_dict(game)
        legal, quiet = game.legal_actions(), game.quiet
        bot.choose(game, legal)
        assert state_to_dict(game) == before
        assert game.legal_actions() == legal and game.quiet == quiet

    play((bot, bot), 6, check=check, steps=120)  # well into the game


@pytest.mark.parametrize("cls", [BeginnerBot, NormalBot])
def test_bots_use_nothing_hidden(cls):
    """Re-drawing what nobody has seen (the stacks face down, future bag draws) changes no
    decision, including the last purchase of a round, after which the next offer is laid."""
    game = make_game(players=2, seed=8)
    game.quiet = True
    bots = [NormalBot(1), NormalBot(2)]
    checked = 0

    def same_without_hidden(game, legal, action):
        nonlocal checked
        if len(legal) > 1 and (game.phase != PURCHASE or game.bought >= 9 or checked < 5):
            seed = checked
            assert cls(seed).choose(game, legal) == cls(seed).choose(game.determinized(99), legal)
            checked += 1

    play_out(game, bots, on_move=same_without_hidden)
    assert checked > 40


def test_cancel_stops_a_decision():
    game = make_game(players=2, seed=2)
    token = CancelToken()
    token.cancel()
    for bot in (BeginnerBot(0), NormalBot(0)):
        with pytest.raises(Cancelled):
            bot.choose(game, cancel=token)


def test_a_turn_search_stops_inside_an_options_turn_when_its_token_fires():
    # The token is checked at every inner step of a turn, not only between the options
    # tried: one option's turn with a large display can take a good part of a second.
    from vikings.bots.turn_search import TurnSearch

    game = make_game(players=2, seed=2)
    while game.phase != PURCHASE:
        game.apply(game.legal_actions()[0])
    legal = game.legal_actions()
    judged = []

    class FiresAtSecondCheck(CancelToken):
        checks = 0

        def check(self):
            self.checks += 1
            if self.checks == 2:
                raise Cancelled()

    def leaf(s):
        judged.append(s)
        return 0.0

    with pytest.raises(Cancelled):
        TurnSearch(game.to_move, leaf, FiresAtSecondCheck()).scores(game, legal)
    assert not judged  # stopped inside the first option's turn, before it judged a state
    TurnSearch(game.to_move, leaf).scores(game, legal[:1])
    assert len(judged) > 1  # which, run to its end, judges several


def test_make_bot_builds_the_heuristic_levels():
    assert isinstance(make_bot("beginner", 1), BeginnerBot)
    assert isinstance(make_bot("Normal", 1), NormalBot)


def series(a, b, games, seed=100):
    """Wins of level a against level b over 2-player games with seats alternated."""
    won = 0
    for i in range(games):
        seat = i % 2
        levels = (a, b) if seat == 0 else (b, a)
        game, _ = play(levels, seed + i)
        won += wins(game, seat)
    return won


def test_normal_beats_random():
    assert series("normal", "random", 6) == 6


def test_beginner_beats_random():
    assert series("beginner", "random", 10) >= 8


def test_normal_beats_beginner():
    assert series("normal", "beginner", 6) >= 5


# Evaluation --------------------------------------------------------------------------------------


def test_evaluation_of_a_finished_game_is_its_result(chooser):
    for players in (2, 3, 4):
        game = random_play(make_game(players=players, seed=players), chooser)
        assert game.is_over
        best = [r == 1 for r in game.ranks]
        assert utilities(game) == [1 / sum(best) if b else 0.0 for b in best]
        for p, d in enumerate(game.displays):
            assert value(game, p) == pytest.approx(d.fame + d.gold / 1000)


def test_utilities_are_chances_during_the_game(chooser):
    for players in (2, 3, 4):
        game = make_game(players=players, seed=9)
        for steps in (0, 40, 40, 40):
            random_play(game, chooser, steps)
            u = utilities(game)
            assert len(u) == players and all(0 < x < 1 for x in u)
            assert sum(u) == pytest.approx(1.0)
            v = values(game)
            assert v == pytest.approx([value(game, p) for p in range(players)])
            assert max(range(players), key=lambda p: u[p]) == max(range(players), key=lambda p: v[p])


def mid_game(rules, *notations):
    """A 2-player game in round 2, purchase phase, with the given displays."""
    game = make_game(players=2, seed=3)
    game.quiet = True
    while game.round < 1:
        game.apply(game.legal_actions()[0])
    assert game.phase == PURCHASE
    for p, text in enumerate(notations):
        game.displays[p] = parse_display(text, rules)
    game._legal = None
    return game


OTHER = "/S//// - 20 10"


def test_an_unthreatened_goldsmith_raises_value(rules):
    without = mid_game(rules, "/L/L/L/L/S - 20 10", OTHER)
    pooled = mid_game(rules, "/L/L/L/L/S g 20 10", OTHER)
    placed = mid_game(rules, "/L/L/L/L*/S - 20 10", OTHER)
    assert value(placed, 0) > value(pooled, 0)
    assert value(placed, 0) > value(without, 0) + 3  # at least one scoring's 3 Gold and more
    # ... but not when a ship reaching the goldsmiths' row stands above it, unrepelled.
    threatened = mid_game(rules, "y/L/L/L/L*/S - 20 10", OTHER)
    assert value(threatened, 0) < value(placed, 0) - 3


def test_a_threatening_ship_lowers_value_and_a_warrior_beneath_it_pays(rules):
    safe = mid_game(rules, "/L/L*/L*/L*/S* - 10 10", OTHER)
    threatened = mid_game(rules, "g/L/L*/L*/L*/S* - 10 10", OTHER)
    repelled = mid_game(rules, "g/L*/L*/L*/L*/S* - 10 10", OTHER)
    assert value(threatened, 0) < value(safe, 0) - 4  # the noble and scout earn nothing, and the cost
    assert value(repelled, 0) > value(threatened, 0) + 4
    assert value(repelled, 0) > value(safe, 0)  # the warrior earns the ship's 5 Gold per large scoring


def test_scouts_count_what_stands_below(rules):
    below = mid_game(rules, "/L/L/L*/L*/S* - 10 10", OTHER)
    apart = mid_game(rules, "/L/L/L*/LR*/SF* - 10 10", OTHER)
    assert value(below, 0) > value(apart, 0)  # same Vikings, but under the scout they add 2 per large


def test_fishermen_feed_and_majorities_count(rules):
    hungry = mid_game(rules, "/L/L/L/L/S f4n 10 10", OTHER)
    fed = mid_game(rules, "/L/L/L/L/S* 4n 10 10", OTHER)
    assert value(fed, 0) > value(hungry, 0) + 3  # 5 food (the one in the pool might be moved later)
    few = mid_game(rules, "/L/L/L/L/S 3wb 10 10", "/S//// 3b 20 10")
    many = mid_game(rules, "/L/L/L/L/S 4b 10 10", "/S//// 3b 20 10")
    assert value(many, 0) > value(few, 0) + 2  # likely to win the boatswain majority
    rival = "/L/L/L/L/S - 20 10"
    island = mid_game(rules, "/LR/L/L/L/S - 10 10", rival)
    fewer = mid_game(rules, "//L/L/L/S - 10 10", rival)
    assert value(island, 0) > value(fewer, 0) + 1
    parts = explain(island, 0)
    assert parts["islands"][0] == 1 and parts["value"] == pytest.approx(value(island, 0))


def test_gold_is_worth_more_while_there_is_time_to_spend_it(rules):
    early = mid_game(rules, "/L/L/L/L/S - 10 10", OTHER)
    rich = mid_game(rules, "/L/L/L/L/S - 20 10", OTHER)
    gain_early = value(rich, 0) - value(early, 0)
    assert 10 / 5 < gain_early < 10
