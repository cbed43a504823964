"""A guest: one remote seat at a host's table.

The guest keeps the public view the host sends and a GameState rebuilt from it
(view.view_state), on which its screens draw and its bots choose. It does not take the
host's word for anything the rules decide: an update must name the player to move, its
action must be legal in the guest's own copy, applying it there must give the same
displays, scores and history as the host's view, and the view must match its digest.
A host that breaks any of these is refused ("hostile" in the inbox) and left.

A guest that joins gets the public events of the moves made before (`past`: its log).
When the game is over the host sends the whole game, seed and all (`record`); the guest
replays it with the engine and keeps it (`record`) only if it ends in the very table of
the last update (the digests agree), so the game can be reviewed and recorded here too.

Each connection opens with the handshake on the join code (links.guest_handshake): the
host must prove it knows the code before the guest says anything more (its name, its
token), and every frame after it is sealed. A host that cannot prove it is refused as a
wrong `code`, and the guest does not try again by itself (whoever answered gets no second
guess). A frame that does not open ends the connection, as a drop does.

After a drop (closed laptop, lost Wi-Fi, a restarted host) the guest comes back to its
seat with its token, trying again until `rejoin_seconds` have passed.

Runs on its own thread; `inbox` is a thread-safe queue of (kind, data): ("welcome",
seat), ("seats", [...]), ("update", message), ("rejected", reason), ("refused", reason),
("hostile", reason), ("lost", None), ("past", first), ("record", None) or
("record_refused", reason), then ("over", view).
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from typing import Any

from vikings.bots import LEVELS
from vikings.bots.base import Bot
from vikings.engine.actions import Action, action_from_parts
from vikings.engine.components import Rules
from vikings.engine.errors import IllegalAction, VikingsError
from vikings.engine.events import TYPES
from vikings.engine.serialize import config_from_json, replay
from vikings.engine.state import GameState
from vikings.net import protocol as p
from vikings.net.links import Link, Refused, connect, guest_handshake, wind_up
from vikings.net.protocol import MAX_FROM_HOST, ProtocolError, message
from vikings.net.view import DETERMINED, digest, public_view, same_view, view_state

REJOIN_SECONDS = 300.0
RETRY_EVERY = 0.5
SILENT_HOST = 15.0  # no frame for this long (pings come every 2 s): the connection is dead
RECORD_SECONDS = 5.0  # at the end, how long to wait for the host's record of the game
# Why a record of the game is refused (("record_refused", reason) in the inbox).
RECORD_TOO_LONG = "too_long"
RECORD_SEATS = "seats"  # its seats do not fit the table
RECORD_BAD_GAME = "bad_game"  # it does not replay
RECORD_OTHER_GAME = "other_game"  # it replays to another table than the host's last update


class Hostile(Exception):
    """The host sent what the rules forbid."""


class Guest:
    def __init__(
        self,
        rules: Rules,
        name: str,
        code: str,
        address: tuple[str, int],
        *,
        relay: bool = False,
        token: str | None = None,
        bot: Bot | None = None,
        rejoin_seconds: float = REJOIN_SECONDS,
        undo_answer: bool | None = None,
    ):
        self.rules, self.name, self.code = rules, name, p.normal_code(code)
        self.address, self.relay = address, relay
        self.token = token
        self.bot = bot  # plays the seat by itself (scripts and tests)
        self.rejoin_seconds = rejoin_seconds
        self.undo_answer = undo_answer  # answer the host's undo at once (scripts), or None: the player
        self.undo_asked = -1  # the move the host asks to go back to, -1 when it asks nothing
        self._agreed = -1  # the undo this guest agreed to
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.seat = -1
        self.state: GameState | None = None
        self.view: dict[str, Any] | None = None
        self.seats: list[dict[str, Any]] = []
        self.n = -1
        self.started = False  # the host has begun play
        self.connected = False  # a session with the host is open (False while it tries again)
        self.checked = 0  # updates that passed every check
        self.latencies_ms: list[float] = []  # host applied -> this copy shows it
        self.handshakes_ms: list[float] = []  # connecting -> sealed (relay and key exchange included)
        self.rejoins = 0
        self.past: dict[str, Any] | None = None  # the events of the moves before the last welcome
        self.record: GameState | None = None  # the whole game, checked, once it is over
        self.record_seats: list[str] = []  # each seat as the record has it: "person" or a bot's level
        self.done = threading.Event()  # over, refused, hostile or lost
        self.outcome = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._link: Link | None = None
        self._seq = 0
        self._asked = -1  # the move number the bot last answered
        self._tasks: set[asyncio.Future[None]] = set()

    # The thread --------------------------------------------------------------------------
    def start(self) -> Guest:
        self._thread = threading.Thread(target=self._run, name="vikings-guest", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main())
        finally:
            wind_up(loop)

    def stop(self) -> None:
        if self._loop is not None and self._link is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._link.close)
            except RuntimeError:  # the loop closed meanwhile
                pass
        self._finish("stopped")
        if self._thread is not None:
            self._thread.join(5)

    def send_action(self, action: Action) -> None:
        """The player's move (the host checks it; a rejection comes back in the inbox)."""
        if self._loop is None:
            raise RuntimeError("the guest is not running")
        self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._send_action(action)))

    def answer_undo(self, yes: bool) -> None:
        """The player's answer to the host's undo ("undo_asked" in the inbox)."""
        if self._loop is None:
            raise RuntimeError("the guest is not running")
        self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._answer_undo(yes)))

    async def _answer_undo(self, yes: bool) -> None:
        if self._link is None or self.undo_asked < 0:
            return
        self._agreed = self.undo_asked if yes else -1
        try:
            await self._link.send(message("undo_vote", to=self.undo_asked, yes=yes))
        except (OSError, TimeoutError):
            self._link.close()

    def _finish(self, outcome: str, data: Any = None) -> None:
        if not self.done.is_set():
            self.outcome = outcome
            if outcome != "stopped":
                self.inbox.put((outcome, data))
            self.done.set()

    # Connection -----------------------------------------------------------------------------
    async def _main(self) -> None:
        deadline = None
        while not self.done.is_set():
            try:
                await self._session()
                deadline = None
            except Hostile as e:
                self._finish("hostile", str(e))
            except Refused as e:  # at the door: another version, a wrong code
                self._finish("refused", e.reason)
            except ProtocolError as e:
                self._finish("hostile", f"protocol: {e}")
            except (TimeoutError, OSError, asyncio.IncompleteReadError) as e:
                refusal = getattr(e, "reason", None)  # relay.RelayRefused: no such table, ...
                if refusal is not None and self.token is None:
                    self._finish("refused", f"relay_{refusal}")
            if self.done.is_set():
                break
            if self.token is None:  # never joined: nothing to come back to
                self._finish("lost")
                break
            deadline = deadline or time.monotonic() + self.rejoin_seconds
            if time.monotonic() > deadline:
                self._finish("lost")
                break
            await asyncio.sleep(RETRY_EVERY)

    async def _session(self) -> None:
        began = time.perf_counter()
        link = await connect(*self.address)
        self._link = link
        try:
            if self.relay:
                from vikings.net.relay import join

                await join(link, p.table_id(self.code))
            await asyncio.wait_for(
                guest_handshake(link, self.code, self.rules_version(), self.rules.digest), SILENT_HOST
            )
            self.handshakes_ms.append((time.perf_counter() - began) * 1000)
            await link.send(message("join", name=self.name[:40], token=self.token))
            while not self.done.is_set():
                msg = await asyncio.wait_for(link.recv(MAX_FROM_HOST), SILENT_HOST)
                p.check(msg, p.FROM_HOST)
                await self._handle(link, msg)
        finally:
            self.connected = False
            link.close()

    def rules_version(self) -> int:
        from vikings.engine.phases import RULES_VERSION

        return RULES_VERSION

    async def _handle(self, link: Link, msg: dict[str, Any]) -> None:
        kind = msg["t"]
        if kind == "ping":
            await link.send(message("pong", ts=msg["ts"]))
        elif kind == "refused":
            self._finish("refused", msg["reason"])
        elif kind == "welcome":
            if self.token is not None and msg["token"] != self.token:
                raise Hostile("another seat's token")
            if self.token is not None:
                self.rejoins += 1
            self.seat, self.token, self.seats = msg["seat"], msg["token"], msg["seats"]
            self.connected = True
            self.started = msg["started"]
            self.past = None  # (the moves before this welcome come next)
            if msg["update"] is not None:
                self._adopt(msg["update"], trusted_step=False)
            self._asked = -1  # a move sent before a drop may be lost: think again
            self.inbox.put(("welcome", self.seat))
            self._move_soon()
        elif kind == "seats":
            self.seats, self.started = msg["seats"], msg["started"]
            self.inbox.put(("seats", self.seats))
            self._move_soon()  # (play may just have begun)
        elif kind == "rejected":
            self.inbox.put(("rejected", msg["reason"]))  # (a bot does not try again: it chose legally)
        elif kind == "update":
            self._adopt(msg, trusted_step=True)
            self._move_soon()
        elif kind == "undo_ask":
            if not 0 <= msg["to"] < max(self.n, 0):
                raise Hostile("an undo of moves not made")
            self.undo_asked = msg["to"]
            self.inbox.put(("undo_asked", msg["to"]))
            if self.undo_answer is not None:
                await self._answer_undo(self.undo_answer)
        elif kind == "undo_done":
            self._undone(msg)
            self._move_soon()
        elif kind == "past":
            self._take_past(msg)
        elif kind == "record":
            self._take_record(msg)

    # Checking the host ------------------------------------------------------------------------
    def _adopt(self, update: dict[str, Any], trusted_step: bool) -> None:
        """Take the host's update after checking it. `trusted_step`: it follows the update
        this copy holds (otherwise it is a whole table after a join)."""
        view = update["view"]
        if digest(view) != update["digest"]:
            raise Hostile("the view does not match its digest")
        try:
            new = view_state(view, self.rules)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, VikingsError) as e:
            raise Hostile(f"not a view of a game: {type(e).__name__}") from None
        if not same_view(new, view):
            raise Hostile("the view does not describe a game")
        if update["n"] != len(view["history"]):
            raise Hostile("the move number does not match the history")
        if trusted_step and self.state is not None:
            if update["n"] <= self.n:
                return  # already shown (a rejoin's welcome carried it)
            if update["n"] != self.n + 1:
                raise Hostile("a move was skipped")
            self._check_step(update, view)
        self.state, self.view, self.n = new, view, update["n"]
        self.checked += 1
        if trusted_step:
            self.latencies_ms.append(max(0.0, (time.time_ns() // 1000 - update["ts"]) / 1000))
            self.inbox.put(("update", update))
        if new.is_over:  # over once the host's record has come (or did not come in time)
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # (checked by hand, off the guest's thread)
                loop = None
            if self.record is not None or loop is None:
                self._finish("over", view)
            else:
                loop.call_later(RECORD_SECONDS, self._finish, "over", view)

    def _take_past(self, msg: dict[str, Any]) -> None:
        """The events of the moves before the welcome, for the log. Words, not rules: they
        are checked for their shape only, and a past that does not fit is left out."""
        first, moves, start = msg["first"], msg["moves"], msg["start"]
        if self.state is None or first < 0 or first + len(moves) != self.n or (start is not None and first):
            return
        players = self.state.n
        for move in moves:
            if not isinstance(move, dict) or set(move) != {"seat", "events"} or not isinstance(move["events"], list):
                return
            if not _is_seat(move["seat"], players) or not all(_is_event(e, players) for e in move["events"]):
                return
        if start is not None:
            try:
                if start["history"] != [] or not same_view(view_state(start, self.rules), start):
                    return
            except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, VikingsError):
                return
        self.past = msg
        self.inbox.put(("past", first))

    def _take_record(self, msg: dict[str, Any]) -> None:
        """The whole game, sent when it is over: kept if it replays to the table of the last
        update, else refused (the results then offer no review here)."""
        if self.state is None or not self.state.is_over or self.view is None:
            raise Hostile("the whole game before its end")
        reason = self._check_record(msg)
        if reason:
            self.inbox.put(("record_refused", reason))
        else:
            self.inbox.put(("record", None))
        self._finish("over", self.view)

    def _check_record(self, msg: dict[str, Any]) -> str:
        assert self.state is not None and self.view is not None
        seats, actions = msg["seats"], msg["actions"]
        if len(actions) > p.MAX_RECORD_ACTIONS:
            return RECORD_TOO_LONG
        if len(seats) != self.state.n or any(s != "person" and s not in LEVELS for s in seats):
            return RECORD_SEATS
        if not 0 <= self.seat < len(seats) or seats[self.seat] != "person":
            return RECORD_SEATS
        try:
            game = replay(config_from_json(msg["config"]), actions, self.rules)
        except (VikingsError, KeyError, TypeError, ValueError, IndexError, RecursionError):
            return RECORD_BAD_GAME
        if not game.is_over or digest(public_view(game)) != digest(self.view):
            return RECORD_OTHER_GAME
        self.record, self.record_seats = game, list(seats)
        return ""

    def _undone(self, msg: dict[str, Any]) -> None:
        """The end of an undo vote: the table taken back only if this guest agreed to
        exactly that, and only by moves (the history before them is unchanged)."""
        to, agreed = msg["to"], self._agreed
        self.undo_asked = self._agreed = -1
        self._asked = -1  # a move sent during the vote was refused ("paused"): think again
        if not msg["done"]:
            self.inbox.put(("undo_refused", to))
            return
        update = msg["update"]
        if agreed != to or update is None or self.view is None:
            raise Hostile("an undo this guest did not agree to")
        if update["view"]["history"] != self.view["history"][:to] or update["n"] != to:
            raise Hostile("an undo that changes more than it takes back")
        self.state = None  # the whole table anew (checked as at a join)
        self._adopt(update, trusted_step=False)
        self.inbox.put(("undone", to))

    def _check_step(self, update: dict[str, Any], view: dict[str, Any]) -> None:
        assert self.state is not None
        if update["seat"] != self.state.to_move or update["action"] is None:
            raise Hostile("a move by a player whose turn it is not")
        try:
            action = action_from_parts(update["action"])
        except IllegalAction:
            raise Hostile("not an action") from None
        if action not in self.state.legal_actions():
            raise Hostile(f"an illegal move: {action}")
        mine = self.state.copy()
        mine.apply(action)
        ours = public_view(mine)
        for name in DETERMINED:
            if ours[name] != view[name]:
                raise Hostile(f"the move does not give what the rules give ({name})")

    # Playing the seat by itself ---------------------------------------------------------------
    def _move_soon(self) -> None:
        task = asyncio.ensure_future(self._maybe_move())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _maybe_move(self) -> None:
        state = self.state
        if self.bot is None or not self.started or state is None or state.is_over or state.to_move != self.seat:
            return
        if self._asked == self.n:
            return
        self._asked = self.n
        game = state.copy()
        action = await asyncio.get_running_loop().run_in_executor(None, self.bot.choose, game)
        if self.n == self._asked:
            await self._send_action(action)

    async def _send_action(self, action: Action) -> None:
        if self._link is None:
            return
        self._seq += 1
        try:
            await self._link.send(message("action", seq=self._seq, action=action.to_json()))
        except (TimeoutError, OSError):
            self._link.close()


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _is_event(value: object, players: int) -> bool:
    """An event as the host sends it: a known type, a player (or None) and a mapping."""
    return (
        isinstance(value, dict)
        and set(value) == {"type", "player", "data"}
        and value["type"] in TYPES
        and (value["player"] is None or _is_seat(value["player"], players))
        and isinstance(value["data"], dict)
    )
