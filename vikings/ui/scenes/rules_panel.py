"""The rules reference over any scene: data/rules.md, and a scoring summary whose numbers
come from the rules data the engine plays with (so the two never disagree)."""
from __future__ import annotations

import html
import re

import pygame
from pygame_gui import UI_BUTTON_PRESSED
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from ...paths import resource_dir
from ..theme import SEA_DARK, WOOD_DARK
from .menu_kit import Dialog, preload_fonts

TABS = (("rules", "Rules"), ("scoring", "Scoring summary"), ("advanced", "Advanced game"))
_SCROLL = {pygame.K_UP: -0.1, pygame.K_DOWN: 0.1, pygame.K_PAGEUP: -0.9, pygame.K_PAGEDOWN: 0.9,
           pygame.K_SPACE: 0.9, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
_ITEM = re.compile(r"^(\s*)(- |\d+\. )(.*)$")


def read_rules_text() -> str:
    try:
        return (resource_dir("data") / "rules.md").read_text(encoding="utf-8")
    except OSError as e:
        return f"# The rules\nThe rules text cannot be read ({e.strerror or e})."


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
    s = rules.scoring
    small = ", ".join(str(i + 1) for i, k in enumerate(rules.schedule) if k == "small")
    large = ", ".join(str(i + 1) for i, k in enumerate(rules.schedule) if k == "large")
    start = "\n".join(f"- {n} players: {g} Gold and {f} Fame each." for n, (g, f) in sorted(rules.setup.items()))
    return f"""# Scoring summary
Only Vikings that no ship threatens score. A warrior under a ship drives it off.

## Start
{start}

## Small scoring (after rounds {small})
- Each goldsmith: **{s.goldsmith_gold} Gold**.

## Large scoring (after rounds {large})
1. Boatswains may bring Vikings from the pool onto empty tiles of their rows.
2. Each warrior under a ship: the **reward printed on the ship**.
3. Each noble: **{s.noble_fame} Fame**.
4. Each scout: **{s.scout_fame} Fame**, plus **{s.scout_bonus_fame}** for every goldsmith and fisherman lower in its column.
5. Each goldsmith: **{s.goldsmith_gold} Gold**.

## Final scoring (after the last large scoring)
1. Each ship not driven off costs its value in Gold (Fame when Gold runs out).
2. Every **{s.gold_per_fame} Gold** becomes **1 Fame**.
3. Most boatswains in the pool: **{s.most_boatswains_fame} Fame**.
4. Most completed islands: **{s.most_islands_fame} Fame**; longest completed island: **{s.longest_island_fame} Fame** (ties all score).
5. Feeding: each fisherman on a safe island feeds **{s.fisherman_feeds}** Vikings, the pool included. Each spare portion **+{s.overfeed_fame} Fame**, each hungry Viking **-{s.underfeed_fame} Fame**.

Most Fame wins; Gold breaks a tie.
"""


def advanced_summary(rules) -> str:
    """The advanced game's three rules (chosen one by one at setup) and the special tiles,
    whose list and texts come from the data the engine plays with."""
    tiles = "\n".join(f"- **{k.name}** (×{k.count}): {k.description}" for k in rules.specials)
    return f"""# The advanced game
Three rules, each switched on at the setup on its own; everything else stays the same.

## Auction for the start player
1. Whoever holds the start player ship draws {rules.wheel_spaces + 1} Vikings from the bag and opens the bidding with 0 Gold or more. If nobody raises, her opening bid wins.
2. Clockwise, each player raises the bid or passes for good. Fame pays for a bid once Gold runs out.
3. The highest bidder pays, takes the start player ship and removes one of the drawn Vikings from the game.
4. The round's tiles are laid on the wheel as usual. Then the winner, and after her each player clockwise, chooses a colour: all its Vikings go on the highest free spaces, from {rules.wheel_spaces - 1} down.
5. The winner buys first. After the round's scoring the ship passes to the player on her left, as in the standard game, and that player opens the next auction.

## One-Viking boatswains
In a large scoring each boatswain moves a single Viking from the pool to an empty island tile of its row. A Longboat special tile lets one boatswain move as in the standard game.

## Special tiles
Four lie face up; empty places are refilled at the start of each round. Whoever buys the dearest group on the wheel (never at price 0) may also take one of them. Vikings printed on special tiles are not fed.

{tiles}
"""


class RulesPanel(Dialog):
    title = "Rules"
    size = (1060, 800)

    def __init__(self, app, tab: str = "rules"):
        super().__init__(app)
        self.tab = tab

    def build_body(self, window, width, height) -> None:
        px, ui = self.app.look.px, self.app.ui
        pad, bar = px(16), px(46)
        self.tabs = {}
        for i, (key, label) in enumerate(TABS):
            b = self.add(UIButton(pygame.Rect(pad + i * px(230), pad, px(220), bar), label, ui, container=window,
                                  object_id=ObjectID(f"#tab_{key}", None)))
            if key == self.tab:
                b.select()
            self.tabs[key] = b
        self.close_button = self.add(UIButton(pygame.Rect(width - pad - px(160), height - pad - bar, px(160), bar),
                                              "Close", ui, container=window))
        top = pad + bar + px(12)
        box = pygame.Rect(pad, top, width - 2 * pad, height - top - 2 * pad - bar)
        # The headings' sizes, and bold and italic at the text box's size (theme: 17).
        preload_fonts(self.app, ((px(30), "bold"), (px(23), "bold"), (px(17), "bold"), (px(17), "italic")))
        self.text = self.add(UITextBox(self.page_html(), box, ui, container=window,
                                       object_id=ObjectID("#rules_text", None)))

    def page_html(self) -> str:
        md = {"rules": read_rules_text, "scoring": lambda: scoring_summary(self.app.rules),
              "advanced": lambda: advanced_summary(self.app.rules)}[self.tab]()
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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            keys = [k for k, _ in TABS]
            self.show(keys[(keys.index(self.tab) + 1) % len(keys)])
            return True
        if event.type == pygame.KEYDOWN and event.key in _SCROLL:
            self.scroll(_SCROLL[event.key])
            return True
        return super().handle(event)

    def scroll(self, pages: float) -> None:
        """Move the text by `pages` screenfuls (the keyboard's way to read on)."""
        bar = self.text.scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(bar.start_percentage + pages * bar.visible_percentage)
            self.app.invalidate()

    def show(self, tab: str) -> None:
        self.tab = tab
        for key, b in self.tabs.items():
            b.select() if key == tab else b.unselect()
        self.text.set_text(self.page_html())
        self.app.invalidate()
