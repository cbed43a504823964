"""Loading and checking the game data in `data/` (the engine itself reads no files).

Every problem is reported as a `DataError` naming the file, the entry and what is wrong,
so a broken edit stops the program with one clear line instead of a traceback.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import yaml

from vikings.engine.components import (
    LAND,
    SEA,
    SPECIAL_EFFECTS,
    VIKING_IDS,
    Rules,
    Scoring,
    SpecialKind,
    TileKind,
    VikingKind,
)
from vikings.engine.errors import VikingsError
from vikings.paths import resource_dir
from vikings.text.lang import placeholders

SPECIALS = "special_tiles.yaml"
FILES = ("vikings.yaml", "tiles.yaml", "rules.yaml", SPECIALS)
# The standard game's files make `Rules.digest`, as before the advanced game existed, so
# that saves of standard games stay valid; the special tiles have a digest of their own.
DIGESTED = FILES[:3]
EDGES = {"sea": SEA, "land": LAND}
REWARD_KINDS = ("gold", "fame")


class DataError(VikingsError):
    def __init__(self, file: str, entry: str, problem: str):
        self.file, self.entry, self.problem = file, entry, problem
        super().__init__(f"{file}: {entry}: {problem}")


def data_dir() -> Path:
    """Where the game data lives: $VIKINGS_DATA, the frozen bundle, or the source tree."""
    return resource_dir("data")


class _Reader:
    """Typed access to one YAML file's entries, raising DataError with the entry's path."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, entry: str, problem: str):
        raise DataError(self.file, entry, problem)

    def get(self, mapping, key, entry, kind, *, optional=False, default=None, lo=None, hi=None):
        if not isinstance(mapping, dict):
            self.fail(entry, f"expected a mapping of fields, got {type(mapping).__name__}")
        if key not in mapping:
            if optional:
                return default
            self.fail(entry, f"missing field '{key}'")
        value = mapping[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(entry, f"'{key}' must be a whole number, got {value!r}")
        if kind is str and not (isinstance(value, str) and value):
            self.fail(entry, f"'{key}' must be a non-empty text, got {value!r}")
        if kind is bool and not isinstance(value, bool):
            self.fail(entry, f"'{key}' must be true or false, got {value!r}")
        if kind is list and not isinstance(value, list):
            self.fail(entry, f"'{key}' must be a list, got {value!r}")
        if kind is dict and not isinstance(value, dict):
            self.fail(entry, f"'{key}' must be a mapping, got {value!r}")
        if lo is not None and value < lo or hi is not None and value > hi:
            bounds = f"{lo}-{hi}" if hi is not None else f"at least {lo}"
            self.fail(entry, f"'{key}' must be {bounds}, got {value}")
        return value

    def choice(self, mapping, key, entry, choices, **kw):
        value = self.get(mapping, key, entry, str, **kw)
        if value is not None and value not in choices:
            self.fail(entry, f"'{key}' must be one of {', '.join(choices)}, got {value!r}")
        return value


def _load_yaml(path: Path, name: str):
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(name, "file", f"cannot be read ({e.strerror or e})") from None
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "file"
        raise DataError(name, where, f"is not valid YAML ({getattr(e, 'problem', None) or e})") from None
    if not isinstance(doc, dict):
        raise DataError(name, "file", "must be a mapping at the top level")
    return doc, text


def load_rules(directory: Path | str | None = None) -> Rules:
    """Read and check the data files; returns the immutable `Rules` the engine plays by."""
    directory = Path(directory) if directory is not None else data_dir()
    docs, digest = {}, hashlib.sha256()
    for name in FILES:
        docs[name], text = _load_yaml(directory / name, name)
        if name in DIGESTED:
            digest.update(text.encode())
        else:
            specials_digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    vikings = _vikings(docs["vikings.yaml"])
    rules_doc = docs["rules.yaml"]
    island_rows = _Reader("rules.yaml").get(rules_doc, "island_rows", "island_rows", int, lo=1, hi=20)
    tiles = _tiles(docs["tiles.yaml"], island_rows)
    specials = _specials(docs[SPECIALS], vikings, tiles)
    rules = _rules(rules_doc, vikings, tiles, island_rows, digest.hexdigest()[:16], specials, specials_digest)
    _check_totals(rules_doc, rules)
    return rules


@lru_cache(maxsize=1)
def default_rules() -> Rules:
    return load_rules()


def _vikings(doc) -> tuple[VikingKind, ...]:
    r = _Reader("vikings.yaml")
    entries = r.get(doc, "vikings", "vikings", list)
    out, seen = [], {}
    for i, e in enumerate(entries):
        entry = f"vikings[{i}]"
        ident = r.get(e, "id", entry, str)
        entry = f"vikings[{i}] ({ident})"
        if ident not in VIKING_IDS:
            r.fail(entry, f"unknown kind; the rules know {', '.join(VIKING_IDS)}")
        if ident in seen:
            r.fail(entry, f"kind listed twice (also vikings[{seen[ident]}])")
        seen[ident] = i
        row = r.get(e, "row", entry, int, lo=1, hi=20) if e.get("row") is not None else None
        if (row is None) != (ident == "boatswain"):
            r.fail(entry, "the boatswain alone has no row (row: null); every other kind needs one")
        out.append(
            VikingKind(
                i,
                ident,
                r.get(e, "name", entry, str),
                r.get(e, "colour", entry, str),
                r.get(e, "symbol", entry, str),
                row,
                r.get(e, "count", entry, int, lo=1),
            )
        )
    missing = [k for k in VIKING_IDS if k not in seen]
    if missing:
        r.fail("vikings", f"missing kind(s): {', '.join(missing)}")
    rows = [v.row for v in out if v.row is not None]
    if sorted(rows) != list(range(1, len(rows) + 1)):
        r.fail("vikings", f"rows must be 1-{len(rows)}, one kind each; got {rows}")
    _unique_symbols(r, "vikings", out)
    return tuple(out)


def _unique_symbols(r: _Reader, entry: str, kinds) -> None:
    symbols = [k.symbol for k in kinds]
    for k in kinds:
        if len(k.symbol) != 1 or not k.symbol.isalpha():
            r.fail(
                f"{entry} ({k.id})", f"'symbol' must be one letter (the notation reserves the rest), got {k.symbol!r}"
            )
        if symbols.count(k.symbol) > 1:
            r.fail(f"{entry} ({k.id})", f"symbol {k.symbol!r} is used twice")


def _tiles(doc, island_rows: int) -> tuple[TileKind, ...]:
    r = _Reader("tiles.yaml")
    out = []
    for i, e in enumerate(r.get(doc, "islands", "islands", list)):
        ident = r.get(e, "id", f"islands[{i}]", str)
        entry = f"islands[{i}] ({ident})"
        out.append(
            TileKind(
                len(out),
                ident,
                r.get(e, "name", entry, str),
                r.get(e, "symbol", entry, str),
                r.get(e, "count", entry, int, lo=1),
                False,
                EDGES[r.choice(e, "west", entry, tuple(EDGES))],
                EDGES[r.choice(e, "east", entry, tuple(EDGES))],
                building=r.get(e, "building", entry, str, optional=True),
                start=r.get(e, "start", entry, bool, optional=True, default=False),
            )
        )
        if out[-1].start and out[-1].west != SEA:
            r.fail(entry, "a start tile goes beside the mainland, so its west edge must be sea")
    islands = out[:]
    _unique_symbols(r, "islands", islands)
    for i, e in enumerate(r.get(doc, "ships", "ships", list)):
        ident = r.get(e, "id", f"ships[{i}]", str)
        entry = f"ships[{i}] ({ident})"
        reward = r.get(e, "reward", entry, dict)
        out.append(
            TileKind(
                len(out),
                ident,
                r.get(e, "name", entry, str),
                r.get(e, "symbol", entry, str),
                r.get(e, "count", entry, int, lo=1),
                True,
                sail=r.get(e, "sail", entry, str),
                reach_row=r.get(e, "reach_row", entry, int, lo=1, hi=island_rows),
                reward_kind=r.choice(reward, "kind", f"{entry} reward", REWARD_KINDS),
                reward_amount=r.get(reward, "amount", f"{entry} reward", int, lo=0),
            )
        )
    _unique_symbols(r, "ships", out[len(islands) :])
    ids = [t.id for t in out]
    for t in out:
        if ids.count(t.id) > 1:
            r.fail(t.id, "tile id is used twice")
    if sum(1 for t in out if t.start) != 1:
        r.fail("islands", "exactly one island kind must be the start tile (start: true)")
    if not any(t.is_ship for t in out):
        r.fail("ships", "at least one ship kind is needed")
    return tuple(out)


def _specials(doc, vikings, tiles) -> tuple[SpecialKind, ...]:
    r = _Reader(SPECIALS)
    kinds = {v.id: v for v in vikings}
    buildings = {t.building for t in tiles if not t.is_ship and t.west == LAND and t.east == LAND and t.building}
    out, seen, by_building = [], {}, {}
    for i, e in enumerate(r.get(doc, "specials", "specials", list)):
        ident = r.get(e, "id", f"specials[{i}]", str)
        entry = f"specials[{i}] ({ident})"
        if ident in seen:
            r.fail(entry, f"id listed twice (also specials[{seen[ident]}])")
        seen[ident] = i
        effect = r.choice(e, "effect", entry, tuple(SPECIAL_EFFECTS))
        when = r.choice(e, "when", entry, tuple(dict.fromkeys(SPECIAL_EFFECTS.values())))
        if when != SPECIAL_EFFECTS[effect]:
            r.fail(entry, f"a '{effect}' tile acts '{SPECIAL_EFFECTS[effect]}', not '{when}'")
        amount = 0 if effect == "boat" else r.get(e, "amount", entry, int, lo=1)
        viking, building = -1, None
        if effect == "viking_fame":
            name = r.choice(e, "viking", entry, tuple(k for k, v in kinds.items() if v.row is not None))
            viking = kinds[name].index
        if effect == "building":
            building = r.choice(e, "building", entry, tuple(sorted(buildings)))
            if building in by_building:
                r.fail(entry, f"building '{building}' already has a special tile ({by_building[building]})")
            by_building[building] = ident
        out.append(
            SpecialKind(
                len(out),
                ident,
                r.get(e, "name", entry, str),
                r.get(e, "symbol", entry, str),
                r.get(e, "count", entry, int, lo=1),
                when,
                effect,
                amount,
                viking,
                building,
                r.get(e, "description", entry, str),
            )
        )
    if not out:
        r.fail("specials", "needs at least one special tile")
    _unique_symbols(r, "specials", out)
    return tuple(out)


def _rules(doc, vikings, tiles, island_rows, digest, specials=(), specials_digest="") -> Rules:
    r = _Reader("rules.yaml")
    setup = {}
    for players, values in r.get(doc, "setup", "setup", dict).items():
        if not isinstance(players, int) or not 2 <= players <= 8:
            r.fail(f"setup.{players}", "player counts must be whole numbers 2-8")
        setup[players] = (
            r.get(values, "gold", f"setup.{players}", int, lo=0),
            r.get(values, "fame", f"setup.{players}", int, lo=0),
        )
    if not setup:
        r.fail("setup", "needs at least one player count (e.g. 2: {gold: 30, fame: 10})")
    schedule = r.get(doc, "schedule", "schedule", list)
    for i, kind in enumerate(schedule):
        if kind not in ("small", "large"):
            r.fail(f"schedule[{i}]", f"each round's scoring must be small or large, got {kind!r}")
    if not schedule or schedule[-1] != "large":
        r.fail("schedule", "the last round must end with a large scoring (the final scoring follows it)")
    s = r.get(doc, "scoring", "scoring", dict)
    scoring = Scoring(
        **{
            f: r.get(s, f, f"scoring.{f}", int, lo=1 if f == "gold_per_fame" else 0)
            for f in Scoring.__dataclass_fields__
        }
    )
    for e in s:
        if e not in Scoring.__dataclass_fields__:
            r.fail(f"scoring.{e}", "unknown field")
    if any(v.row is not None and v.row > island_rows for v in vikings):
        r.fail("island_rows", f"{island_rows} rows cannot hold every Viking kind's row")
    return Rules(
        vikings,
        tiles,
        r.get(doc, "wheel_spaces", "wheel_spaces", int, lo=2, hi=40),
        r.get(doc, "ship_free_columns", "ship_free_columns", int, lo=1),
        island_rows,
        setup,
        tuple(schedule),
        scoring,
        digest,
        specials,
        specials_digest,
    )


def _check_totals(doc, rules: Rules) -> None:
    r = _Reader("rules.yaml")
    totals = r.get(doc, "totals", "totals", dict)
    vikings = sum(v.count for v in rules.vikings)
    tiles = sum(t.count for t in rules.tiles)
    starts = rules.tiles[rules.start_tile].count
    for name, have, where in (
        ("vikings", vikings, "vikings.yaml"),
        ("tiles", tiles, "tiles.yaml"),
        ("start_tiles", starts, "tiles.yaml"),
    ):
        want = r.get(totals, name, f"totals.{name}", int, lo=0)
        if have != want:
            raise DataError(where, f"counts ({name})", f"add up to {have}, but rules.yaml totals.{name} says {want}")
    dealt = rules.rounds * rules.wheel_spaces
    if tiles - starts != dealt:
        raise DataError(
            "tiles.yaml",
            "counts",
            f"{tiles - starts} tiles besides the start tiles, but "
            f"{rules.rounds} rounds of {rules.wheel_spaces} need exactly {dealt}",
        )
    if vikings < dealt:
        raise DataError("vikings.yaml", "counts", f"{vikings} Vikings cannot fill {dealt} wheel spaces")
    if max(rules.setup) > starts:
        raise DataError(
            "tiles.yaml", "counts (start_tiles)", f"{starts} start tiles for up to {max(rules.setup)} players"
        )


# Sounds ------------------------------------------------------------------------------------------
# What can have a sound in sounds.yaml: the engine's event types and a few of the screens' own.
SOUND_EVENTS = (
    "offer",
    "bought",
    "wheel_turned",
    "tile_placed",
    "start_tile_placed",
    "tile_discarded",
    "viking_placed",
    "viking_to_pool",
    "boatswain_used",
    "viking_moved",
    "scoring",
    "start_player",
    "auction",
    "bid",
    "bid_passed",
    "auction_won",
    "viking_removed",
    "tiles_laid",
    "colour_placed",
    "special_revealed",
    "special_taken",
    "special_declined",
    "special_gold",
    "special_placed",
    "special_spent",
    "game_over",
    "threat",
    "repelled",
    "score_tick",
    "button",
)
SOUND_AT = ("show", "land")  # when an event's sound plays: its animation starts, or lands
_SOUND_MAGIC = {".wav": b"RIFF", ".ogg": b"OggS"}


class SoundCue(NamedTuple):
    path: Path
    volume: float
    at: str = "show"


class SoundMap(NamedTuple):
    effects: dict[str, SoundCue]
    music: SoundCue | None


def load_sounds(data: Path | str | None = None, assets: Path | str | None = None) -> SoundMap:
    """Read and check data/sounds.yaml: event -> file (in assets/), volume and when it plays."""
    name = "sounds.yaml"
    r = _Reader(name)
    doc, _ = _load_yaml(Path(data if data is not None else data_dir()) / name, name)
    for key in doc:
        if key not in ("directory", "effects", "music"):
            r.fail(str(key), "unknown field; the file has 'directory', 'effects' and 'music'")
    folder = Path(assets if assets is not None else resource_dir("assets")) / r.get(doc, "directory", "directory", str)

    def cue(e, entry: str) -> SoundCue:
        r.get(e, "file", entry, str)
        for key in e:
            if key not in ("file", "volume", "at"):
                r.fail(entry, f"unknown field '{key}'; an entry has 'file', 'volume' and 'at'")
        volume = e.get("volume")
        if isinstance(volume, bool) or not isinstance(volume, (int, float)) or not 0 <= volume <= 1:
            r.fail(entry, f"'volume' must be a number from 0 to 1, got {volume!r}")
        path = folder / e["file"]
        magic = _SOUND_MAGIC.get(path.suffix.lower())
        if magic is None:
            r.fail(entry, f"must name a .wav or .ogg file, got {e['file']!r}")
        try:
            with path.open("rb") as f:
                head = f.read(4)
        except OSError as err:
            r.fail(entry, f"sound file {path} cannot be read ({err.strerror or err})")
        if head != magic:
            r.fail(entry, f"sound file {path} is not a {path.suffix.lower()[1:].upper()} file")
        return SoundCue(path, float(volume), r.choice(e, "at", entry, SOUND_AT, optional=True, default="show"))

    effects = {}
    for event, e in r.get(doc, "effects", "effects", dict).items():
        if event not in SOUND_EVENTS:
            r.fail(f"effects.{event}", f"unknown event; sounds can go with {', '.join(SOUND_EVENTS)}")
        effects[event] = cue(e, f"effects.{event}")
    music = doc.get("music")
    return SoundMap(effects, None if music is None else cue(music, "music"))


# The guided first game (data/lesson.yaml) ------------------------------------------------
LESSON = "lesson.yaml"
LESSON_TARGETS = {
    "wheel": (0, 1),
    "cell": (2,),
    "pool": (0,),
    "ship_column": (1,),
    "button": (1,),
    "card": (1,),
    "display": (0,),
    "decision": (0,),
    "lesson": (1,),
}  # kind -> numbers of arguments
LESSON_EVENTS = ("scoring", "start_player", "game_over", "offer")


def load_lesson(rules: Rules, directory: Path | str | None = None) -> dict:
    """Read and check data/lesson.yaml: the deal (seed, the person's seat, the bot, the
    script of actions) and the steps. The script is replayed through the engine, so a
    step's taught move is known to be the script's, legal, and the person's to make.
    Returns {"seed", "person", "bot", "script": (Action, ...), "steps": (dict, ...)};
    each step: id, text, target (tuple of tuples), at (or None), move (Action or None),
    event, player, kind, view, refuse, finish. `text` and `refuse` are catalogue keys
    (lesson.steps.ID.text, lesson.steps.ID.refuse: the words are in data/lang/, so a new
    language never touches the script); the English catalogue must have the text, and
    its placeholders must name numbers of the rules' scoring block. (The catalogue is read
    here as a YAML file, so that a fault names its file and entry.)"""
    from vikings.engine import GameConfig, new_game  # (the engine's door, to check the script)
    from vikings.engine.actions import parse_action
    from vikings.engine.errors import IllegalAction

    directory = Path(directory) if directory is not None else data_dir()
    doc, _ = _load_yaml(directory / LESSON, LESSON)
    r = _Reader(LESSON)
    deal = r.get(doc, "deal", "deal", dict)
    seed = r.get(deal, "seed", "deal", int, lo=0)
    person = r.get(deal, "person", "deal", int, lo=0, hi=1)
    bot = r.get(deal, "bot", "deal", str)
    game = new_game(GameConfig(("Astrid", "Ragna"), seed=seed, start_player=person), rules)
    script, movers = [], []
    for i, text in enumerate(r.get(deal, "script", "deal", list)):
        try:
            a = parse_action(str(text))
            movers.append(game.to_move)
            game.apply(a)
        except IllegalAction as e:
            r.fail(f"deal.script[{i}]", f"{text!r} cannot be played there: {e}")
        script.append(a)
    english = _load_yaml(data_dir() / "lang" / "en" / LESSON, f"lang/en/{LESSON}")[0].get("steps") or {}
    steps, last_at, ids = [], 0, set()
    for i, s in enumerate(r.get(doc, "steps", "steps", list)):
        entry = f"steps[{i}]"
        ident = r.get(s, "id", entry, str)
        entry = f"steps[{i}] ({ident})"
        if ident in ids:
            r.fail(entry, "the id is used twice")
        ids.add(ident)
        if "text" in s or "refuse" in s:
            r.fail(entry, "a step's words go in data/lang/<code>/lesson.yaml (steps.ID.text, steps.ID.refuse)")
        text, refuse = f"lesson.steps.{ident}.text", f"lesson.steps.{ident}.refuse"
        said = english.get(ident) if isinstance(english.get(ident), dict) else {}
        if not isinstance(said.get("text"), str):
            r.fail(entry, f"no text: data/lang/en/lesson.yaml needs steps.{ident}.text")
        unknown = placeholders(said["text"]) - set(rules.scoring.__dict__)
        if unknown:
            r.fail(entry, f"its text names {', '.join(sorted(unknown))}, not numbers of the rules' scoring block")
        at = r.get(s, "at", entry, int, optional=True, lo=0, hi=len(script))
        move = r.get(s, "move", entry, str, optional=True)
        if move is not None:
            if at is None or at >= len(script):
                r.fail(entry, "a step with a 'move' needs an 'at' inside the script")
            if str(script[at]) != move:
                r.fail(entry, f"teaches {move!r}, but the script plays {str(script[at])!r} there")
            if movers[at] != person:
                r.fail(entry, f"the move at {at} is the bot's, not the person's")
            move = script[at]
        if at is not None:
            if at < last_at:
                r.fail(entry, f"'at' {at} comes before the previous step's {last_at}")
            last_at = at
        event = r.choice(s, "event", entry, LESSON_EVENTS, optional=True)
        if at is None and event is None:
            r.fail(entry, "needs an 'at' (actions played) or an 'event' (or both)")
        target = r.get(s, "target", entry, list)
        if target and not isinstance(target[0], list):
            target = [target]
        for t in target:
            if not t or t[0] not in LESSON_TARGETS or len(t) - 1 not in LESSON_TARGETS[t[0]]:
                r.fail(
                    entry,
                    f"target {t!r}: expected one of "
                    + ", ".join(
                        f"[{k}{' + ' + '/'.join(map(str, n)) + ' numbers' if n != (0,) else ''}]"
                        for k, n in LESSON_TARGETS.items()
                    ),
                )
        steps.append(
            {
                "id": ident,
                "text": text,
                "target": tuple(tuple(t) for t in target),
                "at": at,
                "move": move,
                "event": event,
                "player": r.get(s, "player", entry, int, optional=True, lo=0, hi=1),
                "view": r.get(s, "view", entry, int, optional=True, lo=0, hi=1),
                "kind": r.choice(s, "kind", entry, ("small", "large", "final"), optional=True),
                "refuse": refuse if isinstance(said.get("refuse"), str) else "",
                "finish": r.get(s, "finish", entry, bool, optional=True, default=False),
            }
        )
    if not steps:
        r.fail("steps", "the lesson needs at least one step")
    return {"seed": seed, "person": person, "bot": bot, "script": tuple(script), "steps": tuple(steps)}
