"""Expert watches who plays like whom (table_watch.py): a player whose purchases are
Normal's is modelled as Normal, any other as Hard, and with no one playing like Hard
Expert's second pass does not run."""

from helpers import make_game, uncapped

from vikings.bots import RandomBot
from vikings.bots.heuristic import NormalBot
from vikings.bots.table_watch import TableWatch
from vikings.engine import Buy


def table_game(seats, until_round=2, seed=5):
    """A 4-player game played by `seats` (bots by seat) up to the first purchase of
    `until_round` with more than one group to choose from; the games of the way there, one
    per decision made."""
    game = make_game(players=4, seed=seed)
    shots = [game.copy()]
    while not (
        game.round >= until_round
        and isinstance(game.legal_actions()[0], Buy)
        and len(game.legal_actions()) > 3
        and game.to_move == 0
    ):
        game.apply(seats[game.to_move].choose(game))
        shots.append(game.copy())
    return game, shots


def normals_and_a_random():
    return table_game([NormalBot(10), NormalBot(11), NormalBot(12), RandomBot(13)])


def test_normal_players_are_modelled_as_normal_and_a_random_one_as_hard():
    game, _ = normals_and_a_random()
    watch = TableWatch(NormalBot(0), 0)
    watch.observe(game)
    # Two rounds: each other player bought at least five times.
    assert all(watch.seen[p] >= 5 for p in (1, 2, 3))
    assert 0 not in watch.seen  # its own purchases are not watched
    # Normal at the table buys what Normal would; Random rarely does.
    assert watch.missed.get(1, 0) == 0 and watch.missed.get(2, 0) == 0
    assert watch.missed[3] > watch.seen[3] / 2
    assert watch.hard_players(4) == frozenset({3})


def test_watching_bit_by_bit_counts_what_watching_once_counts_and_an_undo_starts_again():
    game, shots = normals_and_a_random()
    once = TableWatch(NormalBot(0), 0)
    once.observe(game)
    step = TableWatch(NormalBot(0), 0)
    for shot in shots[::7] + [game]:
        step.observe(shot)
    assert (step.seen, step.missed) == (once.seen, once.missed)
    # An undo (or a loaded game): the watch starts again from that game's beginning.
    earlier = shots[len(shots) // 2]
    fresh = TableWatch(NormalBot(0), 0)
    fresh.observe(earlier)
    step.observe(earlier)
    assert (step.seen, step.missed) == (fresh.seen, fresh.missed)
    assert sum(fresh.seen.values()) < sum(once.seen.values())


def test_expert_among_normals_chooses_as_hard_and_re_judges_when_one_plays_otherwise():
    # Among Normals, Expert's model of the table is Hard's: no second pass, the same choice.
    game, _ = table_game([NormalBot(10), NormalBot(11), NormalBot(12), NormalBot(13)])
    expert = uncapped("expert", 2, candidates=6)
    hard = uncapped("hard", 2, candidates=6)
    assert expert.choose(game) == hard.choose(game)
    assert "refined" not in expert.last_stats
    assert expert.last_stats["chances"] == hard.last_stats["chances"]
    # With a player who does not buy as Normal would, the second pass runs; the setting
    # `watch=false` runs it whoever sits at the table.
    game, _ = normals_and_a_random()
    expert = uncapped("expert", 2, candidates=6)
    expert.choose(game)
    assert len(expert.last_stats["refined"]) == 3
    blind = uncapped("expert", 2, candidates=6, watch=False)
    game, _ = table_game([NormalBot(10), NormalBot(11), NormalBot(12), NormalBot(13)])
    blind.choose(game)
    assert len(blind.last_stats["refined"]) == 3


def test_the_hard_model_models_only_the_players_named_and_leaves_the_rest_to_normal():
    import random

    from vikings.bots.lookahead import HardModel

    # a purchase where Hard's choice and Normal's differ
    game, _ = table_game([NormalBot(10), NormalBot(11), NormalBot(12), RandomBot(13)], until_round=1)
    s = game.determinized(0)
    legal = s.legal_actions()
    me = s.to_move
    normal = NormalBot(1).choose(s, legal)
    everyone = HardModel(NormalBot(1), 3, random.Random(1)).choose(s, legal)
    others = HardModel(NormalBot(1), 3, random.Random(1), players=frozenset({me + 1})).choose(s, legal)
    named = HardModel(NormalBot(1), 3, random.Random(1), players=frozenset({me})).choose(s, legal)
    assert everyone != normal
    assert others == normal  # the player to move is not named: Normal's choice
    assert named == everyone  # named: the same purchase as with everyone modelled


def test_a_player_passes_for_normal_after_three_purchases_with_at_most_one_in_ten_otherwise():
    watch = TableWatch(NormalBot(0), 0)
    watch.seen, watch.missed = {1: 2, 2: 3, 3: 10}, {3: 1}
    assert watch.hard_players(4) == frozenset({1})  # two purchases are too few to tell
    watch.missed[3] = 2
    assert watch.hard_players(4) == frozenset({1, 3})
    watch.missed[2] = 1
    assert watch.hard_players(4) == frozenset({1, 2, 3})
    assert TableWatch(NormalBot(0), 0).hard_players(4) == frozenset({1, 2, 3})  # no one seen yet
