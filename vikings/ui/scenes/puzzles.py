"""The puzzles (issue 56): a position of a bots' game where one purchase or one tile
placement is clearly best (advice/puzzles.py, data/puzzles.json), shown as the table shows
it: the players' cards, the wheel and the display of the player to move.

The player answers by clicking a group on the wheel or a marked cell of the display (or
Left/Right to pick and Enter to answer); then the side panel says which option was best,
the hints' reasons for it and for her choice, and what each option gave: the expected
Fame and the chance to win, as a list of bars. "Next puzzle" moves on (to one she has not
solved), "Daily puzzle" opens the day's. The screen opens at the only profile, else at
the first person of the last table (profiles.last_host). With a profile chosen her answers are kept
(history/puzzle_progress.py): puzzles solved and the streak of days with the daily puzzle
solved; without one, nothing is kept, and the panel says so. A puzzle file that cannot be
read leaves the screen with its reason in words.
"""

from __future__ import annotations

import logging
from datetime import date

import pygame
import pygame_gui

from vikings.advice.hints import describe, explain_option
from vikings.advice.puzzles import daily, judge, position, read_puzzles
from vikings.engine.actions import Buy, PlaceStart, PlaceTile
from vikings.history import profiles, puzzle_progress
from vikings.saves.table_file import COLOURS, PERSON, Seat
from vikings.text.lang import number, percent, t
from vikings.ui import flow
from vikings.ui.drawing.cards import draw_card
from vikings.ui.drawing.displays import display_geometry, draw_display, ring_cell
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import BAD, GOLD, GOOD, INK, INK_SOFT, WHITE, WOOD_DARK
from vikings.ui.drawing.view import Visible
from vikings.ui.drawing.wheel import draw_wheel
from vikings.ui.scene import Scene
from vikings.ui.scenes.review_text import Line, draw_lines

log = logging.getLogger("vikings")
PALE = (255, 232, 150)  # the player's own choice once answered (the answer is gold)


def cell_of(action, game) -> tuple[int, int] | None:
    """The display cell a placement puts its tile on (None for a purchase)."""
    if isinstance(action, PlaceTile):
        return action.row, action.col
    if isinstance(action, PlaceStart):
        return action.row, 1
    return None


class PuzzleScene(Scene):
    def __init__(self, app, today=None, shelf=None):
        super().__init__(app)
        self.today = today or date.today  # which day it is (a function: the tests give theirs)
        self.shelf = shelf if shelf is not None else read_puzzles(app.rules)
        self.puzzles = self.shelf.puzzles
        self.profiles = self._profiles()
        self.profile: int | None = self.first_profile()
        self.puzzle = None
        self.game = None
        self.verdict = None
        self.picked = 0  # the option the keys point at (an index into the puzzle's choices)
        self.hovered = None  # the option under the mouse
        self.reasons: dict = {}
        self.spaces: dict = {}  # wheel space -> action, cell -> action: where a click answers
        self.cells: dict = {}
        self.wheel_geo = self.display_geo = None
        self.note = ""  # a problem in words (a progress that could not be kept)
        if self.puzzles:
            self.open(self.daily_puzzle)

    def first_profile(self) -> int | None:
        """Who the screen opens at: the only profile, else the first person of the last
        table (the player most likely back at the desk), else nobody (answers not kept)."""
        if len(self.profiles) == 1:
            return self.profiles[0].id
        try:
            host = profiles.last_host(self.app.history)
        except Exception:  # noqa: BLE001 - no history: play without a profile
            return None
        return host if host in {p.id for p in self.profiles} else None

    def _profiles(self) -> list:
        try:
            return profiles.list_profiles(self.app.history)
        except Exception:  # noqa: BLE001 - no history: play without a profile
            log.exception("the history could not be read for the puzzles")
            return []

    # Which puzzle ---------------------------------------------------------------------------
    @property
    def daily_puzzle(self):
        return daily(self.puzzles, self.today())

    @property
    def is_daily(self) -> bool:
        return self.puzzle is not None and self.puzzle is self.daily_puzzle

    def open(self, puzzle) -> None:
        self.puzzle, self.verdict, self.picked, self.hovered = puzzle, None, 0, None
        self.game = position(puzzle, self.app.rules)
        options = [c.action for c in puzzle.choices]
        self.spaces = {a.space: a for a in options if isinstance(a, Buy)}
        self.cells = {cell_of(a, self.game): a for a in options if cell_of(a, self.game) is not None}
        self.refresh_ui()
        self.app.invalidate()

    def next_puzzle(self) -> None:
        """The next puzzle in the file after this one that the profile has not solved
        (any next one once she has solved them all)."""
        if not self.puzzles:
            return
        done = self.progress.solved_ids if self.progress is not None else frozenset()
        start = self.puzzles.index(self.puzzle) if self.puzzle in self.puzzles else -1
        order = [self.puzzles[(start + k) % len(self.puzzles)] for k in range(1, len(self.puzzles) + 1)]
        self.open(next((p for p in order if p.id not in done), order[0]))

    @property
    def progress(self):
        if self.profile is None:
            return None
        try:
            return puzzle_progress.progress(self.app.history, self.profile, today=self.today())
        except Exception:  # noqa: BLE001 - a history that fails must not end the puzzles
            log.exception("puzzle progress")
            return None

    # Answering ------------------------------------------------------------------------------
    def answer(self, action) -> None:
        if self.verdict is not None or self.puzzle is None:
            return
        self.verdict = judge(self.puzzle, action)
        self.picked = [c.action for c in self.puzzle.choices].index(action)
        if self.profile is not None:
            try:
                puzzle_progress.record_attempt(
                    self.app.history,
                    self.profile,
                    self.puzzle.id,
                    self.today(),
                    self.verdict.right,
                    daily=self.is_daily,
                )
            except Exception as e:  # noqa: BLE001 - the answer still shows
                log.warning("puzzle attempt not kept: %s", e)
                self.note = t("puzzles.not_kept")
        self.refresh_ui()
        self.app.invalidate()

    def reason(self, action) -> str:
        if action not in self.reasons:
            self.reasons[action] = explain_option(self.game, action)
        return self.reasons[action].reason

    # Layout and widgets ---------------------------------------------------------------------
    def areas(self) -> dict:
        px = self.app.look.px
        W, H = self.app.look.size
        gap = px(8)
        top = pygame.Rect(0, 0, W, px(50))
        y0 = top.bottom + gap
        cards = pygame.Rect(gap, y0, round(W * 0.17) - gap, H - y0 - gap)
        side_w = max(px(380), min(px(500), round(W * 0.3)))
        side = pygame.Rect(W - gap - side_w, y0, side_w, H - y0 - gap)
        mid = pygame.Rect(cards.right + gap, y0, side.x - gap - cards.right - gap, H - y0 - gap)
        wheel_side = min(round(mid.h * 0.5), mid.w)
        wheel = pygame.Rect(mid.centerx - wheel_side // 2, mid.y, wheel_side, wheel_side)
        board = pygame.Rect(mid.x, wheel.bottom + gap, mid.w, mid.bottom - wheel.bottom - gap)
        return {"top": top, "cards": cards, "side": side, "wheel": wheel, "board": board}

    def build_ui(self) -> None:
        look, px, ui = self.app.look, self.app.look.px, self.app.ui
        a = self.areas()
        top, side = a["top"], a["side"]
        h = look.caption_height(36)
        back = t("puzzles.back")
        bw = look.caption_width(back, 130, pad=8)
        self.b_back = self.add(
            pygame_gui.elements.UIButton(pygame.Rect(top.right - px(8) - bw, top.y + (top.h - h) // 2, bw, h), back, ui)
        )
        none = t("puzzles.no_profile")
        self.profile_names = {none: None} | {p.name: p.id for p in self.profiles}
        chosen = next((n for n, i in self.profile_names.items() if i == self.profile), none)
        dw = max(look.caption_width(n, 200, pad=14) for n in self.profile_names) + px(20)
        self.d_profile = self.add(
            pygame_gui.elements.UIDropDownMenu(
                list(self.profile_names),
                chosen,
                pygame.Rect(self.b_back.rect.x - px(12) - dw, top.y + (top.h - h) // 2, dw, h),
                ui,
            )
        )
        inner = side.inflate(-px(24), -px(20))
        labels = (t("puzzles.next"), t("puzzles.daily"))
        bw = (inner.w - px(10)) // 2
        y = inner.bottom - h
        self.b_next = self.add(
            pygame_gui.elements.UIButton(pygame.Rect(inner.x, y, bw, h), labels[0], ui, object_id="@primary")
        )
        self.b_daily = self.add(pygame_gui.elements.UIButton(pygame.Rect(inner.right - bw, y, bw, h), labels[1], ui))
        self.refresh_ui()

    def refresh_ui(self) -> None:
        if not self.widgets:
            return
        for b in (self.b_next, self.b_daily):
            b.enable() if self.puzzles else b.disable()
        if self.puzzles and self.is_daily:
            self.b_daily.disable()

    # Input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.leave()
            elif event.ui_element is self.b_next:
                self.next_puzzle()
            elif event.ui_element is self.b_daily:
                self.open(self.daily_puzzle)
            else:
                return False
            return True
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.d_profile:
            self.profile = self.profile_names.get(event.text)
            self.note = ""
            self.app.invalidate()
            return True
        if kind == pygame.KEYDOWN:
            return self.key(event.key)
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if kind == pygame.MOUSEMOTION:
            hovered = self.option_at(event.pos) if self.verdict is None else None
            if hovered is not self.hovered:
                self.hovered = hovered
                self.app.invalidate()
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.leave()
            return True
        if self.puzzle is None:
            return False
        n = len(self.puzzle.choices)
        if key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN) and self.verdict is None:
            step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
            self.picked = (self.picked + step) % n
            self.app.invalidate()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.verdict is None:
                self.answer(self.puzzle.choices[self.picked].action)
            else:
                self.next_puzzle()
            return True
        if key == pygame.K_n:
            self.next_puzzle()
            return True
        if key == pygame.K_d:
            self.open(self.daily_puzzle)
            return True
        return False

    def option_at(self, pos):
        """The option a click at `pos` answers with (a group on the wheel, a marked cell)."""
        if self.puzzle is None:
            return None
        if self.wheel_geo is not None and self.spaces:
            space = self.wheel_geo.space_at(pos)
            if space in self.spaces:
                return self.spaces[space]
        if self.display_geo is not None and self.cells:
            cell = self.display_geo.cell_at(pos)
            if cell in self.cells:
                return self.cells[cell]
        return None

    def click(self, pos) -> bool:
        if self.verdict is not None:
            return False
        action = self.option_at(pos)
        if action is None:
            return False
        self.answer(action)
        return True

    def spot(self, action) -> tuple[int, int]:
        """Where a click answers with `action` (for the tests and the screenshot tool)."""
        if isinstance(action, Buy):
            return self.wheel_geo.group_rect(action.space).center
        row, col = cell_of(action, self.game) or (0, 0)
        return self.display_geo.cell_rect(row, col).center

    def leave(self) -> None:
        flow.show(self.app, "title")

    # Drawing --------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        a = self.areas()
        self.draw_top(surface, a["top"])
        if self.puzzle is None:
            self.draw_problem(surface, a)
            return
        self.draw_cards(surface, a["cards"])
        self.draw_table(surface, a["wheel"], a["board"])
        self.draw_side(surface, a["side"])

    def title(self) -> str:
        p = self.puzzle
        if p is None:
            return t("puzzles.title")
        n = self.puzzles.index(p) + 1
        kind = t(f"puzzles.kind.{p.kind}")
        level = t(f"puzzles.difficulty.{p.difficulty}")
        text = t("puzzles.top", n=n, total=len(self.puzzles), kind=kind, difficulty=level)
        return t("puzzles.top_daily", text=text) if self.is_daily else text

    def draw_top(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        pygame.draw.rect(surface, WOOD_DARK, rect)
        right = self.d_profile.rect.x if self.widgets else rect.right
        label = look.fit_text(self.title(), 17, WHITE, bold=True, width=max(1, right - px(30)))
        surface.blit(label, (px(14), rect.centery - label.get_height() // 2))

    def draw_problem(self, surface, a) -> None:
        look, px = self.app.look, self.app.look.px
        area = a["cards"].union(a["side"])
        panel(surface, area, look)
        draw_lines(surface, look, area.inflate(-px(40), -px(40)), area.y + px(20), self.problem_lines())

    def problem_lines(self) -> list[Line]:
        """Why there are no puzzles (the file's problem, as read_puzzles words it)."""
        return [
            Line(t("puzzles.none.title"), 20, WOOD_DARK, True),
            Line(t("puzzles.none.text", problem=self.shelf.problem or "-"), 15, BAD),
        ]

    def draw_cards(self, surface, area) -> None:
        px = self.app.look.px
        g = self.game
        vis = Visible(g, ())
        n = len(self.puzzle.config.players)
        gap = px(8)
        ch = min(px(150), (area.h - gap * (n - 1)) // n)
        names = self.puzzle.config.players
        for p in range(n):
            rect = pygame.Rect(area.x, area.y + p * (ch + gap), area.w, ch)
            seat = Seat(names[p], PERSON, COLOURS[p % len(COLOURS)])  # (the puzzle's seats: no bot named)
            draw_card(
                surface, self.app, rect, seat, vis.players[p], to_move=p == g.to_move, start=p == vis.start_player
            )

    def draw_table(self, surface, wheel_rect, board_rect) -> None:
        look = self.app.look
        g, v = self.game, self.verdict
        vis = Visible(g, ())
        options = [c.action for c in self.puzzle.choices]
        picked = self.hovered if self.hovered is not None else options[self.picked]
        answer = self.puzzle.answer
        if v is None:
            space_sel = picked.space if isinstance(picked, Buy) else None
            space_hi = tuple(self.spaces)
        else:
            space_sel = answer.space if isinstance(answer, Buy) else None
            space_hi = (v.action.space,) if isinstance(v.action, Buy) and not v.right else ()
        self.wheel_geo = draw_wheel(surface, self.app, vis, wheel_rect, selected=space_sel, highlight=space_hi)
        p = g.to_move
        label = look.fit_text(t("puzzles.display", name=g.config.players[p]), 14, INK_SOFT, width=board_rect.w)
        body = board_rect.inflate(0, -label.get_height() - 4).move(0, (label.get_height() + 4) // 2)
        cells, hover, preview = [], None, None
        if self.cells:
            kind_of = {a: (g.displays[p].start_tile if isinstance(a, PlaceStart) else g.hand_tile) for a in options}
            shown = picked if v is None else answer
            cells = list(self.cells) if v is None else [cell_of(answer, g)]
            hover = cell_of(shown, g)
            if hover is not None and kind_of[shown] >= 0:
                preview = (kind_of[shown], hover[0], hover[1])
        geo = display_geometry(self.app, vis.players[p], body, cells)
        width = geo.mainland.w + geo.cols * geo.t
        body.x += max(0, (body.w - width) // 2)  # centred under the wheel
        surface.blit(label, (body.x, board_rect.y))
        self.display_geo = draw_display(
            surface, self.app, vis.players[p], body, highlight=cells, hover=hover, preview=preview, extra_cells=cells
        )
        if self.cells:
            self.draw_hand(surface, wheel_rect, board_rect, kind_of[options[0]])
        mine = cell_of(v.action, g) if v is not None and not v.right else None
        if mine is not None:
            ring_cell(surface, self.display_geo, mine[0], mine[1], BAD)

    def draw_hand(self, surface, wheel_rect, board_rect, kind: int) -> None:
        """The tile to place, beside the wheel (as the table shows it in the hand)."""
        if kind < 0:
            return
        look, px = self.app.look, self.app.look.px
        room = pygame.Rect(wheel_rect.right + px(16), wheel_rect.y, board_rect.right - wheel_rect.right - px(16), 0)
        size = min(px(110), max(1, room.w - px(8)))
        label = look.fit_text(t("puzzles.hand"), 14, INK_SOFT, width=max(1, room.w))
        y = wheel_rect.centery - (size + label.get_height()) // 2
        surface.blit(label, (room.x, y))
        tile = self.app.sprites.get("tiles", self.app.rules.tiles[kind].id, height=size)
        surface.blit(tile, (room.x, y + label.get_height() + px(4)))

    def side_lines(self) -> list[Line]:
        g, v, p = self.game, self.verdict, self.puzzle
        name = g.config.players[g.to_move]
        out = []
        if v is None:
            out.append(Line(t(f"puzzles.ask.{p.kind}", name=name), 19, WOOD_DARK, True))
            out.append(Line(t(f"puzzles.how.{p.kind}"), 14, INK_SOFT))
            picked = p.choices[self.picked].action
            out.append(Line(t("puzzles.picked", option=describe(picked, g)), 14, INK))
        else:
            out.append(Line(t("puzzles.right" if v.right else "puzzles.wrong"), 20, GOOD if v.right else BAD, True))
            out.append(Line(t("puzzles.best", option=describe(v.answer, g)), 15, WOOD_DARK, True))
            out.append(Line(self.reason(v.answer), 13, INK, indent=12))
            if not v.right:
                out.append(Line(t("puzzles.yours", option=describe(v.action, g)), 15, WOOD_DARK, True))
                out.append(Line(self.reason(v.action), 13, INK, indent=12))
                out.append(Line(t("puzzles.lost", fame=number(v.lost, 1)), 13, BAD, indent=12))
        return out

    def progress_line(self) -> Line:
        if self.note:
            return Line(self.note, 13, BAD)
        pr = self.progress
        if pr is None:
            return Line(t("puzzles.progress.none"), 13, INK_SOFT)
        return Line(
            t("puzzles.progress.line", solved=pr.solved, streak=pr.streak, best=pr.best_streak), 13, WOOD_DARK, True
        )

    def draw_side(self, surface, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        inner = rect.inflate(-px(24), -px(20))
        bottom = self.b_next.rect.y - px(8) if self.widgets else inner.bottom
        foot = self.progress_line()
        font = look.font(foot.size, foot.bold)
        foot_h = font.get_linesize() * len(wrap(font, foot.text, inner.w)) + px(4)
        body = pygame.Rect(inner.x, inner.y, inner.w, bottom - foot_h - inner.y)
        y = draw_lines(surface, look, body, inner.y, self.side_lines())
        if self.verdict is not None:
            self.draw_bars(surface, pygame.Rect(inner.x, y + px(6), inner.w, body.bottom - y - px(6)))
        draw_lines(surface, look, pygame.Rect(inner.x, bottom - foot_h, inner.w, foot_h), bottom - foot_h, [foot])

    def draw_bars(self, surface, rect) -> None:
        """Each option's chance to win as a bar, its expected Fame beside it: best first."""
        look, px = self.app.look, self.app.look.px
        g, v = self.game, self.verdict
        head = look.fit_text(t("puzzles.bars"), 14, WOOD_DARK, bold=True, width=rect.w)
        surface.blit(head, rect.topleft)
        y = rect.y + head.get_height() + px(4)
        font = look.font(12)
        row = font.get_linesize() * 2 + px(4)
        shown = list(v.choices)
        if y + row * len(shown) > rect.bottom:  # the best first, her choice always, a line for the rest
            n = max(1, (rect.bottom - y - font.get_linesize()) // row)
            shown = shown[:n]
            if all(c.action is not v.action for c in shown):
                shown = shown[: max(1, n - 1)] + [next(c for c in v.choices if c.action is v.action)]
        for c in shown:
            mine, best = c.action is v.action, c.action is v.answer
            colour = GOLD if best else BAD if mine else (200, 186, 160)
            text = describe(c.action, g)
            label = look.fit_text(text, 12, INK, bold=mine or best, width=rect.w)
            surface.blit(label, (rect.x, y))
            figures = font.render(
                t("puzzles.figures", fame=number(c.fame, 1), chance=percent(c.chance)), True, INK_SOFT
            )
            by = y + font.get_linesize()
            bar_w = max(px(20), rect.w - figures.get_width() - px(10))
            bar = pygame.Rect(rect.x, by + px(2), bar_w, font.get_linesize() - px(4))
            pygame.draw.rect(surface, (236, 226, 204), bar, border_radius=px(3))
            fill = bar.copy()
            fill.w = max(1, round(bar.w * max(0.0, min(1.0, c.chance))))
            pygame.draw.rect(surface, colour, fill, border_radius=px(3))
            pygame.draw.rect(surface, INK_SOFT, bar, 1, border_radius=px(3))
            surface.blit(figures, (bar.right + px(8), by))
            y += row
        if len(shown) < len(v.choices):
            more = font.render(t("puzzles.more", count=len(v.choices) - len(shown)), True, INK_SOFT)
            surface.blit(more, (rect.x, y))


__all__ = ["PuzzleScene"]
