"""What the table draws each frame (a piece of TableScene, kept apart to keep the scene
module small): the top bar and its text, the players' cards (each with a small display,
the Fame and Gold counting, the special tiles held), the price wheel, the decision panel,
the large display, the face-up special tiles' strip, the game log, the enlarged display
of an opponent's card under the pointer and the tooltip of the piece under the mouse.
A mixin of `TableScene`, whose state (the layout, the hovered pieces, the effects) it
draws; subclasses override its parts (`draw_wheel`, `draw_board`, `decision_text`...).
"""
from __future__ import annotations

from vikings.engine.state import PURCHASE
from vikings.text.lang import t
from vikings.ui.drawing.cards import board_marks, bot_level, draw_card, draw_zoom
from vikings.ui.drawing.layout import BOARD_COLS, CARD_HEAD
from vikings.ui.drawing.notice import text
from vikings.ui.drawing.specials import brings_tip, draw_face_up, draw_held, mark_group, strip_split
from vikings.ui.drawing.displays import draw_display, ring_cell
from vikings.ui.drawing.panels import draw_log, draw_panel_text, draw_tip_box, draw_top_bar, panel
from vikings.ui.drawing.wheel import draw_wheel
from vikings.ui.drawing.theme import INK_SOFT


class TableDrawing:
    def draw(self, surface) -> None:
        vis = self.visible()
        self.draw_top(surface, vis)
        m = self.match
        L = self.layout
        px = self.app.look.px
        specials = "special_tiles" in m.options
        self.tips = []
        self.card_geos = []
        turn = self.turn_player()
        self.marks = board_marks(m, self.hover_log)
        for p, rect in enumerate(L.cards):
            self.card_geos.append(draw_card(
                surface, self.app, rect, m.seats[p], vis.players[p], to_move=p == turn,
                start=p == vis.start_player, selected=p == self.shown_player,
                thought=m.thought() if p == m.game.to_move else None, order=(p - vis.start_player) % m.game.n + 1,
                mark=self.marks.get(p), money=self.money.show(p, (vis.players[p].gold, vis.players[p].fame))))
            if specials:  # the tiles beside her mainland, under her Fame and Gold
                self.tips += draw_held(surface, self.app, vis.players[p].held, rect.right - px(8),
                                       rect.y + px(CARD_HEAD) + px(12), px(18))
        self.wheel_geo = self.draw_wheel(surface, vis)
        if specials and not m.pending and m.game.phase == PURCHASE:
            space = m.game.most_expensive_space()
            if m.game.brings_special(space):
                self.tips.append((mark_group(surface, self.app, self.wheel_geo, space), brings_tip()))
        self.draw_decision(surface, vis, L.decision)
        self.board_geo = self.draw_board(surface, vis, L.board)
        log = L.log
        if specials:
            strip, log = self.strip_and_log()
            self.slot_spots = draw_face_up(surface, self.app, vis, strip, offered=self.special_offered(),
                                           hover=self.hover_slot)
            self.tips += [(r, tip) for r, tip, _ in self.slot_spots if tip]
            self.tips += draw_held(surface, self.app, vis.players[self.shown_player].held, L.board.right,
                                   L.board.y + px(10), px(24), label=t("table.card.held"))
        self.log_spots = draw_log(surface, self.app, log, m.shown_log(), hover=self.hover_log)
        self.fx.draw(surface)
        self.hint.draw(surface)
        dragging = self.drag is not None and self.drag.active
        if dragging:
            self.drag.draw(surface)
        self.zoom = None
        if not dragging and self.hover_card is not None and self.board_geo is not None:
            p = self.hover_card   # her display enlarged, at least half the large one's scale
            size = max(round(self.board_geo.t * 0.6), self.card_geos[p].t)
            self.zoom = draw_zoom(surface, self.app, m.seats[p], vis.players[p], L.cards[p], size, self.marks.get(p)), size
        if self.tooltip and not dragging:
            draw_tip_box(surface, self.app.look, self.tooltip, self.mouse)

    def draw_top(self, surface, vis) -> None:
        """The bar across the top: round and scoring, the bag, whose turn it is."""
        draw_top_bar(surface, self.app, self.layout.top, self.top_text(vis), vis.bag if self.shows_bag else None,
                     self.turn_text(), right=getattr(self, "top_room", None))

    shows_bag = True

    def top_text(self, vis) -> str:
        rounds = self.app.rules.rounds
        kind = self.app.rules.schedule[vis.round]
        key = "table.top.round_final" if vis.round + 1 == rounds and kind == "large" else "table.top.round"
        return t(key, round=vis.round + 1, rounds=rounds, scoring=t(f"table.top.scoring.{kind}"))

    def turn_text(self) -> str | None:
        if self.match.game.is_over:
            return None
        seat = self.match.seat(self.acting_player())
        if seat.is_person:
            return t("table.top.turn_person", name=seat.name)
        return t("table.top.turn_bot", name=seat.name, level=bot_level(seat.kind))

    def draw_wheel(self, surface, vis):
        return draw_wheel(surface, self.app, vis, self.layout.wheel)

    def draw_board(self, surface, vis, rect):
        p = self.shown_player
        label = t("table.card.display" if self.ctx.viewed is None else "table.card.display_viewed",
                  name=self.match.seats[p].name)
        cap = self.app.look.text(label, 14, INK_SOFT)
        surface.blit(cap, (rect.x, rect.y))
        body = rect.inflate(0, -cap.get_height() - 4).move(0, (cap.get_height() + 4) // 2)
        opts = self.board_options(vis, p)
        opts["extra_cells"] = tuple(opts.get("extra_cells", ())) + ((1, BOARD_COLS - 1),)  # the grid fills its room (7 columns)
        geo = draw_display(surface, self.app, vis.players[p], body, **opts)
        if p in self.marks:
            ring_cell(surface, geo, *self.marks[p])
        return geo

    def board_options(self, vis, p) -> dict:
        return {}

    def draw_decision(self, surface, vis, rect) -> None:
        panel(surface, rect, self.app.look)
        self.decision_bottom = draw_panel_text(surface, self.app.look, rect, self.decision_text(vis), text(self.error) or None,
                                               room=self.decision_text_room(rect))

    def decision_text(self, vis) -> list[str]:
        return []

    def decision_text_room(self, rect) -> int | None:
        """How tall the decision panel's text may be (its lettering shrinks to fit), None
        for no limit: scenes that draw more below their text keep room for it."""
        return None

    def tooltip_at(self, pos) -> str | None:
        """Explain the piece under the mouse."""
        from vikings.ui.drawing.tooltips import cell_tip, wheel_tip
        for rect, tip in self.tips:
            if rect.collidepoint(pos):
                return tip
        vis = self.visible()
        if self.wheel_geo and self.hover_space is not None and not vis.wheel_hidden:
            return wheel_tip(self.match.game, vis, self.hover_space)
        if self.board_geo and self.hover_cell is not None:
            return cell_tip(self.app.rules, vis.players[self.shown_player], *self.hover_cell)
        return None

    def strip_and_log(self):
        """The special tiles' strip and the log's rect (the tall layout has a row for the strip)."""
        L = self.layout
        return (L.strip, L.log) if L.strip is not None else strip_split(self.app.look, L.log)
