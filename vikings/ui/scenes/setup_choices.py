"""The choices of the setup screen, apart from its widgets: who sits at each seat (a
person or a bot level, a name, a colour), who starts, the seed and the advanced rules; the
names a seat gets until someone types one, and what keeps Start from starting.

Text is looked up when it is needed (`t()`), so the names nobody typed and the problems
follow a change of language.
"""

from __future__ import annotations

import random

from vikings.bots import LEVELS
from vikings.text import words
from vikings.text.lang import has, t
from vikings.ui.dialogs.kit import SMALLER_CAPTIONS, fitted_button
from vikings.ui.drawing.theme import PLAYER_COLOURS
from vikings.ui.table.match import PERSON

MIN_SEATS, MAX_SEATS = 2, 4
# Who plays a seat: (kind, catalogue key of its label in the menu).
KINDS = ((PERSON, "menus.setup.kind.person"),) + tuple(
    (lv, f"menus.setup.kind.{lv}") for lv in LEVELS if lv != "random"
)
BOT_NAMES = ("Astrid", "Bjorn", "Sigrid", "Leif", "Freydis", "Ragnar", "Gudrun", "Harald")
BOT_NOTES = ("beginner", "normal", "hard", "expert")  # levels explained under the seats
# The advanced game's rules, each on its own: (engine option, label key, tooltip key).
OPTIONS = tuple(
    (k, f"menus.setup.option.{k}.label", f"menus.setup.option.{k}.tip")
    for k in ("auction", "single_boatswain", "special_tiles")
)
# The lettering an advanced rule's button may take, largest first: down to the theme's
# smallest, so that a longer language's caption fits whole beside its tick box.
OPTION_CAPTIONS = SMALLER_CAPTIONS + (("@smallest", 11), ("@smallest_regular", 11))  # (last: not bold)
NAME_LIMIT = 20
SEED_DIGITS = 18
HANDICAP_GOLD = (1, 2, 3, 4, 5, 6, 8, 10)  # the house rule's choices of extra Gold


def auto_name(seat: dict, index: int) -> str:
    """The name a seat gets until the player types one: a bot's is a Norse name alone (the
    table states its level beside it, once: "Astrid (normal bot) is playing")."""
    if seat["kind"] == PERSON:
        return t("game.player", n=index + 1)
    return seat["norse"]


def level_name(level: str) -> str:
    """A bot level's name: "Hard", "Schwer"."""
    return t(f"menus.levels.{level}")


def kind_label(kind: str) -> str:
    """A seat's kind as its menu shows it: "Person", "Hard bot"; "Mensch", "Bot (Schwer)"."""
    return t(dict(KINDS).get(kind, f"menus.setup.kind.{kind}"))


def seat_kind_label(kind: str, short: bool = False) -> str:
    """Who plays a seat, on setup's menu: `kind_label`, or with `short` a bot by its level
    alone ("Hard"), where the row has no room for more."""
    return level_name(kind) if short and kind != PERSON else kind_label(kind)


def colour_label(colour: str) -> str:
    """A player colour's name on the menu: "Teal", "Türkis"."""
    name = words.colour(colour) if has(f"game.colour.{colour}") else t(f"menus.colour.{colour}")
    return name[:1].upper() + name[1:]


def option_button(rect, option: tuple[str, str, str], ui, look):
    """The button of an advanced rule (one of OPTIONS) beside its tick box, at setup and
    when hosting a network table: a click toggles the rule, its tooltip explains it; its
    caption in the lettering all three captions fit."""
    from pygame_gui.core import ObjectID

    _, label, tip = option
    return fitted_button(
        rect,
        t(label),
        ui,
        look,
        group=[t(o[1]) for o in OPTIONS],
        classes=OPTION_CAPTIONS,
        tool_tip_text=t(tip, longboat=words.special("boat")),
        tool_tip_object_id=ObjectID("#wide_tip", None),
    )


def random_seed() -> int:
    """A fresh deal from the operating system's randomness (not the engine's seeded one)."""
    return random.SystemRandom().randrange(10**9)


class Choices:
    """What the setup screen has chosen so far (SetupScene owns one and draws it)."""

    def __init__(self, last_seats=(), last_options=()):
        """`last_seats`, `last_options`: the table set up last time (the settings' record,
        see `remembered`): its seats, names typed and rules, where they still make sense."""
        self.seats: list[dict] = []
        kinds, colours = dict(KINDS), {c for c, _ in PLAYER_COLOURS}
        last = [s for s in last_seats if len(s) == 3 and s[0] in kinds and s[1] in colours]
        if MIN_SEATS <= len(last) <= MAX_SEATS and len({s[1] for s in last}) == len(last):
            for kind, colour, name in last:
                self.add_seat(kind)
                seat = self.seats[-1]
                seat["colour"] = colour
                if name.strip():
                    seat["name"], seat["auto"] = name[:NAME_LIMIT], False
            self.rename()
        else:
            for kind in (PERSON, "normal"):
                self.add_seat(kind)
        self.start = "random"  # "random" or a seat index as text
        self.seed_text = ""
        self.failed = False  # Start was refused (the problems are said until the next change)
        self.engine_error = ""  # ... or the engine refused the setup
        self.options: set = {o for o in last_options if o in {k for k, _, _ in OPTIONS}}  # the advanced rules chosen
        self.handicap_seat: int | None = None  # the house rule: this seat starts with extra Gold
        self.handicap_gold = 3

    @property
    def handicap(self) -> tuple[int, ...]:
        """GameConfig.handicap: the extra Gold of each seat (empty: the house rule is off)."""
        if self.handicap_seat is None:
            return ()
        return tuple(self.handicap_gold if i == self.handicap_seat else 0 for i in range(len(self.seats)))

    def take_profile(self, i: int, name: str, colour: str) -> None:
        """A profile sits at seat i: her name, and her colour if the seat can have it."""
        seat = self.seats[i]
        seat["kind"], seat["name"], seat["auto"] = PERSON, name[:NAME_LIMIT], False
        if colour in {c for c, _ in PLAYER_COLOURS}:
            self.set_colour(i, colour)
        self.rename()

    def remembered(self) -> tuple[list, list]:
        """(last_seats, last_options) for the settings: this table, to start from next time."""
        seats = [[s["kind"], s["colour"], "" if s["auto"] else s["name"].strip()] for s in self.seats]
        return seats, sorted(self.options)

    def add_seat(self, kind: str) -> None:
        used_colours = {s["colour"] for s in self.seats}
        seat = {
            "kind": kind,
            "auto": True,
            "norse": None,
            "colour": next(c for c, _ in PLAYER_COLOURS if c not in used_colours),
        }
        self.seats.append(seat)
        self.rename()

    def rename(self) -> None:
        """Give bots a Norse name (once, or again when a typed name takes it: a player called
        Astrid never meets a bot called Astrid) and refresh the names nobody has typed."""
        typed = {s["name"].strip().casefold() for s in self.seats if not s["auto"]}
        for s in self.seats:
            taken = s["norse"] is not None and s["auto"] and s["norse"].casefold() in typed
            if s["kind"] != PERSON and (s["norse"] is None or taken):
                used = {o["norse"] for o in self.seats if o is not s}
                s["norse"] = next(n for n in BOT_NAMES if n not in used and n.casefold() not in typed)
        for i, s in enumerate(self.seats):
            if s["auto"]:
                s["name"] = auto_name(s, i)

    def remove_seat(self, i: int) -> None:
        if len(self.seats) <= MIN_SEATS:
            return
        del self.seats[i]
        if self.handicap_seat is not None:  # the house rule stays with its seat, or goes with it
            self.handicap_seat = None if self.handicap_seat == i else self.handicap_seat - (self.handicap_seat > i)
        if self.start != "random":  # keep the same person starting, or fall back to random
            st = int(self.start)
            self.start = "random" if st == i else str(st - (st > i))
        self.rename()

    def set_kind(self, i: int, kind: str) -> None:
        self.seats[i]["kind"] = kind
        self.rename()

    def set_colour(self, i: int, colour: str) -> None:
        """Take `colour`; a seat that had it gets this seat's old one (colours stay distinct)."""
        old = self.seats[i]["colour"]
        for s in self.seats:
            if s["colour"] == colour:
                s["colour"] = old
        self.seats[i]["colour"] = colour

    def problems(self) -> list[str]:
        out = []
        names = [s["name"].strip() for s in self.seats]
        if any(not n for n in names):
            out.append(t("menus.setup.problem.no_name"))
        seen = set()
        for n in names:
            if n and n.casefold() in seen:
                out.append(t("menus.setup.problem.same_name", name=n))
            seen.add(n.casefold())
        if self.seed_problem():
            out.append(self.seed_problem())
        return out

    @property
    def error(self) -> str:
        """Why Start did nothing, in the language in use ("" if it was not refused)."""
        return self.engine_error or (" ".join(self.problems()) if self.failed else "")

    def clear_error(self) -> None:
        self.failed, self.engine_error = False, ""

    def seed_problem(self) -> str:
        text = self.seed_text.strip()
        if text and not (text.isdigit() and text.isascii()):
            return t("menus.setup.problem.seed_digits")
        if len(text) > SEED_DIGITS:
            return t("menus.setup.problem.seed_long", digits=SEED_DIGITS)
        return ""
