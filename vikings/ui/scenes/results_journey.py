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
from vikings.ui.drawing.panels import panel
from vikings.ui.drawing.theme import INK, WOOD
from vikings.ui.scenes.journey_text import fair_text, handicap_lines, take_notice
from vikings.ui.scenes.setup_choices import level_name, random_seed
from vikings.ui.table.match import Match, Seat
from vikings.ui.table.record import record_finished, tie_profiles


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

    def height(self, look) -> int:
        """The strip's height (0: nothing to say, no strip); room for the button if any."""
        if not self.lines():
            return 0
        text = look.font(15).get_linesize() + look.px(10)
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
        text = "   ·   ".join(self.lines())
        room = (right if right is not None else rect.right) - rect.x - look.px(24)
        img = look.fit_text(text, 15, INK, width=room, height=rect.h - look.px(4))
        surface.blit(img, img.get_rect(midleft=(rect.x + look.px(12), rect.centery)))
