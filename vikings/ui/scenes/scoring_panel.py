"""The scoring scene's decision panel (scenes/scoring.py): the current player's breakdown
line by line (an icon, the line's words, its Gold and Fame), the notes on threatened
Vikings and repelled ships, the total, the start player ship passing on, the game-over
note, and the Fame track with every player's marker. A part of `ScoringScene`: the panel
keeps which lines it lists and which one is lit; the scene hands it the event shown, the
lines counted and the Fame counted so far as it draws.
"""

from __future__ import annotations

import pygame

from vikings.text import words
from vikings.text.lang import number, t
from vikings.ui.drawing.chart import draw_marker, nice_max
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import BAD, GOLD, GOOD, INK, INK_SOFT, WOOD, WOOD_DARK, colour_of
from vikings.ui.scenes.scoring_text import (
    kind_inline,
    line_words,
    names_list,
    nothing_note,
    repelled_note,
    threatened_note,
)

STACK = 1.7  # markers on the same Fame stack upwards, this many radii apart


def line_icon(app, line: dict, height: int) -> pygame.Surface | None:
    """A small picture for a breakdown line (the Viking, the ship, a coin...)."""
    sprites = app.sprites
    what = line["what"]
    try:
        if what in ("goldsmith", "noble", "scout", "warrior", "fisherman"):
            return sprites.get("vikings", what, height=height)
        if what == "ship":
            return sprites.get("tiles", line["detail"], height=height)
        if what == "gold":
            return sprites.get("board", "coin", height=height)
        if what == "boatswains":
            return sprites.get("vikings", "boatswain", height=height)
        if what == "islands":
            return sprites.get("tiles", "start", height=height)
        if what == "longest":
            return sprites.get("tiles", "right_end", height=height)
        if what == "feeding":
            return sprites.get("vikings", "fisherman", height=height)
        if what == "special":
            return sprites.get("special_tiles", line["detail"], height=height)
    except Exception:  # an unknown piece must not stop the scoring
        return None
    return None


def amount_parts(app, gold: int, fame: int, size: float, height: int, zero: str = "") -> list:
    """[(surface, gap)] for '+3 (coin) +2 (fame)'; `zero` when both are 0."""
    look = app.look
    parts = []
    for v, icon in ((gold, "coin"), (fame, "fame")):
        if v:
            parts.append(look.text(f"{v:+d}".replace("-", "−"), size, GOOD if v > 0 else BAD, bold=True))
            parts.append(app.sprites.get("board", icon, height=height))
    if not parts and zero:
        parts.append(look.text(zero, size, INK_SOFT, bold=True))
    return parts


def blit_row(surface, parts, x: int, cy: int, gap: int, right: bool = False) -> int:
    """Blit surfaces side by side, centred on `cy`, from x (or ending at x); returns the far edge."""
    w = sum(p.get_width() for p in parts) + gap * max(0, len(parts) - 1)
    x = x - w if right else x
    for p in parts:
        surface.blit(p, (x, cy - p.get_height() // 2))
        x += p.get_width() + gap
    return x - gap


def fit(font, text: str, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


class ScoringPanel:
    """The decision panel of the scorings."""

    def __init__(self, app, match, board):
        self.app, self.match, self.board = app, match, board  # (the board tells the threat's progress)
        self.listed = 0  # lines of the breakdown listed
        self.active_line: int | None = None  # the line being counted, lit
        self.new_round = 0  # the round the start player ship passes on to
        self.head_w = 0  # the width the panel's heading may take (set as it draws)
        self.track: tuple | None = None  # (bar, pixels per Fame, Fame at the end) of the Fame track drawn
        self.markers_over = False  # the scene draws the markers over the panel (draw_markers)

    def begin(self) -> None:
        """A new scoring: nothing listed yet."""
        self.listed = 0
        self.active_line = None

    def show_line(self, i: int) -> None:
        """Line i is being counted: listed, and lit."""
        self.listed = i + 1
        self.active_line = i

    def draw(self, surface, vis, rect, e, skip, counting, counted: int, total, fames: dict) -> None:
        """The panel in `rect` about event `e` (a scoring, a start player passing, the game's
        end, or None); `skip` is the Skip button's rect (or None). While scoring `e` is being
        counted (`counting`), `counted` lines are counted on the card; `total` is its Gold
        and Fame; `fames` the Fame track's markers, counted so far."""
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        pad = px(14)
        inner = rect.inflate(-2 * pad, 0)
        # The bottom: a hint, and the Skip button (a widget) at the right.
        bottom = skip.y if skip is not None else rect.bottom - px(10) - px(34)
        hint_key = "scoring.skip.hint_player" if e is not None and e.type == "scoring" else "scoring.skip.hint_ahead"
        # (wrapped in the room left of the button; left out when it cannot be read whole there)
        small = look.font(12)
        hint = wrap(small, t(hint_key), max(1, (skip.x if skip else rect.right) - px(10) - inner.x))
        hint_h = len(hint) * small.get_linesize()
        if hint_h <= rect.bottom - px(4) - bottom and all(small.size(x)[0] <= inner.w for x in hint):
            y = bottom + (rect.bottom - px(8) - bottom - hint_h) // 2
            for line in hint:
                surface.blit(small.render(line, True, INK_SOFT), (inner.x, y))
                y += small.get_linesize()
        track_h = self._track_height()
        if inner.w > 1.9 * rect.h:  # a wide, low panel: the lines on the left, the Fame track beside them
            split = round(inner.w * 0.62)
            track = pygame.Rect(inner.x + split + px(16), bottom - px(8) - track_h, inner.w - split - px(16), track_h)
            body = pygame.Rect(inner.x, rect.y + px(10), split, bottom - px(4) - rect.y - px(10))
        else:
            track = pygame.Rect(inner.x, bottom - px(8) - track_h, inner.w, track_h)
            body = pygame.Rect(inner.x, rect.y + px(10), inner.w, track.y - px(8) - rect.y - px(10))
        self.head_w = inner.w  # (the heading runs over the whole panel, above the track too)
        self.draw_fame_track(surface, vis, track, fames, e.player if counting else None, not self.markers_over)
        if e is None:
            return
        if e.type == "scoring":
            self._draw_breakdown(surface, vis, body, e, counting, counted, total)
        elif e.type == "start_player":
            name = self.match.seats[e.player].name
            below = self._draw_heading(surface, body, e.player, t("scoring.round_begins", n=self.new_round), "")
            y = self._draw_text(
                surface,
                body.move(0, max(px(40), below - body.y)),  # (below a heading of two lines)
                [t("scoring.ship_passes", name=name, first=name, n=self.new_round)],
            )
            # Who hands the ship to whom: marker → ship → marker.
            n = self.match.game.n
            old, seats = (e.player - 1) % n, self.match.seats
            ship = self.app.sprites.get("board", "start_player", height=px(56))
            cy = y + px(14) + ship.get_height() // 2
            if cy + ship.get_height() // 2 < body.bottom:
                cx = body.centerx
                r = px(14)
                draw_marker(
                    surface,
                    look,
                    (cx - ship.get_width() // 2 - px(46), cy),
                    colour_of(seats[old].colour),
                    seats[old].name,
                    radius=r,
                )
                draw_marker(
                    surface,
                    look,
                    (cx + ship.get_width() // 2 + px(46), cy),
                    colour_of(seats[e.player].colour),
                    seats[e.player].name,
                    radius=r,
                )
                half = ship.get_width() // 2
                for x0 in (cx - half - px(30), cx + half + px(4)):  # arrows: old → ship → new
                    x1 = x0 + px(18)
                    pygame.draw.line(surface, WOOD, (x0, cy), (x1, cy), max(2, px(3)))
                    pygame.draw.polygon(surface, WOOD, [(x1, cy - px(6)), (x1 + px(8), cy), (x1, cy + px(6))])
                surface.blit(ship, ship.get_rect(center=(cx, cy)))
        elif e.type == "game_over":
            ranks = e.data["ranks"]
            winners = [p for p, r in enumerate(ranks) if r == 1]
            names = names_list(self.match.seats[p].name for p in winners)
            p = winners[0]
            below = self._draw_heading(surface, body, p, t("scoring.game_over"), "")
            said = t(
                "scoring.share_win" if len(winners) > 1 else "scoring.wins",
                names=names,
                fame=words.fame(e.data["fame"][p]),
                gold=words.gold(e.data["gold"][p]),
            )
            self._draw_text(surface, body.move(0, max(px(40), below - body.y)), [said, t("scoring.results_follow")])

    def _draw_heading(self, surface, body, p: int, title: str, right: str) -> int:
        look, px = self.app.look, self.app.look.px
        body = pygame.Rect(body.x, body.y, max(body.w, self.head_w), body.h)
        chip = pygame.Rect(body.x, body.y + px(2), px(10), px(28))
        r = look.text(right, 13, INK_SOFT) if right else None
        room = body.w - px(18) - (r.get_width() + px(10) if r else 0)
        for size in (20, 19, 18, 17):  # a long name: the heading takes two lines (smaller), never cut
            font = look.font(size, True)
            parts = wrap(font, title, room)
            if len(parts) <= 2:
                break
        if len(parts) > 1:
            chip.h = max(chip.h, len(parts) * font.get_linesize())
        y = chip.centery - len(parts) * font.get_linesize() // 2
        for part in parts:
            surface.blit(font.render(part, True, WOOD_DARK), (chip.right + px(8), y))
            y += font.get_linesize()
        if r:
            surface.blit(r, (body.right - r.get_width(), chip.y + (font.get_linesize() - r.get_height()) // 2))
        pygame.draw.rect(surface, colour_of(self.match.seats[p].colour), chip, border_radius=px(3))
        pygame.draw.rect(surface, INK, chip, 1, border_radius=px(3))
        return chip.bottom + px(8)

    def _draw_text(self, surface, body, lines) -> int:
        font = self.app.look.font(15)
        y = body.y
        for line in lines:
            for part in wrap(font, line, body.w):
                surface.blit(font.render(part, True, INK), (body.x, y))
                y += font.get_linesize()
            y += self.app.look.px(4)
        return y

    def _draw_breakdown(self, surface, vis, body, e, counting: bool, counted: int, total) -> None:
        look, px = self.app.look, self.app.look.px
        d = e.data
        p = e.player
        kind = d["kind"]
        title = t("scoring.heading", name=self.match.seats[p].name, kind=kind_inline(kind))
        order = self._order(e, vis)
        right = t("scoring.order", n=order[0], total=order[1]) if order[1] > 1 else ""
        y = self._draw_heading(surface, body, p, title, right)
        row_h = px(25)
        icon_h = px(20)
        font, small = look.font(15), look.font(13)
        rows = []  # (kind, payload)
        k = self.board.threat_k()
        note_font = look.font(14, True)
        row_h = max(row_h, note_font.get_linesize() + px(2), font.get_linesize() + px(2))

        def note(text: str, colour) -> None:  # a note wrapped whole over as many rows as it needs
            rows.extend(("note", (part, colour)) for part in wrap(note_font, text, body.w - px(8)))

        if k < 1 and self.board.ships(p):
            note(t("scoring.note.threat_runs"), INK_SOFT)
        if k >= 1:
            if d["threatened"]:
                note(threatened_note(len(d["threatened"])), BAD)
            if d["repelled"] and kind != "large":
                note(repelled_note(d["repelled"]), GOOD)
        lines = d["lines"]
        for i in range(min(self.listed, len(lines))):
            rows.append(("line", i))
        all_listed = self.listed >= len(lines) and (counted >= len(lines) or not counting)
        if not lines and (k >= 1 or not counting):
            note(nothing_note(kind), INK_SOFT)
        # The total, and after it what the player has now: beside it, or on a line of its own.
        now, total_parts, total_h = None, [], 0
        if lines and all_listed:
            tot = look.text(t("scoring.total"), 15, INK, bold=True)
            total_parts = amount_parts(self.app, total[0], total[1], 16, px(20), zero=t("scoring.nothing"))
            right_x = body.right - px(6) - sum(a.get_width() for a in total_parts) - px(3) * (len(total_parts) - 1)
            now_text = t("scoring.now", gold=words.gold(d["gold"]), fame=words.fame(d["fame"]))
            beside = right_x - px(10) - (body.x + px(4) + tot.get_width() + px(12))
            now = small.render(now_text, True, INK_SOFT)
            below = now.get_width() > beside
            total_h = row_h + px(6) + (small.get_linesize() if below else 0)
        room = body.bottom - y - total_h
        laid = [(kind_, payload, self._row_layout(body, lines, kind_, payload, row_h)) for kind_, payload in rows]
        hidden = 0
        if sum(h for _, _, (h, _) in laid) > room:  # the newest rows, a line saying how many are above
            used = row_h
            keep = 0
            for _, _, (h, _) in reversed(laid):
                if used + h > room and keep:
                    break
                used += h
                keep += 1
            hidden = len(laid) - keep
            laid = laid[hidden:]
            more = small.render(t("scoring.lines_above", count=hidden), True, INK_SOFT)
            surface.blit(more, (body.x + px(4), y + (row_h - more.get_height()) // 2))
            y += row_h
        for kind_, payload, (h, parts) in laid:
            cy = y + h // 2
            if kind_ == "note":
                text, colour = payload
                f = note_font
                surface.blit(f.render(text, True, colour), (body.x + px(4), cy - f.get_height() // 2))
            else:
                i = payload
                line = lines[i]
                if i == self.active_line:
                    pygame.draw.rect(surface, (250, 228, 160), (body.x, y + 1, body.w, h - 2), border_radius=px(5))
                x = body.x + px(4)
                icon = line_icon(self.app, line, icon_h)
                if icon is not None:
                    if icon.get_width() > icon_h * 1.4:
                        icon = pygame.transform.smoothscale(
                            icon, (round(icon_h * 1.4), round(icon.get_height() * icon_h * 1.4 / icon.get_width()))
                        )
                    surface.blit(icon, icon.get_rect(center=(x + icon_h // 2 + px(2), cy)))
                x += icon_h + px(10)
                lf, texts, detail, room_w, amounts = parts
                ly = cy - len(texts) * lf.get_linesize() // 2
                img = None
                for part in texts:
                    img = lf.render(part, True, INK)
                    surface.blit(img, (x, ly))
                    ly += lf.get_linesize()
                if detail and len(texts) == 1 and img is not None:
                    det_room = room_w - img.get_width() - px(8)
                    if small.size(detail)[0] <= det_room:  # (whole or not at all: the label says it)
                        det = small.render(detail, True, INK_SOFT)
                        surface.blit(det, (x + img.get_width() + px(8), cy - det.get_height() // 2 + px(1)))
                blit_row(surface, amounts, body.right - px(6), cy, px(3), right=True)
            y += h
        if now is not None:
            pygame.draw.line(surface, WOOD, (body.x, y + px(3)), (body.right, y + px(3)), max(1, px(1)))
            cy = y + px(6) + row_h // 2
            surface.blit(tot, (body.x + px(4), cy - tot.get_height() // 2))
            blit_row(surface, total_parts, body.right - px(6), cy, px(3), right=True)
            if below:
                surface.blit(now, (body.x + px(4), cy + row_h // 2))
            else:
                after_x = body.x + px(4) + tot.get_width() + px(12)
                surface.blit(now, (after_x, cy - now.get_height() // 2 + px(1)))

    def _row_layout(self, body, lines, kind_: str, payload, row_h: int):
        """(height, parts) of a row of the breakdown: a note's one line, or a line's lettering,
        its words (wrapped over two lines or more when even the smallest lettering is too
        wide: never cut), its detail, the words' room and its amounts."""
        look, px = self.app.look, self.app.look.px
        if kind_ == "note":
            return row_h, None
        line = lines[payload]
        icon_h = px(20)
        font = look.font(15)
        amounts = amount_parts(self.app, line["gold"], line["fame"], 15, px(18), zero=number(0))
        amount_w = sum(a.get_width() for a in amounts) + px(3) * (len(amounts) - 1)
        label, detail = line_words(line, self.app.rules)
        room_w = max(1, body.right - px(6) - amount_w - px(12) - (body.x + px(4) + icon_h + px(10)))
        lf = next((f for f in (font, look.font(14), look.font(13)) if f.size(label)[0] <= room_w), None)
        if lf is not None:  # (a long name in smaller letters before it takes two lines)
            return row_h, (lf, [label], detail, room_w, amounts)
        texts = wrap(font, label, room_w)
        return max(row_h, len(texts) * font.get_linesize() + px(4)), (font, texts, detail, room_w, amounts)

    def _order(self, e, vis) -> tuple[int, int]:
        """(position, count) of this player in the scoring's order (start player first)."""
        g = self.match.game
        n = g.n
        if e.data["kind"] == "final":  # the final scoring goes round the table from the first seat
            return e.player + 1, n
        start = vis.start_player if vis.start_player >= 0 else g.start_player
        return (e.player - start) % n + 1, n

    # The Fame track ----------------------------------------------------------------------------------
    def _track_height(self) -> int:
        px = self.app.look.px
        r = px(9)
        return 2 * r + round((self.match.game.n - 1) * STACK * r) + px(22)

    def track_end(self, vis, fames: dict) -> int:
        """The Fame at the track's right end: past the highest marker."""
        fames = fames or {p: float(pv.fame) for p, pv in enumerate(vis.players)}
        engine = [d.fame for d in self.match.game.displays]
        return nice_max(max(list(engine) + list(fames.values()) + [20]) + 2, 10)

    def draw_fame_track(self, surface, vis, rect, fames: dict, current: int | None, markers: bool = True) -> None:
        """The Fame track in `rect`: `fames` places the markers (each player's Fame in `vis`
        when empty); the marker of player `current` (being counted) is ringed. `markers`
        False: the track alone (the scoring draws the markers over it at every frame:
        `draw_markers`)."""
        look, px = self.app.look, self.app.look.px
        icon = self.app.sprites.get("board", "fame", height=px(22))
        bar_y = rect.bottom - px(20)
        surface.blit(icon, (rect.x, bar_y - icon.get_height() // 2))
        x0 = rect.x + icon.get_width() + px(14)
        x1 = rect.right - px(10)
        fames = fames or {p: float(pv.fame) for p, pv in enumerate(vis.players)}
        step = 10
        vmax = self.track_end(vis, fames)
        bar = pygame.Rect(x0, bar_y - px(4), x1 - x0, px(8))
        pygame.draw.rect(surface, (214, 196, 160), bar, border_radius=px(4))
        pygame.draw.rect(surface, WOOD, bar, 1, border_radius=px(4))
        font = look.font(12)
        unit = (x1 - x0) / vmax
        minor = 1 if unit >= px(6) else 5
        # Figures every 10 Fame, or every 20, 30 ... when large lettering would make them touch.
        every = step * max(1, -(-(font.size(str(vmax))[0] + px(6)) // max(1, round(step * unit))))
        for v in range(0, vmax + 1, minor):
            x = round(x0 + v * unit)
            big = v % step == 0
            if big or v % 5 == 0 or minor == 1:
                h = px(6) if big else (px(4) if v % 5 == 0 else px(2))
                pygame.draw.line(surface, INK_SOFT if big else WOOD, (x, bar.bottom), (x, bar.bottom + h), 1)
            if v % every == 0:
                lab = font.render(str(v), True, INK_SOFT)
                surface.blit(lab, lab.get_rect(midtop=(x, bar.bottom + px(6))))
        self.track = (bar, unit, vmax)
        if markers:
            self.draw_markers(surface, fames, current)

    def draw_markers(self, surface, fames: dict, current: int | None) -> list:
        """The players' markers on the Fame track as last drawn (`fames` places them, the
        marker of player `current` is ringed); the rects drawn over."""
        if self.track is None:
            return []
        bar, unit, vmax = self.track
        look, px = self.app.look, self.app.look.px
        seats = self.match.seats
        x0 = bar.x
        areas = []
        # Markers: ties (and near ties) stack upwards like pawns on a board.
        r = px(9)
        placed: list[tuple[float, int]] = []
        order = sorted(range(len(seats)), key=lambda p: (fames.get(p, 0), p == current))
        for p in order:
            x = x0 + max(0.0, min(vmax, fames.get(p, 0.0))) * unit
            layer = 0
            while any(abs(x - px_) < 2 * r - 1 and lay == layer for px_, lay in placed):
                layer += 1
            placed.append((x, layer))
            cy = bar.y - r + px(2) - round(layer * STACK * r)
            drawn = draw_marker(surface, look, (x, cy), colour_of(seats[p].colour), seats[p].name, radius=r)
            if p == current:
                ring = r + max(1, px(2))
                pygame.draw.circle(surface, GOLD, (round(x), cy), ring, max(1, px(2)))
                drawn = drawn.inflate(2 * ring, 2 * ring)
            areas.append(drawn.inflate(px(4), px(4)))  # (with its shadow)
        return areas
