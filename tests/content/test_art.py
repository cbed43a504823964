"""The art catalogue: every piece has art, files render sharply at any size, errors name
the file, and the committed SVGs are what tools/assets/make_art.py draws."""

import os
import shutil
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from vikings.content.art import load_catalog  # noqa: E402
from vikings.content.data import DataError, data_dir  # noqa: E402
from vikings.paths import resource_dir  # noqa: E402
from vikings.ui.drawing.sprites import Sprites  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sprites(rules):
    pygame.init()
    return Sprites(load_catalog(rules))


def test_every_component_has_art(rules, sprites):
    keys = set(sprites.catalog.keys())
    assert {("tiles", t.id) for t in rules.tiles} <= keys
    assert {("vikings", v.id) for v in rules.vikings} <= keys
    assert {("board", b) for b in ("mainland", "wheel", "coin", "fame", "start_player", "bag")} <= keys
    assert {("special_tiles", s.id) for s in rules.specials} <= keys
    assert len(sprites.catalog.group("special_tiles")) == 14, "the 25 special tiles come in 14 designs"


def test_every_piece_renders_at_any_size(sprites):
    for group, ident in sprites.catalog.keys():
        for height in (24, 300):
            img = sprites.get(group, ident, height=height)
            assert img.get_height() == height
            assert abs(img.get_width() - height * sprites.aspect(group, ident)) <= 1
            # Not blank: the drawing has opaque pixels of more than one colour.
            small = pygame.transform.scale(img, (8, 8))
            colours = {tuple(small.get_at((x, y))) for x in range(8) for y in range(8)}
            assert len(colours) > 2, f"{group}.{ident} looks empty"


def test_renders_are_cached_per_size(sprites):
    a = sprites.get("tiles", "farm", height=64)
    assert sprites.get("tiles", "farm", height=64) is a
    assert sprites.get("tiles", "farm", height=65) is not a


def copy_resources(tmp_path):
    data, assets = tmp_path / "data", tmp_path / "assets"
    shutil.copytree(data_dir(), data)
    shutil.copytree(resource_dir("assets"), assets)
    return data, assets


def test_missing_art_file_names_it(rules, tmp_path):
    data, assets = copy_resources(tmp_path)
    (assets / "svg" / "tile_farm.svg").unlink()
    with pytest.raises(DataError) as err:
        load_catalog(rules, data, assets)
    assert err.value.entry == "tiles.farm" and "tile_farm.svg" in str(err.value)


def test_missing_entry_names_the_piece(rules, tmp_path):
    data, assets = copy_resources(tmp_path)
    text = (data / "sprites.yaml").read_text().replace("  scout: viking_scout.svg\n", "")
    (data / "sprites.yaml").write_text(text)
    with pytest.raises(DataError, match="vikings.scout: no art for this piece"):
        load_catalog(rules, data, assets)


def test_broken_art_file_is_reported(rules, tmp_path):
    data, assets = copy_resources(tmp_path)
    (assets / "svg" / "coin.svg").write_text("not a drawing")
    with pytest.raises(DataError, match='board.coin: art file .*coin.svg" is not an SVG'):
        load_catalog(rules, data, assets)


def test_committed_svgs_match_the_generator():
    sys.path.insert(0, str(ROOT))
    try:
        from tools.assets import make_art
    finally:
        sys.path.pop(0)
    made = make_art.pieces()
    on_disk = {p.stem: p.read_text() for p in (ROOT / "assets" / "svg").glob("*.svg")}
    assert set(made) == set(on_disk)
    stale = [name for name, text in made.items() if on_disk[name] != text]
    assert not stale, f"re-run tools/assets/make_art.py: {stale}"
