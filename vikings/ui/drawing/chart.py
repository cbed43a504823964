"""Small drawings the score screens share: a line chart with axes, dashed lines, and a
player's marker (a disc of the seat's colour with the name's initial, so players are told
apart without relying on colour alone).
"""

from __future__ import annotations

import math

import pygame

from vikings.text.lang import number
from vikings.ui.drawing.theme import INK, INK_SOFT, WHITE


def nice_step(span: float, ticks: int = 5) -> int:
    """A round tick step (1, 2, 5, 10, 20, 50, ...) giving about `ticks` ticks over `span`."""
    raw = max(1.0, span / max(1, ticks))
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * mag >= raw and (m * mag) == int(m * mag):
            return int(m * mag)
    return int(10 * mag)


def nice_max(value: float, step: int) -> int:
    return max(step, int(math.ceil(value / step) * step))


def ink_for(colour) -> tuple[int, int, int]:
    """Dark or light ink for text on a background of `colour`."""
    r, g, b = colour[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def dashed_line(surface, colour, points, width: int = 2, dash: int = 8, gap: int = 5) -> None:
    """A polyline drawn in dashes that run on across its corners."""
    on, left = True, float(dash)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.dist((x0, y0), (x1, y1))
        pos = 0.0
        while pos < seg - 1e-6:
            step = min(left, seg - pos)
            if on:
                a, b = pos / seg, (pos + step) / seg
                pygame.draw.line(
                    surface,
                    colour,
                    (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                    (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    width,
                )
            pos += step
            left -= step
            if left <= 1e-6:
                on = not on
                left = float(dash if on else gap)


def draw_marker(surface, look, centre, colour, letter: str = "", radius: int | None = None) -> pygame.Rect:
    """A player's marker: a disc in the seat colour, outlined, with an initial."""
    r = radius or look.px(9)
    c = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, (150, 130, 105), (c[0] + 1, c[1] + 2), r)  # shadow
    pygame.draw.circle(surface, colour, c, r)
    pygame.draw.circle(surface, INK, c, r, max(1, r // 6))
    if letter:
        img = look.font(max(7, r * 1.15 / look.text_scale), bold=True, least=False).render(
            letter[:1].upper(), True, ink_for(colour)
        )
        surface.blit(img, img.get_rect(center=(c[0], c[1] + 1)))
    return pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)


class Series:
    def __init__(self, name: str, colour, values, dashed: bool = False):
        self.name, self.colour, self.values, self.dashed = name, colour, list(values), dashed


def draw_line_chart(
    surface,
    look,
    rect: pygame.Rect,
    series: list[Series],
    x_labels: list[str],
    *,
    title: str = "",
    icon: pygame.Surface | None = None,
    progress: float = 1.0,
    x_title: str = "",
) -> pygame.Rect:
    """A line chart of whole-number values in `rect`: a title (with an icon), a y axis with
    round ticks, x labels under the points, one line per series with a dot at each point
    and its last value at the end. `progress` (0..1) draws the lines only part of the way
    (the chart growing in). Returns the plot area."""
    px = look.px
    font = look.font(12)
    y = rect.y
    if title:
        x = rect.x
        if icon is not None:
            surface.blit(icon, (x, y))
            x += icon.get_width() + px(6)
        t = look.text(title, 15, INK, bold=True)
        surface.blit(t, (x, y + ((icon.get_height() if icon else t.get_height()) - t.get_height()) // 2))
        y += max(t.get_height(), icon.get_height() if icon else 0) + px(6)
    values = [v for s in series for v in s.values]
    top = max(values + [1])
    step = nice_step(top, 5 if rect.h > look.px(200) else 4)
    ymax = nice_max(top, step)
    label_w = max(font.size(number(v))[0] for v in range(0, ymax + 1, step)) + px(8)
    end_w = font.size(number(ymax))[0] + px(24)  # room for the last values at the lines' ends
    xl_h = font.get_linesize() + (font.get_linesize() if x_title else 0) + px(4)
    plot = pygame.Rect(rect.x + label_w, y + px(6), rect.w - label_w - end_w, rect.bottom - y - px(6) - xl_h)
    if plot.w < 20 or plot.h < 20:
        return plot
    n = max(len(x_labels), 2)

    def at(i: float, v: float) -> tuple[float, float]:
        return plot.x + plot.w * i / (n - 1), plot.bottom - plot.h * v / ymax

    # Grid and axes.
    for v in range(0, ymax + 1, step):
        yy = round(at(0, v)[1])
        pygame.draw.line(surface, (218, 206, 184) if v else INK_SOFT, (plot.x, yy), (plot.right, yy), 1)
        lab = font.render(number(v), True, INK_SOFT)
        surface.blit(lab, lab.get_rect(midright=(plot.x - px(5), yy)))
    pygame.draw.line(surface, INK_SOFT, plot.topleft, plot.bottomleft, 1)
    for i, text in enumerate(x_labels):
        xx = round(at(i, 0)[0])
        pygame.draw.line(surface, INK_SOFT, (xx, plot.bottom), (xx, plot.bottom + px(4)), 1)
        lab = font.render(text, True, INK_SOFT)
        surface.blit(lab, lab.get_rect(midtop=(xx, plot.bottom + px(5))))
    if x_title:
        lab = font.render(x_title, True, INK_SOFT)
        surface.blit(lab, lab.get_rect(midtop=(plot.centerx, plot.bottom + px(5) + font.get_linesize())))
    # The lines: series with equal values are nudged apart a little so each stays visible.
    k = len(series)
    width = max(2, px(3))
    shown = progress * (n - 1)
    ends = []
    for j, s in enumerate(series):
        nudge = (j - (k - 1) / 2) * max(1, px(2))
        pts = [(x, y + nudge) for x, y in (at(i, v) for i, v in enumerate(s.values))]
        if not pts:
            continue
        whole = min(len(pts) - 1, int(shown))
        part = pts[: whole + 1]
        if whole < len(pts) - 1 and shown > whole:
            f = shown - whole
            (x0, y0), (x1, y1) = pts[whole], pts[whole + 1]
            part.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
        colour = s.colour
        outline = INK if sum(colour[:3]) > 600 else None  # a white line needs an edge
        if len(part) > 1:
            if s.dashed:
                if outline:
                    dashed_line(surface, outline, part, width + 2)
                dashed_line(surface, colour, part, width)
            else:
                if outline:
                    pygame.draw.lines(surface, outline, False, part, width + 2)
                pygame.draw.lines(surface, colour, False, part, width)
        for p in pts[: whole + 1]:
            pygame.draw.circle(surface, INK, p, px(4))
            pygame.draw.circle(surface, colour, p, px(4) - 1)
        if progress >= 1.0:
            ends.append([pts[-1][1], number(s.values[-1]), colour, pts[-1][0]])
    # The last values, pushed apart so they do not overlap, each with a dot of its colour.
    lfont = look.font(12, bold=True)
    lh = lfont.get_linesize() - px(3)
    ends.sort(key=lambda e: e[0])
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + lh)
    if ends and ends[-1][0] > plot.bottom:  # ran off the bottom: shift the pile up
        shift = ends[-1][0] - plot.bottom
        for e in ends:
            e[0] -= shift
    for yy, text, colour, xx in ends:
        dot = (round(xx + px(11)), round(yy))
        pygame.draw.circle(surface, INK, dot, px(4))
        pygame.draw.circle(surface, colour, dot, px(4) - 1)
        lab = lfont.render(text, True, INK)
        surface.blit(lab, lab.get_rect(midleft=(xx + px(17), yy)))
    return plot
