"""Results: the winner, the final scoring per player and the game's course."""
from __future__ import annotations

from .table_scene import TableScene


class ResultsScene(TableScene):
    phases = frozenset({"over"})

    def decision_text(self, vis) -> list[str]:
        g = self.match.game
        winners = [self.match.seats[p].name for p, r in enumerate(g.ranks) if r == 1]
        return [" and ".join(winners) + (" win!" if len(winners) > 1 else " wins!")]
