"""A table played over the network, on the screens' side: what a Match at the host's or a
guest's computer needs of vikings.net (match.py's `net`).

The network runs on its own thread; these read its inbox on the screens' thread (`pump`,
every frame the table is shown) and keep what the screens show: the seats (who is there,
connected, played by a bot, ping) and the moves that came in, handed to the Match one at a
time through `next_action()`, as a bot's decision would be.

- `HostSide`: the Match holds the same game as the Host (same seed, same moves). A move
  made at this desk is applied here and submitted to the Host; the moves of the other
  seats (guests, and the bots the Host plays) come from the Host's updates.
- `GuestSide`: the Match holds the game as the host's view describes it (no seed, the
  face-down stacks' order unknown). Every move, this player's own included, is taken from
  the host's update: the table as the host sent it, with its events. This player's
  decision goes to the host (`Guest.send_action`) and comes back as an update. A guest
  that joins mid-game makes its log from the events of the moves before (the host's
  `past`); at the end it takes the host's record of the whole game (checked by the Guest)
  in place of the table it had, so its results can review the game, give its code and
  record it like a game played at this desk.

Both record a finished game in the history (table/record.py): `profile_names` says which
seat may be tied to a profile of this desk (a person at this desk, or the guest's own
seat); every other person is recorded without a profile.

The words of the turn indicator (`turn_text`) and of the notices are the catalogues'
(table.net.*).
"""

from __future__ import annotations

import queue
from collections import deque
from typing import Any

from vikings.engine.actions import Action, action_from_parts
from vikings.engine.errors import IllegalAction
from vikings.engine.events import Event
from vikings.net.host import LOCAL, Host
from vikings.net.host import PERSON as RECORD_PERSON
from vikings.net.view import view_state
from vikings.text.lang import t
from vikings.ui.drawing.theme import PLAYER_COLOURS

# What the guest's inbox may say about the connection (news for the table, once each).
LOST, HOSTILE, REJECTED, REFUSED = "lost", "hostile", "rejected", "refused"


class _Side:
    replays = True  # the Match can replay the game from its seed (a guest's cannot)
    undoes = False  # this desk may ask the table to take a decision back (the host's only)

    def __init__(self) -> None:
        self.seats: list[dict[str, Any]] = []  # as the host lists them (Host.seat_list)
        self.updates: deque[dict[str, Any]] = deque()  # moves that came in, oldest first
        self.news: str | None = None  # LOST, HOSTILE, REFUSED or REJECTED, for the table to say once
        self.ready: dict[str, Any] | None = None  # the update whose move was handed out last
        # An undo vote: the move the table is asked to go back to (-1: none asked), and its
        # end, for the table to show once: ("undone", to) or ("refused", reason, seats).
        self.undo_asked = -1
        self.undo_result: tuple[Any, ...] | None = None

    def decides(self, p: int) -> bool:
        raise NotImplementedError

    def inbox(self) -> Any:
        raise NotImplementedError

    def pump(self) -> bool:
        """Read what the network said since the last call; True if anything changed."""
        changed = False
        box = self.inbox()
        while True:
            try:
                kind, data = box.get_nowait()
            except queue.Empty:
                return changed
            changed = True
            self.hear(kind, data)

    def hear(self, kind: str, data: Any) -> None:
        if kind == "seats":
            self.seats = list(data)
        elif kind == "update" and data.get("action") is not None:
            self.updates.append(data)

    def _next(self, match: Any) -> dict[str, Any] | None:
        """The update carrying the move the match is to make next, if it has come."""
        self.pump()
        n = len(match.game.actions())
        while self.updates and self.updates[0]["n"] <= n:
            self.updates.popleft()  # (a move made here, or shown already)
        if self.updates and self.updates[0]["n"] == n + 1:
            return self.updates[0]
        return None

    def next_action(self, match: Any) -> Action | None:
        update = self.ready = self._next(match)
        if update is None:
            return None
        try:
            return action_from_parts(update["action"])
        except IllegalAction:  # (the guest checked it; the host made it)
            return None

    def profile_names(self, match: Any) -> list[str | None]:
        """Per seat, the name of the profile of this desk it may be tied to (None: none)."""
        raise NotImplementedError

    def seat_info(self, p: int) -> dict[str, Any]:
        return self.seats[p] if 0 <= p < len(self.seats) else {}

    def turn_text(self, match: Any, p: int) -> str:
        """The top bar's word on whose turn it is and who is being waited for."""
        seat = match.seats[p]
        info = self.seat_info(p)
        if not self.decides(p):
            text = t("table.top.turn_person", name=seat.name)
        elif info.get("bot"):
            text = t("network.table.turn_bot", name=seat.name)
        elif info.get("connected", True):
            text = t("network.table.waiting", name=seat.name)
        else:
            text = t("network.table.waiting_dropped", name=seat.name)
        away = [match.seats[i].name for i, s in enumerate(self.seats) if not s.get("connected", True) and i != p]
        if away:
            text = t("network.table.away", turn=text, names=", ".join(away))
        return text

    def close(self) -> None:
        raise NotImplementedError


class HostSide(_Side):
    """The host's computer: the Match and the Host hold the same game."""

    def __init__(self, host: Host, announcement: Any = None, storage: Any = None):
        super().__init__()
        self.host = host
        self.storage = storage  # where the Host keeps its autosave (forgotten when the table ends)
        self.announcement = announcement  # discovery.Announcement while the table is listed
        self.seats = host.seat_list()
        self.dropped: list[int] = []  # remote seats whose guest left since the table last looked
        self.returned: list[int] = []  # ... and whose guest came back

    def inbox(self) -> Any:
        return self.host.inbox

    def hear(self, kind: str, data: Any) -> None:
        before = {i: s.get("connected", True) for i, s in enumerate(self.seats)}
        super().hear(kind, data)
        if kind == "rejected":  # a move made here that the host refused: the copies differ
            self.news = REJECTED
        elif kind == "undone":
            self.undo_asked, self.undo_result = -1, ("undone", data)
        elif kind == "undo_refused":
            self.undo_asked, self.undo_result = -1, ("refused", data, list(self.host.undo_blame))
        elif kind == "seats":
            for i, s in enumerate(self.seats):
                if s["kind"] == "remote" and before.get(i, True) != s["connected"]:
                    (self.returned if s["connected"] else self.dropped).append(i)

    def decides(self, p: int) -> bool:
        return self.host.seats[p].kind != LOCAL

    def profile_names(self, match: Any) -> list[str | None]:
        return [s.name if h.kind == LOCAL else None for s, h in zip(match.seats, self.host.seats)]

    undoes = True

    def may_undo(self, match: Any) -> bool:
        """No vote under way, and the Host holds the game as the Match shows it (a move of
        the Host's bots not shown yet would be taken back instead of this desk's)."""
        n = len(match.game.actions())
        return (
            self.undo_asked < 0
            and all(u["n"] <= n for u in self.updates)
            and not self.host.state.is_over
            and len(self.host.state.actions()) == n
        )

    def ask_undo(self, match: Any) -> list[str]:
        """Ask every guest to agree that the last decision is taken back; the names asked.
        The answer comes as `undo_result` (the table then takes it back: `Match.undo`)."""
        self.undo_asked = len(match.game.actions()) - 1
        self.undo_result = None
        self.host.ask_undo(1)
        return [match.seats[i].name for i, s in enumerate(self.seats) if s.get("kind") == "remote"]

    def play(self, match: Any, actor: int, action: Action) -> list[Event]:
        events = match.game.apply(action)
        if not self.decides(actor):
            self.host.submit(actor, action)
        return events

    def hand_to_bot(self, p: int, on: bool = True) -> None:
        self.host.hand_to_bot(p, on)

    def unlist(self) -> None:
        """Stop announcing the table on the local network."""
        if self.announcement is not None:
            try:
                self.announcement.close()
            except OSError:
                pass
            self.announcement = None

    def close(self) -> None:
        self.unlist()
        self.host.stop()
        if self.storage is not None and (self.host.state.is_over or not self.host.started):
            forget_table(self.storage)  # (a table left in play stays, to be resumed)


class GuestSide(_Side):
    """A guest's computer: the Match holds the table as the host's updates describe it."""

    replays = False

    def __init__(self, guest: Any):
        super().__init__()
        self.guest = guest
        self.seats = list(guest.seats)
        self.sent = False  # this player's decision went to the host and has not come back
        self.behind = False  # a rejoin's welcome came: the match may have missed moves
        self._was_connected = self.connected
        # The log's material: each move's number -> (who made it, its events), from the
        # updates heard and the host's past; the public view before the first move.
        self.known: dict[int, tuple[int, list[Event]]] = {}
        self.start_view: dict[str, Any] | None = None
        self._past: dict[str, Any] | None = None  # the Guest's past last learnt from
        self.refusal = ""  # why the table refused this copy when it knocked again (REFUSED)

    def inbox(self) -> Any:
        return self.guest.inbox

    def hear(self, kind: str, data: Any) -> None:
        super().hear(kind, data)
        if kind == "update" and data.get("seat") is not None:
            self.known[data["n"]] = (data["seat"], _events(data["events"]))
        if kind == "rejected":
            self.sent = False
            self.news = REJECTED
        elif kind in (LOST, HOSTILE):
            self.news = kind
        elif kind == REFUSED:  # knocking again, the table refused (the seat, the code ...)
            self.news, self.refusal = kind, str(data)
        elif kind == "welcome":  # back after a drop: anything sent before may be lost
            self.sent = False
            self.behind = True
        elif kind == "undo_asked":
            self.undo_asked, self.undo_result = int(data), None
        elif kind == "undone":
            self.undo_asked, self.undo_result = -1, ("undone", data)
        elif kind == "undo_refused":
            self.undo_asked, self.undo_result = -1, ("refused", "", [])

    def answer_undo(self, yes: bool) -> None:
        self.guest.answer_undo(yes)

    def take_back(self, match: Any, to: int) -> None:
        """The table agreed to go back to move `to`: take the host's table as it is now."""
        self.updates.clear()
        self.ready, self.sent = None, False
        for n in [n for n in self.known if n > to]:
            del self.known[n]
        view = self.guest.view
        if view is not None:
            match.game = view_state(view, match.game.rules)

    def pump(self) -> bool:
        changed = super().pump()
        now = self.connected
        if now != self._was_connected:
            self._was_connected = now
            changed = True
        return changed

    def catch_up(self, match: Any) -> bool:
        """After a rejoin the moves made meanwhile came as one table, not move by move:
        take the host's table as it is now (True if the match was behind and took it, or
        took the host's record of a game that ended meanwhile). The log of the moves this
        copy did not see is made from the host's past (`fill_log`)."""
        took = self._catch_up(match)
        took = self.take_record(match) or took
        self.fill_log(match)
        return took

    def _catch_up(self, match: Any) -> bool:
        view = self.guest.view
        if not self.behind or view is None:
            return False
        n = len(match.game.actions())
        if any(u["n"] == n + 1 for u in self.updates) or len(view["history"]) <= n:
            self.behind = False
            return False
        state = view_state(view, match.game.rules)
        if state.is_over and self._record_due():
            return False  # (the record of the whole game is on its way: take that)
        self.behind = False
        self.ready, self.sent = None, False
        match.game = state
        while self.updates and self.updates[0]["n"] <= len(view["history"]):
            self.updates.popleft()
        return True

    def _record_due(self) -> bool:
        """The game is over and the host's record of it may still come."""
        return self.guest.record is None and not self.guest.done.is_set()

    def take_record(self, match: Any) -> bool:
        """At the end, the host's record of the whole game (checked by the Guest: it ends in
        the host's last table) in place of the table it describes: the match can replay it
        from its seed (review, game code) and records it once (True if taken now). Its bots
        show as bots; the other people stay remote seats."""
        game = self.guest.record
        if self.replays or game is None or not match.game.is_over:
            return False
        if [a.to_json() for a in game.actions()] != [a.to_json() for a in match.game.actions()]:
            return False
        from vikings.ui.table.match import Seat

        kinds = self.guest.record_seats
        match.game = game
        match.seats = tuple(
            Seat(s.name, s.kind if kind == RECORD_PERSON else kind, s.colour) for s, kind in zip(match.seats, kinds)
        )
        match.record_due = True
        self.replays = True
        return True

    def fill_log(self, match: Any) -> bool:
        """The log of the moves this copy did not see (it joined or came back mid-game),
        made from the events the host sent (its past and the updates heard): the log then
        reads as at a copy that was there all along. True if the log changed."""
        past = self.guest.past
        if past is not None and past is not self._past:
            self._past = past
            if past["start"] is not None:
                self.start_view = past["start"]
            for n, move in enumerate(past["moves"], past["first"] + 1):
                self.known[n] = (move["seat"], _events(move["events"]))
        n = len(match.game.actions())
        missing = n - len(match.marks)  # the first moves whose events this copy lacks
        if missing <= 0 or match.pending:
            return False
        low = n + 1
        while low > 1 and low - 1 in self.known:
            low -= 1
        if low > missing:
            return False  # nothing learnt of the moves the log lacks
        from vikings.ui.table.match import _first_offer

        events: list[Event] = []
        if low == 1 and self.start_view is not None:
            events.append(_first_offer(view_state(self.start_view, match.game.rules)))
        marks, actors = [], []
        for k in range(low, n + 1):
            seat, more = self.known[k]
            marks.append(len(events))
            actors.append(seat)
            events.extend(more)
        match.events, match.marks, match._lines = events, marks, ("", [])
        if low == 1:
            match.actors = actors
        return True

    def rejoin(self) -> None:
        """Knock again with this seat's token (after the guest gave up: `lost`)."""
        from vikings.net.guest import Guest

        old = self.guest
        old.stop()
        self.guest = Guest(old.rules, old.name, old.code, old.address, relay=old.relay, token=old.token).start()
        self.news = None

    @property
    def seat(self) -> int:
        return int(self.guest.seat)

    @property
    def connected(self) -> bool:
        return bool(getattr(self.guest, "connected", True)) and not self.guest.done.is_set()

    def decides(self, p: int) -> bool:
        return p != self.seat or self.sent

    def play(self, match: Any, actor: int, action: Action) -> list[Event] | None:
        update = self.ready
        if update is not None and update["n"] == len(match.game.actions()) + 1:
            self.ready = None
            if update["seat"] == self.seat:
                self.sent = False
            match.game = view_state(update["view"], match.game.rules)
            self.take_record(match)
            return _events(update["events"])
        if actor == self.seat and not self.sent and not match.game.is_over:
            self.guest.send_action(action)
            self.sent = True
        return None

    def next_action(self, match: Any) -> Action | None:
        update = self._next(match)
        if update is not None and update["n"] == self.guest.n and self.guest.state.is_over and self._record_due():
            return None  # the last move waits a moment for the host's record of the game
        return super().next_action(match)

    def profile_names(self, match: Any) -> list[str | None]:
        """The guest's own seat, by the name it joined with (its seat's name is the host's)."""
        return [str(self.guest.name) if i == self.seat else None for i in range(len(match.seats))]

    def turn_text(self, match: Any, p: int) -> str:
        if not self.connected:
            return t("network.table.reconnecting")
        if p == self.seat and self.sent:
            return t("network.table.sent")
        return super().turn_text(match, p)

    def close(self) -> None:
        self.guest.stop()


# Starting play ----------------------------------------------------------------------------------
def host_match(side: HostSide, seats: Any, rules: Any) -> Any:
    """The host's Match for its table: the same game as the Host's (its config), the seats
    as chosen (a guest's seat of kind REMOTE); no autosave of its own (the Host keeps one)."""
    from vikings.ui.table.match import Match

    cfg = side.host.config
    match = Match.new(
        seats,
        rules,
        cfg.seed,
        cfg.start_player,
        storage=None,
        autosave=False,
        options=cfg.options,
        handicap=cfg.handicap,
    )
    match.net = side
    return match


def guest_match(side: GuestSide, rules: Any) -> Any:
    """A guest's Match: the table as the host's view describes it, this player at the seat
    the host gave, everyone else's decisions coming over the network."""
    from vikings.ui.table.match import PERSON, REMOTE, Match, Seat, _first_offer

    guest = side.guest
    game = view_state(guest.view, rules)
    seats = [Seat(name, PERSON if i == guest.seat else REMOTE, colour(i)) for i, name in enumerate(game.config.players)]
    match = Match(seats, game, None, autosave=False, net=side)
    match.record_due = False  # (no seed here: recorded once the host's record has come: take_record)
    if not game.actions():
        first = _first_offer(game)  # the first offer, for the screens to lay out (and the log)
        match.pending.append(first)
        match.events.append(first)
    return match


def _events(data: list[dict[str, Any]]) -> list[Event]:
    """The events an update or the past carries, as the engine's."""
    return [Event(e["type"], e["player"], e["data"]) for e in data]


def colour(i: int) -> str:
    """Seat i's colour at a networked table (alike on every copy: the host chooses none)."""
    return PLAYER_COLOURS[i % len(PLAYER_COLOURS)][0]


# A hosted table kept for a restart ----------------------------------------------------------------
TABLE_FILE = "network_table.json"  # the Host's autosave (the game with its seed, the code, the tokens)
PLACE_FILE = "network_place.json"  # where it listened: the port and the relay, for the guests to find it again


def host_files(storage: Any) -> tuple[Any, Any]:
    """(the Host's autosave, where the table listened) in the data folder."""
    return storage.data_dir / TABLE_FILE, storage.data_dir / PLACE_FILE


def remember_place(storage: Any, port: int, relay: tuple[str, int] | None) -> None:
    try:
        storage.write_json(host_files(storage)[1], {"port": port, "relay": list(relay) if relay else None})
    except OSError:
        pass


def forget_table(storage: Any) -> None:
    """The hosted table is over (or closed before it began): nothing to resume."""
    for path in host_files(storage):
        try:
            path.unlink()
        except OSError:
            pass


def resume_host(storage: Any, rules: Any) -> Host:
    """The table of the Host's autosave, listening where it did (OSError, ValueError or
    KeyError if it cannot be)."""
    table, place = host_files(storage)
    doc = storage.read_json(place)
    relay = doc.get("relay")
    relay = (str(relay[0]), int(relay[1])) if isinstance(relay, list) and len(relay) == 2 else None
    return Host.resume(table, rules, bind=("0.0.0.0", int(doc["port"])), relay=relay).start()


def resumed_seats(host: Host) -> list[Any]:
    """The Match's seats of a resumed Host: its players, people at this desk, its bots at
    their levels, remote seats."""
    from vikings.ui.table.match import PERSON, REMOTE, Seat

    kinds = {"local": PERSON, "remote": REMOTE}
    return [
        Seat(name, kinds.get(s.kind, s.level), colour(i))
        for i, (name, s) in enumerate(zip(host.config.players, host.seats))
    ]


def resumed_match(side: HostSide, seats: Any) -> Any:
    """The host's Match for a resumed table: the game as the Host holds it."""
    from vikings.engine.serialize import load, save
    from vikings.ui.table.match import Match

    game = load(save(side.host.state), side.host.rules)
    return Match(seats, game, None, autosave=False, net=side)
