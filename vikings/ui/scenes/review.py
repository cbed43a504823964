"""The review of a game: each player's chance to win after every decision, the persons'
costliest decisions against a bot's, and the table as it was at any decision.

The review itself (vikings/advice/review.py) is computed in a helper process (review_job.py):
meanwhile a progress bar fills, Cancel stops it, and the replayed table can already be
stepped through (the replay is the engine's: the saved actions re-applied to the seed).
The table at moment k is the game after k decisions, where decision k+1 is made; the
panel on the right says what was played there and what the bot would have played.

Reached from the results screen ("Review") and from the Load panel for any save.
Left/Right step one decision, PageUp/PageDown jump by rounds, Home/End to the start/end,
a click on the chart (or dragging along it) chooses a moment, a click on a costly
decision jumps to it, Esc leaves. At a costly decision "Play from here" (or P) starts a
new game at the position before it, the same seats and bots, marked as practice
(advice/try_again.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from vikings.advice.review import DEFAULT_LEVEL, replays
from vikings.advice.try_again import try_again
from vikings.engine.actions import Buy, MoveViking, PlaceTile, ReplaceTile
from vikings.processes.review_job import PROCESS_ENDED, ReviewJob
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.drawing.cards import draw_card
from vikings.ui.drawing.displays import display_geometry, draw_display, ring_cell
from vikings.ui.drawing.panels import panel
from vikings.ui.drawing.specials import draw_held
from vikings.ui.drawing.theme import BAD, GOLD, INK, INK_SOFT, WHITE, WOOD_DARK, colour_of
from vikings.ui.drawing.view import Visible
from vikings.ui.drawing.wheel import draw_wheel
from vikings.ui.scene import Scene
from vikings.ui.scenes.review_chart import draw_chances, round_starts
from vikings.ui.scenes.review_text import Line, costly_lines, decision_lines, draw_lines, line_height
from vikings.ui.table.match import Match

BOT_FRAME = (255, 232, 150)  # the bot's move: the pale frame (the wheel's, drawing/wheel.py)


class ReviewScene(Scene):
    def __init__(
        self, app, match, back: Callable[[], None], level: str = DEFAULT_LEVEL, in_process: bool | None = None
    ):
        super().__init__(app)
        self.match = match
        self.back = back
        self.level = level
        self.in_process = in_process
        game = match.game
        self.seats = match.seats
        self.names = tuple(s.name for s in self.seats)
        self.colours = tuple(colour_of(s.colour) for s in self.seats)
        self.config, self.actions = game.config, tuple(game.actions())
        self.rules = game.rules
        self.states = replays(self.config, self.actions, self.rules)
        self.rounds = round_starts(self.states)
        self.persons = tuple(p for p, s in enumerate(self.seats) if s.is_person)
        self.index = len(self.actions)  # the moment shown: the game after `index` decisions
        self.viewed: int | None = None  # a display chosen by clicking its card
        self.job: ReviewJob | None = None
        self.review = None
        self.chart = None
        self.card_rects: list = []
        self.costly_spots: list = []  # (rect, moment) of the costly decisions listed
        self.table_frames: dict = {}  # the cells the table's frames mark: the move played, the bot's
        self.reasons: dict = {}  # (moment, action) -> the hints' reasons for that move (worked out once)
        self.side_skip = 0  # lines of the side panel scrolled out of view at its top
        self.side_scrolls = False  # whether the side panel's text is longer than the panel

    # The review in the background ----------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.job is None:
            self.start_review()
            self.refresh_ui()

    def start_review(self) -> None:
        if self.job is not None:
            self.job.close()
        self.review = None
        self.job = ReviewJob(
            self.rules, self.config, self.actions, self.persons, self.level, in_process=self.in_process
        ).start()

    def cancel_review(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.refresh_ui()
        self.app.invalidate()

    @property
    def status(self) -> str:
        """ "done", "running", "cancelled" or "failed"."""
        job = self.job
        if self.review is not None:
            return "done"
        if job is None:
            return "running"  # (about to start: the scene starts it on entering)
        if job.cancelled:
            return "cancelled"
        if job.error is not None:
            return "failed"
        return "running"

    def update(self, dt: float) -> None:
        job = self.job
        if job is None or self.review is not None:
            return
        before = (job.done, job.finished)
        job.poll()
        if job.review is not None:
            self.review = job.review
        if (job.done, job.finished) != before:
            self.refresh_ui()
            self.app.invalidate()

    def poll(self) -> float | None:
        return 0.1 if self.status == "running" else None

    def exit(self) -> None:
        super().exit()
        if self.job is not None:
            self.job.close()

    # Layout and widgets --------------------------------------------------------------------
    def areas(self) -> dict:
        look = self.app.look
        px = look.px
        W, H = look.size
        gap = px(8)
        top = pygame.Rect(0, 0, W, px(50))
        y0 = top.bottom + gap
        left_w = round(W * 0.19)
        cards = pygame.Rect(gap, y0, left_w - gap, H - y0 - gap)
        side_w = max(px(360), min(px(470), round(W * 0.28)))
        side = pygame.Rect(W - gap - side_w, y0, side_w, H - y0 - gap)
        mid = pygame.Rect(cards.right + gap, y0, side.x - gap - cards.right - gap, H - y0 - gap)
        chart = pygame.Rect(mid.x, mid.y, mid.w, round(mid.h * 0.42))
        low = pygame.Rect(mid.x, chart.bottom + gap, mid.w, mid.bottom - chart.bottom - gap)
        wheel_side = min(low.h, round(low.w * 0.5))
        wheel = pygame.Rect(low.x, low.y + (low.h - wheel_side) // 2, wheel_side, wheel_side)
        board = pygame.Rect(wheel.right + gap, low.y, low.right - wheel.right - gap, low.h)
        return {"top": top, "cards": cards, "side": side, "chart": chart, "wheel": wheel, "board": board}

    def build_ui(self) -> None:
        px, ui = self.app.look.px, self.app.ui
        a = self.areas()
        h = px(36)
        top = a["top"]
        back = t("review.button.back")
        bw = self.app.look.caption_width(back, 130, pad=8)
        self.b_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(top.right - px(8) - bw, top.y + (top.h - h) // 2, bw, h),
                back,
                ui,
                tool_tip_text=t("review.button.back_tip"),
            )
        )
        chart = a["chart"]
        cancel, again = t("review.button.cancel"), t("review.button.again")
        bw = max(self.app.look.caption_width(cancel, 150), self.app.look.caption_width(again, 150))
        self.b_cancel = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(chart.centerx - bw // 2, chart.centery + px(34), bw, h),
                cancel,
                ui,
                tool_tip_text=t("review.button.cancel_tip"),
            )
        )
        self.b_again = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(chart.centerx - bw // 2, chart.centery + px(34), bw, h), again, ui, object_id="@primary"
            )
        )
        retry = t("puzzles.retry.button")
        rw = self.app.look.caption_width(retry, 150, pad=8)
        self.b_retry = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.b_back.rect.x - px(10) - rw, top.y + (top.h - h) // 2, rw, h),
                retry,
                ui,
                object_id="@primary",
                tool_tip_text=t("puzzles.retry.tip"),
            )
        )
        self.refresh_ui()

    def refresh_ui(self) -> None:
        if not self.widgets:
            return
        self.b_retry.show() if self.can_retry else self.b_retry.hide()
        status = self.status
        self.b_cancel.show() if status == "running" else self.b_cancel.hide()
        self.b_again.show() if status in ("cancelled", "failed") else self.b_again.hide()

    # Input ---------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.leave()
            elif event.ui_element is self.b_cancel:
                self.cancel_review()
            elif event.ui_element is self.b_retry:
                self.play_from_here()
            elif event.ui_element is self.b_again:
                self.start_review()
                self.refresh_ui()
            else:
                return False
            return True
        if kind == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.leave()
            elif key == pygame.K_LEFT:
                self.show(self.index - 1)
            elif key == pygame.K_RIGHT:
                self.show(self.index + 1)
            elif key == pygame.K_HOME:
                self.show(0)
            elif key == pygame.K_END:
                self.show(len(self.actions))
            elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.show(self.round_step(key == pygame.K_PAGEDOWN))
            elif key == pygame.K_p and self.can_retry:
                self.play_from_here()
            elif key in (pygame.K_UP, pygame.K_DOWN) and self.side_scrolls:
                self.scroll_side(1 if key == pygame.K_DOWN else -1)
            else:
                return False
            return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if kind == pygame.MOUSEWHEEL and self.areas()["side"].collidepoint(pygame.mouse.get_pos()):
            self.scroll_side(-event.y)
            return True
        if kind == pygame.MOUSEMOTION and event.buttons[0] and self.chart is not None:
            i = self.chart.index_at(event.pos)  # dragging along the chart scrubs through the game
            if i is not None and i != self.index:
                self.show(i)
        return False

    def round_step(self, forward: bool) -> int:
        """The start of the next round (forward) or of this one / the one before."""
        starts = [i for i, _ in self.rounds] + [len(self.actions)]
        if forward:
            return next((i for i in starts if i > self.index), len(self.actions))
        return next((i for i in reversed(starts) if i < self.index), 0)

    def click(self, pos) -> bool:
        for rect, moment in self.costly_spots:
            if rect.collidepoint(pos):
                self.show(moment)
                return True
        for p, rect in enumerate(self.card_rects):
            if rect.collidepoint(pos):
                self.viewed = None if self.viewed == p else p
                self.app.invalidate()
                return True
        if self.chart is not None:
            i = self.chart.index_at(pos)
            if i is not None:
                self.show(i)
                return True
        return False

    def show(self, index: int) -> None:
        """Show the table after `index` decisions (clamped to the game)."""
        self.index = max(0, min(len(self.actions), index))
        self.refresh_ui()
        self.app.invalidate()

    @property
    def can_retry(self) -> bool:
        """Whether the shown moment is one of the costliest decisions (try again from it)."""
        return any(moment == self.index for moment, _p, _k in self.marks())

    def play_from_here(self) -> None:
        """A new game at the position before the shown decision: the same seats and bots,
        nothing of the hints used, marked as practice; it starts as a loaded table does."""
        retry = try_again(self.match, self.index)
        app = self.app
        if self.job is not None:
            self.job.close()
        if self.match is not getattr(app, "match", None):
            self.match.close()  # a save opened for review only
        match = Match(retry.seats, retry.game, app.storage, hints=retry.hints)
        match.practice = retry.practice
        flow.enter_game(app, match)

    def leave(self) -> None:
        """Back where the review was opened (`back`)."""
        if self.job is not None:
            self.job.close()
        self.back()

    # What is shown -------------------------------------------------------------------------
    @property
    def state(self):
        return self.states[self.index]

    @property
    def decision(self):
        """The decision made at the shown moment (None at the end), from the review once done."""
        if self.index >= len(self.actions) or self.review is None:
            return None
        return self.review.decisions[self.index]

    @property
    def action(self):
        return self.actions[self.index] if self.index < len(self.actions) else None

    @property
    def shown_player(self) -> int:
        if self.viewed is not None:
            return self.viewed
        p = self.state.to_move
        return p if 0 <= p < len(self.seats) else 0

    def marks(self) -> list:
        if self.review is None:
            return []
        out = []
        for p in self.persons:
            out += [(d.index, p, k) for k, d in enumerate(self.review.costliest(p), 1)]
        return out

    # Drawing -------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        a = self.areas()
        self.draw_top(surface, a["top"])
        self.draw_cards(surface, a["cards"])
        self.draw_chart(surface, a["chart"])
        self.draw_table(surface, a["wheel"], a["board"])
        self.draw_side(surface, a["side"])

    def draw_top(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        pygame.draw.rect(surface, WOOD_DARK, rect)
        n = len(self.actions)
        g = self.state
        where = (
            t("review.top.end" if g.is_over else "review.top.stopped")
            if self.index == n
            else t("review.top.decision", n=self.index + 1, total=n)
        )
        rnd = min(g.round + 1, g.rules.rounds)
        text = t("review.top.text", names=t("review.top.vs").join(self.names), where=where, round=rnd)
        right = self.b_retry.rect.x if self.b_retry.visible else self.b_back.rect.x
        if look.font(17, True).size(text)[0] > right - px(30):  # (the names are on the cards)
            text = t("review.top.short", where=where, round=rnd)
        label = look.fit_text(text, 17, WHITE, bold=True, width=max(1, right - px(30)))
        surface.blit(label, (px(14), rect.centery - label.get_height() // 2))
        keys = look.text(t("review.top.keys"), 13, (235, 215, 170))
        x = right - px(16) - keys.get_width()
        if x > px(24) + label.get_width():
            surface.blit(keys, (x, rect.centery - keys.get_height() // 2))

    def draw_cards(self, surface, area) -> None:
        px = self.app.look.px
        g = self.state
        vis = Visible(g, ())
        n = len(self.seats)
        specials = "special_tiles" in g.config.options
        gap = px(8)
        ch = (area.h - gap * (n - 1)) // n
        self.card_rects = []
        for p, seat in enumerate(self.seats):
            rect = pygame.Rect(area.x, area.y + p * (ch + gap), area.w, ch)
            self.card_rects.append(rect)
            draw_card(
                surface,
                self.app,
                rect,
                seat,
                vis.players[p],
                to_move=p == g.to_move and not g.is_over,
                start=p == vis.start_player,
                selected=p == self.shown_player,
            )
            if specials:  # the special tiles she holds, as at the table
                draw_held(surface, self.app, vis.players[p].held, rect.right - px(8), rect.y + px(45), px(18))

    def draw_chart(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        head = look.text(t("review.chart_title"), 16, WOOD_DARK, bold=True)
        surface.blit(head, (rect.x + px(12), rect.y + px(8)))
        x = rect.x + px(24) + head.get_width()
        font = look.font(13, True)
        for p, name in enumerate(self.names):  # the legend
            img = font.render(name, True, INK)
            if x + px(26) + img.get_width() > rect.right - px(10):
                break
            pygame.draw.line(
                surface, self.colours[p], (x, rect.y + px(17)), (x + px(18), rect.y + px(17)), max(2, px(3))
            )
            surface.blit(img, (x + px(22), rect.y + px(17) - img.get_height() // 2))
            x += px(34) + img.get_width()
        body = pygame.Rect(rect.x + px(8), rect.y + px(30), rect.w - px(16), rect.h - px(38))
        if self.review is None:
            self.chart = None
            self.draw_progress(surface, rect)
            return
        self.chart = draw_chances(
            surface, look, body, self.review.chances, self.colours, self.names, self.rounds, self.index, self.marks()
        )

    def draw_progress(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        job, status = self.job, self.status
        bar = pygame.Rect(0, 0, min(px(520), rect.w - px(40)), px(22))
        bar.center = (rect.centerx, rect.centery + px(8))
        if status == "running":
            text = t("review.progress", done=job.done if job else 0, total=len(self.actions))
        elif status == "cancelled":
            text = t("review.cancelled")
        else:
            error = (
                t("review.process_ended") if job.error == PROCESS_ENDED else ((job.error or "").splitlines() or [""])[0]
            )
            text = t("review.failed", error=error)
        label = look.text(text, 15, BAD if status == "failed" else INK, bold=status == "running")
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, bar.y - px(8))))
        pygame.draw.rect(surface, (226, 214, 190), bar, border_radius=px(6))
        if job is not None and status == "running":
            fill = bar.copy()
            fill.w = round(bar.w * job.progress)
            if fill.w > 0:
                pygame.draw.rect(surface, GOLD, fill, border_radius=px(6))
        pygame.draw.rect(surface, INK_SOFT, bar, 1, border_radius=px(6))

    def draw_table(self, surface, wheel_rect, board_rect) -> None:
        look = self.app.look
        g = self.state
        vis = Visible(g, ())
        a = self.action
        bot = self.decision.bot_action if self.decision is not None else None
        played_space = a.space if isinstance(a, Buy) else None
        bot_space = (bot.space,) if isinstance(bot, Buy) and bot is not a else ()
        draw_wheel(surface, self.app, vis, wheel_rect, selected=played_space, highlight=bot_space)
        p = self.shown_player
        cells, hover, preview, bot_cell = [], None, None, None
        if p == g.to_move:  # (as the legend says: the move played in gold, the bot's pale)
            if isinstance(a, (PlaceTile, MoveViking, ReplaceTile)):
                cells, hover = [(a.row, a.col)], (a.row, a.col)
            if isinstance(bot, (PlaceTile, MoveViking, ReplaceTile)) and (bot.row, bot.col) not in cells:
                bot_cell = (bot.row, bot.col)
            if isinstance(a, PlaceTile) and g.hand_tile >= 0:
                preview = (g.hand_tile, a.row, a.col)
        label = t("review.display_viewed" if self.viewed is not None else "review.display", name=self.names[p])
        img = look.fit_text(label, 14, INK_SOFT, width=board_rect.w)
        body = board_rect.inflate(0, -img.get_height() - 4).move(0, (img.get_height() + 4) // 2)
        extra = cells + ([bot_cell] if bot_cell else [])
        geo = display_geometry(self.app, vis.players[p], body, extra)  # centred in the room below the chart
        body.y += max(0, (body.h - geo.t * (geo.rows + 1)) // 2)
        surface.blit(img, (board_rect.x, body.y - img.get_height() - 4))
        geo = draw_display(
            surface, self.app, vis.players[p], body, highlight=cells, hover=hover, preview=preview, extra_cells=extra
        )
        if bot_cell is not None:
            ring_cell(surface, geo, *bot_cell, BOT_FRAME)
        self.table_frames = {"played": cells[0] if cells else None, "bot": bot_cell}  # (what the frames mark)

    def draw_side(self, surface, rect) -> None:
        """The decision shown and the costliest decisions, one after the other; when they
        need more room than the panel has, it scrolls (the wheel over it, or Up and Down) and
        says where there is more."""
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        inner = rect.inflate(-px(24), -px(20))
        items: list = decision_lines(self) + [None] + costly_lines(self)  # (None: the rule between them)
        rule_h = px(20)
        heights = [rule_h if x is None else line_height(look, x, inner) for x in items]
        above, below = Line(t("review.more_above"), 12, INK_SOFT), Line(t("review.more_below"), 12, INK_SOFT)
        above_h, below_h = line_height(look, above, inner), line_height(look, below, inner)
        if sum(heights) <= inner.h:
            skip = 0
        else:  # the most that can be skipped still fills the panel to its end
            skip, rest = len(items), 0
            while skip > 0 and rest + heights[skip - 1] <= inner.h - above_h:
                skip -= 1
                rest += heights[skip]
        self.side_skip = skip = max(0, min(self.side_skip, skip))
        self.side_scrolls = sum(heights) > inner.h
        y, bottom = inner.y, inner.bottom
        if skip:
            y = draw_lines(surface, look, inner, y, [above])
        if sum(heights[skip:]) > bottom - y:
            bottom -= below_h
            draw_lines(surface, look, inner, bottom, [below])
        self.costly_spots = []
        body = pygame.Rect(inner.x, inner.y, inner.w, bottom - inner.y)
        for item, h in zip(items[skip:], heights[skip:]):
            if y + h - px(3) > bottom:
                break
            if item is None:
                line_y = y + px(10)
                pygame.draw.line(surface, (200, 186, 160), (inner.x, line_y), (inner.right, line_y), 1)
                y += rule_h
            else:
                y = draw_lines(surface, look, body, y, [item], spots=self.costly_spots, current=self.index)

    def scroll_side(self, lines: int) -> None:
        """Scroll the side panel by `lines` of its text (down for more than 0)."""
        self.side_skip = max(0, self.side_skip + lines)
        self.app.invalidate()


__all__ = ["ReviewScene"]
