"""Motion shared by the table scenes: pieces of value flying between the table's places.

Every flight is an `fx.Fly` (eased start and stop), so the animation speed setting
(instant included) and skipping (click, Space, Esc) govern them like every other effect.
"""
from __future__ import annotations

from .fx import Fly

COIN_STAGGER = 0.06   # seconds between coins of one payment
MAX_COINS = 5         # a payment shows at most this many coins (the number floats beside)


def money_flights(app, src, dst, gold: int, fame: int, duration: float = 0.45, size: int | None = None,
                  after: float = 0.0) -> list:
    """Coins (one per Gold, up to MAX_COINS) and Fame tokens flying from `src` to `dst`,
    one after another (the first `after` seconds in): a payment to the wheel, or income
    from a scoring to the card."""
    size = size or app.look.px(24)
    out = []
    n = after / COIN_STAGGER
    for icon, amount in (("coin", abs(gold)), ("fame", abs(fame))):
        img = app.sprites.get("board", icon, height=size)
        for _ in range(min(MAX_COINS, amount)):
            out.append(Fly(img, src, dst, duration=duration, arc=0.25, delay=n * COIN_STAGGER))
            n += 1
    return out
