"""Hints at the table: asking for one (the Hint button, the H key), showing it, dropping it.

`HintController` belongs to a table scene. Asked at a person's decision, it sends a "hint"
job to the bots' helper process (bots/remote.py; where no process can be started, a
thread of this one), polls it while the screens go on drawing, and once the answer is in
draws the suggested move ON the table (the group on the wheel, the cell on the display,
the pool, the boatswain's button and the cells its Vikings would go to, a special tile,
a bid or colour) and a small panel over the game log listing the best three options with
their reasons (bots/hints.py). Any decision (or an undo) cancels the hint: a pending job
is abandoned and the marks go. Each decision whose hint was shown counts once for its
person (`Match.hints`, shown on the results screen). The setting `hints` turns all of it off.
"""

from __future__ import annotations

import threading

import pygame
import pygame_gui

from vikings.bots.base import Cancelled, CancelToken
from vikings.engine.actions import (
    Bid,
    Buy,
    ChooseColour,
    DeclineSpecial,
    FinishBoatswains,
    PassBid,
    PlaceViking,
    RemoveViking,
    TakeSpecial,
    UseBoatswain,
)
from vikings.text.lang import percent, t
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import INK, INK_SOFT, WHITE, WOOD_DARK

HINT = (20, 130, 190)  # the hint's marks: a blue that no highlight of the game uses
HINT_SOFT = (120, 185, 220)  # the second and third options
# The Hint button's tooltip: a catalogue key, which pygame-gui's tooltip looks up (through the
# same python-i18n, in the language App.apply_language gave it) each time it is shown.
TIP = "hints.tip"


def badge_radius(look) -> int:
    """A hint badge's radius: it grows with its digit (the lettering's scale)."""
    return max(2, round(10 * look.text_scale))


def badge_air(look) -> int:
    """The air a panel keeps above a row of buttons for the badges on their rings."""
    return look.px(8) + badge_radius(look)


def badge_room(look, n: int = 1) -> int:
    """The width `n` badges side by side take at a button's end, with air to its caption."""
    rad = badge_radius(look)
    return n * 2 * rad + (n - 1) * look.px(3) + look.px(6)


def inside(look, rect: pygame.Rect, caption_w: int, n: int = 1) -> bool:
    """`n` badges fit inside the right end of a button of `rect` whose caption is centred
    and `caption_w` wide, clear of the caption."""
    return (rect.w - caption_w) // 2 >= badge_room(look, n) and 2 * badge_radius(look) <= rect.h - look.px(4)


def caption_width(button) -> int:
    font = getattr(button, "font", None)
    return font.size(button.text)[0] if font is not None and button.text else 0


def decision_key(game) -> tuple:
    """Which decision a hint is for: the same game length, player and phase."""
    return (len(game.actions()), game.to_move, game.phase)


def ensure_counts(match) -> list:
    """`match.hints`: hints shown per seat (kept by the match; made here if it has none)."""
    if getattr(match, "hints", None) is None or len(match.hints) != len(match.seats):
        match.hints = [0] * len(match.seats)
    return match.hints


def summary(match) -> str | None:
    """ "Hints used: Ann 2, Bea 0" for the persons at the table (None without persons)."""
    counts = ensure_counts(match)
    people = [(s.name, counts[p]) for p, s in enumerate(match.seats) if s.is_person]
    if not people:
        return None
    return t(
        "hints.view.used",
        list=t("scoring.list_sep").join(t("hints.view.used_one", name=name, n=n) for name, n in people),
    )


class _LocalJob:
    """A hint worked out on a thread of this process (where no helper process can start)."""

    def __init__(self, game):
        from vikings.advice.hints import suggest

        self.cancel_token = CancelToken()
        self.done = False
        self.action = None
        self.error = None
        copy = game.copy()

        def run():
            try:
                self.action = suggest(copy, self.cancel_token)
            except Cancelled:
                pass
            except Exception as e:  # shown in the hint panel
                self.error = e
            finally:
                self.done = True

        threading.Thread(target=run, daemon=True, name="vikings-hint").start()

    def poll(self) -> bool:
        return self.done

    def cancel(self) -> None:
        self.cancel_token.cancel()


class HintController:
    def __init__(self, scene):
        self.scene = scene
        self.job = None
        self.key = None  # the decision asked about
        self.hint = None  # bots.hints.Hint, once it is in
        self.error: str | None = None
        self.warm = False  # the helper process has been asked to start
        self.counted = None  # the decision whose hint was last counted for its person

    # Asking and dropping --------------------------------------------------------------------------
    @property
    def match(self):
        return self.scene.match

    def enabled(self) -> bool:
        return getattr(self.scene.app.settings, "hints", True)

    def available(self) -> bool:
        """A person's decision is on screen and hints are on."""
        m, s = self.match, self.scene
        return self.enabled() and m.persons_turn() and not m.pending and m.game.phase in s.phases and not s.fx.active

    def handle(self, event) -> bool:
        """The Hint button and the H key (only at a person's decision, hints on)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.scene.buttons.get("hint"):
            self.toggle()
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_h
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
            and self.available()
        ):
            self.toggle()
            return True
        return False

    def toggle(self) -> None:
        if self.key is not None and self.key == decision_key(self.match.game):
            self.cancel()  # asked again: the hint goes
        else:
            self.request()
        self.scene.app.invalidate()

    def request(self) -> bool:
        if not self.available():
            return False
        self.cancel()
        m = self.match
        self.key = decision_key(m.game)
        thinker = type(m)._thinker()
        self.job = _LocalJob(m.game) if thinker is None else thinker.ask_hint(getattr(m, "_table", 0), m.game)
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = self.hint = self.key = self.error = None

    def waiting(self) -> bool:
        return self.job is not None

    def update(self) -> None:
        """Collect the answer; drop the hint once its decision is no longer on screen."""
        self.refresh(self.scene.buttons.get("hint"))  # (the setting may have changed)
        if not self.warm and self.available():  # start the helper now: the first hint need not wait for it
            self.warm = True
            type(self.match)._thinker()
        if self.key is not None and (self.key != decision_key(self.match.game) or not self.enabled()):
            self.cancel()
            self.scene.app.invalidate()
            return
        job = self.job
        if job is None or not job.poll():
            return
        self.job = None
        if job.error is not None:
            self.error = str(job.error).splitlines()[0]  # (shown as "No hint: ..." in the language in use)
        elif job.action is not None:
            self.hint = job.action
            if self.counted != self.key:  # a decision's hint counts once, however often it is asked
                self.counted = self.key
                ensure_counts(self.match)[self.hint.seat] += 1
        self.scene.app.invalidate()

    def refresh(self, button) -> None:
        """The Hint button: shown while hints are on, usable at a person's decision."""
        if button is None:
            return
        if button.visible != self.enabled():
            button.show() if self.enabled() else button.hide()
        usable = self.available()
        if button.is_enabled != usable:
            button.enable() if usable else button.disable()

    # Drawing ---------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.key is None or self.key != decision_key(self.match.game):
            return
        if self.hint is not None:
            for i, opt in reversed(list(enumerate(self.hint.options))):
                self._rings(surface, opt, i)
            for centre, i in reversed(self.badges(on_buttons=False)):  # (under the panel, as their rings)
                self._badge(surface, centre, i)
        self._panel(surface)

    def marks(self, option) -> list:
        """The screen rects an option is marked on: its group on the wheel, the cells of the
        mover's display it changes (when that display is the one shown large), the pool, its
        button, its special tile or colour."""
        s, a = self.scene, option.action
        out = []
        game = self.match.game
        board = s.board_geo if s.board_geo is not None and s.shown_player == game.to_move else None
        if isinstance(a, Buy) and s.wheel_geo is not None:
            out.append(s.wheel_geo.tile_rect(a.space).inflate(s.wheel_geo.tile // 4, s.wheel_geo.tile // 4))
        if board is not None:  # the cells the option (and the rest of the turn) changes
            out += [board.cell_rect(*c) for c in option.cells]
            if isinstance(a, PlaceViking) and not a.on_tile:
                out.append(board.pool_rect)
        widget = self.widget_of(option)
        if widget is not None:  # (widgets are drawn over the scene: a ring outside)
            out.append(widget.rect.inflate(s.app.look.px(10), s.app.look.px(10)))
        if isinstance(a, TakeSpecial):
            out += [r for r, _, slot in getattr(s, "slot_spots", ()) if slot == a.slot]
            out += [r for r, slot in getattr(getattr(s, "panel", None), "special_rows", ()) if slot == a.slot]
        if isinstance(a, (RemoveViking, ChooseColour)):
            out += [r for r, k in getattr(getattr(s, "panel", None), "kind_rects", ()) if k == a.kind]
        return out

    def draw_badges(self, surface) -> None:
        """The numbered badges of buttons, above the widgets (the app draws them after the
        scene): a badge may sit inside a button's end, clear of its caption."""
        if self.key is None or self.key != decision_key(self.match.game):
            return
        for centre, i in reversed(self.badges(on_buttons=True)):
            self._badge(surface, centre, i)

    def widget_of(self, option):
        """The visible button an option is taken with (a boatswain's choice, Bid, Pass,
        Decline), or None."""
        s, a = self.scene, option.action
        widget = None
        if isinstance(a, (UseBoatswain, FinishBoatswains)):
            widget = next((b for b, x in getattr(s, "option_buttons", ()) if x == a), None)
        elif isinstance(a, DeclineSpecial):
            widget = getattr(s, "b_decline", None)
        elif isinstance(a, Bid):
            widget = getattr(s, "b_bid", None)
        elif isinstance(a, PassBid):
            widget = getattr(s, "b_pass", None)
        return widget if widget is not None and widget.visible else None

    def _rings(self, surface, option, i: int) -> None:
        px = self.scene.app.look.px
        colour = HINT if i == 0 else HINT_SOFT
        width = max(2, px(4 if i == 0 else 2))
        for r in self.marks(option):
            pygame.draw.rect(surface, colour, r.inflate(px(4), px(4)), width, border_radius=px(6))

    def badges(self, on_buttons: bool | None = None) -> list[tuple[tuple[int, int], int]]:
        """(centre, option) of each numbered badge, inside the window and over no text: on a
        button, inside its right end when its caption leaves the room (`inside`), else on the
        top edge of its ring, in the air panels keep above their buttons (`badge_air`);
        elsewhere on the top edge of the ring at its right end. Options marking the same button
        (three bids on Bid) go side by side, never over each other. `on_buttons`: only the
        badges of buttons (True), only the others (False), all (None)."""
        if self.hint is None:
            return []
        look = self.scene.app.look
        px, rad = look.px, badge_radius(look)
        step = 2 * rad + px(3)
        window = self.scene.app.screen.get_rect()
        widgets = [self.widget_of(o) for o in self.hint.options]
        out = []
        for i, opt in enumerate(self.hint.options):
            w = widgets[i]
            group = [j for j, x in enumerate(widgets) if x is not None and x is w]
            for r in self.marks(opt):
                ring = r.inflate(px(4), px(4))
                k = i
                button = w is not None and r == w.rect.inflate(px(10), px(10))
                if on_buttons is not None and button != on_buttons:
                    continue
                if button:
                    k = group.index(i)
                    if inside(look, w.rect, caption_width(w), len(group)):
                        out.append(((w.rect.right - px(4) - rad - k * step, w.rect.centery), i))
                        continue
                x = min(ring.right, window.right - rad - 1) - k * step
                out.append(((x, max(rad, ring.top)), i))
        return out

    def _radius(self) -> int:
        return badge_radius(self.scene.app.look)

    def _badge(self, surface, centre, i: int) -> None:
        look = self.scene.app.look
        pygame.draw.circle(surface, HINT if i == 0 else HINT_SOFT, centre, self._radius())
        img = look.font(13, True, least=False).render(str(i + 1), True, WHITE)
        surface.blit(img, img.get_rect(center=centre))

    def panel_rect(self) -> pygame.Rect:
        """Over the game log, and over the face-up special tiles too unless the hint offers
        one of them (its mark must stay in view)."""
        log = self.scene.layout.log
        if "special_tiles" in self.match.options and self._marks_specials():
            from vikings.ui.drawing.specials import strip_split

            return strip_split(self.scene.app.look, log)[1]
        return log

    def _marks_specials(self) -> bool:
        return self.hint is None or any(isinstance(o.action, TakeSpecial) for o in self.hint.options)

    def _lines(self, w: int) -> list:
        """What the panel says, as (font, text, colour, indent, badge) lines: the title, the note
        (beside the title when it fits) and each option with its reason, wrapped to `w`."""
        look, px = self.scene.app.look, self.scene.app.look.px
        title_font, small = look.font(18, True), look.font(12)
        title = t("hints.view.title")
        if self.hint is not None:
            note = t("hints.view.note")
        else:
            note = t("hints.view.error", error=self.error) if self.error is not None else t("hints.view.thinking")
        out: list = []
        beside = w - title_font.size(title)[0] - px(10)
        if small.size(note)[0] <= beside:
            out.append((title_font, title, WOOD_DARK, 0, None, note))
        else:
            out.append((title_font, title, WOOD_DARK, 0, None, None))
            out += [(small, part, INK_SOFT, 0, None, None) for part in wrap(small, note, w)]
        out.append((None, "", None, 0, None, None))
        if self.hint is None:
            return out
        from vikings.advice.hints import describe

        # Hard's chances, where its search looked and they tell the options apart.
        shown = {round(100 * o.chance) for o in self.hint.options if o.chance is not None}
        chances = len(shown) > 1
        head, reason = look.font(14, True), look.font(13)
        for i, opt in enumerate(self.hint.options):
            label = describe(opt.action, self.match.game)
            if chances and opt.chance is not None:
                label = t("hints.view.chance", label=label, chance=percent(opt.chance))
            indent = 2 * self._radius() + px(6)
            for j, part in enumerate(wrap(head, label, w - indent)):
                out.append((head, part, INK, indent, i if j == 0 else None, None))
            out += [(reason, part, INK_SOFT, indent, None, None) for part in wrap(reason, opt.reason, w - indent)]
            out.append((None, "", None, 0, None, None))
        return out

    def _panel(self, surface) -> None:
        """The best three and their reasons, over the game log: the panel grows upwards (over
        the wheel) when the log's place is too small for all of it at the UI scale."""
        look, px = self.scene.app.look, self.scene.app.look.px
        rect = self.panel_rect().copy()
        w = rect.w - px(24)
        lines = self._lines(w)
        need = px(8) + sum(f.get_linesize() if f is not None else px(5) for f, *_ in lines) + px(4)
        if need > rect.h:
            top = self.scene.layout.top.bottom + px(6)
            rect.h = min(need, rect.bottom - top)
            rect.bottom = self.panel_rect().bottom
        panel(surface, rect, look, fill=(236, 244, 248), border=HINT, width=3)
        x, y = rect.x + px(12), rect.y + px(8)
        small = look.font(12)
        for font, text, colour, indent, badge, note in lines:
            if font is None:
                y += px(5)
                continue
            if y + font.get_linesize() > rect.bottom - px(2):
                break
            if badge is not None:
                self._badge(surface, (x + indent // 2, y + font.get_linesize() // 2), badge)
            img = font.render(text, True, colour)
            surface.blit(img, (x + indent, y))
            if note is not None:
                n = small.render(note, True, INK_SOFT)
                surface.blit(n, (x + img.get_width() + px(10), y + img.get_height() - n.get_height()))
            y += font.get_linesize()
