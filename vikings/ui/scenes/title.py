"""The title screen: the game's art, and the way into a new, continued or loaded game.

A game code (dialogs/game_code.py) is pasted here too: Ctrl+V anywhere on the title opens
the paste panel holding the clipboard's text, and the small button in the top left corner
opens it (holding the clipboard's text when that looks like a game code)."""

from __future__ import annotations

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from vikings import version
from vikings.saves.unreadable import explain
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, describe_summary, draw_keycap, load_match, match_summary, unreadable, wrap
from vikings.ui.drawing.theme import BAD, GOLD, INK_SOFT, WOOD, WOOD_DARK
from vikings.ui.scene import Scene
from vikings.ui.table.own_settings import stand_up

SEA = (45, 103, 135)  # the tiles' own sea, so the band and the island tiles meet unseen
WAVE = (75, 138, 174)
ISLAND = ("left_end", "farm", "church", "village", "stone_circle", "right_end")
FIGURES = ("fisherman", "goldsmith", "scout", "noble", "warrior", "boatswain")

# What each button does, top to bottom; its caption is menus.title.<what>, its letter key
# menus.title.shortcut.<what> (the language's own: N, S, W, L, K, T, R, E in German). Quit: Esc or Q.
BUTTONS = ("new", "lesson", "continue", "load", "network", "puzzles", "stats", "rules", "settings", "quit")
QUIT_KEYS = (pygame.K_ESCAPE, pygame.K_q)


def shortcut(what: str) -> tuple[str, tuple[int, ...]]:
    """The key cap's text and the keys of a title button, in the language in use."""
    if what == "quit":
        return t("menus.keys.esc"), QUIT_KEYS
    letter = t(f"menus.title.shortcut.{what}")
    try:
        return letter, (pygame.key.key_code(letter.lower()),)
    except ValueError:  # not a key's name (the pseudo-language's accented letters): no key
        return letter, ()


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        stand_up(app)  # back from a game: the desk's own settings (ui/table/own_settings.py)
        self.buttons: dict[str, UIButton] = {}
        self.can_continue = False
        self.refusal = None  # why Continue is not possible (a broken autosave): (reason, file kept)
        self.resumes = None  # what Continue would resume (menu_kit.match_summary)
        self._background = None

    def enter(self) -> None:
        self.probe_autosave()
        super().enter()

    @property
    def notice(self) -> str:
        """Why Continue is not possible, in the language in use ("" when it is)."""
        if self.refusal is None:
            return ""
        reason, aside = self.refusal
        if aside is None:
            return t("menus.title.refused", reason=explain(reason))
        return t("menus.title.refused_kept", reason=explain(reason), file=aside)

    @property
    def autosave_info(self) -> str:
        return "" if self.resumes is None else t("menus.title.continue_info", game=describe_summary(self.resumes))

    def probe_autosave(self) -> None:
        """Read the autosave once on arrival, so Continue is enabled only when it works."""
        self.can_continue, self.refusal, self.resumes = False, None, None
        path = self.app.storage.autosave_path
        if not path.exists():
            return
        try:
            match = load_match(self.app, path)
        except Exception as e:  # noqa: BLE001 - any broken file must leave the title usable
            self.refuse_autosave(e)
            return
        self.can_continue = True
        self.resumes = match_summary(match)

    def refuse_autosave(self, e: BaseException) -> None:
        """Say why the autosave cannot be continued, and set the file aside (renamed, not
        deleted) so the next start does not trip over it."""
        reason = unreadable(e)  # English, for the log
        self.refusal = (reason, None)
        path = self.app.storage.autosave_path
        if path.exists():
            aside = self.app.storage.set_aside(path, reason)
            if aside is not None:
                self.refusal = (reason, aside.name)

    # Widgets --------------------------------------------------------------------------------
    # The button column, in design pixels (shared by the widgets and the key caps).
    COL_X, COL_W, TOP, H, GAP = 620, 360, 230, 39, 5  # (ten entries and the note above the sea)

    def build_ui(self) -> None:
        page = Page(self.app.look)
        self.buttons.clear()
        self._background = None
        for i, what in enumerate(BUTTONS):
            rect = page.rect(self.COL_X, self.TOP + i * (self.H + self.GAP), self.COL_W, self.H)
            oid = ObjectID(f"#title_{what}", "@primary" if what == "new" else None)
            self.buttons[what] = self.add(UIButton(rect, t(f"menus.title.{what}"), self.app.ui, object_id=oid))
        if not self.can_continue:
            self.buttons["continue"].disable()
        # The game code's small button, in the corner (away from the entries above).
        look = self.app.look
        caption = t("puzzles.code.paste_button")
        rect = pygame.Rect(page.pos(16, 14), (look.caption_width(caption, 150, size=15), look.caption_height(32, 15)))
        self.code_button = self.add(
            UIButton(
                rect,
                caption,
                self.app.ui,
                tool_tip_text=t("journey.title.code_tip", keycap=t("journey.title.code_key")),
                object_id=ObjectID("#title_code", None),
            )
        )

    # Input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED:
            for what, b in self.buttons.items():
                if event.ui_element is b:
                    self.do(what)
                    return True
            if event.ui_element is self.code_button:
                self.paste_code(only_a_code=True)
                return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        ):
            self.paste_code()
            return True
        if event.type == pygame.KEYDOWN and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
            for what in BUTTONS:
                if event.key in shortcut(what)[1] and self.buttons[what].is_enabled:
                    self.do(what)
                    return True
        return False

    def do(self, what: str) -> None:
        app = self.app
        if what == "new":
            flow.show(app, "setup")
        elif what == "lesson":
            from vikings.ui.lesson.session import LessonSession

            LessonSession.start(app)
        elif what == "continue":
            self.continue_game()
        elif what == "load":
            from vikings.ui.dialogs.saves import SavesPanel

            app.scenes.push(SavesPanel(app, mode="load"))
        elif what == "network":
            flow.show(app, "network")
        elif what == "puzzles":
            flow.show(app, "puzzles")
        elif what == "stats":
            flow.show(app, "stats")
        elif what == "rules":
            from vikings.ui.dialogs.rules import RulesPanel

            app.scenes.push(RulesPanel(app))
        elif what == "settings":
            from vikings.ui.dialogs.settings import SettingsPanel

            app.scenes.push(SettingsPanel(app))
        elif what == "quit":
            app.quit()

    def paste_code(self, only_a_code: bool = False) -> None:
        """The paste panel over the title, holding the clipboard's text (`only_a_code`: only
        if it looks like a game code, else empty)."""
        from vikings.ui.dialogs.game_code import PastePanel, looks_like_code, paste_text

        panel = PastePanel(self.app)
        text = paste_text().strip()
        if text and (looks_like_code(text) or not only_a_code):
            panel.put(text)
            panel.said = lambda: t("puzzles.code.pasted")
        self.app.scenes.push(panel)

    def continue_game(self) -> None:
        try:
            match = load_match(self.app, self.app.storage.autosave_path)
        except Exception as e:  # noqa: BLE001 - e.g. deleted or damaged since the title opened
            self.can_continue, self.resumes = False, None
            self.refuse_autosave(e)
            self.buttons["continue"].disable()
            self._background = None
            self.app.invalidate()
            return
        flow.enter_game(self.app, match)

    # Drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = self.render_background(surface.get_size())
        surface.blit(self._background, (0, 0))

    def render_background(self, size) -> pygame.Surface:
        """Everything but the widgets, drawn once per window size (an idle title is cheap)."""
        look, sprites = self.app.look, self.app.sprites
        px, page = look.px, Page(look)
        bg = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        cx = page.pos(self.COL_X + self.COL_W / 2, 0)[0]

        # Title with a gilt shadow, a rule, and the credit.
        # The name is the box's lettering, drawn at the window's scale whatever the UI
        # scale (a larger one would run into the rule and the credit).
        logo = 112 / look.ui_scale
        name = t("game.title")
        title = look.text(name, logo, WOOD_DARK, bold=True)
        shadow = look.text(name, logo, GOLD, bold=True)
        tr = title.get_rect(center=page.pos(800, 100))
        bg.blit(shadow, tr.move(px(3), px(4)))
        bg.blit(title, tr)
        rule_y = page.pos(0, 178)[1]
        for sx in (-1, 1):
            pygame.draw.line(bg, WOOD, (cx + sx * px(40), rule_y), (cx + sx * px(300), rule_y), max(1, px(2)))
        pygame.draw.polygon(
            bg, GOLD, [(cx, rule_y - px(8)), (cx + px(8), rule_y), (cx, rule_y + px(8)), (cx - px(8), rule_y)]
        )
        credit = look.fit_text(t("menus.title.credit"), 20, INK_SOFT, width=px(760), height=px(24))
        bg.blit(credit, credit.get_rect(center=page.pos(800, 210)))
        label = look.text(t("menus.title.version", version=version()), 14, INK_SOFT)
        bg.blit(label, label.get_rect(topright=(w - px(12), px(8))))

        # The wheel on the left; the bag, Gold, Fame and the start player ship on the right.
        wheel = sprites.get("board", "wheel", height=px(430))
        bg.blit(wheel, wheel.get_rect(center=page.pos(300, 420)))
        for ident, (x, y), hh in (
            ("start_player", (490, 590), 116),
            ("bag", (1300, 380), 250),
            ("coin", (1190, 575), 100),
            ("coin", (1262, 618), 84),
            ("fame", (1392, 596), 108),
        ):
            piece = sprites.get("board", ident, height=px(hh))
            bg.blit(piece, piece.get_rect(center=page.pos(x, y)))

        # The shortcut keys beside the buttons (Ctrl+V beside the game code's).
        code = self.code_button.rect
        draw_keycap(bg, look, (code.right + px(10), code.centery), t("journey.title.code_key"), align="left")
        for i, what in enumerate(BUTTONS):
            y = self.TOP + i * (self.H + self.GAP) + self.H / 2
            draw_keycap(
                bg, look, (page.pos(self.COL_X - 14, 0)[0], page.pos(0, y)[1]), shortcut(what)[0], align="right"
            )

        # What Continue resumes, or why it cannot.
        y = page.pos(0, self.TOP + len(BUTTONS) * (self.H + self.GAP) + 4)[1]
        text, colour = (self.notice, BAD) if self.notice else (self.autosave_info, INK_SOFT)
        room = page.pos(0, 722)[1] - y  # down to the sea; a long refusal gets a wider, smaller text
        for size, width in ((18, 820), (16, 1100), (14, 1200), (13, 1400), (12, 1500), (11, 1560)):
            font = look.font(size, bold=bool(self.notice))
            lines = wrap(font, text, px(width))
            if len(lines) * font.get_linesize() <= room:
                break
        for line in lines:
            s = font.render(line, True, colour)
            bg.blit(s, s.get_rect(midtop=(cx, y)))
            y += font.get_linesize()

        # The sea along the bottom with an island of every building, a Viking on each tile.
        sea_top = page.pos(0, 722)[1]
        pygame.draw.rect(bg, SEA, (0, sea_top, w, h - sea_top))
        pygame.draw.line(bg, WOOD_DARK, (0, sea_top), (w, sea_top), max(1, px(3)))
        tile = px(150)
        left = w // 2 - tile * len(ISLAND) // 2
        top = sea_top + (h - sea_top - tile) // 2
        island = pygame.Rect(left, top, tile * len(ISLAND), tile).inflate(px(60), 0)
        for row, y in enumerate((sea_top + px(30), h - px(34))):  # a few waves on the open sea
            for x in range(-px(20) + row * px(45), w, px(90)):
                if not island.collidepoint(x + px(13), island.centery):
                    pygame.draw.arc(bg, WAVE, (x, y, px(26), px(14)), 0.3, 2.8, max(1, px(3)))
        for i, ident in enumerate(ISLAND):
            bg.blit(sprites.get("tiles", ident, height=tile), (left + i * tile, top))
        for i, ident in enumerate(FIGURES):
            # beside the building, which stays in view
            fig = sprites.get("vikings", ident, height=px(80))
            at = 0.6 if i == 0 else 0.42 if i == len(ISLAND) - 1 else 0.76
            bg.blit(fig, fig.get_rect(midbottom=(left + i * tile + round(tile * at), top + tile - px(20))))
        return bg
