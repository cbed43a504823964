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
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import GOLD, INK, INK_SOFT, WOOD_DARK, colour_of
from vikings.ui.scenes.results_journey import ResultsJourney
from vikings.ui.scenes.results_sheet import Row, course, final_scores, ordinal, results_rows
from vikings.ui.scenes.results_table import draw_score_sheet, needed_width
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
        self.charts_shown = False  # (a narrow window shows the sheet or the charts)
        self.tips: list = []  # (rect, text): the sheet's texts shown as tooltips
        self.b_switch = None

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
        """The banner, the score sheet and the charts. The sheet and the charts share the
        width when the sheet's texts fit in its part; otherwise each takes the whole width
        in turn (`tabs`: a button in the panel's head switches)."""
        px = self.app.look.px
        W, H = self.app.look.size
        top = self.layout.top
        gap = px(8)
        area = pygame.Rect(gap, top.bottom + gap, W - 2 * gap, H - top.bottom - 2 * gap)
        banner = pygame.Rect(area.x, area.y, area.w, getattr(self, "banner_h", px(92)))
        strip = self.journey.height(self.app.look, area.w)  # the journey's lines (0: nothing to say)
        journey = pygame.Rect(area.x, banner.bottom + gap, area.w, strip)
        top_below = journey.bottom + (gap if strip else 0)
        below = pygame.Rect(area.x, top_below, area.w, area.bottom - top_below)
        need = needed_width(self.app.look, self.rows, self.match.seats)
        left_w = max(round(below.w * 0.54), need)
        if left_w > round(below.w * 0.62):
            return {"banner": banner, "journey": journey, "sheet": below, "charts": below, "tabs": True}
        sheet = pygame.Rect(below.x, below.y, left_w, below.h)
        charts = pygame.Rect(sheet.right + gap, below.y, below.right - sheet.right - gap, below.h)
        return {"banner": banner, "journey": journey, "sheet": sheet, "charts": charts, "tabs": False}

    def build_decision_ui(self) -> None:
        px, ui, look = self.app.look.px, self.app.ui, self.app.look
        banner = self.areas()["banner"]
        buttons = []  # (key, width, label, tip, object id), from the right edge leftwards
        for key, width, oid in (
            ("title", 140, None),
            ("new", 140, "@primary"),
            ("table", 160, None),
            ("review", 110, None),
            ("code", 130, None),
            ("stats", 120, None),
        ):
            # (the game code's words are in puzzles.yaml, the statistics' in journey.yaml)
            words = {"code": "puzzles.button.code", "stats": "journey.stats.button"}.get(key, f"results.button.{key}")
            label = t(words)
            buttons.append(
                (key, look.caption_width(label, width), label, t(f"{words}_tip"), oid)
            )  # (grows with the UI scale)
        text_x = banner.x + px(18) + self.app.sprites.get("board", "fame", height=px(60)).get_width() + px(16)
        right = banner.right - px(16)
        rows = [buttons]
        if right - sum(b[1] + px(10) for b in buttons) - text_x < px(420):  # the headline would be squeezed:
            rows = [buttons[2:], buttons[:2]]  # the others above New game and Title, on two rows
        h = min(px(92) - px(4), look.caption_height(40))
        spots, left = [], right
        for r, row in enumerate(rows):
            x = right
            for key, w, label, tip, oid in row:
                x -= w
                spots.append((key, r, x, w, label, tip, oid))
                x -= px(10)
            left = min(left, x + px(10))
        # The banner as tall as its lines and its rows of buttons need (the text's second line may take two).
        self.banner_room = left - text_x - px(16)
        head, lines, step = self.banner_lines(self.banner_room)
        self.banner_h = max(px(92), head.get_height() + step * len(lines) + px(12), len(rows) * (h + px(8)) + px(12))
        banner = self.areas()["banner"]
        top = banner.centery - (len(rows) * (h + px(8)) - px(8)) // 2
        self.b_results = {}
        for key, r, x, w, label, tip, oid in spots:
            rect = pygame.Rect(x, top + r * (h + px(8)), w, h)
            self.b_results[key] = self.add(
                pygame_gui.elements.UIButton(rect, label, ui, object_id=oid, tool_tip_text=tip)
            )
        if self.match.net is not None and not self.match.net.replays:  # a guest has no seed to replay
            for key in ("review", "code"):
                self.b_results[key].disable()
        fair = self.journey.play_caption()  # the same table at the fair level, in the journey's strip
        if fair:
            strip = self.areas()["journey"]
            w, fh = look.caption_width(fair, 120), min(strip.h - px(4), look.caption_height(28) + px(4))
            rect = pygame.Rect(strip.right - px(4) - w, strip.centery - fh // 2, w, fh)
            tip = t("journey.fair.play_tip")
            self.b_results["fair"] = self.add(pygame_gui.elements.UIButton(rect, fair, ui, tool_tip_text=tip))
        a = self.areas()
        self.b_switch = None
        if a["tabs"]:  # one panel at a time: the sheet or the course
            label = t("results.show_course") if not self.charts_shown else t("results.show_sheet")
            w, sh = look.caption_width(label, 120), look.caption_height(30)
            box = pygame.Rect(a["sheet"].right - px(10) - w, a["sheet"].y + px(8), w, sh)
            self.b_switch = self.add(pygame_gui.elements.UIButton(box, label, ui))
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
        if self.b_switch is not None:
            self.b_switch.hide() if self.table_view else self.b_switch.show()
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
        elif el is not None and el is self.b_switch:
            self.switch_view()
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
        if event.key == pygame.K_TAB and self.b_switch is not None and not self.table_view:
            self.switch_view()
            return True
        return False

    def switch_view(self) -> None:
        """The score sheet or the game's course, when only one fits (the Tab key, too)."""
        self.charts_shown = not self.charts_shown
        self.tooltip = None
        self.kill_ui()
        self.build_ui()
        self.app.invalidate()

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
            return
        tip = next((text for r, text in self.tips if r.collidepoint(pos)), None)
        if tip != self.tooltip or tip:
            self.tooltip, self.mouse = tip, pos
            self.app.invalidate()

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
        self.tips = []
        if not a["tabs"] or not self.charts_shown:
            self.draw_sheet(surface, a["sheet"])
        if not a["tabs"] or self.charts_shown:
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
        room = self.banner_room
        head, lines, step = self.banner_lines(room)
        y = rect.centery - (head.get_height() + step * len(lines)) // 2
        surface.blit(head, (x, y))
        font = look.font(15)
        for i, line in enumerate(lines):
            surface.blit(font.render(line, True, INK_SOFT), (x + px(2), y + head.get_height() + i * step))
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

    def banner_lines(self, room: int) -> tuple:
        """The banner's title (in smaller lettering if it must) and the lines under it: the
        second line's parts each on a line of their own when it is too long for `room`."""
        look, px = self.app.look, self.app.look.px
        title, sub = self.headline()
        f = look.font(24, True)
        if f.size(title)[0] <= room:
            head = look.fit_text(title, 32, WOOD_DARK, bold=True, width=room, height=px(52))
        else:  # too long even in smaller lettering: two lines
            rows = [f.render(line, True, WOOD_DARK) for line in wrap(f, title, room)]
            head = pygame.Surface(
                (max(r.get_width() for r in rows), sum(r.get_height() for r in rows)), pygame.SRCALPHA
            )
            for i, r in enumerate(rows):
                head.blit(r, (0, i * rows[0].get_height()))
        font = look.font(15)
        parts = [sub] if font.size(sub)[0] <= room else [p.strip() for p in sub.split("   ·   ")]
        lines = [line for part in parts for line in wrap(font, part, room)]
        return head, lines, font.get_height() - px(3)

    def column_order(self) -> list[int]:
        g = self.match.game
        ranks = g.ranks or [1] * g.n
        return sorted(range(g.n), key=lambda p: (ranks[p], p))

    def draw_sheet(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        pad = px(14)
        head = look.text(t("results.sheet"), 18, WOOD_DARK, bold=True)
        hy = rect.y + px(10)
        if self.b_switch is not None:  # (the head as tall as the switch beside it)
            hy = self.b_switch.rect.centery - head.get_height() // 2
        surface.blit(head, (rect.x + pad, hy))
        fame_icon = self.app.sprites.get("board", "fame", height=px(18))
        icon_x = rect.x + pad + head.get_width() + px(8)
        surface.blit(fame_icon, (icon_x, hy + (head.get_height() - fame_icon.get_height()) // 2))
        right = (self.b_switch.rect.x - px(10)) if self.b_switch is not None else rect.right - pad
        note_font = look.font(12)
        note = t("results.sheet_note")
        if note_font.size(note)[0] <= right - icon_x - fame_icon.get_width() - px(16):
            img = note_font.render(note, True, INK_SOFT)
            surface.blit(img, (right - img.get_width(), hy + head.get_height() - img.get_height()))
        else:  # no room beside the title: the note is its tooltip
            self.tips.append(
                (pygame.Rect(rect.x + pad, hy, icon_x + fame_icon.get_width() - rect.x, head.get_height()), note)
            )
        top = max(hy + head.get_height(), self.b_switch.rect.bottom if self.b_switch is not None else 0) + px(8)
        inner = pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - px(12) - top)
        drawn = draw_score_sheet(
            surface, look, inner, self.rows, self.match.seats, self.column_order(), set(self.winners())
        )
        self.tips += drawn.tips

    def draw_charts(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        g, seats = self.match.game, self.match.seats
        pad = px(14)
        head = look.text(t("results.course"), 18, WOOD_DARK, bold=True)
        hy = rect.y + px(10)
        if self.b_switch is not None:
            hy = self.b_switch.rect.centery - head.get_height() // 2
        surface.blit(head, (rect.x + pad, hy))
        # Legend.
        x = rect.x + pad
        y = max(hy + head.get_height(), self.b_switch.rect.bottom if self.b_switch is not None else 0) + px(6)
        font = look.font(14, True)
        for _p, seat in enumerate(seats):
            col = colour_of(seat.colour)
            name = font.render(seat.name, True, INK)
            w = px(28) + name.get_width() + px(16)
            if x + w > rect.right - pad and x > rect.x + pad:
                x = rect.x + pad
                y += max(px(24), font.get_height())
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
