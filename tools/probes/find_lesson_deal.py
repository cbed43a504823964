"""Search a deal for the guided first game (data/lesson.yaml).

    python tools/probes/find_lesson_deal.py [--seeds 200] [--tries 20] [--show SEED TRY]

The lesson is a 2-player game, the person (seat 0) against a Beginner bot, whose first two
rounds are scripted so that every lesson comes up. For each game seed this plays those two
rounds many times: the bot's moves are its own (Beginner, seeded), the person's moves are a
Normal bot's, except for a share taken by a teaching policy (random, leaning towards dear
groups, ships, warriors under ships and boatswains in the pool) seeded by the try. A deal passes when every topic occurs at a
moment the lesson can point at (checked by `topics()`, the same function the tests use):

    turn      the wheel turns after a purchase
    zero      a person's purchase where the 0 group may not be bought
    zero_ok   the person buys the 0 group for nothing (its Viking the last of its colour)
    fame      a person's purchase paid partly with Fame
    ship      a person places a ship
    viking    a person chooses between her tile and the pool
    repel     a warrior repels a ship in a person's scoring
    threat    a Viking threatened in a scoring of the first two rounds
    boatswain a person's boatswain decision in round 2's large scoring

It prints the first deal that passes: the seed, and the script (every action of both
seats up to the end of round 2, with who plays it and the topics met), to paste into
data/lesson.yaml. Nothing is written.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vikings.bots import make_bot  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.engine.actions import Buy, PlaceTile, PlaceViking, UseBoatswain  # noqa: E402
from vikings.ui.lesson.script import TOPICS, lesson_game, topics  # noqa: E402

PERSON, ROUNDS = 0, 2
LEANING = 0.3  # the share of the person's moves taken by the teaching policy


def teaching_choice(game, rng: random.Random):
    """The person's move in a searched script: random, with leanings that bring topics."""
    rules, legal = game.rules, game.legal_actions()
    weights = []
    for a in legal:
        w = 1.0
        if isinstance(a, Buy):
            price = game.price(a.space)
            w = 1.0 + price * 0.4
            if price == 0:
                w = 6.0  # the exception to the 0 rule, when it is allowed
            if rules.tile_is_ship[game.wheel_tile[a.space]]:
                w *= 2.0
            if game.wheel_viking[a.space] == rules.warrior:
                w *= 1.6
            if game.wheel_viking[a.space] == rules.boatswain:
                w *= 2.5
        elif isinstance(a, PlaceTile) and a.row == 1:
            w = 3.0 if game.displays[PERSON].tile_at(0, a.col) >= 0 else 1.5
        elif isinstance(a, PlaceTile) and a.row == 0:
            row1 = game.displays[PERSON].rows[1]
            w = 3.0 if a.col <= len(row1) and row1[a.col - 1] >= 0 else 1.0
        elif isinstance(a, PlaceViking):
            w = 1.5 if a.on_tile else 1.0
        elif isinstance(a, UseBoatswain):
            w = 3.0
        weights.append(w)
    return rng.choices(legal, weights)[0]


def play_script(seed: int, attempt: int, rules=None):
    """The first two rounds of a lesson game: (game, actions)."""
    rules = rules or default_rules()
    game = lesson_game(rules, seed, PERSON)
    bot = make_bot("beginner", seed)
    coach = make_bot("normal", seed + attempt)  # the person plays sensibly, mostly
    rng = random.Random(attempt * 7919 + seed)
    actions = []
    while game.round < ROUNDS and not game.is_over:
        if game.to_move != PERSON:
            a = bot.choose(game)
        elif rng.random() < LEANING:
            a = teaching_choice(game, rng)
        else:
            a = coach.choose(game)
        actions.append(a)
        game.apply(a)
    return game, actions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--tries", type=int, default=20)
    ap.add_argument("--show", type=int, nargs=2, metavar=("SEED", "TRY"))
    args = ap.parse_args(argv)
    rules = default_rules()
    candidates = (
        [tuple(args.show)] if args.show else [(s, t) for s in range(1, args.seeds + 1) for t in range(args.tries)]
    )
    for seed, attempt in candidates:
        _, actions = play_script(seed, attempt, rules)
        met = topics(rules, seed, PERSON, actions)
        if all(met.get(t) is not None for t in TOPICS) or args.show:
            print(f"seed: {seed}   (try {attempt})")
            first = {}
            for t, i in met.items():
                if i is not None:
                    first.setdefault(i, []).append(t)
            game = lesson_game(rules, seed, PERSON)
            for i, a in enumerate(actions):
                who = "you" if game.to_move == PERSON else "bot"
                note = "  # " + ", ".join(first[i]) if i in first else ""
                print(f'  - "{a}"   # {i} {who} r{game.round + 1} {game.phase}{note}')
                game.apply(a)
            missing = [t for t in TOPICS if met.get(t) is None]
            if missing:
                print("missing:", ", ".join(missing))
            return 0
    print("no deal found; try more --seeds or --tries")
    return 1


if __name__ == "__main__":
    sys.exit(main())
