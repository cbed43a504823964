"""The ring on a thinking bot's card: how far its search is (the share of its budget the
search reports, bots/base.py CancelToken.report) and how long it has taken so far, so a
person at the table sees that the window is alive and roughly how long is left."""

from __future__ import annotations

import math

import pygame

from vikings.text.lang import number, t

TRACK = (226, 208, 170)
FILL = (178, 112, 22)


def ring_points(center, radius: float, share: float, steps: int = 48) -> list[tuple[float, float]]:
    """The arc from twelve o'clock clockwise over `share` of the circle (at least 2 points)."""
    cx, cy = center
    share = min(1.0, max(0.0, share))
    n = max(2, round(steps * share) + 1)
    return [
        (
            cx + radius * math.sin(2 * math.pi * share * i / (n - 1)),
            cy - radius * math.cos(2 * math.pi * share * i / (n - 1)),
        )
        for i in range(n)
    ]


def draw_ring(surface: pygame.Surface, center, radius: int, share: float, width: int) -> pygame.Rect:
    """A faint full circle and, over it, the arc of the share done."""
    pygame.draw.circle(surface, TRACK, center, radius, max(1, width))
    if share > 0.005:
        pts = ring_points(center, radius - width / 2, share)
        pygame.draw.lines(surface, FILL, False, pts, max(1, width))
        for p in (pts[0], pts[-1]):  # round ends
            pygame.draw.circle(surface, FILL, p, max(1, width) / 2)
    return pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)


def ring_label(seconds: float) -> str:
    """ "thinking… 2.3 s" / "denkt nach… 2,3 s"."""
    return t("table.card.thinking_for", seconds=number(seconds, 1))


class RingWatch:
    """Whether the ring would look different now: the table redraws only then (about ten
    times a second while a bot thinks, not every frame)."""

    def __init__(self):
        self.shown = None

    def changed(self, thought) -> bool:
        shown = None if thought is None else (round(thought[0] * 48), int(thought[1] * 10))
        if shown == self.shown:
            return False
        self.shown = shown
        return True
