"""Make the application icons from the game's SVG art (the start player's dragon-head token).

    python tools/assets/make_icons.py [OUT_DIR]      (default build/icons)

Writes vikings.ico (Windows: 16-256 px), vikings.icns (macOS: 16-1024 px, Retina sizes
included), vikings.png (256 px, the Linux desktop entry's icon) and vikings-SIZE.png for
every size. Each size is rasterised from the SVG on its own (pygame renders SVG, as the
game does), not scaled down from one big picture, so small icons stay sharp. Both icon
containers hold PNG images, which every Windows since Vista and every macOS since 10.7
read, so they are written here directly rather than through an imaging library.

The icons are made at build time (build.spec runs this when they are missing; so does
tools/release.py) and never committed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from vikings.content.art import load_catalog  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402

ART = ("board", "start_player")
MARGIN = 0.03  # of the icon's side, left clear on every edge
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# The .icns entries: type code and pixel size (ic11-ic14 are the Retina "@2x" slots).
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),
    ("ic11", 32),
    ("ic12", 64),
    ("ic13", 256),
    ("ic14", 512),
)


def render(svg: Path, size: int) -> pygame.Surface:
    """The art centred on a transparent square of `size` pixels."""
    inner = max(1, round(size * (1 - 2 * MARGIN)))
    art = pygame.image.load_sized_svg(str(svg), (inner, inner))
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    icon.blit(art, art.get_rect(center=(size // 2, size // 2)))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """An .ico file: a directory of entries, each a PNG image (0 in a size byte means 256)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, images = b"", b""
    for s in sizes:
        data = pngs[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return head + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: 'icns', the total length, then (type, length, PNG) blocks, big-endian."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out: Path) -> list[Path]:
    svg = load_catalog(default_rules())[ART].path
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: png_bytes(render(svg, s)) for s in PNG_SIZES}
    written = []
    for s, data in pngs.items():
        written.append(out / f"vikings-{s}.png")
        written[-1].write_bytes(data)
    for name, data in (
        ("vikings.png", pngs[256]),
        ("vikings.ico", ico({s: pngs[s] for s in ICO_SIZES})),
        ("vikings.icns", icns(pngs)),
    ):
        written.append(out / name)
        written[-1].write_bytes(data)
    return written


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "build" / "icons"
    for path in make_icons(out):
        print(f"{path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
