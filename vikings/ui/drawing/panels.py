"""Drawing the table's cards and text: a panel, wrapped text, the game log, a decision
panel's text, a tooltip and the top bar.
"""

from __future__ import annotations

import pygame

from vikings.text.lang import t
from vikings.ui.drawing.theme import BAD, INK, INK_SOFT, PAPER, WHITE, WOOD, WOOD_DARK


def panel(surface, rect: pygame.Rect, look, fill=PAPER, border=WOOD, width=2) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=look.px(8))
    pygame.draw.rect(surface, border, rect, max(1, look.px(width)), border_radius=look.px(8))


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


def fit_wrapped(look, text: str, size: float, width: int, height: int, bold: bool = False, sizes: int = 5):
    """(font, lines): `text` wrapped to `width` in the largest lettering, from `size` down
    by up to `sizes` steps, whose lines all fit `height` pixels; the smallest tried, wrapped
    whole, if none does (the caller gives it the room or lets it run on, never cut)."""
    for step in range(sizes + 1):
        font = look.font(size - step, bold)
        lines = wrap(font, text, width)
        if len(lines) * font.get_linesize() <= height:
            break
    return font, lines


_LOG_CACHE: dict = {}


def draw_log(surface, app, rect, lines, title: str | None = None, hover=None) -> list:
    """The newest log lines, bottom up, wrapped to the panel's width. Rendered once per
    change (wrapping and rendering some 60 lines each frame cost more than the rest).
    Returns [(rect, index into lines)] of the entries shown; `hover` (an index) is lit."""
    title = t("table.log.title") if title is None else title
    key = (rect.size, app.look.scale, app.look.text_scale, len(lines), lines[-1] if lines else "", title)
    if _LOG_CACHE.get("key") != key:
        img, spots, cut = _render_log(app, rect.size, lines, title)
        _LOG_CACHE.update(key=key, img=img, spots=spots, cut=cut)
    surface.blit(_LOG_CACHE["img"], rect)
    spots = [(r.move(rect.topleft), i) for r, i in _LOG_CACHE["spots"]]
    for r, i in spots:
        if i == hover:
            lit = pygame.Surface(r.size, pygame.SRCALPHA)
            lit.fill((255, 214, 90, 90))
            surface.blit(lit, r)
    return spots


def log_cut() -> set[int]:
    """The entries the log drawn last had to cut short (their whole text goes in a tooltip)."""
    return _LOG_CACHE.get("cut", set())


def _render_log(app, size, lines, title):
    look = app.look
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    panel(img, rect, look)
    head = look.text(title, 16, WOOD_DARK, bold=True)
    img.blit(head, (rect.x + look.px(10), rect.y + look.px(8)))
    font = look.font(14)  # the log runs wide now: a size that reads at 1280x720 too
    y = rect.bottom - look.px(8)
    top = rect.y + look.px(34)
    lh = font.get_linesize()
    spots, cut = [], set()
    for n, line in enumerate(reversed(lines)):
        parts = wrap(font, line, rect.w - look.px(24))
        if y - lh * len(parts) < top:
            room = (y - top) // lh
            if n or room < 1:
                break
            # The newest entry is always shown: as many of its lines as the panel holds
            # (a small window at a large UI scale has room for one), the rest in a tooltip.
            last = parts[room - 1]
            while last and font.size(last + " …")[0] > rect.w - look.px(24):
                last = last[:-1]
            parts = parts[: room - 1] + [last.rstrip() + " …"]
            cut.add(len(lines) - 1)
        y -= lh * len(parts) + look.px(3)
        spots.append((pygame.Rect(rect.x + look.px(6), y, rect.w - look.px(12), lh * len(parts)), len(lines) - 1 - n))
        for i, part in enumerate(parts):
            img.blit(
                font.render(part, True, INK if i == 0 else INK_SOFT),
                (rect.x + look.px(12) + (look.px(10) if i else 0), y + i * lh),
            )
    return img, spots, cut


class Aside(str):
    """A paragraph of a panel's text that can go first when the panel has no room for
    all (a note on what happens by itself, not what to do)."""


def draw_panel_text(surface, look, rect: pygame.Rect, lines, error: str | None = None, room: int | None = None) -> int:
    """A panel's text: a heading, paragraphs wrapped to its width, an error in red.
    Returns where the text ends (what follows is drawn below it). With `room` (pixels
    from the panel's top) the lettering shrinks, down to 70%, until the text fits in it:
    a large UI scale must not push the text into what the panel shows below it."""
    width = rect.w - look.px(28)
    lines = list(lines)
    while True:
        parts, height = _panel_parts(look, lines, error, width, room)
        if room is None or height <= room or len(lines) <= 2:
            break
        # Still too tall at the least lettering: a paragraph goes, whole: an aside first
        # (the longest), else the longest after the heading; never the heading or the last.
        middle = range(1, len(lines) - 1)
        asides = [i for i in middle if isinstance(lines[i], Aside)] or list(middle)
        lines.pop(max(asides, key=lambda i: len(lines[i])))
    y = rect.y + look.px(12)
    for font, text, colour in parts:
        if font is None:
            y += look.px(6)
            continue
        surface.blit(font.render(text, True, colour), (rect.x + look.px(14), y))
        y += font.get_linesize()
    return y


def text_height(look, lines, error, width: int) -> int:
    """How tall `draw_panel_text` draws `lines` at the least lettering it shrinks to."""
    return _panel_parts(look, lines, error, width, 0)[1]


def _panel_parts(look, lines, error, width: int, room: int | None) -> tuple[list, int]:
    """The lines of a panel's text at the largest lettering (down to 70%) that fits `room`."""
    for shrink in (1.0, 0.92, 0.85, 0.78, 0.7):
        parts = []  # (font, text, colour)
        for i, line in enumerate(lines):
            size, bold, colour = (20, True, WOOD_DARK) if i == 0 else (15, False, INK)
            font = look.font(size * shrink, bold)
            parts += [(font, part, colour) for part in wrap(font, line, width)] + [(None, "", None)]
        if error:
            font = look.font(14 * shrink, True)
            parts += [(font, part, BAD) for part in wrap(font, error, width)]
        height = look.px(12) + sum(f.get_linesize() if f is not None else look.px(6) for f, _, _ in parts)
        if room is None or height <= room:
            break
    return parts, height


def tip_layout(look, text: str, pos, window: pygame.Rect) -> tuple[pygame.font.Font, list[str], pygame.Rect]:
    """(font, lines, box) of a tooltip for the pointer at `pos`: wrapped to a column
    (wider, then in smaller lettering, when it would be taller than the window), right of
    and below the pointer, flipped left of or above it where the window ends there, and
    always inside the window."""
    px, edge = look.px, look.px(4)
    room = window.inflate(-2 * edge, -2 * edge)
    for size in (14, 13, 12):
        font = look.font(size)
        width = px(320)
        while True:
            lines = [p for line in text.split("\n") for p in wrap(font, line, width)]
            h = font.get_linesize() * len(lines) + px(12)
            if h <= room.h or width >= room.w - px(16):
                break
            width = min(room.w - px(16), width + px(160))
        if h <= room.h:
            break
    w = max(font.size(line)[0] for line in lines) + px(16) if lines else px(16)
    box = pygame.Rect(pos[0] + px(16), pos[1] + px(18), w, h)
    if box.right > room.right:
        box.right = pos[0] - px(8)  # (left of the pointer)
    if box.bottom > room.bottom:
        box.bottom = pos[1] - px(8)  # (above it)
    box.clamp_ip(room)
    return font, lines, box


def draw_tip_box(surface, look, text: str, pos) -> pygame.Rect:
    """A tooltip: dark box with wrapped lines beside the pointer, inside the window
    (`tip_layout`); returns its rect."""
    font, lines, box = tip_layout(look, text, pos, surface.get_rect())
    pygame.draw.rect(surface, (43, 33, 24), box, border_radius=look.px(5))
    pygame.draw.rect(surface, (212, 160, 23), box, 1, border_radius=look.px(5))
    for i, line in enumerate(lines):
        surface.blit(font.render(line, True, WHITE), (box.x + look.px(8), box.y + look.px(6) + i * font.get_linesize()))
    return box


def draw_top_bar(
    surface, app, top: pygame.Rect, text: str, bag: int | None, who: str | None, right: int | None = None
) -> None:
    """The table's top bar: the round and its scoring, the bag (if shown), whose turn it is,
    all left of `right` (the bar's buttons): when the UI scale makes them too wide the bag
    says only its count, then the lettering shrinks, then the turn is left to the lit card,
    then the round's scoring note goes (and the round is cut short as a last resort)."""
    look, px = app.look, app.look.px
    pygame.draw.rect(surface, WOOD_DARK, top)
    right = top.right if right is None else right
    tall = top.h - px(6)
    bag_img = app.sprites.get("board", "bag", height=px(30)) if bag is not None else None
    bag_texts = (t("table.top.bag", count=bag), str(bag)) if bag is not None else ("",)
    for bag_text in bag_texts:
        label = look.fit_text(text, 17, WHITE, bold=True, height=tall)
        n = look.fit_text(bag_text, 15, WHITE, height=tall) if bag_img is not None else None
        w = look.fit_text(who, 17, (255, 226, 140), bold=True, height=tall) if who else None
        used = px(14) + label.get_width() + px(10)
        if bag_img is not None:
            used += bag_img.get_width() + px(4) + n.get_width() + px(30)
        if w is not None:
            used += w.get_width()
        if used <= right:
            break
    if used > right and w is not None:  # still too wide: the turn goes (the lit card says it)
        used -= w.get_width()
        w = None
    if used > right and "·" in text:  # then the round's scoring note: the round alone, whole
        used -= label.get_width()
        text = text.split("·")[0].strip()
        label = look.fit_text(text, 17, WHITE, bold=True, height=tall)
        used += label.get_width()
    if used > right:  # the round text cut short only when even that is not enough
        room = right - (used - label.get_width())
        label = look.fit_text(text, 17, WHITE, bold=True, width=max(px(40), room), height=tall)
    surface.blit(label, (px(14), top.centery - label.get_height() // 2))
    x = px(24) + label.get_width()
    if bag_img is not None:
        surface.blit(bag_img, (x, top.centery - bag_img.get_height() // 2))
        surface.blit(n, (x + bag_img.get_width() + px(4), top.centery - n.get_height() // 2))
        x += bag_img.get_width() + n.get_width() + px(30)
    if w is not None:
        surface.blit(w, (x, top.centery - w.get_height() // 2))
