"""The relay: a small server that lets players behind routers meet. `vikings relay`.

A host connects and registers its table's id (the first part of the join code); guests
connect and name the id. The relay gives each guest a channel on the host's connection
and forwards frames between them, whole and unread: it never parses what host and guests
say, it only bounds each frame's size (protocol.MAX_FROM_GUEST, MAX_FROM_HOST, sealed),
the rate of frames, the number of tables and of guests at one table.

What it sees: the addresses of host and guests, the table ids, and the size and timing
of the frames. Not the rest of the join code, the secret: host and guest prove to each
other that they know it by a key exchange (seal.py) the relay only forwards, and every
frame after it is sealed with their key. A relay that plays host or guest itself gets
one guess at the code per connection, like anyone else.

Between a host and the relay, frames are links.MUX: length, channel, kind (OPEN when a
guest arrives, DATA, CLOSE when one leaves or is to be dropped), then the body. Between
a guest and the relay, ordinary frames (protocol.encode) after the first.
The first frame of either is a control message: {"t": "relay_host", "table": T} or
{"t": "relay_join", "table": T}, answered {"t": "relay_ok"} or {"t": "relay_refused",
"reason": R} (R: "malformed", "taken", "unknown", "full", "busy").
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from vikings.net.links import CLOSE, DATA, MUX, OPEN, SEND_TIMEOUT, Link, RelayMux
from vikings.net.protocol import (
    CODE_ALPHABET,
    HEADER,
    MAX_FROM_GUEST,
    MAX_FROM_HOST,
    MAX_RELAY_CONTROL,
    SEAL_OVERHEAD,
    TABLE_LENGTH,
    ProtocolError,
    encode,
    normal_code,
    read_frame,
)

DEFAULT_PORT = 47820
HELLO_TIMEOUT = 5.0
MAX_TABLES = 500
MAX_GUESTS = 8  # connections per table at once (seats, plus some rejoining)
GUEST_RATE, GUEST_BURST = 20.0, 40.0
HOST_RATE, HOST_BURST = 400.0, 800.0
GUEST_OUTBOX = 256


class Bucket:
    """A token bucket: `take()` is False once more than `burst` frames came faster than `rate`."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) - 1
        self.last = now
        return self.tokens >= 0


class _Table:
    def __init__(self, writer: asyncio.StreamWriter):
        self.writer = writer
        self.guests: dict[int, asyncio.Queue[bytes]] = {}
        self.next = 1

    async def to_host(self, channel: int, kind: int, body: bytes) -> None:
        self.writer.write(MUX.pack(len(body), channel, kind) + body)
        await asyncio.wait_for(self.writer.drain(), SEND_TIMEOUT)


class Relay:
    def __init__(self) -> None:
        self.tables: dict[str, _Table] = {}
        self.forwarded = 0  # frames passed on
        self.refused = 0
        self.server: asyncio.AbstractServer | None = None

    async def start(self, bind: str = "0.0.0.0", port: int = DEFAULT_PORT) -> int:
        self.server = await asyncio.start_server(self._accept, bind, port)
        return int(self.server.sockets[0].getsockname()[1])

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            try:
                body = await asyncio.wait_for(read_frame(reader, MAX_RELAY_CONTROL), HELLO_TIMEOUT)
                kind, table_id = _control(body)
            except ProtocolError:
                await self._refuse(writer, "malformed")
                return
            if kind == "relay_host":
                await self._host(table_id, reader, writer)
            else:
                await self._guest(table_id, reader, writer)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ProtocolError):
            pass
        finally:
            writer.close()

    async def _refuse(self, writer: asyncio.StreamWriter, reason: str) -> None:
        self.refused += 1
        writer.write(encode({"t": "relay_refused", "reason": reason}))
        await asyncio.wait_for(writer.drain(), 2.0)

    async def _host(self, table_id: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if table_id in self.tables:
            await self._refuse(writer, "taken")
            return
        if len(self.tables) >= MAX_TABLES:
            await self._refuse(writer, "busy")
            return
        table = self.tables[table_id] = _Table(writer)
        try:
            writer.write(encode({"t": "relay_ok"}))
            await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
            bucket = Bucket(HOST_RATE, HOST_BURST)
            while True:  # the host's frames, to its guests
                size, channel, kind = MUX.unpack(await reader.readexactly(MUX.size))
                if size > MAX_FROM_HOST + SEAL_OVERHEAD or not bucket.take():
                    return
                body = await reader.readexactly(size)
                outbox = table.guests.get(channel)
                if outbox is None:
                    continue
                if kind == CLOSE:
                    table.guests.pop(channel, None)
                    _put(outbox, b"")
                elif kind == DATA:
                    if not _put(outbox, HEADER.pack(len(body)) + body):
                        table.guests.pop(channel, None)
                    self.forwarded += 1
        finally:
            del self.tables[table_id]
            for outbox in table.guests.values():
                _put(outbox, b"")

    async def _guest(self, table_id: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        table = self.tables.get(table_id)
        if table is None:
            await self._refuse(writer, "unknown")
            return
        if len(table.guests) >= MAX_GUESTS:
            await self._refuse(writer, "full")
            return
        channel = table.next
        table.next += 1
        outbox: asyncio.Queue[bytes] = asyncio.Queue(maxsize=GUEST_OUTBOX)
        table.guests[channel] = outbox
        writing = asyncio.ensure_future(_drain_to(outbox, writer))
        try:
            writer.write(encode({"t": "relay_ok"}))
            await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
            await table.to_host(channel, OPEN, b"")
            bucket = Bucket(GUEST_RATE, GUEST_BURST)
            reading = asyncio.ensure_future(self._guest_frames(reader, table, channel, bucket))
            await asyncio.wait((reading, writing), return_when=asyncio.FIRST_COMPLETED)
            reading.cancel()
        finally:
            writing.cancel()
            if table.guests.pop(channel, None) is not None and self.tables.get(table_id) is table:
                try:
                    await table.to_host(channel, CLOSE, b"")
                except (TimeoutError, OSError):
                    pass

    async def _guest_frames(self, reader: asyncio.StreamReader, table: _Table, channel: int, bucket: Bucket) -> None:
        try:
            while channel in table.guests:
                body = await read_frame(reader, MAX_FROM_GUEST + SEAL_OVERHEAD)
                if not bucket.take():
                    return
                await table.to_host(channel, DATA, body)
                self.forwarded += 1
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ProtocolError):
            return


def _put(outbox: asyncio.Queue[bytes], frame: bytes) -> bool:
    try:
        outbox.put_nowait(frame)
        return True
    except asyncio.QueueFull:
        return False


async def _drain_to(outbox: asyncio.Queue[bytes], writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            frame = await outbox.get()
            if not frame:
                return
            writer.write(frame)
            await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
    except (TimeoutError, OSError):
        return


def _control(body: bytes) -> tuple[str, str]:
    try:
        msg = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("malformed") from None
    if not isinstance(msg, dict) or set(msg) != {"t", "table"} or msg["t"] not in ("relay_host", "relay_join"):
        raise ProtocolError("malformed")
    table_id = msg["table"]
    if not isinstance(table_id, str) or len(table_id) > 32:
        raise ProtocolError("malformed")
    table_id = normal_code(table_id)
    if len(table_id) != TABLE_LENGTH or any(c not in CODE_ALPHABET for c in table_id):
        raise ProtocolError("malformed")
    return msg["t"], table_id


# The two ends' side of the handshake ---------------------------------------------------------
class RelayRefused(ConnectionError):
    def __init__(self, reason: str):
        super().__init__(f"the relay refused: {reason}")
        self.reason = reason


async def _answer(reader: asyncio.StreamReader) -> None:
    msg: Any = json.loads(await asyncio.wait_for(read_frame(reader, MAX_RELAY_CONTROL), HELLO_TIMEOUT))
    if not isinstance(msg, dict) or msg.get("t") != "relay_ok":
        raise RelayRefused(str(msg.get("reason", "?")) if isinstance(msg, dict) else "?")


async def register(host: str, port: int, table_id: str) -> RelayMux:
    """A host's connection to the relay, registered under its table's id."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 5.0)
    writer.write(encode({"t": "relay_host", "table": table_id}))
    await writer.drain()
    try:
        await _answer(reader)
    except BaseException:
        writer.close()
        raise
    return RelayMux(reader, writer, MAX_FROM_GUEST + SEAL_OVERHEAD)


async def join(link: Link, table_id: str) -> None:
    """A guest's connection through the relay to the table `table_id` (then the handshake
    with its host, as over a direct connection)."""
    from vikings.net.links import TcpLink

    assert isinstance(link, TcpLink)
    await link.send({"t": "relay_join", "table": table_id})
    await _answer(link.reader)


def relay_main(port: int = DEFAULT_PORT, bind: str = "0.0.0.0") -> int:
    """`vikings relay`: serve until interrupted, a line now and then about what it does."""

    async def run() -> None:
        relay = Relay()
        actual = await relay.start(bind, port)
        print(f"vikings relay on {bind}:{actual}", flush=True)
        while True:
            await asyncio.sleep(60)
            guests = sum(len(t.guests) for t in relay.tables.values())
            print(f"tables {len(relay.tables)}, guests {guests}, frames forwarded {relay.forwarded}", flush=True)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    return 0
