"""Small animations: pieces flying across the table, floating numbers, pauses.

Effects run one after another in a queue (a move is shown step by step); `speed` comes
from the settings (0 = instant). Positions are in window pixels; the scene recomputes
them after a resize, so effects are short and cheap to restart.
"""

from __future__ import annotations

import math


def ease(t: float) -> float:
    """Smooth start and stop."""
    return 0.5 - 0.5 * math.cos(math.pi * min(1.0, max(0.0, t)))


class Effect:
    duration = 0.5

    def __init__(self, duration: float | None = None, on_done=None):
        if duration is not None:
            self.duration = duration
        self.t = 0.0
        self.on_done = on_done
        self.area = None  # the window's pixels its last drawing covered (None: none)

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def draw(self, surface) -> None:
        pass


class Fly(Effect):
    """A sprite moving from `start` to `end` (centres), rising in a low arc."""

    def __init__(self, sprite, start, end, duration=0.55, on_done=None, arc=0.15, delay=0.0):
        super().__init__(duration + delay, on_done)
        self.sprite, self.start, self.end, self.arc, self.delay = sprite, start, end, arc, delay

    def draw(self, surface) -> None:
        if self.t < self.delay:
            return  # (a staggered flight: not off yet)
        span = self.duration - self.delay
        k = ease(1.0 if span <= 0 else (self.t - self.delay) / span)
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        y -= math.sin(math.pi * k) * self.arc * math.dist(self.start, self.end)
        r = self.sprite.get_rect(center=(round(x), round(y)))
        self.area = surface.blit(self.sprite, r)


class Float(Effect):
    """A text (e.g. "+3 Fame") rising and fading at `pos`."""

    def __init__(self, text_surface, pos, duration=1.1, on_done=None, rise=40):
        super().__init__(duration, on_done)
        self.text, self.pos, self.rise = text_surface, pos, rise

    def draw(self, surface) -> None:
        k = self.progress
        img = self.text
        if k > 0.6:
            img = img.copy()
            img.set_alpha(round(255 * (1 - (k - 0.6) / 0.4)))
        self.area = surface.blit(img, img.get_rect(center=(self.pos[0], round(self.pos[1] - self.rise * ease(k)))))


class Pause(Effect):
    """Nothing moves (a beat between steps, or a bot's pace)."""


class Call(Effect):
    """Runs a function when its turn in the queue comes (e.g. reveal the next step)."""

    duration = 0.0

    def __init__(self, fn):
        super().__init__(0.0, fn)


class FxQueue:
    """Effects in order; `parallel` groups start together."""

    def __init__(self):
        self.queue: list[list[Effect]] = []
        self.speed = 1.0
        self.steps = 0  # groups finished or cleared so far (their ends change the scene)

    @property
    def active(self) -> bool:
        return bool(self.queue)

    def add(self, *effects: Effect) -> None:
        self.queue.append(list(effects))

    def clear(self, finish: bool = True) -> None:
        """Skip: run what the remaining effects would have run at their end."""
        queue, self.queue = self.queue, []
        self.steps += 1
        if finish:
            for group in queue:
                for e in group:
                    if e.on_done:
                        e.on_done()

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.clear()
            return
        while self.queue:
            group = self.queue[0]
            for e in group:
                e.t += dt * self.speed
            if all(e.t >= e.duration for e in group):
                self.queue.pop(0)
                self.steps += 1
                for e in group:
                    if e.on_done:
                        e.on_done()
                dt = 0.0  # the next group starts on the next frame
                if self.queue and all(e.duration <= 0 for e in self.queue[0]):
                    continue
            break

    def tweening(self) -> bool:
        """A Tween runs now: it changes the scene at every frame (the wheel turning)."""
        return bool(self.queue) and any(isinstance(e, Tween) for e in self.queue[0])

    def draw(self, surface) -> list:
        """Draw the running effects; the window's rects they covered."""
        areas: list = []
        if self.queue:
            for e in self.queue[0]:
                e.area = None
                e.draw(surface)
                if e.area is not None:
                    areas.append(e.area)
        return areas


class Tween(Effect):
    """A value moving from `start` to `end`, handed to `setter` every frame (the wheel's
    turn, a score counting up)."""

    def __init__(self, setter, start: float, end: float, duration=0.6, on_done=None):
        super().__init__(duration, on_done)
        self.setter, self.start, self.end = setter, start, end
        setter(start)

    def draw(self, surface) -> None:
        self.setter(self.start + (self.end - self.start) * ease(self.progress))
