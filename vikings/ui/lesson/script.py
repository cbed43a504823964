"""The lesson's deal as pure data work (no pygame): replaying its script through the
engine's door and finding where each topic of the lesson comes up.

`topics()` is what tools/probes/find_lesson_deal.py searches with and what the tests check the
shipped script with, so the deal in data/lesson.yaml is known to show every topic.
"""

from __future__ import annotations

from vikings.engine import GameConfig, new_game
from vikings.engine.actions import Buy, PlaceTile, PlaceViking
from vikings.engine.state import BOATSWAIN, PURCHASE, VIKING

TOPICS = ("turn", "zero", "zero_ok", "fame", "ship", "viking", "repel", "threat", "boatswain")
NAMES = ("Astrid", "Ragna")


def lesson_game(rules, seed: int, person: int = 0):
    return new_game(GameConfig(NAMES, seed=seed, start_player=person), rules)


def replay(rules, seed: int, person: int, actions):
    """Yield (index, game before the action, action, events) along the script."""
    game = lesson_game(rules, seed, person)
    for i, a in enumerate(actions):
        before = game.copy()
        events = game.apply(a)
        yield i, before, a, events


def topics(rules, seed: int, person: int, actions) -> dict[str, int | None]:
    """For each topic, the index of the first action at which it comes up (None: never).
    An index is that of the decision the lesson can point at: the purchase, the placement,
    or the action whose events include the scoring."""
    found: dict[str, int | None] = dict.fromkeys(TOPICS)

    def mark(topic, i):
        if found[topic] is None:
            found[topic] = i

    for i, g, a, events in replay(rules, seed, person, actions):
        mine = g.to_move == person
        if mine and g.phase == PURCHASE:
            zero = g.offset
            if g.wheel_tile[zero] >= 0 and Buy(zero) not in g.legal_actions():
                mark("zero", i)
            if a == Buy(zero) and g.wheel_viking.count(g.wheel_viking[zero]) == 1:
                mark("zero_ok", i)  # she takes the 0 group, its Viking the last of its colour
        if mine and g.phase == VIKING and PlaceViking(True) in g.legal_actions():
            mark("viking", i)
        if mine and g.phase == BOATSWAIN and g.round == 1:
            mark("boatswain", i)
        if mine and isinstance(a, PlaceTile) and a.row == 0:
            mark("ship", i)
        for e in events:
            if e.type == "wheel_turned":
                mark("turn", i)
            elif e.type == "bought" and e.player == person and e.data["fame"] > 0:
                mark("fame", i)
            elif e.type == "scoring" and e.data["round"] <= 2:
                if e.data["threatened"]:
                    mark("threat", i)
                if e.player == person and e.data["repelled"]:
                    mark("repel", i)
    return found
