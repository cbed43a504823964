"""What a guest may know of a game, and a game state rebuilt from it.

The host's GameState holds three secrets: the seed (in its config), the generator's
state, and the order of what is still face down (the tile stacks of the rounds to come
and, in the advanced game, the special tiles' supply). `public_view` is the state's
snapshot (engine.serialize.state_to_dict) without them: the seed reads 0, the generator
is left out, each stack is known only by its size and the face-down tiles as one sorted
list (which tiles remain is public: every player can count them), the supply sorted.

`view_state` rebuilds a GameState from a view, with the face-down tiles in sorted order
and a generator of seed 0: its legal actions and everything shown are the real game's,
its future draws are not (only the host draws). `digest` fingerprints a view; host and
guests compare it after every move.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from vikings.engine.actions import action_from_parts
from vikings.engine.components import Rules
from vikings.engine.display import Display
from vikings.engine.rng import Rng
from vikings.engine.scoring import Line, PlayerScore
from vikings.engine.serialize import config_from_json, state_to_dict
from vikings.engine.state import GameState

# The fields of a view a guest's own copy must reproduce after applying a move (nothing
# drawn from the face-down stacks or the bag decides them). The rest may depend on a draw.
DETERMINED = ("n", "displays", "scores", "track", "ranks", "history", "removed_tiles", "round")


def public_view(state: GameState) -> dict[str, Any]:
    view = state_to_dict(state)
    view["config"] = dict(view["config"], seed=0)
    del view["rng"]
    view["stacks"] = [len(s) for s in state.stacks]
    view["face_down"] = sorted(t for s in state.stacks for t in s)
    if "adv" in view:
        view["adv"]["supply"] = sorted(view["adv"]["supply"])
    return view


def digest(view: dict[str, Any]) -> str:
    canonical = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def view_state(view: dict[str, Any], rules: Rules) -> GameState:
    """A GameState that shows and allows exactly what `view` does. Raises ValueError (or
    KeyError, TypeError) when the view does not describe a game of these rules."""
    if view.get("rules") != rules.digest:
        raise ValueError("the view is of other rules")
    config = config_from_json(view["config"])
    s = GameState.new(config, rules)  # every field set; those of the view overwrite them
    s.n = _int(view["n"])
    if s.n != len(config.players):
        raise ValueError("players and n disagree")
    s.displays = [_display(d, rules) for d in view["displays"]]
    if len(s.displays) != s.n:
        raise ValueError("one display per player")
    for name in ("round", "start_player", "to_move", "offset", "bought", "hand_tile", "hand_viking"):
        setattr(s, name, _int(view[name]))
    s.phase = str(view["phase"])
    face_down = [_int(t) for t in view["face_down"]]
    stacks, i = [], 0
    for size in view["stacks"]:
        stacks.append(tuple(face_down[i : i + _int(size)]))
        i += _int(size)
    s.stacks = tuple(stacks)
    for name in ("bag", "wheel_tile", "wheel_viking", "removed_vikings", "removed_tiles"):
        setattr(s, name, [_int(v) for v in view[name]])
    s.placed_at = None if view["placed_at"] is None else (_int(view["placed_at"][0]), _int(view["placed_at"][1]))
    s.scorers = tuple(_int(v) for v in view["scorers"])
    s.moves = tuple(_int(v) for v in view["moves"])
    s.rng = Rng(0)
    history: Any = None  # (older history, action) pairs, as GameState.history
    for parts in view["history"]:
        history = (history, action_from_parts(parts))
    s.history = history
    s.scores = tuple((_int(rnd), str(kind), tuple(_score(p) for p in scores)) for rnd, kind, scores in view["scores"])
    s.track = tuple(tuple((_int(a), _int(b)) for a, b in entry) for entry in view["track"])
    s.ranks = None if view["ranks"] is None else tuple(_int(r) for r in view["ranks"])
    if s.adv is not None:
        adv = view["adv"]
        for field in s.adv.__slots__:
            setattr(s.adv, field, _frozen(adv[field]))
    s._legal = None
    return s


def same_view(state: GameState, view: dict[str, Any]) -> bool:
    """Whether `state` shows exactly `view` (the rebuild lost nothing)."""
    return public_view(state) == view


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _display(doc: dict[str, Any], rules: Rules) -> Display:
    d = Display(rules, _int(doc["gold"]), _int(doc["fame"]))
    for r, cells in enumerate(doc["rows"]):
        for i, v in enumerate(cells):
            if _int(v) >= 0:
                d.put(r, i + 1, v >> 1, bool(v & 1))
        if len(d.rows[r]) != len(cells):  # trailing empty cells (never left by put)
            d.rows[r] += [-1] * (len(cells) - len(d.rows[r]))
    d.pool = [_int(v) for v in doc["pool"]]
    d.start_tile = _int(doc["start_tile"])
    return d


def _score(doc: dict[str, Any]) -> PlayerScore:
    lines = tuple(
        Line(str(x["what"]), x["row"], x["col"], _int(x["gold"]), _int(x["fame"]), str(x["detail"]))
        for x in doc["lines"]
    )
    return PlayerScore(
        _int(doc["player"]),
        str(doc["kind"]),
        lines,
        tuple((_int(a), _int(b)) for a, b in doc["threatened"]),
        tuple(_int(c) for c in doc["repelled"]),
        _int(doc["gold"]),
        _int(doc["fame"]),
    )


def results(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    """Per player (gold, fame, rank): what a finished table's copies must agree on."""
    ranks = view.get("ranks") or [0] * view["n"]
    return [(d["gold"], d["fame"], ranks[i]) for i, d in enumerate(view["displays"])]
