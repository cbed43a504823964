"""The results screen's score sheet drawn (scenes/results.py): how wide it needs to be, and
the sheet itself with room for every text: the label column and the players' columns get
widths in proportion to what they hold, long names take two lines, labels, hints and
details wrap, and the rows share the height by the lines they need. Where the rows cannot
all show their hints, the hints go to the labels' tooltips (`SheetDrawn.tips`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from vikings.text import lang
from vikings.ui.drawing.cards import name_lines
from vikings.ui.drawing.chart import draw_marker
from vikings.ui.drawing.panels import wrap
from vikings.ui.drawing.theme import BAD, GOLD, GOOD, INK, INK_SOFT, WHITE, WOOD, WOOD_DARK, colour_of
from vikings.ui.scenes.results_sheet import Row, ordinal, seat_kind, signed
from vikings.ui.scenes.scoring_panel import fit


@dataclass
class SheetDrawn:
    """Where the sheet put its labels: (rect, hint) for the hints shown as tooltips."""

    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)


class _Fonts:
    def __init__(self, look):
        self.name, self.kind = look.font(16, True), look.font(11)
        self.value, self.total = look.font(17, True), look.font(20, True)
        self.small, self.label, self.label_bold = look.font(12), look.font(15), look.font(16, True)

    def label_of(self, row: Row):
        return self.label_bold if row.style in ("total", "rank") else self.label

    def value_of(self, row: Row):
        return self.total if row.style in ("total", "rank") else self.value


def _step(font, px) -> int:
    """The distance between two lines in `font` (their ink does not touch)."""
    return font.get_height() - px(3)


def needed_width(look, rows: list[Row], seats) -> int:
    """How wide the sheet must be to show every text on one line (names on two)."""
    px, f = look.px, _Fonts(look)
    label = max(
        max(f.label_of(r).size(r.label)[0] for r in rows), max((f.small.size(r.hint)[0] for r in rows), default=0)
    )
    col = 0
    for p, seat in enumerate(seats):
        nm = name_lines(f.name, seat.name, 0)
        col = max(col, max(f.name.size(x)[0] for x in nm) + px(26), f.kind.size(seat_kind(seat))[0])
        col = max([col] + [f.small.size(r.details[p])[0] for r in rows if r.details[p]])
    return 2 * px(14) + label + px(10) + len(seats) * (col + px(10))


def draw_score_sheet(surface, look, inner: pygame.Rect, rows: list[Row], seats, order, winners) -> SheetDrawn:
    """The sheet in `inner`: a header of the players (in `order`), then one row per entry."""
    px, f = look.px, _Fonts(look)
    out = SheetDrawn()
    n = max(1, len(order))
    # Widths in proportion to the widest text of the label column and of a player's column.
    label_need = max(
        max(f.label_of(r).size(r.label)[0] for r in rows), max((f.small.size(r.hint)[0] for r in rows), default=0)
    ) + px(10)
    col_need = px(40)
    for p in order:
        col_need = max([col_need] + [f.small.size(r.details[p])[0] + px(8) for r in rows if r.details[p]])
        col_need = max(col_need, f.kind.size(seat_kind(seats[p]))[0] + px(6))
        nm = name_lines(f.name, seats[p].name, 0)
        col_need = max(col_need, max(f.name.size(x)[0] for x in nm) + px(32))
    share = min(0.5, label_need / (label_need + n * col_need))
    label_w = round(inner.w * share)
    col_w = (inner.w - label_w) // n

    # The header: names (one or two lines) over person / bot level.
    names = {p: name_lines(f.name, seats[p].name, col_w - px(30)) for p in order}
    lines = max(len(v) for v in names.values())
    name_step = _step(f.name, px)
    head_h = max(px(44), name_step * lines + f.kind.get_height() + px(6))

    # The rows: what each needs (label, hint and value, detail lines), the height shared out.
    def left_lines(row, with_hint):
        lab = wrap(f.label_of(row), row.label, label_w - px(10))
        hint = wrap(f.small, row.hint, label_w - px(10)) if row.hint and with_hint else []
        return lab, hint

    def right_lines(row, p):
        det = row.details[p]
        return wrap(f.small, det, col_w - px(8)) if det else []

    def beside(row, p):
        """The value and its detail side by side fit the column."""
        det = row.details[p]
        value = f.value_of(row).size(_value_text(row, p))[0]
        return bool(det) and value + px(8) + f.small.size(det)[0] <= col_w - px(8)

    def cell(row, p, level):
        """How a player's value and detail are laid out at `level` of tightness: stacked
        ("stack"), on one line ("beside") or the detail as the value's tooltip ("tip")."""
        if level < 2 or not row.details[p]:
            return "stack"
        if beside(row, p):
            return "beside"
        return "tip" if level >= 3 else "stack"

    def needs(row, level):
        lab, hint = left_lines(row, level == 0)
        left = len(lab) * _step(f.label_of(row), px) + len(hint) * _step(f.small, px)
        right = 0
        for p in order:
            lines = len(right_lines(row, p)) if cell(row, p, level) == "stack" else 0
            right = max(right, _step(f.value_of(row), px) + lines * _step(f.small, px))
        return max(left, right) + px(4)

    room = inner.h - head_h
    # The tightness: hints under the labels, then as tooltips; details under the values,
    # then beside them, then as the values' tooltips.
    level = next((lv for lv in range(4) if sum(needs(r, lv) for r in rows) <= room), 3)
    hints = level == 0
    want = [needs(r, level) for r in rows]
    extra = max(0, room - sum(want)) // max(1, len(rows))
    heights = [w + extra for w in want]

    # Winner columns lightly gilded.
    for i, p in enumerate(order):
        if p in winners:
            col = pygame.Rect(inner.x + label_w + i * col_w, inner.y, col_w, head_h + sum(heights))
            pygame.draw.rect(surface, (250, 236, 190), col, border_radius=px(6))
    for i, p in enumerate(order):
        cx = inner.x + label_w + i * col_w + col_w // 2
        seat, r = seats[p], px(10)
        imgs = [f.name.render(fit(f.name, x, col_w - 2 * r - px(10)), True, INK) for x in names[p]]
        w = 2 * r + px(6) + max(im.get_width() for im in imgs)
        x = max(inner.x + label_w + i * col_w + px(2), cx - w // 2)
        y = inner.y + px(2) + (lines - len(imgs)) * name_step
        draw_marker(surface, look, (x + r, y + imgs[0].get_height() // 2), colour_of(seat.colour), seat.name, radius=r)
        for im in imgs:
            surface.blit(im, (x + 2 * r + px(6), y))
            y += name_step
        kind = f.kind.render(fit(f.kind, seat_kind(seat), col_w - px(4)), True, INK_SOFT)
        surface.blit(kind, kind.get_rect(midtop=(cx, inner.y + px(2) + lines * name_step)))
    line_y = inner.y + head_h - 1
    pygame.draw.line(surface, WOOD, (inner.x, line_y), (inner.right, line_y), max(1, px(2)))

    y = inner.y + head_h
    for j, row in enumerate(rows):
        box = pygame.Rect(inner.x, y, inner.w, heights[j])
        if row.style == "total":
            pygame.draw.rect(surface, (236, 214, 160), box, border_radius=px(4))
        elif j % 2:
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((122, 74, 36, 18))
            surface.blit(shade, box)
        lf = f.label_of(row)
        lab, hint = left_lines(row, hints)
        h = len(lab) * _step(lf, px) + len(hint) * _step(f.small, px)
        ly = box.centery - h // 2
        spot = pygame.Rect(box.x, box.y, label_w, box.h)
        for text in lab:
            surface.blit(lf.render(fit(lf, text, label_w - px(10)), True, INK), (box.x + px(6), ly))
            ly += _step(lf, px)
        for text in hint:
            surface.blit(f.small.render(fit(f.small, text, label_w - px(10)), True, INK_SOFT), (box.x + px(6), ly))
            ly += _step(f.small, px)
        if row.hint and not hints:
            out.tips.append((spot, row.hint))
        for i, p in enumerate(order):
            x, how = inner.x + label_w + i * col_w, cell(row, p, level)
            spot = _draw_value(surface, look, f, row, p, x, col_w, box, right_lines(row, p), how)
            if how == "tip":
                out.tips.append((spot, row.details[p]))
        y += heights[j]
    return out


def _value_text(row: Row, p: int) -> str:
    v = row.values[p]
    if row.style == "rank":
        return ordinal(v)
    if row.style == "change":
        return "—" if not v else signed(v)
    return lang.number(v)


def _draw_value(surface, look, f: _Fonts, row: Row, p: int, x: int, col_w: int, box, details, how) -> pygame.Rect:
    """One player's figure in a row, with its detail under it ("stack"), beside it
    ("beside") or left to a tooltip ("tip"); returns the cell."""
    px = look.px
    cx = x + col_w // 2
    v = row.values[p]
    font = f.value_of(row)
    text = _value_text(row, p)
    if row.style == "rank":
        colour = WOOD_DARK if v == 1 else INK
    elif row.style == "change":
        colour = INK_SOFT if not v else (GOOD if v > 0 else BAD)
    else:
        colour = INK
    img = font.render(text, True, colour)
    cell = pygame.Rect(x, box.y, col_w, box.h)
    if how == "beside":
        d = f.small.render(row.details[p], True, INK_SOFT)
        w = img.get_width() + px(8) + d.get_width()
        left = cx - w // 2
        surface.blit(img, img.get_rect(midleft=(left, box.centery)))
        surface.blit(d, d.get_rect(midleft=(left + img.get_width() + px(8), box.centery)))
        return cell
    if how == "tip":
        details = []
    h = _step(font, px) + len(details) * _step(f.small, px)
    top = box.centery - h // 2
    if row.style == "rank" and v == 1:
        pygame.draw.rect(surface, GOLD, img.get_rect(midtop=(cx, top)).inflate(px(16), px(2)), border_radius=px(10))
        img = font.render(text, True, WHITE)
    surface.blit(img, img.get_rect(midtop=(cx, top)))
    y = top + _step(font, px)
    for line in details:
        d = f.small.render(fit(f.small, line, col_w - px(8)), True, INK_SOFT)
        surface.blit(d, d.get_rect(midtop=(cx, y)))
        y += _step(f.small, px)
    return cell


__all__ = ["SheetDrawn", "draw_score_sheet", "needed_width"]
