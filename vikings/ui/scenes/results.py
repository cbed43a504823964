"""Results: who won, the final scoring category by category, and the game's course.

Drawn over the whole window below the top bar: a banner with the winner(s) and the
buttons, a score sheet (Fame before the final scoring, every final-scoring category,
Gold converted, final Fame and Gold, rank; players in rank order) and two charts of each
player's Fame and Gold after every round. "Final displays" shows the ordinary table with
the players' displays as the game ended. Every figure comes from the engine's records
(`game.scores`, `game.track`, `game.ranks`), so the same screen shows a finished game
that was loaded from a file. The rows and the course are made in results_sheet.py.

Enter or Esc: back to the title screen.
"""

from __future__ import annotations

import pygame
import pygame_gui

from vikings.text import lang, words
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.drawing.chart import Series, draw_line_chart, draw_marker
from vikings.ui.drawing.panels import panel
from vikings.ui.drawing.theme import BAD, GOLD, GOOD, INK, INK_SOFT, WHITE, WOOD, WOOD_DARK, colour_of
from vikings.ui.scenes.results_journey import ResultsJourney
from vikings.ui.scenes.results_sheet import Row, course, final_scores, ordinal, results_rows, seat_kind, signed
from vikings.ui.scenes.scoring_panel import fit
from vikings.ui.scenes.scoring_text import names_list
from vikings.ui.scenes.table_scene import TableScene
from vikings.ui.table.fx import Effect
from vikings.ui.table.hints import summary as hint_summary


class _Grow(Effect):
    duration = 1.4


class ResultsScene(TableScene):
    phases = frozenset({"over"})

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.table_view = False
        self._rows: tuple = ("", [])  # (language, the score sheet's rows in it)
        self.grow = _Grow(on_done=self._grown)
        self.grown = False
        self.fx.add(self.grow)
        self.ctx.viewed = None
        self.journey = ResultsJourney(app, self.match)  # records the game; the fair level

    def _grown(self) -> None:
        self.grown = True

    @property
    def progress(self) -> float:
        from vikings.ui.table.fx import ease

        return 1.0 if self.grown else ease(self.grow.progress)

    @property
    def rows(self) -> list[Row]:
        """The score sheet in the language in use (made anew after a change of language)."""
        if self._rows[0] != lang.language():
            self._rows = (lang.language(), results_rows(self.match.game))
        return self._rows[1]

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)

    # Layout and widgets ------------------------------------------------------------------------
    def top_buttons(self) -> tuple:
        # Nothing to undo at the end, and the banner has New game and Title (Esc still
        # leaves). A finished game saved under a name loads back to this screen.
        return tuple(
            (key, t(f"results.top.{key}"), t(f"results.top.{key}_tip")) for key in ("settings", "rules", "save")
        )

    def areas(self) -> dict:
        px = self.app.look.px
        W, H = self.app.look.size
        top = self.layout.top
        gap = px(8)
        area = pygame.Rect(gap, top.bottom + gap, W - 2 * gap, H - top.bottom - 2 * gap)
        banner = pygame.Rect(area.x, area.y, area.w, px(92))
        strip = self.journey.height(self.app.look)  # the journey's line (0: nothing to say)
        journey = pygame.Rect(area.x, banner.bottom + gap, area.w, strip)
        top_below = journey.bottom + (gap if strip else 0)
        below = pygame.Rect(area.x, top_below, area.w, area.bottom - top_below)
        left_w = round(below.w * 0.54)
        sheet = pygame.Rect(below.x, below.y, left_w, below.h)
        charts = pygame.Rect(sheet.right + gap, below.y, below.right - sheet.right - gap, below.h)
        return {"banner": banner, "journey": journey, "sheet": sheet, "charts": charts}

    def build_decision_ui(self) -> None:
        px, ui, look = self.app.look.px, self.app.ui, self.app.look
        banner = self.areas()["banner"]
        h = min(banner.h - px(4), look.caption_height(40))
        y = banner.centery - h // 2
        x = banner.right - px(16)
        self.b_results = {}
        for key, width, oid in (
            ("title", 140, None),
            ("new", 140, "@primary"),
            ("table", 160, None),
            ("review", 110, None),
            ("code", 130, None),
            ("stats", 120, None),
        ):
            words = {"code": "puzzles.button.code", "stats": "journey.stats.button"}.get(key, f"results.button.{key}")
            label, tip = (
                t(words),
                t(f"{words}_tip"),
            )  # (the game code's words: puzzles.yaml; the journey's: journey.yaml)
            w = look.caption_width(label, width)  # grows with the UI scale's lettering
            x -= w
            self.b_results[key] = self.add(
                pygame_gui.elements.UIButton(pygame.Rect(x, y, w, h), label, ui, object_id=oid, tool_tip_text=tip)
            )
            x -= px(10)
        fair = self.journey.play_caption()  # the same table at the fair level, in the journey's strip
        if fair:
            strip = self.areas()["journey"]
            w, fh = look.caption_width(fair, 120), strip.h - px(4)
            rect = pygame.Rect(strip.right - px(4) - w, strip.y + px(2), w, fh)
            tip = t("journey.fair.play_tip")
            self.b_results["fair"] = self.add(pygame_gui.elements.UIButton(rect, fair, ui, tool_tip_text=tip))
        r = self.layout.decision
        self.b_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(r.x + px(14), r.bottom - px(14) - h, r.w - px(28), h),
                t("results.button.back"),
                ui,
                object_id="@primary",
            )
        )

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
        elif el is self.b_results.get("code"):
            from vikings.ui.dialogs.game_code import CodePanel

            self.app.scenes.push(CodePanel(self.app, self.match))
        elif el is self.b_results.get("stats"):
            self.open_stats()
        elif el is self.b_results.get("fair"):
            self.journey.play_again(self.app, self.ctx)
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
        from vikings.ui.scenes.review import ReviewScene

        app, ctx = self.app, self.ctx
        app.scenes.switch(ReviewScene(app, self.match, back=lambda: app.scenes.switch(ResultsScene(app, ctx))))

    def open_stats(self) -> None:
        """The statistics of the profile who played (scenes/stats.py); Back comes here."""
        app, ctx = self.app, self.ctx
        flow.show(app, "stats", self.journey.profile, back=lambda: app.scenes.switch(ResultsScene(app, ctx)))

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
        fair = self.b_results.get("fair")
        self.journey.draw(surface, self.app.look, a["journey"], fair.rect.x if fair else None)
        self.draw_sheet(surface, a["sheet"])
        self.draw_charts(surface, a["charts"])

    shows_bag = False

    def top_text(self, vis) -> str:
        rounds = len(self.match.game.track) or self.app.rules.rounds
        used = hint_summary(self.match)  # how many hints each person asked for
        text = t(
            "results.top_text",
            rounds=t("results.rounds_played", count=rounds),
            players=t("results.players", count=self.match.game.n),
        )
        return text + (f"   ·   {used}" if used else "")

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
            title = t("results.wins", name=names[0])
            others = sorted((p for p in range(g.n) if p not in win), key=lambda p: g.ranks[p])
            sub = t("results.fame_and_gold", fame=words.fame(d.fame), gold=words.gold(d.gold))
            if others:
                q = others[0]
                sub += "   ·   " + t(
                    "results.next", rank=ordinal(g.ranks[q]), name=seats[q].name, fame=words.fame(g.displays[q].fame)
                )
                if g.displays[q].fame == d.fame:
                    sub += " " + t("results.gold_decides", gold=d.gold, other=g.displays[q].gold)
        else:
            title = t("results.share_win", names=names_list(names))
            sub = t(
                "results.both_with" if len(win) == 2 else "results.all_with",
                fame=words.fame(d.fame),
                gold=words.gold(d.gold),
            )
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
        head = look.fit_text(title, 32, WOOD_DARK, bold=True, width=room, height=rect.h - px(40))
        s = look.fit_text(sub, 15, INK_SOFT, width=room, height=px(17))
        y = rect.centery - (head.get_height() + s.get_height()) // 2
        surface.blit(head, (x, y))
        surface.blit(s, (x + px(2), y + head.get_height()))
        # The winners' markers beside the title.
        mx = x + head.get_width() + px(22)
        for p in self.winners():
            if mx + px(14) > x + room:
                break
            seat = self.match.seats[p]
            draw_marker(
                surface, look, (mx, y + head.get_height() // 2), colour_of(seat.colour), seat.name, radius=px(13)
            )
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
        head = look.text(t("results.sheet"), 18, WOOD_DARK, bold=True)
        surface.blit(head, (rect.x + pad, rect.y + px(10)))
        fame_icon = self.app.sprites.get("board", "fame", height=px(18))
        surface.blit(
            fame_icon,
            (
                rect.x + pad + head.get_width() + px(8),
                rect.y + px(10) + (head.get_height() - fame_icon.get_height()) // 2,
            ),
        )
        note = look.fit_text(
            t("results.sheet_note"), 12, INK_SOFT, width=max(1, rect.w - 2 * pad - head.get_width() - px(40))
        )
        surface.blit(
            note, (rect.right - pad - note.get_width(), rect.y + px(10) + head.get_height() - note.get_height())
        )
        order = self.column_order()
        inner = pygame.Rect(
            rect.x + pad,
            rect.y + px(10) + head.get_height() + px(8),
            rect.w - 2 * pad,
            rect.bottom - px(12) - (rect.y + px(10) + head.get_height() + px(8)),
        )
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
            kind = kind_font.render(fit(kind_font, seat_kind(seat), col_w - px(4)), True, INK_SOFT)
            surface.blit(kind, kind.get_rect(midtop=(cx, kind_y)))
        pygame.draw.line(
            surface, WOOD, (inner.x, inner.y + head_h - 1), (inner.right, inner.y + head_h - 1), max(1, px(2))
        )
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
                    text = "—" if not v else signed(v)
                    colour = INK_SOFT if not v else (GOOD if v > 0 else BAD)
                    font = value_font
                elif row.style == "total":
                    text, colour, font = lang.number(v), INK, total_font
                else:
                    text, colour, font = lang.number(v), INK, value_font
                img = font.render(text, True, colour)
                det = row.details[p]
                dimg = small.render(fit(small, det, col_w - px(6)), True, INK_SOFT) if det and row_h >= px(36) else None
                h = img.get_height() + (dimg.get_height() - px(3) if dimg else 0)
                top = box.centery - h // 2
                if row.style == "rank" and v == 1:
                    pygame.draw.rect(
                        surface, GOLD, img.get_rect(midtop=(cx, top)).inflate(px(16), px(2)), border_radius=px(10)
                    )
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
        head = look.text(t("results.course"), 18, WOOD_DARK, bold=True)
        surface.blit(head, (rect.x + pad, rect.y + px(10)))
        # Legend.
        x = rect.x + pad
        y = rect.y + px(10) + head.get_height() + px(6)
        font = look.font(14, True)
        for _p, seat in enumerate(seats):
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
        draw_line_chart(
            surface,
            look,
            fame_rect,
            [Series(s.name, colour_of(s.colour), fame[p]) for p, s in enumerate(seats)],
            labels,
            title=t("results.chart.fame"),
            icon=icon,
            progress=self.progress,
        )
        icon = self.app.sprites.get("board", "coin", height=px(20))
        draw_line_chart(
            surface,
            look,
            gold_rect,
            [Series(s.name, colour_of(s.colour), gold[p], dashed=True) for p, s in enumerate(seats)],
            labels,
            title=t("results.chart.gold"),
            icon=icon,
            progress=self.progress,
            x_title=t("results.chart.round"),
        )

    # The table view ---------------------------------------------------------------------------------
    def decision_text(self, vis) -> list[str]:
        title, sub = self.headline()
        return [title, sub, t("results.click_card")]


__all__ = ["ResultsScene", "Row", "results_rows", "course", "final_scores", "ordinal"]
