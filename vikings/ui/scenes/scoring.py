"""The scorings (small, large and final), shown step by step from the engine's breakdown.

One player after another, that player's display is shown large. First the ships' threat
is drawn down their columns (a translucent red band from each ship to the row its sail
reaches; a ship a warrior drives off is ringed green with its warrior) and the threatened
Vikings are laid on their side. Then each line of the breakdown in turn: its cells light
up, "+3 Gold" rises from them, the player's card counts up, the line is added to the list
in the decision panel and the markers on the Fame track move. Between rounds the start
player ship sails to the next player; after the final scoring the game-over beat hands on
to the results.

Nothing here decides a score: every figure comes from the events' data (the engine's
`PlayerScore`), and what the table shows is the engine's state minus the events not yet
shown (`Visible`), plus the part of the current scoring already counted.

The scene keeps the beat and owns two parts it calls: the decision panel (the breakdown,
the notes, the Fame track; `ScoringPanel` of scoring_panel.py) and the large display (the
threat, the Vikings laid down, the lit cells; `ScoringBoard` of scoring_board.py). Every
word comes from scoring_text.py in the language in use, looked up as it is drawn.

Space or a click skips the current player's scoring; "Skip scoring" (or S) skips every
scoring event still waiting.
"""

from __future__ import annotations

import math

import pygame
import pygame_gui

from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.drawing.cards import card_icon_spots, card_ship_spot
from vikings.ui.drawing.theme import BAD, GOOD
from vikings.ui.scenes.scoring_board import ScoringBoard
from vikings.ui.scenes.scoring_panel import ScoringPanel, amount_parts, blit_row
from vikings.ui.scenes.scoring_text import kind_title, line_words
from vikings.ui.scenes.table_scene import TableScene, display_key
from vikings.ui.table.fx import Call, Effect, Float, Fly, Pause, ease
from vikings.ui.table.motion import money_flights

# Beats, in seconds at normal speed.
T_INTRO = 0.45  # the player's display comes up
T_THREAT = 0.7  # the bands run down the columns
T_THREAT_REST = 0.45
T_LINE = 0.45  # one line counted
T_LINE_ZERO = 0.22  # a line worth nothing (a majority not won)
T_GAP = 0.1
T_END = 0.8  # the totals stay a moment
T_FLOAT = 1.0


class Step(Effect):
    """A stretch of time whose progress the scene reads (a line counting up, a band
    growing); `on_done` runs at its end, or at once when skipped."""

    duration = 0.5


def _round(x: float) -> int:
    return int(math.floor(x + 0.5))


def ship_spot(scene, vis, p: int) -> tuple[int, int]:
    """Where the start player ship sits on player p's card (see cards.draw_card), for a
    table scene drawing `vis`."""
    return card_ship_spot(scene.app.look, scene.layout.cards[p % scene.match.game.n])


class ScoringScene(TableScene):
    handles = frozenset({"scoring", "start_player", "game_over"})
    phases = frozenset()

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.current = None  # the scoring event being shown (stays until the next one)
        self.note = None  # a start_player or game_over event being shown
        self.passing = None  # the start_player event whose ship is flying
        self.cum: list = [(0, 0)]  # Gold and Fame after each line of the current scoring
        self.counted = 0  # lines fully counted on the card
        self.step_fx: Step | None = None
        self.board = ScoringBoard(app, self.match)
        self.panel = ScoringPanel(app, self.match, self.board)
        self.panel.markers_over = True  # (drawn over the kept layer: draw_moving)
        self.visible_now = None  # what the table shows, as the frame's drawing read it
        self.floaters: list[Float] = []
        self.fame_float: dict = {}  # the Fame track's markers, counted smoothly
        self.b_skip = None
        self._took_view = False
        if self.match.pending and self.match.pending[0].type == "scoring":
            ctx.viewed = self.match.pending[0].player
            self._took_view = True

    # Widgets -----------------------------------------------------------------------------------
    def build_decision_ui(self) -> None:
        px, r = self.app.look.px, self.layout.decision
        label = t("scoring.skip.button")
        w, h = self.app.look.caption_width(label, 170), self.app.look.caption_height(34, pad=1)
        rect = pygame.Rect(r.right - px(12) - w, r.bottom - px(10) - h, w, h)
        self.b_skip = self.add(
            pygame_gui.elements.UIButton(rect, label, self.app.ui, tool_tip_text=t("scoring.skip.tip"))
        )

    def named_widgets(self) -> dict:
        return {**super().named_widgets(), "skip": self.b_skip}

    def handle_widget(self, event) -> bool:
        if event.ui_element is self.b_skip:
            self.skip_all()
            return True
        return False

    def handle_key(self, event) -> bool:
        if event.key == pygame.K_s and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.skip_all()
            return True
        return False

    def exit(self) -> None:
        if self._took_view:
            self.ctx.viewed = None
        super().exit()

    # Skipping ------------------------------------------------------------------------------------
    def skip(self) -> None:
        super().skip()
        self.floaters.clear()

    def skip_all(self) -> None:
        """Land every waiting scoring event at once (up to the next thing that is not a scoring)."""
        self.fx.clear()
        self.floaters.clear()
        m = self.match
        while m.pending and m.pending[0].type in self.handles:
            if m.coach is not None and m.coach.wants(m.pending[0]):
                break  # the lesson explains this one first
            m.pending.popleft()
        self.current = self.note = self.passing = None
        self.in_flight = None
        self.panel.active_line, self.board.cells = None, []
        self.ctx.viewed = None
        self.refresh_ui()
        self.app.invalidate()

    # The beat --------------------------------------------------------------------------------------
    def busy(self) -> bool:
        return super().busy() or bool(self.floaters)

    def update(self, dt: float) -> None:
        speed = self.app.settings.speed
        if self.floaters:
            if speed <= 0:
                self.floaters.clear()
            for f in self.floaters:
                f.t += dt * speed
            self.floaters = [f for f in self.floaters if f.t < f.duration]
        m = self.match
        if (
            not self.fx.active
            and m.pending
            and m.pending[0].type not in self.handles
            and flow.scene_for(self.ctx) is type(self)
        ):
            # An event no other scene would take now (e.g. a last boatswain move once the
            # game is over): land it without an animation rather than wait for ever.
            m.pending.popleft()
            self.app.invalidate()
            return
        super().update(dt)

    def show(self, e) -> None:
        if e.type == "scoring":
            self._show_scoring(e)
        elif e.type == "start_player":
            self._show_pass(e)
        else:  # game_over
            self.fx.add(Call(lambda: self._begin_note(e)))
            self.fx.add(Pause(1.0))

    def _show_scoring(self, e) -> None:
        d = e.data
        lines = d["lines"]
        self.fx.add(Call(lambda: self._begin(e)))
        self.fx.add(Pause(T_INTRO))
        if self.board.ships(e.player):
            threat = Step(T_THREAT, on_done=self._threat_done)
            self.fx.add(Call(lambda: self._start_threat(threat)))
            self.fx.add(threat)
            self.fx.add(Pause(T_THREAT_REST if d["threatened"] or d["repelled"] else 0.15))
        pace = min(1.0, max(0.5, 10 / max(1, len(lines))))  # long breakdowns run quicker
        for i, line in enumerate(lines):
            worth = bool(line["gold"] or line["fame"])
            step = Step((T_LINE if worth else T_LINE_ZERO) * pace, on_done=lambda i=i: self._counted(i))
            self.fx.add(Call(lambda i=i, step=step: self._start_line(e, i, step)))
            self.fx.add(step)
            self.fx.add(Pause(T_GAP * pace))
        self.fx.add(Call(self._lines_done))
        self.fx.add(Pause(T_END))

    def _begin(self, e) -> None:
        self.current, self.note, self.passing = e, None, None
        self.ctx.viewed = e.player
        self._took_view = True
        g = f = 0
        self.cum = [(0, 0)]
        for line in e.data["lines"]:
            g += line["gold"]
            f += line["fame"]
            self.cum.append((g, f))
        self.counted = 0
        self.step_fx = None
        self.panel.begin()
        self.board.begin(e.player)
        self.app.invalidate()

    def _start_threat(self, threat: Step) -> None:
        self.board.threat_fx = threat
        self._sound("threat", "threatened")

    def _threat_done(self) -> None:
        self.board.threat_full = True
        self.board.threat_fx = None
        self._sound("repelled", "repelled")

    def _sound(self, sound: str, cells: str) -> None:
        """A horn as the threat sweeps down on tiles, a clash when it ends on ships the warriors
        repel; nothing while skipping (the queue is emptied before its landings run)."""
        if self.fx.active and self.current is not None and self.current.data[cells]:
            self.app.sound.play(sound)

    def _start_line(self, e, i: int, step: Step) -> None:
        line = e.data["lines"][i]
        self.panel.show_line(i)
        self.step_fx = step
        self.board.cells = self.board.line_cells(e, line)
        if (line["gold"] or line["fame"]) and self.app.settings.speed > 0:
            look = self.app.look
            img = self._float_image(line["gold"], line["fame"])
            src = self._float_pos(e, line)
            self.floaters.append(Float(img, src, duration=T_FLOAT, rise=look.px(46)))
            spots = card_icon_spots(look, self.layout.cards[e.player])  # income flies to the card
            for icon, amount in (("coin", line["gold"]), ("fame", line["fame"])):
                if amount:
                    a, b = (src, spots[icon]) if amount > 0 else (spots[icon], src)
                    self.floaters += money_flights(
                        self.app,
                        a,
                        b,
                        amount if icon == "coin" else 0,
                        amount if icon == "fame" else 0,
                        duration=0.5,
                        after=0.35,
                    )
            if self.fx.active:  # (not while skipping)
                self.app.sound.play("score_tick")
        self.app.invalidate()

    def _counted(self, i: int) -> None:
        self.counted = max(self.counted, i + 1)
        self.step_fx = None

    def _lines_done(self) -> None:
        self.panel.active_line, self.board.cells = None, []

    def _show_pass(self, e) -> None:
        vis = self.visible()
        self.panel.new_round = vis.round + 2  # the event is still pending: vis is the round just scored
        self.fx.add(Call(lambda: self._begin_note(e, passing=True)))
        src, dst = self._ship_spot(vis, e.player - 1), self._ship_spot(vis, e.player)
        img = self.app.sprites.get("board", "start_player", height=self.app.look.px(34))
        self.fx.add(Pause(0.15))
        self.fx.add(Fly(img, src, dst, duration=0.9, arc=0.35))
        self.fx.add(Pause(0.35))

    def _begin_note(self, e, passing: bool = False) -> None:
        self.note = e
        self.passing = e if passing else None
        self.current = None
        self.panel.active_line, self.board.cells = None, []
        self.ctx.viewed = None
        self.app.invalidate()

    # What is shown --------------------------------------------------------------------------------
    def _tally(self) -> tuple[float, float]:
        """Gold and Fame of the current scoring counted so far (fractions while counting)."""
        i = min(self.counted, len(self.cum) - 1)
        g, f = self.cum[i]
        s = self.step_fx
        if s is not None and i + 1 < len(self.cum):
            k = ease(s.progress)
            g += (self.cum[i + 1][0] - g) * k
            f += (self.cum[i + 1][1] - f) * k
        return g, f

    def counting(self) -> bool:
        """True while the current scoring is on screen and not landed yet."""
        m, e = self.match, self.current
        return e is not None and bool(m.pending) and m.pending[0] is e

    def visible(self):
        vis = self.visible_now = super().visible()
        self.fame_float = {p: float(pv.fame) for p, pv in enumerate(vis.players)}
        m = self.match
        if self.counting():
            g, f = self._tally()
            pv = vis.players[self.current.player]
            self.fame_float[self.current.player] = pv.fame + f
            pv.gold += _round(g)
            pv.fame += _round(f)
        if self.passing is not None and m.pending and m.pending[0] is self.passing:
            vis.start_player = -1  # the ship is in the air
        return vis

    def _float_pos(self, e, line) -> tuple[int, int]:
        geo = self.board_geo if self.shown_player == e.player else None
        cells = [c for c in self.board.cells if c[0] == line["row"]] or self.board.cells
        if geo is not None and cells:
            rects = [geo.cell_rect(r, c) for r, c in cells]
            box = rects[0].unionall(rects[1:])
            return box.centerx, box.centery
        if geo is not None and line["what"] == "boatswains":
            return geo.pool_rect.center
        # Gold and the like: over the player's numbers on the card.
        card = self.layout.cards[e.player]
        return card.right - self.app.look.px(80), card.y + self.app.look.px(78)

    def _float_image(self, gold: int, fame: int) -> pygame.Surface:
        px = self.app.look.px
        parts = amount_parts(self.app, gold, fame, 22, px(26))
        w = sum(p.get_width() for p in parts) + px(4) * (len(parts) - 1) + px(18)
        h = max(p.get_height() for p in parts) + px(6)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(img, (255, 248, 232, 235), img.get_rect(), border_radius=h // 2)
        good = gold >= 0 and fame >= 0
        pygame.draw.rect(img, GOOD if good else BAD, img.get_rect(), max(1, px(2)), border_radius=h // 2)
        blit_row(img, parts, px(9), h // 2, px(4))
        return img

    def _ship_spot(self, vis, p: int) -> tuple[int, int]:
        return ship_spot(self, vis, p)

    # Drawing ----------------------------------------------------------------------------------------
    def board_options(self, vis, p) -> dict:
        return self.board.options(self.current, p)

    def draw_board(self, surface, vis, rect):
        return self.board.draw(surface, vis, rect, self.shown_player, self.current)

    def draw_decision(self, surface, vis, rect) -> None:
        self.decision_bottom = rect.bottom
        e = self.note if self.note is not None else self.current
        if e is None and self.match.pending:
            e = self.match.pending[0]
        self.panel.draw(
            surface,
            vis,
            rect,
            e,
            self.b_skip.rect if self.b_skip is not None else None,
            self.counting(),
            self.counted,
            self.cum[-1],
            self.fame_float,
        )

    #: the table kept as a layer, in the beats that count too: a line counting up redraws
    #: the card and the panel, the threat growing the board; the rising figures and
    #: flying coins are drawn over it
    caches_layer = True

    def layer_key(self) -> tuple:
        board, panel = self.board, self.panel
        shown = (id(self.current), id(self.note), id(self.passing), self.counted, len(self.cum))
        return (
            super().layer_key()
            + shown
            + (panel.listed, panel.active_line, panel.new_round, tuple(board.cells), board.threat_full)
        )

    def part_hovers(self) -> dict:
        hovers = super().part_hovers()
        del hovers["wheel"], hovers["board"]  # (keyed by what they show: wheel_key, board_key)
        # (the Fame track's markers count with the card; the notes follow the threat's end)
        # (the markers are drawn over it: draw_moving)
        end = self.panel.track_end(self.visible_now, self.fame_float)
        hovers["decision"] += (self.board.threat_k() >= 1, self.counting(), end)
        return hovers

    def board_key(self, vis) -> tuple:
        """The player shown, her display, the cells lit, the Vikings laid down and the
        ships repelled; the threat once grown (while it grows it is drawn over the display)."""
        p, board = self.shown_player, self.board
        e = self.current
        opts = tuple((k, tuple(v)) for k, v in sorted(board.options(e, p).items()))
        grown = None if board.growing() else board.threat_k()
        return (p, id(e), display_key(vis.players[p]), opts, grown, self.marks.get(p))

    def draw_moving(self, surface) -> list | None:
        # (first what the table's layer leaves out: it changes at every frame of a count)
        e = self.current
        current = e.player if e is not None and self.counting() else None
        over = self.panel.draw_markers(surface, self.fame_float, current)
        if e is not None and self.shown_player == e.player:
            over += self.board.draw_growing(surface, self.board_geo, e)
        areas = super().draw_moving(surface)
        if areas is not None:
            areas += over
        for f in self.floaters:
            f.draw(surface)
            if areas is not None and f.area is not None:  # (mended from the layer next frame)
                areas.append(f.area)
        return areas

    def top_text(self, vis) -> str:
        rules = self.app.rules
        e = self.current if self.counting() else (self.match.pending[0] if self.match.pending else self.current)
        kind = (
            e.data["kind"]
            if e is not None and e.type == "scoring"
            else rules.schedule[min(vis.round, rules.rounds - 1)]
        )
        what = kind_title(kind)
        if e is not None and e.type == "game_over":
            what = t("scoring.game_over")
        rnd = t("game.round_of", n=min(vis.round, rules.rounds - 1) + 1, total=rules.rounds)
        return t("scoring.top", round=rnd, what=what)

    def turn_text(self) -> None:
        return None

    def turn_player(self) -> int:
        """The player whose scoring is shown (none between them), not the next to move."""
        return self.current.player if self.current is not None else -1

    def decision_text(self, vis) -> list[str]:
        e = self.current
        if e is not None:
            name = self.match.seats[e.player].name
            return [t("scoring.decision", kind=kind_title(e.data["kind"]), name=name)]
        return [t("scoring.scoring")]


__all__ = ["ScoringScene", "Step", "ship_spot", "line_words"]
