"""The game's one source of chance: a tiny seeded generator (SplitMix64).

Its whole state is one integer, so copying a game copies the generator for free, and a
seed gives the same game on every platform and Python version.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None):
        self.state = (seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK if state is None else state & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    # below(), shuffle() and draw() each spell out next64(): they are the only draws a game
    # makes, and a method call per number would cost more than the arithmetic.
    def below(self, n: int) -> int:
        """A number in range(n); multiply-shift keeps the bias below 2**-50 for game sizes."""
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GAMMA) & _MASK
            s = ((state ^ (state >> 30)) * _MIX1) & _MASK
            s = ((s ^ (s >> 27)) * _MIX2) & _MASK
            j = ((s ^ (s >> 31)) * (i + 1)) >> 64  # below(i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def draw(self, bag: list[int], n: int) -> list[int]:
        """Draw `n` items one by one without replacement from `bag` (a count per kind,
        reduced in place); returns the kinds drawn, in drawing order."""
        state = self.state
        left = sum(bag)
        drawn = []
        for _ in range(n):
            state = (state + _GAMMA) & _MASK
            s = ((state ^ (state >> 30)) * _MIX1) & _MASK
            s = ((s ^ (s >> 27)) * _MIX2) & _MASK
            x = ((s ^ (s >> 31)) * left) >> 64  # below(left)
            k = 0
            while x >= bag[k]:
                x -= bag[k]
                k += 1
            bag[k] -= 1
            left -= 1
            drawn.append(k)
        self.state = state
        return drawn

    def copy(self) -> Rng:
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
