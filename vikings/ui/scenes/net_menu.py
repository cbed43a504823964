"""Playing over the network, the first screen: host a table or join one (the title's
"Play over network"). Also the drawing the network screens share: the heading, the
cards, tick boxes and wrapped notes (net_host.py, net_lobby.py, net_join.py).
"""

from __future__ import annotations

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, draw_keycap, typing, wrap
from vikings.ui.drawing.theme import BAD, GOLD, INK, INK_SOFT, PAPER, WOOD, WOOD_DARK, colour_of
from vikings.ui.scene import Scene
from vikings.ui.table.net_table import HostSide, colour, host_files, resume_host, resumed_match, resumed_seats


def draw_heading(surface, look, page: Page, title: str, intro: str) -> None:
    """The screen's title and the line under it, in the band above the cards."""
    band = page.rect(140, 30, 1350, 126)
    sub = look.fit_text(intro, 19, INK_SOFT, width=band.w, height=look.px(24))
    head = look.fit_text(title, 44, WOOD_DARK, bold=True, height=band.h - sub.get_height() - look.px(10))
    surface.blit(head, band.topleft)
    y = min(max(page.pos(0, 104)[1], band.y + round(head.get_height() * 0.92)), band.bottom - sub.get_height())
    surface.blit(sub, (band.x + look.px(2), y))


def draw_card(surface, look, page: Page, x, y, w, h, heading: str = "") -> pygame.Rect:
    """A paper card with a wooden edge and its heading; returns its rectangle."""
    card = page.rect(x, y, w, h)
    px = look.px
    pygame.draw.rect(surface, PAPER, card, border_radius=px(12))
    pygame.draw.rect(surface, WOOD, card, width=max(1, px(3)), border_radius=px(12))
    if heading:
        img = look.fit_text(heading, 26, WOOD_DARK, bold=True, width=card.w - px(40))
        surface.blit(img, (card.x + px(20), card.y + px(14)))
    return card


def draw_tick(surface, look, rect: pygame.Rect, on: bool) -> None:
    """A tick box, ticked or not."""
    px = look.px
    pygame.draw.rect(surface, GOLD if on else PAPER, rect, border_radius=px(4))
    pygame.draw.rect(surface, WOOD_DARK, rect, width=max(1, px(2)), border_radius=px(4))
    if on:
        pts = [
            (rect.x + rect.w * 0.22, rect.y + rect.h * 0.52),
            (rect.x + rect.w * 0.42, rect.y + rect.h * 0.74),
            (rect.x + rect.w * 0.8, rect.y + rect.h * 0.28),
        ]
        pygame.draw.lines(surface, WOOD_DARK, False, pts, max(2, px(3)))


def draw_note(surface, look, text: str, x: int, y: int, width: int, bottom: int, colour=INK_SOFT, size=16) -> int:
    """`text` wrapped in `width` from (x, y), in smaller lettering if it would pass
    `bottom`; returns the y below it."""
    for s in (size, size - 1, size - 2, size - 3, size - 4):
        font = look.font(s)
        lines = wrap(font, text, width) if text else []
        if y + len(lines) * font.get_linesize() <= bottom:
            break
    for line in lines:
        surface.blit(font.render(line, True, colour), (x, y))
        y += font.get_linesize()
    return y


def draw_seat_disc(surface, look, centre, i: int, radius: float = 21) -> None:
    """Seat i's number on a disc of its colour."""
    px = look.px
    rgb = colour_of(colour(i))
    pygame.draw.circle(surface, rgb, centre, px(radius))
    pygame.draw.circle(surface, WOOD_DARK, centre, px(radius), max(1, px(2)))
    n = look.text(str(i + 1), radius - 1, INK if sum(rgb) > 500 else PAPER, bold=True)
    surface.blit(n, n.get_rect(center=centre))


def draw_caps(surface, look, back=None, go=None) -> None:
    """The key caps beside a screen's way back (Esc, right of it) and its main button
    (Enter, left of it)."""
    px = look.px
    if back is not None:
        draw_keycap(surface, look, (back.rect.right + px(10), back.rect.centery), t("menus.keys.esc"), align="left")
    if go is not None:
        draw_keycap(surface, look, (go.rect.x - px(10), go.rect.centery), t("menus.keys.enter"), align="right")


def form_keys(app, event, go, back) -> bool:
    """Enter (outside a text field) calls `go`; Esc leaves a text field, else calls `back`."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing(app):
        go()
        return True
    if event.key == pygame.K_ESCAPE:
        app.ui.set_focus_set(None) if typing(app) else back()
        return True
    return False


class NetScene(Scene):
    """Host a table or join one; Esc goes back to the title."""

    def __init__(self, app):
        super().__init__(app)
        self.host_button: UIButton | None = None
        self.join_button: UIButton | None = None
        self.resume_button: UIButton | None = None
        self.error = ""  # why the kept table could not be resumed

    def build_ui(self) -> None:
        page = self.page = Page(self.app.look)
        ui = self.app.ui
        self.host_button = self.add(
            UIButton(
                page.rect(250, 300, 480, 70), t("network.menu.host"), ui, object_id=ObjectID("#net_host", "@primary")
            )
        )
        self.join_button = self.add(
            UIButton(
                page.rect(870, 300, 480, 70), t("network.menu.join"), ui, object_id=ObjectID("#net_join", "@primary")
            )
        )
        self.back_button = self.add(UIButton(page.rect(140, 800, 200, 56), t("network.menu.back"), ui))
        self.resume_button = None
        if host_files(self.app.storage)[0].exists():  # a table this computer hosted, left in play
            self.resume_button = self.add(
                UIButton(
                    page.rect(250, 520, 480, 56),
                    t("network.menu.resume"),
                    ui,
                    tool_tip_text=t("network.menu.resume_tip"),
                )
            )

    def resume(self) -> None:
        """Open the table this computer hosted again, where it was; its guests come back by themselves."""
        app = self.app
        try:
            host = resume_host(app.storage, app.rules)
        except (OSError, ValueError, KeyError, TypeError) as e:
            self.error = t("network.menu.resume_failed", reason=getattr(e, "strerror", None) or str(e))
            app.invalidate()
            return
        seats = resumed_seats(host)
        if not host.started:
            flow.show(app, "net_lobby", host, seats, True)
            return
        side = HostSide(host, storage=app.storage)
        host.begin()
        flow.enter_game(app, resumed_match(side, seats))

    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED:
            if event.ui_element is self.host_button:
                flow.show(self.app, "net_host")
            elif event.ui_element is self.join_button:
                flow.show(self.app, "net_join")
            elif self.resume_button is not None and event.ui_element is self.resume_button:
                self.resume()
            elif event.ui_element is self.back_button:
                flow.show(self.app, "title")
            else:
                return False
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            flow.show(self.app, "title")
            return True
        return False

    def draw(self, surface) -> None:
        look, page = self.app.look, self.page
        px = look.px
        draw_heading(surface, look, page, t("network.menu.title"), t("network.menu.intro"))
        for x, note in ((200, t("network.menu.host_note")), (820, t("network.menu.join_note"))):
            card = draw_card(surface, look, page, x, 250, 580, 380)
            draw_note(surface, look, note, card.x + px(50), page.pos(0, 400)[1], card.w - px(100), card.bottom - px(20))
        draw_caps(surface, look, back=self.back_button)
        if self.error:
            draw_note(
                surface, look, self.error, page.pos(250, 0)[0], page.pos(0, 590)[1], px(1100), page.pos(0, 780)[1], BAD
            )
