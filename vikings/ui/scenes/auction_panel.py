"""The auction scene's decision panel (scenes/auction.py): the heading and the lines on
the bidding, the removal and the colours chosen; the strip of the drawn Vikings (sorted
by colour, a count on each, lit and numbered where a person picks one; shorter where the
text leaves it too little room); the cost of a person's bid; below them the table of
players (auction_rows.py). A part of `AuctionScene`: it reads the scene's state (the event
in flight, the Vikings drawn and flying, the amount, the Viking under the mouse) and keeps
where it drew the Vikings (`kind_rects`, for the clicks and the keys).
"""

from __future__ import annotations

import pygame

from vikings.engine.state import BID, COLOUR, REMOVE
from vikings.text import words
from vikings.text.events import paid as paid_text
from vikings.text.lang import t
from vikings.ui.drawing.panels import text_height
from vikings.ui.drawing.theme import BAD, GOLD, INK, INK_SOFT, WOOD
from vikings.ui.scenes.auction_rows import ROW_MIN, draw_bid_rows


class AuctionPanel:
    def __init__(self, scene):
        self.scene = scene
        self.kind_rects: list = []  # (rect, kind) of the drawn Vikings in the panel
        self.strip_h: int | None = None  # the strip's height in the last frame (None: not drawn yet)

    def strip_vikings(self, vis) -> list[int]:
        """The drawn Vikings still in the panel (one in the air to the wheel is not)."""
        sc = self.scene
        left = list(vis.auction_vikings)
        e = sc.in_flight
        if e is not None and e.type == "colour_placed":
            for _ in sc.flying | sc.landed:
                if e.data["viking"] in left:
                    left.remove(e.data["viking"])
        return left

    def strip_layout(self, vikings) -> list:
        """(rect, kind) per colour among `vikings`, left to right, in the panel's strip."""
        sc = self.scene
        px = sc.app.look.px
        r = sc.layout.decision
        kinds = sorted(set(vikings))
        if not kinds:
            return []
        y = self._strip_y()
        w = min(px(84), (r.w - px(28)) // len(kinds))
        h = px(64) if self.strip_h is None else self.strip_h
        x0 = r.x + px(14)
        return [(pygame.Rect(x0 + i * w, y, w - px(6), h), k) for i, k in enumerate(kinds)]

    def text_room(self, rect) -> int:
        """Below the text: the strip of drawn Vikings, a row per player, the cost of the bid
        and the buttons (the text shrinks at a large UI scale to leave them their room)."""
        sc = self.scene
        px = sc.app.look.px
        line = sc.app.look.font(15).get_linesize()  # (rows and the cost grow with the UI scale)
        rows = sc.match.game.n * max(px(28), line + px(6)) + max(px(22), line)
        below = px(46) + px(10) + rows + (rect.bottom - sc.b_bid.rect.y) + self._above_buttons()
        return rect.h - below

    def grown(self, rect, lines, error) -> pygame.Rect:
        """The decision panel, taller (upwards, over the foot of the display) when its text at
        the least lettering, the strip, a row per player, the cost and the buttons need more
        room than the layout gives it: the list of bids is never left out."""
        sc = self.scene
        look, px = sc.app.look, sc.app.look.px
        below = rect.h - self.text_room(rect)
        need = text_height(look, lines, error, rect.w - px(28)) + below
        if need <= rect.h:
            return rect
        top = max(sc.layout.board.y + px(40), rect.bottom - need)
        return pygame.Rect(rect.x, top, rect.w, rect.bottom - top)

    def _above_buttons(self) -> int:
        """The air above the Bid button: room for a hint's badges on its ring (hints.py)."""
        look = self.scene.app.look
        return look.px(8) + round(10 * look.text_scale)

    def _strip_y(self) -> int:
        sc = self.scene
        return getattr(sc, "decision_bottom", sc.layout.decision.y + sc.app.look.px(110))

    def text(self, vis) -> list[str]:
        """The panel's lines: the round's auction, the bids, the removal, the colours."""
        sc = self.scene
        m, g = sc.match, sc.match.game
        rec = sc.record()
        seat = m.seat()
        rnd = vis.round + 1
        e = sc.in_flight
        if e is not None and e.type == "offer":
            return [t("table.auction.complete", round=rnd), t("table.offer.starter", name=m.seats[e.player].name)]
        opening = sc.opening()
        if opening is not None:  # a new round: its special tiles turn up, then the Vikings are drawn
            d = opening.data
            return [
                t("table.auction.title", round=d["round"]),
                t(
                    "table.auction.opening",
                    name=m.seats[opening.player].name,
                    vikings=words.any_vikings(len(d["vikings"])),
                ),
            ]
        if g.phase == BID or (e is not None and e.type in ("auction", "bid", "bid_passed")) or rec.winner is None:
            lines = [t("table.auction.title", round=rnd)]
            if rec.opener is not None:
                lines.append(t("table.auction.drew", name=m.seats[rec.opener].name))
            if sc.bidding():
                lines.append(
                    t("table.auction.your_bid_open") if rec.high < 0 else t("table.auction.your_bid", high=rec.high)
                )
            elif not seat.is_person and g.phase == BID and not m.pending:  # (not while a bid is shown)
                lines.append(t("table.auction.deciding", name=seat.name))
            return lines
        who, amount, gold, fame = rec.winner
        name = m.seats[who].name
        paid = paid_text(gold, fame)
        if g.phase == REMOVE and not m.pending:
            if seat.is_person:
                return [t("table.auction.you_won", name=name), t("table.auction.remove", paid=paid)]
            return [t("table.auction.won", name=name, paid=paid), t("table.auction.removing", name=name)]
        lines = [t("table.auction.to_wheel", round=rnd), t("table.auction.won_for", name=name, paid=paid)]
        if g.phase == COLOUR and not m.pending:
            if seat.is_person:
                lines.append(t("table.auction.choose_colour", name=seat.name))
            else:
                lines.append(t("table.auction.choosing", name=seat.name))
        return lines

    def draw(self, surface, vis, rect) -> None:
        """Below the panel's text: the strip of drawn Vikings, the bid's cost, the rows."""
        sc = self.scene
        look, px, rules = sc.app.look, sc.app.look.px, sc.app.rules
        m, g = sc.match, sc.match.game
        e = sc.in_flight
        strip = sc.drawn if e is not None and e.type == "auction" else self.strip_vikings(vis)
        pick = m.persons_turn() and not m.pending and g.phase in (REMOVE, COLOUR)
        # A shorter strip where the text leaves too little room for it and a row per player.
        below = (sc.b_bid.rect.y - self._above_buttons() - px(22)) if sc.bidding() else rect.bottom - px(12)
        full = px(64) + px(10) + g.n * px(ROW_MIN)
        self.strip_h = px(64) if below - sc.decision_bottom >= full else px(46)
        self.kind_rects = self.strip_layout(strip)
        counts = {k: strip.count(k) for k in set(strip)}
        for i, (r, k) in enumerate(self.kind_rects):
            hot = pick and k == sc.hover_kind
            fill = (250, 228, 160) if hot else (246, 240, 226)
            pygame.draw.rect(surface, fill, r, border_radius=px(6))
            pygame.draw.rect(surface, GOLD if pick else WOOD, r, max(1, px(2 if pick else 1)), border_radius=px(6))
            fig = sc.app.sprites.get("vikings", rules.vikings[k].id, height=r.h - px(22))
            surface.blit(fig, fig.get_rect(midtop=(r.centerx, r.y + px(4))))
            label = look.text(f"×{counts[k]}", 14, INK, bold=True)
            surface.blit(label, label.get_rect(midbottom=(r.centerx, r.bottom - px(2))))
            if pick:
                key = look.text(str(i + 1), 11, INK_SOFT, bold=True)
                surface.blit(key, (r.x + px(4), r.y + px(2)))
        y = (self.kind_rects[0][0].bottom if self.kind_rects else sc.decision_bottom) + px(10)
        bottom = sc.b_bid.rect.y - self._above_buttons() if sc.bidding() else rect.bottom - px(12)
        if sc.bidding():
            self._draw_cost(surface, rect, bottom)
            bottom -= px(22)
        draw_bid_rows(sc, surface, pygame.Rect(rect.x + px(14), y, rect.w - px(28), bottom - y))

    def _draw_cost(self, surface, rect, bottom) -> None:
        sc = self.scene
        g, amount = sc.match.game, sc.amount
        gold = g.displays[g.to_move].gold
        fame = sc.fame_for(amount)
        if amount == 0:
            text, colour = t("table.auction.free_bid"), INK_SOFT
        elif fame:
            text, colour = (
                t("table.auction.cost_fame", amount=amount, gold=words.gold(gold), fame=words.fame(fame)),
                BAD,
            )
        else:
            text, colour = t("table.auction.cost", amount=amount, pay=amount, gold=words.gold(gold)), INK_SOFT
        img = sc.app.look.text(text, 14, colour, bold=bool(fame))
        surface.blit(img, (rect.x + sc.app.look.px(14), bottom - img.get_height()))
