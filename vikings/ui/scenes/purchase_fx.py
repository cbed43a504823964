"""How the purchasing scene shows moves: the bought group leaves the wheel (straight to
its cell when the tile was dropped there, else to the hand in the decision panel) while
coins fly from the buyer's card to the wheel, the wheel turns, the tile and Viking go to
their places, special tiles travel between the strip, the card and the display.
A part of the purchasing scene, and of the boatswain scene, which shows the same moves:
it keeps the wheel's turn while it animates and the pieces that landed ahead of their
events, and draws the wheel with both."""

from __future__ import annotations

import pygame

from vikings.engine.state import PLACE, VIKING
from vikings.text import words
from vikings.text.events import tile_in_sentence
from vikings.text.lang import t
from vikings.ui.drawing.cards import card_icon_spots
from vikings.ui.drawing.notice import Said
from vikings.ui.drawing.theme import BAD, GOOD, INK_SOFT
from vikings.ui.drawing.wheel import draw_wheel
from vikings.ui.table.fx import Float, Fly, Tween
from vikings.ui.table.motion import money_flights

SPECIAL_EVENTS = frozenset({"special_taken", "special_declined", "special_gold", "special_placed", "special_spent"})


class PurchaseMotion:
    def __init__(self, scene):
        self.scene = scene
        self.wheel_turn: float | None = None  # the wheel's turn while it animates
        self.early: set = set()  # ids of pending events whose piece has landed already
        self.drop_origin = None  # (space, pos) where a dragged group was dropped

    def bot_places_ahead(self) -> bool:
        """A bot's purchase waits on screen until the bot has also placed the tile and its
        Viking (it thinks meanwhile, its card says so): then the tile flies from the
        wheel straight to its cell, as a person's dropped tile does. True when the bot
        was asked (the beat of play waits this frame)."""
        sc = self.scene
        m = sc.match
        if not sc.fx.active and sc.wheel_geo is not None and self._placing_ahead():
            m.start_bot()
            sc.bot_acts()
            return True
        return False

    def _placing_ahead(self) -> bool:
        """A bot's bought group is next to show while the same bot still places its pieces."""
        sc = self.scene
        m, g = sc.match, sc.match.game
        if not m.pending or m.pending[0].type != "bought" or getattr(m, "coach", None) is not None:
            return False
        p = m.pending[0].player
        if g.to_move != p or not m.bots_turn() or g.phase not in (PLACE, VIKING):
            return False
        if getattr(m, "net", None) is not None and m.networked():  # a move from the network: shown as it comes
            return False
        return not any(e.type in ("viking_placed", "viking_to_pool") and e.player == p for e in m.pending)

    def target(self, p: int, row: int, col: int) -> tuple[pygame.Rect, int]:
        """Where a cell of player p's display is on screen now, and its tile size."""
        sc = self.scene
        if p == sc.shown_player and sc.board_geo:
            return sc.board_geo.cell_rect(row, col), sc.board_geo.t
        g = sc.card_geos[p]
        return g.cell_rect(row, col), g.t

    def hand_spot(self) -> tuple[int, int]:
        """Where the pieces in hand are drawn in the decision panel (see draw_decision)."""
        sc = self.scene
        r, px = sc.layout.decision, sc.app.look.px
        y = getattr(sc, "decision_bottom", r.y + px(80))
        return r.x + px(16) + px(28), min(y + px(4) + px(28), r.bottom - px(40))

    def _following(self, e):
        """The same player's tile and Viking events after `e` that are pending already (a
        tile dropped on its cell is bought and placed at once)."""
        sc = self.scene
        tile = viking = None
        for f in list(sc.match.pending)[1:]:
            if f.type == "bought" or f.player not in (None, e.player):  # (the wheel's turn has no player)
                break
            if f.type == "tile_placed" and tile is None:
                tile = f
            elif f.type in ("viking_placed", "viking_to_pool") and viking is None:
                viking = f
        return tile, viking

    def landed_early(self, vis):
        """`vis` with the pieces that flew to their cells ahead of their events in place."""
        sc = self.scene
        for e in sc.match.pending:  # pieces that have landed ahead of their event
            if id(e) in self.early:
                v = vis.players[e.player]
                if e.type == "tile_placed":
                    v.hidden.discard((e.data["row"], e.data["col"]))
                elif e.type == "viking_placed":
                    v.vacant.discard((e.data["row"], e.data["col"]))
        return vis

    def show(self, e) -> None:
        sc = self.scene
        app, rules, p, d = sc.app, sc.app.rules, e.player, e.data
        sprites, look = app.sprites, app.look
        if id(e) in self.early:  # it flew to its place with the purchase
            self.early.discard(id(e))
            return
        if e.type == "bought" and sc.wheel_geo:
            geo = sc.wheel_geo
            src = geo.tile_rect(d["space"]).center
            origin, self.drop_origin = self.drop_origin, None
            if origin is not None and origin[0] == d["space"]:
                src = origin[1]
            tile_e, viking_e = self._following(e)
            hand = self.hand_spot()
            if tile_e is not None:  # straight from the wheel (or the drop) to its cell
                cell, ts = self.target(p, tile_e.data["row"], tile_e.data["col"])
                fly_tile = Fly(
                    sprites.get("tiles", rules.tiles[d["tile"]].id, height=ts),
                    src,
                    cell.center,
                    duration=0.5,
                    arc=0.08,
                    on_done=lambda: self.early.add(id(tile_e)),
                )
            else:
                fly_tile = Fly(sprites.get("tiles", rules.tiles[d["tile"]].id, height=look.px(56)), src, hand)
            vsrc = geo.at(d["space"], geo.viking_ring)
            if viking_e is not None and viking_e.type == "viking_placed":
                cell, ts = self.target(p, viking_e.data["row"], viking_e.data["col"])
                fly_viking = Fly(
                    sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(ts * 0.6)),
                    vsrc,
                    (cell.x + round(ts * 0.3), cell.bottom - round(ts * 0.38)),
                    duration=0.55,
                    on_done=lambda: self.early.add(id(viking_e)),
                )
            else:
                fly_viking = Fly(
                    sprites.get("vikings", rules.vikings[d["viking"]].id, height=look.px(56)),
                    vsrc,
                    (hand[0] + look.px(66), hand[1]),
                )
            coin_src = card_icon_spots(look, sc.layout.cards[p])["coin"]
            sc.fx.add(
                fly_tile,
                fly_viking,
                *money_flights(app, coin_src, geo.tile_rect(d["space"]).center, d["gold"], d["fame"]),
            )
            if d["gold"] or d["fame"]:  # (a group at price 0 costs nothing: no "-0 Gold")
                cost = (
                    t("table.fx.cost_fame", gold=d["gold"], fame=d["fame"])
                    if d["fame"]
                    else t("table.fx.cost", gold=d["gold"])
                )
                sc.fx.add(Float(look.text(cost, 18, BAD, bold=True), sc.layout.cards[p].center, duration=0.6))
        elif e.type == "wheel_turned":
            start = sc.visible().offset  # before the turn (the event is still pending)
            sc.fx.add(
                Tween(self._set_turn, start, start + d["steps"], duration=0.6, on_done=lambda: self._set_turn(None))
            )
        elif e.type in ("tile_placed", "start_tile_placed"):
            cell, ts = self.target(p, d["row"], d["col"])
            img = sprites.get("tiles", rules.tiles[d["tile"]].id, height=ts)
            sc.fx.add(Fly(img, self.hand_spot(), cell.center, duration=0.45))
        elif e.type in ("viking_placed", "viking_moved"):
            cell, ts = self.target(p, d["row"], d["col"])
            img = sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(ts * 0.6))
            hand = self.hand_spot()
            src = (
                (hand[0] + look.px(66), hand[1])
                if e.type == "viking_placed"
                else (sc.board_geo.pool_rect.center if p == sc.shown_player and sc.board_geo else cell.center)
            )
            sc.fx.add(Fly(img, src, cell.center, duration=0.4))
        elif e.type == "viking_to_pool":
            dst = sc.board_geo.pool_rect.center if p == sc.shown_player and sc.board_geo else sc.layout.cards[p].center
            img = sprites.get("vikings", rules.vikings[d["viking"]].id, height=look.px(40))
            sc.fx.add(Fly(img, self.hand_spot(), dst, duration=0.4))
        elif e.type == "tile_discarded":
            sc.ctx.message = Said(
                "table.purchase.discarded", name=sc.match.seats[p].name, tile=lambda: tile_in_sentence(rules, d["tile"])
            )
            sc.fx.add(
                Float(look.text(t("table.fx.discarded"), 20, BAD, bold=True), sc.layout.decision.center, duration=1.0)
            )
        elif e.type == "boatswain_used":
            sc.fx.add(
                Float(look.text(t("table.fx.boatswain"), 20, GOOD, bold=True), sc.layout.cards[p].center, duration=0.7)
            )
        elif e.type in SPECIAL_EVENTS:
            self.show_special(e)

    def show_special(self, e) -> None:
        """A special tile taken (it flies from its face-up place to the buyer), its Gold,
        a building tile laid on a cell, a boat tile spent."""
        sc = self.scene
        app, rules, p, d = sc.app, sc.app.rules, e.player, e.data
        look = app.look
        card = sc.layout.cards[p]
        if e.type == "special_taken":
            src = next((r.center for r, _, slot in sc.slot_spots if slot == d["slot"]), sc.layout.log.center)
            dst = (
                (card.right - look.px(20), card.y + look.px(45))
                if p != sc.shown_player or not sc.board_geo
                else (sc.layout.board.right - look.px(20), sc.layout.board.y + look.px(10))
            )
            img = app.sprites.get("special_tiles", rules.specials[d["special"]].id, height=look.px(56))
            sc.fx.add(Fly(img, src, dst, duration=0.55))
            sc.fx.add(
                Float(
                    look.text(words.special(rules.specials[d["special"]]), 18, GOOD, bold=True),
                    card.center,
                    duration=0.8,
                )
            )
        elif e.type == "special_declined":
            sc.fx.add(Float(look.text(t("table.fx.no_special"), 18, INK_SOFT, bold=True), card.center, duration=0.6))
        elif e.type == "special_gold":
            sc.fx.add(
                Float(look.text(t("table.fx.gold", gold=d["gold"]), 20, GOOD, bold=True), card.center, duration=0.8)
            )
        elif e.type == "special_placed":
            cell, ts = self.target(p, d["row"], d["col"])
            img = app.sprites.get("special_tiles", rules.specials[d["special"]].id, height=ts)
            src = (card.right - look.px(20), card.y + look.px(45))
            sc.fx.add(Fly(img, src, cell.center, duration=0.5))
        elif e.type == "special_spent":
            sc.fx.add(
                Float(
                    look.text(
                        t("table.fx.spent", special=words.special(rules.specials[d["special"]])),
                        18,
                        INK_SOFT,
                        bold=True,
                    ),
                    card.center,
                    duration=0.7,
                )
            )

    def _set_turn(self, value) -> None:
        self.wheel_turn = value

    def draw_wheel(self, surface, vis, hidden=(), **options):
        """The wheel at its turn while it animates, a bought group left off while it flies
        (and the `hidden` spaces); `options` as draw_wheel's."""
        sc = self.scene
        hidden = list(hidden)
        e = sc.in_flight
        if e is not None and e.type == "bought":
            hidden.append(e.data["space"])
        return draw_wheel(
            surface,
            sc.app,
            vis,
            sc.layout.wheel,
            turn=self.wheel_turn,
            hover=sc.hover_space,
            hidden_spaces=hidden,
            **options,
        )
