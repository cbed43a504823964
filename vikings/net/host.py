"""The host: the one copy of the game that draws and applies.

A `Host` owns the GameState and its seats. Each seat is played at the host's desk
("local": the screens call `submit`), by a bot ("bot"), or by a guest ("remote") who
joined with the table's code and holds the seat's token. A guest's action is checked
against `legal_actions()` for its seat and turn before it is applied; after every action
all guests receive the action, its events, the public view (view.py) and its digest.
A guest that joins also gets the events of the moves before (`past`, for its log); once
the game is over, and never before, every guest gets the whole game with its seed
(`record`), to review it and keep it in its history.

The host runs on its own thread (asyncio). Screens and scripts call its methods from
any thread and read what happened from `inbox`, a thread-safe queue of (kind, data):
("seats", [...]) when a seat joins, drops or changes hands; ("update", message) after
every action; ("over", view) at the end.

A connection opens with the handshake on the join code (links.host_handshake, seal.py):
a guest that does not know the code cannot open the host's frames nor make its own, and
its try costs it WRONG_CODE_PAUSE holding one of the MAX_PENDING places at the door.

Guarding the table: a hello must come within HELLO_TIMEOUT, a joined guest must answer
pings (IDLE_TIMEOUT), every frame is size-bounded and schema-checked, each connection
may send RATE messages a second (BURST at once), half-joined connections are capped, and
a guest that reads too slowly is dropped instead of holding the host up.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vikings.bots import make_bot
from vikings.engine import new_game
from vikings.engine.actions import Action, action_from_parts
from vikings.engine.components import Rules
from vikings.engine.errors import IllegalAction
from vikings.engine.events import Event
from vikings.engine.serialize import load, replay, save
from vikings.engine.state import GameConfig, GameState
from vikings.net import protocol as p
from vikings.net.links import CLOSE, DATA, OPEN, ChannelLink, Link, RelayMux, TcpLink, host_handshake, wind_up
from vikings.net.protocol import MAX_FROM_GUEST, ProtocolError, message
from vikings.net.seal import Tampered
from vikings.net.view import digest, public_view

HELLO_TIMEOUT = 5.0
IDLE_TIMEOUT = 15.0
PING_INTERVAL = 2.0
RATE, BURST = 10.0, 20.0
MAX_PENDING = 16  # connections that have not said hello yet
WRONG_CODE_PAUSE = 0.5  # a failed handshake keeps its place at the door this long: guesses stay slow
OUTBOX = 256  # frames waiting for one guest; more and it is dropped as too slow
REJOIN_MINUTES = 5.0
UNDO_SECONDS = 60.0  # how long the guests have to agree to an undo
LOCAL, BOT, REMOTE = "local", "bot", "remote"
PERSON = "person"  # a seat in a game's record: a person (here or remote), else its bot's level


@dataclass
class Seat:
    kind: str  # local, bot or remote
    level: str = "normal"  # the bot's level (a remote seat's stand-in when handed to a bot)
    token: str = ""  # a remote seat's secret, once a guest holds it
    guest: str = ""  # the name the guest gave
    connected: bool = False
    to_bot: bool = False  # a remote seat played by a bot meanwhile
    ping_ms: float | None = None
    left_at: float | None = None  # when its guest dropped (time.monotonic)
    link: Link | None = field(default=None, repr=False)
    outbox: asyncio.Queue[bytes] | None = field(default=None, repr=False)

    def public(self, index: int, name: str) -> dict[str, Any]:
        return {
            "seat": index,
            "name": name,
            "kind": self.kind,
            "guest": self.guest,
            "connected": self.connected or self.kind != REMOTE,
            "bot": self.kind == BOT or self.to_bot,
            "ping_ms": None if self.ping_ms is None else round(self.ping_ms, 1),
        }


class Host:
    def __init__(
        self,
        rules: Rules,
        config: GameConfig,
        seats: list[Seat],
        *,
        code: str | None = None,
        autosave: str | Path | None = None,
        bind: tuple[str, int] | None = ("127.0.0.1", 0),
        relay: tuple[str, int] | None = None,
        state: GameState | None = None,
        rejoin_minutes: float = REJOIN_MINUTES,
        watch: Callable[[bytes], None] | None = None,
        turn_seconds: float | None = None,
    ):
        if len(seats) != len(config.players):
            raise ValueError("one seat per player")
        self.rules, self.config, self.seats = rules, config, seats
        self.state = state if state is not None else new_game(config, rules)
        code = p.normal_code(code or "")
        self.code = code if p.valid_code(code) else p.new_code()  # (an older table's code is replaced)
        self.autosave = Path(autosave) if autosave else None
        self.bind, self.relay = bind, relay
        self.rejoin_seconds = rejoin_minutes * 60
        self.watch = watch  # sees every frame sent to a guest (tests read them all)
        # A guest that lets this long pass in its turn has its seat handed to a bot (None: wait).
        self.turn_seconds = turn_seconds
        self._turn_timer: asyncio.TimerHandle | None = None
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.port = 0
        self.started = False
        self.stats = {"rejected": 0, "dropped": 0, "refused": 0}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._pending = 0
        self._thinking = False
        self._bots = {i: make_bot(s.level, seed=i + 1) for i, s in enumerate(seats)}
        self._last: dict[str, Any] | None = None  # the latest update, for joiners
        self._moves: list[dict[str, Any]] = []  # each move's seat and public events (a joiner's past)
        self._start: dict[str, Any] | None = None  # the public view before the first move
        self._tasks: set[asyncio.Future[Any]] = set()
        self._server: asyncio.AbstractServer | None = None
        self._mux: RelayMux | None = None
        self._error: BaseException | None = None
        self._undo: dict[str, Any] | None = None  # the undo being voted on: to, at, yes, timer
        self.undo_blame: list[int] = []  # the seats that refused the last undo, or did not answer in time

    # Resuming ------------------------------------------------------------------------------
    @classmethod
    def resume(cls, path: str | Path, rules: Rules, **kw: Any) -> Host:
        """The table of an autosave, as it was: same game, code, seats and tokens (guests
        rejoin with theirs)."""
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        state = load(doc["save"], rules)
        seats = [Seat(kind=s["kind"], level=s["level"], token=s["token"], guest=s["guest"]) for s in doc["seats"]]
        now = time.monotonic()
        for s in seats:
            if s.kind == REMOTE and s.token:
                s.left_at = now  # the rejoin window starts again with the host
        kw.setdefault("autosave", path)
        host = cls(rules, state.config, seats, code=doc["code"], state=state, **kw)
        host.started = bool(doc.get("started", True))
        return host

    def _write_autosave(self) -> None:
        if self.autosave is None:
            return
        doc = {
            "format": "vikings-net-table",
            "version": 1,
            "code": self.code,
            "started": self.started,
            "seats": [{"kind": s.kind, "level": s.level, "token": s.token, "guest": s.guest} for s in self.seats],
            "save": save(self.state),
        }
        tmp = self.autosave.with_name(self.autosave.name + ".tmp")
        tmp.write_text(json.dumps(doc), encoding="utf-8")
        os.replace(tmp, self.autosave)

    # The thread ----------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> Host:
        self._thread = threading.Thread(target=self._run, name="vikings-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start")
        if self._error is not None:
            raise self._error
        return self

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._open())
        except BaseException as e:  # reported to start()
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            wind_up(loop)

    async def _open(self) -> None:
        if self.bind is not None:
            self._server = await asyncio.start_server(self._accept_tcp, self.bind[0], self.bind[1])
            self.port = self._server.sockets[0].getsockname()[1]
        if self.relay is not None:
            self._spawn(self._relay_loop())
        self._spawn(self._pinger())
        self._write_autosave()
        self._drive()

    def stop(self) -> None:
        loop = self._loop
        if loop is None or not loop.is_running():
            return

        def close() -> None:
            if self._server is not None:
                self._server.close()
            for s in self.seats:
                if s.link is not None:
                    s.link.close()
            if self._mux is not None:
                self._mux.close()
            loop.stop()

        loop.call_soon_threadsafe(close)
        if self._thread is not None:
            self._thread.join(5)

    def _call(self, fn: Any, *args: Any) -> None:
        if self._loop is None:
            raise RuntimeError("the host is not running")
        self._loop.call_soon_threadsafe(fn, *args)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # What the screens call (any thread) ----------------------------------------------------
    def begin(self) -> None:
        """Start play (the lobby is over): bots and guests may move from now on."""
        self._call(self._begin)

    def submit(self, seat: int, action: Action) -> None:
        """A move made at the host's desk for local seat `seat`; an illegal or untimely
        one is reported in the inbox as ("rejected", reason)."""
        self._call(self._local, seat, action)

    def hand_to_bot(self, seat: int, on: bool = True) -> None:
        """Let a bot play a remote seat (its guest is missing), or give it back."""
        self._call(self._hand, seat, on)

    def ask_undo(self, moves: int = 1) -> None:
        """Take back the last `moves` moves if every guest agrees: ("undone", to) or
        ("undo_refused", reason) in the inbox. Play waits while they vote."""
        self._call(self._ask_undo, moves)

    def seat_list(self) -> list[dict[str, Any]]:
        return [s.public(i, self.config.players[i]) for i, s in enumerate(self.seats)]

    # Play ----------------------------------------------------------------------------------
    def _begin(self) -> None:
        self.started = True
        self._seats_changed()
        self._drive()

    def _local(self, seat: int, action: Action) -> None:
        s = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if s is None or s.kind != LOCAL:
            self.inbox.put(("rejected", p.REJECTED_NOT_YOUR_TURN))
            return
        reason = self._why_not(seat, action)
        if reason:
            self.inbox.put(("rejected", reason))
            return
        self._apply(seat, action)

    def _hand(self, seat: int, on: bool) -> None:
        if 0 <= seat < len(self.seats) and self.seats[seat].kind == REMOTE:
            self.seats[seat].to_bot = on
            self._seats_changed()
            self._drive()

    def _why_not(self, seat: int, action: Action) -> str:
        if not self.started or self.state.is_over:
            return p.REJECTED_OVER
        if self._undo is not None:
            return p.REJECTED_PAUSED
        if self.state.to_move != seat or self._plays_itself(seat):
            return p.REJECTED_NOT_YOUR_TURN
        if action not in self.state.legal_actions():
            return p.REJECTED_ILLEGAL
        return ""

    def _plays_itself(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == BOT or (s.kind == REMOTE and s.to_bot)

    def _apply(self, seat: int, action: Action) -> None:
        events = self.state.apply(action)
        self._publish(seat, action, events)
        # After the guests' writers have had their turn: the frames go out first.
        asyncio.get_running_loop().call_soon(self._write_autosave)
        self._drive()

    def _update(self, seat: int | None, action: Action | None, events: list[Event]) -> dict[str, Any]:
        view = public_view(self.state)
        return message(
            "update",
            n=len(view["history"]),
            seat=seat,
            action=None if action is None else action.to_json(),
            events=[_event(e) for e in events],
            view=view,
            digest=digest(view),
            ts=time.time_ns() // 1000,
        )

    def _publish(self, seat: int, action: Action, events: list[Event]) -> None:
        update = self._last = self._update(seat, action, events)
        self._moves.append({"seat": seat, "events": update["events"]})
        frame = p.encode(update)
        for s in self.seats:
            self._post(s, frame)
        if self.state.is_over:  # the secrets are worthless now: every guest gets the whole game
            record = p.encode(self._record())
            for s in self.seats:
                self._post(s, record)
        self.inbox.put(("update", update))
        if self.state.is_over:
            self.inbox.put(("over", update["view"]))

    def _drive(self) -> None:
        """Let a bot move when it is a bot's turn; time a guest's turn."""
        if not self.started or self.state.is_over or self._thinking or self._undo is not None:
            return
        seat = self.state.to_move
        if not self._plays_itself(seat):
            self._time_turn(seat)
            return
        self._thinking = True
        game, moves = self.state.copy(), len(self.state.actions())
        loop = asyncio.get_running_loop() if self._loop is None else self._loop
        future = loop.run_in_executor(None, self._bots[seat].choose, game)

        def done(f: asyncio.Future[Action]) -> None:
            self._thinking = False
            if f.cancelled() or f.exception() is not None:
                return
            ready = self._undo is None and self._plays_itself(seat)
            if ready and len(self.state.actions()) == moves and self.state.to_move == seat:
                self._apply(seat, f.result())
            else:
                self._drive()

        future.add_done_callback(done)

    def _time_turn(self, seat: int) -> None:
        if self._turn_timer is not None:
            self._turn_timer.cancel()
            self._turn_timer = None
        if self.turn_seconds is None or self.seats[seat].kind != REMOTE:
            return
        moves = len(self.state.actions())
        loop = asyncio.get_running_loop() if self._loop is None else self._loop
        self._turn_timer = loop.call_later(self.turn_seconds, self._turn_over, seat, moves)

    def _turn_over(self, seat: int, moves: int) -> None:
        """The guest of `seat` let its turn pass: a bot plays the seat until the host gives
        it back (hand_to_bot(seat, False))."""
        self._turn_timer = None
        s = self.seats[seat]
        if len(self.state.actions()) == moves and self.state.to_move == seat and not s.to_bot and self._undo is None:
            s.to_bot = True
            self.inbox.put(("turn_timeout", seat))
            self._seats_changed()
            self._drive()

    # Undo, with everyone's consent ---------------------------------------------------------
    def _ask_undo(self, moves: int) -> None:
        done = len(self.state.actions())
        if self._undo is not None or not self.started or moves < 1 or moves > done:
            self.inbox.put(("undo_refused", p.UNDO_NOTHING))
            return
        voters = {i for i, s in enumerate(self.seats) if s.kind == REMOTE}
        if any(not self.seats[i].connected for i in voters):
            self.undo_blame = sorted(i for i in voters if not self.seats[i].connected)
            self.inbox.put(("undo_refused", p.UNDO_MISSING))
            return
        to = done - moves
        self.undo_blame = []
        loop = asyncio.get_running_loop()
        timer = loop.call_later(UNDO_SECONDS, self._undo_over, to, p.UNDO_TIMEOUT)
        self._undo = {"to": to, "waiting": voters, "timer": timer}
        if not voters:
            self._undo_over(to, "")
            return
        frame = p.encode(message("undo_ask", to=to))
        for i in voters:
            self._post(self.seats[i], frame)

    def _undo_vote(self, index: int, msg: dict[str, Any]) -> None:
        undo = self._undo
        if undo is None or msg["to"] != undo["to"] or index not in undo["waiting"]:
            return  # a late or stray vote
        if not msg["yes"]:
            self.undo_blame = [index]
            self._undo_over(undo["to"], p.UNDO_DECLINED)
            return
        undo["waiting"].discard(index)
        if not undo["waiting"]:
            self._undo_over(undo["to"], "")

    def _undo_over(self, to: int, refusal: str) -> None:
        undo = self._undo
        if undo is None or undo["to"] != to:
            return
        undo["timer"].cancel()
        self._undo = None
        if refusal == p.UNDO_TIMEOUT:
            self.undo_blame = sorted(undo["waiting"])
        update = None
        if not refusal:
            self.state = replay(self.config, [a.to_json() for a in self.state.actions()[:to]], self.rules)
            del self._moves[to:]
            update = self._last = self._update(None, None, [])
        frame = p.encode(message("undo_done", to=to, done=not refusal, update=update))
        for s in self.seats:
            self._post(s, frame)
        self.inbox.put(("undo_refused", refusal) if refusal else ("undone", to))
        if update is not None:
            self._write_autosave()
        self._drive()

    # Guests ----------------------------------------------------------------------------------
    async def _accept_tcp(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._serve(TcpLink(reader, writer))
        except asyncio.CancelledError:  # the host stops (asyncio's server would log a cancelled handler)
            pass

    async def _serve(self, link: Link) -> None:
        if self._pending >= MAX_PENDING:
            link.close()
            return
        self._pending += 1
        link.watch = self.watch
        seat: Seat | None = None
        try:
            try:
                reason = await asyncio.wait_for(
                    host_handshake(link, self.code, self.config.rules_version, self.rules.digest), HELLO_TIMEOUT
                )
                if reason:
                    self.stats["refused"] += 1
                    await link.send(message("refused", reason=reason, detail=""))
                    return
                join = await self._first_sealed(link)
            finally:
                self._pending -= 1
            if join is None:
                return
            p.check(join, ("join",))
            index, reason = self._admit(join)
            if reason:
                self.stats["refused"] += 1
                await link.send(message("refused", reason=reason, detail=""))
                return
            seat = self.seats[index]
            await self._attach(index, link, join)
            await self._listen(index, link)
        except ProtocolError as e:
            self.stats["dropped"] += 1
            try:
                await asyncio.wait_for(link.send(message("refused", reason=e.reason, detail="")), 1.0)
            except (TimeoutError, OSError):
                pass
        except (TimeoutError, asyncio.IncompleteReadError, OSError):
            pass
        finally:
            link.close()
            if seat is not None and seat.link is link:
                seat.link = None
                seat.connected = False
                seat.ping_ms = None
                seat.left_at = time.monotonic()
                if seat.outbox is not None:
                    seat.outbox.put_nowait(b"")  # ends its writer
                    seat.outbox = None
                self._seats_changed()

    async def _first_sealed(self, link: Link) -> dict[str, Any] | None:
        """The guest's first sealed message (its join), or None when it did not know the
        code: its frame does not open, or it left on seeing the host's proof. Such a try
        holds its place at the door a while, then is told `code` (in the clear)."""
        try:
            return await asyncio.wait_for(link.recv(MAX_FROM_GUEST), HELLO_TIMEOUT)
        except (Tampered, asyncio.IncompleteReadError, ConnectionError):
            pass
        self.stats["refused"] += 1
        await asyncio.sleep(WRONG_CODE_PAUSE)
        link.sealer = None
        try:
            await asyncio.wait_for(link.send(message("refused", reason=p.REFUSED_CODE, detail="")), 1.0)
        except (TimeoutError, OSError):
            pass
        return None

    def _admit(self, join: dict[str, Any]) -> tuple[int, str]:
        """The seat for a guest who knew the code: its own (by token) or a free one."""
        now = time.monotonic()
        for s in self.seats:  # a token past its time frees the seat
            if s.kind == REMOTE and s.token and not s.connected and s.left_at is not None:
                if now - s.left_at > self.rejoin_seconds:
                    s.token = ""
        token = join["token"]
        if token:
            for i, s in enumerate(self.seats):
                if s.kind == REMOTE and s.token and hmac.compare_digest(s.token.encode(), token.encode()):
                    return i, ""
            return -1, p.REFUSED_TOKEN
        for i, s in enumerate(self.seats):
            if s.kind == REMOTE and not s.token:
                return i, ""
        return -1, p.REFUSED_FULL

    async def _attach(self, index: int, link: Link, hello: dict[str, Any]) -> None:
        s = self.seats[index]
        if s.link is not None:  # the same guest again, its old connection half-open
            s.link.close()
        if not s.token:
            s.token = p.new_token()
        s.guest = "".join(c for c in hello["name"] if c.isprintable())[:40]
        s.link, s.connected, s.left_at = link, True, None
        s.outbox = asyncio.Queue(maxsize=OUTBOX)
        update = self._last or self._update(None, None, [])
        await link.send(
            message(
                "welcome",
                seat=index,
                token=s.token,
                seats=self.seat_list(),
                started=self.started,
                config=dict(self.config.to_json(), seed=0),
                update=update,
            )
        )
        await self._after_welcome(link)
        self._spawn(self._writer(s, link, s.outbox))
        self._write_autosave()
        self._seats_changed()

    async def _after_welcome(self, link: Link) -> None:
        """What a guest that joins gets after the welcome: the events of the moves before
        (its log), and the whole game if it is over."""
        await link.send(self._past())
        if self.state.is_over:
            await link.send(self._record())

    def _past(self) -> dict[str, Any]:
        """The public events of every move so far, each with who made it, as the updates
        carried them (a table resumed from its autosave, or begun from a game under way,
        replays its game from the start once to have them). At most MAX_PAST bytes: beyond
        it the view before the first move goes, then the oldest moves."""
        if self._start is None or len(self._moves) != len(self.state.actions()):
            game = new_game(self.config, self.rules)
            self._start = public_view(game)
            self._moves = []
            for action in self.state.actions():
                seat = game.to_move
                self._moves.append({"seat": seat, "events": [_event(e) for e in game.apply(action)]})
        start: dict[str, Any] | None = self._start
        moves = self._moves
        sizes = [len(json.dumps(m, separators=(",", ":"), ensure_ascii=False).encode()) + 1 for m in moves]
        room = p.MAX_PAST - 64
        total = sum(sizes) + len(json.dumps(start, separators=(",", ":")).encode())
        first = 0
        if total > room:
            start = None
            total = sum(sizes)
            while total > room and first < len(moves):
                total -= sizes[first]
                first += 1
        return message("past", first=first, start=start, moves=moves[first:])

    def _record(self) -> dict[str, Any]:
        """The whole game, seed and all, for a game that is over (never before)."""
        assert self.state.is_over
        return message(
            "record",
            config=self.config.to_json(),
            actions=[a.to_json() for a in self.state.actions()],
            seats=[s.level if s.kind == BOT else PERSON for s in self.seats],
        )

    async def _writer(self, s: Seat, link: Link, outbox: asyncio.Queue[bytes]) -> None:
        try:
            while True:
                frame = await outbox.get()
                if not frame:
                    return
                await link.send_frame(frame)
        except (TimeoutError, OSError):
            link.close()

    def _post(self, s: Seat, frame: bytes) -> None:
        if s.outbox is None or s.link is None:
            return
        try:
            s.outbox.put_nowait(frame)
        except asyncio.QueueFull:  # reads too slowly: it will rejoin and get the table anew
            s.link.close()

    async def _listen(self, index: int, link: Link) -> None:
        tokens, last = BURST, time.monotonic()
        while True:
            msg = await asyncio.wait_for(link.recv(MAX_FROM_GUEST), IDLE_TIMEOUT)
            now = time.monotonic()
            tokens = min(BURST, tokens + (now - last) * RATE) - 1
            last = now
            if tokens < 0:
                raise ProtocolError(p.DROPPED_FLOOD)
            p.check(msg, p.FROM_GUEST)
            kind = msg["t"]
            if kind == "pong":
                sent = msg["ts"]
                if 0 < sent <= time.monotonic_ns() // 1000:
                    self.seats[index].ping_ms = (time.monotonic_ns() // 1000 - sent) / 1000
            elif kind == "action":
                if self._guest_action(index, msg):
                    tokens += 1  # a move the game asked for is never too many
            elif kind == "undo_vote":
                self._undo_vote(index, msg)
            elif kind == "bye":
                return
            else:  # a second hello or join
                raise ProtocolError(p.DROPPED_MALFORMED, "hello again")

    def _guest_action(self, index: int, msg: dict[str, Any]) -> bool:
        try:
            action = action_from_parts(msg["action"])
            reason = self._why_not(index, action)
        except (IllegalAction, TypeError, ValueError):
            reason = p.REJECTED_ILLEGAL
        if reason:
            self.stats["rejected"] += 1
            self._post(self.seats[index], p.encode(message("rejected", seq=msg["seq"], reason=reason)))
            return False
        self._apply(index, action)
        return True

    async def _pinger(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(PING_INTERVAL)
            ping = p.encode(message("ping", ts=time.monotonic_ns() // 1000))
            for s in self.seats:
                self._post(s, ping)
            ticks += 1
            if ticks % 5 == 0:
                self._seats_changed()  # the pings, now and then

    def _seats_changed(self) -> None:
        seats = self.seat_list()
        frame = p.encode(message("seats", seats=seats, started=self.started))
        for s in self.seats:
            self._post(s, frame)
        self.inbox.put(("seats", seats))

    # Through a relay -------------------------------------------------------------------------
    async def _relay_loop(self) -> None:
        """Keep a connection to the relay under this table's id (the code's first part; the
        relay never learns the rest); each guest is a channel. An id the relay has taken is
        changed while no guest holds the code's seat yet (("code", code) in the inbox)."""
        from vikings.net.relay import RelayRefused, register

        assert self.relay is not None
        while True:
            try:
                mux = self._mux = await register(self.relay[0], self.relay[1], p.table_id(self.code))
                await self._relay_read(mux)
            except RelayRefused as e:
                if e.reason == "taken" and not any(s.token for s in self.seats if s.kind == REMOTE):
                    self.code = p.new_table_id(self.code)
                    self._write_autosave()
                    self.inbox.put(("code", self.code))
                    continue
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ProtocolError):
                pass
            for link in list(self._mux.channels.values()) if self._mux else []:
                link.close()
            await asyncio.sleep(1.0)

    async def _relay_read(self, mux: RelayMux) -> None:
        while True:
            channel, kind, body = await mux.read()
            if kind == OPEN and channel not in mux.channels:
                link = mux.channels[channel] = ChannelLink(mux, channel)
                self._spawn(self._serve(link))
            elif kind == DATA and channel in mux.channels:
                link = mux.channels[channel]
                try:
                    link.incoming.put_nowait(body)
                except asyncio.QueueFull:
                    link.close()
            elif kind == CLOSE and channel in mux.channels:
                link = mux.channels.pop(channel)
                link.closed = True
                if link.incoming.full():
                    link.incoming.get_nowait()
                link.incoming.put_nowait(None)


def _event(e: Event) -> dict[str, Any]:
    """An event as plain JSON values (tuples become lists)."""
    return {"type": e.type, "player": e.player, "data": json.loads(json.dumps(e.data))}


__all__ = ["BOT", "LOCAL", "REMOTE", "Host", "Seat"]
