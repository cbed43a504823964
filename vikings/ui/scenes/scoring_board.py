"""The large display during a scoring, a part of ScoringScene: the ships in its top row
and their threat, drawn growing down the columns, the threatened Vikings laid on their
side as the threat reaches them, the repelled ships ringed, and the cells of the
breakdown line being counted lit. The board keeps the threat's progress and the lit
cells; the scene tells it the scoring shown.
"""

from __future__ import annotations

from vikings.engine.display import completed_islands
from vikings.text.lang import t
from vikings.ui.drawing.displays import draw_display
from vikings.ui.drawing.layout import BOARD_COLS
from vikings.ui.drawing.theme import INK_SOFT
from vikings.ui.drawing.threat import draw_threat
from vikings.ui.scenes.scoring_text import kind_inline, special_kind
from vikings.ui.table.fx import ease


class ScoringBoard:
    """The large display of the player being scored, with the threat and the lit cells."""

    def __init__(self, app, match):
        self.app, self.match = app, match
        self.threat_fx = None  # the Step the threat grows with, while it grows
        self.threat_full = False  # the threat has reached its end
        self.cells: list = []  # the cells of the line being counted, lit

    def begin(self, p: int) -> None:
        """A new scoring of player p: no threat drawn yet (a full one if she has no ships)."""
        self.threat_fx = None
        self.threat_full = not self.ships(p)
        self.cells = []

    def ships(self, p: int) -> list[tuple[int, int]]:
        """(column, ship kind) of the ships in row 0 of player p's display."""
        d = self.match.game.displays[p]
        return [(c, k) for r, c, k, _ in d.tiles() if r == 0]

    def threat_k(self) -> float:
        if self.threat_full:
            return 1.0
        return ease(self.threat_fx.progress) if self.threat_fx is not None else 0.0

    def options(self, e, p: int) -> dict:
        """draw_display's options for player p's display while scoring `e` is shown."""
        if e is None or e.player != p:
            return {}
        k = self.threat_k()
        reach = self.app.rules.tile_reach
        ships = dict(self.ships(p))
        lying = []
        for r, c in e.data["threatened"]:
            ship = ships.get(c)
            rows = (reach[ship] + 1) if ship is not None else r + 1
            if k * rows >= r + 0.75:
                lying.append((r, c))
        opts = {"threatened": lying, "repelled": e.data["repelled"] if k >= 0.3 else []}
        if self.cells:
            opts["highlight"] = self.cells
        return opts

    def line_cells(self, e, line) -> list[tuple[int, int]]:
        """The cells a breakdown line is about (lit while it is counted)."""
        rules = self.app.rules
        d = self.match.game.displays[e.player]
        what, row, col = line["what"], line["row"], line["col"]
        vr = rules.viking_row
        if row is not None:
            cells = [(row, col)]
            k = special_kind(rules, line["detail"]) if what == "special" else None
            if k is not None and k.effect == "building":  # it counts the Vikings on it and around it
                cells += [
                    (r, c)
                    for r in range(max(1, row - 1), min(rules.island_rows, row + 1) + 1)
                    for c in range(max(1, col - 1), col + 2)
                    if (r, c) != (row, col) and d.occupied(r, c)
                ]
            if what == "warrior":
                cells.append((0, col))
            elif what == "scout":
                for r in (vr[rules.goldsmith], vr[rules.fisherman]):
                    if r > row and d.occupied(r, col):
                        cells.append((r, col))
            return cells
        if what in ("islands", "longest"):
            isl = completed_islands(d, rules)
            if what == "longest" and isl:
                most = max(n for _, _, n in isl)
                isl = [i for i in isl if i[2] == most]
            return [(r, c) for r, c0, n in isl for c in range(c0, c0 + n)] if line["fame"] or what == "islands" else []
        if what == "feeding":
            fr = vr[rules.fisherman]
            hit = {tuple(x) for x in e.data["threatened"]}
            return [(fr, c) for c in range(1, len(d.rows[fr]) + 1) if d.occupied(fr, c) and (fr, c) not in hit]
        return []

    def draw(self, surface, vis, rect, p: int, e):
        """Player p's display in `rect`, with scoring `e` (or None); returns its geometry."""
        if e is not None and e.player == p:
            label = t("scoring.display_scoring", name=self.match.seats[p].name, kind=kind_inline(e.data["kind"]))
        else:
            label = t("scoring.display", name=self.match.seats[p].name)
        font = self.app.look.font(14, bold=e is not None and e.player == p)
        room = rect.w - self.held_width(vis.players[p].held) - self.app.look.px(8)
        lines = [label] if font.size(label)[0] <= room else [x.strip() for x in label.split("   ·   ")]
        step = font.get_height() - self.app.look.px(3)
        for i, line in enumerate(lines):  # (on two lines when the held special tiles leave no room)
            surface.blit(font.render(line, True, INK_SOFT), (rect.x, rect.y + i * step))
        cap_h = font.get_height() + step * (len(lines) - 1)
        body = rect.inflate(0, -cap_h - 4).move(0, (cap_h + 4) // 2)
        geo = draw_display(
            surface, self.app, vis.players[p], body, extra_cells=((1, BOARD_COLS - 1),), **self.options(e, p)
        )
        if e is not None and e.player == p and not self.growing():
            self._draw_threat(surface, geo, e)
        return geo

    def growing(self) -> bool:
        """The threat grows now: the scene draws it over the display at every frame
        (draw_growing), not with it."""
        return self.threat_fx is not None and not self.threat_full

    def draw_growing(self, surface, geo, e) -> list:
        """The growing threat over the display drawn with `geo`; the rects drawn over."""
        if not self.growing() or geo is None or e is None:
            return []
        return self._draw_threat(surface, geo, e)

    def held_width(self, held) -> int:
        """How wide the table draws the held special tiles and their label at the caption's
        right end (TableScene.draw: draw_held at 24 design pixels)."""
        if not held:
            return 0
        app, px = self.app, self.app.look.px
        size = px(24)
        gap = max(1, size // 8)
        tiles = sum(
            app.sprites.get("special_tiles", app.rules.specials[k].id, height=size).get_width() + gap for k in held
        )
        return tiles + gap + app.look.font(12).size(t("table.card.held"))[0]

    def _draw_threat(self, surface, geo, e) -> list:
        k = self.threat_k()
        if k > 0:
            return draw_threat(surface, self.app.rules, geo, self.ships(e.player), e.data["repelled"], k)
        return []
