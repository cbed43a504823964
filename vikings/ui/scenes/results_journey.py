"""What the results screen says of the player's journey (ResultsScene owns one): the
game is recorded in the history when its results are first shown (table/record.py), and
one line goes in a strip under the banner: the house rule of extra Gold, if any, and for
a profile who played against bots the level that would make her next game fair
(history/fair.py), with the reason, and a button that sets the same table again with the
bots at that level (a new deal). The history file's notice, if any, is said here once.
"""

from __future__ import annotations

from vikings.history.fair import Suggestion, suggest_level
from vikings.history.stats import recent_bot_results
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.drawing.panels import panel, wrap
from vikings.ui.drawing.theme import INK, WOOD
from vikings.ui.scenes.journey_text import fair_text, handicap_lines, take_notice
from vikings.ui.scenes.setup_choices import level_name, random_seed
from vikings.ui.table.match import Match, Seat
from vikings.ui.table.record import record_finished, tie_profiles

SEPARATOR = "   \u00b7   "  # between the strip's parts on one line


class ResultsJourney:
    def __init__(self, app, match):
        self.match = match
        history = app.history
        self.game_id = record_finished(history, match)
        self.notice = take_notice(history)
        self.suggestion: tuple[str, int, Suggestion] | None = None  # (her name, her profile, the level)
        if any(not s.is_person for s in match.seats):
            ties = match.profiles if match.profiles is not None else tie_profiles(history, match.seats)
            for seat, profile in zip(match.seats, ties):
                if profile is not None:
                    self.suggestion = (seat.name, profile, suggest_level(recent_bot_results(history, profile)))
                    break

    @property
    def profile(self) -> int | None:
        """The profile the statistics button opens (the fair line's, else the first person's)."""
        if self.suggestion is not None:
            return self.suggestion[1]
        return next((p for p in self.match.profiles or () if p is not None), None)

    def lines(self) -> list[str]:
        out = handicap_lines(self.match.game, self.match.seats)
        if self.suggestion is not None:
            out.append(fair_text(self.suggestion[0], self.suggestion[2]))
        if self.notice:
            out.append(self.notice)
        return out

    def room(self, look, width: int) -> int:
        """The pixels the line has in a strip `width` wide (left of the button, if any)."""
        button = look.caption_width(self.play_caption(), 120) if self.suggestion else 0
        return width - look.px(28) - button

    def wrapped(self, look, room: int) -> list[str]:
        """The strip's lines: its parts side by side, each part whole, on as many lines as
        `room` pixels ask (a longer language, a large UI scale)."""
        font, out = look.font(15), [""]
        for part in self.lines():
            joined = f"{out[-1]}{SEPARATOR}{part}" if out[-1] else part
            if out[-1] and font.size(joined)[0] > room:
                out.append(part)
            else:
                out[-1] = joined
        return [line for whole in out for line in wrap(font, whole, room)]

    def height(self, look, width: int) -> int:
        """The strip's height in a `width` wide (0: nothing to say, no strip); room for the
        button if any."""
        if not self.lines():
            return 0
        lines = self.wrapped(look, self.room(look, width))
        text = len(lines) * look.font(15).get_linesize() + look.px(10)
        return max(text, look.caption_height(28) + look.px(4)) if self.suggestion else text

    def play_caption(self) -> str:
        """The button's caption, "Play at Hard" ("" when there is no suggestion)."""
        if self.suggestion is None:
            return ""
        return t("journey.fair.play", level=level_name(self.suggestion[2].level))

    def play_again(self, app, ctx) -> None:
        """The same seats, rules and house rule, a new deal, every bot at the fair level."""
        level = self.suggestion[2].level if self.suggestion else None
        m = self.match
        seats = [Seat(s.name, s.kind if s.is_person or level is None else level, s.colour) for s in m.seats]
        config = m.game.config
        flow.leave_game(app, ctx)
        again = Match.new(
            seats,
            app.rules,
            random_seed(),
            storage=app.storage,
            options=sorted(config.options),
            handicap=config.handicap,
        )
        again.profiles = list(m.profiles) if m.profiles is not None else None
        flow.enter_game(app, again)

    def draw(self, surface, look, rect, right: int | None = None) -> None:
        """The strip, its line left of `right` (the button's edge) if given."""
        if rect.h <= 0:
            return
        panel(surface, rect, look, fill=(250, 242, 222), border=WOOD, width=1)
        room = (right if right is not None else rect.right) - rect.x - look.px(24)
        font, lines = look.font(15), self.wrapped(look, room)
        y = rect.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            surface.blit(font.render(line, True, INK), (rect.x + look.px(12), y))
            y += font.get_linesize()
