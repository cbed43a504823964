"""The direct moves' moments for tools/pictures/screenshots.py (a standard game, round 2, so that
the opponents have tiles down): a group hovered (price, Fame and the cells where it fits
lit), a group dragged over a lit cell of the display, an opponent's display enlarged
while the pointer is on her card (her last tile marked), a log entry hovered (its place
lit), and a purchase in flight from the wheel straight to its cell with the coins going
to the wheel. Same seed, same pictures.
"""

from __future__ import annotations

import pygame

from vikings.engine.actions import Buy
from vikings.engine.state import PURCHASE
from vikings.text.lang import t
from vikings.ui.table.drag import cells_after_buy
from vikings.ui.table.fx import Fly


def _post(kind, pos, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))


def table_moments(sh, d, seed: int) -> None:
    """Shoot the moments with `sh` (a Shooter) on a new standard match at `d` (a Director)."""

    def hover_group(d):
        if d.match is not None:
            d.match.close()
        d.new_match(seed=seed + 1)
        d.enter()
        d.settle()
        persons = [p for p, s in enumerate(d.match.seats) if s.is_person]
        ok = d.fast_forward(before=lambda g: g.round >= 1 and g.phase == PURCHASE and g.to_move in persons)
        assert ok, "no purchase of the person in round 2"
        d.settle()
        g = d.match.game
        buys = [a.space for a in g.legal_actions() if isinstance(a, Buy) and cells_after_buy(g, a.space)]
        d.space = min(buys, key=lambda s: (g.fame_cost(s) > 0, -g.price(s)))  # the dearest without Fame
        d.point(d.scene.wheel_geo.tile_rect(d.space).center)
        fits = t("table.drag.fits", count=len(cells_after_buy(g, d.space)))  # (in the language in use)
        assert d.scene.tooltip and fits in d.scene.tooltip, d.scene.tooltip

    sh.moment("table-hover-group", hover_group, d)

    def dragging(d):
        sc = d.scene
        src = sc.wheel_geo.tile_rect(d.space).center
        cell = cells_after_buy(d.match.game, d.space)[-1]
        dst = sc.board_geo.cell_rect(*cell).center
        _post(pygame.MOUSEBUTTONDOWN, src, button=1)
        d.frames(1)
        pygame.mouse.set_pos(dst)
        _post(pygame.MOUSEMOTION, dst, rel=(4, 4), buttons=(1, 0, 0))
        d.frames(2)
        assert sc.drag.active and sc.hover_cell == cell
        d.drop = (src, dst)

    sh.moment("table-drag", dragging, d)

    def zoom(d):
        sc = d.scene
        sc.drag.cancel()
        marked = sorted(sc.marks) or [1]
        d.point(sc.layout.cards[marked[-1]].center)
        assert sc.zoom is not None

    sh.moment("table-opponent-zoom", zoom, d)

    def log_entry(d):
        sc = d.scene
        shown = d.match.shown_events()
        spots = [(r, i) for r, i in sc.log_spots if shown[i].type in ("tile_placed", "start_tile_placed")]
        assert spots, "no placement in the log's view"
        d.point(spots[0][0].center)
        assert sc.hover_log == spots[0][1]

    sh.moment("table-log-hover", log_entry, d)

    def flight(d):
        sc = d.scene
        src, dst = d.drop
        d.point(src)
        _post(pygame.MOUSEBUTTONDOWN, src, button=1)
        d.frames(1)
        _post(pygame.MOUSEMOTION, dst, rel=(4, 4), buttons=(1, 0, 0))
        d.frames(1)
        _post(pygame.MOUSEBUTTONUP, dst, button=1)
        d.frames(1)
        d.until(lambda: (d.head_progress(Fly) or 0) >= 0.45, "the purchase in flight")
        assert len(d.match.game.actions()) >= 2
        sc.drag.cancel()

    sh.moment("table-purchase-flight", flight, d)
