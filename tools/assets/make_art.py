"""Draw the game's art as SVG files in assets/svg/ (re-run to regenerate them).

    python tools/assets/make_art.py

Everything is composed here from simple shapes plus a few symbols from the game-icons
collection (CC BY 3.0, see assets/CREDITS.md), whose path data is kept in
assets/icons/game-icons.json (refresh it with tools/assets/fetch_icons.py). The SVG is kept to
what SDL_image's renderer draws faithfully: paths, rects, circles and flat fills and
strokes (no text, no filters), so the game can render every piece sharply at any size.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "assets" / "svg"
ICONS = json.loads((ROOT / "assets" / "icons" / "game-icons.json").read_text())["icons"]

T = 240  # tile size in SVG units
INK = "#2b1d12"
SEA, SEA_LIGHT, SEA_DARK = "#2d6787", "#4b8aae", "#1f4e69"
SAND, SAND_DARK = "#e6d296", "#c9ad68"
GRASS, GRASS_DARK, GRASS_LIGHT = "#7ea54e", "#5e8637", "#9bc168"
WOOD, WOOD_DARK, WOOD_LIGHT = "#8a5a32", "#5e3b1f", "#b07a48"
PARCHMENT, PARCHMENT_DARK = "#efe0b8", "#c8b27c"
GOLD, GOLD_DARK = "#f0c23a", "#a77b12"
FAME, FAME_DARK = "#7b3f98", "#4d2363"

# The six Viking kinds: body colour, symbol colour, icon.
VIKINGS = {
    "fisherman": ("#2f6fd6", "#ffffff", "fishing-pole"),
    "goldsmith": ("#f2c318", "#3b2a00", "anvil"),
    "scout": ("#3a9a3a", "#ffffff", "spyglass"),
    "noble": ("#c83232", "#ffffff", "crown"),
    "warrior": ("#2a2a2a", "#ffffff", "crossed-axes"),
    "boatswain": ("#9a9a9a", "#1d1d1d", "anchor"),
}
# Ships: sail colour, the kind whose row the threat reaches, reward.
SHIPS = {
    "red_sail": ("#c83232", "noble", 2, "gold", 3),
    "green_sail": ("#3a9a3a", "scout", 3, "gold", 5),
    "yellow_sail": ("#f2c318", "goldsmith", 4, "fame", 2),
    "blue_sail": ("#2f6fd6", "fisherman", 5, "fame", 3),
}
BUILDINGS = {"farm": "barn", "church": "viking-church", "village": "huts-village", "stone_circle": "dolmen"}
ROW_KINDS = ["warrior", "noble", "scout", "goldsmith", "fisherman"]


# Building blocks -------------------------------------------------------------------------------
def svg(width: float, height: float, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">\n{body}\n</svg>\n'
    )


def icon(
    name: str, x: float, y: float, size: float, fill: str, stroke: str | None = None, stroke_width: float = 0
) -> str:
    """A game-icons symbol (drawn on a 512 grid) scaled into the box (x, y, size)."""
    body = ICONS[name]["body"].replace('fill="currentColor"', f'fill="{fill}"')
    if stroke:
        body = body.replace(
            "<path ", f'<path stroke="{stroke}" stroke-width="{stroke_width * 512 / size:g}" stroke-linejoin="round" '
        )
    return f'<g transform="translate({x:g} {y:g}) scale({size / 512:g})">{body}</g>'


def circle(cx, cy, r, fill, stroke=INK, width=3.0) -> str:
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>'


def rect(x, y, w, h, fill, rx=0, stroke="none", width=0.0) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width:g}"/>'
    )


def path(d: str, fill="none", stroke="none", width=0.0, extra="") -> str:
    return f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}" {extra}/>'


# Seven-segment style numerals drawn as round-capped strokes (the renderer has no text).
_SEGMENTS = {
    "a": ((0, 0), (1, 0)),
    "b": ((1, 0), (1, 1)),
    "c": ((1, 1), (1, 2)),
    "d": ((0, 2), (1, 2)),
    "e": ((0, 1), (0, 2)),
    "f": ((0, 0), (0, 1)),
    "g": ((0, 1), (1, 1)),
}
_DIGITS = {
    "0": "abcdef",
    "1": "bc",
    "2": "abged",
    "3": "abgcd",
    "4": "fgbc",
    "5": "afgcd",
    "6": "afgedc",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
    "-": "g",
}


def number(text: str, x: float, y: float, height: float, colour: str, width: float | None = None) -> str:
    """`text` (digits, '+', '-') with its top-left at (x, y)."""
    w = height * 0.5
    stroke = width or height * 0.16
    parts, cx = [], x
    for ch in text:
        if ch == "+":
            mid = y + height / 2
            parts.append(f"M{cx:g} {mid:g}H{cx + w:g}M{cx + w / 2:g} {mid - w / 2:g}V{mid + w / 2:g}")
        else:
            for seg in _DIGITS[ch]:
                (x0, y0), (x1, y1) = _SEGMENTS[seg]
                parts.append(f"M{cx + x0 * w:g} {y + y0 * height / 2:g}L{cx + x1 * w:g} {y + y1 * height / 2:g}")
        cx += w + height * 0.32
    return path("".join(parts), stroke=colour, width=stroke, extra='stroke-linecap="round" stroke-linejoin="round"')


def number_width(text: str, height: float) -> float:
    return len(text) * (height * 0.5 + height * 0.32) - height * 0.32


def centred_number(text, cx, cy, height, colour, width=None) -> str:
    return number(text, cx - number_width(text, height) / 2, cy - height / 2, height, colour, width)


def waves(x0: float, y0: float, w: float, h: float, seed: int = 0) -> str:
    """Light wave strokes scattered over a patch of sea."""
    out = []
    rows = max(1, int(h // 34))
    for i in range(rows):
        y = y0 + 18 + i * (h - 24) / max(rows, 1)
        for j in range(max(1, int(w // 70))):
            x = x0 + 12 + ((j * 70 + (i * 37 + seed * 23) % 50) % max(w - 40, 1))
            out.append(f"M{x:g} {y:g}q8 -7 16 0t16 0")
    return path("".join(out), stroke=SEA_LIGHT, width=3.5, extra='stroke-linecap="round"')


# Island tiles --------------------------------------------------------------------------------------
# Land runs in a band from y=28 to y=212 with a sand rim; at a land edge the band meets the
# tile's side, so neighbouring tiles join into one island. Sea edges show a curved coast.
TOP, BOTTOM, RIM = 28, 212, 9


def _land_shape(west_sea: bool, east_sea: bool, inset: float) -> str:
    top, bottom = TOP - inset, BOTTOM + inset
    if west_sea:
        west = f"M110 {top:g}C{52 - inset:g} {top:g} {30 - inset:g} 80 {30 - inset:g} 120S{52 - inset:g} {bottom:g} 110 {bottom:g}"
    else:
        west = f"M0 {top:g}L0 {bottom:g}"
    if east_sea:
        east = f"L130 {bottom:g}C{188 + inset:g} {bottom:g} {210 + inset:g} 160 {210 + inset:g} 120S{188 + inset:g} {top:g} 130 {top:g}Z"
    else:
        east = f"L{T} {bottom:g}L{T} {top:g}Z"
    return west + east


def island_tile(west_sea: bool, east_sea: bool, decoration: str = "", start: bool = False) -> str:
    body = [rect(0, 0, T, T, SEA), waves(0, 0, T, TOP + 4, 1), waves(0, BOTTOM - 4, T, T - BOTTOM + 4, 2)]
    if west_sea:
        body.append(waves(0, TOP, 40, BOTTOM - TOP, 3))
    if east_sea:
        body.append(waves(T - 40, TOP, 40, BOTTOM - TOP, 4))
    body.append(path(_land_shape(west_sea, east_sea, RIM), fill=SAND))
    body.append(path(_land_shape(west_sea, east_sea, 0), fill=GRASS))
    # A few tufts of darker grass so the land does not look flat.
    tufts = "".join(
        f"M{x} {y}l5 -9l5 9"
        for x, y in ((62, 66), (176, 72), (70, 178), (168, 184), (120, 58))
        if (west_sea is False or x > 60) and (east_sea is False or x < 180)
    )
    body.append(path(tufts, stroke=GRASS_DARK, width=3, extra='stroke-linecap="round" stroke-linejoin="round"'))
    body.append(decoration)
    if start:
        # The start tile: a banner on the coast and a golden frame.
        body.append(rect(3, 3, T - 6, T - 6, "none", rx=10, stroke=GOLD, width=6))
        body.append(icon("flying-flag", 48, 74, 64, "#b22222", INK, 3))
    body.append(rect(0.5, 0.5, T - 1, T - 1, "none", stroke=SEA_DARK, width=1))
    return svg(T, T, "\n".join(body))


def building(name: str) -> str:
    """The building of a middle tile, upper half, leaving room below for a Viking."""
    ground = rect(58, 48, 124, 92, GRASS_LIGHT, rx=18)
    return ground + icon(BUILDINGS[name], 70, 40, 100, WOOD_DARK)


# Ships ---------------------------------------------------------------------------------------------
def reach_gauge(reach: int) -> str:
    """Five pips down the tile's right side: filled for each row the ship threatens."""
    out = [rect(204, 30, 26, 168, "#00000033", rx=8)]
    for row in range(1, 6):
        kind = ROW_KINDS[row - 1]
        colour = VIKINGS[kind][0] if row <= reach else "#ffffff40"
        out.append(circle(217, 30 + row * 28, 9, colour, "#111111" if row <= reach else "#ffffff80", 2))
    out.append(path(f"M217 {40 + reach * 28 + 8}l-7 -8h14z", fill="#ffffff"))
    return "".join(out)


def reward_badge(kind: str, amount: int, x: float, y: float) -> str:
    fill, dark = (GOLD, GOLD_DARK) if kind == "gold" else (FAME, FAME_DARK)
    ink = INK if kind == "gold" else "#ffffff"
    mark = (
        icon("two-coins", x - 44, y - 18, 34, dark)
        if kind == "gold"
        else icon("laurel-crown", x - 46, y - 19, 36, "#ffffff")
    )
    return (
        rect(x - 50, y - 24, 100, 48, fill, rx=24, stroke=dark, width=4)
        + mark
        + centred_number(str(amount), x + 18, y, 28, ink, 6)
    )


def ship_tile(sail: str, reaches: str, reach: int, reward_kind: str, amount: int) -> str:
    body = [rect(0, 0, T, T, SEA), waves(0, 0, T, T, 5)]
    hull = "M24 150C60 168 150 170 196 150L184 178C150 192 66 192 38 178Z"
    body.append(path(hull, fill=WOOD, stroke=INK, width=4))
    body.append(path("M40 162C80 172 140 172 182 162", stroke=WOOD_DARK, width=3))
    # Dragon prow and stern.
    body.append(
        path(
            "M26 152C14 132 16 110 30 100C40 96 44 106 36 112C28 120 32 136 40 156",
            fill=WOOD_LIGHT,
            stroke=INK,
            width=4,
        )
    )
    body.append(
        path("M194 152C206 136 204 120 196 112", fill="none", stroke=INK, width=6, extra='stroke-linecap="round"')
    )
    body.append(rect(106, 40, 8, 118, WOOD_DARK, stroke=INK, width=2))
    # The square sail in the ship's colour, with the symbol of the row it reaches.
    body.append(path("M58 50Q110 38 162 50L156 134Q110 142 64 134Z", fill=sail, stroke=INK, width=4))
    body.append(path("M72 50L70 136M148 50L150 136", stroke="#00000030", width=8))
    body.append(circle(110, 92, 30, "#ffffffd0", INK, 3))
    body.append(icon(VIKINGS[reaches][2], 86, 68, 48, INK))
    # Shields along the hull.
    body.append(
        "".join(circle(x, 160, 8, c, INK, 2) for x, c in ((70, "#c83232"), (98, GOLD), (126, "#c83232"), (154, GOLD)))
    )
    body.append(reach_gauge(reach))
    body.append(reward_badge(reward_kind, amount, 62, 214))
    body.append(rect(0.5, 0.5, T - 1, T - 1, "none", stroke=SEA_DARK, width=1))
    return svg(T, T, "\n".join(body))


# Vikings -------------------------------------------------------------------------------------------
def viking(kind: str) -> str:
    """A wooden figure in the kind's colour, with its symbol on a disc (for colour-blind play)."""
    colour, ink, symbol = VIKINGS[kind]
    outline = "#000000" if kind != "warrior" else "#bbbbbb"
    body = [
        path(
            "M60 8C40 8 30 24 30 40C30 52 36 60 42 64L18 76C8 82 6 96 10 108L24 172C26 180 32 184 40 184"
            "H80C88 184 94 180 96 172L110 108C114 96 112 82 102 76L78 64C84 60 90 52 90 40C90 24 80 8 60 8Z",
            fill=colour,
            stroke=outline,
            width=5,
        ),
        path("M36 30C44 12 76 12 84 30", stroke="#ffffff55", width=5, extra='stroke-linecap="round"'),
        circle(60, 122, 34, ink, outline, 3),
        icon(symbol, 36, 98, 48, colour),
    ]
    return svg(120, 192, "\n".join(body))


# Board pieces --------------------------------------------------------------------------------------
def mainland() -> str:
    """The player's coast: the ship row with the pool (the head boatswain's place) on top,
    then one row per island Viking kind. Its east edge is sea."""
    w, h = 260, 6 * T
    body = [rect(0, 0, w, h, SEA)]
    body.append(
        path(
            f"M0 0H{w - 40}C{w - 10} 60 {w - 10} 180 {w - 30} {T}"
            + "".join(
                f"C{w - 6 if i % 2 else w - 2} {T * i + 80} {w - 6} {T * i + 160} {w - 30} {T * (i + 1)}"
                for i in range(1, 6)
            )
            + "H0Z",
            fill=SAND,
        )
    )
    body.append(
        path(
            f"M0 0H{w - 52}C{w - 22} 60 {w - 22} 180 {w - 42} {T}"
            + "".join(
                f"C{w - 18 if i % 2 else w - 14} {T * i + 80} {w - 18} {T * i + 160} {w - 42} {T * (i + 1)}"
                for i in range(1, 6)
            )
            + "H0Z",
            fill="#8c7a55",
        )
    )
    # The pool: a wooden jetty in the ship row with the anchor of the head boatswain.
    body.append(rect(14, 14, w - 74, T - 28, WOOD_LIGHT, rx=14, stroke=WOOD_DARK, width=5))
    body.append(path("".join(f"M{x} 18V{T - 18}" for x in range(44, w - 70, 30)), stroke=WOOD, width=3))
    body.append(icon("anchor", 30, 30, 56, "#ffffffaa"))
    for row, kind in enumerate(ROW_KINDS, start=1):
        y = row * T
        colour = VIKINGS[kind][0]
        body.append(rect(18, y + 18, w - 82, T - 36, PARCHMENT, rx=16, stroke=colour, width=8))
        body.append(circle(78, y + T / 2, 46, colour, INK, 4))
        body.append(icon(VIKINGS[kind][2], 46, y + T / 2 - 32, 64, VIKINGS[kind][1]))
        body.append(
            path(
                f"M136 {y + T / 2 - 30}l40 30l-40 30",
                stroke=colour,
                width=10,
                extra='stroke-linecap="round" stroke-linejoin="round"',
            )
        )
    return svg(w, h, "\n".join(body))


# The price wheel's measures (SVG units of its 600x600 drawing); the screen that turns the
# wheel (vikings/ui/drawing/wheel.py) places the spots and lines with the same numbers.
WHEEL_SIZE = 600
WHEEL_SPOT_RING, WHEEL_SPOT_RADIUS = 222, 38  # the 12 price spots: distance from the centre, size
WHEEL_LINE_FROM, WHEEL_LINE_TO, WHEEL_LINE_WIDTH = 120, 268, 3  # the radial lines between the spots


def _wheel_rim(c: float) -> list[str]:
    return [circle(c, c, 292, WOOD_DARK, INK, 6), circle(c, c, 270, WOOD, INK, 3)]


def _wheel_hub(c: float) -> list[str]:
    return [
        circle(c, c, 118, WOOD_LIGHT, INK, 4),
        circle(c, c, 40, GOLD, INK, 4),
        icon("drakkar", c - 70, c - 70, 140, "#5e3b1f66"),
    ]


def wheel() -> str:
    """The price wheel: a wooden disc with 12 numbered spaces (the numbers are drawn by the
    screen, which knows the wheel's turn) around a boss."""
    c = WHEEL_SIZE / 2
    body = _wheel_rim(c)
    for i in range(12):
        a = math.radians(i * 30 - 90)
        x, y = c + WHEEL_SPOT_RING * math.cos(a), c + WHEEL_SPOT_RING * math.sin(a)
        body.append(wheel_spot_circle(x, y))
        a2 = math.radians(i * 30 - 75)
        body.append(
            path(
                f"M{c + WHEEL_LINE_FROM * math.cos(a2):.1f} {c + WHEEL_LINE_FROM * math.sin(a2):.1f}"
                f"L{c + WHEEL_LINE_TO * math.cos(a2):.1f} {c + WHEEL_LINE_TO * math.sin(a2):.1f}",
                stroke=WOOD_DARK,
                width=WHEEL_LINE_WIDTH,
            )
        )
    body += _wheel_hub(c)
    return svg(WHEEL_SIZE, WHEEL_SIZE, "\n".join(body))


def wheel_base() -> str:
    """The wheel without its spots and lines (what looks the same at every angle): drawn
    while the wheel turns, with the spots and lines placed by the screen at the turn."""
    c = WHEEL_SIZE / 2
    return svg(WHEEL_SIZE, WHEEL_SIZE, "\n".join(_wheel_rim(c) + _wheel_hub(c)))


def wheel_spot_circle(x: float, y: float) -> str:
    """A price spot: a parchment circle with a dark wooden outline (4 units wide)."""
    return circle(x, y, WHEEL_SPOT_RADIUS, PARCHMENT, WOOD_DARK, 4)


def wheel_spot() -> str:
    """One price spot of the wheel, with a margin of 2 units around its outline (84x84)."""
    side = 2 * (WHEEL_SPOT_RADIUS + 4)
    return svg(side, side, wheel_spot_circle(side / 2, side / 2))


def token(icon_name: str, fill: str, dark: str, ink: str, size: int = 160) -> str:
    c = size / 2
    return svg(
        size,
        size,
        circle(c, c, c - 6, fill, dark, 8)
        + circle(c, c, c - 20, "none", dark, 3)
        + icon(icon_name, c - c * 0.62, c - c * 0.62, c * 1.24, ink),
    )


def bag() -> str:
    return svg(200, 200, icon("swap-bag", 8, 8, 184, "#8b5a2b", INK, 6))


def start_ship() -> str:
    return svg(200, 200, circle(100, 100, 94, "#d8c28a", WOOD_DARK, 8) + icon("drakkar-dragon", 18, 14, 164, WOOD_DARK))


# Special tiles (advanced game) --------------------------------------------------------------------
def special(main: str, main_fill: str, badge: str = "") -> str:
    body = [
        rect(4, 4, T - 8, T - 8, PARCHMENT, rx=22, stroke=PARCHMENT_DARK, width=8),
        rect(20, 20, T - 40, T - 40, "none", rx=14, stroke="#00000022", width=3),
        main and icon(main, 50, 30, 140, main_fill),
        badge,
    ]
    return svg(T, T, "\n".join(b for b in body if b))


def badge(text: str, fill: str, dark: str, ink: str, x: float = 120, y: float = 196) -> str:
    w = max(70, number_width(text, 30) + 44)
    return rect(x - w / 2, y - 24, w, 48, fill, rx=24, stroke=dark, width=4) + centred_number(text, x, y, 30, ink, 6)


def special_tiles() -> dict[str, str]:
    out = {
        "gold_5": special("coins-pile", GOLD_DARK, badge("+5", GOLD, GOLD_DARK, INK)),
        "goldsmith_1": special(VIKINGS["goldsmith"][2], VIKINGS["goldsmith"][0], badge("+1", GOLD, GOLD_DARK, INK)),
        "goldsmith_2": special(VIKINGS["goldsmith"][2], VIKINGS["goldsmith"][0], badge("+2", GOLD, GOLD_DARK, INK)),
        "boat": special("sailboat", WOOD_DARK, icon("anchor", 160, 150, 56, "#555555")),
        "boatswain_majority": special("anchor", "#555555", badge("+1", "#bbbbbb", "#555555", INK)),
        "feeding_3": special("fish-cooked", VIKINGS["fisherman"][0], badge("3", FAME, FAME_DARK, "#ffffff")),
        "gold_3_to_fame": special("crown-coin", GOLD_DARK, badge("3", GOLD, GOLD_DARK, INK)),
    }
    for kind in ("noble", "scout", "fisherman"):
        out[f"{kind}_fame"] = special(VIKINGS[kind][2], VIKINGS[kind][0], badge("+1", FAME, FAME_DARK, "#ffffff"))
    for name in BUILDINGS:
        # The building on a golden plot: it replaces a middle tile with the same building.
        out[f"building_{name}"] = special(
            "",
            "",
            rect(46, 40, 148, 160, GOLD, rx=22, stroke=GOLD_DARK, width=4)
            + building(name)
            .replace("translate(70 40)", "translate(70 66)")
            .replace('y="48"', 'y="62"')
            .replace('height="92"', 'height="120"'),
        )
    return out


def pieces() -> dict[str, str]:
    """Every file this script writes: name -> SVG text."""
    out = {
        "tile_start": island_tile(True, False, start=True),
        "tile_left_end": island_tile(True, False),
        "tile_right_end": island_tile(False, True),
        "mainland": mainland(),
        "wheel": wheel(),
        "wheel_base": wheel_base(),
        "wheel_spot": wheel_spot(),
        "coin": token("two-coins", GOLD, GOLD_DARK, GOLD_DARK),
        "fame": token("laurel-crown", FAME, FAME_DARK, "#ffffff"),
        "start_player": start_ship(),
        "bag": bag(),
    }
    for name in BUILDINGS:
        out[f"tile_{name}"] = island_tile(False, False, building(name))
    for ship, (colour, reaches, reach, kind, amount) in SHIPS.items():
        out[f"ship_{ship}"] = ship_tile(colour, reaches, reach, kind, amount)
    for kind in VIKINGS:
        out[f"viking_{kind}"] = viking(kind)
    for name, text in special_tiles().items():
        out[f"special_{name}"] = text
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    made = pieces()
    for old in OUT.glob("*.svg"):
        if old.stem not in made:
            old.unlink()
    for name, text in made.items():
        (OUT / f"{name}.svg").write_text(text)
    print(f"wrote {len(made)} SVG files to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
