"""tools/assets/make_icons.py: the .ico and .icns files hold a PNG of the stated size in every
entry, read back here by their own directory structure."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG
    return struct.unpack(">II", data[16:24])  # the IHDR chunk's width and height


@pytest.fixture(scope="module")
def icons(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("icons")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "assets" / "make_icons.py"), str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    return out


def test_ico_directory_points_at_pngs_of_each_size(icons):
    data = (icons / "vikings.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 7)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i : 22 + 16 * i])
        side = w or 256
        assert (w, h, planes, bits) == (side % 256, side % 256, 1, 32)
        assert png_size(data[offset : offset + length]) == (side, side)
        sizes.append(side)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    assert offset + length == len(data)


def test_icns_blocks_are_pngs_of_their_types_size(icons):
    data = (icons / "vikings.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {
        "icp4": 16,
        "icp5": 32,
        "icp6": 64,
        "ic07": 128,
        "ic08": 256,
        "ic09": 512,
        "ic10": 1024,
        "ic11": 32,
        "ic12": 64,
        "ic13": 256,
        "ic14": 512,
    }
    seen, at = {}, 8
    while at < len(data):
        kind, length = data[at : at + 4].decode("ascii"), struct.unpack(">I", data[at + 4 : at + 8])[0]
        seen[kind] = png_size(data[at + 8 : at + length])[0]
        at += length
    assert at == len(data) and seen == expected


def test_pngs_are_square_with_a_transparent_corner(icons):
    import pygame

    for side in (16, 256, 1024):
        image = pygame.image.load(str(icons / f"vikings-{side}.png"))
        assert image.get_size() == (side, side)
        assert image.get_at((0, 0)).a == 0  # round token on a clear square
        assert image.get_at((side // 2, side // 2)).a == 255
    assert (icons / "vikings.png").read_bytes() == (icons / "vikings-256.png").read_bytes()
