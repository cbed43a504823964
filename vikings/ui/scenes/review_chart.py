"""The review's chart: every player's chance to win after every decision of the game.

x runs over the moments of the game (0: the start, i: after i decisions), with the
rounds marked; y is the chance from 0 to 100 %. A cursor shows the moment whose table is
shown, with each player's marker (chart.draw_marker) on her line; numbered rings mark the
persons' costliest decisions. `ChartGeometry.index_at` turns a click into a moment.
"""

from __future__ import annotations

import pygame

from vikings.text.lang import percent, t
from vikings.ui.drawing.chart import draw_marker
from vikings.ui.drawing.theme import BAD, GOLD, INK, INK_SOFT, WHITE


class ChartGeometry:
    def __init__(self, plot: pygame.Rect, count: int):
        self.plot = plot
        self.count = count  # moments: decisions + 1

    def x_at(self, i: float) -> float:
        return self.plot.x + self.plot.w * i / max(1, self.count - 1)

    def y_at(self, chance: float) -> float:
        return self.plot.bottom - self.plot.h * chance

    def index_at(self, pos) -> int | None:
        """The moment nearest a click inside the plot (a little margin around it), or None."""
        x, y = pos
        if not self.plot.inflate(16, 16).collidepoint(x, y):
            return None
        i = round((x - self.plot.x) / max(1, self.plot.w) * (self.count - 1))
        return max(0, min(self.count - 1, i))


def round_starts(states) -> list[tuple[int, int]]:
    """(moment, round number) where each round begins: the first moment with that round."""
    out = [(0, 1)]
    for i in range(1, len(states)):
        if states[i].round != states[i - 1].round:
            out.append((i, states[i].round + 1))
    return out


def draw_chances(
    surface, look, rect: pygame.Rect, chances, colours, names, rounds, cursor: int, marks=()
) -> ChartGeometry:
    """The chart in `rect`. chances[i][p]: player p's chance after i decisions; rounds:
    (moment, round number) of each round's start; marks: (moment, player, number) rings."""
    px = look.px
    font = look.font(12)
    label_w = font.size(percent(1))[0] + px(8)
    plot = pygame.Rect(
        rect.x + label_w, rect.y + px(18), rect.w - label_w - px(10), rect.h - px(18) - font.get_linesize() - px(6)
    )
    geo = ChartGeometry(plot, len(chances))
    if plot.w < 20 or plot.h < 20 or not chances:
        return geo
    for v in (0, 25, 50, 75, 100):
        yy = round(geo.y_at(v / 100))
        pygame.draw.line(surface, INK_SOFT if v in (0, 100) else (218, 206, 184), (plot.x, yy), (plot.right, yy), 1)
        lab = font.render(percent(v / 100), True, INK_SOFT)
        surface.blit(lab, lab.get_rect(midright=(plot.x - px(5), yy)))
    # The rounds: a faint line at each start, the label between it and the next.
    bounds = [i for i, _ in rounds] + [len(chances) - 1]
    for j, (i, number) in enumerate(rounds):
        xx = round(geo.x_at(i))
        pygame.draw.line(surface, (200, 186, 160), (xx, plot.y - px(14)), (xx, plot.bottom + px(3)), 1)
        lab = font.render(t("game.round", n=number), True, INK_SOFT)
        mid = (geo.x_at(i) + geo.x_at(bounds[j + 1])) / 2
        if lab.get_width() + px(4) > geo.x_at(bounds[j + 1]) - geo.x_at(i):
            lab = font.render(t("review.round_short", n=number), True, INK_SOFT)
        surface.blit(lab, lab.get_rect(midtop=(round(mid), plot.bottom + px(4))))
    # One line per player (a light colour gets a dark edge).
    width = max(2, px(2.5))
    n = len(colours)
    for p in range(n):
        pts = [(geo.x_at(i), geo.y_at(c[p])) for i, c in enumerate(chances)]
        if len(pts) < 2:
            continue
        if sum(colours[p][:3]) > 600:
            pygame.draw.lines(surface, INK, False, pts, width + 2)
        pygame.draw.lines(surface, colours[p], False, pts, width)
    # Each player's marker on the cursor: tied chances side by side (towards the plot's
    # middle), never one initial over another.
    cursor = max(0, min(len(chances) - 1, cursor))
    xx = round(geo.x_at(cursor))
    mr = px(9)
    side = -1 if xx > plot.centerx else 1
    placed: list[tuple[int, float, float]] = []  # (player, x, y)
    for p in sorted(range(n), key=lambda q: chances[cursor][q]):
        x, y = float(xx), geo.y_at(chances[cursor][p])
        while any(abs(x - qx) < 2 * mr and abs(y - qy) < 2 * mr for _, qx, qy in placed):
            x += side * (2 * mr + 1)
        placed.append((p, x, y))
    # The persons' costliest decisions (a ring over a marker moves off it, inwards).
    r = max(6, px(8))
    small = look.font(10, bold=True)
    for i, p, number in marks:
        if 0 <= i < len(chances):
            c = (round(geo.x_at(i)), round(geo.y_at(chances[i][p])))
            step = -(mr + r) if c[1] > plot.centery else mr + r  # (towards the plot's middle)
            while any(abs(c[0] - qx) < mr + r and abs(c[1] - qy) < mr + r for _, qx, qy in placed):
                c = (c[0], c[1] + step)
            pygame.draw.circle(surface, WHITE, c, r)
            pygame.draw.circle(surface, BAD, c, r, max(2, px(2)))
            lab = small.render(str(number), True, BAD)
            surface.blit(lab, lab.get_rect(center=(c[0], c[1] + 1)))
    # The cursor and the markers on it.
    pygame.draw.line(surface, GOLD, (xx, plot.y - px(4)), (xx, plot.bottom), max(2, px(2)))
    for p, x, y in placed:
        draw_marker(surface, look, (x, y), colours[p], names[p], radius=mr)
    return geo


__all__ = ["ChartGeometry", "draw_chances", "round_starts"]
