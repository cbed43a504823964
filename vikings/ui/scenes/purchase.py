"""Purchasing: choose a group on the wheel, place its tile, then its Viking.

For a person: the groups she may buy are lit, the others shaded with the engine's reason
in their tooltip; choosing one shows every cell its tile could take (worked out by
applying the purchase to a copy of the game: the engine decides, not the screen) and the
Fame the purchase would cost. Then the legal cells are lit, hovering one previews the
tile there, and the Viking goes on the tile or into the pool. Bots' purchases are shown
step by step at the chosen pace.

The scene owns its parts: the decision panel (`self.panel`, purchase_panel.py: what to
do now, the pieces in hand, the offered special tiles), the moves' animations and the
wheel they turn (`self.motion`, purchase_fx.py) and the direct moves on the wheel
(`self.drag`, ui/table/drag.py: dragging a group onto its cell, the hovered group's fit).
"""

from __future__ import annotations

import pygame
import pygame_gui

from vikings.advice.reasons import own_threat
from vikings.engine.actions import Buy, DeclineSpecial, PlaceStart, PlaceTile, PlaceViking, ReplaceTile, TakeSpecial
from vikings.engine.state import PLACE, PURCHASE, REPLACE, SPECIAL, VIKING
from vikings.text.lang import t
from vikings.ui.drawing.notice import Said
from vikings.ui.drawing.theme import INK, shrink_caption
from vikings.ui.drawing.tooltips import blocker
from vikings.ui.scenes.purchase_fx import SPECIAL_EVENTS, PurchaseMotion
from vikings.ui.scenes.purchase_panel import PurchasePanel
from vikings.ui.scenes.table_scene import TableScene
from vikings.ui.table.drag import WheelDrag, first_cells, places_after_buy, placing_states

WARN = (196, 40, 30)  # the ring round a Viking the previewed move puts under her own ship
MOVE_EVENTS = (
    frozenset(
        {
            "bought",
            "wheel_turned",
            "tile_placed",
            "start_tile_placed",
            "tile_discarded",
            "viking_placed",
            "viking_to_pool",
            "boatswain_used",
            "viking_moved",
        }
    )
    | SPECIAL_EVENTS
)


def cell_after_key(order: list, current, k):
    """The lit cell an arrow key or Tab goes to from `current` (in reading order, round the
    end), or None for another key."""
    steps = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}
    if k not in steps:
        return None
    if current in order:
        return order[(order.index(current) + steps[k]) % len(order)]
    return order[0 if steps[k] > 0 else -1]


class PurchaseScene(TableScene):
    handles = MOVE_EVENTS
    phases = frozenset({PURCHASE, PLACE, VIKING, SPECIAL, REPLACE})
    caches_layer = True

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.selected: int | None = None  # a wheel space chosen, not yet bought
        self.preview_cells: list = []  # where its tile could go
        self.start_first = False  # place the start tile before the bought one
        self.returning: int | None = None  # a dropped group flying back to its wheel space
        self.plan = None  # a cell the tile was dropped on, still to be placed
        # the decision panel's buttons (BUTTONS), None until first shown
        self.b_buy = self.b_cancel = self.b_tile = self.b_pool = self.b_start = self.b_decline = None
        self.key_cell = None  # a cell chosen with the keys (placing, laying a building)
        self._threat: tuple = (None, ())  # (what was previewed, own_threat's answer)
        self.drag = WheelDrag(self)  # press-and-drag on the wheel, the hovered group's places
        self.motion = PurchaseMotion(self)  # the moves' animations, the wheel's turn
        self.panel = PurchasePanel(self)  # the decision panel

    # Widgets ------------------------------------------------------------------------------------
    #: the decision panel's buttons: attribute -> (caption, primary, place: the panel's left
    #: or right half, or all its width); a button is made when first shown (six made with
    #: the scene cost a 20 ms frame at 3840x2160 when the offer gave way to the bots'
    #: purchases, which show none of them)
    BUTTONS = {
        "b_buy": ("table.purchase.buy", True, "left"),
        "b_cancel": ("table.purchase.cancel", False, "right"),
        "b_tile": ("table.purchase.on_tile", True, "left"),
        "b_pool": ("table.purchase.to_pool", False, "right"),
        "b_start": ("table.purchase.start_first", False, "whole"),
        "b_decline": ("table.purchase.no_special", False, "whole"),
    }

    def build_decision_ui(self) -> None:
        for name in self.BUTTONS:
            setattr(self, name, None)

    def button_rect(self, name: str) -> pygame.Rect:
        """Where the decision panel's button `name` is (or would be, not made yet)."""
        px = self.app.look.px
        r = self.layout.decision
        w, h = (r.w - px(40)) // 2, px(42)
        y = r.bottom - h - px(14)
        place = self.BUTTONS[name][2]
        if place == "whole":
            return pygame.Rect(r.x + px(14), y, r.w - px(28), h)
        return pygame.Rect(r.x + (px(26) + w if place == "right" else px(14)), y, w, h)

    def button(self, name: str):
        """The decision panel's button `name`, made now if it was not yet."""
        b = getattr(self, name)
        if b is None:
            caption, primary, _ = self.BUTTONS[name]
            oid = "@primary" if primary else None
            b = self.add(pygame_gui.elements.UIButton(self.button_rect(name), t(caption), self.app.ui, object_id=oid))
            setattr(self, name, b)
        return b

    def refresh_ui(self) -> None:
        super().refresh_ui()
        g, person = self.match.game, self.match.persons_turn() and not self.match.pending
        show = {
            "b_buy": person and g.phase == PURCHASE and self.selected is not None,
            "b_cancel": person and g.phase == PURCHASE and self.selected is not None,
            "b_tile": person and g.phase == VIKING,
            "b_pool": person and g.phase == VIKING,
            "b_start": person and g.phase == PLACE and self._both_kinds(),
            "b_decline": person and g.phase == SPECIAL,
        }
        shown = {name: self.button(name) for name, on in show.items() if on}
        for name in self.BUTTONS:
            b = getattr(self, name)
            if b is not None and name not in shown:
                b.hide()
        for b in shown.values():
            b.show()
        if "b_start" in shown:
            shown["b_start"].set_text(
                t("table.purchase.bought_first" if self.start_first else "table.purchase.start_first")
            )
        if "b_buy" in shown:
            cost = g.fame_cost(self.selected)
            price = g.price(self.selected)
            shown["b_buy"].set_text(
                t("table.purchase.buy_for_fame", price=price, fame=cost)
                if cost
                else t("table.purchase.buy_for", price=price)
            )
        for b in shown.values():
            shrink_caption(b)  # (a long caption in a long language: smaller lettering, not cut)

    # Decisions ----------------------------------------------------------------------------------
    def lesson_accepts(self, moves) -> bool:
        """The lesson (if one runs) would take `moves`, made now one after another: they are
        its script's next ones. Outside a lesson, or past its script, every legal move."""
        coach = self.match.coach
        if coach is None or coach.handed_over:
            return True
        n = len(self.match.game.actions())
        want = tuple(coach.script[n : n + len(moves)])
        return not want or want == tuple(moves[: len(want)])

    def legal_cells(self) -> dict:
        """Cell -> action for the placement decision now (the engine's list; in the lesson
        only the cell its step accepts)."""
        g = self.match.game
        if g.phase != PLACE or self.match.pending:
            return {}
        legal = [a for a in g.legal_actions() if self.lesson_accepts((a,))]
        tiles = {(a.row, a.col): a for a in legal if isinstance(a, PlaceTile)}
        starts = {(a.row, 1): a for a in legal if isinstance(a, PlaceStart)}
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
        self.plan = None  # (a tile dropped on a cell waits for this group's Buy only)
        if space is not None:
            self.preview_cells = first_cells(g, space)
            if not self.app.settings.confirm_purchase:
                self.buy()
                return
        self.refresh_ui()
        self.app.invalidate()

    def buy(self) -> None:
        if self.selected is not None and Buy(self.selected) in self.match.game.legal_actions():
            self.act(Buy(self.selected))

    def special_offered(self) -> bool:
        m = self.match
        return m.game.phase == SPECIAL and m.persons_turn() and not m.pending

    def replace_cells(self) -> dict:
        g = self.match.game
        if g.phase != REPLACE or self.match.pending:
            return {}
        return {(a.row, a.col): a for a in g.legal_actions() if isinstance(a, ReplaceTile)}

    def building_to_lay(self) -> int:
        """The building special tile of a REPLACE decision: the one just taken."""
        return next(e.data["special"] for e in reversed(self.match.events) if e.type == "special_taken")

    def on_acted(self, action) -> None:
        self.selected = None
        self.preview_cells = []
        self.start_first = False
        self.key_cell = None
        g, plan = self.match.game, self.plan
        if not plan:
            return
        if g.phase == PLACE and self.match.persons_turn() and plan[0] in g.legal_actions():
            self.plan = plan[1:] or None
            self.act(plan[0])
        elif g.phase not in (SPECIAL, REPLACE):
            self.plan = None

    def named_widgets(self) -> dict:
        return {
            **super().named_widgets(),
            "buy": self.b_buy,
            "cancel": self.b_cancel,
            "tile": self.b_tile,
            "pool": self.b_pool,
            "start": self.b_start,
            "decline": self.b_decline,
        }

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
        elif el is self.b_decline:
            self.act(DeclineSpecial())
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
        if g.phase == SPECIAL:
            if k == pygame.K_n:
                self.act(DeclineSpecial())
                return True
            if pygame.K_1 <= k <= pygame.K_4 and TakeSpecial(k - pygame.K_1) in g.legal_actions():
                self.act(TakeSpecial(k - pygame.K_1))
                return True
            return False
        if g.phase == VIKING and k in (pygame.K_t, pygame.K_p):
            self.act(PlaceViking(k == pygame.K_t))
            return True
        if g.phase == PLACE and k == pygame.K_s and self._both_kinds():
            self.start_first = not self.start_first
            self.key_cell = None
            self.refresh_ui()
            return True
        if g.phase in (PLACE, REPLACE):
            return self.key_place(k)
        return False

    def key_place(self, k) -> bool:
        """The keys of a placement (or of laying a building tile): the arrow keys and Tab go
        from one lit cell to the next (in reading order), Enter places the tile there."""
        cells = self.legal_cells() if self.match.game.phase == PLACE else self.replace_cells()
        order = sorted(cells)
        if not order:
            return False
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.key_cell in cells:
                self.act(cells[self.key_cell])
            return True
        cell = cell_after_key(order, self.key_cell, k)
        if cell is None:
            return False
        self.key_cell = cell
        self.app.invalidate()
        return True

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
                self.error = Said("table.purchase.cannot_buy", why=blocker(g, s))
                return True
        if g.phase == SPECIAL:
            spots = [(r, slot) for r, _, slot in self.slot_spots] + self.panel.special_rows
            for r, slot in spots:
                if r.collidepoint(pos) and TakeSpecial(slot) in g.legal_actions():
                    self.act(TakeSpecial(slot))
                    return True
            return False
        if self.board_geo and self.shown_player == g.to_move:
            cell = self.board_geo.cell_at(pos)
            if g.phase == REPLACE and cell in self.replace_cells():
                self.act(self.replace_cells()[cell])
                return True
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

    # Animating -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.motion.bot_places_ahead():
            super().update(dt)

    def show(self, e) -> None:
        self.motion.show(e)

    def visible(self):
        return self.motion.landed_early(super().visible())

    def on_hover(self, pos) -> None:
        super().on_hover(pos)
        if self.key_cell is not None and self.hover_cell is not None:  # the mouse takes over from the keys
            self.key_cell = None

    # Drawing ------------------------------------------------------------------------------------
    def layer_key(self) -> tuple:
        state = (self.selected, self.returning, self.plan, self.key_cell, self.start_first)
        # (the wheel's turn while it animates is the wheel's alone: wheel_key)
        return super().layer_key() + state + (len(self.motion.early), self.motion.drop_origin)

    def part_hovers(self) -> dict:
        hovers = super().part_hovers()
        del hovers["wheel"]  # (keyed by what it shows: wheel_key)
        # The panel: the threat of the move previewed at the cell pointed at; the special
        # tiles offered, lit under the pointer.
        offered = pygame.mouse.get_pos() if self.special_offered() else None
        if self.drag.active:  # (previewed_moves: a cell the dragged group fits)
            previewed = self.hover_cell if self.hover_cell in self.drag.cells else None
        else:
            previewed = self.pointed_cell() if self.match.game.phase == PLACE else None
        hovers["decision"] += (previewed, self.hover_slot, offered)
        return hovers

    def tooltip_at(self, pos) -> str | None:
        return self.drag.explain(super().tooltip_at(pos), pos)

    def decision_text(self, vis) -> list[str]:
        return self.panel.text(vis)

    def draw_decision(self, surface, vis, rect) -> None:
        super().draw_decision(surface, vis, rect)
        self.panel.draw(surface, vis, rect)

    def decision_text_room(self, rect) -> int | None:
        """The text stays above the buttons and the pieces in hand (at 1280x720 and 150 %
        its last sentence ran out of the panel); the special tiles' offer lays out its own."""
        if self.special_offered():
            return None
        px = self.app.look.px
        bottom = rect.bottom - px(12)
        for name in self.BUTTONS:
            b = getattr(self, name)
            if b is not None and b.visible:
                bottom = min(bottom, b.rect.y - px(8))
        g = self.match.game
        if g.phase in (PLACE, VIKING, REPLACE) and not self.match.pending:
            bottom -= px(68)  # the tile and Viking in hand, or the building to lay
        return max(px(40), bottom - rect.y)

    def wheel_inputs(self) -> tuple:
        """(highlight, blocked, hidden) of the wheel as drawn: the groups the person may buy,
        the others with the reason, the spaces whose group is away (returning, dragged)."""
        g, m = self.match.game, self.match
        highlight: set | tuple = ()
        blocked: dict | tuple = ()
        if m.persons_turn() and g.phase == PURCHASE and not m.pending:
            highlight = {a.space for a in g.legal_actions()}
            # (the words come from the engine's reasons: the 0 space's rule, or the price)
            blocked = {
                s: t("table.purchase.blocked_zero" if g.price(s) == 0 else "table.purchase.blocked_dear")
                for s in g.groups()
                if s not in highlight
            }
        hidden = [s for s in (self.returning, self.drag.space if self.drag.active else None) if s is not None]
        return highlight, blocked, hidden

    def wheel_key(self, vis) -> tuple:
        highlight, blocked, hidden = self.wheel_inputs()
        e = self.in_flight
        flying = e.data["space"] if e is not None and e.type == "bought" else None
        shown = (tuple(sorted(highlight)), tuple(sorted(dict(blocked).items())), tuple(hidden), flying)
        return super().wheel_key(vis) + shown + (self.selected, self.hover_space)

    def wheel_turn(self, vis) -> float:
        return vis.offset if self.motion.wheel_turn is None else self.motion.wheel_turn

    def draw_wheel(self, surface, vis):
        highlight, blocked, hidden = self.wheel_inputs()
        return self.motion.draw_wheel(
            surface, vis, hidden, highlight=highlight, blocked=blocked, selected=self.selected
        )

    def draw_board(self, surface, vis, rect):
        geo = super().draw_board(surface, vis, rect)
        for row, col, _ in self.threat_preview():  # her own ship would threaten these
            pygame.draw.rect(
                surface, WARN, geo.cell_rect(row, col).inflate(-4, -4), max(3, geo.t // 16), border_radius=geo.t // 8
            )
        cells = self.replace_cells() if self.match.persons_turn() else {}
        at = self.pointed_cell()
        if at in cells and self.shown_player == self.match.game.to_move:
            # The building tile previewed where it would lie (as draw_display lays it).
            img = self.app.sprites.get(
                "special_tiles", self.app.rules.specials[self.building_to_lay()].id, height=round(geo.t * 0.86)
            ).copy()
            img.set_alpha(190)
            surface.blit(img, img.get_rect(center=geo.cell_rect(*at).center))
        return geo

    def previewed_moves(self):
        """(the game, the moves) of the placement previewed now: the drag's cell under the
        pointer, or the lit cell pointed at (then the Viking on the tile, if one comes), or
        the Viking's decision; None if nothing is previewed."""
        g, m = self.match.game, self.match
        if not m.persons_turn() or m.pending or self.shown_player != g.to_move:
            return None
        if self.drag.active and self.drag.space is not None:
            cell = self.hover_cell
            if cell not in self.drag.cells:
                return None
            states = placing_states(g, self.drag.space)
            plan = places_after_buy(g, self.drag.space).get(cell)
            return (states[0], tuple(plan)) if states and plan else None
        if g.phase == PLACE:
            cells = self.legal_cells()
            at = self.pointed_cell()
            return (g, (cells[at],)) if at in cells else None
        if g.phase == VIKING:
            return g, (PlaceViking(True),)
        return None

    def threat_preview(self) -> tuple:
        """(row, col, kind) of the player's Vikings her previewed move would put under her
        own unrepelled ship (advice's own_threat, on copies of the game: the engine's
        threat after the move, the Viking then on the tile where one is to be placed)."""
        shown = self.previewed_moves()
        if shown is None:
            return ()
        base, moves = shown
        key = (len(self.match.game.actions()), self.match.game.phase, id(base), moves)
        if self._threat[0] != key:
            after = base.copy()
            after.quiet = True
            for a in moves:
                after.apply(a)
            if after.phase == VIKING and after.to_move == base.to_move and PlaceViking(True) in after.legal_actions():
                after.apply(PlaceViking(True))  # (the Viking bought with it, on the new tile)
            self._threat = (key, tuple(own_threat(self.match.game, after, base.to_move)))
        return self._threat[1]

    def pointed_cell(self):
        """The cell the keys chose, else the one under the mouse."""
        return self.key_cell if self.key_cell is not None else self.hover_cell

    def board_options(self, vis, p) -> dict:
        g = self.match.game
        if p != g.to_move or not self.match.persons_turn():
            return {}
        if self.drag.active:
            opts = {"highlight": self.drag.cells, "hover": self.hover_cell}
            if self.hover_cell in self.drag.cells and self.drag.space is not None:
                opts["preview"] = (g.wheel_tile[self.drag.space], *self.hover_cell)
            return opts
        if g.phase == PURCHASE and self.selected is not None:
            return {"highlight": self.preview_cells, "hover": self.hover_cell}
        if self.drag.hovered_group() is not None:
            return {"highlight": self.drag.fit_cells(self.drag.hovered_group())}
        if g.phase == PLACE:
            cells = self.legal_cells()
            at = self.pointed_cell()
            opts = {"highlight": list(cells), "hover": at}
            if at in cells:
                a = cells[at]
                kind = g.displays[p].start_tile if isinstance(a, PlaceStart) else g.hand_tile
                opts["preview"] = (kind, *at)
            return opts
        if g.phase == VIKING and g.placed_at:
            return {"highlight": [g.placed_at]}
        if g.phase == REPLACE:
            return {"highlight": list(self.replace_cells()), "hover": self.pointed_cell()}
        return {}


__all__ = ["PurchaseScene", "INK"]
