"""How the table shares the window out, and how that sharing is measured.

The wheel and the large display of the player to move are the table: they take the
middle of the window and grow with it (together at least half of its area at every
shape from 1280x720 to 3840x2160). The players' cards, the game log and the decision
panel take the room left:

    wide windows (16:9, 16:10)              tall windows (4:3)
    +-------+--------+-------------+        +----------+------------------+
    | cards | wheel  | display     |        | wheel    | display          |
    |       |        |             |        |          |                  |
    |       +--------+-------------+        +----------+-+--------+-------+
    |       | log    | decision    |        | decision   | cards  | log   |
    +-------+--------+-------------+        +------------+--------+-------+

The wheel is sized against the display's tile so that a group on it stays about three
quarters of a display tile (WHEEL_PER_TILE), and the display has room for BOARD_COLS
columns (a longer island shrinks its tiles to fit).

`empty_area` measures what a layout leaves unused: the largest axis-aligned rectangle of
the window that no region covers (exact, over the grid the regions' edges make).
"""

from __future__ import annotations

import pygame

BOARD_COLS = 7  # columns (of tiles) the large display has room for before its tiles shrink
BOARD_LABEL = 24  # design pixels above the large display for its caption
DECISION_W = (420, 640)  # the decision panel's narrowest and widest (design pixels)
DECISION_MIN_H = 310  # design pixels: the decision panel's lowest height (wide layout; the auction needs it)
LOG_MIN_H = 210  # design pixels: the log's lowest height (room for the special tiles' strip too)
WHEEL_PER_TILE = 6.2  # the wheel's side in display tiles: a group is 0.122 of the side (~3/4 of a tile)
CARD_MIN_W = 200  # design pixels: a player's card is never narrower
TALL_ASPECT = 1.5  # windows narrower than this (4:3) use the tall arrangement
CARD_HEAD = 58  # design pixels of a card above its small display (see cards.draw_card)


class Layout:
    """Where everything goes, in window pixels, for any window size.

    Attributes: top (the bar), cards_area and cards (one rect per player), wheel (a
    square), board (the large display with its caption), log, decision, and `tall`
    (which arrangement)."""

    def __init__(self, look, n_players: int, mainland_aspect: float = 0.2, rows: int = 6, strip_h: int = 0):
        """strip_h: design pixels of the special tiles' strip (advanced game), which the
        tall arrangement gives a row of its own above the cards and the log (`strip`);
        the wide one leaves it to the log's area (specials.strip_split), `strip` None."""
        W, H = look.size
        px = look.px
        self.rows = rows
        self.strip_h = strip_h
        self.strip: pygame.Rect | None = None
        self.gap = gap = px(8)
        self.top = pygame.Rect(0, 0, W, px(50))
        y0 = self.top.bottom + gap
        avail_h = H - y0 - gap
        label = px(BOARD_LABEL)
        per_row = BOARD_COLS + mainland_aspect * rows  # the display's width in tiles
        self.tall = W / H < TALL_ASPECT
        if self.tall:
            self._tall(W, H, px, gap, y0, avail_h, label, per_row, n_players)
        else:
            self._wide(W, H, px, gap, y0, avail_h, label, per_row, n_players)

    # The two arrangements -------------------------------------------------------------------------
    def _wide(self, W, H, px, gap, y0, avail_h, label, per_row, n) -> None:
        rows = self.rows
        # The cards' column gives way (down to its narrowest) until wheel and display
        # take half of the window.
        for share in (0.19, 0.18, 0.17, 0.16, 0.15, 0.14, 0.13, 0.12):
            cw = max(px(CARD_MIN_W), round(W * share))
            x0 = gap + cw + gap
            room_w = W - x0 - gap
            t = (room_w - gap) / (WHEEL_PER_TILE + per_row)
            t = min(t, (avail_h - gap - px(DECISION_MIN_H) - label) / rows)
            board_w = round(per_row * t) + 2
            side = min(room_w - gap - board_w, avail_h - gap - px(LOG_MIN_H))
            spare = room_w - gap - board_w - side  # (the wheel reached its tallest)
            cw += spare
            x0 += spare
            board_h = label + round(rows * t) + 1
            if side * side + board_w * board_h >= 0.5 * W * H or cw <= px(CARD_MIN_W):
                break
        self.cards_area = pygame.Rect(gap, y0, cw, avail_h)
        self.wheel = pygame.Rect(x0, y0, side, side)
        self.board = pygame.Rect(self.wheel.right + gap, y0, W - gap - self.wheel.right - gap, board_h)
        bottom = y0 + avail_h
        self.log = pygame.Rect(x0, self.wheel.bottom + gap, side, bottom - self.wheel.bottom - gap)
        self.decision = pygame.Rect(
            self.board.x, self.board.bottom + gap, self.board.w, bottom - self.board.bottom - gap
        )
        self.cards = _stack(self.cards_area, n, gap, across=1)

    def _tall(self, W, H, px, gap, y0, avail_h, label, per_row, n) -> None:
        rows = self.rows
        room_w = W - 2 * gap
        band_min = px(DECISION_MIN_H) + px(60)
        t = (room_w - gap) / (WHEEL_PER_TILE + per_row)
        t = min(t, (avail_h - gap - band_min - label) / rows)
        board_w = round(per_row * t) + 2
        board_h = label + round(rows * t) + 1
        side = min(room_w - gap - board_w, avail_h - gap - band_min)
        board_w = room_w - gap - side  # any width left goes to the display's area
        self.wheel = pygame.Rect(gap, y0, side, side)
        self.board = pygame.Rect(self.wheel.right + gap, y0, board_w, board_h)
        band_y = max(self.wheel.bottom, self.board.bottom) + gap
        band = pygame.Rect(gap, band_y, room_w, y0 + avail_h - band_y)
        dec_w = max(px(DECISION_W[0]), round(room_w * 0.36))
        log_w = max(px(220), round(room_w * 0.2))
        self.decision = pygame.Rect(band.x, band.y, dec_w, band.h)
        rest = pygame.Rect(self.decision.right + gap, band.y, band.right - self.decision.right - gap, band.h)
        if self.strip_h:  # the special tiles' strip across the cards and the log
            self.strip = pygame.Rect(rest.x, rest.y, rest.w, px(self.strip_h))
            rest = pygame.Rect(rest.x, self.strip.bottom + gap, rest.w, rest.bottom - self.strip.bottom - gap)
        self.log = pygame.Rect(rest.right - log_w, rest.y, log_w, rest.h)
        self.cards_area = pygame.Rect(rest.x, rest.y, self.log.x - gap - rest.x, rest.h)
        best = max(range(1, n + 1), key=lambda a: _card_tile(self.cards_area, n, a, gap, px))
        self.cards = _stack(self.cards_area, n, gap, across=best)

    # Measures -------------------------------------------------------------------------------------
    def regions(self, board_used: pygame.Rect | None = None) -> list[pygame.Rect]:
        """Every laid-out region (the display's as drawn when `board_used` is given)."""
        extra = [self.strip] if self.strip is not None else []
        return [self.top, self.wheel, board_used or self.board, self.log, self.decision] + extra + list(self.cards)

    def card_body(self, rect: pygame.Rect, px) -> pygame.Rect:
        """Where a card's small display goes (cards.draw_card draws it there)."""
        return pygame.Rect(
            rect.x + px(8), rect.y + px(CARD_HEAD), rect.w - px(16), rect.bottom - rect.y - px(CARD_HEAD) - px(6)
        )


def _stack(area: pygame.Rect, n: int, gap: int, across: int) -> list[pygame.Rect]:
    """n cards in a grid `across` wide, filling `area`, in seat order (row by row)."""
    down = (n + across - 1) // across
    cw = (area.w - gap * (across - 1)) // across
    ch = (area.h - gap * (down - 1)) // down
    return [
        pygame.Rect(area.x + (i % across) * (cw + gap), area.y + (i // across) * (ch + gap), cw, ch) for i in range(n)
    ]


def _card_tile(area, n, across, gap, px) -> float:
    """The tile size a card's small display would get (5 columns wide) in that grid."""
    r = _stack(area, n, gap, across)[0]
    return min((r.h - px(CARD_HEAD) - px(6)) / 6, (r.w - px(16)) / 6)


def empty_area(window: pygame.Rect, regions) -> pygame.Rect:
    """The largest axis-aligned rectangle of `window` that no region overlaps.

    Exact: the regions' edges cut the window into a grid of cells, each wholly covered or
    wholly free; every maximal free rectangle has its sides on those cuts, so trying every
    band of columns with the free rows under it (a histogram per column band) finds it."""
    xs = sorted(
        {window.left, window.right}
        | {min(max(v, window.left), window.right) for r in regions for v in (r.left, r.right)}
    )
    ys = sorted(
        {window.top, window.bottom}
        | {min(max(v, window.top), window.bottom) for r in regions for v in (r.top, r.bottom)}
    )
    free = [
        [
            not any(r.colliderect(pygame.Rect(xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j])) for r in regions)
            for i in range(len(xs) - 1)
        ]
        for j in range(len(ys) - 1)
    ]
    best = pygame.Rect(0, 0, 0, 0)
    ncol = len(xs) - 1
    for a in range(ncol):
        ok = [True] * (len(ys) - 1)
        for b in range(a, ncol):
            ok = [ok[j] and free[j][b] for j in range(len(ok))]
            w = xs[b + 1] - xs[a]
            j = 0
            while j < len(ok):  # runs of rows free across columns a..b
                if not ok[j]:
                    j += 1
                    continue
                k = j
                while k < len(ok) and ok[k]:
                    k += 1
                h = ys[k] - ys[j]
                if w * h > best.w * best.h:
                    best = pygame.Rect(xs[a], ys[j], w, h)
                j = k
    return best
