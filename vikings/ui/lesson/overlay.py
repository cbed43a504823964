"""The lesson's box over the table: the current step's text, a ring around what it talks
about, and the buttons to read on, read again, leave, skip, or hand the seat to the bot.

A panel that lets clicks through (`modal = False`): the table below stays playable, and
the coach refuses the moves the step does not teach. Keys: Page Down (or Enter / Space on
a step that is read) for Next, Page Up for Back, F to let the bot finish; Esc leaves (the
table's own key: the lesson is saved and resumes where it stopped).
"""

from __future__ import annotations

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from vikings.engine.state import OVER
from vikings.text.lang import t
from vikings.ui.dialogs.kit import fitted_class
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import (
    BAD,
    BUTTON_EDGE,
    BUTTON_FONT,
    BUTTON_PAD,
    GOLD,
    INK,
    INK_SOFT,
    PAPER,
    WHITE,
    WOOD_DARK,
)
from vikings.ui.lesson.targets import locate_all
from vikings.ui.scene import Scene

BUTTONS = ("back", "next", "leave", "skip")  # captions: lesson.box.KEY
ROW_LETTERING = (("", BUTTON_FONT), ("@small", 15), ("@smaller", 13), ("@smallest", 11))  # theme classes
EXTRA = ("finish", "real_game")  # captions: lesson.box.KEY, or lesson.box.KEY_short in a narrow box


class LessonOverlay(Scene):
    is_panel = True
    modal = False  # the table below takes the clicks the box does not

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.coach = session.coach
        self.match = session.match
        self.buttons: dict = {}
        self.box: pygame.Rect | None = None
        self.drawn_box: pygame.Rect | None = None  # the box as last drawn (taller when its text needs it)
        self._seen = None  # (index, view) last laid out
        self.skipping = False

    # Widgets ---------------------------------------------------------------------------------
    def box_rect(self) -> pygame.Rect:
        """Over the game log (the table's least needed part while learning); elsewhere
        (the results) in the bottom right corner, clear of the top bar's buttons."""
        base = self.app.scenes.base
        layout = getattr(base, "layout", None)
        if layout is not None and OVER not in getattr(base, "phases", ()):
            return pygame.Rect(layout.log)
        w, h = self.app.look.size
        px = self.app.look.px
        return pygame.Rect(w - px(640), h - px(250), px(620), px(232))

    def build_ui(self) -> None:
        px, ui = self.app.look.px, self.app.ui
        self.skipping = False
        self.box = box = self.box_rect()
        look = self.app.look
        pad, h, gap = px(10), px(34), px(6)
        # One row of four, the captions in the largest lettering that lets all four fit side
        # by side (one lettering for the row, and smaller than the table's at a large UI
        # scale: the text above needs the room), each button as wide as its caption needs
        # plus a share of the rest (German captions are long); or two rows of two when even
        # the smallest lettering would not fit in one.
        labels = [t(f"lesson.box.{key}") for key in BUTTONS]
        inner = box.w - 2 * pad
        row = self._one_row(labels, inner - 3 * gap, h)  # (widths, theme class) or None
        cols = 2 if row is None else 4
        if row is None:  # two of the same width a row, again in one lettering
            w = (inner - gap) // 2
            row = [w] * len(labels), self._lettering(labels, w, h)
        rows = len(BUTTONS) // cols
        y = box.bottom - pad - h - (rows - 1) * (h + gap)
        self.buttons = {}
        x = box.x + pad
        for i, (key, label) in enumerate(zip(BUTTONS, labels)):
            primary = key == "next"
            w, cls = row[0][i], row[1]
            if cls:
                object_id = ObjectID(None, "@primary_" + cls[1:] if primary else cls)
            else:
                object_id = "@primary" if primary else None
            if i % cols == 0:
                x = box.x + pad
            rect = pygame.Rect(x, y + (i // cols) * (h + gap), w, h)
            x += w + gap
            self.buttons[key] = self.add(UIButton(rect, label, ui, object_id=object_id))
        for key in EXTRA:
            label = t(f"lesson.box.{key}")
            if look.caption_width(label) > box.w - 2 * pad:
                label = t(f"lesson.box.{key}_short")
            self.buttons[key] = self.add(
                UIButton(pygame.Rect(box.x + pad, y - h - gap, box.w - 2 * pad, h), label, ui, object_id="@primary")
            )
        self.refresh()

    def _one_row(self, labels, room: int, h: int):
        """([width per caption], theme class) for the captions in one row of `room` pixels,
        in the largest lettering with which all fit ("": the theme's own), or None."""
        look = self.app.look
        for cls, size in ROW_LETTERING:
            f = look.widget_font(size)
            need = [f.size(label)[0] + 2 * BUTTON_PAD + 2 + BUTTON_EDGE for label in labels]
            if sum(need) <= room and f.get_ascent() + BUTTON_EDGE <= h:
                spare = (room - sum(need)) // len(need)
                return [n + spare for n in need], cls
        return None

    def _lettering(self, labels, w: int, h: int) -> str:
        """The theme class of the largest lettering in which every label fits a button w x h."""
        order = [c for c, _ in ROW_LETTERING]
        rect = pygame.Rect(0, 0, w, h)
        return max((fitted_class(self.app.look, label, rect, ROW_LETTERING) or "" for label in labels), key=order.index)

    def widget(self, name: str):
        return self.buttons.get(name)

    def refresh(self) -> None:
        c, m = self.coach, self.match
        if not self.buttons:
            return
        s = c.shown
        current = c.view == c.index
        self._toggle("back", c.view > 0)
        self._toggle("next", c.can_next(m))
        offer_finish = current and s is not None and s.finish and c.due(m) and not c.handed_over
        self._show("finish", offer_finish)
        self._show("real_game", current and c.last)
        self.app.invalidate()

    def _toggle(self, key, on: bool) -> None:
        b = self.buttons[key]
        b.enable() if on else b.disable()

    def _show(self, key, on: bool) -> None:
        b = self.buttons[key]
        b.show() if on else b.hide()

    # Input -----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        grown = self.drawn_box is not None and self.box is not None and self.drawn_box.h > self.box.h
        if grown and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.drawn_box.collidepoint(event.pos) and not self.box.collidepoint(event.pos):
                return True  # (a click on the box's text, grown over the table, is not a move)
        if event.type == UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.command(key)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            c, m = self.coach, self.match
            reading = c.view < c.index or (c.step is not None and not c.step.is_move and c.can_next(m))
            if event.key == pygame.K_PAGEDOWN or (
                reading and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            ):
                self.command("next")
                return True
            if event.key == pygame.K_PAGEUP:
                self.command("back")
                return True
            if event.key == pygame.K_f and self.buttons.get("finish") is not None and self.buttons["finish"].visible:
                self.command("finish")
                return True
        return False

    def command(self, key: str) -> None:
        c, m = self.coach, self.match
        if key != "skip" and self.skipping:
            self.skipping = False
            self.buttons["skip"].set_text(t("lesson.box.skip"))
        if key == "next":
            c.next(m)
        elif key == "back":
            c.back()
        elif key == "leave":
            self.session.leave()
            return
        elif key == "skip" and not self.skipping:  # a second click skips: the lesson's progress goes
            self.skipping = True
            self.buttons["skip"].set_text(t("lesson.box.skip_again"))
            return
        elif key in ("skip", "real_game"):
            self.session.end()
            return
        elif key == "finish":
            self.session.hand_over()
        self.refresh()

    # The beat --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        c, m = self.coach, self.match
        c.update(m)
        due = c.due(m)
        key = (c.index, c.view, due, c.handed_over)
        if key != self._seen:
            self._seen = key
            s = c.step
            base = self.app.scenes.base
            view = (
                s.view
                if s is not None and s.view is not None
                else s.player
                if s is not None and s.event == "scoring"
                else None
            )
            if due and view is not None and hasattr(base, "ctx"):
                base.ctx.viewed = view  # the display the step talks about
            self.refresh()

    # Drawing ---------------------------------------------------------------------------------
    def highlights(self) -> list[pygame.Rect]:
        """Where the shown step points now (nothing while its moment has not come)."""
        c = self.coach
        s = c.shown
        if s is None or (c.view == c.index and not c.due(self.match)):
            return []
        return locate_all(self.app, s.target, self)

    def rings(self) -> list[pygame.Rect]:
        """The gold rings as drawn around `highlights()`, each with its dark edge: a ring
        around one of the box's buttons sits closer, inside the box; one around a thing at
        the window's edge (a card, the display) is cut to the window, and kept off the top
        bar unless it marks one of the bar's buttons."""
        px = self.app.look.px
        window = self.app.screen.get_rect()
        layout = getattr(self.app.scenes.base, "layout", None)
        below_bar = window.clip(0, layout.top.bottom, window.w, window.h) if layout is not None else window
        out = []
        for r in self.highlights():
            inside = self.box is not None and self.box.contains(r)
            ring = r.inflate(px(9), px(9)) if inside else r.inflate(px(16), px(16))
            out.append(ring.clip(window if layout is None or r.colliderect(layout.top) else below_bar))
        return out

    def draw(self, surface) -> None:
        px = self.app.look.px
        if self.box is not None:
            self.draw_box(surface)
        for outer in self.rings():  # (after the box: a ring may be around one of its buttons)
            pygame.draw.rect(surface, WOOD_DARK, outer, max(2, px(3)), border_radius=px(8))
            pygame.draw.rect(surface, GOLD, outer.inflate(-px(4), -px(4)), max(3, px(5)), border_radius=px(8))

    def draw_box(self, surface) -> None:
        """The box: its heading, the step's text (and a refused move's reason) whole, in
        smaller lettering if it must; when even that does not fit (a small window at a large
        UI scale), the box grows upwards over the table, never cutting a sentence."""
        look, px = self.app.look, self.app.look.px
        c = self.coach
        s = c.shown
        pad = px(14)
        width = self.box.w - 2 * pad
        head = t("lesson.box.head_again" if c.view < c.index else "lesson.box.head", n=c.view + 1, total=len(c.steps))
        head_text = look.text(head, 15, WOOD_DARK, bold=True)
        top_h = px(10) + head_text.get_height() + px(6)  # from the box's top to the text
        bottom = min(b.rect.y for b in self.buttons.values() if b.visible) - px(6) if self.buttons else self.box.bottom
        text, colour = self.shown_text()
        lines, font = [], look.font(16)
        bold = look.font(15, True)
        refusal = wrap(bold, c.refusal, width) if s is not None and c.refusal and c.view == c.index else []
        refusal_h = len(refusal) * bold.get_linesize() + (px(4) if refusal else 0)
        room = bottom - self.box.y - top_h - refusal_h
        # It may grow up to the top bar, but not over what the step points at.
        layout = getattr(self.app.scenes.base, "layout", None)
        top = layout.top.bottom + px(8) if layout is not None else px(8)
        ceiling = top
        for r in self.highlights():
            if r.right > self.box.x and r.x < self.box.right and r.bottom <= self.box.y:
                ceiling = max(ceiling, r.bottom + px(12))
        grow = max(0, self.box.y - ceiling)
        for size in (16, 15, 14, 13, 12):  # smaller lettering before the box grows, then more
            font = look.font(size)
            lines = wrap(font, text, width) if text else []
            need = len(lines) * font.get_linesize() - room
            if need <= 0 or (size <= 14 and need <= grow):
                break
        else:  # (too long even so: over what it points at rather than cut)
            font = look.font(14)
            lines = wrap(font, text, width)
            need, ceiling = len(lines) * font.get_linesize() - room, top
        box = self.box.copy()
        if need > 0:
            box.y = max(ceiling, box.y - need)
            box.h = self.box.bottom - box.y
        self.drawn_box = box
        panel(surface, box, look, fill=PAPER, border=GOLD, width=3)
        x, y = box.x + pad, box.y + px(10)
        surface.blit(head_text, (x, y))
        y += head_text.get_height() + px(6)
        for line in lines:
            surface.blit(font.render(line, True, colour), (x, y))
            y += font.get_linesize()
        for line in refusal:
            surface.blit(bold.render(line, True, BAD), (x, y + px(4)))
            y += bold.get_linesize()

    def shown_text(self) -> tuple[str, tuple]:
        """The box's text now and its colour: the shown step's, or what it waits for."""
        c = self.coach
        if c.shown is None:
            return "", INK
        if c.view == c.index and not c.due(self.match):
            return self.waiting_text(), INK_SOFT
        return c.shown.text, INK

    def waiting_text(self) -> str:
        c, m = self.coach, self.match
        if c.expected(m.game) is not None or not c.steps[c.index].event:
            if m.game.is_over:
                return t("lesson.wait.over")
            if m.bots_turn():
                return t("lesson.wait.bot")
            return t("lesson.wait.watch")
        if c.handed_over:
            return t("lesson.wait.handed_over")
        return t("lesson.wait.play_on")


__all__ = ["LessonOverlay", "WHITE"]
