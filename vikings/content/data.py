"""Loading and checking the game data in `data/` (the engine itself reads no files).

Every problem is reported as a `DataError` naming the file, the entry and what is wrong,
so a broken edit stops the program with one clear line instead of a traceback.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

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
from vikings.text import safe_yaml
from vikings.text.files import BadFile, DataError, excerpt, kind_of, read_head
from vikings.text.lang import FALLBACK, catalogue, placeholders

SPECIALS = "special_tiles.yaml"
FILES = ("vikings.yaml", "tiles.yaml", "rules.yaml", SPECIALS)
# The standard game's files make `Rules.digest`, as before the advanced game existed, so
# that saves of standard games stay valid; the special tiles have a digest of their own.
DIGESTED = FILES[:3]
EDGES = {"sea": SEA, "land": LAND}
REWARD_KINDS = ("gold", "fame")


__all__ = ["DataError"]  # (vikings.text.files: the catalogues' refusals are DataErrors too)

# The bounds of the numbers in the data. The rules fix most of them (78 Vikings, 13 of each;
# 6 rounds of 12 groups; Gold 20-30 and Fame 10 at the start; scoring numbers of 1-10); a
# modder may change them, within bounds generous enough for any variant worth playing and
# finite, so that no number can make a scoring or its drawing (the Fame track draws a tick
# every 5 Fame) run away. Each check names its bound.
COUNT = (1, 50)  # copies of one Viking kind, tile kind or special tile
PER_VIKING = (0, 10)  # Gold or Fame per Viking in a scoring, Fame lost or won per Viking fed
MAJORITY = (0, 50)  # Fame for the most boatswains, the most islands, the longest island
GOLD_PER_FAME = (1, 50)  # the final scoring's exchange (also a special tile's)
FEEDS = (0, 20)  # Vikings fed by one fisherman
START = (0, 200)  # Gold or Fame at the start
REWARD = (0, 20)  # a ship's reward (or penalty), a special tile's amount
ROUNDS = (1, 12)  # entries of the schedule
ROWS = (1, 20)  # island rows
WHEEL = (2, 40)  # spaces of the wheel
FREE_COLUMNS = (1, 20)  # columns the first ships may take
TOTAL = (0, 5_000)  # the totals rules.yaml declares (the lists must add up to them)
SEED = (0, 2**63 - 1)  # the lesson's deal
NAME = 100  # characters of a name in the data (the screens show the catalogues' words)
DESCRIPTION = 1_000  # characters of a special tile's description
IDENT = re.compile(r"[a-z][a-z0-9_]{0,39}")  # an id: the catalogues' keys and the art are found by it


def data_dir() -> Path:
    """Where the game data lives: $VIKINGS_DATA, the frozen bundle, or the source tree."""
    return resource_dir("data")


class _Reader:
    """Typed access to one YAML file's entries, raising DataError with the entry's path."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, entry: str, problem: str):
        raise DataError(self.file, entry, problem)

    def get(self, mapping, key, entry, kind, *, optional=False, default=None, bounds=None, longest=NAME):
        """mapping[key], of type `kind`: a whole number within `bounds` (low, high), a
        non-empty text of at most `longest` characters, true or false, a list or a mapping."""
        if not isinstance(mapping, dict):
            self.fail(entry, f"expected a mapping of fields, got {kind_of(mapping)}")
        if key not in mapping:
            if optional:
                return default
            self.fail(entry, f"missing field '{key}'")
        value = mapping[key]
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                self.fail(entry, f"'{key}' must be a whole number, got {kind_of(value)}")
            low, high = bounds
            if not low <= value <= high:
                self.fail(entry, f"'{key}' must be {low}-{high}, got {excerpt(value)}")
        if kind is str:
            if not (isinstance(value, str) and value.strip()):
                self.fail(entry, f"'{key}' must be a non-empty text, got {kind_of(value)}")
            if len(value) > longest:
                self.fail(entry, f"'{key}' must be at most {longest} characters, got {len(value):,}")
        if kind is bool and not isinstance(value, bool):
            self.fail(entry, f"'{key}' must be true or false, got {kind_of(value)}")
        if kind is list and not isinstance(value, list):
            self.fail(entry, f"'{key}' must be a list, got {kind_of(value)}")
        if kind is dict and not isinstance(value, dict):
            self.fail(entry, f"'{key}' must be a mapping, got {kind_of(value)}")
        return value

    def choice(self, mapping, key, entry, choices, **kw):
        value = self.get(mapping, key, entry, str, **kw)
        if value is not None and value not in choices:
            self.fail(entry, f"'{key}' must be one of {', '.join(choices)}, got {excerpt(value)}")
        return value

    def ident(self, mapping, entry) -> str:
        """An entry's id: lower-case letters, digits and _ (it names words and art)."""
        value = self.get(mapping, "id", entry, str)
        if not IDENT.fullmatch(value):
            self.fail(entry, f"'id' must be lower-case letters, digits and _ (at most 40), got {excerpt(value)}")
        return value


def _load_yaml(path: Path, name: str):
    """(the file's mapping, its text), read and parsed within vikings.text.safe_yaml's bounds."""
    doc, text = safe_yaml.load_with_text(path, name)
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
    island_rows = _Reader("rules.yaml").get(rules_doc, "island_rows", "island_rows", int, bounds=ROWS)
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
        row = r.get(e, "row", entry, int, bounds=ROWS) if e.get("row") is not None else None
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
                r.get(e, "count", entry, int, bounds=COUNT),
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
                f"{entry} ({k.id})",
                f"'symbol' must be one letter (the notation reserves the rest), got {excerpt(k.symbol)}",
            )
        if symbols.count(k.symbol) > 1:
            r.fail(f"{entry} ({k.id})", f"symbol {excerpt(k.symbol)} is used twice")


def _tiles(doc, island_rows: int) -> tuple[TileKind, ...]:
    r = _Reader("tiles.yaml")
    out = []
    for i, e in enumerate(r.get(doc, "islands", "islands", list)):
        ident = r.ident(e, f"islands[{i}]")
        entry = f"islands[{i}] ({ident})"
        out.append(
            TileKind(
                len(out),
                ident,
                r.get(e, "name", entry, str),
                r.get(e, "symbol", entry, str),
                r.get(e, "count", entry, int, bounds=COUNT),
                False,
                EDGES[r.choice(e, "west", entry, tuple(EDGES))],
                EDGES[r.choice(e, "east", entry, tuple(EDGES))],
                building=_building(r, e, entry),
                start=r.get(e, "start", entry, bool, optional=True, default=False),
            )
        )
        if out[-1].start and out[-1].west != SEA:
            r.fail(entry, "a start tile goes beside the mainland, so its west edge must be sea")
    islands = out[:]
    _unique_symbols(r, "islands", islands)
    for i, e in enumerate(r.get(doc, "ships", "ships", list)):
        ident = r.ident(e, f"ships[{i}]")
        entry = f"ships[{i}] ({ident})"
        reward = r.get(e, "reward", entry, dict)
        out.append(
            TileKind(
                len(out),
                ident,
                r.get(e, "name", entry, str),
                r.get(e, "symbol", entry, str),
                r.get(e, "count", entry, int, bounds=COUNT),
                True,
                sail=r.get(e, "sail", entry, str),
                reach_row=r.get(e, "reach_row", entry, int, bounds=(1, island_rows)),
                reward_kind=r.choice(reward, "kind", f"{entry} reward", REWARD_KINDS),
                reward_amount=r.get(reward, "amount", f"{entry} reward", int, bounds=REWARD),
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


def _building(r: _Reader, e, entry: str) -> str | None:
    """A middle tile's building (it names the words for it, as an id does)."""
    name = r.get(e, "building", entry, str, optional=True)
    if name is not None and not IDENT.fullmatch(name):
        r.fail(entry, f"'building' must be lower-case letters, digits and _ (at most 40), got {excerpt(name)}")
    return name


def _specials(doc, vikings, tiles) -> tuple[SpecialKind, ...]:
    r = _Reader(SPECIALS)
    kinds = {v.id: v for v in vikings}
    buildings = {t.building for t in tiles if not t.is_ship and t.west == LAND and t.east == LAND and t.building}
    out, seen, by_building = [], {}, {}
    for i, e in enumerate(r.get(doc, "specials", "specials", list)):
        ident = r.ident(e, f"specials[{i}]")
        entry = f"specials[{i}] ({ident})"
        if ident in seen:
            r.fail(entry, f"id listed twice (also specials[{seen[ident]}])")
        seen[ident] = i
        effect = r.choice(e, "effect", entry, tuple(SPECIAL_EFFECTS))
        when = r.choice(e, "when", entry, tuple(dict.fromkeys(SPECIAL_EFFECTS.values())))
        if when != SPECIAL_EFFECTS[effect]:
            r.fail(entry, f"a '{effect}' tile acts '{SPECIAL_EFFECTS[effect]}', not '{when}'")
        amount = 0 if effect == "boat" else r.get(e, "amount", entry, int, bounds=(1, REWARD[1]))
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
                r.get(e, "count", entry, int, bounds=COUNT),
                when,
                effect,
                amount,
                viking,
                building,
                r.get(e, "description", entry, str, longest=DESCRIPTION),
            )
        )
    if not out:
        r.fail("specials", "needs at least one special tile")
    _unique_symbols(r, "specials", out)
    return tuple(out)


SCORING_BOUNDS = {
    "goldsmith_gold": PER_VIKING,
    "noble_fame": PER_VIKING,
    "scout_fame": PER_VIKING,
    "scout_bonus_fame": PER_VIKING,
    "gold_per_fame": GOLD_PER_FAME,
    "most_boatswains_fame": MAJORITY,
    "most_islands_fame": MAJORITY,
    "longest_island_fame": MAJORITY,
    "fisherman_feeds": FEEDS,
    "overfeed_fame": PER_VIKING,
    "underfeed_fame": PER_VIKING,
}  # every field of engine.components.Scoring (a test checks)


def _rules(doc, vikings, tiles, island_rows, digest, specials=(), specials_digest="") -> Rules:
    r = _Reader("rules.yaml")
    setup = {}
    for players, values in r.get(doc, "setup", "setup", dict).items():
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
            r.fail(f"setup.{players}", "player counts must be whole numbers 2-8")
        setup[players] = (
            r.get(values, "gold", f"setup.{players}", int, bounds=START),
            r.get(values, "fame", f"setup.{players}", int, bounds=START),
        )
    if not setup:
        r.fail("setup", "needs at least one player count (e.g. 2: {gold: 30, fame: 10})")
    schedule = r.get(doc, "schedule", "schedule", list)
    if len(schedule) > ROUNDS[1]:
        r.fail("schedule", f"at most {ROUNDS[1]} rounds, got {len(schedule)}")
    for i, kind in enumerate(schedule):
        if kind not in ("small", "large"):
            r.fail(f"schedule[{i}]", f"each round's scoring must be small or large, got {kind_of(kind)}")
    if not schedule or schedule[-1] != "large":
        r.fail("schedule", "the last round must end with a large scoring (the final scoring follows it)")
    s = r.get(doc, "scoring", "scoring", dict)
    for e in s:
        if e not in SCORING_BOUNDS:
            r.fail(f"scoring.{e}", "unknown field")
    scoring = Scoring(**{f: r.get(s, f, f"scoring.{f}", int, bounds=b) for f, b in SCORING_BOUNDS.items()})
    if any(v.row is not None and v.row > island_rows for v in vikings):
        r.fail("island_rows", f"{island_rows} rows cannot hold every Viking kind's row")
    return Rules(
        vikings,
        tiles,
        r.get(doc, "wheel_spaces", "wheel_spaces", int, bounds=WHEEL),
        r.get(doc, "ship_free_columns", "ship_free_columns", int, bounds=FREE_COLUMNS),
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
        want = r.get(totals, name, f"totals.{name}", int, bounds=TOTAL)
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
        file = r.get(e, "file", entry, str)
        for key in e:
            if key not in ("file", "volume", "at"):
                r.fail(entry, f"unknown field {excerpt(key)}; an entry has 'file', 'volume' and 'at'")
        volume = e.get("volume")
        if isinstance(volume, bool) or not isinstance(volume, (int, float)) or not 0 <= volume <= 1:
            r.fail(entry, f"'volume' must be a number from 0 to 1, got {kind_of(volume)}")
        path = folder / file
        magic = _SOUND_MAGIC.get(path.suffix.lower())
        if magic is None:
            r.fail(entry, f"must name a .wav or .ogg file, got {excerpt(file)}")
        try:
            head = read_head(path, 4)
        except BadFile as err:
            r.fail(entry, f"sound file {excerpt(file)} {str(err).removeprefix('the file ')}")
        if head != magic:
            r.fail(entry, f"sound file {excerpt(file)} is not a {path.suffix.lower()[1:].upper()} file")
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
COLUMNS = 40  # a display's columns a lesson step may point at (a real display has under 20)
LESSON_TARGETS = {
    "wheel": ((), ("space",)),
    "cell": (("row", "column"),),
    "pool": ((),),
    "ship_column": (("column",),),
    "button": (("name",),),
    "card": (("player",),),
    "display": ((),),
    "decision": ((),),
    "lesson": (("name",),),
}  # kind -> the arguments it may take
LESSON_EVENTS = ("scoring", "start_player", "game_over", "offer")


def load_lesson(rules: Rules, directory: Path | str | None = None, bots: tuple = ()) -> dict:
    """Read and check data/lesson.yaml: the deal (seed, the person's seat, the bot, the
    script of actions) and the steps. The script is replayed through the engine, so a
    step's taught move is known to be the script's, legal, and the person's to make.
    Returns {"seed", "person", "bot", "script": (Action, ...), "steps": (dict, ...)};
    each step: id, text, target (tuple of tuples), at (or None), move (Action or None),
    event, player, kind, view, refuse, finish. `text` and `refuse` are catalogue keys
    (lesson.steps.ID.text, lesson.steps.ID.refuse: the words are in data/lang/, so a new
    language never touches the script); the English catalogue must have the text, and
    its placeholders must name numbers of the rules' scoring block. `bots`: the levels the
    deal's bot may be (the bots are a layer this one does not import). The game checks
    the lesson as it starts (content/startup.py), so that "Learn to play" finds it sound."""
    from vikings.engine import GameConfig, new_game  # (the engine's door, to check the script)
    from vikings.engine.actions import parse_action

    directory = Path(directory) if directory is not None else data_dir()
    doc, _ = _load_yaml(directory / LESSON, LESSON)
    r = _Reader(LESSON)
    deal = r.get(doc, "deal", "deal", dict)
    seed = r.get(deal, "seed", "deal", int, bounds=SEED)
    person = r.get(deal, "person", "deal", int, bounds=(0, 1))
    bot = r.choice(deal, "bot", "deal", bots) if bots else r.get(deal, "bot", "deal", str)
    game = new_game(GameConfig(("Astrid", "Ragna"), seed=seed, start_player=person), rules)
    script, movers = [], []
    for i, text in enumerate(r.get(deal, "script", "deal", list)):
        if not isinstance(text, str):
            r.fail(f"deal.script[{i}]", f"an action is a text such as 'buy 2', got {kind_of(text)}")
        try:
            a = parse_action(text)
            movers.append(game.to_move)
            game.apply(a)
        except VikingsError as e:
            r.fail(f"deal.script[{i}]", f"{excerpt(text)} cannot be played there: {e}")
        script.append(a)
    english = catalogue(FALLBACK)  # as the game uses it (flat keys: lesson.steps.ID.text)
    steps, last_at, ids = [], 0, set()
    for i, s in enumerate(r.get(doc, "steps", "steps", list)):
        entry = f"steps[{i}]"
        ident = r.ident(s, entry)
        entry = f"steps[{i}] ({ident})"
        if ident in ids:
            r.fail(entry, "the id is used twice")
        ids.add(ident)
        if "text" in s or "refuse" in s:
            r.fail(entry, "a step's words go in data/lang/<code>/lesson.yaml (steps.ID.text, steps.ID.refuse)")
        text, refuse = f"lesson.steps.{ident}.text", f"lesson.steps.{ident}.refuse"
        if not isinstance(english.get(text), str):
            r.fail(entry, f"no text: data/lang/en/lesson.yaml needs steps.{ident}.text")
        unknown = placeholders(english[text]) - set(rules.scoring.__dict__)
        if unknown:
            r.fail(entry, f"its text names {', '.join(sorted(unknown))}, not numbers of the rules' scoring block")
        at = r.get(s, "at", entry, int, optional=True, bounds=(0, len(script)))
        move = r.get(s, "move", entry, str, optional=True)
        if move is not None:
            if at is None or at >= len(script):
                r.fail(entry, "a step with a 'move' needs an 'at' inside the script")
            if str(script[at]) != move:
                r.fail(entry, f"teaches {excerpt(move)}, but the script plays {excerpt(str(script[at]))} there")
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
        steps.append(
            {
                "id": ident,
                "text": text,
                "target": _targets(r, s, entry, rules),
                "at": at,
                "move": move,
                "event": event,
                "player": r.get(s, "player", entry, int, optional=True, bounds=(0, 1)),
                "view": r.get(s, "view", entry, int, optional=True, bounds=(0, 1)),
                "kind": r.choice(s, "kind", entry, ("small", "large", "final"), optional=True),
                "refuse": refuse if refuse in english else "",
                "finish": r.get(s, "finish", entry, bool, optional=True, default=False),
            }
        )
    if not steps:
        r.fail("steps", "the lesson needs at least one step")
    return {"seed": seed, "person": person, "bot": bot, "script": tuple(script), "steps": tuple(steps)}


def _targets(r: _Reader, step: dict, entry: str, rules: Rules) -> tuple:
    """A step's target(s): one [kind, arguments...] or a list of them, each argument a
    whole number in its range or a name."""
    target = r.get(step, "target", entry, list)
    if target and not isinstance(target[0], list):
        target = [target]
    bounds = {
        "space": (0, rules.wheel_spaces - 1),
        "row": (0, rules.island_rows),
        "column": (0, COLUMNS),
        "player": (0, 1),
    }
    out = []
    for t in target:
        forms = LESSON_TARGETS.get(t[0]) if isinstance(t, list) and t and isinstance(t[0], str) else None
        args = t[1:] if forms else []
        if not forms or not any(len(args) == len(f) for f in forms):
            expected = ", ".join(f"[{' '.join((k, *f))}]" for k, fs in LESSON_TARGETS.items() for f in fs)
            named = excerpt(t[0]) if isinstance(t, list) and t else kind_of(t)
            r.fail(entry, f"target {named}: expected one of {expected}")
        for name, value in zip(next(f for f in forms if len(f) == len(args)), args):
            if name == "name":
                ok = isinstance(value, str) and 0 < len(value) <= 40
            else:
                low, high = bounds[name]
                ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
            if not ok:
                wanted = "a name" if name == "name" else "{}-{}".format(*bounds[name])
                r.fail(entry, f"target {excerpt(t[0])}: the {name} must be {wanted}, got {kind_of(value)}")
        out.append(tuple(t))
    return tuple(out)
