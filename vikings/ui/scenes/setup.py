"""Setting up a new game: who sits at the table, who starts, and the deal's seed.

The choices live in a `Choices` of setup_choices.py (`self.choices`: the seats, who
starts, the seed, the advanced rules; it also names the seats). The widgets are drawn
from it, so a change that touches other widgets (a colour swapped with another seat, a
seat added) simply rebuilds the widgets.

Profiles (vikings/history, docs/history.md): the screen starts from the table remembered
in the history (`profiles.last_table`: each seat a profile or a bot level, the rules),
else from the settings' record. Beside a person's name a drop-down offers the profiles;
picking one puts her name and colour at the seat. When the game starts every person's
seat is tied to the profile of its name, a new name making a new profile, and the
profile keeps the colour she sat in (her default next time); the table is remembered.
The first person's profile is the game's host: her language and settings are worn
for the game (ui/table/own_settings.py), and a line beside the seats' heading says so. The house rule of extra Gold (GameConfig.handicap) is chosen in the deal's card.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextBox, UITextEntryLine

from vikings.engine.errors import VikingsError
from vikings.history import Refused
from vikings.history import profiles as profile_store
from vikings.text.lang import t
from vikings.ui import flow
from vikings.ui.dialogs.kit import Page, draw_keycap, fitted_button, typing, wrap
from vikings.ui.drawing.panels import fit_wrapped
from vikings.ui.drawing.theme import (
    BAD,
    BUTTON_EDGE,
    BUTTON_PAD,
    GOLD,
    INK,
    INK_SOFT,
    PAPER,
    PLAYER_COLOURS,
    WOOD,
    WOOD_DARK,
    colour_of,
)
from vikings.ui.scene import Scene
from vikings.ui.scenes.journey_text import take_notice
from vikings.ui.scenes.setup_choices import (
    BOT_NOTES,
    HANDICAP_GOLD,
    KINDS,
    MAX_SEATS,
    MIN_SEATS,
    NAME_LIMIT,
    OPTIONS,
    Choices,
    colour_label,
    level_name,
    option_button,
    random_seed,
    seat_kind_label,
)
from vikings.ui.table.match import PERSON, Match, Seat

NAME_ROOM = "Sigrid (Beginner)"  # a name the name column should show whole, if it can
PROFILE_VALUE = "profile:"  # a profile's value in the menu of who plays a seat (then its id)

# Columns of a seat row, design pixels: (x, width); the last three grow with the UI
# scale's lettering (from the row's right end, ROW_RIGHT) and the name takes the rest.
COL_NAME, COL_KIND, COL_COLOUR, COL_REMOVE = (200, 300), (520, 220), (760, 170), (950, 110)
ROW_RIGHT, COL_GAP = 1060, 20
ROW_TOP, ROW_STEP, ROW_H = 258, 76, 48
SIDE_X, SIDE_W = 1130, 340
OPT_Y, OPT_STEP = 612, 42  # the advanced rules' tick boxes (the deal card's x + 12)
START_Y, SEED_Y, NOTE_Y, HANDICAP_Y = 250, 334, 384, 508  # the deal card's widgets, top down


class SetupScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        settings = app.settings  # (the table set up last time: the player's name, the seats, the rules)
        self.notice = take_notice(app.history)  # a damaged history file set aside: said once
        self.profiles = profile_store.list_profiles(app.history)
        seats, options = self.remembered_table()
        if seats is None:
            seats, options = settings.last_seats, settings.last_options
        self.choices = Choices(seats, options)  # what is chosen; the widgets show it
        self.rows: list[dict] = []

    def remembered_table(self) -> tuple[list | None, list]:
        """The history's last table as the settings' seats ([kind, colour, name]), each
        profile in her colour where it is free (None: nothing remembered)."""
        last = profile_store.last_table(self.app.history)
        if last is None or len(last.sitters) < MIN_SEATS:
            return None, []
        by_id = {p.id: p for p in self.profiles}
        free = [c for c, _ in PLAYER_COLOURS]
        seats: list[list[str]] = []
        for s in last.sitters:
            p = by_id.get(s.profile) if s.profile is not None else None
            colour = p.colour if p is not None and p.colour in free else free[0]
            free.remove(colour)
            seats.append(["person", colour, p.name[:NAME_LIMIT]] if p is not None else [s.bot or "normal", colour, ""])
        return seats, sorted(last.options)

    # Starting ---------------------------------------------------------------------------------
    def start_game(self) -> None:
        self.choices.failed = True
        if self.choices.error:
            self._show_error()
            return
        seats = [Seat(s["name"].strip(), s["kind"], s["colour"]) for s in self.choices.seats]
        seed = int(self.choices.seed_text) if self.choices.seed_text.strip() else random_seed()
        start = None if self.choices.start == "random" else int(self.choices.start)
        try:
            ties = self.tie_profiles(seats)
            match = Match.new(
                seats,
                self.app.rules,
                seed,
                start,
                storage=self.app.storage,
                options=sorted(self.choices.options),
                handicap=self.choices.handicap,
            )
        except (VikingsError, Refused) as e:  # (the checks above should leave nothing to refuse)
            self.choices.engine_error = str(e)
            self._show_error()
            return
        match.profiles = ties
        try:
            sitters = tuple(
                profile_store.Sitter(profile=p) if p is not None else profile_store.Sitter(bot=s.kind)
                for s, p in zip(seats, ties)
            )
            profile_store.remember_table(
                self.app.history, profile_store.LastTable(sitters, frozenset(self.choices.options))
            )
        except Refused:  # (a table not remembered is no reason not to play)
            pass
        self.app.settings.last_seats, self.app.settings.last_options = self.choices.remembered()
        try:
            self.app.settings.save(self.app.storage)
        except OSError:  # (a setup not remembered is no reason not to play)
            pass
        flow.enter_game(self.app, match)

    def tie_profiles(self, seats) -> list[int | None]:
        """The profile at each seat: a person's name is her profile (a new name makes one,
        in the seat's colour); the profile keeps the colour she sits in now."""
        h = self.app.history
        known = {profile_store.name_key(p.name): p for p in profile_store.list_profiles(h)}
        ties: list[int | None] = []
        for s in seats:
            if not s.is_person:
                ties.append(None)
                continue
            p = known.get(profile_store.name_key(s.name))
            if p is None:
                p = profile_store.create(h, s.name, s.colour)
            elif p.colour != s.colour:
                p = profile_store.update(h, p.id, colour=s.colour)
            ties.append(p.id)
        return ties

    def back(self) -> None:
        flow.show(self.app, "title")

    # Widgets --------------------------------------------------------------------------------
    def columns(self) -> dict:
        """name -> (x, width) in pixels of the seat rows' columns: the menus and the Remove
        button as wide as their captions need at the UI scale (at least the design's). When
        that leaves the names too little room (a small window, a large UI scale, longer
        words), Remove shows only "×" (its tooltip says what it does), and then the menu of
        who plays a seat names a bot by its level alone ("Hard": the bots' notes below say
        what the levels are)."""
        look, page = self.app.look, self.page
        x = page.pos(COL_NAME[0], 0)[0]
        widest = lambda texts, design, pad: max(look.caption_width(t, design, pad=pad) for t in texts)  # noqa: E731
        for compact, short in ((False, False), (True, False), (True, True)):
            right = page.pos(ROW_RIGHT, 0)[0]
            gap = look.px(COL_GAP)
            out = {}
            remove = (["\u00d7"], 48, 10) if compact else ([t("menus.setup.remove")], COL_REMOVE[1], 14)
            for key, texts, design, pad in (
                ("remove", *remove),
                ("colour", [colour_label(c) for c, _ in PLAYER_COLOURS], COL_COLOUR[1], 24),
                ("kind", [seat_kind_label(k, short) for k, _ in KINDS], COL_KIND[1], 24),
            ):
                w = widest(texts, design, pad)
                out[key] = (right - w, w)
                right -= w + gap
            out["name"] = (x, right - x)
            self.compact_remove, self.short_kinds = compact, short
            if right - x >= look.caption_width(NAME_ROOM, pad=4):
                break
        return out

    def profile_pick(self, name_cell: pygame.Rect) -> pygame.Rect | None:
        """Where the profiles' drop-down goes at the right end of a person's name cell, if
        its caption fits there whole beside a name; None when it does not (the menu of who
        plays the seat then lists the profiles)."""
        look = self.app.look
        caption = t("journey.setup.profiles")
        w = min(name_cell.w * 3 // 5, look.caption_width(caption, 120, pad=26))
        arrow = round(24 * look.theme_scale)  # the theme's open_button_width, scaled
        if look.widget_font().size(caption)[0] + 2 * BUTTON_PAD + 2 + BUTTON_EDGE + arrow > w:
            return None
        return pygame.Rect(name_cell.right - w, name_cell.y, w, name_cell.h)

    def build_ui(self) -> None:
        ui, page = self.app.ui, Page(self.app.look)
        self.page = page
        look = self.app.look
        self.cols = cols = self.columns()
        row_h = look.caption_height(ROW_H)

        def cell(key, y):
            x, w = cols[key]
            return pygame.Rect(x, page.pos(0, y)[1], w, row_h)

        self.replaces_autosave = self.app.storage.autosave_path.exists()
        self.rows = []
        self.choices.rename()  # names nobody typed follow the language
        kinds = [(seat_kind_label(kind, self.short_kinds), kind) for kind, _ in KINDS]
        colours = [(colour_label(c), c) for c, _ in PLAYER_COLOURS]
        profile_options = [(t("journey.setup.profiles"), "")] + [(p.name, str(p.id)) for p in self.profiles]
        # The profiles by name in the menu of who plays a seat, where no drop-down of their
        # own fits beside a name (a small window, a large UI scale, longer words).
        self.profiles_in_kinds = bool(self.profiles) and self.profile_pick(cell("name", ROW_TOP)) is None
        if self.profiles_in_kinds:
            kinds += [(p.name, f"{PROFILE_VALUE}{p.id}") for p in self.profiles]
        for i, s in enumerate(self.choices.seats):
            y = ROW_TOP + i * ROW_STEP
            name_cell = cell("name", y)
            pick = None
            if s["kind"] == PERSON and self.profiles and not self.profiles_in_kinds:  # beside the name
                pick = self.profile_pick(name_cell)
                name_cell.w -= pick.w + look.px(6)
            row = {"name": self.add(UITextEntryLine(name_cell, ui, object_id=ObjectID(f"#seat{i}_name", None)))}
            if pick is not None:
                row["profile"] = self.add(
                    UIDropDownMenu(
                        profile_options,
                        profile_options[0],
                        pick,
                        ui,
                        object_id=ObjectID(f"#seat{i}_profile", None),
                        expand_on_option_click=True,
                    )
                )
            row["name"].set_text_length_limit(NAME_LIMIT)
            row["name"].set_text(s["name"])
            shown = (seat_kind_label(s["kind"], self.short_kinds), s["kind"])
            row["kind"] = self.add(UIDropDownMenu(kinds, shown, cell("kind", y), ui))
            row["colour"] = self.add(
                UIDropDownMenu(colours, (colour_label(s["colour"]), s["colour"]), cell("colour", y), ui)
            )
            row["remove"] = self.add(
                UIButton(
                    cell("remove", y),
                    "\u00d7" if self.compact_remove else t("menus.setup.remove"),
                    ui,
                    tool_tip_text=t("menus.setup.remove_tip"),
                )
            )
            if len(self.choices.seats) <= MIN_SEATS:
                row["remove"].disable()
            self.rows.append(row)
        add = cell("name", ROW_TOP + len(self.choices.seats) * ROW_STEP)
        add.w = look.caption_width(t("menus.setup.add_seat"), 220)
        self.add_button = self.add(UIButton(add, t("menus.setup.add_seat"), ui))
        if len(self.choices.seats) >= MAX_SEATS:
            self.add_button.hide()

        self.start_menu = None
        self._build_start_menu()
        self.seed_entry = self.add(UITextEntryLine(page.rect(SIDE_X, SEED_Y, SIDE_W, ROW_H), ui))
        self.seed_entry.set_text(self.choices.seed_text)
        # The advanced rules' heading shares a line with All/None where it fits; else it
        # takes a line of its own above them, and the house rule moves up to make room.
        all_w = max(
            look.caption_width(t("menus.setup.none"), 92, pad=8), look.caption_width(t("menus.setup.all"), 92, pad=8)
        )
        beside = page.pos(SIDE_X + SIDE_W + 2, 0)[0] - all_w - look.px(6) - page.pos(SIDE_X, 0)[0]
        fits = look.font(18 * 0.6, bold=True).size(t("menus.setup.advanced"))[0] <= beside
        self.adv_lift = 0 if fits else look.font(18, bold=True).get_linesize()
        error_rect = page.rect(SIDE_X, NOTE_Y, SIDE_W, 84)
        error_rect.h -= self.adv_lift  # (the house rule above the advanced rules may have moved up)
        self.error_label = self.add(UITextBox("", error_rect, ui, object_id=ObjectID("#setup_error", "@error")))
        # The house rule of extra Gold: which seat (or none), and how much.
        self._build_handicap_menu()
        chosen = self.choices.handicap_seat
        gold_options = [(f"+{g}", str(g)) for g in HANDICAP_GOLD]
        self.handicap_gold_menu = self.add(
            UIDropDownMenu(
                gold_options,
                next(o for o in gold_options if o[1] == str(self.choices.handicap_gold)),
                self._handicap_rect(SIDE_X + SIDE_W - 100, 100),
                ui,
                object_id=ObjectID("#handicap_gold", None),
            )
        )
        if chosen is None:
            self.handicap_gold_menu.disable()
        self._show_error()
        self.option_buttons = {}
        for i, option in enumerate(OPTIONS):
            rect = page.rect(SIDE_X + 26, OPT_Y + i * OPT_STEP, SIDE_W - 16, 34)
            self.option_buttons[option[0]] = self.add(option_button(rect, option, ui, look))
        every = len(self.choices.options) == len(OPTIONS)
        caption = t("menus.setup.none") if every else t("menus.setup.all")
        h = look.caption_height(30, pad=1)
        all_rect = pygame.Rect(0, 0, all_w, h)
        all_rect.topright = page.pos(SIDE_X + SIDE_W + 2, 568)
        self.all_button = self.add(
            fitted_button(
                all_rect,
                caption,
                ui,
                look,
                tool_tip_text=t("menus.setup.none_tip") if every else t("menus.setup.all_tip"),
            )
        )
        self.back_button = self.add(UIButton(page.rect(140, 800, 200, 56), t("menus.setup.back"), ui))
        self.start_button = self.add(
            UIButton(
                page.rect(1260, 800, 200, 56),
                t("menus.setup.start"),
                ui,
                object_id=ObjectID("#setup_start", "@primary"),
            )
        )

    def _build_start_menu(self) -> None:
        """The start player menu names the seats, so it follows their names."""
        if self.start_menu is not None:
            self.start_menu.kill()
            self.widgets.remove(self.start_menu)
        options = [(t("menus.setup.random_start"), "random")] + [
            (t("menus.setup.start_seat", n=i + 1, name=s["name"] or t("menus.setup.no_name")), str(i))
            for i, s in enumerate(self.choices.seats)
        ]
        chosen = next(o for o in options if o[1] == self.choices.start)
        self.start_menu = self.add(
            UIDropDownMenu(options, chosen, self.page.rect(SIDE_X, START_Y, SIDE_W, 44), self.app.ui)
        )

    def _handicap_rect(self, x: float, w: float) -> pygame.Rect:
        """A house rule menu's place: 40 design pixels high, or as its lettering needs."""
        rect = self.page.rect(x, HANDICAP_Y, w, 40).move(0, -self.adv_lift)
        rect.h = max(rect.h, self.app.look.caption_height(40))
        return rect

    def _build_handicap_menu(self) -> None:
        """The house rule's seat menu names the seats too, so it follows their names."""
        old = getattr(self, "handicap_seat_menu", None)
        if old is not None and old in self.widgets:
            old.kill()
            self.widgets.remove(old)
        seat_options = [(t("journey.setup.handicap_none"), "")] + [
            (f"{i + 1}: {s['name'] or t('menus.setup.no_name')}", str(i)) for i, s in enumerate(self.choices.seats)
        ]
        chosen = self.choices.handicap_seat
        self.handicap_seat_menu = self.add(
            UIDropDownMenu(
                seat_options,
                seat_options[0 if chosen is None else chosen + 1],
                self._handicap_rect(SIDE_X, SIDE_W - 110),
                self.app.ui,
                object_id=ObjectID("#handicap_seat", None),
            )
        )

    @property
    def host_line(self) -> str:
        """ "Language and settings from Ada's profile": the first person's name as typed
        (ui/table/own_settings.py; "" when no person sits at the table)."""
        name = next((s["name"].strip() for s in self.choices.seats if s["kind"] == PERSON and s["name"].strip()), "")
        return t("journey.setup.host", name=name) if name else ""

    def _show_error(self) -> None:
        self.error_text = self.choices.error or self.choices.seed_problem() or self.notice
        self.error_label.set_text(html.escape(self.error_text))
        self.error_label.show() if self.error_text else self.error_label.hide()
        self.app.invalidate()

    # Input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self._menu(event.ui_element, event.selected_option_id)
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            return self._entry(event.ui_element)
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, (key, _, _) in enumerate(OPTIONS):  # the tick box beside each option
                if self.page.rect(SIDE_X - 8, OPT_Y + i * OPT_STEP, 34, 34).collidepoint(event.pos):
                    self.toggle(key)
                    return True
        if kind == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.app.ui.set_focus_set(None)  # Enter leaves the field; a second Enter starts
            return True
        if kind == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing(self.app):
                self.start_game()
                return True
            if event.key == pygame.K_ESCAPE:
                if typing(self.app):
                    self.app.ui.set_focus_set(None)
                else:
                    self.back()
                return True
        return False

    def toggle(self, key: str) -> None:
        self.choices.options ^= {key}
        self._rebuild()

    def _button(self, el) -> bool:
        for key, b in self.option_buttons.items():
            if el is b:
                self.toggle(key)
                return True
        if el is self.all_button:
            self.choices.options = set() if len(self.choices.options) == len(OPTIONS) else {k for k, _, _ in OPTIONS}
            self._rebuild()
        elif el is self.start_button:
            self.start_game()
        elif el is self.back_button:
            self.back()
        elif el is self.add_button:
            self.choices.add_seat("normal")
            self._rebuild()
        else:
            for i, row in enumerate(self.rows):
                if el is row["remove"]:
                    self.choices.remove_seat(i)
                    self._rebuild()
                    return True
            return False
        return True

    def _menu(self, el, value: str) -> bool:
        if el is self.start_menu:
            self.choices.start = value
            return True
        if el is self.handicap_seat_menu:
            self.choices.handicap_seat = int(value) if value else None
            self._rebuild()
            return True
        if el is self.handicap_gold_menu:
            self.choices.handicap_gold = int(value)
            return True
        for i, row in enumerate(self.rows):
            if el is row.get("profile") or (el is row["kind"] and value.startswith(PROFILE_VALUE)):
                p = next((p for p in self.profiles if str(p.id) == value.removeprefix(PROFILE_VALUE)), None)
                if p is None:
                    return True
                self.choices.take_profile(i, p.name, p.colour)
            elif el is row["kind"]:
                self.choices.set_kind(i, value)
            elif el is row["colour"]:
                self.choices.set_colour(i, value)
            else:
                continue
            self._rebuild()
            return True
        return False

    def _entry(self, el) -> bool:
        if el is self.seed_entry:
            self.choices.seed_text = el.get_text()
            self.choices.clear_error()
            self._show_error()
            return True
        for i, row in enumerate(self.rows):
            if el is row["name"]:
                self.choices.seats[i]["name"] = el.get_text()
                self.choices.seats[i]["auto"] = False
                before = [s["name"] for s in self.choices.seats]
                self.choices.rename()  # a bot whose name she typed takes another at once
                for s, was, other in zip(self.choices.seats, before, self.rows):
                    if s["name"] != was:
                        other["name"].set_text(s["name"])
                self.choices.clear_error()
                self._show_error()
                self._build_start_menu()
                self._build_handicap_menu()
                return True
        return False

    def _rebuild(self) -> None:
        self.choices.clear_error()
        self.kill_ui()
        self.build_ui()
        self.app.invalidate()

    # Drawing --------------------------------------------------------------------------------
    def intro_lines(self, width: int) -> tuple[pygame.font.Font, list[str]]:
        """(font, lines) of the line under the heading: one line, in smaller lettering if
        need be, else two (a longer language at a large UI scale)."""
        look, text = self.app.look, t("menus.setup.intro")
        for size in (19, 18, 17, 16):
            font = look.font(size)
            if font.size(text)[0] <= width:
                return font, [text]
        return font, wrap(font, text, width)

    def _draw_host_line(self, surface: pygame.Surface, card: pygame.Rect, head: pygame.Surface) -> None:
        """The host's line right of the seats' heading: one line, else two in smaller
        lettering (German at a large UI scale), else cut short."""
        look, px = self.app.look, self.app.look.px
        left = card.x + px(20) + head.get_width() + px(24)
        room, top = card.right - px(20) - left, self.page.pos(0, 174)[1]
        for size in (15, 14, 13, 12):
            font = look.font(size)
            lines = wrap(font, self.host_line, room)
            if len(lines) == 1 or (len(lines) == 2 and 2 * font.get_linesize() <= head.get_height() + px(10)):
                break
        else:
            lines = [self.host_line]
        y = top + (head.get_height() - len(lines) * font.get_linesize()) // 2
        for line in lines:
            img = look.fit_text(line, size, INK_SOFT, width=room)
            surface.blit(img, img.get_rect(topright=(card.right - px(20), y)))
            y += font.get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        look, page = self.app.look, self.page
        px = look.px
        # The heading and the line under it share the band above the cards (they shrink to it).
        band = page.rect(140, 30, 1350, 126)
        font, lines = self.intro_lines(band.w)
        sub_h = len(lines) * font.get_linesize()
        title = look.fit_text(t("menus.setup.title"), 44, WOOD_DARK, bold=True, height=band.h - sub_h - px(10))
        surface.blit(title, band.topleft)
        sub_y = min(max(page.pos(0, 104)[1], band.y + round(title.get_height() * 0.92)), band.bottom - sub_h)
        for line in lines:
            surface.blit(font.render(line, True, INK_SOFT), (band.x + px(2), sub_y))
            sub_y += font.get_linesize()

        # The two cards: seats on the left, the deal on the right.
        for x, w, heading in (
            (120, 960, t("menus.setup.seats")),
            (1110, 380, t("menus.setup.deal")),
        ):
            card = page.rect(x, 160, w, 600)
            pygame.draw.rect(surface, PAPER, card, border_radius=px(12))
            pygame.draw.rect(surface, WOOD, card, width=max(1, px(3)), border_radius=px(12))
            head = look.text(heading, 26, WOOD_DARK, bold=True)
            surface.blit(head, page.pos(x + 20, 174))
            if x == 120 and self.host_line:  # whose language and settings the game uses
                self._draw_host_line(surface, card, head)
        row_top = page.pos(0, ROW_TOP)[1]
        for key, label in (
            ("name", t("menus.setup.name")),
            ("kind", t("menus.setup.played_by")),
            ("colour", t("menus.setup.colour")),
        ):
            x, w = self.cols[key]
            img = look.fit_text(label, 16, INK_SOFT, bold=True, width=w, height=px(26))
            surface.blit(img, (x + px(4), row_top - img.get_height() - px(1)))

        # What the bot levels mean, in the room the seats leave free (below the last row).
        seats_end = page.pos(
            0, ROW_TOP + len(self.choices.seats) * ROW_STEP + (ROW_H if len(self.choices.seats) < MAX_SEATS else 0)
        )[1]
        heading = look.text(t("menus.setup.bots"), 18, WOOD_DARK, bold=True)
        bold = look.font(16, bold=True)
        name_x = page.pos(144, 0)[0]
        text_x = max(page.pos(280, 0)[0], name_x + max(bold.size(level_name(lv))[0] for lv in BOT_NOTES) + px(14))
        top, bottom = seats_end + px(12), page.pos(0, 756)[1]
        # Each note whole: on one line, else wrapped (in smaller lettering, without the
        # heading, then with no air between the notes, if the room asks: the level names say
        # what the notes are about).
        for size, headed, gap in ((16, True, 4), (15, True, 4), (14, True, 4), (14, False, 4), (14, False, 0)):
            font = look.font(size)
            notes = [wrap(font, t(f"menus.setup.bot_note.{lv}"), page.pos(1070, 0)[0] - text_x) for lv in BOT_NOTES]
            line = max(px(28) if gap else 0, bold.get_linesize())  # (a level's name keeps its own lettering)
            steps = [max(line, len(n) * font.get_linesize() + (px(gap) if len(n) > 1 else 0)) for n in notes]
            need = (heading.get_height() + px(4) if headed else 0) + sum(steps)
            if top + need <= bottom:
                break
        y = min(max(top, bottom - need), page.pos(0, 600)[1])
        if headed:
            surface.blit(heading, (name_x, y))
            y += heading.get_height() + px(4)
        for level, note, step in zip(BOT_NOTES, notes, steps):
            surface.blit(bold.render(level_name(level), True, INK), (name_x, y))
            for j, line in enumerate(note):
                surface.blit(font.render(line, True, INK_SOFT), (text_x, y + j * font.get_linesize()))
            y += step

        # Each seat's number on a disc of its colour.
        for i, s in enumerate(self.choices.seats):
            centre = page.pos(163, ROW_TOP + i * ROW_STEP + ROW_H / 2)
            rgb = colour_of(s["colour"])
            pygame.draw.circle(surface, rgb, centre, px(21))
            pygame.draw.circle(surface, WOOD_DARK, centre, px(21), max(1, px(2)))
            ink = INK if sum(rgb) > 500 else PAPER
            n = look.text(str(i + 1), 20, ink, bold=True)
            surface.blit(n, n.get_rect(center=centre))

        for y, label in (
            (START_Y - 28, t("menus.setup.start_player")),
            (SEED_Y - 28, t("menus.setup.seed")),
        ):
            surface.blit(look.text(label, 16, INK_SOFT, bold=True), page.pos(SIDE_X + 4, y))
        # The house rule's heading: on one line, else on two above its menus.
        hc_font, hc_lines = fit_wrapped(look, t("journey.setup.handicap"), 16, px(SIDE_W), px(26), bold=True, sizes=1)
        hc_top = self.handicap_seat_menu.rect.y - len(hc_lines) * hc_font.get_linesize() - px(2)
        for j, line in enumerate(hc_lines):
            img = hc_font.render(line, True, INK_SOFT)
            surface.blit(img, (page.pos(SIDE_X + 4, 0)[0], hc_top + j * hc_font.get_linesize()))
        if not self.error_text:  # down to the house rule, in smaller lettering if need be
            y = page.pos(0, NOTE_Y + 4)[1]
            end = hc_top - px(2)
            note = t("menus.setup.seed_note")
            # The whole note, else its first sentence, else nothing (never half a sentence).
            for text in (note, note.split(". ")[0].rstrip(".") + ".", ""):
                for size in (15, 14, 13, 12):
                    font = look.font(size)
                    lines = wrap(font, text, px(SIDE_W)) if text else []
                    if y + len(lines) * font.get_linesize() <= end:
                        break
                else:
                    continue
                break
            for line in lines:
                surface.blit(font.render(line, True, INK_SOFT), (page.pos(SIDE_X + 4, 0)[0], y))
                y += font.get_linesize()

        # The advanced game's rules, each with a tick box (the buttons beside them explain).
        box = page.rect(SIDE_X - 14, 560, SIDE_W + 28, 182)  # (the card's width, less a margin)
        box.y, box.h = box.y - self.adv_lift, box.h + self.adv_lift
        pygame.draw.rect(surface, PAPER, box, border_radius=px(8))
        pygame.draw.rect(surface, WOOD, box, width=max(1, px(1.5)), border_radius=px(8))
        head_x = page.pos(SIDE_X, 0)[0]
        room = (box.right - px(14) if self.adv_lift else self.all_button.rect.x - px(6)) - head_x
        surface.blit(
            look.fit_text(t("menus.setup.advanced"), 18, WOOD_DARK, bold=True, width=room, height=px(26)),
            (head_x, page.pos(0, 572)[1] - self.adv_lift),
        )
        for i, (key, _, _) in enumerate(OPTIONS):
            tick = page.rect(SIDE_X - 4, OPT_Y + i * OPT_STEP + 4, 26, 26)
            on = key in self.choices.options
            pygame.draw.rect(surface, GOLD if on else PAPER, tick, border_radius=px(4))
            pygame.draw.rect(surface, WOOD_DARK, tick, width=max(1, px(2)), border_radius=px(4))
            if on:
                pts = [
                    (tick.x + tick.w * 0.22, tick.y + tick.h * 0.52),
                    (tick.x + tick.w * 0.42, tick.y + tick.h * 0.74),
                    (tick.x + tick.w * 0.8, tick.y + tick.h * 0.28),
                ]
                pygame.draw.lines(surface, WOOD_DARK, False, pts, max(2, px(3)))

        esc = draw_keycap(
            surface,
            look,
            (self.back_button.rect.right + px(10), self.back_button.rect.centery),
            t("menus.keys.esc"),
            align="left",
        )
        enter = draw_keycap(
            surface,
            look,
            (self.start_button.rect.x - px(10), self.start_button.rect.centery),
            t("menus.keys.enter"),
            align="right",
        )
        if self.replaces_autosave:  # centred, between the key caps (smaller if it must be)
            room = 2 * min(page.pos(800, 0)[0] - esc.right, enter.x - page.pos(800, 0)[0]) - px(24)
            font, lines = fit_wrapped(look, t("menus.setup.replaces_autosave"), 16, room, self.start_button.rect.h)
            y = page.pos(800, 828)[1] - len(lines) * font.get_linesize() // 2  # (on two lines if it must)
            for line in lines:
                note = font.render(line, True, BAD)
                surface.blit(note, note.get_rect(midtop=(page.pos(800, 0)[0], y)))
                y += font.get_linesize()
