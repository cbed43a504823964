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
from vikings.ui.drawing.panels import text_height
from vikings.ui.drawing.theme import BUTTON_EDGE, BUTTON_FONT, BUTTON_PAD, SMALLER, SMALLER_SIZES, shrink_caption
from vikings.ui.scenes.purchase import MOVE_EVENTS, cell_after_key
from vikings.ui.scenes.purchase_fx import PurchaseMotion
from vikings.ui.scenes.table_scene import TableScene
from vikings.ui.table.hints import badge_air, inside


class BoatswainScene(TableScene):
    handles = MOVE_EVENTS
    phases = frozenset({BOATSWAIN, BOATSWAIN_MOVE})

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.motion = PurchaseMotion(self)  # the moves' animations, the wheel's turn
        self.option_buttons: list = []  # (button, action) per choice the engine offers
        self.key_cell: tuple[int, int] | None = None  # the cell chosen with the keys for the Viking
        self.button_air = 0  # the air above each row of choices (for the hint's badges)

    def build_decision_ui(self) -> None:
        self.option_buttons = []

    def refresh_ui(self) -> None:
        super().refresh_ui()
        self._options()

    def _options(self) -> None:
        """One button per choice the engine offers (rebuilt after every decision), in a grid at
        the panel's foot (`_grid`), the text above it."""
        for b, _ in self.option_buttons:
            b.kill()
        self.option_buttons = []
        g, m = self.match.game, self.match
        if g.phase != BOATSWAIN or not m.persons_turn() or m.pending:
            return
        px, r = self.app.look.px, self.layout.decision
        choices = [(self._caption(a), a) for a in g.legal_actions()]
        cols, w, h, airs, lettering = self._grid([c for c, _ in choices])
        self.button_air = airs[0]
        ys, y = [], r.bottom - px(14) - len(airs) * h - sum(airs)
        for air in airs:  # (each row below the air kept above it)
            ys.append(y + air)
            y += air + h
        for i, (caption, a) in enumerate(choices):
            kind = "@danger" if isinstance(a, FinishBoatswains) else "@primary"
            cls = kind if lettering is None else SMALLER[kind][lettering]
            rect = pygame.Rect(r.x + px(14) + (i % cols) * (w + px(10)), ys[i // cols], w, h)
            b = self.add(pygame_gui.elements.UIButton(rect, caption, self.app.ui, object_id=cls))
            shrink_caption(b)
            self.option_buttons.append((b, a))

    def _caption(self, a) -> str:
        """A choice's caption: the kind and how many of it are in the pool, or each colour, or done."""
        m, rules = self.match, self.app.rules
        single = "single_boatswain" in m.options
        boat = words.special("boat") if single else None
        if isinstance(a, FinishBoatswains):
            return t("table.boatswain.done")
        if a.mode == "each":
            return t("table.boatswain.each_boat", boat=boat) if boat else t("table.boatswain.each")
        pool = m.game.displays[m.game.to_move].pool
        if a.mode == "one":
            return t("table.boatswain.one", viking=viking_in_sentence(rules, a.kind, "plain"), count=pool[a.kind])
        vikings = viking_in_sentence(rules, a.kind, "plural")
        if boat:
            return t("table.boatswain.all_boat", vikings=vikings, boat=boat)
        return t("table.boatswain.all", vikings=vikings, count=pool[a.kind])

    def _grid(self, captions: list[str]) -> tuple[int, int, int, list[int], int | None]:
        """(columns, button width, height, the air above each row, lettering) of the choices.
        Each way to lay them out lets every caption fit its button whole, in one lettering for
        all (the theme's own, or the n-th step of its smaller ones), in 2 columns (3 for more
        than 8 choices) or fewer. The hint's badges (hints.py) go inside the buttons' right
        ends where the captions leave them room, else in air kept above the row. The first way,
        most columns and largest lettering first, that leaves the text above its room at the
        least lettering is taken, else the shortest (the panel then grows upwards); one
        column in the smallest lettering as the last resort."""
        look = self.app.look
        px, r = look.px, self.layout.decision
        h, inner = px(38), r.w - 2 * px(14)
        vis = self.visible()
        text_h = text_height(look, self.decision_text(vis), text(self.error) or None, r.w - px(28))
        ways = []
        for cols in range(2 if len(captions) <= 8 else 3, 0, -1):
            w = (inner - px(10) * (cols - 1)) // cols
            rows = (len(captions) + cols - 1) // cols
            for lettering, size in enumerate((BUTTON_FONT, *SMALLER_SIZES)):
                f = look.widget_font(size)
                widths = [f.size(c)[0] for c in captions]
                if f.get_ascent() + BUTTON_EDGE > h or any(cw + 2 * BUTTON_PAD + 2 + BUTTON_EDGE > w for cw in widths):
                    continue
                rect = pygame.Rect(0, 0, w, h)
                roomy = [inside(look, rect, cw) for cw in widths]
                airs = [px(8) if all(roomy[i : i + cols]) else badge_air(look) for i in range(0, len(widths), cols)]
                way = (cols, w, h, airs, lettering - 1 if lettering else None)
                tall = rows * h + sum(airs) + px(14)
                if text_h + tall <= r.h:
                    return way
                ways.append((tall, len(ways), way))
        if ways:
            return min(ways)[2]
        return 1, inner, h, [badge_air(look)] * len(captions), len(SMALLER_SIZES) - 1

    def buttons_top(self) -> int | None:
        """Where the choices' buttons begin, less the air for the hint's badges over them."""
        if not self.option_buttons:
            return None
        return min(b.rect.y for b, _ in self.option_buttons) - self.button_air

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
    caches_layer = True

    def layer_key(self) -> tuple:
        choices = (tuple(id(b) for b, _ in self.option_buttons), self.button_air)
        return super().layer_key() + (self.key_cell, len(self.motion.early), self.motion.drop_origin) + choices

    def draw_wheel(self, surface, vis):
        return self.motion.draw_wheel(surface, vis)

    def board_options(self, vis, p) -> dict:
        g = self.match.game
        if p == g.to_move and g.phase == BOATSWAIN_MOVE and self.match.persons_turn() and not self.match.pending:
            cell = self.key_cell if self.key_cell is not None else self.hover_cell
            return {"highlight": [(a.row, a.col) for a in g.legal_actions()], "hover": cell}
        return {}

    def draw_decision(self, surface, vis, rect) -> None:
        super().draw_decision(surface, vis, self.grown(rect, vis))

    def decision_rect(self, vis) -> pygame.Rect:
        return self.grown(self.layout.decision, vis)

    def grown(self, rect, vis) -> pygame.Rect:
        """The decision panel, taller (upwards, over the foot of the display) when its text at
        the least lettering and the choices need more room than the layout gives it."""
        top = self.buttons_top()
        if top is None:
            return rect
        look = self.app.look
        need = text_height(look, self.decision_text(vis), text(self.error) or None, rect.w - look.px(28))
        if need <= top - rect.y:
            return rect
        y = max(self.layout.board.y + look.px(40), top - need)
        return pygame.Rect(rect.x, y, rect.w, rect.bottom - y)

    def decision_text_room(self, rect) -> int | None:
        """The text stays above the choices and the air for the hint's badges."""
        top = self.buttons_top()
        return None if top is None else max(self.app.look.px(40), top - rect.y)

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
