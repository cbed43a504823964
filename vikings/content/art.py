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
from vikings.text.files import BadFile, excerpt, read_head

GROUPS = ("vikings", "tiles", "board", "special_tiles")
BOARD_PIECES = ("mainland", "wheel", "wheel_base", "wheel_spot", "coin", "fame", "start_player", "bag")
_SIZE = re.compile(r'<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"', re.S)
HEAD = 2000  # bytes of an SVG file read to find its size


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
    directory = doc.get("directory", "svg")
    if not isinstance(directory, str) or not directory:
        raise DataError("sprites.yaml", "directory", f"must be a folder's name, got {excerpt(directory)}")
    folder = assets / directory
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
                raise DataError("sprites.yaml", entry, f"must name an .svg file, got {excerpt(name)}")
            entries[(group, str(ident))] = _check_file(folder / name, entry)
    return ArtCatalog(entries)


def _check_file(path: Path, entry: str) -> Art:
    try:
        head = read_head(path, HEAD).decode("utf-8", errors="replace")
    except BadFile as e:
        raise DataError(
            "sprites.yaml", entry, f"art file {excerpt(path.name)} {str(e).removeprefix('the file ')}"
        ) from None
    m = _SIZE.search(head)
    if not m:
        raise DataError("sprites.yaml", entry, f"art file {excerpt(path.name)} is not an SVG with a width and height")
    width, height = float(m.group(1)), float(m.group(2))
    if not (0 < width < 100_000 and 0 < height < 100_000):
        raise DataError("sprites.yaml", entry, f"art file {excerpt(path.name)} has no sensible size")
    return Art(path, width, height)
