"""Everything the game reads from `data/` before its window opens, read and checked at once:
the language catalogues (the one in use against English, English against the entries
the game uses), the rules, the words for every id in them, the art catalogue, the
sounds and the guided lesson. A broken file stops the start with one `DataError` line
(`vikings` prints it and exits 2); a broken translation only makes the game speak
English, with a line in the log (lang.set_language). So a damaged or hand-edited file is
found before play, not when a screen first needs it.
"""

from __future__ import annotations

from typing import NamedTuple

from vikings.content.art import ArtCatalog, load_catalog
from vikings.content.data import DataError, SoundMap, default_rules, load_lesson, load_sounds
from vikings.engine.components import Rules
from vikings.text import lang
from vikings.text.files import excerpt


class Start(NamedTuple):
    rules: Rules
    art: ArtCatalog
    sounds: SoundMap
    lesson: dict
    language: str  # the language in use (English when the one asked for was refused)


def load_start(language: str, bots: tuple = ()) -> Start:
    """Read and check the data (from $VIKINGS_DATA, the bundle or the source tree) and
    switch to `language`; `bots`: the levels the lesson's bot may be."""
    code = lang.set_language(language)
    rules = default_rules()
    check_words(rules)
    return Start(rules, load_catalog(rules), load_sounds(), load_lesson(rules, bots=bots), code)


# The entries the screens look up by an id of the data (the Viking kinds are fixed by the
# rules, so their words are among the entries the game always uses: text/keys.py).
def _wanted(rules: Rules) -> list[tuple[str, str, str]]:
    """(catalogue key, data file, id) of every word the data's ids need."""
    out = []
    for t in rules.tiles:
        out += [(f"game.tile.{t.id}", "tiles.yaml", t.id), (f"log.tile.{t.id}", "tiles.yaml", t.id)]
        if t.is_ship:
            out.append((f"pictures.threat.sail.{t.sail}", "tiles.yaml", str(t.sail)))
        if t.building:
            out.append((f"table.building.{t.building}", "tiles.yaml", t.building))
    for s in rules.specials:
        out += [(f"specials.{s.id}.{part}", "special_tiles.yaml", s.id) for part in ("name", "description")]
    out += [(f"game.colour.{v.colour}", "vikings.yaml", v.colour) for v in rules.vikings]
    return out


def check_words(rules: Rules) -> None:
    """Every id in the data has its words in the English catalogue (a translation has the
    same entries as English, so it has them too): a tile added to tiles.yaml without its
    name would show its catalogue key."""
    for key, file, ident in _wanted(rules):
        if not lang.has(key):
            area, _, entry = key.partition(".")
            raise DataError(
                f"lang/en/{area}.yaml", entry, f"missing: {file} has {excerpt(ident)}, which needs these words"
            )
