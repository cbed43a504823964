"""Purchasing: choose a group on the wheel, place its tile, then its Viking.

For a person: the groups she may buy are lit, the others shaded with the engine's reason
in their tooltip; choosing one shows every cell its tile could take (worked out by
applying the purchase to a copy of the game: the engine decides, not the screen) and the
Fame the purchase would cost. Then the legal cells are lit, hovering one previews the
tile there, and the Viking goes on the tile or into the pool. Bots' purchases are shown
step by step at the chosen pace.
"""
from __future__ import annotations

import pygame
import pygame_gui

from ...engine.actions import Buy, PlaceStart, PlaceTile, PlaceViking
from ...engine.state import PLACE, PURCHASE, VIKING
from ..fx import Fly, Float, Tween
from ..theme import BAD, GOOD, INK
from .table_scene import TableScene

MOVE_EVENTS = frozenset({"bought", "wheel_turned", "tile_placed", "start_tile_placed", "tile_discarded",
                         "viking_placed", "viking_to_pool", "boatswain_used", "viking_moved"})


class PurchaseScene(TableScene):
    handles = MOVE_EVENTS
    phases = frozenset({PURCHASE, PLACE, VIKING})

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.selected: int | None = None      # a wheel space chosen, not yet bought
        self.preview_cells: list = []         # where its tile could go
        self.start_first = False              # place the start tile before the bought one
        self.wheel_turn: float | None = None  # the wheel's turn while it animates

    # Widgets ------------------------------------------------------------------------------------
    def build_decision_ui(self) -> None:
        px = self.app.look.px
        r = self.layout.decision
        w, h = (r.w - px(40)) // 2, px(42)
        y = r.bottom - h - px(14)
        ui = self.app.ui
        self.b_buy = self.add(pygame_gui.elements.UIButton(pygame.Rect(r.x + px(14), y, w, h), "Buy (Enter)", ui,
                                                           object_id="@primary"))
        self.b_cancel = self.add(pygame_gui.elements.UIButton(pygame.Rect(r.x + px(26) + w, y, w, h),
                                                              "Cancel (Backspace)", ui))
        self.b_tile = self.add(pygame_gui.elements.UIButton(pygame.Rect(r.x + px(14), y, w, h),
                                                            "On the tile (T)", ui, object_id="@primary"))
        self.b_pool = self.add(pygame_gui.elements.UIButton(pygame.Rect(r.x + px(26) + w, y, w, h),
                                                            "To the pool (P)", ui))
        self.b_start = self.add(pygame_gui.elements.UIButton(pygame.Rect(r.x + px(14), y, r.w - px(28), h),
                                                             "Place the start tile first (S)", ui))

    def refresh_ui(self) -> None:
        super().refresh_ui()
        g, person = self.match.game, self.match.persons_turn() and not self.match.pending
        show = {
            self.b_buy: person and g.phase == PURCHASE and self.selected is not None,
            self.b_cancel: person and g.phase == PURCHASE and self.selected is not None,
            self.b_tile: person and g.phase == VIKING,
            self.b_pool: person and g.phase == VIKING,
            self.b_start: person and g.phase == PLACE and self._both_kinds(),
        }
        for b, on in show.items():
            b.show() if on else b.hide()
        if show[self.b_start]:
            self.b_start.set_text("Place the bought tile first (S)" if self.start_first else
                                  "Place the start tile first (S)")
        if show[self.b_buy]:
            cost = g.fame_cost(self.selected)
            self.b_buy.set_text(f"Buy for {g.price(self.selected)}" + (f" ({cost} Fame)" if cost else "") + " (Enter)")

    # Decisions ----------------------------------------------------------------------------------
    def legal_cells(self) -> dict:
        """Cell -> action for the placement decision now (the engine's list)."""
        g = self.match.game
        if g.phase != PLACE or self.match.pending:
            return {}
        tiles = {(a.row, a.col): a for a in g.legal_actions() if isinstance(a, PlaceTile)}
        starts = {(a.row, 1): a for a in g.legal_actions() if isinstance(a, PlaceStart)}
        if not tiles:
            return starts
        if not starts:
            return tiles
        return starts if self.start_first else tiles

    def _both_kinds(self) -> bool:
        legal = self.match.game.legal_actions()
        return any(isinstance(a, PlaceTile) for a in legal) and any(isinstance(a, PlaceStart) for a in legal)

    def select(self, space: int | None) -> None:
        g = self.match.game
        self.selected = space
        self.preview_cells = []
        if space is not None:
            probe = g.copy()
            probe.quiet = True
            probe.apply(Buy(space))
            self.preview_cells = sorted({(a.row, a.col if isinstance(a, PlaceTile) else 1)
                                         for a in probe.legal_actions()
                                         if isinstance(a, (PlaceTile, PlaceStart))})
            if not self.app.settings.confirm_purchase:
                self.buy()
                return
        self.refresh_ui()
        self.app.invalidate()

    def buy(self) -> None:
        if self.selected is not None and Buy(self.selected) in self.match.game.legal_actions():
            self.act(Buy(self.selected))

    def on_acted(self, action) -> None:
        self.selected = None
        self.preview_cells = []
        self.start_first = False

    def handle_widget(self, event) -> bool:
        el = event.ui_element
        if el is self.b_buy:
            self.buy()
        elif el is self.b_cancel:
            self.select(None)
        elif el is self.b_tile:
            self.act(PlaceViking(True))
        elif el is self.b_pool:
            self.act(PlaceViking(False))
        elif el is self.b_start:
            self.start_first = not self.start_first
            self.refresh_ui()
        else:
            return False
        return True

    def handle_key(self, event) -> bool:
        m, g = self.match, self.match.game
        if not m.persons_turn() or m.pending:
            return False
        k = event.key
        if g.phase == PURCHASE:
            spaces = [a.space for a in g.legal_actions()]
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
                self.buy()
            elif k == pygame.K_BACKSPACE and self.selected is not None:
                self.select(None)
            elif k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_TAB) and spaces:
                step = -1 if k == pygame.K_LEFT else 1
                i = spaces.index(self.selected) + step if self.selected in spaces else (0 if step > 0 else -1)
                self.select(spaces[i % len(spaces)])
            else:
                return False
            return True
        if g.phase == VIKING and k in (pygame.K_t, pygame.K_p):
            self.act(PlaceViking(k == pygame.K_t))
            return True
        if g.phase == PLACE and k == pygame.K_s and self._both_kinds():
            self.start_first = not self.start_first
            self.refresh_ui()
            return True
        return False

    def on_click(self, pos) -> bool:
        m, g = self.match, self.match.game
        if not m.persons_turn() or m.pending or self.fx.active:
            return False
        if g.phase == PURCHASE and self.wheel_geo:
            s = self.wheel_geo.space_at(pos)
            if s is not None and Buy(s) in g.legal_actions():
                if s == self.selected:
                    self.buy()
                else:
                    self.select(s)
                return True
            if s is not None and g.wheel_tile[s] >= 0:
                self.error = f"You cannot buy that group: {g.buy_blockers(s)}."
                return True
        if self.board_geo and self.shown_player == g.to_move:
            cell = self.board_geo.cell_at(pos)
            if g.phase == PLACE and cell in self.legal_cells():
                self.act(self.legal_cells()[cell])
                return True
            if g.phase == VIKING:
                if cell == g.placed_at:
                    self.act(PlaceViking(True))
                    return True
                if self.board_geo.pool_rect.collidepoint(pos):
                    self.act(PlaceViking(False))
                    return True
        return False

    # Drawing ------------------------------------------------------------------------------------
    def draw_wheel(self, surface, vis):
        from ..table import draw_wheel
        g, m = self.match.game, self.match
        highlight, blocked = (), ()
        if m.persons_turn() and g.phase == PURCHASE and not m.pending:
            highlight = {a.space for a in g.legal_actions()}
            # (the words come from the engine's reasons: the 0 space's rule, or the price)
            blocked = {s: ("0 rule" if g.price(s) == 0 else "too dear") for s in g.groups() if s not in highlight}
        hidden = ()
        e = self.in_flight
        if e is not None and e.type == "bought":
            hidden = (e.data["space"],)
        return draw_wheel(surface, self.app, vis, self.layout.wheel, turn=self.wheel_turn, highlight=highlight,
                          blocked=blocked, hover=self.hover_space, selected=self.selected, hidden_spaces=hidden)

    def board_options(self, vis, p) -> dict:
        g = self.match.game
        if p != g.to_move or not self.match.persons_turn():
            return {}
        if g.phase == PURCHASE and self.selected is not None:
            return {"highlight": self.preview_cells, "hover": self.hover_cell}
        if g.phase == PLACE:
            cells = self.legal_cells()
            opts = {"highlight": list(cells), "hover": self.hover_cell}
            if self.hover_cell in cells:
                a = cells[self.hover_cell]
                kind = g.displays[p].start_tile if isinstance(a, PlaceStart) else g.hand_tile
                opts["preview"] = (kind, *self.hover_cell)
            return opts
        if g.phase == VIKING and g.placed_at:
            return {"highlight": [g.placed_at]}
        return {}

    def decision_text(self, vis) -> list[str]:
        m, g, rules = self.match, self.match.game, self.app.rules
        seat = m.seat()
        if m.pending or self.fx.active:
            return [f"{seat.name} is playing…" if not seat.is_person else f"{seat.name}'s turn", self.ctx.message]
        if not seat.is_person:
            return [f"{seat.name} is thinking…", f"{seat.kind.capitalize()} bot. Press Space to hurry the animations.",
                    self.ctx.message]
        lines = [f"{seat.name}, your turn", self.ctx.message] if self.ctx.message else [f"{seat.name}, your turn"]
        if g.phase == PURCHASE:
            if self.selected is None:
                lines.append("Choose a group on the wheel (click, or the Left/Right keys and Enter). Lit groups are for sale; "
                             "hover a shaded one to see why not.")
                if vis.players[g.to_move].display.start_tile >= 0:
                    lines.append("Your first purchase: the start tile is placed along with it.")
            else:
                s = self.selected
                tile, viking = rules.tiles[g.wheel_tile[s]], rules.vikings[g.wheel_viking[s]]
                price, fame = g.price(s), g.fame_cost(s)
                pay = f"{price} Gold" if not fame else f"{price - fame} Gold and {fame} Fame"
                lines.append(f"{tile.name} with a {viking.name.lower()}: costs {pay}.")
                if not self.preview_cells:
                    lines.append("Its tile fits nowhere on your display: it would leave the game.")
                else:
                    n = len(self.preview_cells)
                    lines.append(f"The tile can go on {n} lit cell{'s' if n > 1 else ''} of your display.")
        elif g.phase == PLACE:
            cells = self.legal_cells()
            if cells and isinstance(next(iter(cells.values())), PlaceStart):
                lines.append("Place your start tile: it goes in the first column of any row.")
            else:
                lines.append(f"Place the {rules.tiles[g.hand_tile].name.lower()} on a lit cell "
                             "(hover to preview).")
        elif g.phase == VIKING:
            k = rules.vikings[g.hand_viking]
            lines.append(f"Your {k.name.lower()} may stand on the new tile, or go to the pool "
                         "(a boatswain can move it later).")
        return lines

    def draw_decision(self, surface, vis, rect) -> None:
        super().draw_decision(surface, vis, rect)
        g = self.match.game
        # The pieces in hand: bought but not placed yet.
        if g.phase in (PLACE, VIKING) and not self.match.pending:
            t = self.app.look.px(56)
            x, y = rect.x + self.app.look.px(16), self.decision_bottom + self.app.look.px(4)
            if g.hand_tile >= 0:
                surface.blit(self.app.sprites.get("tiles", self.app.rules.tiles[g.hand_tile].id, height=t), (x, y))
                x += t + self.app.look.px(10)
            if g.hand_viking >= 0:
                surface.blit(self.app.sprites.get("vikings", self.app.rules.vikings[g.hand_viking].id,
                                                  height=t), (x, y))

    # Animating moves ------------------------------------------------------------------------------
    def target(self, p: int, row: int, col: int) -> tuple[pygame.Rect, int]:
        """Where a cell of player p's display is on screen now, and its tile size."""
        if p == self.shown_player and self.board_geo:
            return self.board_geo.cell_rect(row, col), self.board_geo.t
        g = self.card_geos[p]
        return g.cell_rect(row, col), g.t

    def show(self, e) -> None:
        app, rules, p, d = self.app, self.app.rules, e.player, e.data
        sprites, look = app.sprites, app.look
        if e.type == "bought" and self.wheel_geo:
            src = self.wheel_geo.tile_rect(d["space"])
            dst = self.layout.decision.center
            t = self.wheel_geo.tile
            self.fx.add(Fly(sprites.get("tiles", rules.tiles[d["tile"]].id, height=round(t * 1.3)), src.center, dst),
                        Fly(sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(t * 1.1)),
                            self.wheel_geo.at(d["space"], self.wheel_geo.viking_ring), (dst[0] + t, dst[1])))
            cost = f"-{d['gold']} Gold" + (f" -{d['fame']} Fame" if d["fame"] else "")
            self.fx.add(Float(look.text(cost, 18, BAD, bold=True), self.layout.cards[p].center, duration=0.6))
        elif e.type == "wheel_turned":
            start = self.visible().offset  # before the turn (the event is still pending)
            self.fx.add(Tween(self._set_turn, start, start + d["steps"], duration=0.5,
                              on_done=lambda: self._set_turn(None)))
        elif e.type in ("tile_placed", "start_tile_placed"):
            cell, t = self.target(p, d["row"], d["col"])
            img = sprites.get("tiles", rules.tiles[d["tile"]].id, height=t)
            self.fx.add(Fly(img, self.layout.decision.center, cell.center, duration=0.45))
        elif e.type in ("viking_placed", "viking_moved"):
            cell, t = self.target(p, d["row"], d["col"])
            img = sprites.get("vikings", rules.vikings[d["viking"]].id, height=round(t * 0.6))
            src = self.layout.decision.center if e.type == "viking_placed" else \
                (self.board_geo.pool_rect.center if p == self.shown_player and self.board_geo else cell.center)
            self.fx.add(Fly(img, src, cell.center, duration=0.4))
        elif e.type == "viking_to_pool":
            dst = (self.board_geo.pool_rect.center if p == self.shown_player and self.board_geo
                   else self.layout.cards[p].center)
            img = sprites.get("vikings", rules.vikings[d["viking"]].id, height=look.px(40))
            self.fx.add(Fly(img, self.layout.decision.center, dst, duration=0.4))
        elif e.type == "tile_discarded":
            name = rules.tiles[d["tile"]].name.lower()
            self.ctx.message = f"The {name} fits nowhere on {self.match.seats[p].name}'s display: it leaves the game."
            self.fx.add(Float(look.text("Discarded", 20, BAD, bold=True), self.layout.decision.center, duration=1.0))
        elif e.type == "boatswain_used":
            self.fx.add(Float(look.text("Boatswain!", 20, GOOD, bold=True), self.layout.cards[p].center, duration=0.7))

    def _set_turn(self, value) -> None:
        self.wheel_turn = value


__all__ = ["PurchaseScene", "INK"]
