"""The table: what every in-game scene shares.

It draws the players' cards (each with a small display; click one to see it large), the
price wheel, the large display, the decision panel and the game log, and runs the beat of
play: show the pending events one by one (each scene animates its own kinds and hands
the others on to `flow.advance`), then either wait for a person or let a bot think and
act at the chosen pace. Subclasses fill in the decision panel and the clicks.

Each frame it draws the top bar, the cards (with the Fame and Gold counting and the
special tiles held), the wheel, the decision panel, the large display, the face-up
special tiles' strip, the log, the enlarged display of an opponent's card under the
pointer and the tooltip, and keeps where it drew them (`wheel_geo`, `board_geo`,
`card_geos`, ...) for the clicks and the hover. Subclasses change its parts
(`draw_wheel`, `draw_board`, `board_options`, `draw_decision`, `decision_text`...).
"""

from __future__ import annotations

import pygame
import pygame_gui

from vikings.engine.state import PURCHASE
from vikings.text.lang import language, t
from vikings.ui import flow
from vikings.ui.dialogs.kit import fitted_button
from vikings.ui.drawing.cards import board_marks, bot_level, draw_card, draw_zoom
from vikings.ui.drawing.displays import draw_display, ring_cell
from vikings.ui.drawing.layer import FRESH, Part, TableLayer
from vikings.ui.drawing.layout import BOARD_COLS, Layout
from vikings.ui.drawing.notice import Said, text
from vikings.ui.drawing.panels import draw_log, draw_panel_text, draw_tip_box, draw_top_bar, log_cut, panel
from vikings.ui.drawing.specials import STRIP_H, brings_tip, draw_face_up, draw_held, mark_group, strip_split
from vikings.ui.drawing.theme import INK, INK_SOFT
from vikings.ui.drawing.think_ring import RingWatch
from vikings.ui.drawing.view import DECIDED, Visible
from vikings.ui.drawing.wheel import WheelGeometry, draw_wheel
from vikings.ui.flow import TableContext  # noqa: F401  (where the scenes have always found it)
from vikings.ui.scene import Scene
from vikings.ui.table.fx import Call, Fly, FxQueue, Pause
from vikings.ui.table.hints import TIP as HINT_TIP
from vikings.ui.table.hints import HintController
from vikings.ui.table.match import MoveRefused
from vikings.ui.table.motion import CountingFigures


class TableScene(Scene):
    handles: frozenset = frozenset()  # event types this scene animates
    phases: frozenset = frozenset()  # engine phases this scene asks decisions for

    def __init__(self, app, ctx: TableContext):
        super().__init__(app)
        self.ctx = ctx
        self.match = ctx.match
        self.fx = FxQueue()
        self.hover_cell = None
        self.hover_space = None
        self.tooltip: str | None = None
        self.error: str | Said | None = None  # (a Said reads in the language in use)
        self.layout = None
        self.board_geo = None
        self.wheel_geo = None
        self.card_geos = []
        self._bot_wait = 0.0
        self.in_flight = None
        self.buttons = {}
        self.tips: list = []  # (rect, text) of pieces drawn with an explanation (special tiles)
        self.slot_spots: list = []  # (rect, text, slot) of the face-up special tiles
        self.hover_slot = None
        self.hint = HintController(self)  # the Hint button, the H key and the hint drawn
        self.drag = None  # a press-and-drag controller (the purchasing scene has one)
        self.hover_card = None  # an opponent's card under the pointer: her display shown enlarged
        self.hover_log = None  # a log entry under the pointer: its place is lit
        self.log_spots: list = []
        self.marks: dict = {}  # player -> (row, col, colour) marked on her display
        self.mouse = (0, 0)
        self.pointed = False  # the pointer has been over the table (its tooltip is shown)
        self.zoom = None  # (rect, tile size) of the enlarged display drawn
        self.ring = RingWatch()  # redraws for the thinking bot's ring
        self.money = CountingFigures()  # the cards' Gold and Fame, counting towards the real ones
        self.screen_rects: list | None = None  # the screen's rects the last frame changed (None: all)
        # The table as last drawn, under what moves over it: the app's one surface, which the
        # next scene at the table draws anew (no window-sized surface made at each switch).
        self.layer: TableLayer = app.table_layer

    # Life cycle -------------------------------------------------------------------------------
    def build_ui(self) -> None:
        app = self.app
        self.layout = Layout(
            app.look,
            self.match.game.n,
            app.sprites.aspect("board", "mainland"),
            app.rules.island_rows + 1,
            STRIP_H if "special_tiles" in self.match.options else 0,
        )
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
            self.buttons[key] = self.add(
                fitted_button(pygame.Rect(x, y, w, h), label, app.ui, app.look, tool_tip_text=tip)
            )
        self.top_room = x - px(8)  # the bar's text stays left of the buttons
        self.build_decision_ui()
        self.refresh_ui()
        self.warm_table()

    def warm_table(self) -> None:
        """The table's first drawing at this size and lettering made in the frame that
        built the scene (the game shown, a resize, a new UI scale), not in the first
        frames of its animation: the pieces scaled and the fonts made then are ready."""
        app = self.app
        tag = (app.look.size, app.look.text_scale, self.match.game.n, tuple(sorted(self.match.options)))
        base = self.layer_base() if self.caches_layer else None
        parts = self.table_parts()
        if self.layer.warm(app.screen.get_size(), base, parts, tag):
            self.warm_pieces()
            self.warm_buttons()
        else:  # the pieces' places as the table was last drawn, until this scene draws it
            self.take_made(parts)  # (its first drawing waits for the next frame: App.frame)

    def warm_buttons(self) -> None:
        """The purchasing scene's buttons made and dropped at once: their rounded
        backgrounds, kept by size (drawing/widget_shapes.py), are then ready when the
        purchases come after the offer (drawing them then made the offer's last frame
        150-170 ms at 3840x2160)."""
        purchase = flow.scene("purchase")
        if isinstance(self, purchase):
            return
        scene = purchase(self.app, self.ctx)
        scene.layout = self.layout
        scene.build_decision_ui()
        for name in scene.BUTTONS:  # (each is made when first shown)
            scene.button(name)
        scene.kill_ui()

    def warm_pieces(self) -> None:
        """Every tile and Viking scaled for the wheel, the large display, the cards' displays
        and an opponent's display enlarged under the pointer (an empty table at the offer
        uses none yet: they come with its flights; the first enlarged display scaled its
        pieces and its mainland in a frame of 37 ms at 3840x2160)."""
        rules, get = self.app.rules, self.app.sprites.get
        sides = {g.t for g in [self.board_geo, *self.card_geos] if g is not None}
        if self.board_geo is not None:
            scratch = pygame.Surface((1, 1))  # (drawn for the pieces it scales, then dropped)
            vis = self.visible()
            for p, g in enumerate(self.card_geos):
                if g is not None and p < len(self.layout.cards):
                    size = zoom_size(self.board_geo, g)
                    sides.add(size)
                    draw_zoom(scratch, self.app, self.match.seats[p], vis.players[p], self.layout.cards[p], size)
        if self.wheel_geo is not None:
            sides.add(self.wheel_geo.tile)
            for k in rules.vikings:
                for f in (0.72, 0.78):  # (on the wheel; flying to it)
                    get("vikings", k.id, height=round(self.wheel_geo.tile * f))
        for side in sides:
            for tile in rules.tiles:
                get("tiles", tile.id, height=side)
            for k in rules.vikings:
                get("vikings", k.id, height=round(side * 0.6))
            if "special_tiles" in self.match.options:
                for sp in rules.specials:
                    get("special_tiles", sp.id, height=round(side * 0.86))

    def top_buttons(self) -> tuple:
        """(key, label, tooltip) of the top bar's buttons, from the right edge leftwards."""
        buttons = tuple(
            (key, t(f"table.top.{key}"), self.menu_tip() if key == "menu" else t(f"table.top.{key}_tip"))
            for key in ("menu", "settings", "rules", "save", "undo")
        )
        return buttons + (("hint", t("table.top.hint"), HINT_TIP),)

    def menu_tip(self) -> str:
        """The Menu button's tooltip: it says the game stays saved only while it is."""
        return t("table.top.menu_tip" if self.match.autosaved else "table.top.menu_tip_unsaved")

    def build_decision_ui(self) -> None:
        """Widgets of the decision panel (subclasses)."""

    def refresh_ui(self) -> None:
        """Enable or disable widgets after the game changed."""
        undo = self.buttons.get("undo")
        if undo is not None:
            undo.enable() if self.match.can_undo() else undo.disable()
            if self.match.net is not None and not self.match.net.undoes:
                undo.set_tooltip(t("network.table.undo_guest_tip"))  # (the host asks, everyone agrees)
        save = self.buttons.get("save")
        if save is not None and self.match.net is not None:
            save.disable()  # (the host's own autosave keeps a networked table)
        menu = self.buttons.get("menu")
        if menu is not None:
            menu.set_tooltip(self.menu_tip())
        self.hint.refresh(self.buttons.get("hint"))

    def exit(self) -> None:
        self.hint.cancel()  # (the layer stays: the next scene at the table keeps what it shares)
        super().exit()

    def busy(self) -> bool:
        """Something moves, or parts of the kept layer wait for the next frame (FRAME_PIXELS)."""
        pending = self.caches_layer and bool(self.layer.pending)
        return self.fx.active or bool(self.match.pending) or self._bot_wait > 0 or self.money.moving or pending

    def poll(self) -> float | None:
        if self.match.bots_turn() or self.hint.waiting():
            return 0.03
        return 0.25 if self.match.net is not None else None  # (a networked table hears its seats)

    # The beat of play ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tell_autosave()
        if self.match.net is not None:
            from vikings.ui.scenes.net_notices import hear

            hear(self)
        self.fx.speed = self.app.settings.speed
        self.hint.update()
        if self.money.update(dt, self.app.settings.speed):
            self.app.invalidate(layer=False)  # (the figures shown are part of their cards' keys)
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
                self.app.invalidate(layer=False)  # the ring on the thinking bot's card moves on (its key)
            if self._bot_wait > 0:
                self._bot_wait -= dt
                return
            if self.bot_acts():
                self._bot_wait = self.app.settings.pace

    def tell_autosave(self) -> None:
        """The autosave just failed: say so once, over the table (the game goes on); it
        works again: a note in the decision panel."""
        news = self.match.take_autosave_news()
        if news == "off":
            from vikings.ui.dialogs.autosave_off import AutosaveOffPanel

            self.app.scenes.push(AutosaveOffPanel(self.app, self.match))
        elif news == "back":
            self.ctx.message = Said("table.autosave.back")
        if news is not None:
            self.refresh_ui()
            self.app.invalidate()

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
                self.drag.abort()  # (Esc lets go of a dragged tile before it leaves the table)
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
            elif (
                pygame.K_1 <= event.key <= pygame.K_4
                and event.key - pygame.K_1 < self.match.game.n
                and event.mod & pygame.KMOD_ALT
            ):
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
            for p, _g in enumerate(self.card_geos):
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
        elif key == "save" and self.match.net is None:
            from vikings.ui.dialogs.saves import SavesPanel

            app.scenes.push(SavesPanel(app, mode="save", match=self.match))
        elif key == "undo" and self.match.can_undo() and self.match.net is not None:
            from vikings.ui.scenes.net_notices import ask_undo

            ask_undo(self)  # every guest is asked to agree first
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
        self.pointed = True
        self.point(pos)
        self.tooltip = self.tooltip_at(pos)
        self.app.invalidate(layer=False)  # (the hover is part of the layer's key)

    def point(self, pos) -> None:
        """What lies under the pointer at `pos`, as last drawn (on every move, and again
        when a frame is drawn: the table may have changed under a still pointer)."""
        self.hover_slot = next((slot for r, tip, slot in self.slot_spots if tip and r.collidepoint(pos)), None)
        self.hover_cell = self.board_geo.cell_at(pos) if self.board_geo else None
        self.hover_space = self.wheel_geo.space_at(pos) if self.wheel_geo else None
        self.mouse = pos
        self.hover_card = (
            next((p for p, r in enumerate(self.layout.cards) if r.collidepoint(pos) and p != self.shown_player), None)
            if self.layout
            else None
        )
        self.hover_log = next((i for r, i in self.log_spots if r.collidepoint(pos)), None)

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
        """Whose move is on screen: the player of a move or bid still being shown (the
        engine has gone on to the next player already), else the player to move."""
        for e in self.match.pending:
            if e.player is not None and e.type in DECIDED:
                return e.player
        return self.match.game.to_move

    def turn_player(self) -> int:
        """Whose card is marked as at turn: the player whose move is on screen (a scene
        showing another player's moment says so)."""
        return self.acting_player()

    # Drawing ------------------------------------------------------------------------------------------
    #: the table is kept as a layer, each part redrawn only when its key changes (scenes
    #: that redraw the whole table at every frame do not)
    caches_layer = False

    @property
    def paints_all(self) -> bool:  # type: ignore[override]
        return self.caches_layer

    def layer_base(self) -> tuple:
        """What every part of the table as drawn depends on: the window, the lettering, the
        language (a change redraws the whole layer). Not the scene: the next scene at the
        table keeps the parts whose keys it shares (the top bar, the cards, the log), and
        the parts a scene draws its own way (the wheel, the large display, the decision
        panel, the strip) have the scene's class in their keys."""
        app = self.app
        return (app.look.size, app.look.text_scale, language())

    def layer_key(self) -> tuple:
        """What the wheel, the large display, the decision panel and the special tiles'
        strip as drawn depend on, beyond the pointer (`part_hovers`) and the layer's base:
        `app.changes` (every event but the pointer's moves, every `invalidate()`), the
        game's progress, the effects run, the drag and the scene's own state (subclasses
        add theirs). The cards, the top bar and the log are keyed by what they show."""
        m, app = self.match, self.app
        drag = self.drag
        return (
            app.changes,
            len(m.game.actions()),
            len(m.pending),
            id(m.pending[0]) if m.pending else 0,
            id(self.in_flight),
            self.steps_key(),
            self.ctx.viewed,
            self.ctx.message,
            self.error,
            (drag.active, drag.space, drag.viking) if drag is not None else None,
        )

    def steps_key(self):
        """The effects finished (their landings may change what the scene shows); a scene
        whose effects' landings are all in its parts' keys says None."""
        return self.fx.steps

    def part_hovers(self) -> dict:
        """What of the pointer (and of a moment, e.g. a Tween's turn) each part keyed by
        `layer_key` shows besides: part name -> a tuple for its key (subclasses add theirs)."""
        return {
            "wheel": (self.hover_space, FRESH if self.fx.tweening() else None),  # (a Tween turns the wheel)
            "board": (self.hover_cell, self.hover_space),
            "decision": (),
            "strip": (),
        }

    def wheel_key(self, vis) -> tuple:
        """What the wheel shows, for a scene that keys it by that (no "wheel" in
        `part_hovers`): the groups, the star on the group bringing a special tile (the turn:
        `wheel_windows`)."""
        m = self.match
        star = (
            "special_tiles" in m.options
            and not m.pending
            and m.game.phase == PURCHASE
            and m.game.brings_special(m.game.most_expensive_space())
        )
        return (tuple(vis.wheel_tile), tuple(vis.wheel_viking), vis.wheel_hidden, star)

    def wheel_turn(self, vis) -> float:
        """The turn the wheel is drawn at (the wheel's offset; a turning wheel's)."""
        return vis.offset

    def wheel_windows(self, vis) -> tuple:
        """The wheel's areas redrawn alone when only they change (drawing/layer.py): its
        disc, keyed by the turn (at 3840x2160 a turn's frame drew 2.2 million pixels, the
        disc is 0.85 million); a scene adds its own."""
        return ((WheelGeometry(self.layout.wheel, self.app.rules.wheel_spaces).disc_area(), self.wheel_turn(vis)),)

    def board_key(self, vis) -> tuple:
        """What the large display shows, for a scene that keys it by that (no "board" in
        `part_hovers`; subclasses)."""
        raise NotImplementedError

    def draw(self, surface) -> None:
        self.screen_rects: list | None = None  # (what changed on screen this frame; None: all)
        if not self.caches_layer:
            self.layer.drop_key()
            self.draw_table(surface)
            self.draw_moving(surface)
            return
        parts = self.table_parts()
        sole = self.app.scenes.stack == [self]
        rects = self.layer.show(surface, self.layer_base(), parts, self.app.draws, sole, self.app.drawn_widgets)
        self.take_made(parts)
        areas = self.draw_moving(surface)
        self.layer.drawn_over(areas)
        if sole and rects is not None and areas is not None:
            self.screen_rects = rects + [pygame.Rect(a) for a in areas]

    def layer_current(self) -> bool:
        """The kept layer holds the table as it would be drawn now (tests ask)."""
        return self.caches_layer and self.layer.current(self.layer_base(), self.table_parts())

    def draw_table(self, surface) -> None:
        """Everything but what moves over the table (effects, the hint, a dragged tile,
        an enlarged display, the tooltip)."""
        parts = self.table_parts()
        for part in parts:
            part.draw(surface)
        self.take_made(parts)

    def table_parts(self) -> list[Part]:
        """The table in parts (the top bar, each player's card, the wheel, the large display,
        the decision panel, the special tiles' strip, the log), each with its bounds and
        the key of what it shows (see drawing/layer.py)."""
        vis = self.visible()
        m = self.match
        L = self.layout
        px = self.app.look.px
        # A part may draw a little out of its region (the wheel's disc, the held special
        # tiles over the display's caption): up to half the gap between the regions.
        edge = L.gap // 2
        specials = "special_tiles" in m.options
        turn = self.turn_player()
        self.marks = board_marks(m, self.hover_log)
        if len(self.card_geos) != len(L.cards):
            self.card_geos = [None] * len(L.cards)
        state = self.layer_key()
        hovers = self.part_hovers()
        scene = type(self).__name__
        bag = vis.bag if self.shows_bag else None
        top_key = (self.top_text(vis), bag, self.turn_text(), getattr(self, "top_room", None))
        # (the top bar, the panel and the marked card say whose turn it is: drawn in the same frame)
        parts = [self._part("top", L.top.inflate(0, 2 * edge), top_key, lambda s: self.draw_top(s, vis), "turn")]
        thought = m.thought()
        shown = self.ring.shown if thought is not None else None  # (the ring as often as RingWatch says)
        for p, rect in enumerate(L.cards):
            pv = vis.players[p]
            seat = m.seats[p]
            card = {
                "to_move": p == turn,
                "start": p == vis.start_player,
                "selected": p == self.shown_player,
                "thought": thought if p == m.game.to_move else None,
                "order": (p - vis.start_player) % m.game.n + 1,
                "mark": self.marks.get(p),
                "money": self.money.show(p, (pv.gold, pv.fame)),
            }
            key = (
                (seat.name, seat.colour, seat.kind, seat.is_person),
                player_key(pv),
                tuple(shown if k == "thought" and v is not None else v for k, v in card.items()),
                specials,
            )
            parts.append(
                self._part(
                    f"card{p}",
                    rect.inflate(2 * edge, 2 * edge),
                    key,
                    lambda s, p=p, c=card: self._draw_card(s, vis, p, c),
                    "turn",  # (the card at turn is marked)
                )
            )
        wheel_key = (scene, self.wheel_key(vis) if "wheel" not in hovers else (state, hovers["wheel"]))
        parts.append(
            self._part(
                "wheel",
                L.wheel.inflate(2 * edge, 2 * edge),
                wheel_key,
                lambda s: self._draw_wheel(s, vis),
                windows=self.wheel_windows(vis),
            )
        )
        board_key = (
            scene,
            (state, hovers["board"], self.marks.get(self.shown_player)) if "board" in hovers else self.board_key(vis),
        )
        parts.append(
            self._part("board", L.board.inflate(2 * edge, 2 * edge), board_key, lambda s: self._draw_board(s, vis))
        )
        # (after the board: a panel may grow over its foot)
        decision = self.decision_rect(vis).inflate(2 * edge, 2 * edge)
        parts.append(
            self._part(
                "decision",
                decision,
                (scene, state, hovers["decision"]),
                lambda s: self.draw_decision(s, vis, L.decision),
                "turn",
            )
        )
        log = L.log
        if specials:
            strip, log = self.strip_and_log()
            offered = self.special_offered()
            strip_key = (
                scene,
                tuple(vis.specials_face_up),
                vis.specials_supply,
                offered,
                self.hover_slot,
                hovers["strip"],
            )
            edge = min(edge, px(3))  # (the strip and the log below it are px(6) apart)
            parts.append(
                self._part(
                    "strip",
                    strip.inflate(2 * edge, 2 * edge),
                    strip_key,
                    lambda s: self._draw_strip(s, vis, strip, offered),
                )
            )
        shown_log = m.shown_log()
        log_key = (len(shown_log), shown_log[-1] if shown_log else "", self.hover_log)
        parts.append(
            self._part("log", log.inflate(2 * edge, 2 * edge), log_key, lambda s: self._draw_log(s, log, shown_log))
        )
        return parts

    def _part(self, name: str, bounds: pygame.Rect, key, draw, together: str = "", windows: tuple = ()) -> Part:
        """A part whose drawing leaves with the layer what it made: the tooltips of the
        pieces it drew (self.tips while it draws) and where its pieces are (a card's
        display, the wheel, the large display, the face-up special tiles, the log's lines),
        so the next scene at the table, keeping the part as drawn, knows them too."""

        def drawn(surface) -> None:
            self.tips = []
            draw(surface)
            self.layer.made[name] = (self.tips, self._made(name))

        return Part(name, bounds, key, drawn, together, windows)

    #: the scene's attribute holding where a part's pieces are (a card's: card_geos[p])
    MADE = {"wheel": "wheel_geo", "board": "board_geo", "strip": "slot_spots", "log": "log_spots"}

    def _made(self, name: str):
        if name.startswith("card"):
            return self.card_geos[int(name[4:])]
        return getattr(self, self.MADE[name]) if name in self.MADE else None

    def take_made(self, parts: list[Part]) -> None:
        """The pieces' places and tooltips as the parts on the layer were drawn (by this
        scene or, for a part it kept, by the scene before)."""
        self.tips = []
        for part in parts:
            tips, made = self.layer.made.get(part.name, ((), None))
            self.tips += tips
            if made is None:
                continue
            if part.name.startswith("card"):
                self.card_geos[int(part.name[4:])] = made
            elif part.name in self.MADE:
                setattr(self, self.MADE[part.name], made)

    def _draw_card(self, surface, vis, p: int, card: dict) -> None:
        rect, px = self.layout.cards[p], self.app.look.px
        self.card_geos[p] = geo = draw_card(surface, self.app, rect, self.match.seats[p], vis.players[p], **card)
        if "special_tiles" in self.match.options:  # the tiles beside her mainland, under her Fame and Gold
            top = geo.y0  # (her display: lower when her name takes two lines)
            self.tips += draw_held(surface, self.app, vis.players[p].held, rect.right - px(8), top + px(12), px(18))

    def _draw_wheel(self, surface, vis) -> None:
        m = self.match
        self.wheel_geo = self.draw_wheel(surface, vis)
        if "special_tiles" in m.options and not m.pending and m.game.phase == PURCHASE:
            space = m.game.most_expensive_space()
            if m.game.brings_special(space):
                self.tips.append((mark_group(surface, self.app, self.wheel_geo, space), brings_tip()))

    def _draw_board(self, surface, vis) -> None:
        L, px = self.layout, self.app.look.px
        self.board_geo = self.draw_board(surface, vis, L.board)
        if "special_tiles" in self.match.options:
            self.tips += draw_held(
                surface,
                self.app,
                vis.players[self.shown_player].held,
                L.board.right,
                L.board.y + px(10),
                px(24),
                label=t("table.card.held"),
            )

    def _draw_strip(self, surface, vis, strip, offered: bool) -> None:
        self.slot_spots = draw_face_up(surface, self.app, vis, strip, offered=offered, hover=self.hover_slot)
        self.tips += [(r, tip) for r, tip, _ in self.slot_spots if tip]

    def _draw_log(self, surface, log, shown_log) -> None:
        self.log_spots = draw_log(surface, self.app, log, shown_log, hover=self.hover_log)
        self.tips += [(r, shown_log[i]) for r, i in self.log_spots if i in log_cut()]

    def draw_moving(self, surface) -> list | None:
        """What moves over the table; the rects drawn over (None: anywhere)."""
        m, L = self.match, self.layout
        vis = self.visible()
        if self.pointed:  # what is under the pointer as the table is drawn now (the zoom and the tooltip)
            self.point(self.mouse)
        areas: list | None = self.fx.draw(surface)
        self.hint.draw(surface)
        if self.hint.key is not None:  # (its marks and panel may lie anywhere)
            areas = None
        dragging = self.drag is not None and self.drag.active
        if dragging:
            r = self.drag.draw(surface)
            if r is not None and areas is not None:
                areas.append(r)
        self.zoom = None
        if not dragging and self.hover_card is not None and self.board_geo is not None:
            p = self.hover_card
            size = zoom_size(self.board_geo, self.card_geos[p])
            self.zoom = (
                draw_zoom(surface, self.app, m.seats[p], vis.players[p], L.cards[p], size, self.marks.get(p)),
                size,
            )
            if areas is not None:  # (with its shadow)
                areas.append(self.zoom[0].inflate(self.app.look.px(24), self.app.look.px(24)))
        if self.pointed:  # the tooltip reads the table as drawn now, not as it was when the mouse last moved
            self.tooltip = self.tooltip_at(self.mouse)
        return areas

    def draw_over(self, surface) -> None:
        """The hint's badges and the tooltip, above the widgets (the app draws them after
        `draw`); the kept layer mends the tooltip's place next frame (and the whole table
        while a hint is shown)."""
        self.hint.draw_badges(surface)
        if self.tooltip and not (self.drag is not None and self.drag.active):
            box = draw_tip_box(surface, self.app.look, self.tooltip, self.mouse)
            self.layer.drawn_also(box)
            if self.screen_rects is not None:
                self.screen_rects.append(box)

    def draw_top(self, surface, vis) -> None:
        """The bar across the top: round and scoring, the bag, whose turn it is."""
        draw_top_bar(
            surface,
            self.app,
            self.layout.top,
            self.top_text(vis),
            vis.bag if self.shows_bag else None,
            self.turn_text(),
            right=getattr(self, "top_room", None),
        )

    shows_bag = True

    def top_text(self, vis) -> str:
        rounds = self.app.rules.rounds
        kind = self.app.rules.schedule[vis.round]
        key = "table.top.round_final" if vis.round + 1 == rounds and kind == "large" else "table.top.round"
        return t(key, round=vis.round + 1, rounds=rounds, scoring=t(f"table.top.scoring.{kind}"))

    def turn_text(self) -> str | None:
        if self.match.game.is_over:
            return None
        if self.match.net is not None:  # whose turn, and who is waited for
            return self.match.net.turn_text(self.match, self.acting_player())
        seat = self.match.seat(self.acting_player())
        if seat.is_person:
            return t("table.top.turn_person", name=seat.name)
        return t("table.top.turn_bot", name=seat.name, level=bot_level(seat.kind))

    def draw_wheel(self, surface, vis):
        return draw_wheel(surface, self.app, vis, self.layout.wheel)

    def draw_board(self, surface, vis, rect):
        p = self.shown_player
        label = t(
            "table.card.display" if self.ctx.viewed is None else "table.card.display_viewed",
            name=self.match.seats[p].name,
        )
        cap = self.app.look.text(label, 14, INK_SOFT)
        surface.blit(cap, (rect.x, rect.y))
        body = rect.inflate(0, -cap.get_height() - 4).move(0, (cap.get_height() + 4) // 2)
        opts = self.board_options(vis, p)
        opts["extra_cells"] = tuple(opts.get("extra_cells", ())) + (
            (1, BOARD_COLS - 1),
        )  # the grid fills its room (7 columns)
        geo = draw_display(surface, self.app, vis.players[p], body, **opts)
        if p in self.marks:
            ring_cell(surface, geo, *self.marks[p])
        return geo

    def board_options(self, vis, p) -> dict:
        return {}

    def draw_decision(self, surface, vis, rect) -> None:
        panel(surface, rect, self.app.look)
        self.decision_bottom = draw_panel_text(
            surface,
            self.app.look,
            rect,
            self.decision_text(vis),
            text(self.error) or None,
            room=self.decision_text_room(rect),
        )

    def decision_text(self, vis) -> list[str]:
        return []

    def decision_rect(self, vis) -> pygame.Rect:
        """Where the decision panel draws (a scene's panel may grow over the display's foot:
        its part of the kept layer then overlaps the display's, and both are redrawn together)."""
        return self.layout.decision

    def decision_text_room(self, rect) -> int | None:
        """How tall the decision panel's text may be (its lettering shrinks to fit), None
        for no limit: scenes that draw more below their text keep room for it."""
        return None

    def tooltip_at(self, pos) -> str | None:
        """Explain the piece under the mouse."""
        from vikings.ui.drawing.tooltips import cell_tip, wheel_tip

        for rect, tip in self.tips:
            if rect.collidepoint(pos):
                return tip
        vis = self.visible()
        if self.wheel_geo and self.hover_space is not None and not vis.wheel_hidden:
            return wheel_tip(self.match.game, vis, self.hover_space)
        if self.board_geo and self.hover_cell is not None:
            return cell_tip(self.app.rules, vis.players[self.shown_player], *self.hover_cell)
        return None

    def strip_and_log(self):
        """The special tiles' strip and the log's rect (the tall layout has a row for the strip)."""
        L = self.layout
        return (L.strip, L.log) if L.strip is not None else strip_split(self.app.look, L.log)

    # Animating ------------------------------------------------------------------------------------
    def show_revealed(self, e) -> None:
        """A special tile turned face up flies from the strip's corner to its place."""
        spot = next((r for r, _, slot in self.slot_spots if slot == e.data["slot"]), None)
        if spot is None:
            return
        px = self.app.look.px
        img = self.app.sprites.get(
            "special_tiles", self.app.rules.specials[e.data["special"]].id, height=spot.h - px(8)
        )
        strip = self.strip_and_log()[0]
        self.fx.add(Fly(img, (strip.x + px(40), strip.bottom - px(20)), spot.center, duration=0.3, arc=0.1))

    def pause(self, seconds: float) -> None:
        self.fx.add(Pause(seconds))


def zoom_size(board, card) -> int:
    """The tile size of an opponent's display enlarged: at least 60 % of the large display's."""
    return max(round(board.t * 0.6), card.t)


def player_key(pv) -> tuple:
    """What a player's display, pool, Gold, Fame and special tiles show (a card's key)."""
    return display_key(pv) + (pv.gold, pv.fame)


def display_key(pv) -> tuple:
    """What a player's display, pool and special tiles show: the large display's key
    (her Gold and Fame are on her card: a scoring's coins counted do not redraw it)."""
    d = pv.display
    return (
        tuple(map(tuple, d.rows)),
        tuple(pv.pool),
        d.start_tile,
        frozenset(pv.hidden),
        frozenset(pv.vacant),
        tuple(pv.held),
        tuple(pv.placed),
    )


__all__ = ["TableContext", "TableScene", "INK"]
