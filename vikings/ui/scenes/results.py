"""Results: who won, the final scoring category by category, and the game's course.

Drawn over the whole window below the top bar: a banner with the winner(s) and the
buttons, a score sheet (Fame before the final scoring, every final-scoring category,
Gold converted, final Fame and Gold, rank; players in rank order) and two charts of each
player's Fame and Gold after every round. "Final displays" shows the ordinary table with
the players' displays as the game ended. Every figure comes from the engine's records
(`game.scores`, `game.track`, `game.ranks`), so the same screen shows a finished game
that was loaded from a file.

Enter or Esc: back to the title screen.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame
import pygame_gui

from .. import flow
from ..chart import Series, draw_line_chart, draw_marker
from ..fx import Effect
from ..hint_view import summary as hint_summary
from ..table import panel
from ..theme import BAD, GOLD, GOOD, INK, INK_SOFT, WHITE, WOOD, WOOD_DARK, colour_of
from .scoring import fit
from .table_scene import TableScene


class Row(NamedTuple):
    key: str
    label: str
    hint: str                 # a small explanation under the label
    values: tuple             # per player (seat order): an int, or None for "nothing"
    details: tuple            # per player: a small text under the value
    style: str                # "value", "change", "total" or "rank"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def final_scores(game) -> tuple:
    """The final scoring's PlayerScores in seat order (empty if the game is not over)."""
    for _, kind, scores in reversed(game.scores):
        if kind == "final":
            return tuple(sorted(scores, key=lambda s: s.player))
    return ()


def results_rows(game) -> list[Row]:
    """The score sheet, from the engine's final scoring breakdown."""
    rules = game.rules
    s = rules.scoring
    scores = final_scores(game)
    n = len(scores)

    def lines(p, what):
        return [line for line in scores[p].lines if line.what == what]

    def total(p, what, field):
        return sum(getattr(line, field) for line in lines(p, what))

    before_fame = tuple(sc.fame - sc.fame_change for sc in scores)
    before_gold = tuple(sc.gold - sc.gold_change for sc in scores)
    rows = [Row("before", "Fame before the final scoring", f"after round {rules.rounds}", before_fame,
                tuple(f"and {g} Gold" for g in before_gold), "value")]
    ship_fame = tuple(total(p, "ship", "fame") for p in range(n))
    ship_details = []
    for p in range(n):
        ships, gold = len(lines(p, "ship")), total(p, "ship", "gold")
        ship_details.append("none" if not ships else
                            f"{ships} ship{'s' if ships > 1 else ''}" + (f", {gold:+d} Gold".replace("-", "−") if gold else ""))
    rows.append(Row("ships", "Ships not driven off", "each costs its value in Gold, else Fame", ship_fame,
                    tuple(ship_details), "change"))
    rows.append(Row("gold", "Gold converted", f"{s.gold_per_fame} Gold for 1 Fame",
                    tuple(total(p, "gold", "fame") for p in range(n)),
                    tuple(f"{-total(p, 'gold', 'gold')} Gold" + "".join(f", {x.detail.replace(' each', ' for 1')}"
                                                                      for x in lines(p, "gold") if x.detail)
                          for p in range(n)), "change"))  # (a detail: the Treasury's rate)
    for what, label, hint, unit in (
            ("boatswains", "Most boatswains", f"{s.most_boatswains_fame} Fame", "in the pool"),
            ("islands", "Most completed islands", f"{s.most_islands_fame} Fame", "completed"),
            ("longest", "Longest completed island", f"{s.longest_island_fame} Fame", "tiles long")):
        details = []
        for p in range(n):
            d = lines(p, what)[0].detail if lines(p, what) else "0"
            helped = [rules.specials[k].name for k in game.specials_held(p)  # advanced: tiles that count
                      if rules.specials[k].effect == ("boatswain" if what == "boatswains" else None)]
            details.append((f"{d} with {helped[0]}" if helped else f"{d} {unit}")
                           if d not in ("", "0") or what == "boatswains" else "none")
        rows.append(Row(what, label, hint + " (ties all score)", tuple(total(p, what, "fame") for p in range(n)),
                        tuple(details), "change"))
    rows.append(Row("feeding", "Feeding", f"{s.overfeed_fame} Fame per spare portion, −{s.underfeed_fame} per hungry Viking",
                    tuple(total(p, "feeding", "fame") for p in range(n)),
                    tuple((lines(p, "feeding")[0].detail if lines(p, "feeding") else "")
                          + ("".join(f", {rules.specials[k].name}" for k in game.specials_held(p)
                                     if rules.specials[k].effect == "feeding")) for p in range(n)),
                    "change"))
    if any(lines(p, "special") for p in range(n)):  # advanced game: the building special tiles
        rows.append(Row("special", "Great buildings", "special tiles: 1 Fame per Viking on and around them",
                        tuple(total(p, "special", "fame") for p in range(n)),
                        tuple(", ".join(rules_name(rules, x.detail) for x in lines(p, "special")) or "none"
                              for p in range(n)), "change"))
    rows.append(Row("fame", "Final Fame", "", tuple(sc.fame for sc in scores), ("",) * n, "total"))
    rows.append(Row("final_gold", "Final Gold", "breaks a tie in Fame", tuple(sc.gold for sc in scores), ("",) * n, "value"))
    ranks = tuple(game.ranks) if game.ranks else tuple(1 for _ in range(n))
    rows.append(Row("rank", "Rank", "", ranks, ("",) * n, "rank"))
    return rows


def rules_name(rules, ident: str) -> str:
    """A special tile's name from its id (a scoring line's detail)."""
    return next((k.name for k in rules.specials if k.id == ident), ident)


def course(game) -> tuple[list[str], list[list[int]], list[list[int]]]:
    """x labels and each player's Fame and Gold: at the start, after every round, at the end."""
    rules = game.rules
    n = game.n
    gold0, fame0 = rules.setup.get(n, (0, 0))
    labels = ["Start"] + [str(i + 1) for i in range(len(game.track))]
    fame = [[fame0] + [t[p][0] for t in game.track] for p in range(n)]
    gold = [[gold0] + [t[p][1] for t in game.track] for p in range(n)]
    if game.is_over:
        labels.append("End")
        for p, d in enumerate(game.displays):
            fame[p].append(d.fame)
            gold[p].append(d.gold)
    return labels, fame, gold


class _Grow(Effect):
    duration = 1.4


class ResultsScene(TableScene):
    phases = frozenset({"over"})

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.table_view = False
        self.rows = results_rows(self.match.game)
        self.grow = _Grow(on_done=self._grown)
        self.grown = False
        self.fx.add(self.grow)
        self.ctx.viewed = None

    def _grown(self) -> None:
        self.grown = True

    @property
    def progress(self) -> float:
        from ..fx import ease
        return 1.0 if self.grown else ease(self.grow.progress)

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)

    # Layout and widgets ------------------------------------------------------------------------
    def top_buttons(self) -> tuple:
        # Nothing to undo at the end, and the banner has New game and Title (Esc still
        # leaves). A finished game saved under a name loads back to this screen.
        return (("settings", "Settings", "Window, animation speed, bot pace"),
                ("rules", "Rules", "The rules and a scoring summary (F1)"),
                ("save", "Save", "Save the finished game to look at its results again (Ctrl+S)"))

    def areas(self) -> dict:
        px = self.app.look.px
        W, H = self.app.look.size
        top = self.layout.top
        gap = px(8)
        area = pygame.Rect(gap, top.bottom + gap, W - 2 * gap, H - top.bottom - 2 * gap)
        banner = pygame.Rect(area.x, area.y, area.w, px(92))
        below = pygame.Rect(area.x, banner.bottom + gap, area.w, area.bottom - banner.bottom - gap)
        left_w = round(below.w * 0.54)
        sheet = pygame.Rect(below.x, below.y, left_w, below.h)
        charts = pygame.Rect(sheet.right + gap, below.y, below.right - sheet.right - gap, below.h)
        return {"banner": banner, "sheet": sheet, "charts": charts}

    def build_decision_ui(self) -> None:
        px, ui, look = self.app.look.px, self.app.ui, self.app.look
        banner = self.areas()["banner"]
        h = min(banner.h - px(4), look.caption_height(40))
        y = banner.centery - h // 2
        x = banner.right - px(16)
        self.b_results = {}
        for key, label, width, oid, tip in (
                ("title", "Title (Enter)", 140, None, "Back to the title screen"),
                ("new", "New game", 140, "@primary", "Set up a new game"),
                ("table", "Final displays", 160, None, "See the players' displays as the game ended"),
                ("review", "Review", 110, None, "Each player's chance to win after every decision, "
                 "and each person's costliest decisions")):
            w = look.caption_width(label, width)   # grows with the UI scale's lettering
            x -= w
            self.b_results[key] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, w, h), label, ui, object_id=oid, tool_tip_text=tip))
            x -= px(10)
        r = self.layout.decision
        self.b_back = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(r.x + px(14), r.bottom - px(14) - h, r.w - px(28), h), "Back to the results", ui,
            object_id="@primary"))

    def refresh_ui(self) -> None:
        super().refresh_ui()
        for b in self.b_results.values():
            b.hide() if self.table_view else b.show()
        self.b_back.show() if self.table_view else self.b_back.hide()

    def set_table_view(self, on: bool) -> None:
        self.table_view = on
        self.card_geos, self.board_geo, self.wheel_geo = [], None, None
        self.tooltip = None
        self.refresh_ui()
        self.app.invalidate()

    def handle_widget(self, event) -> bool:
        el = event.ui_element
        if el is self.b_back:
            self.set_table_view(False)
        elif el is self.b_results.get("table"):
            self.set_table_view(True)
        elif el is self.b_results.get("title"):
            flow.leave_game(self.app, self.ctx)
        elif el is self.b_results.get("new"):
            self.new_game()
        elif el is self.b_results.get("review"):
            self.open_review()
        else:
            return False
        return True

    def handle_key(self, event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            flow.leave_game(self.app, self.ctx)
            return True
        return False

    def new_game(self) -> None:
        app = self.app
        flow.leave_game(app, self.ctx)
        flow.show(app, "setup")

    def open_review(self) -> None:
        """The review of this game (scenes/review.py); leaving it comes back here."""
        from .review import ReviewScene
        app, ctx = self.app, self.ctx
        app.scenes.switch(ReviewScene(app, self.match, back=lambda: app.scenes.switch(ResultsScene(app, ctx))))

    def on_hover(self, pos) -> None:
        if self.table_view:
            super().on_hover(pos)

    # Drawing ------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.table_view:
            super().draw(surface)
            return
        vis = self.visible()
        self.draw_top(surface, vis)
        a = self.areas()
        self.draw_banner(surface, a["banner"])
        self.draw_sheet(surface, a["sheet"])
        self.draw_charts(surface, a["charts"])

    shows_bag = False

    def top_text(self, vis) -> str:
        rounds = len(self.match.game.track) or self.app.rules.rounds
        used = hint_summary(self.match)  # how many hints each person asked for
        return f"Game over   ·   {rounds} rounds played   ·   {self.match.game.n} players" + (f"   ·   {used}" if used else "")

    def winners(self) -> list[int]:
        g = self.match.game
        ranks = g.ranks or [1] * g.n
        return [p for p, r in enumerate(ranks) if r == 1]

    def headline(self) -> tuple[str, str]:
        g, seats = self.match.game, self.match.seats
        win = self.winners()
        names = [seats[p].name for p in win]
        d = g.displays[win[0]]
        if len(win) == 1:
            title = f"{names[0]} wins!"
            others = sorted((p for p in range(g.n) if p not in win), key=lambda p: g.ranks[p])
            sub = f"{d.fame} Fame and {d.gold} Gold"
            if others:
                q = others[0]
                sub += f"   ·   {ordinal(g.ranks[q])}: {seats[q].name}, {g.displays[q].fame} Fame"
                if g.displays[q].fame == d.fame:
                    sub += f" (Gold decides: {d.gold} to {g.displays[q].gold})"
        else:
            title = (", ".join(names[:-1]) + " and " + names[-1]) + " share the win!"
            sub = f"{'both' if len(win) == 2 else 'all'} with {d.fame} Fame and {d.gold} Gold"
        return title, sub

    def draw_banner(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look, fill=(250, 242, 222), border=GOLD, width=3)
        icon = self.app.sprites.get("board", "fame", height=px(60))
        surface.blit(icon, (rect.x + px(18), rect.centery - icon.get_height() // 2))
        x = rect.x + px(18) + icon.get_width() + px(16)
        title, sub = self.headline()
        room = (min(b.rect.x for b in self.b_results.values()) if self.b_results else rect.right) - x - px(16)
        # (both lines shrink to the banner's height at a large UI scale)
        t = look.fit_text(title, 32, WOOD_DARK, bold=True, width=room, height=rect.h - px(40))
        s = look.fit_text(sub, 15, INK_SOFT, width=room, height=px(17))
        y = rect.centery - (t.get_height() + s.get_height()) // 2
        surface.blit(t, (x, y))
        surface.blit(s, (x + px(2), y + t.get_height()))
        # The winners' markers beside the title.
        mx = x + t.get_width() + px(22)
        for p in self.winners():
            if mx + px(14) > x + room:
                break
            seat = self.match.seats[p]
            draw_marker(surface, look, (mx, y + t.get_height() // 2), colour_of(seat.colour), seat.name, radius=px(13))
            mx += px(32)

    def column_order(self) -> list[int]:
        g = self.match.game
        ranks = g.ranks or [1] * g.n
        return sorted(range(g.n), key=lambda p: (ranks[p], p))

    def draw_sheet(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        seats = self.match.seats
        pad = px(14)
        head = look.text("Final scoring", 18, WOOD_DARK, bold=True)
        surface.blit(head, (rect.x + pad, rect.y + px(10)))
        fame_icon = self.app.sprites.get("board", "fame", height=px(18))
        surface.blit(fame_icon, (rect.x + pad + head.get_width() + px(8), rect.y + px(10) + (head.get_height() - fame_icon.get_height()) // 2))
        note = look.text("Fame per category; Gold in small print", 12, INK_SOFT)
        surface.blit(note, (rect.right - pad - note.get_width(), rect.y + px(10) + head.get_height() - note.get_height()))
        order = self.column_order()
        inner = pygame.Rect(rect.x + pad, rect.y + px(10) + head.get_height() + px(8), rect.w - 2 * pad,
                            rect.bottom - px(12) - (rect.y + px(10) + head.get_height() + px(8)))
        label_w = round(inner.w * 0.40)
        col_w = (inner.w - label_w) // max(1, len(order))
        name_font, kind_font = look.font(16, True), look.font(11)
        # (the header grows with the UI scale's lettering: a name over person / bot level)
        head_h = max(px(44), name_font.get_height() + kind_font.get_height() + px(2))
        name_y = inner.y + max(head_h // 2 - px(8), name_font.get_height() // 2)
        kind_y = max(inner.y + head_h // 2 + px(3), name_y + name_font.get_height() // 2 - px(2))
        rows = self.rows
        row_h = max(px(30), (inner.h - head_h) // max(1, len(rows)))  # the rows fill the sheet
        winners = set(self.winners())
        # Winner columns lightly gilded.
        for i, p in enumerate(order):
            if p in winners:
                col = pygame.Rect(inner.x + label_w + i * col_w, inner.y, col_w, head_h + row_h * len(rows))
                pygame.draw.rect(surface, (250, 236, 190), col, border_radius=px(6))
        # Header: one column per player, in rank order.
        for i, p in enumerate(order):
            cx = inner.x + label_w + i * col_w + col_w // 2
            seat = seats[p]
            r = px(10)
            name = name_font.render(fit(name_font, seat.name, col_w - 2 * r - px(14)), True, INK)
            w = 2 * r + px(6) + name.get_width()
            x = cx - w // 2
            draw_marker(surface, look, (x + r, name_y), colour_of(seat.colour), seat.name, radius=r)
            surface.blit(name, (x + 2 * r + px(6), name_y - name.get_height() // 2))
            kind = kind_font.render("person" if seat.is_person else f"{seat.kind} bot", True, INK_SOFT)
            surface.blit(kind, kind.get_rect(midtop=(cx, kind_y)))
        pygame.draw.line(surface, WOOD, (inner.x, inner.y + head_h - 1), (inner.right, inner.y + head_h - 1), max(1, px(2)))
        value_font, total_font = look.font(17, True), look.font(20, True)
        small, label_font = look.font(12), look.font(15)
        y = inner.y + head_h
        for j, row in enumerate(rows):
            box = pygame.Rect(inner.x, y, inner.w, row_h)
            if row.style == "total":
                pygame.draw.rect(surface, (236, 214, 160), box, border_radius=px(4))
            elif j % 2:
                shade = pygame.Surface(box.size, pygame.SRCALPHA)
                shade.fill((122, 74, 36, 18))
                surface.blit(shade, box)
            lf = look.font(16, True) if row.style in ("total", "rank") else label_font
            lab = lf.render(fit(lf, row.label, label_w - px(10)), True, INK)
            hint = small.render(fit(small, row.hint, label_w - px(10)), True, INK_SOFT) if row.hint else None
            hh = lab.get_height() + (hint.get_height() if hint and row_h >= px(38) else 0)
            ly = box.centery - hh // 2
            surface.blit(lab, (box.x + px(6), ly))
            if hint and row_h >= px(38):
                surface.blit(hint, (box.x + px(6), ly + lab.get_height() - px(2)))
            for i, p in enumerate(order):
                cx = inner.x + label_w + i * col_w + col_w // 2
                v = row.values[p]
                if row.style == "rank":
                    text, colour, font = ordinal(v), (WOOD_DARK if v == 1 else INK), total_font
                elif row.style == "change":
                    text = "—" if not v else f"{v:+d}".replace("-", "−")
                    colour = INK_SOFT if not v else (GOOD if v > 0 else BAD)
                    font = value_font
                elif row.style == "total":
                    text, colour, font = str(v), INK, total_font
                else:
                    text, colour, font = str(v), INK, value_font
                img = font.render(text, True, colour)
                det = row.details[p]
                dimg = small.render(fit(small, det, col_w - px(6)), True, INK_SOFT) if det and row_h >= px(36) else None
                h = img.get_height() + (dimg.get_height() - px(3) if dimg else 0)
                top = box.centery - h // 2
                if row.style == "rank" and v == 1:
                    pygame.draw.rect(surface, GOLD, img.get_rect(midtop=(cx, top)).inflate(px(16), px(2)),
                                     border_radius=px(10))
                    img = font.render(text, True, WHITE)
                surface.blit(img, img.get_rect(midtop=(cx, top)))
                if dimg:
                    surface.blit(dimg, dimg.get_rect(midtop=(cx, top + img.get_height() - px(3))))
            y += row_h

    def draw_charts(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        g, seats = self.match.game, self.match.seats
        pad = px(14)
        head = look.text("The game's course", 18, WOOD_DARK, bold=True)
        surface.blit(head, (rect.x + pad, rect.y + px(10)))
        # Legend.
        x = rect.x + pad
        y = rect.y + px(10) + head.get_height() + px(6)
        font = look.font(14, True)
        for p, seat in enumerate(seats):
            col = colour_of(seat.colour)
            name = font.render(fit(font, seat.name, px(120)), True, INK)
            w = px(28) + name.get_width() + px(16)
            if x + w > rect.right - pad:
                x = rect.x + pad
                y += px(24)
            pygame.draw.line(surface, INK, (x, y + px(10)), (x + px(22), y + px(10)), max(2, px(3)) + 2)
            pygame.draw.line(surface, col, (x, y + px(10)), (x + px(22), y + px(10)), max(2, px(3)))
            surface.blit(name, (x + px(28), y + px(10) - name.get_height() // 2))
            x += w
        y += px(28)
        labels, fame, gold = course(g)
        body = pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, rect.bottom - px(12) - y)
        fame_rect = pygame.Rect(body.x, body.y, body.w, round(body.h * 0.56))
        gold_rect = pygame.Rect(body.x, fame_rect.bottom + px(10), body.w, body.bottom - fame_rect.bottom - px(10))
        icon = self.app.sprites.get("board", "fame", height=px(20))
        draw_line_chart(surface, look, fame_rect,
                        [Series(s.name, colour_of(s.colour), fame[p]) for p, s in enumerate(seats)],
                        labels, title="Fame after each round", icon=icon, progress=self.progress)
        icon = self.app.sprites.get("board", "coin", height=px(20))
        draw_line_chart(surface, look, gold_rect,
                        [Series(s.name, colour_of(s.colour), gold[p], dashed=True) for p, s in enumerate(seats)],
                        labels, title="Gold after each round", icon=icon, progress=self.progress,
                        x_title="Round")

    # The table view ---------------------------------------------------------------------------------
    def decision_text(self, vis) -> list[str]:
        title, sub = self.headline()
        return [title, sub, "Click a player's card to see that display."]


__all__ = ["ResultsScene", "Row", "results_rows", "course", "final_scores"]
