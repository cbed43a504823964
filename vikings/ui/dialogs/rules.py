"""The rules reference over any scene: the rules text, a scoring summary whose numbers
come from the rules data the engine plays with (so the two never disagree), the advanced
game, and pictures: real positions drawn with the table's own art (ui/rule_pictures.py),
one at a time with a caption (Left/Right or the buttons to browse).

The rules text is a Markdown file per language, data/lang/<code>/rules.md, rather than
entries in the `rules` catalogue: it is some 80 lines of running prose with headings and
lists, which a translator reads and writes best as one document (no YAML quoting, no key
per paragraph), and nothing in it is filled in by the game. The panel's own words, the
scoring summary and the advanced game's page (whose numbers come from the data) are in
data/lang/<code>/rules.yaml."""

from __future__ import annotations

import html
import re

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextBox

from vikings.paths import resource_dir
from vikings.text import lang, words
from vikings.text.lang import t
from vikings.ui.dialogs.keys import keys_markdown
from vikings.ui.dialogs.kit import SMALLER_CAPTIONS, Dialog, caption_row, fitted_button, fitted_class, preload_fonts
from vikings.ui.drawing.theme import BUTTON_EDGE, BUTTON_PAD, SEA_DARK, WOOD_DARK

TABS = ("rules", "pictures", "scoring", "advanced", "keys")  # captions: rules.panel.tab.KEY
_SCROLL = {
    pygame.K_UP: -0.1,
    pygame.K_DOWN: 0.1,
    pygame.K_PAGEUP: -0.9,
    pygame.K_PAGEDOWN: 0.9,
    pygame.K_SPACE: 0.9,
    pygame.K_HOME: -1e9,
    pygame.K_END: 1e9,
}
_ITEM = re.compile(r"^(\s*)(- |\d+\. )(.*)$")


def rules_file(code: str):
    return resource_dir("data") / "lang" / code / "rules.md"


def read_rules_text(code: str | None = None) -> str:
    """The rules text (Markdown) in language `code` (the one in use if None): English
    where a language has no rules.md yet, accented in the pseudo-language."""
    code = code or lang.language()
    pseudo = code == lang.PSEUDO
    path = rules_file(lang.FALLBACK if pseudo or not rules_file(code).exists() else code)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        return t("rules.panel.unreadable", reason=str(e.strerror or e))
    return lang.pseudo(text) if pseudo else text


def inline(text: str) -> str:
    """Markdown emphasis to pygame-gui tags; links keep their text."""
    text = html.escape(text, quote=False)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    return re.sub(r"`([^`]+)`", r"\1", text)


def markdown_to_html(md: str, px=lambda v: v) -> str:
    """The Markdown the rules use (headings, paragraphs, - and 1. lists, nested by indent,
    **bold**, *italic*) as pygame-gui's HTML subset; `px` scales the font sizes."""
    md = re.sub(r"<!--.*?-->", "", md, flags=re.S)
    blocks: list[list] = []  # [kind, level, marker, text]
    for line in md.splitlines():
        if not line.strip():
            blocks.append(["gap", 0, "", ""])
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            blocks.append(["head", level, "", line.lstrip("#").strip()])
        elif m := _ITEM.match(line):
            blocks.append(["item", len(m.group(1)) // 2, m.group(2).strip(), m.group(3).strip()])
        elif blocks and blocks[-1][0] in ("item", "para"):
            blocks[-1][3] += " " + line.strip()  # a wrapped line continues its block
        else:
            blocks.append(["para", 0, "", line.strip()])

    out, prev, last = [], "gap", ""
    for kind, level, marker, text in blocks:
        if kind == "gap":
            prev = "gap"
            continue
        if out:  # one line break inside a list and under a heading, a blank line elsewhere
            tight = last == "head" or (kind == "item" and prev != "gap")
            out.append("<br>" if tight else "<br><br>")
        if kind == "head":
            size, colour = (px(30), WOOD_DARK) if level == 1 else (px(23), SEA_DARK)
            out.append(f'<font pixel_size={size} color="#{bytes(colour).hex()}"><b>{inline(text)}</b></font>')
        elif kind == "item":
            bullet = "\u2022" if marker == "-" else f"<b>{marker}</b>"
            out.append("\u00a0" * (3 + 6 * level) + f"{bullet} {inline(text)}")
        else:
            out.append(inline(text))
        prev = last = kind
    return "".join(out)


def scoring_summary(rules) -> str:
    """The scorings in a few lines of Markdown, with the numbers of `rules`."""
    small = ", ".join(lang.number(i + 1) for i, k in enumerate(rules.schedule) if k == "small")
    large = ", ".join(lang.number(i + 1) for i, k in enumerate(rules.schedule) if k == "large")
    start = "\n".join(
        t("rules.scoring.start_line", players=n, gold=g, fame=f) for n, (g, f) in sorted(rules.setup.items())
    )
    numbers = {k: v for k, v in rules.scoring.__dict__.items() if isinstance(v, int)}
    return t(
        "rules.scoring.page", start=start, small=small, large=large, small_gold=rules.scoring.goldsmith_gold, **numbers
    )


def advanced_summary(rules) -> str:
    """The advanced game's three rules (chosen one by one at setup) and the special tiles,
    whose list and texts come from the data the engine plays with."""
    tiles = "\n".join(
        t("rules.advanced.tile_line", name=words.special(k), number=k.count, text=words.special_text(k))
        for k in rules.specials
    )
    return t(
        "rules.advanced.page",
        drawn=rules.wheel_spaces + 1,
        highest=rules.wheel_spaces - 1,
        longboat=words.special("boat"),
        tiles=tiles,
    )


def tab_rows(look, labels, room: int, bar: int) -> list[list[tuple[str, str, int]]]:
    """The tabs as rows of (key, caption, width): one row when every caption fits its tab
    there (in smaller lettering if it must, kit.fitted_button), else two, each tab as wide
    as its caption (a long caption such as "Scoring summary" is never cut)."""
    gap = look.px(10)
    for n in (len(TABS), (len(TABS) + 1) // 2):
        rows = [list(zip(TABS[i : i + n], labels[i : i + n])) for i in range(0, len(TABS), n)]
        out = [
            [(k, c, w) for (k, c), w in zip(row, caption_row(look, [c for _, c in row], room, gap, 200))]
            for row in rows
        ]
        if all(_caption_fits(look, c, w, bar) for row in out for _, c, w in row):
            break
    return out


def _caption_fits(look, text: str, w: int, h: int) -> bool:
    """`text` fits a button of w x h in the button's lettering or a smaller one (kit's)."""
    cls = fitted_class(look, text, pygame.Rect(0, 0, w, h))
    size = {c or None: s for c, s in SMALLER_CAPTIONS}[cls]
    return look.widget_font(size).size(text)[0] + 2 * BUTTON_PAD + 2 + BUTTON_EDGE <= w


#: (page, box size, theme) -> the page needed a scroll bar: the next box laid out for it
#: lays it out once, at the width beside the scroll bar (bounded: a few sizes and languages)
_OVERSIZE: dict = {}


class PageBox(UITextBox):
    """A text box that lays its page out once. pygame-gui's lays a page out at the box's
    width, finds it longer than the box, and lays it out again beside a scroll bar (at
    3840x2160 the rules page took 190 ms a layout); this one remembers which pages needed
    the scroll bar and lays those out beside it at once. The pixels are the same."""

    def rebuild(self) -> None:
        self._first_parse = True
        super().rebuild()
        key = (self.html_text, tuple(self.rect.size), id(self.ui_theme))
        if len(_OVERSIZE) > 64:
            _OVERSIZE.clear()
        _OVERSIZE[key] = self.scroll_bar is not None

    def parse_html_into_style_data(self) -> None:
        wrap = self.text_wrap_rect
        if getattr(self, "_first_parse", False):
            self._first_parse = False
            if _OVERSIZE.get((self.html_text, tuple(self.rect.size), id(self.ui_theme))) and wrap is not None:
                wrap.width = max(1, wrap.width - self.scroll_bar_width)
        elif self.text_box_layout is not None and getattr(self, "_parsed", None) == (self.html_text, wrap.size):
            return  # (laid out already at this width)
        super().parse_html_into_style_data()
        self._parsed = (self.html_text, tuple(wrap.size))


class RulesPanel(Dialog):
    size = (1060, 800)

    @property
    def title(self) -> str:
        return t("rules.panel.title")

    def __init__(self, app, tab: str = "rules"):
        super().__init__(app)
        self.tab = tab
        self.pic = 0  # the picture shown on the Pictures tab

    def build_body(self, window, width, height) -> None:
        px, ui = self.app.look.px, self.app.ui
        look = self.app.look
        pad, bar = px(16), look.caption_height(46)
        self.tabs = {}
        rows = tab_rows(look, [t(f"rules.panel.tab.{key}") for key in TABS], width - 2 * pad, bar)
        y = pad
        for row in rows:
            x = pad
            for key, label, w in row:
                b = self.add(
                    fitted_button(
                        pygame.Rect(x, y, w, bar),
                        label,
                        ui,
                        look,
                        container=window,
                        object_id=ObjectID(f"#tab_{key}", None),
                    )
                )
                x += w + px(10)
                if key == self.tab:
                    b.select()
                self.tabs[key] = b
            y += bar + px(8)
        close = t("rules.panel.close")
        cw = look.caption_width(close, 160)
        self.close_button = self.add(
            UIButton(pygame.Rect(width - pad - cw, height - pad - bar, cw, bar), close, ui, container=window)
        )
        top = y - px(8) + px(12)
        box = pygame.Rect(pad, top, width - 2 * pad, height - top - 2 * pad - bar)
        # The headings' sizes, and bold and italic at the text box's size (theme: 17).
        preload_fonts(self.app, ((px(30), "bold"), (px(23), "bold"), (px(17), "bold"), (px(17), "italic")))
        self.image = self.pic_buttons = None
        if self.tab == "pictures":
            self.build_pictures(window, box, height - pad - bar)
            return
        self.box, self.pages = box, {}
        self.text = self.page(self.tab)

    def page(self, tab: str) -> UITextBox:
        """The text box of a text tab: made the first time the tab is shown, then kept while
        the panel is built (switching back shows it again, laid out already)."""
        box = self.pages.get(tab)
        if box is None:
            box = self.pages[tab] = self.add(
                PageBox(
                    self.page_html(tab),
                    self.box,
                    self.app.ui,
                    container=self.window,
                    object_id=ObjectID("#rules_text", None),
                )
            )
        return box

    # The Pictures tab --------------------------------------------------------------------------
    def build_pictures(self, window, box: pygame.Rect, buttons_y: int) -> None:
        """The picture on top, its caption below, and Previous/Next beside Close."""
        from vikings.ui.dialogs.rule_pictures import NAMES, caption, picture
        from vikings.ui.dialogs.rule_pictures import title as picture_title

        px, ui = self.app.look.px, self.app.ui
        name = NAMES[self.pic]
        cap_h = px(165)
        look = self.app.look
        title_h = px(30 * max(1.0, look.ui_scale))  # (its lettering grows with the UI scale)
        area = pygame.Rect(box.x, box.y + title_h + px(4), box.w, box.h - cap_h - title_h - px(14))
        title = t("rules.panel.picture_title", n=self.pic + 1, total=len(NAMES), title=picture_title(name))
        self.add(
            UILabel(
                pygame.Rect(box.x, box.y, box.w, title_h),
                title,
                ui,
                container=window,
                object_id=ObjectID("#picture_title", None),
            )
        )
        self.image = self.add(UIImage(area, picture(self.app, name, area.size), ui, container=window))
        self.text = self.add(
            UITextBox(
                markdown_to_html(caption(self.app.rules, name), px),
                pygame.Rect(box.x, area.bottom + px(10), box.w, cap_h),
                ui,
                container=window,
                object_id=ObjectID("#rules_text", None),
            )
        )
        prev, nxt = t("rules.panel.previous"), t("rules.panel.next")
        w, h = max(look.caption_width(c, 170) for c in (prev, nxt)), px(46)
        self.pic_buttons = {
            "prev": self.add(fitted_button(pygame.Rect(box.x, buttons_y, w, h), prev, ui, look, container=window)),
            "next": self.add(
                fitted_button(pygame.Rect(box.x + w + px(10), buttons_y, w, h), nxt, ui, look, container=window)
            ),
        }

    def picture_count(self) -> int:
        from vikings.ui.dialogs.rule_pictures import NAMES

        return len(NAMES)

    def show_picture(self, i: int) -> None:
        self.pic = i % self.picture_count()
        if self.tab != "pictures":
            self.tab = "pictures"
        self.kill_ui()
        self.build_ui()
        self.app.invalidate()

    def page_html(self, tab: str | None = None) -> str:
        md = {
            "rules": read_rules_text,
            "scoring": lambda: scoring_summary(self.app.rules),
            "advanced": lambda: advanced_summary(self.app.rules),
            "keys": keys_markdown,
        }[tab or self.tab]()
        return markdown_to_html(md, self.app.look.px)

    def handle(self, event) -> bool:
        if event.type == UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.close()
                return True
            for key, b in self.tabs.items():
                if event.ui_element is b:
                    self.show(key)
                    return True
            for key, b in (self.pic_buttons or {}).items():
                if event.ui_element is b:
                    self.show_picture(self.pic + (1 if key == "next" else -1))
                    return True
        if event.type == pygame.KEYDOWN and self.tab == "pictures" and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.show_picture(self.pic + (1 if event.key == pygame.K_RIGHT else -1))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.show(TABS[(TABS.index(self.tab) + 1) % len(TABS)])
            return True
        if event.type == pygame.KEYDOWN and event.key in _SCROLL:
            self.scroll(_SCROLL[event.key])
            return True
        return super().handle(event)

    def scroll(self, pages: float) -> None:
        """Move the text by `pages` screenfuls (the keyboard's way to read on)."""
        bar = getattr(self.text, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(bar.start_percentage + pages * bar.visible_percentage)
            self.app.invalidate()

    def show(self, tab: str) -> None:
        if tab == self.tab:  # (the tab shown, pressed again: the Pictures tab has no text to set)
            self.tabs[tab].select()
            return
        if "pictures" in (tab, self.tab):  # other widgets: build the body anew
            self.tab = tab
            self.kill_ui()
            self.build_ui()
            self.app.invalidate()
            return
        self.tab = tab
        for key, b in self.tabs.items():
            b.select() if key == tab else b.unselect()
        self.text.hide()
        known = tab in self.pages
        self.text = self.page(tab)
        if known:
            self.text.show()
            if self.text.scroll_bar is not None:  # (each tab opens at its top, as before)
                self.text.scroll_bar.set_scroll_from_start_percentage(0)
        self.app.invalidate()
