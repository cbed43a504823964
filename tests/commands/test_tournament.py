"""The tournament tool: seat rotation, determinism across processes, the report."""

import json

import pytest
from helpers import make_game

from vikings.commands.cli import main
from vikings.commands.tournament import play_game, report, run, wilson


def test_seats_rotate_so_every_bot_plays_every_seat():
    seats = {k: set() for k in range(3)}
    for index in range(3):
        for k, r in enumerate(play_game(("random", "random", "random"), 5, index)["results"]):
            seats[k].add(r["seat"])
    assert all(s == {0, 1, 2} for s in seats.values())


def test_results_do_not_depend_on_the_number_of_processes():
    one = report(run(("random", "random"), 6, seed=3, jobs=1), 2)
    two = report(run(("random", "random"), 6, seed=3, jobs=2), 2)
    strip = lambda r: [{k: v for k, v in b.items() if not k.endswith("_s")} for b in r["bots"]]  # noqa: E731
    assert strip(one) == strip(two)
    assert sum(b["win_rate"] for b in one["bots"]) == 1.0


def test_wilson_interval():
    lo, hi = wilson(190, 200)
    assert 0.90 < lo < 0.95 < hi < 0.98
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 50)
    assert lo == 0.0 and hi < 0.08


def test_tournament_command_prints_json(capsys):
    assert (
        main(
            [
                "tournament",
                "--players",
                "2",
                "--games",
                "4",
                "--bots",
                "random,random",
                "--seed",
                "2",
                "--jobs",
                "1",
                "--json",
            ]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert [b["bot"] for b in summary["bots"]] == ["1:random", "2:random"]
    assert all(b["games"] == 4 for b in summary["bots"])
    assert summary["command"].startswith("vikings tournament --players 2 --games 4")


def test_tournament_command_rejects_a_wrong_line_up(capsys):
    assert main(["tournament", "--players", "3", "--bots", "random,random"]) == 2
    assert "2 bots for 3 players" in capsys.readouterr().err


def test_tournament_command_rejects_an_unknown_level(capsys):
    assert main(["tournament", "--players", "2", "--bots", "random,grandmaster"]) == 2
    assert "unknown bot level 'grandmaster'" in capsys.readouterr().err


def test_tournament_command_takes_the_advanced_options(capsys, monkeypatch):
    import vikings.commands.tournament as tournament

    seen = []
    monkeypatch.setattr(tournament, "run", lambda *a, **k: seen.append(a[5]) or run(*a[:4], options=a[5]))
    assert (
        main(["tournament", "--games", "2", "--bots", "random,random", "--jobs", "1", "--auction", "--special-tiles"])
        == 0
    )
    assert seen[-1] == frozenset({"auction", "special_tiles"})
    assert "advanced game: auction, special_tiles" in capsys.readouterr().out
    assert (
        main(["tournament", "--games", "2", "--bots", "random,random", "--jobs", "1", "--single-boatswain", "--json"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["options"] == ["single_boatswain"]
    assert main(["tournament", "--games", "2", "--bots", "random,random", "--jobs", "1", "--advanced", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"] == ["auction", "single_boatswain", "special_tiles"]
    assert summary["command"].startswith("vikings tournament --advanced --players 2")
    assert main(["tournament", "--games", "2", "--bots", "random,random", "--jobs", "1"]) == 0
    assert seen[-1] == frozenset() and "standard game" in capsys.readouterr().out


def test_a_tiny_advanced_tournament():
    options = frozenset({"auction", "single_boatswain", "special_tiles"})
    game = play_game(("normal", "beginner"), 9, 0, options)
    assert sorted(r["rank"] for r in game["results"])[0] == 1
    summary = report(run(("normal", "random"), 2, seed=5, jobs=1, options=options), 2)
    assert summary["bots"][0]["win_rate"] == 1.0
    assert all(b["games"] == 2 for b in summary["bots"])


def test_a_recorded_tournament_goes_on_where_it_stopped(tmp_path, monkeypatch):
    import vikings.commands.tournament as tournament

    record = str(tmp_path / "games.jsonl")
    strip = lambda r: [{k: v for k, v in b.items() if not k.endswith("_s")} for b in r["bots"]]  # noqa: E731
    whole = report(run(("random", "random"), 5, seed=4, jobs=1), 2)
    run(("random", "random"), 3, seed=4, jobs=1, record=record)
    with open(record, "a") as f:
        f.write('{"key": {"levels"')  # a line cut short when the run was stopped
    played = []
    real = tournament.play_game
    monkeypatch.setattr(tournament, "play_game", lambda *a: played.append(a[2]) or real(*a))
    parts = report(run(("random", "random"), 5, seed=4, jobs=1, record=record), 2)
    assert played == [3, 4]  # only the games not recorded yet are played
    assert strip(parts) == strip(whole)
    assert len(tournament.recorded_games(record, {"levels": ["random", "random"], "seed": 4, "options": []})) == 5


def test_a_record_of_another_tournament_is_refused(tmp_path, capsys):
    record = str(tmp_path / "games.jsonl")
    run(("random", "random"), 2, seed=4, jobs=1, record=record)
    assert (
        main(
            ["tournament", "--games", "2", "--bots", "random,random", "--seed", "5", "--jobs", "1", "--record", record]
        )
        == 2
    )
    assert "another tournament" in capsys.readouterr().err


def test_a_record_is_checked_against_the_code_that_goes_on_with_it(tmp_path, monkeypatch, capsys):
    import json

    import vikings.commands.tournament as tournament

    record = str(tmp_path / "games.jsonl")
    run(("random", "random"), 2, seed=4, jobs=1, record=record)
    with open(record) as f:
        rows = [json.loads(line) for line in f]
    assert all(len(r["game"]["moves"]) == 64 for r in rows)
    # The same code plays the recorded games alike: the tournament goes on.
    assert len(run(("random", "random"), 3, seed=4, jobs=1, record=record, check=2)[0].fame) == 3
    # A record whose digest no longer matches (as after a change to the bots) is refused.
    rows[1]["game"]["moves"] = "0" * 64
    with open(record, "w") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
    played = []
    real = tournament.play_game
    monkeypatch.setattr(tournament, "play_game", lambda *a: played.append(a[2]) or real(*a))
    assert (
        main(
            [
                "tournament",
                "--games",
                "4",
                "--bots",
                "random,random",
                "--seed",
                "4",
                "--jobs",
                "1",
                "--record",
                record,
                "--check",
                "2",
            ]
        )
        == 2
    )
    assert "game 1 is played differently" in capsys.readouterr().err
    assert played == [0, 1]  # the last two recorded were replayed, nothing new was played


def test_a_line_up_entry_can_change_one_setting_of_a_level():
    from vikings.commands.tournament import build_bot

    plain, changed = build_bot("normal", 1), build_bot("normal:draft_specials=false;reply_weight=0.5", 1)
    assert plain.draft_specials is True and plain.reply_weight == 1.0
    assert changed.draft_specials is False and changed.reply_weight == 0.5
    assert type(changed).draft_specials is True, "the class keeps its setting"
    for bad in ("normal:nonsense=1", "normal:reply_weight", "normal:_rng=1", "normal:reply_weight=half"):
        with pytest.raises(ValueError, match="normal"):
            build_bot(bad, 1)
    # Hard and Expert: the search's settings, for this bot only.
    hard = build_bot("hard:max_iterations=40000;candidates=3", 1)
    assert hard.overrides == {"max_iterations": 40000, "candidates": 3}
    game = make_game(seed=2)
    assert hard.settings(game).max_iterations == 40000 and hard.settings(game).exploration == 0.12
    assert build_bot("hard", 1).settings(game).max_iterations == 12000
    for bad in ("hard:draft_specials=false", "hard:nonsense=1", "hard:level=1", "hard:horizon=2"):
        with pytest.raises(ValueError, match="hard"):
            build_bot(bad, 1)
