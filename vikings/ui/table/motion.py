"""Motion shared by the table scenes: pieces of value flying between the table's places.

Every flight is an `fx.Fly` (eased start and stop), so the animation speed setting
(instant included) and skipping (click, Space, Esc) govern them like every other effect.
"""

from __future__ import annotations

from vikings.ui.table.fx import Fly

COIN_STAGGER = 0.06  # seconds between coins of one payment
MAX_COINS = 5  # a payment shows at most this many coins (the number floats beside)
ARC = 0.1  # how high a coin's arc rises, as a share of its way (it stays on the table)


def money_flights(
    app, src, dst, gold: int, fame: int, duration: float = 0.45, size: int | None = None, after: float = 0.0
) -> list:
    """Coins (one per Gold, up to MAX_COINS) and Fame tokens flying from `src` to `dst`,
    one after another (the first `after` seconds in): a payment to the wheel, or income
    from a scoring to the card."""
    size = size or app.look.px(24)
    out = []
    n = after / COIN_STAGGER
    for icon, amount in (("coin", abs(gold)), ("fame", abs(fame))):
        img = app.sprites.get("board", icon, height=size)
        for _ in range(min(MAX_COINS, amount)):
            out.append(Fly(img, src, dst, duration=duration, arc=ARC, delay=n * COIN_STAGGER))
            n += 1
    return out


class CountingFigures:
    """Figures (a card's Gold and Fame) that count towards their real values instead of
    jumping: fast at first, then slower (an exponential ease-out), at the animation speed
    (instant: at once). `show(key, values)` gives what to draw and sets the target;
    `update(dt, speed)` moves them and says whether they are still moving."""

    RATE = 7.0  # per second: the share of the way left that a frame covers is dt * speed * RATE

    def __init__(self):
        self.now: dict = {}
        self.target: dict = {}
        self.moving = False

    def show(self, key, values) -> tuple:
        self.target[key] = tuple(values)
        cur = self.now.setdefault(key, [float(v) for v in values])
        self.moving |= any(abs(c - v) >= 0.05 for c, v in zip(cur, values))
        return tuple(round(c) for c in cur)

    def update(self, dt: float, speed: float) -> bool:
        k = 1.0 if speed <= 0 else min(1.0, dt * speed * self.RATE)
        was, self.moving = self.moving, False
        for key, cur in self.now.items():
            to = self.target.get(key, cur)
            for i, v in enumerate(to):
                cur[i] += (v - cur[i]) * k
                if abs(v - cur[i]) < 0.05:
                    cur[i] = float(v)
                else:
                    self.moving = True
        return self.moving or was

    def snap(self) -> None:
        """Skip: every figure at its value."""
        self.now.clear()
        self.moving = False
