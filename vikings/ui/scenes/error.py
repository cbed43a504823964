"""Shown instead of vanishing when something went wrong: what happened, where the log is,
and whether the game was saved (only when the autosave on disk holds its last decision);
Esc goes back to the title, Q quits."""

from __future__ import annotations

import pygame

from vikings.saves.unreadable import os_text
from vikings.text.lang import t
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import BAD, INK, INK_SOFT, WOOD_DARK
from vikings.ui.scene import Scene


class ErrorScene(Scene):
    def __init__(self, app, error: BaseException, log_path):
        super().__init__(app)
        self.error = error
        self.log_path = log_path

    @property
    def saved(self) -> str:
        return self.saved_note(getattr(self.app, "match", None))

    @staticmethod
    def saved_note(match) -> str:
        """What the screen says of the game at the table: saved only if the autosave on disk
        holds every decision; behind, and why, if the autosave is off; else nothing."""
        if match is None:
            return ""
        if match.autosaved:
            resume = "menus.title.lesson" if match.coach is not None else "menus.title.continue"
            return t("errors.crash.saved", button=t(resume))
        if match.autosave_error is not None:
            return t("errors.crash.not_saved", reason=os_text(match.autosave_error))
        return ""

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_q:
                self.app.quit()
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                from vikings.ui import flow

                self.app.match = None
                flow.show(self.app, "title")
            return True
        return False

    def draw(self, surface) -> None:
        look = self.app.look
        px = look.px
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - px(40), px(1000)), min(h - px(40), px(520)))
        box.center = (w // 2, h // 2)
        panel(surface, box, look)
        lines = [
            (t("errors.crash.title"), 30, WOOD_DARK, True),
            # the error itself, for a bug report: technical, as Python wrote it
            (f"{type(self.error).__name__}: {self.error}", 18, BAD, True),
            (self.saved, 18, INK, False),
            (t("errors.crash.log", path=str(self.log_path)), 16, INK_SOFT, False),
            (t("errors.crash.back", keycap=t("menus.keys.esc")), 18, INK, True),
            (t("errors.crash.quit", keycap=t("menus.keys.q")), 18, INK, True),
        ]
        y = box.y + px(24)
        for text, size, colour, bold in lines:
            if not text:
                continue
            font = look.font(size, bold)
            for part in wrap(font, text, box.w - px(48)):
                surface.blit(font.render(part, True, colour), (box.x + px(24), y))
                y += font.get_linesize()
            y += px(14) if size < 18 or not bold or colour is not INK else px(4)
