"""The advanced game's special tiles on screen: the four face-up tiles (always in view,
above the game log), the tiles each player holds (on her card and beside her large
display), and the mark on the wheel's group that brings one. Pure drawing from a
`view.Visible`; every function returns the hotspots it drew as (rect, tooltip text), so
the scenes can explain a tile under the mouse.
"""

from __future__ import annotations

import math

import pygame

from vikings.text import words
from vikings.text.lang import t
from vikings.ui.drawing.panels import wrap
from vikings.ui.drawing.theme import GOLD, INK, INK_SOFT, WHITE, WOOD, WOOD_DARK

STRIP_H = 118  # design pixels: the face-up tiles' strip above the log


def special_tip(rules, sid: int) -> str:
    k = rules.specials[sid]
    return f"{words.special(k)}\n{words.special_text(k)}"


def strip_split(look, log_rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """(the face-up strip, the log below it) out of the log's area."""
    h = look.px(STRIP_H)
    strip = pygame.Rect(log_rect.x, log_rect.y, log_rect.w, h)
    log = pygame.Rect(log_rect.x, strip.bottom + look.px(6), log_rect.w, log_rect.h - h - look.px(6))
    return strip, log


def draw_face_up(surface, app, vis, rect: pygame.Rect, *, offered=False, hover=None) -> list:
    """The four face-up places, the supply's count and a one-line reminder of the rule.
    offered: the player to move may take one now (the tiles are lit); hover: a slot.
    Returns hotspots [(rect, tip, slot)] for every place (tip None where it is empty)."""
    from vikings.ui.drawing.panels import panel

    look, px, rules = app.look, app.look.px, app.rules
    panel(surface, rect, look)
    pad = px(10)
    head = look.text(t("table.specials.title"), 16, WOOD_DARK, bold=True)
    # The left side holds the heading whole (the tiles take what is left).
    side_w = min(rect.w // 2, max(min(px(210), rect.w // 4), head.get_width() + 2 * pad))
    surface.blit(head, (rect.x + pad, rect.y + px(8)))
    y = rect.y + px(8) + head.get_height() + px(2)
    font = look.font(12)
    room = (rect.bottom - px(4) - y) // font.get_linesize()
    lines = wrap(font, t("table.specials.note", count=vis.specials_supply), side_w - pad)
    if len(lines) > room:  # the reminder whole or not at all: then only the count
        lines = wrap(font, t("table.specials.count", count=vis.specials_supply), side_w - pad)[: max(0, room)]
    for line in lines:
        surface.blit(font.render(line, True, INK_SOFT), (rect.x + pad, y))
        y += font.get_linesize()
    slots = vis.specials_face_up
    n = max(1, len(slots))
    x0 = rect.x + side_w + pad
    slot_w = (rect.right - pad - x0) // n
    name_font = look.font(12, True)
    # The names under the tiles when every one fits its place in two lines; else the
    # tooltips alone name them (a name cut short or running into the next says nothing).
    names = [wrap(name_font, words.special(rules.specials[sid]), slot_w - px(6)) if sid >= 0 else [] for sid in slots]
    named = all(len(ls) <= 2 and all(name_font.size(x)[0] <= slot_w - px(4) for x in ls) for ls in names)
    below = 2 * name_font.get_linesize() + px(3) if named else 0
    ts = max(px(16), min(px(62), slot_w - px(8), rect.bottom - px(6) - below - rect.y - px(8)))
    spots = []
    for i, sid in enumerate(slots):
        cx = x0 + i * slot_w + slot_w // 2
        tile = pygame.Rect(0, 0, ts, ts)
        tile.midtop = (cx, rect.y + px(8))
        if sid < 0:
            pygame.draw.rect(surface, (226, 214, 190), tile, border_radius=px(6))
            pygame.draw.rect(surface, WOOD, tile, 1, border_radius=px(6))
            spots.append((tile.inflate(px(8), px(8)), None, i))
            continue
        if offered:
            glow = tile.inflate(px(10), px(10))
            pygame.draw.rect(surface, (255, 232, 150) if i != hover else GOLD, glow, border_radius=px(8))
        surface.blit(app.sprites.get("special_tiles", rules.specials[sid].id, height=ts), tile)
        if i == hover:
            pygame.draw.rect(surface, WOOD_DARK, tile.inflate(px(4), px(4)), max(1, px(2)), border_radius=px(6))
        yy = tile.bottom + px(3)
        for line in names[i] if named else ():
            img = name_font.render(line, True, INK)
            surface.blit(img, img.get_rect(midtop=(cx, yy)))
            yy += name_font.get_linesize()
        spots.append((tile.inflate(px(8), px(8)), special_tip(rules, sid), i))
    return spots


def draw_held(surface, app, kinds, right: int, cy: int, size: int, label: str = "") -> list:
    """Held special tiles in a row ending at `right`, centred on `cy` (a card's corner or
    the large display's caption). Returns hotspots [(rect, tip)]."""
    if not kinds:
        return []
    look, rules = app.look, app.rules
    gap = max(1, size // 8)
    x = right
    spots = []
    for sid in reversed(sorted(kinds)):
        img = app.sprites.get("special_tiles", rules.specials[sid].id, height=size)
        x -= img.get_width()
        r = img.get_rect(topleft=(x, cy - size // 2))
        surface.blit(img, r)
        spots.append((r, special_tip(rules, sid)))
        x -= gap
    if label:
        t = look.text(label, 12, INK_SOFT)
        surface.blit(t, (x - t.get_width() - gap, cy - t.get_height() // 2))
    return spots


def mark_group(surface, app, wheel_geo, space: int) -> pygame.Rect:
    """A small gold star card just outside the wheel group that brings a special tile."""
    look = app.look
    s = max(10, round(wheel_geo.tile * 0.5))
    card = pygame.Rect(0, 0, s, s)
    card.center = wheel_geo.at(space, wheel_geo.ring + wheel_geo.tile * 0.66)
    pygame.draw.rect(surface, WHITE, card, border_radius=max(2, s // 5))
    pygame.draw.rect(surface, GOLD, card, max(2, look.px(2.5)), border_radius=max(2, s // 5))
    pygame.draw.polygon(surface, WOOD_DARK, star(card.center, s * 0.36))
    return card


def star(centre, r: float) -> list:
    """A five-pointed star's corners (the fonts have no star glyph)."""
    cx, cy = centre
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def brings_tip() -> str:
    """The tooltip of the star that marks the group bringing a special tile."""
    return t("table.specials.brings")
