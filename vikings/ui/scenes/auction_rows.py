"""The auction panel's table of players (drawn by the auction scene's panel,
auction_panel.py): one row per player, clockwise from the opener, with her bid limit,
her bid, a pass or the win, and the colours she chose. Where the panel is short (four
players at 1280x720, a language with long sentences above) the rows go in two columns
and the bid limit is left out of a row too narrow for it."""

from __future__ import annotations

import pygame

from vikings.engine.state import BID
from vikings.text.lang import t
from vikings.ui.drawing.theme import BAD, GOOD, INK, INK_SOFT, WOOD_DARK, colour_of

ROW_MIN = 20  # design pixels: shorter rows go in two columns


def status_of(rec, g, p: int, to_move: bool) -> tuple[str, tuple]:
    """What a player's row says of her (text, colour)."""
    if rec.winner is not None and rec.winner[0] == p:
        return t("table.auction.won_row", amount=rec.winner[1]), GOOD
    if p in rec.passed:
        key = "table.auction.cannot" if rec.passed[p] else "table.auction.passed"
        return (t(key + "_bid", amount=rec.bids[p]) if p in rec.bids else t(key)), BAD
    if p in rec.bids:
        high = p == rec.bidder
        return t("table.auction.bids_high" if high else "table.auction.bids", amount=rec.bids[p]), GOOD if high else INK
    if to_move:
        return t("table.auction.to_bid"), WOOD_DARK
    return "—", INK_SOFT


def draw_bid_rows(scene, surface, box: pygame.Rect) -> None:
    app = scene.app
    look, px, rules = app.look, app.look.px, app.rules
    m, g = scene.match, scene.match.game
    rec = scene.record()
    if rec.opener is None or box.h < px(16) or scene.opening() is not None:
        return
    n = g.n
    cols = 1 if box.h >= n * px(ROW_MIN) else 2
    per_col = -(-n // cols)
    size = 14 if box.h // per_col >= px(ROW_MIN) else 12
    font, bold = look.font(size), look.font(size, True)
    row_h = min(max(px(28), bold.get_linesize() + px(4)), box.h // per_col)  # (as tall as its lettering)
    gap = px(10)
    col_w = (box.w - gap * (cols - 1)) // cols
    for i in range(n):
        p = (rec.opener + i) % n
        c, r = divmod(i, per_col)
        row = pygame.Rect(box.x + c * (col_w + gap), box.y + r * row_h, col_w, row_h - px(2))
        to_move = p == g.to_move and g.phase == BID and not m.pending
        high = rec.winner is None and p == rec.bidder or rec.winner is not None and rec.winner[0] == p
        if to_move or high:
            pygame.draw.rect(surface, (250, 228, 160) if to_move else (228, 240, 222), row, border_radius=px(5))
        pygame.draw.rect(
            surface,
            colour_of(m.seats[p].colour),
            (row.x + px(4), row.y + px(4), px(8), row.h - px(8)),
            border_radius=px(2),
        )
        name = bold.render(m.seats[p].name, True, INK)
        surface.blit(name, (row.x + px(18), row.centery - name.get_height() // 2))
        x = row.right - px(4)
        for k in reversed([k for who, k, _ in rec.colours if who == p]):  # the colours she chose (or was dealt last)
            fig = app.sprites.get("vikings", rules.vikings[k].id, height=row.h - px(6))
            x -= fig.get_width() + px(2)
            surface.blit(fig, (x, row.y + px(3)))
        status, colour = status_of(rec, g, p, to_move)
        st = (bold if colour in (GOOD, WOOD_DARK) else font).render(status, True, colour)
        surface.blit(st, (x - px(8) - st.get_width(), row.centery - st.get_height() // 2))
        if rec.winner is None:
            limit = look.text(t("table.auction.up_to", limit=g.bid_limit(p)), size - 2, INK_SOFT)
            lx = row.x + px(18) + name.get_width() + px(8)
            if lx + limit.get_width() + px(6) <= x - px(8) - st.get_width():  # (left out where it would touch)
                surface.blit(limit, (lx, row.centery - limit.get_height() // 2 + px(1)))
