"""What the screens draw, for the translation checks: every string rendered by a font,
ours (ui/theme.py) and pygame-gui's alike.

    with TextProbe() as probe:      # before the App is made, so every font is a recording one
        ... run scenes ...
    probe.untranslated(allowed)     # in the pseudo-language `qps`: drawn text with plain letters

In `qps` (vikings/text/lang.py) every catalogue string has accented letters only, so a drawn
string with an unaccented Latin letter did not come through `lang.t()`. Player names and
the like are passed as `allowed` words. Used by tests/ui/test_lang_screens.py and
`tools/pictures/screenshots.py --untranslated`.
"""

from __future__ import annotations

import re

import pygame
import pygame.font

from vikings.text import lang


class TextProbe:
    def __init__(self):
        self.drawn: dict[str, int] = {}
        self._saved = []

    def __enter__(self) -> TextProbe:
        probe = self
        base = pygame.font.Font

        class RecordingFont(base):
            def render(self, text, *args, **kw):
                if isinstance(text, str) and text.strip():
                    probe.drawn[text] = probe.drawn.get(text, 0) + 1
                return super().render(text, *args, **kw)

        import pygame_gui.core.gui_font_pygame as gui_font

        self._saved = [(pygame.font, "Font", base), (gui_font, "Font", gui_font.Font)]
        pygame.font.Font = RecordingFont
        gui_font.Font = RecordingFont
        return self

    def __exit__(self, *exc) -> None:
        for module, name, value in self._saved:
            setattr(module, name, value)

    def untranslated(self, allowed=()) -> list[str]:
        """Drawn strings that have plain letters once the `allowed` words are taken out."""
        words = sorted((w for w in allowed if w), key=len, reverse=True)
        pattern = re.compile("|".join(re.escape(w) for w in words)) if words else None
        initials = {w[:1].upper() for w in words}  # a player's marker on the Fame track and charts
        out = []
        for text in self.drawn:
            if text == "A" or text in initials:
                continue  # ("A": pygame-gui measures the line height of an empty text box with it)
            rest = pattern.sub(" ", text) if pattern else text
            if lang.plain_letters(rest):
                out.append(text)
        return sorted(out)

    def report(self, allowed=()) -> list[str]:
        """Print the untranslated strings and a count (the tools' --untranslated); returns them."""
        missed = self.untranslated(allowed)
        for text in missed:
            print("  untranslated:", repr(text))
        print(f"{len(missed)} drawn strings not from the translation layer (of {len(self.drawn)} drawn)")
        return missed


def player_names(*more) -> list[str]:
    """Names players go by in the tools' games (the players' own words, not the game's): the
    setup's bot names, the lesson's two, and any given."""
    from vikings.ui.lesson.script import NAMES
    from vikings.ui.scenes.setup_choices import BOT_NAMES

    return list(BOT_NAMES) + list(NAMES) + [m for m in more if m]
