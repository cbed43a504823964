"""The auction that prepares each offer (advanced game, option "auction").

The holder of the start player ship (passed to the left after each scoring, as in the
standard game) draws 13 Vikings (shown in the decision panel, sorted by colour) and
opens the bidding; clockwise each player raises or passes for good. The winner pays her
bid (Fame once her Gold runs out), takes the start player ship, removes one of the 13
from the game (click it), the round's tiles are laid on the wheel, and then, from the
winner clockwise, each player chooses a colour (click it) whose Vikings go on the
highest free spaces from 11 down. When the wheel is full the winner buys first.

Everything shown comes from the engine: the legal bids (the amount control stays within
them), the events (bids, passes, the removal, each colour's spaces) and `Visible`. The
bids and passes of the running auction are read from the events already shown, so a bid
still animating is not in the table yet.

The scene owns its decision panel (`self.panel`, auction_panel.py: the text, the strip of
drawn Vikings, the bid's cost; its table of players is auction_rows.py's).
"""

from __future__ import annotations

import copy

import pygame
import pygame_gui

from vikings.engine.actions import Bid, ChooseColour, PassBid, RemoveViking
from vikings.engine.state import BID, COLOUR, REMOVE
from vikings.text.lang import t
from vikings.ui.drawing.notice import text
from vikings.ui.drawing.theme import BAD, GOOD, shrink_caption
from vikings.ui.drawing.tooltips import viking_text
from vikings.ui.drawing.wheel import draw_wheel
from vikings.ui.flow import AUCTION_EVENTS
from vikings.ui.scenes.auction_panel import AuctionPanel
from vikings.ui.scenes.offer import OfferScene
from vikings.ui.table.fx import Call, Float, Fly, Pause

# The auction's events, the start player change it makes, the offer it completes and the
# special tiles turned up before it.
AUCTION_SHOWN = frozenset(AUCTION_EVENTS) | {"start_player", "offer", "special_revealed"}


class AuctionRecord:
    """The running (or last) auction as far as the screens have shown it."""

    def __init__(self, events):
        self.opener = None
        self.bids: dict[int, int] = {}  # each player's latest bid
        self.passed: dict[int, bool] = {}  # who passed (True: could not raise)
        self.high, self.bidder = -1, None
        self.winner = None  # (player, amount, gold, fame)
        self.removed = None
        self.colours: list = []  # (player, kind, spaces)
        start = next((i for i in range(len(events) - 1, -1, -1) if events[i].type == "auction"), None)
        if start is None:
            return
        self.opener = events[start].player
        for e in events[start + 1 :]:
            d = e.data
            if e.type == "bid":
                self.bids[e.player] = self.high = d["amount"]
                self.bidder = e.player
            elif e.type == "bid_passed":
                self.passed[e.player] = d["forced"]
            elif e.type == "auction_won":
                self.winner = (e.player, d["amount"], d["gold"], d["fame"])
            elif e.type == "viking_removed":
                self.removed = d["viking"]
            elif e.type == "colour_placed":
                self.colours.append((e.player, d["viking"], d["spaces"]))


class AuctionScene(OfferScene):
    handles = AUCTION_SHOWN
    phases = frozenset({BID, REMOVE, COLOUR})

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.amount = 0  # the person's bid, kept within the legal bids
        self.panel = AuctionPanel(self)  # the decision panel: its text, the drawn Vikings, the players' rows
        self.hover_kind = None
        self.flying: set = set()  # wheel spaces whose Viking is in the air (not yet in the strip count)
        self.landed: set = set()  # wheel spaces whose Viking has landed, its event still pending
        self.drawn: list = []  # the auction's Vikings out of the bag so far (while they fly)

    # Widgets -----------------------------------------------------------------------------------
    def build_decision_ui(self) -> None:
        px, r, ui = self.app.look.px, self.layout.decision, self.app.ui
        h = px(42)
        y = r.bottom - h - px(14)
        sw = self.app.look.caption_width("+", 46, pad=4)
        x = r.x + px(14)
        self.b_minus = self.add(
            pygame_gui.elements.UIButton(pygame.Rect(x, y, sw, h), "−", ui, tool_tip_text=t("table.auction.less"))
        )
        pass_w = self.app.look.caption_width(t("table.auction.pass"), 120)
        bid_w = r.right - px(14) - pass_w - px(10) - (x + 2 * sw + px(12))
        self.b_bid = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x + sw + px(6), y, bid_w, h), t("table.auction.bid"), ui, object_id="@primary"
            )
        )
        self.b_plus = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x + sw + bid_w + px(12), y, sw, h), "+", ui, tool_tip_text=t("table.auction.more")
            )
        )
        self.b_pass = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(r.right - px(14) - pass_w, y, pass_w, h),
                t("table.auction.pass"),
                ui,
                object_id="@danger",
                tool_tip_text=t("table.auction.pass_tip"),
            )
        )
        shrink_caption(self.b_pass)

    def legal_bids(self) -> list[int]:
        g = self.match.game
        if g.phase != BID or self.match.pending:
            return []
        return [a.amount for a in g.legal_actions() if isinstance(a, Bid)]

    def bidding(self) -> bool:
        """A person is to bid now."""
        m = self.match
        return m.game.phase == BID and m.persons_turn() and not m.pending

    def refresh_ui(self) -> None:
        super().refresh_ui()
        on = self.bidding()
        bids = self.legal_bids() if on else []
        for b in (self.b_minus, self.b_bid, self.b_plus):
            b.show() if on and bids else b.hide()
        g = self.match.game
        can_pass = on and PassBid() in g.legal_actions()
        self.b_pass.show() if can_pass else self.b_pass.hide()
        if not on or not bids:
            return
        self.amount = min(max(self.amount, bids[0]), bids[-1])
        self.b_minus.enable() if self.amount > bids[0] else self.b_minus.disable()
        self.b_plus.enable() if self.amount < bids[-1] else self.b_plus.disable()
        fame = self.fame_for(self.amount)
        self.b_bid.set_text(
            t("table.auction.bid_fame", amount=self.amount, fame=fame)
            if fame
            else t("table.auction.bid_amount", amount=self.amount)
        )
        shrink_caption(self.b_bid)  # a long bid at a large UI scale: smaller lettering

    def fame_for(self, amount: int) -> int:
        g = self.match.game
        return max(0, amount - g.displays[g.to_move].gold)

    def set_amount(self, amount: int) -> None:
        bids = self.legal_bids()
        if bids:
            self.amount = min(max(amount, bids[0]), bids[-1])
            self.refresh_ui()
            self.app.invalidate()

    # Decisions ---------------------------------------------------------------------------------
    def bid(self) -> None:
        if self.amount in self.legal_bids():
            self.act(Bid(self.amount))

    def pass_bid(self) -> None:
        if self.bidding() and PassBid() in self.match.game.legal_actions():
            self.act(PassBid())

    def choose_kind(self, kind: int) -> bool:
        """Remove a Viking of `kind` (REMOVE) or place its colour (COLOUR), if legal."""
        m, g = self.match, self.match.game
        if not m.persons_turn() or m.pending:
            return False
        action = RemoveViking(kind) if g.phase == REMOVE else ChooseColour(kind) if g.phase == COLOUR else None
        if action is None or action not in g.legal_actions():
            return False
        self.act(action)
        return True

    def on_acted(self, action) -> None:
        self.amount = 0
        self.hover_kind = self.tooltip = None  # the Viking under the mouse may have left the panel

    def handle_widget(self, event) -> bool:
        el = event.ui_element
        if el is self.b_bid:
            self.bid()
        elif el is self.b_pass:
            self.pass_bid()
        elif el is self.b_minus:
            self.set_amount(self.amount - 1)
        elif el is self.b_plus:
            self.set_amount(self.amount + 1)
        else:
            return False
        return True

    def handle_key(self, event) -> bool:
        m, g, k = self.match, self.match.game, event.key
        if not m.persons_turn() or m.pending or self.fx.active:
            return False
        if g.phase == BID:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.bid()
            elif k == pygame.K_p:
                self.pass_bid()
            elif k in (pygame.K_UP, pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.set_amount(self.amount + 1)
            elif k in (pygame.K_DOWN, pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.set_amount(self.amount - 1)
            else:
                return False
            return True
        if g.phase in (REMOVE, COLOUR) and pygame.K_1 <= k <= pygame.K_9:
            kinds = [kind for _, kind in self.panel.kind_rects]
            i = k - pygame.K_1
            return i < len(kinds) and self.choose_kind(kinds[i])
        return False

    def on_click(self, pos) -> bool:
        for rect, kind in self.panel.kind_rects:
            if rect.collidepoint(pos):
                return self.choose_kind(kind)
        return False

    def on_hover(self, pos) -> None:
        self.hover_kind = next((k for r, k in self.panel.kind_rects if r.collidepoint(pos)), None)
        super().on_hover(pos)

    def tooltip_at(self, pos):
        if self.hover_kind is not None:
            return viking_text(self.app.rules, self.hover_kind)
        return super().tooltip_at(pos)

    # Animating -----------------------------------------------------------------------------------
    def card_pos(self, p: int) -> tuple[int, int]:
        r = self.layout.cards[p]
        return r.centerx, r.y + self.app.look.px(60)

    def show(self, e) -> None:
        app, rules, look = self.app, self.app.rules, self.app.look
        d, p = e.data, e.player
        if e.type == "special_revealed":
            self.show_revealed(e)
        elif e.type == "auction":
            self.ctx.message = ""
            rects = self.panel.strip_layout(d["vikings"])
            self.drawn = []
            for _i, k in enumerate(d["vikings"]):
                dst = next(r.center for r, kind in rects if kind == k)
                img = app.sprites.get("vikings", rules.vikings[k].id, height=look.px(40))
                self.fx.add(Fly(img, self.bag_pos(), dst, duration=0.12, arc=0.1))
                self.fx.add(Call(lambda k=k: self.drawn.append(k)))
            self.fx.add(Pause(0.3))
        elif e.type == "bid":
            self.fx.add(
                Float(
                    look.text(t("table.fx.bids", amount=d["amount"]), 22, GOOD, bold=True),
                    self.card_pos(p),
                    duration=0.8,
                )
            )
        elif e.type == "bid_passed":
            text = t("table.fx.cannot_raise" if d["forced"] else "table.fx.passes")
            self.fx.add(Float(look.text(text, 20, BAD, bold=True), self.card_pos(p), duration=0.7))
        elif e.type == "auction_won":
            paid = (
                t("table.fx.cost_fame", gold=d["gold"], fame=d["fame"])
                if d["fame"]
                else t("table.fx.cost", gold=d["gold"])
            )
            self.fx.add(
                Float(look.text(t("table.fx.wins"), 22, GOOD, bold=True), self.card_pos(p), duration=0.8),
                Float(
                    look.text(paid, 18, BAD, bold=True),
                    (self.card_pos(p)[0], self.card_pos(p)[1] + look.px(30)),
                    duration=0.8,
                ),
            )
        elif e.type == "start_player":
            from vikings.ui.scenes.scoring import ship_spot

            vis = self.visible()
            old = vis.start_player
            if old != p:  # the ship sails to the winner (where the scoring scene sails it between rounds)
                img = app.sprites.get("board", "start_player", height=look.px(34))
                self.fx.add(Fly(img, ship_spot(self, vis, old), ship_spot(self, vis, p), duration=0.7, arc=0.3))
        elif e.type == "viking_removed":
            rects = self.panel.strip_layout(self.visible().auction_vikings)
            src = next((r.center for r, kind in rects if kind == d["viking"]), self.layout.decision.center)
            img = app.sprites.get("vikings", rules.vikings[d["viking"]].id, height=look.px(44))
            self.fx.add(
                Fly(img, src, (src[0], self.layout.decision.y - look.px(40)), duration=0.45, arc=0.05),
                Float(look.text(t("table.fx.removed"), 18, BAD, bold=True), src, duration=0.7),
            )
        elif e.type == "tiles_laid":
            g = self.wheel_geo
            self.offer = e
            self.tiles_shown = set()
            tiles = d["tiles"]
            order = [s for s in range(len(tiles)) if tiles[s] >= 0 and not rules.tile_is_ship[tiles[s]]]
            order += [s for s in reversed(range(len(tiles))) if tiles[s] >= 0 and rules.tile_is_ship[tiles[s]]]
            for s in order:
                img = app.sprites.get("tiles", rules.tiles[tiles[s]].id, height=g.tile)
                self.fx.add(Fly(img, self.stack_rect().center, g.tile_rect(s).center, duration=0.16, arc=0.08))
                self.fx.add(Call(lambda s=s: self.tiles_shown.add(s)))
        elif e.type == "colour_placed":
            g = self.wheel_geo
            rects = self.panel.strip_layout(self.visible().auction_vikings)
            src = next((r.center for r, kind in rects if kind == d["viking"]), self.layout.decision.center)
            img = app.sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(g.tile * 0.78))
            self.landed = set()
            for s in d["spaces"]:
                self.fx.add(Call(lambda s=s: self.flying.add(s)))
                self.fx.add(Fly(img, src, g.at(s, g.viking_ring), duration=0.3, arc=0.12))
                self.fx.add(Call(lambda s=s: (self.flying.discard(s), self.landed.add(s))))
            self.fx.add(Pause(0.15))
        elif e.type == "offer":
            self.fx.add(Pause(0.5))
        self.fx.add(Call(self._reset_flight))

    def _reset_flight(self) -> None:
        self.flying, self.landed = set(), set()
        self.tiles_shown = set()
        self.drawn = []
        self.offer = None

    # Drawing -------------------------------------------------------------------------------------
    def opening(self):
        """The next auction's event while it (or the special tiles before it) is still to be shown."""
        m = self.match
        if m.pending and m.pending[0].type in ("special_revealed", "auction"):
            return next((x for x in m.pending if x.type == "auction"), None)
        return None

    def visible(self):
        vis = super().visible()
        e = self.in_flight
        if e is not None and e.type == "auction":
            vis.bag -= len(self.drawn)  # the Vikings out of the bag so far
        elif e is not None and e.type == "start_player" and self.fx.active:
            vis.start_player = -1  # the ship is in the air
        return vis

    def record(self) -> AuctionRecord:
        return AuctionRecord(self.match.shown_events())

    def draw_wheel(self, surface, vis):
        e = self.in_flight
        if e is not None and e.type in ("tiles_laid", "colour_placed"):
            vis = copy.copy(vis)
            if e.type == "tiles_laid":
                vis.wheel_tile = [t if s in self.tiles_shown else -1 for s, t in enumerate(e.data["tiles"])]
            else:
                vis.wheel_viking = list(vis.wheel_viking)
                for s in self.landed:
                    vis.wheel_viking[s] = e.data["viking"]
        g = draw_wheel(surface, self.app, vis, self.layout.wheel)
        self.draw_supply(surface)
        return g

    def decision_text(self, vis) -> list[str]:
        return self.panel.text(vis)

    def decision_text_room(self, rect) -> int | None:
        return self.panel.text_room(rect)

    def steps_key(self):
        return self.fx.steps  # (the auction's landings change its panel: every effect counts)

    def decision_rect(self, vis) -> pygame.Rect:
        return self.panel.grown(self.layout.decision, self.decision_text(vis), text(self.error) or None)

    def draw_decision(self, surface, vis, rect) -> None:
        rect = self.panel.grown(rect, self.decision_text(vis), text(self.error) or None)
        super().draw_decision(surface, vis, rect)
        self.panel.draw(surface, vis, rect)

    def turn_text(self) -> str | None:
        m = self.match
        if m.pending and m.pending[0].type in ("auction", "tiles_laid", "offer", "special_revealed"):
            return None
        return super().turn_text()


__all__ = ["AuctionScene", "AuctionRecord"]
