"""The search bots (Hard, Expert): legal complete games, determinism, no peeking at hidden
information, cancellation, the game left untouched, and strength against Random.

Most tests use a small fixed iteration budget (`iterations=`) to stay fast; the level
budgets are checked separately."""

import random
import threading
import time

import pytest
from helpers import light_playouts, make_game, random_play, uncapped

from vikings.bots import Cancelled, CancelToken, RandomBot, make_bot
from vikings.bots.mcts import SearchBot, level_settings, make_search_bot
from vikings.bots.play import play_out
from vikings.engine import Buy, FinishBoatswains, MoveViking, PlaceStart, PlaceTile, PlaceViking, UseBoatswain
from vikings.engine.serialize import state_to_dict


def play(bots, seed, players=None):
    players = players or len(bots)
    game = make_game(players=players, seed=seed, start_player=0)
    chosen = []

    def note(game, legal, action):
        assert action in legal
        chosen.append((game.to_move, action, len(legal)))

    play_out(game, bots, on_move=note)
    return game, chosen


def mid_round_game(seed=3, steps=9, players=2):
    """A game a few decisions into round 2, at a purchase with several options."""
    game = make_game(players=players, seed=seed)
    chooser = random.Random(seed)
    while game.round < 1:
        random_play(game, chooser, 1)
    random_play(game, chooser, steps)
    while len(game.legal_actions()) < 3:
        random_play(game, chooser, 1)
    return game


def test_make_bot_builds_hard_and_expert():
    hard, expert = make_bot("hard", 1), make_bot("expert", 1)
    assert isinstance(hard, SearchBot) and hard.level == "hard"
    assert isinstance(expert, SearchBot) and expert.level == "expert"
    game = mid_round_game()
    legal = game.legal_actions()
    assert expert.budget(game, legal) > hard.budget(game, legal)
    with pytest.raises(ValueError):
        make_search_bot("normal")
    with pytest.raises(TypeError):
        make_search_bot("hard", explorashun=1)


def test_trivial_decisions_get_a_smaller_budget():
    bot = make_search_bot("hard")
    game = mid_round_game()
    two = game.legal_actions()[:2]
    many = game.legal_actions() + tuple(PlaceTile(1, c) for c in range(1, 10))
    assert bot.budget(game, two) < bot.budget(game, many) <= level_settings("hard", 2).max_iterations


@pytest.mark.parametrize("players", [2, 4])
def test_complete_games_are_legal(players, monkeypatch):
    # (one playout per 4-player decision: the lookahead is tested below)
    light_playouts(monkeypatch, 1)
    bots = [SearchBot(p, iterations=25) if p % 2 == 0 else RandomBot(p) for p in range(players)]
    game, chosen = play(bots, seed=11, players=players)
    assert game.is_over and min(game.ranks) == 1
    mine = {type(a) for p, a, k in chosen if p % 2 == 0 and k > 1}
    assert {Buy, PlaceTile, PlaceViking} <= mine


def test_every_kind_of_decision_is_answered():
    """Walk random games and ask the bot at the first decisions of every kind."""
    bot = SearchBot(5, iterations=20)
    wanted = {Buy, PlaceTile, PlaceStart, PlaceViking, UseBoatswain, MoveViking, FinishBoatswains}
    seen = set()
    for seed in range(40):
        game = make_game(players=2 + seed % 3, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over and seen != wanted:
            legal = game.legal_actions()
            kinds = {type(a) for a in legal} - seen
            if kinds and len(legal) > 1:
                action = bot.choose(game)
                assert action in legal
                seen |= kinds
            game.apply(legal[chooser.randrange(len(legal))])
        if seen == wanted:
            break
    assert seen == wanted


def test_decisions_are_deterministic_for_a_seed():
    game = mid_round_game()
    a = SearchBot(42, iterations=150)
    b = SearchBot(42, iterations=150)
    assert a.choose(game) is b.choose(game)
    assert a.last_stats["visits"] == b.last_stats["visits"]
    # A whole short stretch of play, too.
    g1, g2 = make_game(seed=4), make_game(seed=4)
    b1, b2 = SearchBot(9, iterations=40), SearchBot(9, iterations=40)
    for _ in range(12):
        x, y = b1.choose(g1), b2.choose(g2)
        assert x is y
        g1.apply(x)
        g2.apply(y)


@pytest.mark.parametrize("rollout", [False, True])
def test_hidden_information_does_not_change_the_decision(rollout):
    """Two games a player cannot tell apart (same displays, wheel and bag contents; different
    order of the face-down stacks and different future bag draws) get the same decision
    and even the same search statistics."""
    game = mid_round_game()
    one, two = game.determinized(1), game.determinized(2)
    assert one.stacks != two.stacks and one.rng != two.rng
    assert sorted(t for s in one.stacks for t in s) == sorted(t for s in two.stacks for t in s)
    a = SearchBot(7, iterations=120, rollout=rollout)
    b = SearchBot(7, iterations=120, rollout=rollout)
    assert a.choose(one) is b.choose(two)
    assert a.last_stats["visits"] == b.last_stats["visits"]


def test_hidden_information_edited_stacks():
    """The same with the stacks swapped by hand in the real game."""
    game = mid_round_game(seed=8)
    other = game.copy()
    stacks = list(other.stacks)
    later = [i for i, s in enumerate(stacks) if s]
    stacks[later[0]], stacks[later[-1]] = stacks[later[-1]], tuple(reversed(stacks[later[0]]))
    other.stacks = tuple(stacks)
    assert other.stacks != game.stacks
    a = SearchBot(3, iterations=100, rollout=True)
    b = SearchBot(3, iterations=100, rollout=True)
    assert a.choose(game) is b.choose(other)
    assert a.last_stats["visits"] == b.last_stats["visits"]


def test_the_game_is_not_modified():
    game = mid_round_game()
    before = state_to_dict(game)
    legal, quiet = game.legal_actions(), game.quiet
    SearchBot(1, iterations=200, rollout=True).choose(game)
    assert state_to_dict(game) == before
    assert game.legal_actions() is legal and game.quiet == quiet


def test_cancel_from_another_thread_stops_quickly():
    game = mid_round_game()
    bot = SearchBot(1, iterations=10**7, max_seconds=60, rollout=True)
    token = CancelToken()
    timer = threading.Timer(0.2, token.cancel)
    timer.start()
    started = time.perf_counter()
    with pytest.raises(Cancelled):
        bot.choose(game, cancel=token)
    assert time.perf_counter() - started < 1.0
    timer.cancel()


def test_already_cancelled_raises_at_once():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        SearchBot(1, iterations=10**7).choose(mid_round_game(), cancel=token)


def test_safety_cap_stops_a_runaway_search():
    bot = SearchBot(1, iterations=10**7, max_seconds=0.3)
    started = time.perf_counter()
    action = bot.choose(mid_round_game())
    assert time.perf_counter() - started < 1.5
    assert bot.last_stats["capped"] and action in mid_round_game().legal_actions()


def test_a_single_legal_action_returns_at_once():
    game = mid_round_game()
    only = game.legal_actions()[:1]
    bot = SearchBot(1, iterations=10**7)
    assert bot.choose(game, only) is only[0]


def test_beats_random_in_two_player_games():
    wins = 0
    for g in range(4):
        seat = g % 2
        bots = [None, None]
        bots[seat] = SearchBot(g, iterations=80)
        bots[1 - seat] = RandomBot(g)
        game, _ = play(bots, seed=200 + g)
        wins += game.ranks[seat] == 1 and game.ranks[1 - seat] != 1
    assert wins >= 3


def test_the_tree_is_reused_when_the_game_goes_on_inside_it():
    game = mid_round_game()
    bot = SearchBot(2, iterations=300)
    while not isinstance(game.legal_actions()[0], Buy):
        game.apply(game.legal_actions()[0])
    game.apply(bot.choose(game))
    while len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    bot.choose(game)
    assert bot.last_stats["reused"] > 0
    # A different game (no shared history) starts afresh.
    bot.choose(mid_round_game(seed=5))
    assert bot.last_stats["reused"] == 0


# With 3-4 players purchases and placements are played out to the round's end (lookahead.py).


def four_player_purchase(seed=3):
    """A 4-player game at a purchase with more groups than Hard plays out."""
    game = make_game(players=4, seed=seed)
    chooser = random.Random(seed)
    while game.round < 1:
        random_play(game, chooser, 1)
    while not (isinstance(game.legal_actions()[0], Buy) and len(game.legal_actions()) > 6):
        random_play(game, chooser, 1)
    return game


def test_four_players_decide_purchases_by_playouts_of_normals_best():
    from vikings.bots.heuristic import NormalBot

    game = four_player_purchase()
    legal = game.legal_actions()
    hard = uncapped("hard", 4)
    assert hard.choose(game) in legal
    assert hard.last_stats["playouts"] == len(legal)  # Hard plays out every group on the wheel
    bot = uncapped("hard", 4, candidates=5)  # no cap: on a busy machine it would cut the playouts short
    action = bot.choose(game)
    stats = bot.last_stats
    assert stats["playouts"] == 5 < len(legal)
    scores = NormalBot(0).scores(game.determinized(0), legal)
    best = sorted(range(len(legal)), key=lambda i: -scores[i])[: stats["playouts"]]
    assert set(stats["chances"]) == {str(legal[i]) for i in best}
    assert str(action) == max(stats["chances"], key=stats["chances"].get)
    assert all(0.0 <= c <= 1.0 for c in stats["chances"].values())


def test_placements_are_played_out_in_full():
    game = four_player_purchase()
    game.apply(uncapped("hard", 4).choose(game))
    legal = game.legal_actions()
    assert isinstance(legal[0], PlaceTile) and len(legal) > 3
    hard = uncapped("hard", 4)
    action = hard.choose(game)
    assert hard.last_stats["playouts"] == len(legal)  # every place tried
    chances = hard.last_stats["chances"]
    assert set(chances) == {str(a) for a in legal}
    assert chances[str(action)] == max(chances.values())


def test_a_playout_ends_at_the_rounds_end_with_every_purchase_made():
    from vikings.bots.heuristic import NormalBot
    from vikings.bots.turn_search import play_round

    game = four_player_purchase()
    s = game.copy()
    s.quiet = True
    end = play_round(s, NormalBot(1), None)
    assert end is s and s.round == game.round + 1 and s.bought == 0

    def tiles(g):
        return sum(1 for d in g.displays for _ in d.tiles())

    assert tiles(s) - tiles(game) == game.rules.wheel_spaces - game.bought  # every group left was bought


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_four_player_playouts_do_not_read_the_hidden_order(level, monkeypatch):
    game = four_player_purchase(seed=6)
    one, two = game.determinized(1), game.determinized(2)
    assert one.stacks != two.stacks
    light_playouts(monkeypatch, 4)
    a, b = uncapped(level, 7), uncapped(level, 7)
    assert a.choose(one) is b.choose(two)
    assert len(a.last_stats["chances"]) == 4
    assert a.last_stats["chances"] == b.last_stats["chances"]
    # and the placement that follows
    one.apply(a.choose(one))
    two.apply(b.choose(two))
    assert a.choose(one) is b.choose(two) and a.last_stats["chances"] == b.last_stats["chances"]


def test_four_player_playouts_stop_at_the_cap_and_on_cancel():
    game = four_player_purchase()
    bot = SearchBot(1, max_seconds=0.0)
    assert bot.choose(game) in game.legal_actions()
    assert bot.last_stats["playouts"] == 1 and bot.last_stats["capped"]
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        SearchBot(1).choose(game, cancel=token)


def test_the_hard_model_buys_what_hard_buys_among_the_same_groups():
    # HardModel (the playouts' cheaper model of a Hard player) plays out Normal's best
    # `keep` groups exactly as Hard does with `candidates=keep`, so the two agree.
    from vikings.bots.heuristic import NormalBot
    from vikings.bots.lookahead import HardModel

    for seed in (3, 4):
        game = four_player_purchase(seed)
        legal = game.legal_actions()
        hard = uncapped("hard", 1, candidates=3)
        expected = hard.choose(game)
        model = HardModel(NormalBot(1), 3, random.Random(1))
        assert model.choose(game.determinized(0), legal) == expected
        scores = NormalBot(0).scores(game.determinized(0), legal)
        best = sorted(range(len(legal)), key=lambda i: -scores[i])[:3]
        assert expected in {legal[i] for i in best}
    # Any other decision is Normal's.
    game.apply(expected)
    legal = game.legal_actions()
    assert isinstance(legal[0], PlaceTile)
    assert model.choose(game.determinized(0), legal) == NormalBot(1).choose(game.determinized(0), legal)


class _NoDraw:
    """A generator that never breaks a tie at random (the first of equal scores wins), so
    Normal decides the same whenever it meets the same state."""

    def random(self):
        return 0.0


@pytest.mark.parametrize("seed", [5, 6])
def test_a_hard_model_playout_along_a_recorded_line_ends_as_one_worked_out_afresh(seed, monkeypatch):
    # The second pass follows the first pass's line of its option and, after each modelled
    # purchase, the line of the group chosen: Normal's choices and rankings are read from
    # the lines, and Normal's own group is not played out again. With ties broken alike it
    # must end where a playout that works every decision out afresh ends, with fewer
    # playouts of Normal. (Normal breaks ties by its generator, which then draws otherwise.)
    from vikings.bots import lookahead
    from vikings.bots.heuristic import NormalBot
    from vikings.bots.lookahead import HardModel, chance_after, line_after
    from vikings.bots.turn_search import argmax, best_few, play_round
    from vikings.engine.state import PURCHASE

    def normal():
        bot = NormalBot(1)
        bot.rng = _NoDraw()
        return bot

    class Afresh:  # the model of Hard as it was: every decision worked out on its own
        def __init__(self):
            self.normal, self.playouts = normal(), 0

        def choose(self, s, legal, cancel=None):
            if s.phase != PURCHASE:
                return self.normal.choose(s, legal)
            top = best_few(self.normal.scores(s.copy(), legal), 3)
            self.playouts += len(top)
            chances = [chance_after(s, legal[i], self.normal) for i in top]
            return legal[top[argmax(chances, _NoDraw())]]

    game = four_player_purchase(seed)
    base = game.determinized(0)
    base.quiet = True
    legal = base.legal_actions()
    option = legal[best_few(NormalBot(0).scores(base.copy(), legal), 1)[0]]
    old = Afresh()
    x = base.copy()
    x.apply(option)
    expected = play_round(x, old)
    first = line_after(base, option, normal())  # the first pass's playout of the option
    recorded = []
    real = lookahead.line_after

    def counting(*args):
        recorded.append(1)
        return real(*args)

    monkeypatch.setattr(lookahead, "line_after", counting)
    x = base.copy()
    x.apply(option)
    end = play_round(x, HardModel(normal(), 3, _NoDraw()).playout(first))
    assert [d.fame for d in end.displays] == [d.fame for d in expected.displays]
    assert [sorted(d.tiles()) for d in end.displays] == [sorted(d.tiles()) for d in expected.displays]
    assert old.playouts >= 18  # the whole round's purchases were modelled
    assert len(recorded) <= old.playouts * 3 // 4  # Normal's own group was seldom played out again


def test_expert_plays_its_best_options_out_again_with_the_hard_model():
    # With 3-4 players Expert re-judges its best three options by the Hard model (`refine`).
    game = four_player_purchase()
    bot = uncapped("expert", 2, candidates=6)
    action = bot.choose(game)
    stats = bot.last_stats
    first, refined = stats["chances"], stats["refined"]
    assert len(first) == 6 and len(refined) == 3
    assert set(refined) == set(sorted(first, key=first.get, reverse=True)[:3])  # the best three by Normal's model
    # Its choice: the best of those three by an even blend of both models' chances.
    assert bot.settings(game).blend == 0.5
    assert str(action) == max(refined, key=lambda a: refined[a] + first[a])
    assert all(0.0 <= c <= 1.0 for c in refined.values())
    plain = uncapped("expert", 2, candidates=6, refine=0)
    plain.choose(game)
    assert "refined" not in plain.last_stats and plain.last_stats["chances"] == first
    hard = uncapped("hard", 2, candidates=6)  # Hard's model of the table stays Normal
    hard.choose(game)
    assert "refined" not in hard.last_stats and hard.last_stats["chances"] == first


def test_the_second_pass_judges_the_best_three_of_the_first(monkeypatch):
    # The first pass judges every option within the time; the second pass plays the best
    # three of them out again with the model of Hard. A fake clock: every playout of either
    # pass takes one second.
    from vikings.bots import lookahead
    from vikings.bots.heuristic import NormalBot
    from vikings.bots.lookahead import Line, RoundLookahead

    class Clock:
        now = 0.0

        @classmethod
        def perf_counter(cls):
            return cls.now

    first = {"a": 0.1, "b": 0.5, "c": 0.3, "d": 0.4, "e": 0.2, "f": 0.9}
    second = {"b": 0.2, "c": 0.6, "d": 0.3, "f": 0.7}

    def line_after(base, action, normal, cancel=None):
        Clock.now += 1.0
        return Line([], [first[action]] * 4)

    def chance_after(base, action, model, cancel=None):
        Clock.now += 1.0
        return second[action]

    monkeypatch.setattr(lookahead, "time", Clock)
    monkeypatch.setattr(lookahead, "line_after", line_after)
    monkeypatch.setattr(lookahead, "chance_after", chance_after)
    game = four_player_purchase()
    base = game.determinized(0)
    options = tuple("abcdef")
    # f's chance is not overturned by the second pass (b, d: worse by the model of Hard).
    look = RoundLookahead(NormalBot(1), random.Random(1), max_seconds=10.0, refine=3)
    Clock.now = 0.0
    action, stats = look.choose(base, options, None, 0.0)
    assert len(stats["chances"]) == 6 and not stats["capped"] and action == "f"
    assert set(stats["refined"]) == {"b", "d", "f"}
    # Without a second pass the first pass's best stands.
    look = RoundLookahead(NormalBot(1), random.Random(1), max_seconds=10.0)
    Clock.now = 0.0
    action, stats = look.choose(base, options, None, 0.0)
    assert len(stats["chances"]) == 6 and "refined" not in stats and action == "f"


def test_blend_weighs_the_first_pass_into_the_second_pass_choice(monkeypatch):
    # `blend`: the second pass picks by a weighted mean of both passes' chances. Here the
    # model of Hard prefers b, Normal's model a by far: alone the second pass takes b, an
    # even blend a; the stats keep the model of Hard's own chances either way.
    from vikings.bots import lookahead
    from vikings.bots.heuristic import NormalBot
    from vikings.bots.lookahead import Line, RoundLookahead

    first = {"a": 0.9, "b": 0.5, "c": 0.4, "d": 0.1}
    second = {"a": 0.3, "b": 0.5, "c": 0.45}
    monkeypatch.setattr(
        lookahead, "line_after", lambda base, action, normal, cancel=None: Line([], [first[action]] * 4)
    )
    monkeypatch.setattr(lookahead, "chance_after", lambda base, action, model, cancel=None: second[action])
    base = four_player_purchase().determinized(0)
    chosen = {}
    for blend in (0.0, 0.5, 0.2):
        look = RoundLookahead(NormalBot(1), random.Random(1), max_seconds=60.0, refine=3, blend=blend)
        action, stats = look.choose(base, tuple("abcd"), None, time.perf_counter())
        assert stats["refined"] == second
        chosen[blend] = action
    assert chosen == {0.0: "b", 0.5: "a", 0.2: "b"}  # 0.2: a 0.42, b 0.5, c 0.44
    # Expert's own decision hands its setting to the playouts (Hard's: the pass alone).
    monkeypatch.undo()  # real playouts from here
    from vikings.bots import mcts

    handed = []

    class Spy(RoundLookahead):
        def __init__(self, *args, **kwargs):
            handed.append(kwargs.get("blend"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(mcts, "RoundLookahead", Spy)
    for level in ("expert", "hard"):
        make_search_bot(level, 1, candidates=2).choose(four_player_purchase())
    assert handed == [0.5, 0.0]


def test_a_playout_with_the_hard_model_past_the_cap_is_dropped():
    import time as clock

    from vikings.bots.heuristic import NormalBot
    from vikings.bots.lookahead import HardModel, OutOfTime, _Deadline

    game = four_player_purchase()
    legal = game.legal_actions()
    late = _Deadline(None, clock.perf_counter() - 1)
    with pytest.raises(OutOfTime):
        HardModel(NormalBot(1), 3, random.Random(1)).choose(game.determinized(0), legal, late)
    # The second pass of a decision whose time is up: its playout stops at the first
    # decision it models, and the first pass's best stands.
    from vikings.bots.lookahead import RoundLookahead

    look = RoundLookahead(NormalBot(1), random.Random(1), max_seconds=1.0, refine=3)
    base = game.determinized(0)
    chances = [0.2, 0.5, 0.4, 0.1][: len(legal)]
    lines = [None] * len(chances)
    assert look._refine(base, legal, chances, lines, 1, None, clock.perf_counter() - 10, 0.0) == (1, {})
    assert look.playouts == 0
