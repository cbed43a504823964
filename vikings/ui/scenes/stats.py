"""The statistics screen: one profile's games and wins by mode and by bot level, her record
against each friend and each level, her best and mean Fame, a chart of her Fame game by
game (wins ringed in gold), and the finished games a page at a time, each with Review and
Play again. A strip at the top manages the chosen profile: rename, merge into another,
delete (a second press confirms, naming how many games go with her).

Every figure comes from vikings/history (App.history); the words from journey.yaml.
It opens at the first person of the last table (profiles.last_host), else at the first
profile by name. With no profiles yet the screen says how to get one and lists every
finished game.
Esc: back to where it was opened from (the title, unless `back` says otherwise).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextBox, UITextEntryLine

from vikings.bots import LEVELS
from vikings.history import Refused
from vikings.history import profiles as profile_store
from vikings.history import stats as figures
from vikings.history.games import game_save, read_save
from vikings.history.stats import ADVANCED, STANDARD, GameSummary
from vikings.saves.table_file import NAME_MAX
from vikings.text.lang import number, t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, typing, wrap
from vikings.ui.drawing.chart import Series, draw_line_chart, nice_max, nice_step
from vikings.ui.drawing.panels import panel
from vikings.ui.drawing.theme import GOLD, INK, INK_SOFT, WOOD_DARK, colour_of
from vikings.ui.scene import Scene
from vikings.ui.scenes.journey_text import game_line, seats_line, take_notice
from vikings.ui.scenes.setup_choices import level_name
from vikings.ui.table.match import Match

PER_PAGE = 4  # games a page of the history list (fewer when the lettering is large)
CHART_GAMES = 40  # the chart shows her last games, at most this many
# Cards, design pixels (x, y, w, h) on the 1600x900 page.
FIGURES_CARD = (60, 176, 540, 324)
MEETINGS_CARD = (620, 176, 360, 324)
CHART_CARD = (1000, 176, 540, 324)
LIST_CARD = (60, 515, 1480, 295)
TITLE_JOIN = "  \u00b7  "  # between the chart title's parts
VALUE_JOIN = " \u00b7 "  # between the parts of a head-to-head line's value
ROW_Y, ROW_STEP = 560, 60


class StatsScene(Scene):
    def __init__(self, app, profile: int | None = None, page: int = 0, back: Callable[[], None] | None = None):
        super().__init__(app)
        self.history = app.history
        self.notice = take_notice(self.history)  # a damaged file set aside: said once
        self.profiles = profile_store.list_profiles(self.history)
        ids = [p.id for p in self.profiles]
        if profile not in ids:  # who sat first at the last table, else the first by name
            host = profile_store.last_host(self.history)
            profile = host if host in ids else (ids[0] if ids else None)
        self.profile = profile
        self.page_no = max(0, page)
        self.back_to = back
        self.message = ""  # what the last management step did (or why not)
        self.confirm = False  # Delete was pressed once
        self.rows: list[dict] = []
        self.load()

    # Figures ---------------------------------------------------------------------------------------
    def load(self) -> None:
        h, p = self.history, self.profile
        self.count = figures.count_games(h, p)
        self.per_page = per_page = self.rows_fit()
        self.pages = max(1, -(-self.count // per_page))
        self.page_no = min(self.page_no, self.pages - 1)
        self.games: list[GameSummary] = figures.history_list(h, p, self.page_no, per_page)
        if p is None:
            self.by_mode, self.by_level, self.meetings, self.fame, self.results = {}, {}, [], None, []
            return
        self.by_mode = figures.by_mode(h, p)
        self.by_level = figures.by_bot_level(h, p)
        self.meetings = figures.head_to_head(h, p)
        self.fame = figures.fame(h, p)
        self.results = figures.results_over_time(h, p)[-CHART_GAMES:]

    def row_step(self) -> int:
        """A history row's height in pixels: its two lines of text and some air."""
        look = self.app.look
        return max(look.px(ROW_STEP), look.font(15).get_linesize() + look.font(17).get_linesize() + look.px(10))

    def rows_fit(self) -> int:
        """How many history rows the list's card holds at this window size and UI scale."""
        page = Page(self.app.look)
        room = page.pos(0, LIST_CARD[1] + LIST_CARD[3])[1] - page.pos(0, ROW_Y)[1]
        return max(1, min(PER_PAGE, room // self.row_step()))

    @property
    def chosen(self):
        return next((p for p in self.profiles if p.id == self.profile), None)

    # Widgets ---------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        ui, look = self.app.ui, self.app.look
        self.page = page = Page(look)
        h = look.caption_height(40)
        self.back_button = self.add(UIButton(page.rect(60, 830, 180, 50), t("journey.stats.back"), ui))
        self.profile_menu = self.rename_entry = self.rename_button = None
        self.merge_menu = self.merge_button = self.delete_button = None
        if self.profiles:
            options: list[str | tuple[str, str]] = [(p.name, str(p.id)) for p in self.profiles]
            chosen = next(o for o in options if o[1] == str(self.profile))
            self.profile_menu = self.add(UIDropDownMenu(options, chosen, page.rect(1180, 40, 360, 44), ui))
            y = page.pos(0, 116)[1]
            x = page.pos(60, 0)[0]
            self.rename_entry = self.add(
                UITextEntryLine(pygame.Rect(x, y, look.px(240), h), ui, object_id=ObjectID("#profile_name", None))
            )
            self.rename_entry.set_text_length_limit(NAME_MAX)
            self.rename_entry.set_text(self.chosen.name if self.chosen else "")
            x += look.px(250)
            self.rename_button = self.add(self._button(x, y, h, "journey.manage.rename"))
            x = self.rename_button.rect.right + look.px(30)
            others: list[str | tuple[str, str]] = [(p.name, str(p.id)) for p in self.profiles if p.id != self.profile]
            if others:
                self.merge_menu = self.add(UIDropDownMenu(others, others[0], pygame.Rect(x, y, look.px(220), h), ui))
                x += look.px(230)
                self.merge_button = self.add(self._button(x, y, h, "journey.manage.merge", "journey.manage.merge_tip"))
                x = self.merge_button.rect.right + look.px(30)
            self.delete_button = self.add(self._button(x, y, h, "journey.manage.delete", "journey.manage.delete_tip"))
        self.rows = []
        for i, game in enumerate(self.games):
            y = page.pos(0, ROW_Y)[1] + i * self.row_step() + look.px(4)
            right = page.pos(1520, 0)[0]
            replay = self._button(right, y, h, "journey.stats.replay", "journey.stats.replay_tip", align="right")
            review = self._button(
                replay.rect.x - look.px(10), y, h, "journey.stats.review", "journey.stats.review_tip", align="right"
            )
            self.rows.append({"game": game.id, "review": self.add(review), "replay": self.add(replay)})
        self.prev_button = self.next_button = None
        if self.pages > 1:
            self.next_button = self.add(
                self._button(page.pos(1540, 0)[0], page.pos(0, 830)[1], h, "journey.stats.next", align="right")
            )
            self.prev_button = self.add(
                self._button(
                    self.next_button.rect.x - look.px(10),
                    self.next_button.rect.y,
                    h,
                    "journey.stats.previous",
                    align="right",
                )
            )
            self.prev_button.disable() if self.page_no == 0 else None
            self.next_button.disable() if self.page_no >= self.pages - 1 else None
        self.message_box = self.add(
            UITextBox("", page.rect(300, 826, 800, 60), ui, object_id=ObjectID("#stats_message", None))
        )
        self._say()

    def _button(self, x: int, y: int, h: int, key: str, tip: str | None = None, align: str = "left") -> UIButton:
        look = self.app.look
        w = look.caption_width(t(key), 110)
        rect = pygame.Rect(x - w if align == "right" else x, y, w, h)
        return UIButton(rect, t(key), self.app.ui, tool_tip_text=t(tip) if tip else None)

    def _say(self) -> None:
        text = " ".join(x for x in (self.notice, self.message) if x)
        self.message_box.set_text(html.escape(text))
        self.message_box.show() if text else self.message_box.hide()
        self.app.invalidate()

    def _rebuild(self) -> None:
        self.profiles = profile_store.list_profiles(self.history)
        if self.profile not in [p.id for p in self.profiles]:
            self.profile = self.profiles[0].id if self.profiles else None
        self.load()
        self.kill_ui()
        self.build_ui()
        self.app.invalidate()

    # Input -----------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.profile_menu:
            self.choose(int(event.selected_option_id))
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.rename_entry:
            self.rename()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if typing(self.app):
                self.app.ui.set_focus_set(None)
            else:
                self.leave()
            return True
        return False

    def _pressed(self, el) -> bool:
        if el is self.back_button:
            self.leave()
        elif el is self.rename_button:
            self.rename()
        elif el is self.merge_button:
            self.merge()
        elif el is self.delete_button:
            self.delete()
        elif el is self.prev_button or el is self.next_button:
            self.page_no += 1 if el is self.next_button else -1
            self._rebuild()
        else:
            for row in self.rows:
                if el is row["review"]:
                    self.review(row["game"])
                    return True
                if el is row["replay"]:
                    self.replay(row["game"])
                    return True
            return False
        return True

    def leave(self) -> None:
        if self.back_to is not None:
            self.back_to()
        else:
            flow.show(self.app, "title")

    def choose(self, profile: int) -> None:
        self.profile, self.page_no, self.confirm, self.message = profile, 0, False, ""
        self._rebuild()

    # Managing the profile ----------------------------------------------------------------------------
    def _refused(self, e: Refused) -> None:
        known = ("name_empty", "name_too_long", "name_control", "name_taken")
        self.message = t(f"journey.manage.refused.{e.reason if e.reason in known else 'other'}")
        self._say()

    def rename(self) -> None:
        if self.profile is None or self.rename_entry is None:
            return
        try:
            profile_store.rename(self.history, self.profile, self.rename_entry.get_text())
        except Refused as e:
            self._refused(e)
            return
        self.message, self.confirm = t("journey.manage.renamed"), False
        self._rebuild()

    def merge(self) -> None:
        if self.profile is None or self.merge_menu is None:
            return
        into = int(self.merge_menu.selected_option[1])
        try:
            kept = profile_store.merge(self.history, self.profile, into)
        except Refused as e:
            self._refused(e)
            return
        self.profile, self.page_no, self.confirm = kept.id, 0, False
        self.message = t("journey.manage.merged", name=kept.name)
        self._rebuild()

    def delete(self) -> None:
        """The first press asks (naming the games that go with her), the second deletes."""
        p = self.chosen
        if p is None:
            return
        if not self.confirm:
            self.confirm = True
            count = profile_store.deletes_with(self.history, p.id)
            self.message = t("journey.manage.confirm_delete", name=p.name, count=count)
            self._say()
            return
        try:
            count = profile_store.delete(self.history, p.id)
        except Refused as e:
            self._refused(e)
            return
        self.confirm, self.page_no = False, 0
        self.message = t("journey.manage.deleted", count=count)
        self._rebuild()

    # Opening a game ----------------------------------------------------------------------------------
    def _table(self, game_id: int):
        try:
            return read_save(self.history, game_save(self.history, game_id))
        except Refused:
            self.message = t("journey.stats.cannot_open")
            self._say()
            return None

    def review(self, game_id: int) -> None:
        """The game's review (scenes/review.py); leaving it comes back to this page."""
        table = self._table(game_id)
        if table is None:
            return
        app, profile, page, back = self.app, self.profile, self.page_no, self.back_to
        match = Match.from_table(table, storage=None, autosave=False)

        def back_here():
            match.close()
            app.scenes.switch(StatsScene(app, profile, page, back))

        app.scenes.switch(flow.scene("review")(app, match, back_here))

    def replay(self, game_id: int) -> None:
        """The same seats and deal again, from the start: a new game at the table."""
        table = self._table(game_id)
        if table is None:
            return
        c = table.game.config
        match = Match.new(
            table.seats,
            self.app.rules,
            c.seed,
            c.start_player,
            storage=self.app.storage,
            options=sorted(c.options),
            handicap=c.handicap,
        )
        flow.enter_game(self.app, match)

    # Drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        look, page, px = self.app.look, self.page, self.app.look.px
        title = look.fit_text(t("journey.stats.title"), 44, WOOD_DARK, bold=True, width=px(700), height=px(44))
        surface.blit(title, page.pos(60, 24))
        for widget, key in (
            (self.profile_menu, "journey.stats.profile"),
            (self.rename_entry, "journey.manage.name"),
            (self.merge_menu, "journey.manage.merge_into"),
        ):
            if widget is not None:
                lab = look.fit_text(t(key), 15, INK_SOFT, bold=True, width=max(widget.rect.w, px(320)))
                surface.blit(lab, lab.get_rect(bottomleft=(widget.rect.x + px(4), widget.rect.y - px(1))))
        if self.profile is None:
            self._draw_note(
                surface, page.rect(*FIGURES_CARD[:2], 1480, FIGURES_CARD[3]), t("journey.stats.no_profiles")
            )
        elif not self.fame or not self.fame.games:
            name = self.chosen.name if self.chosen else ""
            self._draw_note(
                surface, page.rect(*FIGURES_CARD[:2], 1480, FIGURES_CARD[3]), t("journey.stats.no_games", name=name)
            )
        else:
            self.draw_figures(surface, page.rect(*FIGURES_CARD))
            self.draw_meetings(surface, page.rect(*MEETINGS_CARD))
            self.draw_chart(surface, page.rect(*CHART_CARD))
        self.draw_list(surface, page.rect(*LIST_CARD))

    def _draw_note(self, surface, rect, text: str) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        font = look.font(20)
        y = rect.y + px(30)
        for line in wrap(font, text, rect.w - px(60)):
            surface.blit(font.render(line, True, INK_SOFT), (rect.x + px(30), y))
            y += font.get_linesize()

    def _heading(self, surface, rect, text: str) -> int:
        look, px = self.app.look, self.app.look.px
        img = look.fit_text(text, 20, WOOD_DARK, bold=True, width=rect.w - px(28))
        surface.blit(img, (rect.x + px(14), rect.y + px(10)))
        return rect.y + px(14) + img.get_height()

    def _lines(self, surface, rect, y: int, lines, size: float = 15) -> int:
        """(label, value, bar share or None) rows: the label left, the value right, a thin
        bar of the share of games won along their foot (a glance tells more than figures)."""
        look, px = self.app.look, self.app.look.px
        font, bold = look.font(size), look.font(size, bold=True)
        room = rect.w - px(28)
        for label, value, share in lines:
            # The value beside the label, or under it where both do not fit on one line (its
            # parts, "1 ahead · 2 behind", on lines of their own where it is wider than the card).
            values = [""]
            for part in value.split(VALUE_JOIN):
                joined = f"{values[-1]}{VALUE_JOIN}{part}" if values[-1] else part
                if values[-1] and bold.size(joined)[0] > room:
                    values.append(part)
                else:
                    values[-1] = joined
            vs = [bold.render(v, True, INK) for v in values]
            two = len(vs) > 1 or font.size(label)[0] > rect.w - vs[0].get_width() - px(40)
            if y + font.get_linesize() * (len(vs) + two) > rect.bottom - px(6):
                break
            surface.blit(look.fit_text(label, size, INK, width=room), (rect.x + px(14), y))
            y += font.get_linesize() if two else 0
            for j, v in enumerate(vs):
                surface.blit(v, v.get_rect(topright=(rect.right - px(14), y)))
                y += font.get_linesize() if j < len(vs) - 1 else 0
            if share is not None:  # along the line's foot
                h = max(2, px(4))
                bar = pygame.Rect(rect.x + px(14), y + font.get_linesize() - h // 2, rect.w - px(28), h)
                pygame.draw.rect(surface, (226, 214, 190), bar, border_radius=px(2))
                pygame.draw.rect(surface, GOLD, (bar.x, bar.y, round(bar.w * share), bar.h), border_radius=px(2))
            y += font.get_linesize() + px(4)
        return y

    def draw_figures(self, surface, rect) -> None:
        """Two small tables, each cell her wins of her games and a bar of the share: by
        mode (rows) and number of players (columns), then by the bot level at the table."""
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        y = self._heading(surface, rect, t("journey.stats.by_mode"))
        players = sorted({n for _, n in self.by_mode})
        modes = [m for m in (STANDARD, ADVANCED) if any(k[0] == m for k in self.by_mode)]
        rows = [(t(f"journey.stats.mode.{m}"), [self.by_mode.get((m, n)) for n in players]) for m in modes]
        heads = [t("journey.stats.players", count=n) for n in players]
        y = self._grid(surface, rect, y, heads, rows)
        if self.by_level:
            y += px(6)
            surface.blit(look.text(t("journey.stats.by_level"), 16, WOOD_DARK, bold=True), (rect.x + px(14), y))
            y += look.font(16, bold=True).get_linesize()
            levels = [lv for lv in LEVELS if lv in self.by_level]
            self._grid(
                surface, rect, y, [level_name(lv) for lv in levels], [("", [self.by_level[lv] for lv in levels])]
            )

    def _grid(self, surface, rect, y: int, heads: list[str], rows) -> int:
        """Column heads, then each row: its label, and in each column "wins / games" with a
        bar of the share won under it (a dash where she played none)."""
        look, px = self.app.look, self.app.look.px
        font, bold = look.font(14), look.font(16, bold=True)
        label_w = max([font.size(label)[0] for label, _ in rows if label] + [0])
        label_w = min(label_w + px(12), (rect.w - px(28)) * 2 // 5) if label_w else 0
        x0 = rect.x + px(14) + label_w
        col = (rect.right - px(14) - x0) // max(1, len(heads))
        for i, head in enumerate(heads):
            img = look.fit_text(head, 14, INK_SOFT, width=col - px(6))
            surface.blit(img, img.get_rect(midtop=(x0 + col * i + col // 2, y)))
        y += font.get_linesize()
        bar_h = max(2, px(4))
        for label, cells in rows:
            if label:
                img = look.fit_text(label, 14, INK, width=label_w - px(6))
                surface.blit(img, (rect.x + px(14), y + (bold.get_linesize() - img.get_height()) // 2))
            for i, tally in enumerate(cells):
                cx = x0 + col * i + col // 2
                text = "\u2013" if tally is None else f"{number(tally.wins)} / {number(tally.games)}"
                img = look.fit_text(text, 16, INK, bold=True, width=col - px(6))
                surface.blit(img, img.get_rect(midtop=(cx, y)))
                if tally is not None:
                    bar = pygame.Rect(cx - col // 2 + px(8), y + bold.get_linesize(), col - px(16), bar_h)
                    pygame.draw.rect(surface, (226, 214, 190), bar, border_radius=px(2))
                    share = tally.wins / max(1, tally.games)
                    pygame.draw.rect(surface, GOLD, (bar.x, bar.y, round(bar.w * share), bar.h), border_radius=px(2))
            y += bold.get_linesize() + bar_h + px(6)
        return y

    def draw_meetings(self, surface, rect) -> None:
        look = self.app.look
        panel(surface, rect, look)
        y = self._heading(surface, rect, t("journey.stats.head_to_head"))
        lines = []
        for m in self.meetings:
            name = level_name(m.bot) if m.bot else m.name
            key = "journey.stats.meeting_level" if m.level else "journey.stats.meeting"
            value = t(key, ahead=number(m.ahead), behind=number(m.behind), level=number(m.level))
            lines.append((name, value, m.ahead / max(1, m.games)))
        self._lines(surface, rect, y, lines)

    def draw_chart(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        p = self.chosen
        colour = colour_of(p.colour) if p else INK
        values = [r.fame for r in self.results]
        n = len(values)
        every = max(1, -(-n // 10))  # about ten labels, however many games
        labels = [str(i + 1) if i % every == 0 or i == n - 1 else "" for i in range(n)]
        # The title, its parts ("Best: 84") on a second line where they do not fit on one.
        font, room, heads = look.font(16, bold=True), rect.w - px(28), [""]
        for part in self.chart_title().split(TITLE_JOIN):
            joined = f"{heads[-1]}{TITLE_JOIN}{part}" if heads[-1] else part
            if heads[-1] and font.size(joined)[0] > room:
                heads.append(part)
            else:
                heads[-1] = joined
        y = rect.y + px(10)
        for line in heads:
            head = look.fit_text(line, 16, INK, bold=True, width=room)
            surface.blit(head, (rect.x + px(14), y))
            y += head.get_height()
        inner = pygame.Rect(rect.x + px(14), y + px(6), rect.w - px(28), 0)
        inner.h = rect.bottom - px(10) - inner.y
        plot = draw_line_chart(
            surface,
            look,
            inner,
            [Series(p.name if p else "", colour, values)],
            labels,
            x_title=t("journey.stats.chart_x"),
        )
        if plot.w < 20 or plot.h < 20:
            return
        # Her wins: a gold ring around the game's point (the chart's own scale).
        top = max(values + [1])
        ymax = nice_max(top, nice_step(top, 5 if inner.h > px(200) else 4))
        for i, r in enumerate(self.results):
            if r.won:
                x = plot.x + plot.w * i / (max(n, 2) - 1)
                y = plot.bottom - plot.h * r.fame / ymax
                pygame.draw.circle(surface, GOLD, (round(x), round(y)), px(8), max(2, px(3)))

    def chart_title(self) -> str:
        """ "Fame in each game · Best: 84 · Mean: 51.1"."""
        f = self.fame
        parts = [t("journey.stats.chart")]
        if f is not None and f.best is not None:
            parts += [
                t("journey.stats.fame_best", fame=number(f.best)),
                t("journey.stats.fame_mean", fame=number(f.mean or 0, 1)),
            ]
        return TITLE_JOIN.join(parts)

    def draw_list(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        head = t("journey.stats.history")
        if self.pages > 1:
            head += "   ·   " + t("journey.stats.page", page=self.page_no + 1, pages=self.pages)
        y = self._heading(surface, rect, head)
        if not self.games:
            surface.blit(look.text(t("journey.stats.no_history"), 16, INK_SOFT), (rect.x + px(14), y + px(6)))
            return
        for game, row in zip(self.games, self.rows):
            y = row["review"].rect.y
            room = row["review"].rect.x - rect.x - px(28)
            extra = [t("journey.stats.practice")] if game.practice else []
            extra += [game.handicap] if game.handicap else []
            first = game_line(game) + "".join(f"   ·   {x}" for x in extra)
            surface.blit(look.fit_text(first, 15, INK_SOFT, width=room), (rect.x + px(14), y))
            line = look.fit_text(seats_line(game), 17, INK, bold=True, width=room)
            surface.blit(line, (rect.x + px(14), y + look.font(15).get_linesize()))
            sep = y + self.row_step() - px(7)
            if row is not self.rows[-1]:
                pygame.draw.line(surface, (218, 206, 184), (rect.x + px(14), sep), (rect.right - px(14), sep), 1)
