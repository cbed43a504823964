"""Offer preparation: the round's tiles fly from their stack to the wheel (islands from
space 0 up, ships from 11 down), then the Vikings come out of the bag in colour order.
Space or a click skips to the laid-out wheel."""

from __future__ import annotations

import copy

import pygame

from vikings.text import words
from vikings.text.lang import t
from vikings.ui.drawing.theme import SEA, SEA_DARK, WHITE
from vikings.ui.drawing.wheel import WheelGeometry, draw_wheel
from vikings.ui.scenes.table_scene import TableScene
from vikings.ui.table.fx import Call, Fly, Pause


class OfferScene(TableScene):
    handles = frozenset({"offer", "special_revealed"})
    phases = frozenset()
    caches_layer = True

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.tiles_shown: set = set()
        self.vikings_shown: set = set()
        self.offer = None

    def stack_rect(self) -> pygame.Rect:
        w = self.layout.wheel
        t = round(w.w * 0.12)
        return pygame.Rect(w.x + t // 4, w.y + t // 4, t, t)

    def bag_pos(self) -> tuple[int, int]:
        w = self.layout.wheel
        return w.right - round(w.w * 0.09), w.y + round(w.w * 0.09)

    def show(self, e) -> None:
        if e.type == "special_revealed":
            self.show_revealed(e)
            return
        self.offer = e
        rules, sprites = self.app.rules, self.app.sprites
        g = self.wheel_geo
        if g is None:  # not drawn yet: lay it out without flights
            return
        tiles, vikings = e.data["tiles"], e.data["vikings"]
        size = len(tiles)
        order = [s for s in range(size) if tiles[s] >= 0 and not rules.tile_is_ship[tiles[s]]]
        order += [s for s in reversed(range(size)) if tiles[s] >= 0 and rules.tile_is_ship[tiles[s]]]
        for s in order:
            img = sprites.get("tiles", rules.tiles[tiles[s]].id, height=g.tile)
            self.fx.add(
                Fly(img, self.stack_rect().center, g.tile_rect(s).center, duration=0.16, arc=0.08),
            )
            self.fx.add(Call(lambda s=s: self.tiles_shown.add(s)))
        for s, k in enumerate(vikings):
            img = sprites.get("vikings", rules.vikings[k].id, height=round(g.tile * 0.78))
            self.fx.add(Fly(img, self.bag_pos(), g.at(s, g.viking_ring), duration=0.14, arc=0.1))
            self.fx.add(Call(lambda s=s: self.vikings_shown.add(s)))
        self.fx.add(Pause(0.4))

    def layer_key(self) -> tuple:
        return super().layer_key() + (id(self.offer),)

    def steps_key(self) -> None:
        return None  # (a piece landed changes only the wheel: its key says which are shown)

    def wheel_windows(self, vis) -> tuple:
        """Each group's place, keyed by its tile and Viking shown yet: a piece landing
        redraws its place, not the wheel."""
        g = WheelGeometry(self.layout.wheel, self.app.rules.wheel_spaces)
        places = tuple((g.group_area(s), (s in self.tiles_shown, s in self.vikings_shown)) for s in range(g.spaces))
        return super().wheel_windows(vis) + places

    def draw_wheel(self, surface, vis):
        if self.offer is not None and vis.wheel_hidden:
            vis = copy.copy(vis)
            vis.wheel_hidden = False
            tiles, vikings = self.offer.data["tiles"], self.offer.data["vikings"]
            vis.wheel_tile = [t if s in self.tiles_shown else -1 for s, t in enumerate(tiles)]
            vis.wheel_viking = [v if s in self.vikings_shown else -1 for s, v in enumerate(vikings)]
            vis.offset = 0
        g = draw_wheel(surface, self.app, vis, self.layout.wheel)
        self.draw_supply(surface)
        return g

    def draw_supply(self, surface) -> None:
        """The face-down stack and the bag the offer comes from."""
        r = self.stack_rect()
        for i in range(3, -1, -1):
            box = r.move(i * 2, -i * 2)
            pygame.draw.rect(surface, SEA, box, border_radius=r.w // 8)
            pygame.draw.rect(surface, SEA_DARK, box, 2, border_radius=r.w // 8)
        bag = self.app.sprites.get("board", "bag", height=round(self.layout.wheel.w * 0.14))
        surface.blit(bag, bag.get_rect(center=self.bag_pos()))

    def decision_text(self, vis) -> list[str]:
        e = self.offer or (self.match.pending[0] if self.match.pending else None)
        if e is not None and e.type == "special_revealed":
            return [t("table.offer.new_round"), t("table.offer.specials_revealed")]
        if e is None:
            return [t("table.offer.laid_out")]
        d = e.data
        drawn = sum(1 for k in d["vikings"] if k >= 0)
        return [
            t("table.offer.title", round=d["round"]),
            t(
                "table.offer.body",
                islands=t("table.offer.islands", count=d["islands"]),
                ships=t("table.offer.ships", count=d["ships"]),
                vikings=words.any_vikings(drawn),
                bag=d["bag"],
            ),
            t("table.offer.starter", name=self.match.seats[e.player].name),
            t("table.offer.skip"),
        ]


__all__ = ["OfferScene", "WHITE"]
