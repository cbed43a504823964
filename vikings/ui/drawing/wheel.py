"""Drawing the price wheel: the turning disc with its printed prices and the groups on
it. Pure drawing from a `view.Visible`; returns the geometry that turns a click into a
wheel space.
"""

from __future__ import annotations

import math

import pygame

from vikings.ui.drawing.theme import BAD, GOLD, INK, WHITE


class WheelGeometry:
    def __init__(self, rect: pygame.Rect, spaces: int):
        self.rect = rect
        self.spaces = spaces
        self.side = rect.w
        self.centre = rect.center
        self.disc = round(rect.w * 0.62)  # diameter of the wooden disc
        self.tile = round(rect.w * 0.122)  # a group's tile
        self.ring = rect.w * 0.432  # radius of the groups' tiles
        self.viking_ring = rect.w * 0.322  # radius of the groups' Vikings (on the rim)

    def angle(self, space: float) -> float:
        return -math.pi / 2 + 2 * math.pi * space / self.spaces  # space 0 at the top, clockwise

    def at(self, space: float, radius: float) -> tuple[int, int]:
        a = self.angle(space)
        return round(self.centre[0] + radius * math.cos(a)), round(self.centre[1] + radius * math.sin(a))

    def tile_rect(self, space: int) -> pygame.Rect:
        return pygame.Rect(0, 0, self.tile, self.tile).move(
            self.at(space, self.ring)[0] - self.tile // 2, self.at(space, self.ring)[1] - self.tile // 2
        )

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
            hub.blit(
                flat,
                (0, 0),
                pygame.Rect(size // 2 - r, size // 2 - r, 2 * r, 2 * r),
                special_flags=pygame.BLEND_RGBA_MIN,
            )
            img.blit(hub, hub.get_rect(center=img.get_rect().center))
        _ROTATED[key] = img
    return img


def draw_wheel(
    surface,
    app,
    vis,
    rect: pygame.Rect,
    *,
    turn: float | None = None,
    highlight=(),
    blocked=(),
    hover=None,
    selected=None,
    hidden_spaces=(),
) -> WheelGeometry:
    """The price wheel with every group still on it. `turn` (default: the wheel's offset)
    rotates the disc, so the printed prices move as the wheel turns."""
    g = WheelGeometry(rect, app.rules.wheel_spaces)
    turn = vis.offset if turn is None else turn
    disc = _wheel_disc(app, g.disc, turn)
    surface.blit(disc, disc.get_rect(center=g.centre))
    look = app.look
    # The printed prices: price k sits at space k + turn.
    font = look.font(max(8, g.disc / look.text_scale * 0.055), bold=True, least=False)
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
            pygame.draw.rect(surface, (255, 232, 150), tr.inflate(g.tile // 5, g.tile // 5), border_radius=g.tile // 6)
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
