"""Which model fits each other player: what Expert learns by watching the table.

With 3-4 players Expert plays its best few options out a second time with the others
modelled as Hard (`lookahead.HardModel`). Against Hards that model is the closer guess;
against Normals it is the wrong one. A player at the table would notice
who plays like whom, and so does Expert: before each decision it goes through the
purchases made since its last one and asks whether Normal, in the same position, would
have bought the same group. A Normal player does, nearly always; a Hard buys Normal's
choice in about half its purchases, and a person is no more predictable than that.

A player is modelled as Normal once at least `SEEN_AT_LEAST` of her purchases were seen
and at most one in ten of them (`MISS_SHARE`) differed from Normal's choice; any other
player, one not yet seen often enough included, as Hard. A Normal passes from her third
purchase on; a Hard seldom does, and less often the more of her purchases were seen.
Only the actions of the game are read (what every player at the table saw), through a
mirror of the game; after a loaded game or an undo the mirror replays the game from its
start.
"""

from __future__ import annotations

from vikings.bots.base import CancelToken
from vikings.bots.heuristic import NormalBot
from vikings.bots.mirror import Mirror
from vikings.engine import Action, GameState
from vikings.engine.state import PURCHASE

SEEN_AT_LEAST = 3  # purchases seen before a player can pass for Normal
MISS_SHARE = 0.1  # a player whose purchases differ from Normal's more often than this plays like Hard


class TableWatch:
    def __init__(self, normal: NormalBot, me: int) -> None:
        self.normal = normal
        self.me = me
        self.mirror: Mirror | None = None
        self.seen: dict[int, int] = {}  # purchases watched, per player
        self.missed: dict[int, int] = {}  # of those, not Normal's choice

    def observe(self, game: GameState, cancel: CancelToken | None = None) -> None:
        """Watch the purchases made in `game` since the last call."""
        actions = game.actions()
        m = self.mirror
        if m is None or m.config != game.config or m.rules is not game.rules or not m.follows(actions):
            # another game, an undo or a loaded game: watched again from its start
            m = self.mirror = Mirror(game.config, game.rules)
            self.seen.clear()
            self.missed.clear()

        def judge(s: GameState, action: Action) -> None:
            p = s.to_move
            if s.phase != PURCHASE or p == self.me:
                return
            legal = s.legal_actions()
            if len(legal) < 2:
                return
            normal = self.normal.choose(s, legal, cancel)
            self.seen[p] = self.seen.get(p, 0) + 1
            if normal != action:
                self.missed[p] = self.missed.get(p, 0) + 1

        m.catch_up(actions, judge)

    def plays_like_hard(self, p: int) -> bool:
        """Whether Normal cannot be player p's model yet: too few of her purchases seen,
        or too many of them not Normal's."""
        seen = self.seen.get(p, 0)
        return seen < SEEN_AT_LEAST or self.missed.get(p, 0) > MISS_SHARE * seen

    def hard_players(self, n: int) -> frozenset[int]:
        """The other players modelled as Hard."""
        return frozenset(p for p in range(n) if p != self.me and self.plays_like_hard(p))
