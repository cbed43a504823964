"""Saved games as JSON text: `save(state)` and `load(text, rules)`.

A save records the setup (config and the rules' digest), the actions played, and a
snapshot of the resulting state. Loading never trusts the snapshot: it starts a new game
from the config, replays the actions through `apply()` (so every rule is checked again),
and only then compares the result with the snapshot. Either the whole game loads or a
`SaveError` explains why nothing was loaded. No file I/O here: callers write the text.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, NoReturn, TypeGuard

from vikings.engine.actions import action_from_parts
from vikings.engine.components import Rules
from vikings.engine.display import Display
from vikings.engine.errors import IllegalAction, SaveError
from vikings.engine.phases import RULES_VERSIONS
from vikings.engine.state import SPECIAL_TILES, GameConfig, GameState

FORMAT = "vikings-save"
VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
# Version 2 records the rules' edition in the config ('rules_version'); version 1 files
# have none and were played under the first edition, so they replay under it (see
# phases.RULES_VERSION and docs/save-format.md).


# The snapshot -----------------------------------------------------------------------------
def state_to_dict(state: GameState) -> dict[str, Any]:
    """Every field of a game as plain JSON values (lists, never tuples), so that a dict read
    back from JSON compares equal to a fresh one. Two states are equal iff these are."""
    return {
        "rules": state.rules.digest,
        "config": state.config.to_json(),
        "n": state.n,
        "displays": [_display(d) for d in state.displays],
        "round": state.round,
        "start_player": state.start_player,
        "to_move": state.to_move,
        "phase": state.phase,
        "stacks": [list(s) for s in state.stacks],
        "bag": list(state.bag),
        "wheel_tile": list(state.wheel_tile),
        "wheel_viking": list(state.wheel_viking),
        "offset": state.offset,
        "bought": state.bought,
        "hand_tile": state.hand_tile,
        "hand_viking": state.hand_viking,
        "placed_at": None if state.placed_at is None else list(state.placed_at),
        "scorers": list(state.scorers),
        "moves": list(state.moves),
        "removed_vikings": list(state.removed_vikings),
        "removed_tiles": list(state.removed_tiles),
        "rng": state.rng.state,
        "history": [a.to_json() for a in state.actions()],
        "scores": [[rnd, kind, [s.to_json() for s in scores]] for rnd, kind, scores in state.scores],
        "track": [[list(pair) for pair in entry] for entry in state.track],
        "ranks": None if state.ranks is None else list(state.ranks),
        # The advanced game's fields, only in advanced games (standard saves are unchanged).
        **({} if state.adv is None else {"adv": state.adv.to_json()}),
    }


def _display(d: Display) -> dict[str, Any]:
    return {
        "rows": [list(r) for r in d.rows],
        "pool": list(d.pool),
        "gold": d.gold,
        "fame": d.fame,
        "start_tile": d.start_tile,
    }


# Writing ------------------------------------------------------------------------------------
def save(state: GameState) -> str:
    """The game as JSON text (one line per field of the snapshot, so diffs stay readable)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules_digest": state.rules.digest,
        "config": state.config.to_json(),
        "actions": [a.to_json() for a in state.actions()],
        "state": state_to_dict(state),
    }
    if SPECIAL_TILES in state.config.options:  # the special tiles' data is part of such a game
        doc["specials_digest"] = state.rules.specials_digest
    doc["checksum"] = checksum(doc)
    return _pretty(doc, depth=0) + "\n"


def checksum(doc: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of everything but the checksum: independent of layout,
    so re-indenting a file keeps it valid while changing any value does not."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _pretty(value: Any, depth: int) -> str:
    """Top level and the snapshot one key per line; everything deeper compact."""
    if not isinstance(value, dict) or depth > 1:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    pad = " " * (depth + 1)
    items = [f"{pad}{json.dumps(k)}: {_pretty(v, depth + 1)}" for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"


# Reading ------------------------------------------------------------------------------------
def load(text: str | bytes, rules: Rules) -> GameState:
    """Rebuild a saved game by replaying its actions; raises SaveError, never half-loads."""
    doc = _parse(text)
    _check_header(doc, rules)
    config = config_from_json(doc.get("config"), doc)
    actions = doc.get("actions")
    snapshot = doc.get("state")
    if not isinstance(actions, list):
        raise SaveError("damaged save: 'actions' must be a list of actions")
    if not isinstance(snapshot, dict):
        raise SaveError("damaged save: 'state' must be a mapping of fields")
    if snapshot.get("history") != actions:
        raise SaveError("damaged save: the action list and the state's history disagree")
    game = replay(config, actions, rules)
    _compare(state_to_dict(game), snapshot)
    return game


def _parse(text: object) -> dict[str, Any]:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("not a saved game: the file is not UTF-8 text") from None
    if not isinstance(text, str) or not text.strip():
        raise SaveError("not a saved game: the file is empty")
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SaveError("not a saved game: the JSON is nested too deeply") from None
    except json.JSONDecodeError as e:
        if _truncated(text, e):
            raise SaveError("the save is incomplete: the text ends too early (truncated file?)") from None
        raise SaveError(f"not a saved game: invalid JSON at line {e.lineno} column {e.colno} ({e.msg})") from None
    except ValueError as e:  # e.g. a number with thousands of digits
        raise SaveError(f"not a saved game: {e}") from None
    if not isinstance(doc, dict):
        raise SaveError("not a saved game: expected a JSON object at the top level")
    return doc


def _no_constant(name: str) -> NoReturn:
    # Python's json accepts NaN and Infinity; a save never contains them.
    raise SaveError(f"not a saved game: {name} is not a valid JSON value")


def _truncated(text: str, e: json.JSONDecodeError) -> bool:
    """A save always ends with its closing brace; JSON that stops early is a cut-off file."""
    end = text.strip()
    cut = e.pos >= len(text.rstrip()) or not end.endswith("}") or e.msg.startswith("Unterminated string")
    return end.startswith("{") and cut


def _check_header(doc: dict[str, Any], rules: Rules) -> None:
    """Format and version first (a newer version may checksum differently), then integrity,
    then whether these rules are the ones the game was played with."""
    if doc.get("format") != FORMAT:
        raise SaveError(f"not a Vikings save: format is {_show(doc.get('format'))}, expected {FORMAT!r}")
    version = doc.get("version")
    if version not in SUPPORTED_VERSIONS or isinstance(version, bool):
        supported = ", ".join(map(str, SUPPORTED_VERSIONS))
        newer = " (saved by a newer edition?)" if isinstance(version, int) and version > VERSION else ""
        raise SaveError(
            f"save version {_show(version)} is not supported{newer}; this edition reads version {supported}"
        )
    if not isinstance(doc.get("checksum"), str):
        raise SaveError("damaged save: the checksum is missing")
    if doc["checksum"] != checksum(doc):
        raise SaveError("checksum mismatch: the file was changed after it was saved")
    if doc.get("rules_digest") != rules.digest:
        raise SaveError(
            f"the game was saved with different game data (rules digest "
            f"{_show(doc.get('rules_digest'))}, this edition has {rules.digest!r})"
        )
    if "specials_digest" in doc and doc["specials_digest"] != rules.specials_digest:
        raise SaveError(
            f"the game was saved with different special tiles (digest "
            f"{_show(doc['specials_digest'])}, this edition has {rules.specials_digest!r})"
        )


def config_from_json(data: object, doc: dict[str, Any] | None = None) -> GameConfig:
    """A GameConfig from its JSON form, checking every field's type."""
    if not isinstance(data, dict):
        raise SaveError("damaged save: 'config' must be a mapping")
    players, seed = data.get("players"), data.get("seed")
    start, options = data.get("start_player"), data.get("options", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveError("damaged save: 'config.players' must be a list of names")
    if not _is_int(seed):
        raise SaveError(f"damaged save: 'config.seed' must be a whole number, got {_show(seed)}")
    if start is not None and not _is_int(start):
        raise SaveError(f"damaged save: 'config.start_player' must be a player number, got {_show(start)}")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise SaveError("damaged save: 'config.options' must be a list of option names")
    if SPECIAL_TILES in options and doc is not None and "specials_digest" not in doc:
        raise SaveError("damaged save: a game with special tiles must record their digest")
    edition = _rules_version(data)
    handicap = data.get("handicap", [])  # absent in saves without the house rule
    if not isinstance(handicap, list) or not all(_is_int(g) for g in handicap):
        raise SaveError("damaged save: 'config.handicap' must be a list of whole numbers")
    return GameConfig(tuple(players), seed, start, frozenset(options), edition, tuple(handicap))


def _rules_version(data: dict[str, Any]) -> int:
    """The rules' edition; absent means 1 (GameConfig.to_json writes every other one, and
    version-1 files predate the field)."""
    if "rules_version" not in data:
        return 1
    edition = data["rules_version"]
    if not _is_int(edition) or edition not in RULES_VERSIONS:
        known = ", ".join(map(str, RULES_VERSIONS))
        raise SaveError(f"'config.rules_version' must be one of {known} (saved by a newer edition?)")
    return edition


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def replay(config: GameConfig, actions: list[Any], rules: Rules) -> GameState:
    """A fresh game with every saved action applied; quiet, since nobody watches events."""
    try:
        game = GameState.new(config, rules)
    except ValueError as e:
        raise SaveError(f"damaged save: the game setup is invalid: {e}") from None
    game.quiet = True
    for i, parts in enumerate(actions, 1):
        if not isinstance(parts, list) or not all(isinstance(p, (str, int)) for p in parts):
            raise SaveError(f"damaged save: action {i} ({_show(parts)}) must be a list of names and numbers")
        try:
            game.apply(action_from_parts(parts))
        except IllegalAction as e:
            raise SaveError(f"action {i} of {len(actions)} ({_show(parts)}) cannot be replayed: {e}") from None
    game.quiet = False
    return game


def _show(parts: object, limit: int = 40) -> str:
    """A value for a message: its text, cut to `limit` characters (a damaged file's field
    can be megabytes long, and a message is one short line)."""
    text = " ".join(map(str, parts)) if isinstance(parts, list) else repr(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _compare(replayed: dict[str, Any], saved: dict[str, Any]) -> None:
    """The snapshot must be exactly what the replay produced; name the fields that differ."""
    if replayed == saved:
        return
    keys = sorted(set(replayed) | set(saved))
    diff = [k for k in keys if replayed.get(k, _MISSING) != saved.get(k, _MISSING)]
    raise SaveError(
        f"the saved state does not match a replay of its actions "
        f"(differs in: {', '.join(diff)}); the save is inconsistent"
    )


_MISSING = object()
