"""Drawing the table: the players' displays, the price wheel, the players' cards and the
game log. Pure drawing from a `view.Visible` (no rule is decided here); each drawing
returns the geometry the scenes need to turn a click into a cell or a wheel space.
"""
from __future__ import annotations

import math

import pygame

from ..lang import t
from .theme import BAD, GOLD, INK, INK_SOFT, PAPER, SEA, SEA_DARK, WHITE, WOOD, WOOD_DARK


# Layout: see layout.py (re-exported here: scenes and tests import it from the table) -------------
from .layout import BOARD_COLS, BOARD_LABEL, DECISION_W, Layout  # noqa: E402,F401


# Displays -------------------------------------------------------------------------------------
class DisplayGeometry:
    """Where a display's cells are: row 0 is the ships' row, rows 1.. the islands."""

    def __init__(self, x0: int, y0: int, t: int, cols: int, rows: int, mainland: pygame.Rect):
        self.x0, self.y0, self.t, self.cols, self.rows, self.mainland = x0, y0, t, cols, rows, mainland

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.x0 + (col - 1) * self.t, self.y0 + row * self.t, self.t, self.t)

    def cell_at(self, pos) -> tuple[int, int] | None:
        x, y = pos
        if x < self.x0 or y < self.y0:
            return None
        col, row = (x - self.x0) // self.t + 1, (y - self.y0) // self.t
        if row > self.rows or col > self.cols:
            return None
        return int(row), int(col)

    @property
    def pool_rect(self) -> pygame.Rect:
        m = self.mainland
        return pygame.Rect(m.x, m.y, m.w, self.t)

    def column_rect(self, col: int) -> pygame.Rect:
        """A whole column, the ships' row down to the last island row."""
        return self.cell_rect(0, col).union(self.cell_rect(self.rows, col))


def columns_needed(pv, extra_cells=()) -> int:
    cols = max([len(r) for r in pv.display.rows] + [c for _, c in extra_cells] + [0]) + 1
    return max(cols, 5)


def display_geometry(app, pv, rect: pygame.Rect, extra_cells=()) -> DisplayGeometry:
    rows = app.rules.island_rows
    cols = columns_needed(pv, extra_cells)
    aspect = app.sprites.aspect("board", "mainland")  # width / height of the 6-row mainland
    t = min(rect.h // (rows + 1), int(rect.w / (cols + aspect * (rows + 1))))
    t = max(t, 8)
    mw = round(aspect * (rows + 1) * t)
    mainland = pygame.Rect(rect.x, rect.y, mw, t * (rows + 1))
    return DisplayGeometry(rect.x + mw, rect.y, t, cols, rows, mainland)


def draw_display(surface, app, pv, rect: pygame.Rect, *, highlight=(), preview=None, threatened=(),
                 repelled=(), hover=None, extra_cells=(), small=False) -> DisplayGeometry:
    """Draw one display into `rect`. highlight: cells to mark as legal; preview:
    (tile kind, row, col) drawn half transparent; threatened: cells whose Viking lies on
    its side; repelled: ship columns a warrior repels."""
    rules, sprites = app.rules, app.sprites
    g = display_geometry(app, pv, rect, tuple(highlight) + tuple(extra_cells))
    t = g.t
    surface.blit(sprites.get("board", "mainland", height=g.mainland.h), g.mainland)
    sea = pygame.Rect(g.x0, g.y0, g.cols * t, (g.rows + 1) * t).clip(rect)
    pygame.draw.rect(surface, (215, 226, 228), sea)
    if not small:  # faint grid: where tiles could go one day
        for c in range(1, g.cols + 1):
            for r in range(g.rows + 1):
                pygame.draw.rect(surface, (196, 211, 214), g.cell_rect(r, c), 1)
    for r, c, kind, _ in pv.display.tiles():
        if (r, c) in pv.hidden:
            continue
        surface.blit(sprites.get("tiles", rules.tiles[kind].id, height=t), g.cell_rect(r, c))
    for sid, r, c in getattr(pv, "placed", ()):  # advanced game: building special tiles over their cell
        if (r, c) not in pv.hidden:  # (a little smaller: the island's coast around it stays in view)
            img = sprites.get("special_tiles", rules.specials[sid].id, height=round(t * 0.86))
            surface.blit(img, img.get_rect(center=g.cell_rect(r, c).center))
    for c in repelled:
        _ring(surface, g.cell_rect(0, c), (46, 125, 50), max(2, t // 14))
    for r, c in highlight:
        cell = g.cell_rect(r, c)
        glow = pygame.Surface(cell.size, pygame.SRCALPHA)
        glow.fill((255, 214, 90, 110 if (r, c) == hover else 60))
        surface.blit(glow, cell)
        pygame.draw.rect(surface, GOLD, cell, max(2, t // 16), border_radius=max(2, t // 10))
    if preview is not None:
        kind, r, c = preview
        img = sprites.get("tiles", rules.tiles[kind].id, height=t).copy()
        img.set_alpha(170)
        surface.blit(img, g.cell_rect(r, c))
    threatened = set(threatened)
    for r, c, kind, occupied in pv.display.tiles():
        if r == 0 or not pv.occupied(r, c):
            continue
        draw_viking_on(surface, app, rules.row_viking[r], g.cell_rect(r, c), lying=(r, c) in threatened)
    draw_pool(surface, app, pv, g.pool_rect, small=small)
    return g


def draw_viking_on(surface, app, kind: int, cell: pygame.Rect, lying=False) -> None:
    """A Viking standing on a tile (to the left, so the building stays visible), or laid on
    its side when a ship threatens it."""
    t = cell.h
    fig = app.sprites.get("vikings", app.rules.vikings[kind].id, height=round(t * 0.6))
    if lying:
        fig = _lying(fig)
        surface.blit(fig, fig.get_rect(midbottom=(cell.centerx, cell.bottom - t // 10)))
        pygame.draw.line(surface, BAD, (cell.x + t // 8, cell.y + t // 8), (cell.right - t // 8, cell.bottom - t // 8),
                         max(2, t // 18))
    else:
        surface.blit(fig, fig.get_rect(bottomleft=(cell.x + round(t * 0.06), cell.bottom - round(t * 0.08))))


_LYING: dict = {}


def _lying(fig: pygame.Surface) -> pygame.Surface:
    key = id(fig), fig.get_size()
    out = _LYING.get(key)
    if out is None:
        if len(_LYING) > 64:
            _LYING.clear()
        out = _LYING[key] = pygame.transform.rotate(fig, 90)
    return out


def draw_pool(surface, app, pv, rect: pygame.Rect, small=False) -> None:
    """The pool, in the mainland's boat: one figure per kind, with a count."""
    kinds = [(k, n) for k, n in enumerate(pv.pool) if n > 0]
    if not kinds:
        return
    inner = rect.inflate(-rect.w // 6, -rect.h // 4)
    per_row = 3
    cw, ch = inner.w / per_row, inner.h / 2
    for i, (k, n) in enumerate(kinds):
        x = inner.x + (i % per_row) * cw
        y = inner.y + (i // per_row) * ch
        fig = app.sprites.get("vikings", app.rules.vikings[k].id, height=max(6, round(ch * 0.95)))
        surface.blit(fig, fig.get_rect(midbottom=(round(x + cw * 0.4), round(y + ch))))
        if n > 1 and not small or n > 1 and ch >= 10:
            label = app.look.font(max(7, ch / app.look.text_scale * 0.45), bold=True).render(str(n), True, WHITE)
            bg = label.get_rect(bottomleft=(round(x + cw * 0.55), round(y + ch))).inflate(4, 0)
            pygame.draw.rect(surface, WOOD_DARK, bg, border_radius=4)
            surface.blit(label, label.get_rect(center=bg.center))


def ring_cell(surface, geo: DisplayGeometry, row: int, col: int, colour) -> None:
    """A cell outlined (a last move, a hovered log entry's place)."""
    _ring(surface, geo.cell_rect(row, col).inflate(2, 2), colour, max(3, geo.t // 12))


def _ring(surface, rect, colour, width) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=max(2, rect.w // 10))


# The wheel ------------------------------------------------------------------------------------
class WheelGeometry:
    def __init__(self, rect: pygame.Rect, spaces: int):
        self.rect = rect
        self.spaces = spaces
        self.side = rect.w
        self.centre = rect.center
        self.disc = round(rect.w * 0.62)          # diameter of the wooden disc
        self.tile = round(rect.w * 0.122)          # a group's tile
        self.ring = rect.w * 0.432                 # radius of the groups' tiles
        self.viking_ring = rect.w * 0.322          # radius of the groups' Vikings (on the rim)

    def angle(self, space: float) -> float:
        return -math.pi / 2 + 2 * math.pi * space / self.spaces  # space 0 at the top, clockwise

    def at(self, space: float, radius: float) -> tuple[int, int]:
        a = self.angle(space)
        return round(self.centre[0] + radius * math.cos(a)), round(self.centre[1] + radius * math.sin(a))

    def tile_rect(self, space: int) -> pygame.Rect:
        return pygame.Rect(0, 0, self.tile, self.tile).move(
            self.at(space, self.ring)[0] - self.tile // 2, self.at(space, self.ring)[1] - self.tile // 2)

    def group_rect(self, space: int) -> pygame.Rect:
        """A group on the wheel: its tile and its Viking on the rim."""
        v = self.at(space, self.viking_ring)
        half = round(self.tile * 0.4)
        return self.tile_rect(space).union(pygame.Rect(v[0] - half, v[1] - half, 2 * half, 2 * half))

    def space_at(self, pos) -> int | None:
        for s in range(self.spaces):
            c = self.at(s, (self.ring + self.viking_ring) / 2)
            if math.dist(pos, c) < self.tile * 1.05:
                return s
        return None


_ROTATED: dict = {}
_HUB_RADIUS = 121 / 600  # the hub of the wheel art, as a share of its size (wheel.svg)


def _wheel_disc(app, size: int, turn: float) -> pygame.Surface:
    """The disc rotated by `turn` spaces, with its hub kept upright (the ship on it would
    otherwise sail upside down). Cached: the wheel rests most of the time; while it turns,
    `rotate` (not the smoother `rotozoom`) keeps a frame cheap."""
    deg = round(-turn * 360 / app.rules.wheel_spaces)
    key = (size, deg)
    img = _ROTATED.get(key)
    if img is None:
        if len(_ROTATED) > 48:
            _ROTATED.clear()
        flat = app.sprites.get("board", "wheel", height=size)
        img = pygame.transform.rotate(flat, deg) if deg % 360 else flat.copy()
        if deg % 360:
            r = round(size * _HUB_RADIUS)
            hub = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
            pygame.draw.circle(hub, (255, 255, 255, 255), (r, r), r)
            hub.blit(flat, (0, 0), pygame.Rect(size // 2 - r, size // 2 - r, 2 * r, 2 * r),
                     special_flags=pygame.BLEND_RGBA_MIN)
            img.blit(hub, hub.get_rect(center=img.get_rect().center))
        _ROTATED[key] = img
    return img


def draw_wheel(surface, app, vis, rect: pygame.Rect, *, turn: float | None = None, highlight=(),
               blocked=(), hover=None, selected=None, hidden_spaces=()) -> WheelGeometry:
    """The price wheel with every group still on it. `turn` (default: the wheel's offset)
    rotates the disc, so the printed prices move as the wheel turns."""
    g = WheelGeometry(rect, app.rules.wheel_spaces)
    turn = vis.offset if turn is None else turn
    disc = _wheel_disc(app, g.disc, turn)
    surface.blit(disc, disc.get_rect(center=g.centre))
    look = app.look
    # The printed prices: price k sits at space k + turn.
    font = look.font(max(8, g.disc / look.text_scale * 0.055), bold=True)
    for k in range(g.spaces):
        pos = g.at(k + turn, g.disc * 0.37)
        label = font.render(str(k), True, INK)
        surface.blit(label, label.get_rect(center=pos))
    if vis.wheel_hidden:
        return g
    for s in range(g.spaces):
        tile, viking = vis.wheel_tile[s], vis.wheel_viking[s]
        if tile < 0 or s in hidden_spaces:
            continue
        tr = g.tile_rect(s)
        if s == selected:
            pygame.draw.rect(surface, GOLD, tr.inflate(g.tile // 3, g.tile // 3), border_radius=g.tile // 6)
        elif s in highlight:
            pygame.draw.rect(surface, (255, 232, 150), tr.inflate(g.tile // 5, g.tile // 5),
                             border_radius=g.tile // 6)
        surface.blit(app.sprites.get("tiles", app.rules.tiles[tile].id, height=g.tile), tr)
        if viking >= 0:
            fig = app.sprites.get("vikings", app.rules.vikings[viking].id, height=round(g.tile * 0.72))
            surface.blit(fig, fig.get_rect(center=g.at(s, g.viking_ring)))
        if s in blocked:
            shade = pygame.Surface(tr.size, pygame.SRCALPHA)
            shade.fill((40, 30, 20, 120))
            surface.blit(shade, tr)
            reason = blocked[s] if isinstance(blocked, dict) else None
            if reason:  # a short word on the tile; the tooltip has the full reason
                tag = look.font(max(7, g.tile / look.text_scale * 0.2), bold=True).render(reason, True, WHITE)
                box = tag.get_rect(center=tr.center).inflate(6, 2)
                pygame.draw.rect(surface, BAD, box, border_radius=3)
                surface.blit(tag, tag.get_rect(center=box.center))
        if s == hover and s != selected:
            pygame.draw.rect(surface, WHITE, tr.inflate(4, 4), 2, border_radius=g.tile // 8)
    return g


# Cards and text -------------------------------------------------------------------------------
def panel(surface, rect: pygame.Rect, look, fill=PAPER, border=WOOD, width=2) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=look.px(8))
    pygame.draw.rect(surface, border, rect, max(1, look.px(width)), border_radius=look.px(8))


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


_LOG_CACHE: dict = {}


def draw_log(surface, app, rect, lines, title: str | None = None, hover=None) -> list:
    """The newest log lines, bottom up, wrapped to the panel's width. Rendered once per
    change (wrapping and rendering some 60 lines each frame cost more than the rest).
    Returns [(rect, index into lines)] of the entries shown; `hover` (an index) is lit."""
    title = t("table.log.title") if title is None else title
    key = (rect.size, app.look.scale, len(lines), lines[-1] if lines else "", title)
    if _LOG_CACHE.get("key") != key:
        img, spots = _render_log(app, rect.size, lines, title)
        _LOG_CACHE.update(key=key, img=img, spots=spots)
    surface.blit(_LOG_CACHE["img"], rect)
    spots = [(r.move(rect.topleft), i) for r, i in _LOG_CACHE["spots"]]
    for r, i in spots:
        if i == hover:
            lit = pygame.Surface(r.size, pygame.SRCALPHA)
            lit.fill((255, 214, 90, 90))
            surface.blit(lit, r)
    return spots


def _render_log(app, size, lines, title):
    look = app.look
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    panel(img, rect, look)
    head = look.text(title, 16, WOOD_DARK, bold=True)
    img.blit(head, (rect.x + look.px(10), rect.y + look.px(8)))
    font = look.font(14)  # the log runs wide now: a size that reads at 1280x720 too
    y = rect.bottom - look.px(8)
    top = rect.y + look.px(34)
    lh = font.get_linesize()
    spots = []
    for n, line in enumerate(reversed(lines)):
        parts = wrap(font, line, rect.w - look.px(24))
        if y - lh * len(parts) < top:
            break
        y -= lh * len(parts) + look.px(3)
        spots.append((pygame.Rect(rect.x + look.px(6), y, rect.w - look.px(12), lh * len(parts)), len(lines) - 1 - n))
        for i, part in enumerate(parts):
            img.blit(font.render(part, True, INK if i == 0 else INK_SOFT),
                     (rect.x + look.px(12) + (look.px(10) if i else 0), y + i * lh))
    return img, spots


def draw_panel_text(surface, look, rect: pygame.Rect, lines, error: str | None = None,
                    room: int | None = None) -> int:
    """A panel's text: a heading, paragraphs wrapped to its width, an error in red.
    Returns where the text ends (what follows is drawn below it). With `room` (pixels
    from the panel's top) the lettering shrinks, down to 70%, until the text fits in it:
    a large UI scale must not push the text into what the panel shows below it."""
    width = rect.w - look.px(28)
    for shrink in (1.0, 0.92, 0.85, 0.78, 0.7):
        parts = []   # (font, text, colour)
        for i, line in enumerate(lines):
            size, bold, colour = (20, True, WOOD_DARK) if i == 0 else (15, False, INK)
            font = look.font(size * shrink, bold)
            parts += [(font, part, colour) for part in wrap(font, line, width)] + [(None, "", None)]
        if error:
            font = look.font(14 * shrink, True)
            parts += [(font, part, BAD) for part in wrap(font, error, width)]
        height = look.px(12) + sum(f.get_linesize() if f is not None else look.px(6) for f, _, _ in parts)
        if room is None or height <= room:
            break
    y = rect.y + look.px(12)
    for font, text, colour in parts:
        if font is None:
            y += look.px(6)
            continue
        surface.blit(font.render(text, True, colour), (rect.x + look.px(14), y))
        y += font.get_linesize()
    return y


def draw_tip_box(surface, look, text: str, pos) -> None:
    """A tooltip: dark box with wrapped lines, beside the pointer, kept inside the window."""
    font = look.font(14)
    lines = [p for line in text.split("\n") for p in wrap(font, line, look.px(320))]
    w = max(font.size(line)[0] for line in lines) + look.px(16)
    h = font.get_linesize() * len(lines) + look.px(12)
    box = pygame.Rect(pos[0] + look.px(16), pos[1] + look.px(18), w, h)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (43, 33, 24), box, border_radius=look.px(5))
    pygame.draw.rect(surface, (212, 160, 23), box, 1, border_radius=look.px(5))
    for i, line in enumerate(lines):
        surface.blit(font.render(line, True, WHITE), (box.x + look.px(8), box.y + look.px(6) + i * font.get_linesize()))


def draw_top_bar(surface, app, top: pygame.Rect, text: str, bag: int | None, who: str | None,
                 right: int | None = None) -> None:
    """The table's top bar: the round and its scoring, the bag (if shown), whose turn it is,
    all left of `right` (the bar's buttons): when the UI scale makes them too wide the bag
    says only its count, then the lettering shrinks (and is cut short as a last resort)."""
    look, px = app.look, app.look.px
    pygame.draw.rect(surface, WOOD_DARK, top)
    right = top.right if right is None else right
    tall = top.h - px(6)
    bag_img = app.sprites.get("board", "bag", height=px(30)) if bag is not None else None
    bag_texts = (t("table.top.bag", count=bag), str(bag)) if bag is not None else ("",)
    for bag_text in bag_texts:
        label = look.fit_text(text, 17, WHITE, bold=True, height=tall)
        n = look.fit_text(bag_text, 15, WHITE, height=tall) if bag_img is not None else None
        w = look.fit_text(who, 17, (255, 226, 140), bold=True, height=tall) if who else None
        used = px(14) + label.get_width() + px(10)
        if bag_img is not None:
            used += bag_img.get_width() + px(4) + n.get_width() + px(30)
        if w is not None:
            used += w.get_width()
        if used <= right:
            break
    if used > right:   # still too wide: the round text and the turn share what is left
        room = right - (used - label.get_width() - (w.get_width() if w is not None else 0))
        share = room * 0.6 if w is not None else room
        label = look.fit_text(text, 17, WHITE, bold=True, width=max(px(40), round(share)), height=tall)
        if w is not None:
            w = look.fit_text(who, 17, (255, 226, 140), bold=True, width=max(px(40), room - label.get_width()), height=tall)
    surface.blit(label, (px(14), top.centery - label.get_height() // 2))
    x = px(24) + label.get_width()
    if bag_img is not None:
        surface.blit(bag_img, (x, top.centery - bag_img.get_height() // 2))
        surface.blit(n, (x + bag_img.get_width() + px(4), top.centery - n.get_height() // 2))
        x += bag_img.get_width() + n.get_width() + px(30)
    if w is not None:
        surface.blit(w, (x, top.centery - w.get_height() // 2))


def sea_band(surface, rect) -> None:
    pygame.draw.rect(surface, SEA, rect)
    pygame.draw.line(surface, SEA_DARK, rect.bottomleft, rect.bottomright, 2)
