"""The ships' threat drawn over a display (the scorings, the rules panel's pictures)."""

from __future__ import annotations

import pygame

from vikings.ui.drawing.theme import GOOD


def draw_threat(surface, rules, geo, ships, repelled, k: float = 1.0) -> list[pygame.Rect]:
    """The ships' threat on a display drawn with geometry `geo`: a red band from each ship
    down to the row its sail reaches (grown to `k` of its length), a green shield over a
    ship a warrior repels. `ships`: (column, ship kind); `repelled`: columns. Returns the
    rects drawn over."""
    t = geo.t
    repelled = set(repelled)
    edge = max(2, t // 20)
    areas = []
    for col, ship in ships:
        top = geo.cell_rect(0, col)
        if col in repelled:
            warrior = geo.cell_rect(1, col)
            shield = pygame.Surface((t, 2 * t), pygame.SRCALPHA)
            shield.fill((46, 125, 50, round(45 * k)))
            surface.blit(shield, top.topleft)
            pygame.draw.rect(surface, GOOD, warrior, max(2, t // 14), border_radius=max(2, t // 10))
            areas.append(pygame.Rect(top.topleft, (t, 2 * t)).union(warrior))
            continue
        reach = rules.tile_reach[ship]
        y0 = top.bottom - round(t * 0.22)
        y1 = geo.cell_rect(reach, col).bottom - round(t * 0.06)
        h = round((y1 - y0) * k)
        if h <= 2:
            continue
        areas.append(pygame.Rect(top.x, y0 - edge, t, h + 2 * edge + round(t * 0.16)))
        band = pygame.Rect(top.x + round(t * 0.14), y0, round(t * 0.72), h)
        img = pygame.Surface(band.size, pygame.SRCALPHA)
        img.fill((200, 40, 30, 62))
        surface.blit(img, band)
        pygame.draw.line(surface, (180, 40, 30), band.topleft, band.bottomleft, edge)
        pygame.draw.line(surface, (180, 40, 30), (band.right - 1, band.top), (band.right - 1, band.bottom), edge)
        if k >= 1:
            a = round(t * 0.16)
            cx, by = band.centerx, band.bottom
            pygame.draw.polygon(surface, (180, 40, 30), [(cx - a, by - a), (cx + a, by - a), (cx, by)])
    return areas
