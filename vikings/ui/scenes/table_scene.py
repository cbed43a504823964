"""The table: what every in-game scene shares.

It draws the players' cards (each with a small display; click one to see it large), the
price wheel, the large display, the decision panel and the game log, and runs the beat of
play: show the pending events one by one (each scene animates its own kinds and hands
the others on to `flow.advance`), then either wait for a person or let a bot think and
act at the chosen pace. Subclasses fill in the decision panel and the clicks.

The drawing itself, frame by frame, is table_drawing.py's `TableDrawing`, mixed in here.
"""
from __future__ import annotations

import pygame
import pygame_gui

from vikings.ui import flow
from vikings.ui.flow import TableContext  # noqa: F401  (where the scenes have always found it)
from vikings.ui.table.fx import Call, FxQueue, Fly, Pause
from vikings.ui.table.hints import TIP as HINT_TIP, HintController
from vikings.ui.table.match import MoveRefused
from vikings.ui.table.motion import CountingFigures
from vikings.ui.drawing.think_ring import RingWatch
from vikings.ui.scene import Scene
from vikings.ui.drawing.layout import Layout
from vikings.ui.drawing.theme import INK
from vikings.ui.drawing.specials import STRIP_H
from vikings.ui.drawing.view import MOVES, Visible
from vikings.ui.dialogs.kit import fitted_button
from vikings.ui.scenes.table_drawing import TableDrawing
from vikings.text.lang import t
from vikings.ui.drawing.notice import Said


class TableScene(TableDrawing, Scene):
    handles: frozenset = frozenset()   # event types this scene animates
    phases: frozenset = frozenset()    # engine phases this scene asks decisions for

    def __init__(self, app, ctx: TableContext):
        super().__init__(app)
        self.ctx = ctx
        self.match = ctx.match
        self.fx = FxQueue()
        self.hover_cell = None
        self.hover_space = None
        self.tooltip: str | None = None
        self.error: str | Said | None = None   # (a Said reads in the language in use)
        self.layout = None
        self.board_geo = None
        self.wheel_geo = None
        self.card_geos = []
        self._bot_wait = 0.0
        self.in_flight = None
        self.buttons = {}
        self.tips: list = []        # (rect, text) of pieces drawn with an explanation (special tiles)
        self.slot_spots: list = []  # (rect, text, slot) of the face-up special tiles
        self.hover_slot = None
        self.hint = HintController(self)  # the Hint button, the H key and the hint drawn
        self.drag = None            # a press-and-drag controller (the purchasing scene has one)
        self.hover_card = None      # an opponent's card under the pointer: her display shown enlarged
        self.hover_log = None       # a log entry under the pointer: its place is lit
        self.log_spots: list = []
        self.marks: dict = {}       # player -> (row, col, colour) marked on her display
        self.mouse = (0, 0)
        self.zoom = None            # (rect, tile size) of the enlarged display drawn
        self.ring = RingWatch()          # redraws for the thinking bot's ring
        self.money = CountingFigures()   # the cards' Gold and Fame, counting towards the real ones

    # Life cycle -------------------------------------------------------------------------------
    def build_ui(self) -> None:
        app = self.app
        self.layout = Layout(app.look, self.match.game.n, app.sprites.aspect("board", "mainland"),
                             app.rules.island_rows + 1, STRIP_H if "special_tiles" in self.match.options else 0)
        px = app.look.px
        top = self.layout.top
        # As wide as their captions at the UI scale, and no taller than the bar.
        h = min(top.h - 2, app.look.caption_height(36, pad=1))
        y = top.y + (top.h - h) // 2
        x = top.right - px(8)
        self.buttons = {}
        for key, label, tip in self.top_buttons():
            w = app.look.caption_width(label, 92, pad=8)
            x -= w + px(6)
            self.buttons[key] = self.add(fitted_button(pygame.Rect(x, y, w, h), label, app.ui, app.look, tool_tip_text=tip))
        self.top_room = x - px(8)   # the bar's text stays left of the buttons
        self.build_decision_ui()
        self.refresh_ui()

    def top_buttons(self) -> tuple:
        """(key, label, tooltip) of the top bar's buttons, from the right edge leftwards."""
        buttons = tuple((key, t(f"table.top.{key}"), t(f"table.top.{key}_tip"))
                        for key in ("menu", "settings", "rules", "save", "undo"))
        return buttons + (("hint", t("table.top.hint"), HINT_TIP),)

    def build_decision_ui(self) -> None:
        """Widgets of the decision panel (subclasses)."""

    def refresh_ui(self) -> None:
        """Enable or disable widgets after the game changed."""
        undo = self.buttons.get("undo")
        if undo is not None:
            undo.enable() if self.match.can_undo() else undo.disable()
        self.hint.refresh(self.buttons.get("hint"))

    def exit(self) -> None:
        self.hint.cancel()
        super().exit()

    def busy(self) -> bool:
        return self.fx.active or bool(self.match.pending) or self._bot_wait > 0 or self.money.moving

    def poll(self) -> float | None:
        return 0.03 if self.match.bots_turn() or self.hint.waiting() else None

    # The beat of play ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.fx.speed = self.app.settings.speed
        self.hint.update()
        if self.money.update(dt, self.app.settings.speed):
            self.app.invalidate()
        if self.fx.active:
            self.fx.update(dt)
            return
        m = self.match
        if m.pending and self.wheel_geo is None:  # not drawn yet: animations need positions
            self.app.invalidate()
            return
        if m.coach is not None and m.coach.holds(m, self.handles, self.phases):
            return  # the lesson's step waits to be read before the game goes on
        if m.pending:
            e = m.pending[0]
            if e.type not in self.handles:
                flow.advance(self.app, self.ctx)
                return
            # The event stays pending (so its effect is not drawn yet) until its animation
            # has landed; skipping runs the landing at once.
            self.in_flight = e
            self.show(e)
            self.app.sound.shown(e)
            self.fx.add(Call(lambda: self._landed(e)))
            self.fx.update(0.0)
            return
        if m.game.phase not in self.phases:
            flow.advance(self.app, self.ctx)
            return
        if m.bots_turn():
            m.start_bot()
            if self.ring.changed(m.thought()):
                self.app.invalidate()  # the ring on the thinking bot's card moves on
            if self._bot_wait > 0:
                self._bot_wait -= dt
                return
            if self.bot_acts():
                self._bot_wait = self.app.settings.pace

    def bot_acts(self) -> bool:
        """Apply the thinking bot's decision once it has one (True then)."""
        try:
            action = self.match.bot_result()
        except Exception as e:  # a bot bug must not take the window down
            self.error = Said("table.message.bot_failed", error=str(e))
            return False
        if action is None:
            return False
        self.act(action)
        return True

    def _landed(self, e) -> None:
        if self.match.pending and self.match.pending[0] is e:
            self.match.pending.popleft()
            self.app.sound.landed(e)
        self.in_flight = None
        self.refresh_ui()
        self.app.invalidate()

    def act(self, action) -> None:
        """Every decision, a person's or a bot's, goes through here to the match."""
        self.ctx.message = ""
        self.error = None
        self.hint.cancel()
        try:
            self.match.act(action)
        except MoveRefused as e:  # the lesson teaches another move: say so, change nothing
            self.error = str(e)
            self.app.invalidate()
            return
        self.on_acted(action)
        self.refresh_ui()
        self.app.invalidate()

    def on_acted(self, action) -> None:
        """After a decision (subclasses reset their selection)."""

    def show(self, event) -> None:
        """Animate one event of this scene's kinds (subclasses)."""

    def skip(self) -> None:
        self.fx.clear()
        self._bot_wait = 0.0
        self.money.snap()

    # Input ----------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.hint.handle(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.command(key)
                    return True
            return self.handle_widget(event)
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_ESCAPE and self.drag is not None and self.drag.active:
                self.drag.abort()   # (Esc lets go of a dragged tile before it leaves the table)
                return True
            if self.handle_key(event):
                return True
            if event.key == pygame.K_ESCAPE:
                self.command("menu")
            elif event.key == pygame.K_F1:
                self.command("rules")
            elif ctrl and event.key == pygame.K_s:
                self.command("save")
            elif ctrl and event.key == pygame.K_z:
                self.command("undo")
            elif event.key == pygame.K_SPACE and (self.fx.active or self._bot_wait > 0):
                self.skip()
            elif pygame.K_1 <= event.key <= pygame.K_4 and event.key - pygame.K_1 < self.match.game.n \
                    and event.mod & pygame.KMOD_ALT:
                self.ctx.viewed = event.key - pygame.K_1
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            self.on_hover(event.pos)
            return self.drag is not None and self.drag.motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.fx.active:
                self.skip()
                return True
            for p, g in enumerate(self.card_geos):
                if self.layout.cards[p].collidepoint(event.pos):
                    self.ctx.viewed = None if self.ctx.viewed == p else p
                    return True
            if self.drag is not None and self.drag.press(event.pos):
                return True
            return self.on_click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self.drag.release(event.pos)
        return False

    def command(self, key: str) -> None:
        app = self.app
        if key == "menu":
            flow.leave_game(app, self.ctx)
        elif key == "rules":
            from vikings.ui.dialogs.rules import RulesPanel
            app.scenes.push(RulesPanel(app))
        elif key == "settings":
            from vikings.ui.dialogs.settings import SettingsPanel
            app.scenes.push(SettingsPanel(app))
        elif key == "save":
            from vikings.ui.dialogs.saves import SavesPanel
            app.scenes.push(SavesPanel(app, mode="save", match=self.match))
        elif key == "undo" and self.match.can_undo():
            self.fx.clear(finish=False)
            self.match.undo()
            self.ctx.message = Said("table.message.undone")
            self._bot_wait = 0.0
            flow.advance(app, self.ctx, force=True)

    def handle_widget(self, event) -> bool:
        return False

    def named_widgets(self) -> dict:
        """The scene's widgets by name (the lesson points at them): the top bar's buttons
        by their keys; subclasses add their own."""
        return dict(self.buttons)

    def widget(self, name: str):
        return self.named_widgets().get(name)

    def handle_key(self, event) -> bool:
        return False

    def on_click(self, pos) -> bool:
        return False

    def special_offered(self) -> bool:
        """A person may take a face-up special tile now (the purchasing scene says)."""
        return False

    def on_hover(self, pos) -> None:
        self.hover_slot = next((slot for r, tip, slot in self.slot_spots if tip and r.collidepoint(pos)), None)
        self.hover_cell = self.board_geo.cell_at(pos) if self.board_geo else None
        self.hover_space = self.wheel_geo.space_at(pos) if self.wheel_geo else None
        self.mouse = pos
        self.hover_card = next((p for p, r in enumerate(self.layout.cards) if r.collidepoint(pos)
                                and p != self.shown_player), None) if self.layout else None
        self.hover_log = next((i for r, i in self.log_spots if r.collidepoint(pos)), None)
        self.tooltip = self.tooltip_at(pos)
        self.app.invalidate()

    # What is shown --------------------------------------------------------------------------------
    def visible(self) -> Visible:
        m = self.match
        opener = None
        if "auction" in m.options and any(e.type == "start_player" for e in m.pending):
            opener = next((e.player for e in reversed(m.events) if e.type == "auction"), None)
        return Visible(m.game, m.pending, opener)

    @property
    def shown_player(self) -> int:
        """The display shown large: the one chosen, else the player whose move is on screen."""
        if self.ctx.viewed is not None:
            return self.ctx.viewed
        p = self.acting_player()
        return p if p >= 0 else 0

    def acting_player(self) -> int:
        """Whose move is on screen: the player of a move still being shown (the engine has
        gone on to the next player already), else the player to move."""
        for e in self.match.pending:
            if e.player is not None and e.type in MOVES:
                return e.player
        return self.match.game.to_move

    def turn_player(self) -> int:
        """Whose card is marked as at turn: the player whose move is on screen (a scene
        showing another player's moment says so)."""
        return self.acting_player()

    # Animating ------------------------------------------------------------------------------------
    def show_revealed(self, e) -> None:
        """A special tile turned face up flies from the strip's corner to its place."""
        spot = next((r for r, _, slot in self.slot_spots if slot == e.data["slot"]), None)
        if spot is None:
            return
        px = self.app.look.px
        img = self.app.sprites.get("special_tiles", self.app.rules.specials[e.data["special"]].id,
                                   height=spot.h - px(8))
        strip = self.strip_and_log()[0]
        self.fx.add(Fly(img, (strip.x + px(40), strip.bottom - px(20)), spot.center, duration=0.3, arc=0.1))

    def pause(self, seconds: float) -> None:
        self.fx.add(Pause(seconds))


__all__ = ["TableContext", "TableScene", "INK"]
