"""Drawing a player's display: the mainland with its pool, the islands' tiles and Vikings,
the ships' row. Pure drawing from a `view` of the display (no rule is decided here); the
drawing returns the geometry the scenes need to turn a click into a cell.
"""

from __future__ import annotations

import pygame

from vikings.ui.drawing.theme import BAD, GOLD, WHITE, WOOD_DARK


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


GRID = (196, 211, 214)  # the faint lines of the cells


def draw_display(
    surface,
    app,
    pv,
    rect: pygame.Rect,
    *,
    highlight=(),
    preview=None,
    threatened=(),
    repelled=(),
    hover=None,
    extra_cells=(),
    small=False,
) -> DisplayGeometry:
    """Draw one display into `rect`. highlight: cells to mark as legal; preview:
    (tile kind, row, col) drawn half transparent; threatened: cells whose Viking lies on
    its side; repelled: ship columns a warrior repels."""
    rules, sprites = app.rules, app.sprites
    g = display_geometry(app, pv, rect, tuple(highlight) + tuple(extra_cells))
    t = g.t
    surface.blit(sprites.get("board", "mainland", height=g.mainland.h), g.mainland)
    sea = pygame.Rect(g.x0, g.y0, g.cols * t, (g.rows + 1) * t).clip(rect)
    pygame.draw.rect(surface, (215, 226, 228), sea)
    if not small:  # faint grid: where tiles could go one day (each cell's outline, drawn as
        # whole lines: the cells' 42 outlines one by one took 2 ms at 3840x2160)
        width, height = g.cols * t, (g.rows + 1) * t
        for c in range(g.cols):
            for x in (g.x0 + c * t, g.x0 + c * t + t - 1):
                surface.fill(GRID, (x, g.y0, 1, height))
        for r in range(g.rows + 1):
            for y in (g.y0 + r * t, g.y0 + r * t + t - 1):
                surface.fill(GRID, (g.x0, y, width, 1))
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
    for r, c, _kind, _occupied in pv.display.tiles():
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
        pygame.draw.line(
            surface,
            BAD,
            (cell.x + t // 8, cell.y + t // 8),
            (cell.right - t // 8, cell.bottom - t // 8),
            max(2, t // 18),
        )
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
    spots = [(inner.x + (i % per_row) * cw, inner.y + (i // per_row) * ch) for i in range(len(kinds))]
    for (k, _), (x, y) in zip(kinds, spots):
        fig = app.sprites.get("vikings", app.rules.vikings[k].id, height=max(6, round(ch * 0.95)))
        surface.blit(fig, fig.get_rect(midbottom=(round(x + cw * 0.4), round(y + ch))))
    for (_, n), (x, y) in zip(kinds, spots):  # (the counts after every figure: none hides one)
        if n > 1 and not small or n > 1 and ch >= 10:
            label = app.look.font(max(7, ch / app.look.text_scale * 0.45), bold=True, least=False).render(
                str(n), True, WHITE
            )
            if small and label.get_height() > ch:
                continue  # (a card's pool too small for counts that do not cover each other)
            bg = label.get_rect(bottomleft=(round(x + cw * 0.55), round(y + ch))).inflate(4, 0)
            pygame.draw.rect(surface, WOOD_DARK, bg, border_radius=4)
            surface.blit(label, label.get_rect(center=bg.center))


def ring_cell(surface, geo: DisplayGeometry, row: int, col: int, colour) -> None:
    """A cell outlined (a last move, a hovered log entry's place)."""
    _ring(surface, geo.cell_rect(row, col).inflate(2, 2), colour, max(3, geo.t // 12))


def _ring(surface, rect, colour, width) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=max(2, rect.w // 10))
