"""Render a contact sheet of every piece of art to a PNG (default docs/art-sheet.png).

    python tools/pictures/art_sheet.py [OUT.png] [--scale 1.0]

Besides each piece on its own, it lays out a small display (a mainland with joined
islands, ships and Vikings) to show that edges meet and pieces read at a glance.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from vikings.content.art import load_catalog  # noqa: E402
from vikings.content.data import default_rules  # noqa: E402
from vikings.ui.drawing.sprites import Sprites  # noqa: E402

BG = (236, 228, 210)
INK = (43, 29, 18)


def label(surface, font, text, x, y, width):
    img = font.render(text, True, INK)
    surface.blit(img, (x + (width - img.get_width()) // 2, y))


def sheet(scale: float) -> pygame.Surface:
    rules = default_rules()
    sprites = Sprites(load_catalog(rules))
    cell = int(150 * scale)
    font = pygame.font.Font(None, int(22 * scale))
    title = pygame.font.Font(None, int(34 * scale))
    width = int(1500 * scale)
    surface = pygame.Surface((width, int(2200 * scale)))
    surface.fill(BG)
    y = int(20 * scale)

    def row(heading, items, height=cell):
        nonlocal y
        surface.blit(title.render(heading, True, INK), (int(20 * scale), y))
        y += int(40 * scale)
        x = int(20 * scale)
        for group, ident in items:
            img = sprites.get(group, ident, height=height)
            if x + max(img.get_width(), cell) > width - 20:
                x = int(20 * scale)
                y += height + int(36 * scale)
            surface.blit(img, (x + (cell - img.get_width()) // 2 if img.get_width() < cell else x, y))
            label(surface, font, ident.replace("_", " "), x, y + height + int(4 * scale), max(cell, img.get_width()))
            x += max(cell, img.get_width()) + int(16 * scale)
        y += height + int(44 * scale)

    row("Vikings", [("vikings", v.id) for v in rules.vikings], int(cell * 0.9))
    row("Island tiles", [("tiles", t.id) for t in rules.tiles if not t.is_ship])
    row("Ships", [("tiles", t.id) for t in rules.tiles if t.is_ship])
    row("Board pieces", [("board", b) for b in ("wheel", "coin", "fame", "start_player", "bag")])
    row(
        "Special tiles (advanced game)",
        [("special_tiles", s) for s in sprites.catalog.group("special_tiles")],
        int(cell * 0.8),
    )
    # A display assembled from the pieces: mainland, ships above, islands joined edge to edge.
    surface.blit(title.render("A display", True, INK), (int(20 * scale), y))
    y += int(40 * scale)
    t = int(96 * scale)
    main = sprites.get("board", "mainland", height=6 * t)
    x0 = int(20 * scale)
    surface.blit(main, (x0, y))
    x0 += main.get_width()
    layout = {
        0: ["green_sail", None, "red_sail"],
        1: ["start", "right_end"],
        2: ["left_end", "church", "village", "right_end"],
        3: ["left_end", "farm"],
        4: ["left_end", "stone_circle", "right_end"],
        5: ["left_end", "farm", "right_end"],
    }
    people = {
        (1, 1): "warrior",
        (2, 2): "noble",
        (2, 3): "noble",
        (3, 1): "scout",
        (4, 2): "goldsmith",
        (5, 1): "fisherman",
        (5, 3): "fisherman",
    }
    for r, tiles in layout.items():
        for c, ident in enumerate(tiles, start=1):
            if ident:
                surface.blit(sprites.get("tiles", ident, height=t), (x0 + (c - 1) * t, y + r * t))
            if (r, c) in people:
                fig = sprites.get("vikings", people[(r, c)], height=int(t * 0.62))
                surface.blit(fig, (x0 + (c - 1) * t + (t - fig.get_width()) // 2, y + r * t + int(t * 0.3)))
    # The pool is the boat at the top of the mainland: its Vikings stand inside it.
    pool_w = main.get_width()
    for i, kind in enumerate(("boatswain", "boatswain", "scout")):
        fig = sprites.get("vikings", kind, height=int(t * 0.36))
        step = (pool_w - fig.get_width()) // 3
        surface.blit(fig, (int(20 * scale) + step // 2 + i * step, y + int(t * 0.55)))
    return surface.subsurface((0, 0, width, min(surface.get_height(), y + 6 * t + int(30 * scale)))).copy()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(Path(__file__).resolve().parents[2] / "docs" / "art-sheet.png"))
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()
    pygame.init()
    image = sheet(args.scale)
    pygame.image.save(image, args.out)
    print(f"saved {args.out} ({image.get_width()}x{image.get_height()})")


if __name__ == "__main__":
    main()
