"""A person's own settings at the table (issue 56): one desk, several people, one rule.

The game's *host* is the first person's seat (from seat 1 down) tied to a profile. When a
game sits down at the table (`sit_down`, from flow.enter_game: a new game, a continued,
loaded or pasted one, play again, try again), the host's language and preferences
(profiles.PREFERENCES: hints, purchase confirmation, animations, bot pace, UI scale) are
worn for that game: what she has stored replaces the desk's settings, and what she has
not stored stays the desk's. The desk's own settings come back on the title
(`stand_up`), and settings.json keeps them all along (Settings.wear).

While she is the host, the settings panel keeps a change of those settings for her
(`keep`), not for the desk; the rest (window, sound) stays the desk's. A new profile has
nothing stored, so the first game changes nothing until she changes something.
"""

from __future__ import annotations

import logging

from vikings.history import Refused
from vikings.history import profiles as profile_store
from vikings.saves.settings import Settings
from vikings.text import lang
from vikings.ui.table.record import tie_profiles

log = logging.getLogger("vikings")
PERSONAL = ("language", *profile_store.PREFERENCES)  # the settings a profile can hold


def host(app, seats, ties: list[int | None] | None = None) -> profile_store.Profile | None:
    """The profile whose settings a table with `seats` uses: the first person's seat tied to
    a profile (`ties`: the profile at each seat; by the seats' names when not given)."""
    history = app.history
    if ties is None:
        ties = tie_profiles(history, seats)
    for seat, profile in zip(seats, ties):
        if seat.is_person and profile is not None:
            try:
                return profile_store.get(history, profile)
            except Refused:
                return None
    return None


def sit_down(app, match) -> None:
    """Wear the host's language and preferences for `match` (the desk's own when there
    is no host; the lesson keeps the desk's)."""
    if match.coach is not None or not any(s.is_person for s in match.seats):
        stand_up(app)
        return
    try:
        if match.profiles is None:
            match.profiles = tie_profiles(app.history, match.seats)
        profile = host(app, match.seats, match.profiles)
    except (Refused, OSError) as e:  # (a history that cannot be read: the desk's settings)
        log.warning("the host's settings were not read: %s", e)
        profile = None
    if profile is None:
        stand_up(app)
        return
    values: dict[str, object] = dict(profile.preferences)
    if profile.language:
        values["language"] = profile.language
    settings: Settings = app.settings
    before = {f: getattr(settings, f) for f in PERSONAL}
    settings.wear(values, PERSONAL, by=profile.id)
    _apply(app, {f for f in PERSONAL if getattr(settings, f) != before[f]})


def stand_up(app) -> None:
    """The desk's own settings again (nothing if none were worn)."""
    _apply(app, app.settings.take_off())


def _apply(app, changed: set[str]) -> None:
    """Make the app follow settings that changed (the others are read when used)."""
    if "language" in changed:
        app.apply_language(app.settings.language)  # (relays the scenes out, at the UI scale too)
    elif "ui_scale" in changed:
        app.apply_display_settings(reopen=False)


def wearer(app) -> profile_store.Profile | None:
    """The profile whose settings are worn now (None: the desk's own)."""
    who = app.settings.worn_by
    if not isinstance(who, int):
        return None
    try:
        return profile_store.get(app.history, who)
    except Refused:
        return None


def keep(app, before: dict[str, object]) -> bool:
    """Keep for the host the personal settings the panel changed (`before`: their values
    when it opened); False when nobody is the host or nothing could be kept."""
    profile = wearer(app)
    if profile is None:
        return False
    settings = app.settings
    changed = {f: getattr(settings, f) for f in PERSONAL if getattr(settings, f) != before.get(f)}
    if not changed:
        return True
    prefs = dict(profile.preferences)
    for f, value in changed.items():
        if f in profile_store.PREFERENCES and value in profile_store.PREFERENCES[f]:
            prefs[f] = value
    language = changed.get("language")
    try:
        profile_store.update(
            app.history,
            profile.id,
            preferences=prefs,
            language=language if isinstance(language, str) and (language == "" or language in lang.LANGUAGES) else None,
        )
    except Refused as e:
        log.warning("the host's settings were not kept: %s", e)
        return False
    return True
