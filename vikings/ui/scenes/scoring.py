"""Scoring animation (small, large and final), step by step from the engine's breakdown."""
from __future__ import annotations

from ..fx import Float, Pause
from ..theme import BAD, GOOD
from .table_scene import TableScene


class ScoringScene(TableScene):
    handles = frozenset({"scoring", "start_player", "game_over"})
    phases = frozenset()

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.current = None
        if self.match.pending and self.match.pending[0].type == "scoring":
            ctx.viewed = self.match.pending[0].player

    def show(self, e) -> None:
        look = self.app.look
        if e.type == "scoring":
            self.current = e
            self.ctx.viewed = e.player
            d = e.data
            for line in d["lines"]:
                for v, what in ((line["gold"], "Gold"), (line["fame"], "Fame")):
                    if v:
                        colour = GOOD if v > 0 else BAD
                        pos = self.layout.cards[e.player].center
                        if line["row"] is not None and self.board_geo:
                            pos = self.board_geo.cell_rect(line["row"], line["col"]).center
                        self.fx.add(Float(look.text(f"{v:+d} {what}", 18, colour, bold=True), pos, duration=0.7))
            self.fx.add(Pause(0.6))
        elif e.type == "start_player":
            self.ctx.viewed = None
            self.fx.add(Pause(0.3))

    def board_options(self, vis, p) -> dict:
        e = self.current
        if e is not None and e.player == p:
            return {"threatened": [tuple(t) for t in e.data["threatened"]], "repelled": e.data["repelled"]}
        return {}

    def decision_text(self, vis) -> list[str]:
        e = self.current or (self.match.pending[0] if self.match.pending else None)
        if e is None or e.type != "scoring":
            return ["Scoring"]
        d = e.data
        name = self.match.seats[e.player].name
        return [f"{d['kind'].capitalize()} scoring: {name}",
                f"{d['gold_change']:+d} Gold, {d['fame_change']:+d} Fame"]
