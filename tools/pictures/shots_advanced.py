"""The advanced game's moments for tools/pictures/screenshots.py (all three rules on): the auction
opening, bids with the amount control, the colour choice and its Vikings flying to the
wheel, the round's tiles laid, the group that brings a special tile, the special tile
offer, a one-Viking boatswain decision, a display with a building special tile, a scoring
with a special tile's line and the results. Same seed, same pictures.
"""

from __future__ import annotations

from vikings.engine import OPTIONS
from vikings.engine.actions import Buy, ChooseColour
from vikings.engine.state import BID, BOATSWAIN, COLOUR, PURCHASE, SPECIAL
from vikings.ui.table.fx import Fly
from vikings.ui.table.match import Match


def advanced_moments(sh, d, seed: int) -> None:
    """Shoot the moments with `sh` (a Shooter) on a new advanced match at `d` (a Director)."""

    def opening(d):
        if d.match is not None:
            d.match.close()
        d.match = Match.new(d.seats, d.rules, seed=seed, start_player=1, storage=d.storage, options=OPTIONS)
        d.enter()
        sc = d.scene
        d.until(
            lambda: sc.in_flight is not None and sc.in_flight.type == "auction" and d.remaining(Fly) <= 7,
            "the Vikings coming out of the bag",
        )

    sh.moment("adv-auction-opening", opening, d)

    def bids(d):
        d.settle()
        g = d.match.game
        assert g.phase == BID and d.match.persons_turn(), g.phase
        d.scene.set_amount(g.displays[g.to_move].gold + 2)  # a bid that costs Fame too
        d.frames(2)

    sh.moment("adv-auction-bids", bids, d)

    def colour(d):
        assert d.fast_forward(before=lambda g: g.phase == COLOUR and d.match.seats[g.to_move].is_person), (
            "no colour choice for the person"
        )
        d.frames(3)
        d.point(d.scene.panel.kind_rects[0][0].center)

    sh.moment("adv-colour-choice", colour, d)

    def colour_flying(d):
        sc = d.scene
        sc.act(ChooseColour(sc.panel.kind_rects[0][1]))
        d.until(
            lambda: (
                sc.in_flight is not None
                and sc.in_flight.type == "colour_placed"
                and sc.landed
                and (d.head_progress(Fly) or 0) > 0.5
            ),
            "a colour flying to the wheel",
        )

    sh.moment("adv-colour-flying", colour_flying, d)

    def tiles(d):
        assert d.fast_forward(
            after=lambda ev: any(e.type == "tiles_laid" for e in ev),
            keep_from=lambda e: e.type in ("viking_removed", "tiles_laid"),
        )
        sc = d.scene
        d.until(
            lambda: sc.in_flight is not None and sc.in_flight.type == "tiles_laid" and len(sc.tiles_shown) >= 6,
            "the tiles flying to the wheel",
        )

    sh.moment("adv-tiles-laid", tiles, d)

    def dearest(d):
        def ready(g):
            s = g.most_expensive_space()
            return (
                g.phase == PURCHASE
                and d.match.seats[g.to_move].is_person
                and g.brings_special(s)
                and Buy(s) in g.legal_actions()
            )

        assert d.fast_forward(before=ready), "the person never could buy the dearest group"
        d.frames(2)
        d.point(d.scene.wheel_geo.tile_rect(d.match.game.most_expensive_space()).center)

    sh.moment("adv-purchase-dearest", dearest, d)

    def offer(d):
        d.scene.select(d.match.game.most_expensive_space())
        d.scene.buy()
        d.settle()
        assert d.match.game.phase == SPECIAL, d.match.game.phase
        d.point(d.scene.panel.special_rows[0][0].center)

    sh.moment("adv-special-offer", offer, d)

    def boatswain(d):
        person = [p for p, s in enumerate(d.match.seats) if s.is_person]
        assert d.fast_forward(before=lambda g: g.phase == BOATSWAIN and g.to_move in person), (
            "no boatswain decision for the person"
        )
        d.until(lambda: type(d.scene).__name__ == "BoatswainScene", "the boatswain scene")
        d.frames(2)

    sh.moment("adv-boatswain-one", boatswain, d)

    def building(d):
        g = d.match.game
        if not any(g.specials_placed(p) for p in range(g.n)):
            assert d.fast_forward(after=lambda ev: any(e.type == "special_placed" for e in ev)), (
                "no building special tile was laid"
            )
        d.settle()
        g = d.match.game
        p = next(p for p in range(g.n) if g.specials_placed(p))
        d.scene.ctx.viewed = p
        d.frames(3)
        _, r, c = g.specials_placed(p)[0]
        d.point(d.scene.board_geo.cell_rect(r, c).center)

    sh.moment("adv-building-tile", building, d)

    def special_line(e) -> bool:
        return e.type == "scoring" and any(line["what"] == "special" for line in e.data["lines"])

    def scoring(d):
        assert d.fast_forward(after=lambda ev: any(map(special_line, ev)), keep_from=special_line), (
            "no scoring with a special tile's line"
        )

        def ready():
            sc = d.scene
            e = getattr(sc, "current", None)
            if type(sc).__name__ != "ScoringScene" or e is None or not special_line(e):
                return False
            first = next(i for i, line in enumerate(e.data["lines"]) if line["what"] == "special")
            step = getattr(sc, "step_fx", None)
            return sc.panel.active_line == first and step is not None and step.progress >= 0.5

        d.until(ready, "the special tile's line counted")

    sh.moment("adv-scoring-special", scoring, d)

    sh.moment("adv-results", lambda d: d.to_results(), d)
