"""Direct moves on the wheel: dragging a group onto a cell of your display, and what
hovering a group shows.

Press on a group you may buy and move the mouse: the group's tile follows the pointer
with its price, the cells where the engine would let it go (its legal_actions() after
the purchase, worked out on a copy of the game) are lit, and the cell under the pointer
previews the tile. Dropping on a lit cell buys the group and places the tile there (in
one go; where the engine asks something in between, e.g. a special tile, the cell is
kept and the tile goes there afterwards). Dropping anywhere else sends the tile back to
its place on the wheel, with the reason in the decision panel. A press and release
without moving is a click, as before. Hovering a group you may buy lights the cells its
tile would fit and adds the price and their count to the wheel's tooltip.
"""

from __future__ import annotations

import math

import pygame

from vikings.engine.actions import Buy, PlaceStart, PlaceTile, PlaceViking
from vikings.engine.state import PLACE, PURCHASE, REPLACE, SPECIAL, VIKING
from vikings.text.events import paid
from vikings.text.lang import t
from vikings.text.words import tile as tile_name
from vikings.ui.drawing.notice import Said
from vikings.ui.table.fx import Fly

DRAG_START = 6  # design pixels the mouse must travel before a press becomes a drag


def placing_states(game, space: int) -> list:
    """The quiet copies of the game at the placement step that buying `space` leads to:
    the purchase applied, then every way through the decisions the engine asks before the
    tile is laid (take or decline a special tile, the building it replaces), each legal
    action of theirs tried. Empty if the tile fits nowhere (the engine discards it)."""
    probe = game.copy()
    probe.quiet = True
    probe.apply(Buy(space))
    player, todo, out = game.to_move, [probe], []
    while todo:
        state = todo.pop(0)
        if state.to_move != player or state.phase not in (PLACE, SPECIAL, REPLACE):
            continue  # the tile is gone (discarded): on to the Viking, or the next player
        if state.phase == PLACE:
            out.append(state)
            continue
        for a in state.legal_actions():  # a decision before the tile: every answer
            after = state.copy()
            after.quiet = True
            after.apply(a)
            todo.append(after)
    return out


def places_after_buy(game, space: int) -> dict:
    """Where the group's tile could go once bought: {cell: the placements after Buy(space)
    (and the decisions the engine asks in between) that lay it there}, from the engine's
    legal actions on quiet copies of the game. On a first purchase a cell that needs the
    start tile first (a right end beside it) is reached by placing the start tile in that
    cell's row (or the first row that works)."""
    out: dict = {}
    for probe in placing_states(game, space):
        legal = probe.legal_actions()
        for a in legal:
            if isinstance(a, PlaceTile):
                out.setdefault((a.row, a.col), (a,))
        starts = sorted((a for a in legal if isinstance(a, PlaceStart)), key=lambda a: a.row)
        for start in starts:
            after = probe.copy()
            after.quiet = True
            after.apply(start)
            for a in after.legal_actions():
                if isinstance(a, PlaceTile):
                    cell = (a.row, a.col)
                    if cell not in out or (len(out[cell]) == 2 and out[cell][0].row != a.row and start.row == a.row):
                        out[cell] = (start, a)
    return out


def first_cells(game, space: int) -> list[tuple[int, int]]:
    """The cells the first placement after buying `space` may take (the start tile's cell
    in its row where the engine asks for it first), through any decision in between."""
    return sorted(
        {
            (a.row, a.col if isinstance(a, PlaceTile) else 1)
            for probe in placing_states(game, space)
            for a in probe.legal_actions()
            if isinstance(a, (PlaceTile, PlaceStart))
        }
    )


def cells_after_buy(game, space: int) -> list[tuple[int, int]]:
    """The cells the group's tile could take once bought (see places_after_buy)."""
    return sorted(places_after_buy(game, space))


def why_not(rules, display, tile: int, row: int, col: int) -> Said:
    """Why a tile cannot go on a cell, in the players' words (the engine has already said
    that it cannot: this only explains which rule of the display stands in the way)."""
    if display.tile_at(row, col) >= 0:
        return Said("table.drag.taken")
    if rules.tile_is_ship[tile]:
        if row != 0:
            return Said("table.drag.ship_row", tile=lambda: tile_name(rules.tiles[tile]))
        return Said("table.drag.ship_order")
    if row == 0:
        return Said("table.drag.top_row")
    touches = col == 1 or any(
        display.tile_at(r, c) >= 0
        for r, c in ((row, col - 1), (row, col + 1), (row - 1, col), (row + 1, col))
        if r >= 1 and c >= 1
    )
    if not touches:
        return Said("table.drag.touch")
    return Said("table.drag.coasts")


class WheelDrag:
    """The purchasing scene's direct moves on the wheel (a part of it): one press-and-drag
    at a time, buying a dropped group into its cell, and the places a hovered group fits."""

    def __init__(self, scene):
        self.scene = scene
        self.space: int | None = None  # the group pressed on
        self.press_pos = None
        self.pos = None
        self.active = False  # moved far enough: a drag, not a click
        self.cells: list = []  # where its tile may go
        self._fit: tuple = (None, [])  # (key, cells) of the hovered group's places
        self.viking = False  # the bought Viking (in hand) is dragged, to its tile or the pool

    # Input ------------------------------------------------------------------------------------
    def press(self, pos) -> bool:
        """A press on a group the person may buy, or on the Viking in hand, starts a
        possible drag (True: taken)."""
        sc = self.scene
        m, g = sc.match, sc.match.game
        if not m.persons_turn() or m.pending or sc.fx.active:
            return False
        hand = sc.panel.viking_rect
        if g.phase == VIKING and hand is not None and hand.collidepoint(pos):
            self.space, self.viking, self.press_pos, self.pos, self.active = None, True, pos, pos, False
            return True
        if g.phase != PURCHASE or sc.wheel_geo is None:
            return False
        s = sc.wheel_geo.space_at(pos)
        if s is None or Buy(s) not in g.legal_actions():
            return False
        self.space, self.press_pos, self.pos, self.active = s, pos, pos, False
        return True

    def motion(self, pos) -> bool:
        if self.space is None and not self.viking:
            return False
        self.pos = pos
        if not self.active and math.dist(pos, self.press_pos) >= self.scene.app.look.px(DRAG_START):
            self.active = True
            g = self.scene.match.game
            self.cells = [g.placed_at] if self.viking else sorted(self.places(self.space))
            self.scene.error = None
        # (the layer under the dragged tile changes with the hover and the drag's start,
        # which are part of its key)
        self.scene.app.invalidate(layer=False)
        return self.active

    def release(self, pos) -> bool:
        """The button went up: a click (handed to the scene) or a drop."""
        if self.space is None and not self.viking:
            return False
        space, active, press, viking = self.space, self.active, self.press_pos, self.viking
        self.cancel()
        if not active:
            return self.scene.on_click(press)
        if viking:
            self.drop_viking(pos)
        else:
            self.drop(space, pos)
        return True

    def drop_viking(self, pos) -> None:
        """The Viking in hand let go: on its new tile or in the pool, as the engine allows
        (the same decisions as the T and P keys); anywhere else it stays in hand."""
        sc = self.scene
        g = sc.match.game
        legal = g.legal_actions()
        cell = self.target(pos)
        if cell is not None and cell == g.placed_at and PlaceViking(True) in legal:
            sc.act(PlaceViking(True))
        elif sc.board_geo is not None and sc.board_geo.pool_rect.collidepoint(pos) and PlaceViking(False) in legal:
            sc.act(PlaceViking(False))
        else:
            sc.error = Said("table.drag.viking_here")

    def abort(self) -> None:
        """Let go without a drop (Esc): the tile flies back to its space."""
        space, pos = self.space, self.pos
        self.cancel()  # (a Viking let go stays in hand)
        if space is not None and pos is not None:
            self.snap_back(space, pos)

    def cancel(self) -> None:
        self.space, self.active, self.cells, self.viking = None, False, [], False
        self.scene.app.invalidate()

    # The drop -----------------------------------------------------------------------------------
    def target(self, pos):
        """The cell of the player's own large display under `pos`, or None."""
        sc = self.scene
        if sc.board_geo is None or sc.shown_player != sc.match.game.to_move:
            return None
        return sc.board_geo.cell_at(pos)

    def places(self, space: int) -> dict:
        """places_after_buy, in a lesson only the places its script plays next (the cells
        its steps would refuse are not offered)."""
        return {
            cell: plan
            for cell, plan in places_after_buy(self.scene.match.game, space).items()
            if self.scene.lesson_accepts((Buy(space), *plan))
        }

    def drop(self, space: int, pos) -> None:
        sc = self.scene
        g = sc.match.game
        places = self.places(space)
        cells = sorted(places)
        cell = self.target(pos)
        if cell is not None and cell in places:
            self.buy_to(space, places[cell], pos)
            return
        if not cells and cell is not None:  # it fits nowhere: choose it, the panel says so
            sc.select(space)
            return
        tile = g.wheel_tile[space]
        if cell is None:
            reason = Said("table.drag.drop_here")
        else:
            reason = why_not(sc.app.rules, g.displays[g.to_move], tile, *cell)
        kind = sc.app.rules.tiles[tile]
        sc.error = Said("table.drag.not_placed", tile=lambda: tile_name(kind), reason=reason)
        self.snap_back(space, pos)

    def snap_back(self, space: int, pos) -> None:
        sc = self.scene
        geo = sc.wheel_geo
        img = sc.app.sprites.get("tiles", sc.app.rules.tiles[sc.match.game.wheel_tile[space]].id, height=geo.tile)
        sc.returning = space  # the wheel leaves its place empty until the group is back
        flights = [
            Fly(
                img,
                pos,
                geo.tile_rect(space).center,
                duration=0.3,
                arc=0.05,
                on_done=lambda: setattr(sc, "returning", None),
            )
        ]
        k = sc.match.game.wheel_viking[space]
        if k >= 0:  # its Viking (carried along on the tile) back to the rim
            fig = sc.app.sprites.get("vikings", sc.app.rules.vikings[k].id, height=round(geo.tile * 0.72))
            flights.append(Fly(fig, pos, geo.at(space, geo.viking_ring), duration=0.3, arc=0.05))
        sc.fx.add(*flights)

    def buy_to(self, space: int, actions, pos) -> None:
        """A group dropped on a legal cell: buy it and lay its tile there (`actions`: the
        placements after the purchase, the start tile first where the cell needs it);
        asking first, as a click would, when it costs Fame and the settings say so."""
        sc = self.scene
        # In a lesson the drop buys only: its steps then ask for the placement, as after a
        # click (the same steps whichever way the group was bought).
        coach = sc.match.coach
        plan = list(actions) if coach is None or coach.handed_over else None
        if sc.app.settings.confirm_purchase and sc.match.game.fame_cost(space):
            sc.select(space)
            sc.plan = plan
            if plan:
                sc.ctx.message = Said("table.drag.confirm_fame")
            return
        sc.plan = plan
        sc.motion.drop_origin = (space, pos)
        made = len(sc.match.game.actions())
        sc.act(Buy(space))
        if len(sc.match.game.actions()) == made:  # refused (e.g. a lesson teaching another move)
            sc.plan = sc.motion.drop_origin = None

    # Drawing ------------------------------------------------------------------------------------
    def draw(self, surface) -> pygame.Rect | None:
        """The dragged tile (and its Viking) under the pointer, with what it costs (the
        rect drawn over, None if nothing was)."""
        if not self.active or self.pos is None:
            return None
        sc = self.scene
        app, g = sc.app, sc.match.game
        geo = sc.wheel_geo
        ts = sc.board_geo.t if sc.board_geo is not None else geo.tile
        if self.viking:
            if g.hand_viking >= 0:
                fig = app.sprites.get("vikings", app.rules.vikings[g.hand_viking].id, height=round(ts * 0.6))
                return surface.blit(fig, fig.get_rect(center=self.pos))
            return None
        img = app.sprites.get("tiles", app.rules.tiles[g.wheel_tile[self.space]].id, height=ts)
        r = img.get_rect(center=self.pos)
        shadow = r.move(max(3, ts // 14), max(4, ts // 10))
        area = pygame.draw.rect(surface, (60, 45, 30), shadow, border_radius=max(2, ts // 10))
        area = area.union(surface.blit(img, r))
        k = g.wheel_viking[self.space]
        if k >= 0:
            fig = app.sprites.get("vikings", app.rules.vikings[k].id, height=round(ts * 0.6))
            area = area.union(
                surface.blit(fig, fig.get_rect(bottomleft=(r.x + round(ts * 0.06), r.bottom - round(ts * 0.08))))
            )
        price, fame = g.price(self.space), g.fame_cost(self.space)
        text = t("table.drag.cost_fame", gold=price - fame, fame=fame) if fame else t("table.drag.cost", gold=price)
        label = app.look.text(text, 15, (255, 255, 255), bold=True)
        box = label.get_rect(midtop=(r.centerx, r.bottom + app.look.px(4))).inflate(app.look.px(10), app.look.px(4))
        area = area.union(pygame.draw.rect(surface, (43, 33, 24), box, border_radius=app.look.px(5)))
        surface.blit(label, label.get_rect(center=box.center))
        return area

    # Hovering -----------------------------------------------------------------------------------
    def fit_cells(self, space: int) -> list:
        """Where a group's tile would fit (for the hover), computed once per decision."""
        game = self.scene.match.game
        key = (space, len(game.actions()))
        if self._fit[0] != key:
            self._fit = (key, sorted(self.places(space)))
        return self._fit[1]

    def hovered_group(self) -> int | None:
        """The group under the pointer that the person may buy now (its places are lit)."""
        sc = self.scene
        m, g, s = sc.match, sc.match.game, sc.hover_space
        if s is None or g.phase != PURCHASE or not m.persons_turn() or m.pending or sc.selected is not None:
            return None
        return s if Buy(s) in g.legal_actions() else None

    def explain(self, tip: str | None, pos) -> str | None:
        """The wheel's tooltip `tip` for a hovered group, with its price and how many cells
        its tile fits."""
        sc = self.scene
        s = self.hovered_group()
        if tip and s is not None and sc.wheel_geo and sc.wheel_geo.space_at(pos) == s:
            g = sc.match.game
            price, fame = g.price(s), g.fame_cost(s)
            n = len(self.fit_cells(s))
            pay = t("table.drag.pay", paid=paid(price - fame, fame))
            fits = t("table.drag.fits", count=n) if n else t("table.drag.fits_nowhere")
            tip = f"{tip}\n{pay} {fits}"
        return tip
