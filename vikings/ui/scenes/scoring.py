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

Space or a click skips the current player's scoring; "Skip scoring" (or S) skips every
scoring event still waiting.
"""
from __future__ import annotations

import math

import pygame
import pygame_gui

from ... import words
from ...engine.display import completed_islands
from ...lang import number, t
from .. import flow
from ..chart import draw_marker, nice_max
from ..fx import Call, Effect, Float, Fly, Pause, ease
from ..layout import BOARD_COLS
from ..motion import money_flights
from ..cards import card_icon_spots, card_ship_spot
from ..table import draw_display, panel, wrap
from ..threat import draw_threat
from ..theme import BAD, GOLD, GOOD, INK, INK_SOFT, WOOD, WOOD_DARK, colour_of
from .scoring_text import (kind_inline, kind_title, line_words, names_list, nothing_note, repelled_note,
                           special_kind, threatened_note)
from .table_scene import TableScene

# Beats, in seconds at normal speed.
T_INTRO = 0.45      # the player's display comes up
T_THREAT = 0.7      # the bands run down the columns
T_THREAT_REST = 0.45
T_LINE = 0.45       # one line counted
T_LINE_ZERO = 0.22  # a line worth nothing (a majority not won)
T_GAP = 0.1
T_END = 0.8         # the totals stay a moment
T_FLOAT = 1.0

STACK = 1.7   # markers on the same Fame stack upwards, this many radii apart


class Step(Effect):
    """A stretch of time whose progress the scene reads (a line counting up, a band
    growing); `on_done` runs at its end, or at once when skipped."""

    duration = 0.5


def _round(x: float) -> int:
    return int(math.floor(x + 0.5))


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


def ship_spot(scene, vis, p: int) -> tuple[int, int]:
    """Where the start player ship sits on player p's card (see cards.draw_card), for a
    table scene drawing `vis`."""
    return card_ship_spot(scene.app.look, scene.layout.cards[p % scene.match.game.n])


class ScoringScene(TableScene):
    handles = frozenset({"scoring", "start_player", "game_over"})
    phases = frozenset()

    def __init__(self, app, ctx):
        super().__init__(app, ctx)
        self.current = None          # the scoring event being shown (stays until the next one)
        self.note = None             # a start_player or game_over event being shown
        self.passing = None          # the start_player event whose ship is flying
        self.cum: list = [(0, 0)]    # Gold and Fame after each line of the current scoring
        self.listed = 0              # lines in the panel
        self.counted = 0             # lines fully counted on the card
        self.step_fx: Step | None = None
        self.threat_fx: Step | None = None
        self.threat_full = False
        self.active_line: int | None = None
        self.active_cells: list = []
        self.floaters: list[Float] = []
        self.new_round = 0
        self.fame_float: dict = {}   # the Fame track's markers, counted smoothly
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
        self.b_skip = self.add(pygame_gui.elements.UIButton(
            rect, label, self.app.ui, tool_tip_text=t("scoring.skip.tip")))

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
        self.active_line, self.active_cells = None, []
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
        if not self.fx.active and m.pending and m.pending[0].type not in self.handles \
                and flow.scene_for(self.ctx) is type(self):
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
        if self._ships(e.player):
            threat = Step(T_THREAT, on_done=self._threat_done)
            self.fx.add(Call(lambda: self._start_threat(threat)))
            self.fx.add(threat)
            self.fx.add(Pause(T_THREAT_REST if d["threatened"] or d["repelled"] else 0.15))
        pace = min(1.0, max(0.5, 10 / max(1, len(lines))))   # long breakdowns run quicker
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
        self.listed = self.counted = 0
        self.step_fx = self.threat_fx = None
        self.threat_full = not self._ships(e.player)
        self.active_line, self.active_cells = None, []
        self.app.invalidate()

    def _start_threat(self, threat: Step) -> None:
        self.threat_fx = threat
        self._sound("threat", "threatened")

    def _threat_done(self) -> None:
        self.threat_full = True
        self.threat_fx = None
        self._sound("repelled", "repelled")

    def _sound(self, sound: str, cells: str) -> None:
        """A horn as the threat sweeps down on tiles, a clash when it ends on ships the warriors
        repel; nothing while skipping (the queue is emptied before its landings run)."""
        if self.fx.active and self.current is not None and self.current.data[cells]:
            self.app.sound.play(sound)

    def _start_line(self, e, i: int, step: Step) -> None:
        line = e.data["lines"][i]
        self.listed = i + 1
        self.step_fx = step
        self.active_line = i
        self.active_cells = self.line_cells(e, line)
        if (line["gold"] or line["fame"]) and self.app.settings.speed > 0:
            look = self.app.look
            img = self._float_image(line["gold"], line["fame"])
            src = self._float_pos(e, line)
            self.floaters.append(Float(img, src, duration=T_FLOAT, rise=look.px(46)))
            spots = card_icon_spots(look, self.layout.cards[e.player])   # income flies to the card
            for icon, amount in (("coin", line["gold"]), ("fame", line["fame"])):
                if amount:
                    a, b = (src, spots[icon]) if amount > 0 else (spots[icon], src)
                    self.floaters += money_flights(self.app, a, b, amount if icon == "coin" else 0,
                                                   amount if icon == "fame" else 0, duration=0.5, after=0.35)
            if self.fx.active:  # (not while skipping)
                self.app.sound.play("score_tick")
        self.app.invalidate()

    def _counted(self, i: int) -> None:
        self.counted = max(self.counted, i + 1)
        self.step_fx = None

    def _lines_done(self) -> None:
        self.active_line, self.active_cells = None, []

    def _show_pass(self, e) -> None:
        vis = self.visible()
        self.new_round = vis.round + 2   # the event is still pending: vis is the round just scored
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
        self.active_line, self.active_cells = None, []
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
        vis = super().visible()
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

    def _ships(self, p: int) -> list[tuple[int, int]]:
        """(column, ship kind) of the ships in row 0 of player p's display."""
        d = self.match.game.displays[p]
        return [(c, k) for r, c, k, _ in d.tiles() if r == 0]

    def _threat_k(self) -> float:
        if self.threat_full:
            return 1.0
        return ease(self.threat_fx.progress) if self.threat_fx is not None else 0.0

    def board_options(self, vis, p) -> dict:
        e = self.current
        if e is None or e.player != p:
            return {}
        k = self._threat_k()
        reach = self.app.rules.tile_reach
        ships = dict(self._ships(p))
        lying = []
        for r, c in e.data["threatened"]:
            ship = ships.get(c)
            rows = (reach[ship] + 1) if ship is not None else r + 1
            if k * rows >= r + 0.75:
                lying.append((r, c))
        opts = {"threatened": lying, "repelled": e.data["repelled"] if k >= 0.3 else []}
        if self.active_cells:
            opts["highlight"] = self.active_cells
        return opts

    def line_cells(self, e, line) -> list[tuple[int, int]]:
        """The cells a breakdown line is about (lit while it is counted)."""
        rules = self.app.rules
        d = self.match.game.displays[e.player]
        what, row, col = line["what"], line["row"], line["col"]
        vr = rules.viking_row
        if row is not None:
            cells = [(row, col)]
            k = special_kind(rules, line["detail"]) if what == "special" else None
            if k is not None and k.effect == "building":  # it counts the Vikings on it and around it
                cells += [(r, c) for r in range(max(1, row - 1), min(rules.island_rows, row + 1) + 1)
                          for c in range(max(1, col - 1), col + 2) if (r, c) != (row, col) and d.occupied(r, c)]
            if what == "warrior":
                cells.append((0, col))
            elif what == "scout":
                for r in (vr[rules.goldsmith], vr[rules.fisherman]):
                    if r > row and d.occupied(r, col):
                        cells.append((r, col))
            return cells
        if what in ("islands", "longest"):
            isl = completed_islands(d, rules)
            if what == "longest" and isl:
                most = max(n for _, _, n in isl)
                isl = [i for i in isl if i[2] == most]
            return [(r, c) for r, c0, n in isl for c in range(c0, c0 + n)] if line["fame"] or what == "islands" else []
        if what == "feeding":
            fr = vr[rules.fisherman]
            hit = {tuple(x) for x in e.data["threatened"]}
            return [(fr, c) for c in range(1, len(d.rows[fr]) + 1) if d.occupied(fr, c) and (fr, c) not in hit]
        return []

    def _float_pos(self, e, line) -> tuple[int, int]:
        geo = self.board_geo if self.shown_player == e.player else None
        cells = [c for c in self.active_cells if c[0] == line["row"]] or self.active_cells
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
    def draw(self, surface) -> None:
        super().draw(surface)
        for f in self.floaters:
            f.draw(surface)

    def top_text(self, vis) -> str:
        rules = self.app.rules
        e = self.current if self.counting() else (self.match.pending[0] if self.match.pending else self.current)
        kind = e.data["kind"] if e is not None and e.type == "scoring" else rules.schedule[min(vis.round, rules.rounds - 1)]
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

    def draw_board(self, surface, vis, rect):
        p = self.shown_player
        e = self.current
        if e is not None and e.player == p:
            label = t("scoring.display_scoring", name=self.match.seats[p].name, kind=kind_inline(e.data["kind"]))
        else:
            label = t("scoring.display", name=self.match.seats[p].name)
        img = self.app.look.text(label, 14, INK_SOFT, bold=e is not None and e.player == p)
        surface.blit(img, (rect.x, rect.y))
        body = rect.inflate(0, -img.get_height() - 4).move(0, (img.get_height() + 4) // 2)
        geo = draw_display(surface, self.app, vis.players[p], body, extra_cells=((1, BOARD_COLS - 1),),
                           **self.board_options(vis, p))
        if e is not None and e.player == p:
            self._draw_threat(surface, geo, e)
        return geo

    def _draw_threat(self, surface, geo, e) -> None:
        k = self._threat_k()
        if k > 0:
            draw_threat(surface, self.app.rules, geo, self._ships(e.player), e.data["repelled"], k)

    def decision_text(self, vis) -> list[str]:
        e = self.current
        if e is not None:
            name = self.match.seats[e.player].name
            return [t("scoring.decision", kind=kind_title(e.data["kind"]), name=name)]
        return [t("scoring.scoring")]

    def draw_decision(self, surface, vis, rect) -> None:
        look, px = self.app.look, self.app.look.px
        panel(surface, rect, look)
        self.decision_bottom = rect.bottom
        pad = px(14)
        inner = rect.inflate(-2 * pad, 0)
        # The bottom: a hint, and the Skip button (a widget) at the right.
        bottom = self.b_skip.rect.y if getattr(self, "b_skip", None) is not None else rect.bottom - px(10) - px(34)
        e = self.note if self.note is not None else self.current
        if e is None and self.match.pending:
            e = self.match.pending[0]
        skip = "scoring.skip.hint_player" if e is not None and e.type == "scoring" else "scoring.skip.hint_ahead"
        hint = look.fit_text(t(skip), 12, INK_SOFT, width=max(1, (self.b_skip.rect.x if self.b_skip else rect.right)
                                                             - px(10) - inner.x))
        surface.blit(hint, (inner.x, bottom + (rect.bottom - px(10) - bottom - hint.get_height()) // 2))
        track_h = self._track_height()
        if inner.w > 1.9 * rect.h:   # a wide, low panel: the lines on the left, the Fame track beside them
            split = round(inner.w * 0.62)
            track = pygame.Rect(inner.x + split + px(16), bottom - px(8) - track_h, inner.w - split - px(16), track_h)
            body = pygame.Rect(inner.x, rect.y + px(10), split, bottom - px(4) - rect.y - px(10))
        else:
            track = pygame.Rect(inner.x, bottom - px(8) - track_h, inner.w, track_h)
            body = pygame.Rect(inner.x, rect.y + px(10), inner.w, track.y - px(8) - rect.y - px(10))
        self.draw_fame_track(surface, vis, track)
        if e is None:
            return
        if e.type == "scoring":
            self._draw_breakdown(surface, vis, body, e)
        elif e.type == "start_player":
            name = self.match.seats[e.player].name
            self._draw_heading(surface, body, e.player, t("scoring.round_begins", n=self.new_round), "")
            y = self._draw_text(surface, body.move(0, px(40)), [
                t("scoring.ship_passes", name=name, first=name, n=self.new_round)])
            # Who hands the ship to whom: marker → ship → marker.
            n = self.match.game.n
            old, seats = (e.player - 1) % n, self.match.seats
            ship = self.app.sprites.get("board", "start_player", height=px(56))
            cy = y + px(14) + ship.get_height() // 2
            if cy + ship.get_height() // 2 < body.bottom:
                cx = body.centerx
                r = px(14)
                draw_marker(surface, look, (cx - ship.get_width() // 2 - px(46), cy), colour_of(seats[old].colour),
                            seats[old].name, radius=r)
                draw_marker(surface, look, (cx + ship.get_width() // 2 + px(46), cy), colour_of(seats[e.player].colour),
                            seats[e.player].name, radius=r)
                half = ship.get_width() // 2
                for x0 in (cx - half - px(30), cx + half + px(4)):   # arrows: old → ship → new
                    x1 = x0 + px(18)
                    pygame.draw.line(surface, WOOD, (x0, cy), (x1, cy), max(2, px(3)))
                    pygame.draw.polygon(surface, WOOD, [(x1, cy - px(6)), (x1 + px(8), cy), (x1, cy + px(6))])
                surface.blit(ship, ship.get_rect(center=(cx, cy)))
        elif e.type == "game_over":
            ranks = e.data["ranks"]
            winners = [p for p, r in enumerate(ranks) if r == 1]
            names = names_list(self.match.seats[p].name for p in winners)
            p = winners[0]
            self._draw_heading(surface, body, p, t("scoring.game_over"), "")
            said = t("scoring.share_win" if len(winners) > 1 else "scoring.wins", names=names,
                     fame=words.fame(e.data["fame"][p]), gold=words.gold(e.data["gold"][p]))
            self._draw_text(surface, body.move(0, px(40)), [said, t("scoring.results_follow")])

    def _draw_heading(self, surface, body, p: int, title: str, right: str) -> int:
        look, px = self.app.look, self.app.look.px
        chip = pygame.Rect(body.x, body.y + px(2), px(10), px(28))
        pygame.draw.rect(surface, colour_of(self.match.seats[p].colour), chip, border_radius=px(3))
        pygame.draw.rect(surface, INK, chip, 1, border_radius=px(3))
        r = look.text(right, 13, INK_SOFT) if right else None
        room = body.w - px(18) - (r.get_width() + px(10) if r else 0)
        font = look.font(20, True)
        img = font.render(fit(font, title, room), True, WOOD_DARK)
        surface.blit(img, (chip.right + px(8), chip.centery - img.get_height() // 2))
        if r:
            surface.blit(r, (body.right - r.get_width(), chip.centery - r.get_height() // 2))
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

    def _draw_breakdown(self, surface, vis, body, e) -> None:
        look, px, rules = self.app.look, self.app.look.px, self.app.rules
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
        rows = []   # (kind, payload)
        k = self._threat_k()
        if k < 1 and self._ships(p):
            rows.append(("note", (t("scoring.note.threat_runs"), INK_SOFT)))
        if k >= 1:
            if d["threatened"]:
                rows.append(("note", (threatened_note(len(d["threatened"])), BAD)))
            if d["repelled"] and kind != "large":
                rows.append(("note", (repelled_note(d["repelled"]), GOOD)))
        lines = d["lines"]
        for i in range(min(self.listed, len(lines))):
            rows.append(("line", i))
        all_listed = self.listed >= len(lines) and (self.counted >= len(lines) or not self.counting())
        if not lines and (k >= 1 or not self.counting()):
            rows.append(("note", (nothing_note(kind), INK_SOFT)))
        total_h = row_h + px(6)
        room = body.bottom - y - total_h
        fits = max(1, room // row_h)
        hidden = 0
        if len(rows) > fits:
            hidden = len(rows) - (fits - 1)
            rows = rows[hidden:]
            more = small.render(t("scoring.lines_above", count=hidden), True, INK_SOFT)
            surface.blit(more, (body.x + px(4), y + (row_h - more.get_height()) // 2))
            y += row_h
        for kind_, payload in rows:
            cy = y + row_h // 2
            if kind_ == "note":
                text, colour = payload
                f = look.font(14, True)
                surface.blit(f.render(fit(f, text, body.w - px(8)), True, colour), (body.x + px(4), cy - f.get_height() // 2))
            else:
                i = payload
                line = lines[i]
                if i == self.active_line:
                    pygame.draw.rect(surface, (250, 228, 160), (body.x, y + 1, body.w, row_h - 2), border_radius=px(5))
                x = body.x + px(4)
                icon = line_icon(self.app, line, icon_h)
                if icon is not None:
                    if icon.get_width() > icon_h * 1.4:
                        icon = pygame.transform.smoothscale(icon, (round(icon_h * 1.4), round(icon.get_height() * icon_h * 1.4 / icon.get_width())))
                    surface.blit(icon, icon.get_rect(center=(x + icon_h // 2 + px(2), cy)))
                x += icon_h + px(10)
                amounts = amount_parts(self.app, line["gold"], line["fame"], 15, px(18), zero=number(0))
                amount_w = sum(a.get_width() for a in amounts) + px(3) * (len(amounts) - 1)
                label, detail = line_words(line, rules)
                room_w = body.right - px(6) - amount_w - px(12) - x
                lab = fit(font, label, room_w)
                img = font.render(lab, True, INK)
                surface.blit(img, (x, cy - img.get_height() // 2))
                if detail and lab == label:
                    det_room = room_w - img.get_width() - px(8)
                    if det_room > px(40):
                        det = small.render(fit(small, detail, det_room), True, INK_SOFT)
                        surface.blit(det, (x + img.get_width() + px(8), cy - det.get_height() // 2 + px(1)))
                blit_row(surface, amounts, body.right - px(6), cy, px(3), right=True)
            y += row_h
        if lines and all_listed:
            pygame.draw.line(surface, WOOD, (body.x, y + px(3)), (body.right, y + px(3)), max(1, px(1)))
            cy = y + px(6) + row_h // 2
            tot = look.text(t("scoring.total"), 15, INK, bold=True)
            surface.blit(tot, (body.x + px(4), cy - tot.get_height() // 2))
            g, f = self.cum[-1]
            parts = amount_parts(self.app, g, f, 16, px(20), zero=t("scoring.nothing"))
            blit_row(surface, parts, body.right - px(6), cy, px(3), right=True)
            right_x = body.right - px(6) - sum(a.get_width() for a in parts) - px(3) * (len(parts) - 1)
            after_x = body.x + px(4) + tot.get_width() + px(12)
            after = look.fit_text(t("scoring.now", gold=words.gold(d["gold"]), fame=words.fame(d["fame"])), 13,
                                  INK_SOFT, width=max(1, right_x - px(10) - after_x))
            surface.blit(after, (after_x, cy - after.get_height() // 2 + px(1)))

    def _order(self, e, vis) -> tuple[int, int]:
        """(position, count) of this player in the scoring's order (start player first)."""
        g = self.match.game
        n = g.n
        if e.data["kind"] == "final":   # the final scoring goes round the table from the first seat
            return e.player + 1, n
        start = vis.start_player if vis.start_player >= 0 else g.start_player
        return (e.player - start) % n + 1, n

    # The Fame track ----------------------------------------------------------------------------------
    def _track_height(self) -> int:
        px = self.app.look.px
        r = px(9)
        return 2 * r + round((self.match.game.n - 1) * STACK * r) + px(22)

    def draw_fame_track(self, surface, vis, rect) -> None:
        look, px = self.app.look, self.app.look.px
        seats = self.match.seats
        icon = self.app.sprites.get("board", "fame", height=px(22))
        bar_y = rect.bottom - px(20)
        surface.blit(icon, (rect.x, bar_y - icon.get_height() // 2))
        x0 = rect.x + icon.get_width() + px(14)
        x1 = rect.right - px(10)
        fames = self.fame_float or {p: float(pv.fame) for p, pv in enumerate(vis.players)}
        engine = [d.fame for d in self.match.game.displays]
        top = max(list(engine) + list(fames.values()) + [20])
        step = 10
        vmax = nice_max(top + 2, step)
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
        # Markers: ties (and near ties) stack upwards like pawns on a board.
        r = px(9)
        placed: list[tuple[float, int]] = []
        current = self.current.player if self.counting() else None
        order = sorted(range(len(seats)), key=lambda p: (fames.get(p, 0), p == current))
        for p in order:
            x = x0 + max(0.0, min(vmax, fames.get(p, 0.0))) * unit
            layer = 0
            while any(abs(x - px_) < 2 * r - 1 and lay == layer for px_, lay in placed):
                layer += 1
            placed.append((x, layer))
            cy = bar.y - r + px(2) - round(layer * STACK * r)
            draw_marker(surface, look, (x, cy), colour_of(seats[p].colour), seats[p].name, radius=r)
            if p == current:
                pygame.draw.circle(surface, GOLD, (round(x), cy), r + max(1, px(2)), max(1, px(2)))
