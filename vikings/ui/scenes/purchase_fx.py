"""How the purchasing scene shows moves: the bought group leaves the wheel (straight to
its cell when the tile was dropped there, else to the hand in the decision panel) while
coins fly from the buyer's card to the wheel, the wheel turns, the tile and Viking go to
their places, special tiles travel between the strip, the card and the display.
A mixin of PurchaseScene (kept apart to keep the scene module small)."""
from __future__ import annotations

import pygame

from vikings.text import words
from vikings.engine.state import PLACE, VIKING
from vikings.text.events import tile_in_sentence
from vikings.ui.drawing.notice import Said
from vikings.text.lang import t
from vikings.ui.table.fx import Fly, Float, Tween
from vikings.ui.table.motion import money_flights
from vikings.ui.drawing.cards import card_icon_spots
from vikings.ui.drawing.theme import BAD, GOOD, INK_SOFT

SPECIAL_EVENTS = frozenset({"special_taken", "special_declined", "special_gold", "special_placed", "special_spent"})


class PurchaseMotion:
    def update(self, dt: float) -> None:
        """A bot's purchase waits on screen until the bot has also placed the tile and its
        Viking (it thinks meanwhile, its card says so): then the tile flies from the
        wheel straight to its cell, as a person's dropped tile does."""
        m = self.match
        if not self.fx.active and self.wheel_geo is not None and self._placing_ahead():
            m.start_bot()
            self.bot_acts()
            return
        super().update(dt)

    def _placing_ahead(self) -> bool:
        """A bot's bought group is next to show while the same bot still places its pieces."""
        m, g = self.match, self.match.game
        if not m.pending or m.pending[0].type != "bought" or getattr(m, "coach", None) is not None:
            return False
        p = m.pending[0].player
        if g.to_move != p or not m.bots_turn() or g.phase not in (PLACE, VIKING):
            return False
        return not any(e.type in ("viking_placed", "viking_to_pool") and e.player == p for e in m.pending)

    def target(self, p: int, row: int, col: int) -> tuple[pygame.Rect, int]:
        """Where a cell of player p's display is on screen now, and its tile size."""
        if p == self.shown_player and self.board_geo:
            return self.board_geo.cell_rect(row, col), self.board_geo.t
        g = self.card_geos[p]
        return g.cell_rect(row, col), g.t

    def hand_spot(self) -> tuple[int, int]:
        """Where the pieces in hand are drawn in the decision panel (see draw_decision)."""
        r, px = self.layout.decision, self.app.look.px
        y = getattr(self, "decision_bottom", r.y + px(80))
        return r.x + px(16) + px(28), min(y + px(4) + px(28), r.bottom - px(40))

    def _following(self, e):
        """The same player's tile and Viking events after `e` that are pending already (a
        tile dropped on its cell is bought and placed at once)."""
        tile = viking = None
        for f in list(self.match.pending)[1:]:
            if f.type == "bought" or f.player not in (None, e.player):   # (the wheel's turn has no player)
                break
            if f.type == "tile_placed" and tile is None:
                tile = f
            elif f.type in ("viking_placed", "viking_to_pool") and viking is None:
                viking = f
        return tile, viking

    def visible(self):
        vis = super().visible()
        for e in self.match.pending:   # pieces that have landed ahead of their event
            if id(e) in self.early:
                v = vis.players[e.player]
                if e.type == "tile_placed":
                    v.hidden.discard((e.data["row"], e.data["col"]))
                elif e.type == "viking_placed":
                    v.vacant.discard((e.data["row"], e.data["col"]))
        return vis

    def show(self, e) -> None:
        app, rules, p, d = self.app, self.app.rules, e.player, e.data
        sprites, look = app.sprites, app.look
        if id(e) in self.early:   # it flew to its place with the purchase
            self.early.discard(id(e))
            return
        if e.type == "bought" and self.wheel_geo:
            geo = self.wheel_geo
            src = geo.tile_rect(d["space"]).center
            origin, self.drop_origin = getattr(self, "drop_origin", None), None
            if origin is not None and origin[0] == d["space"]:
                src = origin[1]
            tile_e, viking_e = self._following(e)
            hand = self.hand_spot()
            if tile_e is not None:   # straight from the wheel (or the drop) to its cell
                cell, ts = self.target(p, tile_e.data["row"], tile_e.data["col"])
                fly_tile = Fly(sprites.get("tiles", rules.tiles[d["tile"]].id, height=ts), src, cell.center,
                               duration=0.5, arc=0.08, on_done=lambda: self.early.add(id(tile_e)))
            else:
                fly_tile = Fly(sprites.get("tiles", rules.tiles[d["tile"]].id, height=look.px(56)), src, hand)
            vsrc = geo.at(d["space"], geo.viking_ring)
            if viking_e is not None and viking_e.type == "viking_placed":
                cell, ts = self.target(p, viking_e.data["row"], viking_e.data["col"])
                fly_viking = Fly(sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(ts * 0.6)), vsrc,
                                 (cell.x + round(ts * 0.3), cell.bottom - round(ts * 0.38)), duration=0.55,
                                 on_done=lambda: self.early.add(id(viking_e)))
            else:
                fly_viking = Fly(sprites.get("vikings", rules.vikings[d["viking"]].id, height=look.px(56)), vsrc,
                                 (hand[0] + look.px(66), hand[1]))
            coin_src = card_icon_spots(look, self.layout.cards[p])["coin"]
            self.fx.add(fly_tile, fly_viking, *money_flights(app, coin_src, geo.tile_rect(d["space"]).center,
                                                             d["gold"], d["fame"]))
            if d["gold"] or d["fame"]:   # (a group at price 0 costs nothing: no "-0 Gold")
                cost = t("table.fx.cost_fame", gold=d["gold"], fame=d["fame"]) if d["fame"] else \
                    t("table.fx.cost", gold=d["gold"])
                self.fx.add(Float(look.text(cost, 18, BAD, bold=True), self.layout.cards[p].center, duration=0.6))
        elif e.type == "wheel_turned":
            start = self.visible().offset  # before the turn (the event is still pending)
            self.fx.add(Tween(self._set_turn, start, start + d["steps"], duration=0.6,
                              on_done=lambda: self._set_turn(None)))
        elif e.type in ("tile_placed", "start_tile_placed"):
            cell, ts = self.target(p, d["row"], d["col"])
            img = sprites.get("tiles", rules.tiles[d["tile"]].id, height=ts)
            self.fx.add(Fly(img, self.hand_spot(), cell.center, duration=0.45))
        elif e.type in ("viking_placed", "viking_moved"):
            cell, ts = self.target(p, d["row"], d["col"])
            img = sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(ts * 0.6))
            hand = self.hand_spot()
            src = (hand[0] + look.px(66), hand[1]) if e.type == "viking_placed" else \
                (self.board_geo.pool_rect.center if p == self.shown_player and self.board_geo else cell.center)
            self.fx.add(Fly(img, src, cell.center, duration=0.4))
        elif e.type == "viking_to_pool":
            dst = (self.board_geo.pool_rect.center if p == self.shown_player and self.board_geo
                   else self.layout.cards[p].center)
            img = sprites.get("vikings", rules.vikings[d["viking"]].id, height=look.px(40))
            self.fx.add(Fly(img, self.hand_spot(), dst, duration=0.4))
        elif e.type == "tile_discarded":
            self.ctx.message = Said("table.purchase.discarded", name=self.match.seats[p].name,
                                    tile=lambda: tile_in_sentence(rules, d["tile"]))
            self.fx.add(Float(look.text(t("table.fx.discarded"), 20, BAD, bold=True), self.layout.decision.center, duration=1.0))
        elif e.type == "boatswain_used":
            self.fx.add(Float(look.text(t("table.fx.boatswain"), 20, GOOD, bold=True), self.layout.cards[p].center, duration=0.7))
        elif e.type in SPECIAL_EVENTS:
            self.show_special(e)

    def show_special(self, e) -> None:
        """A special tile taken (it flies from its face-up place to the buyer), its Gold,
        a building tile laid on a cell, a boat tile spent."""
        app, rules, p, d = self.app, self.app.rules, e.player, e.data
        look = app.look
        card = self.layout.cards[p]
        if e.type == "special_taken":
            src = next((r.center for r, _, slot in self.slot_spots if slot == d["slot"]), self.layout.log.center)
            dst = (card.right - look.px(20), card.y + look.px(45)) if p != self.shown_player or not self.board_geo \
                else (self.layout.board.right - look.px(20), self.layout.board.y + look.px(10))
            img = app.sprites.get("special_tiles", rules.specials[d["special"]].id, height=look.px(56))
            self.fx.add(Fly(img, src, dst, duration=0.55))
            self.fx.add(Float(look.text(words.special(rules.specials[d["special"]]), 18, GOOD, bold=True), card.center,
                              duration=0.8))
        elif e.type == "special_declined":
            self.fx.add(Float(look.text(t("table.fx.no_special"), 18, INK_SOFT, bold=True), card.center, duration=0.6))
        elif e.type == "special_gold":
            self.fx.add(Float(look.text(t("table.fx.gold", gold=d["gold"]), 20, GOOD, bold=True), card.center, duration=0.8))
        elif e.type == "special_placed":
            cell, ts = self.target(p, d["row"], d["col"])
            img = app.sprites.get("special_tiles", rules.specials[d["special"]].id, height=ts)
            src = (card.right - look.px(20), card.y + look.px(45))
            self.fx.add(Fly(img, src, cell.center, duration=0.5))
        elif e.type == "special_spent":
            self.fx.add(Float(look.text(t("table.fx.spent", special=words.special(rules.specials[d["special"]])), 18, INK_SOFT, bold=True),
                              card.center, duration=0.7))

    def _set_turn(self, value) -> None:
        self.wheel_turn = value


