"""The players' cards beside the table, and another player's display enlarged on
demand. Each card reads at a glance: place in the turn order, name, person or bot (and
whether it is thinking), Gold and Fame, the start player ship, her display in small.
"""

from __future__ import annotations

import pygame

from vikings.text.lang import has, t
from vikings.ui.drawing.displays import DisplayGeometry, columns_needed, draw_display, ring_cell
from vikings.ui.drawing.panels import panel
from vikings.ui.drawing.theme import GOLD, INK, INK_SOFT, PAPER, WHITE, WOOD, WOOD_DARK, colour_of
from vikings.ui.drawing.think_ring import draw_ring, ring_label
from vikings.ui.drawing.view import event_cell, last_moves


def bot_level(kind: str) -> str:
    """A bot's level in words ("normal", "Schwer"); an unknown level as it is named."""
    return t(f"table.bot.{kind}") if has(f"table.bot.{kind}") else kind


def card_ship_spot(look, rect: pygame.Rect) -> tuple[int, int]:
    """Where the start player ship sits on a card (its top right corner)."""
    return rect.right - look.px(24), rect.y + look.px(19)


def card_money_spots(look, rect: pygame.Rect) -> dict:
    """Where a card's Gold and Fame are: coins and Fame fly there."""
    y = rect.y + look.px(44)
    return {"fame": (rect.right - look.px(40), y), "coin": (rect.right - look.px(108), y)}


def card_icon_spots(look, rect: pygame.Rect) -> dict:
    """The centres of a card's coin and Fame icons: where coins and Fame tokens land."""
    return {k: (x - look.px(13), y) for k, (x, y) in card_money_spots(look, rect).items()}


def name_lines(font, name: str, width: int) -> list[str]:
    """A name on one line, or on two (split at the space that balances them best) when it
    is wider than `width`."""
    if font.size(name)[0] <= width or " " not in name.strip():
        return [name]
    parts = name.split()
    splits = [[" ".join(parts[:i]), " ".join(parts[i:])] for i in range(1, len(parts))]
    return min(splits, key=lambda s: max(font.size(s[0])[0], font.size(s[1])[0]))


def draw_card(
    surface,
    app,
    rect,
    seat,
    pv,
    *,
    to_move=False,
    start=False,
    selected=False,
    thought=None,
    order: int | None = None,
    mark=None,
    money=None,
) -> DisplayGeometry:
    """A player's card, readable at a glance: her place in the turn order (a numbered
    badge, 1 = the start player, who also has the ship), name, person or bot level (a
    lit "thinking" tag while a bot decides, with a ring of its search's progress and the
    seconds so far: `thought`, from Match.thought()), Gold and Fame in large figures, and her
    display in small. mark: (row, col, colour) of her last move, outlined; money: the Gold
    and Fame to show while they count towards hers."""
    from vikings.ui.drawing.layout import CARD_HEAD

    look = app.look
    px = look.px
    colour = colour_of(seat.colour)
    panel(surface, rect, look, border=GOLD if to_move else WOOD, width=4 if to_move else 2)
    if to_move:
        pygame.draw.rect(surface, colour, (rect.x + px(3), rect.y + px(3), rect.w - px(6), px(4)), border_radius=px(2))
    x, cy = rect.x + px(10), rect.y + px(19)
    if order is not None:  # the badge: her place in this round's turn order
        r = px(10)
        pygame.draw.circle(surface, colour, (x + r, cy), r)
        num = look.text(str(order), 13, WHITE, bold=True)
        surface.blit(num, num.get_rect(center=(x + r, cy)))
        x += 2 * r + px(6)
    else:
        pygame.draw.rect(surface, colour, (x, cy - px(10), px(8), px(20)), border_radius=px(3))
        x += px(14)
    room = rect.right - (px(44) if start else px(10)) - x  # (the start player ship's corner)
    # (Shrunk to the card's head at a large UI scale; a name still too long takes two lines,
    # and the line of who she is with her Gold and Fame, and her display, move down one.)
    spots = card_money_spots(look, rect)
    y2 = rect.y + px(44)
    lower = 0  # how far the line of who she is and her display move down
    pixels = max(1, round(17 * look.text_scale), look.least_px)  # (fit_text's smallest lettering)
    least = look._font_px(max(look.least_px, round(pixels * 0.6)), True)
    lines = name_lines(least, seat.name, room)
    if len(lines) == 1:  # (a single word too long even so is cut short as a last resort)
        name = look.fit_text(seat.name, 17, INK, bold=True, width=max(1, room), height=px(21))
        surface.blit(name, (x, cy - name.get_height() // 2))
    else:
        first = look.fit_text(lines[0], 17, INK, bold=True, width=room, height=px(21))
        surface.blit(first, (x, cy - first.get_height() // 2))
        lower = first.get_height() - px(3)
        # (the second line passes below the start player ship: the card's whole width)
        below_ship = cy + lower - px(21) // 2 >= card_ship_spot(look, rect)[1] + px(12)
        second_room = rect.right - px(10) - x if below_ship else room
        second = look.fit_text(lines[1], 17, INK, bold=True, width=second_room, height=px(21))
        surface.blit(second, (x, cy + lower - second.get_height() // 2))
    if start:
        ship = app.sprites.get("board", "start_player", height=px(24))
        surface.blit(ship, ship.get_rect(center=card_ship_spot(look, rect)))
    # Second line: who she is (or that she is thinking), her Gold and Fame.
    y2 += lower
    bot_thinking = thought is not None
    if bot_thinking:  # a ring of the search's progress, and how long it has thought
        share, seconds = thought
        r = px(8)
        label = ring_label(seconds)
        room = spots["coin"][0] - px(30) - (rect.x + px(12) + 2 * r + px(6)) - px(10)
        ty = y2
        if look.font(12, True).size(label)[0] > room:
            # (a narrow card: on a line of its own, over the top of her display, whole; the
            # line of who she is stays)
            ty = y2 + px(26)
            room = rect.right - px(12) - (rect.x + px(12) + 2 * r + px(11)) - px(5)
            bot_thinking = False
        tag = look.fit_text(label, 12, WOOD_DARK, bold=True, width=max(1, room), height=px(15))
        box = tag.get_rect(midleft=(rect.x + px(12) + 2 * r + px(11), ty)).inflate(px(10), px(4))
        tag_box = box
    if not bot_thinking:  # (cut short on a narrow card: the figures come first)
        room = spots["coin"][0] - px(28) - rect.x - px(12)
        kinds = (
            (t("table.card.person"),)
            if seat.is_person
            else (t("network.table.card"),)
            if seat.kind == "remote"  # (played at another computer: match.REMOTE)
            else (t("table.card.bot", level=bot_level(seat.kind)), bot_level(seat.kind))
        )
        whole = rect.right - px(12) - (rect.x + px(12))  # (the card's width: a line of its own)
        for kind in kinds:
            sub = look.fit_text(kind, 12, INK_SOFT, height=px(15))
            if sub.get_width() <= room or kind == kinds[-1]:
                if sub.get_width() > room:
                    # (a narrow card: who she is takes a line of its own, whole, and her Gold,
                    # Fame and display move down one line; never cut to "Me…")
                    sub = look.fit_text(kind, 12, INK_SOFT, width=max(1, whole), height=px(15))
                    surface.blit(sub, sub.get_rect(midleft=(rect.x + px(12), y2)))
                    lower += sub.get_height() // 2 + px(14)  # (clear of the coin icon)
                else:
                    surface.blit(sub, sub.get_rect(midleft=(rect.x + px(12), y2)))
                break
    gold, fame = money if money is not None else (pv.gold, pv.fame)  # (money: the figures as they count)
    for icon, value in (("coin", gold), ("fame", fame)):
        sx, sy = spots[icon][0], spots[icon][1] + lower
        img = app.sprites.get("board", icon, height=px(22))
        surface.blit(img, img.get_rect(midright=(sx - px(2), sy)))
        num = look.text(str(value), 19, INK, bold=True)
        surface.blit(num, num.get_rect(midleft=(sx + px(1), sy)))
    body = pygame.Rect(
        rect.x + px(8),
        rect.y + px(CARD_HEAD) + lower,
        rect.w - px(16),
        rect.bottom - rect.y - px(CARD_HEAD) - px(6) - lower,
    )
    if selected:
        pygame.draw.rect(surface, (250, 240, 210), body.inflate(px(6), px(6)), border_radius=px(4))
    g = draw_display(surface, app, pv, body, small=True)
    if mark is not None:
        r, c, mc = mark
        ring_cell(surface, g, r, c, mc)
    if thought is not None:  # the ring and the tag (after her display: they may lie over its top)
        ring_at, own_line = (rect.x + px(12) + px(8), tag_box.centery), tag_box.centery != y2
        if own_line:
            pygame.draw.circle(surface, PAPER, ring_at, px(8) + max(2, px(3)))
        draw_ring(surface, ring_at, px(8), thought[0], max(2, px(3)))
        pygame.draw.rect(surface, (255, 214, 90), tag_box, border_radius=px(8))
        if own_line:
            pygame.draw.rect(surface, WOOD_DARK, tag_box, 1, border_radius=px(8))
        surface.blit(tag, tag.get_rect(center=tag_box.center))
    return g


def draw_zoom(surface, app, seat, pv, card: pygame.Rect, ts: int, mark=None) -> pygame.Rect:
    """An opponent's display enlarged beside her card (the pointer is over it), at tile
    size `ts`: readable at a glance without leaving the table."""
    look, px = app.look, app.look.px
    rows = app.rules.island_rows
    aspect = app.sprites.aspect("board", "mainland")
    pad, head = px(10), px(30)
    w = round((columns_needed(pv) + aspect * (rows + 1)) * ts) + 2 * pad + 2
    h = (rows + 1) * ts + head + pad
    screen = surface.get_rect()
    box = pygame.Rect(card.right + px(8), card.y, w, h)
    if box.right > screen.right:  # (the tall layout: the cards are at the bottom)
        box = pygame.Rect(card.x, card.y - h - px(8), w, h)
    box.clamp_ip(screen)
    shadow = pygame.Surface(box.inflate(px(12), px(12)).size, pygame.SRCALPHA)
    shadow.fill((30, 20, 10, 70))
    surface.blit(shadow, box.inflate(px(12), px(12)).move(px(4), px(4)))
    panel(surface, box, look, border=colour_of(seat.colour), width=3)
    surface.blit(
        look.text(t("table.card.display", name=seat.name), 15, WOOD_DARK, bold=True), (box.x + pad, box.y + px(6))
    )
    body = pygame.Rect(box.x + pad, box.y + head, w - 2 * pad, (rows + 1) * ts)
    g = draw_display(surface, app, pv, body)
    if mark is not None:
        r, c, mc = mark
        ring_cell(surface, g, r, c, mc)
    return box


def board_marks(match, hover_log: int | None) -> dict:
    """player -> (row, col, colour): each other player's last tile since the person at the
    table last moved, in her colour; the place of a hovered log entry (an index into the
    shown events) in gold."""
    viewer = match.game.to_move if match.persons_turn() else None
    shown = match.shown_events()
    moves = last_moves(shown, viewer, lambda p: match.seats[p].is_person)
    out = {p: (r, c, colour_of(match.seats[p].colour)) for p, (r, c) in moves.items()}
    if hover_log is not None and hover_log < len(shown):
        spot = event_cell(shown[hover_log])
        if spot is not None:
            out[spot[0]] = (spot[1], spot[2], GOLD)
    return out
