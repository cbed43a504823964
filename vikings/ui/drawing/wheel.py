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

    def disc_area(self) -> pygame.Rect:
        """All a turn of the wheel changes: the disc with its spots, lines and printed
        prices (and a pixel's margin for their smoothed edges)."""
        return pygame.Rect(0, 0, self.disc + 4, self.disc + 4).move(
            self.centre[0] - self.disc // 2 - 2, self.centre[1] - self.disc // 2 - 2
        )

    def group_area(self, space: int) -> pygame.Rect:
        """All a group on the wheel changes, shown or not: its tile and its Viking, whose
        figure is at most a tile wide, with a margin."""
        v = self.at(space, self.viking_ring)
        figure = pygame.Rect(0, 0, self.tile, self.tile).move(v[0] - self.tile // 2, v[1] - self.tile // 2)
        return self.tile_rect(space).union(figure).inflate(4, 4)

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


# The wheel's art as shares of its size (tools/assets/make_art.py draws it 600 units wide).
_SPOT_RING = 222 / 600  # the price spots' distance from the centre
_SPOT_SIDE = 84 / 600  # the spot's own picture (wheel_spot.svg: the circle and a margin)
_LINE_FROM, _LINE_TO, _LINE_WIDTH = 120 / 600, 268 / 600, 3 / 600  # the lines between the spots
_LINE_COLOUR = (0x5E, 0x3B, 0x1F)  # as drawn in wheel.svg
_STILL = 0.25  # px: a turn that moves the spots less than this shows the art as it rests


def _draw_disc(surface, app, g: WheelGeometry, turn: float) -> None:
    """The wooden disc turned by `turn` spaces, without rotating a picture (a rotation of
    the whole art cost ~25 ms a frame at 4K, and looked jagged). The art is the same after
    a whole space (its spots and lines repeat every space), so a wheel at rest is the art
    as it is. While it turns, the disc is its round parts (rings and the hub, whose ship
    stays upright) with the 12 spots placed and the 12 lines drawn at the turned angles."""
    size = g.disc
    sprites = app.sprites
    flat = sprites.get("board", "wheel", height=size)
    # (asked for at rest too: made with the art, not in a turn's first frame, and kept in the cache)
    base = sprites.get("board", "wheel_base", height=size)
    spot = sprites.get("board", "wheel_spot", height=max(1, round(size * _SPOT_SIDE)))
    box = flat.get_rect(center=g.centre)
    shift = turn - round(turn)
    if abs(shift) * 2 * math.pi / g.spaces * size * _SPOT_RING < _STILL:
        surface.blit(flat, box)
        return
    surface.blit(base, box)
    # The art's centre, where pixel x spans x..x+1 (pygame's lines take x as that pixel's
    # centre, hence the -0.5 below).
    cx, cy = box.x + size / 2, box.y + size / 2
    half = spot.get_width() / 2
    width = size * _LINE_WIDTH
    for k in range(g.spaces):
        a = g.angle(k + turn)
        x, y = cx + size * _SPOT_RING * math.cos(a), cy + size * _SPOT_RING * math.sin(a)
        surface.blit(spot, (round(x - half), round(y - half)))
        # The line between price k and k + 1: a thin quadrilateral whose ends are square
        # to it (pygame's thick lines cut their ends along the pixel grid: a nick in the hub's outline).
        a = g.angle(k + turn + 0.5)
        c, s = math.cos(a), math.sin(a)
        half_width = max(0.0, width / 2 - 0.5)  # (the anti-aliased outline adds half a pixel each side)
        nx, ny = -s * half_width, c * half_width
        inner, outer = size * _LINE_FROM, size * _LINE_TO
        corners = [
            (cx - 0.5 + inner * c + nx, cy - 0.5 + inner * s + ny),
            (cx - 0.5 + outer * c + nx, cy - 0.5 + outer * s + ny),
            (cx - 0.5 + outer * c - nx, cy - 0.5 + outer * s - ny),
            (cx - 0.5 + inner * c - nx, cy - 0.5 + inner * s - ny),
        ]
        pygame.draw.polygon(surface, _LINE_COLOUR, corners)
        pygame.draw.aalines(surface, _LINE_COLOUR, True, corners)


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
    turns the disc (its spots and lines) and the printed prices with it."""
    g = WheelGeometry(rect, app.rules.wheel_spaces)
    turn = vis.offset if turn is None else turn
    _draw_disc(surface, app, g, turn)
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
