"""Boatswains in a large scoring: each boatswain in the pool may move Vikings from the
pool to empty tiles of their rows (all of one colour, or one of each colour), then leaves
the game. In the last large scoring as many as possible must move; the engine offers only
the choices that allow it, and the panel says so.

The scene shows the same moves as the purchasing scene (the last purchase's pieces still
landing, the Vikings the boatswains move), so it owns the same motion part
(purchase_fx.py's `PurchaseMotion`) and draws the wheel with it; it buys nothing, so it
is no purchasing scene.
"""

from __future__ import annotations

import pygame
import pygame_gui

from vikings.engine.actions import FinishBoatswains, MoveViking, UseBoatswain
from vikings.engine.state import BOATSWAIN, BOATSWAIN_MOVE
from vikings.text import words
from vikings.text.events import viking_in_sentence
from vikings.text.lang import t
from vikings.ui.drawing.notice import text
from vikings.ui.drawing.theme import shrink_caption
from vikings.ui.scenes.purchase import MOVE_EVENTS, cell_after_key
from vikings.ui.scenes.purchase_fx import PurchaseMotion
from vikings.ui.scenes.table_scene import TableScene


class BoatswainScene(TableScene):
    handles = MOVE_EVENTS
    phases = frozenset({BOATSWAIN, BOATSWAIN_MOVE})

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.motion = PurchaseMotion(self)  # the moves' animations, the wheel's turn
        self.option_buttons: list = []  # (button, action) per choice the engine offers
        self.key_cell: tuple[int, int] | None = None  # the cell chosen with the keys for the Viking

    def build_decision_ui(self) -> None:
        self.option_buttons = []

    def refresh_ui(self) -> None:
        super().refresh_ui()
        self._options()

    def _options(self) -> None:
        """One button per choice the engine offers (rebuilt after every decision)."""
        for b, _ in self.option_buttons:
            b.kill()
        self.option_buttons = []
        g, m = self.match.game, self.match
        if g.phase != BOATSWAIN or not m.persons_turn() or m.pending:
            return
        px, r, rules = self.app.look.px, self.layout.decision, self.app.rules
        legal = g.legal_actions()
        h, cols = px(38), 2 if len(legal) <= 8 else 3
        single = "single_boatswain" in m.options
        boat = words.special("boat") if single else None
        w = (r.w - px(28) - px(10) * (cols - 1)) // cols
        y0 = r.bottom - px(14) - ((len(legal) + cols - 1) // cols) * (h + px(8))
        pool = g.displays[g.to_move].pool
        for i, a in enumerate(legal):
            if isinstance(a, FinishBoatswains):
                text, oid = t("table.boatswain.done"), "@danger"
            elif a.mode == "each":
                text = t("table.boatswain.each_boat", boat=boat) if boat else t("table.boatswain.each")
                oid = "@primary"
            elif a.mode == "one":
                text = t("table.boatswain.one", viking=viking_in_sentence(rules, a.kind, "plain"), count=pool[a.kind])
                oid = "@primary"
            else:
                vikings = viking_in_sentence(rules, a.kind, "plural")
                text = (
                    t("table.boatswain.all_boat", vikings=vikings, boat=boat)
                    if boat
                    else t("table.boatswain.all", vikings=vikings, count=pool[a.kind])
                )
                oid = "@primary"
            rect = pygame.Rect(r.x + px(14) + (i % cols) * (w + px(10)), y0 + (i // cols) * (h + px(8)), w, h)
            b = self.add(pygame_gui.elements.UIButton(rect, text, self.app.ui, object_id=oid))
            shrink_caption(b)
            self.option_buttons.append((b, a))

    def named_widgets(self) -> dict:
        """The choices' buttons by their action's text ("boatswain each", "finish")."""
        return {**super().named_widgets(), **{str(a): b for b, a in self.option_buttons}}

    def handle_widget(self, event) -> bool:
        for b, a in self.option_buttons:
            if event.ui_element is b:
                self.act(a)
                return True
        return False

    def handle_key(self, event) -> bool:
        """E and D, 1-9 for the choices in the order of their buttons; while a Viking moves,
        the arrow keys and Tab go from one lit cell to the next and Enter moves it there."""
        m, g = self.match, self.match.game
        if not m.persons_turn() or m.pending:
            return False
        if g.phase == BOATSWAIN_MOVE:
            return self.key_move(event.key)
        if g.phase != BOATSWAIN:
            return False
        if pygame.K_1 <= event.key <= pygame.K_9:
            i = event.key - pygame.K_1
            if i < len(self.option_buttons):
                self.act(self.option_buttons[i][1])
                return True
            return False
        for a in g.legal_actions():
            if (event.key == pygame.K_d and isinstance(a, FinishBoatswains)) or (
                event.key == pygame.K_e and isinstance(a, UseBoatswain) and a.mode == "each"
            ):
                self.act(a)
                return True
        return False

    def key_move(self, k) -> bool:
        g = self.match.game
        order = sorted((a.row, a.col) for a in g.legal_actions() if isinstance(a, MoveViking))
        if not order:
            return False
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.key_cell in order:
                cell, self.key_cell = self.key_cell, None
                self.act(MoveViking(*cell))
            return True
        cell = cell_after_key(order, self.key_cell, k)
        if cell is None:
            return False
        self.key_cell = cell
        self.ctx.viewed = None  # (her own display, where the cells are lit)
        self.app.invalidate()
        return True

    def on_hover(self, pos) -> None:
        super().on_hover(pos)
        if self.key_cell is not None and self.hover_cell is not None:  # the mouse takes over from the keys
            self.key_cell = None

    def on_click(self, pos) -> bool:
        m, g = self.match, self.match.game
        if not m.persons_turn() or m.pending or g.phase != BOATSWAIN_MOVE or not self.board_geo:
            return False
        if self.shown_player != g.to_move:
            return False
        cell = self.board_geo.cell_at(pos)
        if cell and MoveViking(*cell) in g.legal_actions():
            self.act(MoveViking(*cell))
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

    # Drawing ------------------------------------------------------------------------------------
    def draw_wheel(self, surface, vis):
        return self.motion.draw_wheel(surface, vis)

    def board_options(self, vis, p) -> dict:
        g = self.match.game
        if p == g.to_move and g.phase == BOATSWAIN_MOVE and self.match.persons_turn() and not self.match.pending:
            cell = self.key_cell if self.key_cell is not None else self.hover_cell
            return {"highlight": [(a.row, a.col) for a in g.legal_actions()], "hover": cell}
        return {}

    def decision_text(self, vis) -> list[str]:
        m, g, rules = self.match, self.match.game, self.app.rules
        seat = m.seat()
        if not seat.is_person or m.pending:
            return [
                t("table.boatswain.title", name=seat.name),
                t("table.auction.deciding", name=seat.name),
                text(self.ctx.message),
            ]
        d = g.displays[g.to_move]
        lines = [t("table.boatswain.title", name=seat.name)]
        boatswains = words.vikings(rules.vikings[rules.boatswain], d.pool[rules.boatswain])
        if "single_boatswain" in m.options:
            lines.append(t("table.boatswain.single", boatswains=boatswains))
            boats = g.boat_tiles(g.to_move)
            if boats:
                lines.append(t("table.boatswain.boats", count=boats, boat=words.special("boat")))
        else:
            lines.append(t("table.boatswain.standard", boatswains=boatswains))
        if g.boatswains_obliged:
            lines.append(t("table.boatswain.obliged"))
        if g.phase == BOATSWAIN_MOVE:
            lines.append(t("table.boatswain.move", viking=viking_in_sentence(rules, g.moves[0], "plain")))
        if self.ctx.message:
            lines.append(text(self.ctx.message))
        return lines
