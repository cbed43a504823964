"""The words of the player's journey that more than one screen says: the history file's
notice (shown once), the house rule's line, the fair-game suggestion, one line about a
recorded game. Catalogue: data/lang/*/journey.yaml.
"""

from __future__ import annotations

from vikings.history import History
from vikings.history.fair import Suggestion
from vikings.history.stats import GameSummary
from vikings.text.lang import number, percent, t
from vikings.ui.scenes.setup_choices import level_name

NOTICES = ("foreign", "damaged", "newer", "unreadable")


def take_notice(history: History) -> str:
    """What happened to an unusable history file, once: the first journey screen to open
    says it, and the notice is then taken (later screens say nothing)."""
    notice, history.notice = history.notice, None
    if notice is None:
        return ""
    text = t(f"journey.notice.{notice.reason if notice.reason in NOTICES else 'damaged'}")
    if notice.set_aside is not None:
        text += " " + t("journey.notice.kept", file=notice.set_aside.name)
    return text


def handicap_lines(game, seats) -> list[str]:
    """ "House rule: +3 Gold for Ada", one line a seat with extra Gold."""
    return [
        t("journey.handicap", gold=extra, name=seats[i].name) for i, extra in enumerate(game.config.handicap) if extra
    ]


def fair_text(name: str, suggestion: Suggestion) -> str:
    return t(
        f"journey.fair.{suggestion.reason}",
        name=name,
        level=level_name(suggestion.level),
        chance=percent(suggestion.chance),
    )


def game_line(game: GameSummary) -> str:
    """ "2026-11-29 14:05 · Standard · 24 minutes" (local time)."""
    return t(
        "journey.stats.game_line",
        date=game.date.astimezone().strftime("%Y-%m-%d %H:%M"),
        mode=t(f"journey.stats.mode.{game.mode}"),
        minutes=t("journey.stats.minutes", count=max(1, round(game.seconds / 60))),
    )


def seats_line(game: GameSummary) -> str:
    """Each seat with her rank and Fame, the winners first: "1. Ada 62 · 2. Bjorn (Hard) 58"."""
    parts = []
    for s in sorted(game.seats, key=lambda s: s.rank):
        who = s.name if s.bot is None else f"{s.name} ({level_name(s.bot)})"
        parts.append(f"{s.rank}. {who} {number(s.fame)}")
    return " · ".join(parts)
