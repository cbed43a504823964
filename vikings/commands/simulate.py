"""Headless random play with invariant checks (`vikings simulate`)."""

from __future__ import annotations

import json
import random
import sys
import time

from vikings.content.data import default_rules
from vikings.engine import GameConfig, new_game
from vikings.engine.invariants import check


def play_random(seed: int, players: int, rules, *, checked: bool = True, options=frozenset()):
    """Play one game choosing uniformly among legal actions (the choices come from a
    generator seeded like the game, outside it). `options`: advanced-game rules.
    Returns (state, actions, problem)."""
    names = tuple(f"P{i + 1}" for i in range(players))
    game = new_game(GameConfig(names, seed=seed, options=frozenset(options)), rules)
    game.quiet = True
    chooser = random.Random(seed)
    actions = []
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        game.apply(action)
        actions.append(action)
        if checked:
            problems = check(game)
            if problems:
                return game, actions, "; ".join(problems)
    return game, actions, None


def simulate_main(players: int, games: int, seed: int, checked: bool = True, out=None, options=frozenset()) -> int:
    out = out or sys.stdout
    rules = default_rules()
    start = time.perf_counter()
    wins = [0.0] * players
    fame_total = [0] * players
    for i in range(games):
        game_seed = seed + i
        game, actions, problem = play_random(game_seed, players, rules, checked=checked, options=options)
        if problem:
            print(
                json.dumps(
                    {
                        "violation": problem,
                        "seed": game_seed,
                        "players": players,
                        "options": sorted(options),
                        "actions": [str(a) for a in actions],
                    }
                ),
                file=out,
            )
            print(
                f"invariant violated in game with seed {game_seed} after {len(actions)} actions: {problem}",
                file=sys.stderr,
            )
            return 1
        fame = [d.fame for d in game.displays]
        gold = [d.gold for d in game.displays]
        winners = [p for p, r in enumerate(game.ranks) if r == 1]
        for p in winners:
            wins[p] += 1 / len(winners)
        for p in range(players):
            fame_total[p] += fame[p]
        print(
            json.dumps(
                {"seed": game_seed, "fame": fame, "gold": gold, "rank": list(game.ranks), "actions": len(actions)}
            ),
            file=out,
        )
    elapsed = time.perf_counter() - start
    print(
        json.dumps(
            {
                "summary": {
                    "games": games,
                    "players": players,
                    "checked": checked,
                    **({"options": sorted(options)} if options else {}),
                    "seconds": round(elapsed, 3),
                    "games_per_second": round(games / elapsed, 1) if elapsed else None,
                    "win_share_by_seat": [round(w / games, 3) for w in wins],
                    "mean_fame_by_seat": [round(f / games, 2) for f in fame_total],
                }
            }
        ),
        file=out,
    )
    return 0
