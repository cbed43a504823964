"""The art catalogue: which file draws which piece (data/sprites.yaml), checked on load.

No pygame here: the catalogue only resolves and checks files; `vikings.ui.drawing.sprites`
renders them. A missing entry or a missing or broken file is a `DataError` naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from vikings.content.data import DataError, _load_yaml, data_dir
from vikings.engine.components import Rules
from vikings.paths import resource_dir

GROUPS = ("vikings", "tiles", "board", "special_tiles")
BOARD_PIECES = ("mainland", "wheel", "coin", "fame", "start_player", "bag")
_SIZE = re.compile(r'<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"', re.S)


@dataclass(frozen=True)
class Art:
    path: Path
    width: float  # the drawing's own size, for its aspect ratio
    height: float


class ArtCatalog:
    def __init__(self, entries: dict[tuple[str, str], Art]):
        self._entries = entries

    def __getitem__(self, key: tuple[str, str]) -> Art:
        try:
            return self._entries[key]
        except KeyError:
            raise DataError("sprites.yaml", f"{key[0]}.{key[1]}", "no art for this piece") from None

    def keys(self):
        return self._entries.keys()

    def group(self, group: str) -> list[str]:
        return [ident for g, ident in self._entries if g == group]


def load_catalog(rules: Rules, data: Path | None = None, assets: Path | None = None) -> ArtCatalog:
    data = Path(data) if data is not None else data_dir()
    assets = Path(assets) if assets is not None else resource_dir("assets")
    doc, _ = _load_yaml(data / "sprites.yaml", "sprites.yaml")
    folder = assets / str(doc.get("directory", "svg"))
    required = {
        "vikings": [v.id for v in rules.vikings],
        "tiles": [t.id for t in rules.tiles],
        "board": list(BOARD_PIECES),
        "special_tiles": [s.id for s in rules.specials],
    }
    entries = {}
    for group in GROUPS:
        section = doc.get(group)
        if not isinstance(section, dict):
            raise DataError("sprites.yaml", group, "missing section (a mapping of id: file)")
        for ident in required[group]:
            if ident not in section:
                raise DataError("sprites.yaml", f"{group}.{ident}", "no art for this piece")
        for ident, name in section.items():
            entry = f"{group}.{ident}"
            if not isinstance(name, str) or not name.endswith(".svg"):
                raise DataError("sprites.yaml", entry, f"must name an .svg file, got {name!r}")
            entries[(group, str(ident))] = _check_file(folder / name, entry)
    return ArtCatalog(entries)


def _check_file(path: Path, entry: str) -> Art:
    try:
        head = path.read_text(encoding="utf-8")[:2000]
    except OSError as e:
        raise DataError("sprites.yaml", entry, f"art file {path} cannot be read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise DataError("sprites.yaml", entry, f"art file {path} is not an SVG text file") from None
    m = _SIZE.search(head)
    if not m:
        raise DataError("sprites.yaml", entry, f"art file {path} is not an SVG with a width and height")
    return Art(path, float(m.group(1)), float(m.group(2)))
