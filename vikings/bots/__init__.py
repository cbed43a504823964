"""Built-in opponents, from Random to Expert: search and evaluation only, no words.
`make_bot(level, seed)` builds one.

May import: vikings.engine only.
"""

from __future__ import annotations

from vikings.bots.base import Bot, Cancelled, CancelToken, RandomBot

LEVELS = ("random", "beginner", "normal", "hard", "expert")


def make_bot(level: str, seed: int = 0) -> Bot:
    level = level.lower()
    if level == "random":
        return RandomBot(seed)
    if level == "beginner":
        from vikings.bots.heuristic import BeginnerBot

        return BeginnerBot(seed)
    if level == "normal":
        from vikings.bots.heuristic import NormalBot

        return NormalBot(seed)
    if level in ("hard", "expert"):
        from vikings.bots.mcts import make_search_bot

        return make_search_bot(level, seed)
    raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")


__all__ = ["Bot", "CancelToken", "Cancelled", "RandomBot", "LEVELS", "make_bot"]
