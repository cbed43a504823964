"""A thinking bot reports how far its search is (the ring on its card at the table):
through its CancelToken in this process, through a shared number from the helper process."""

import time

from helpers import light_playouts, uncapped

from vikings.bots import CancelToken, make_bot
from vikings.engine import GameConfig, new_game
from vikings.processes import remote_bots as remote


class Recording(CancelToken):
    def __init__(self):
        super().__init__()
        self.seen = []

    def report(self, done):
        super().report(done)
        self.seen.append(self.progress)


def test_the_tree_search_reports_its_share_of_the_budget(rules):
    game = new_game(GameConfig(("a", "b"), seed=5, start_player=0), rules)
    bot = make_bot("hard", 3)
    token = Recording()
    bot.choose(game.copy(), game.legal_actions(), token)
    stats = bot.last_stats
    assert len(token.seen) >= 3
    assert token.seen == sorted(token.seen) and 0 <= token.seen[0] and token.seen[-1] <= 1
    # the last report is within one check of the iterations the search made
    assert abs(token.seen[-1] - stats["iterations"] / stats["budget"]) <= 8 / stats["budget"] + 1e-9


def test_the_four_player_playouts_report_each_option(rules, monkeypatch):
    game = new_game(GameConfig(("a", "b", "c", "d"), seed=5, start_player=0), rules)
    light_playouts(monkeypatch, 3)
    bot = uncapped("hard", 3)
    token = Recording()
    bot.choose(game.copy(), game.legal_actions(), token)
    assert token.seen[:3] == [0.0, 1 / 3, 2 / 3]


def test_the_helper_process_passes_the_progress_of_the_asked_job_only(rules):
    thinker = remote.Thinker()
    try:
        game = new_game(GameConfig(("a", "b"), seed=5, start_player=0), rules)
        job = thinker.ask(1, game, 0, "expert", 11)
        seen = []
        end = time.monotonic() + 60
        while not job.poll():
            seen.append(job.progress)
            assert time.monotonic() < end
            time.sleep(0.002)
        assert all(0 <= s <= 1 for s in seen) and seen == sorted(seen)
        assert any(0 < s < 1 for s in seen), "no progress seen while Expert searched"
        assert job.progress == 1.0
        # a new question starts again from nothing, not from the last job's share
        job2 = thinker.ask(1, game, 0, "expert", 11)
        assert job2.progress == 0.0
        job2.cancel()
    finally:
        thinker.stop()


def test_a_second_pass_with_the_hard_model_reports_the_second_half(rules, monkeypatch):
    game = new_game(GameConfig(("a", "b", "c", "d"), seed=5, start_player=0), rules)
    light_playouts(monkeypatch, 4)
    bot = uncapped("expert", 3, refine=2)  # no one seen to buy yet: the others as Hard
    token = Recording()
    bot.choose(game.copy(), game.legal_actions(), token)
    assert token.seen == [0.0, 1 / 8, 2 / 8, 3 / 8, 0.5, 0.75]
