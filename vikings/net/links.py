"""The connections host and guest talk over: a TCP stream, or one channel of a host's
connection to a relay. Both carry whole frames (protocol.encode) and read them bounded.

A connection opens with the handshake (`guest_handshake`, `host_handshake`: the key
exchange on the join code, seal.py); from then on its `sealer` seals every frame sent and
opens every frame received, and a frame that does not open ends the connection."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from typing import Any

from vikings.net import protocol as p
from vikings.net.protocol import DROPPED_TOO_LARGE, HEADER, SEAL_OVERHEAD, ProtocolError, decode, encode, read_frame
from vikings.net.seal import GUEST, HOST, Pake, Sealer, same

SEND_TIMEOUT = 10.0  # a peer that takes longer to accept a frame is dropped

# Between a host and the relay: length, channel, kind, then the frame's body.
MUX = struct.Struct(">IIB")
OPEN, DATA, CLOSE = 0, 1, 2


class Link:
    """One peer. `recv` returns the next checked message; `send_frame` an encoded frame.
    `watch`, when set, sees every frame sent, before it is sealed (tests inspect what a
    guest receives). `sealer`, once the handshake set it, seals and opens every frame."""

    peer = "?"
    watch: Callable[[bytes], None] | None = None
    sealer: Sealer | None = None

    async def recv(self, limit: int) -> dict[str, Any]:
        raise NotImplementedError

    async def send_frame(self, frame: bytes) -> None:
        raise NotImplementedError

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_frame(encode(message))

    def close(self) -> None:
        raise NotImplementedError

    def _bound(self, limit: int) -> int:
        return limit + (SEAL_OVERHEAD if self.sealer is not None else 0)

    def _outgoing(self, frame: bytes) -> bytes:
        """A frame as it goes on the wire: sealed after the handshake (the numbering of the
        frames is the order of these calls: the caller writes the result at once)."""
        if self.watch is not None:
            self.watch(frame)
        if self.sealer is None:
            return frame
        body = self.sealer.seal(frame[HEADER.size :])
        return HEADER.pack(len(body)) + body

    def _incoming(self, body: bytes) -> dict[str, Any]:
        if self.sealer is not None:
            body = self.sealer.open(body)
        return decode(body)


class TcpLink(Link):
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)

    async def recv(self, limit: int) -> dict[str, Any]:
        return self._incoming(await read_frame(self.reader, self._bound(limit)))

    async def send_frame(self, frame: bytes) -> None:
        self.writer.write(self._outgoing(frame))
        await asyncio.wait_for(self.writer.drain(), SEND_TIMEOUT)

    def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()


async def connect(host: str, port: int, timeout: float = 5.0) -> TcpLink:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    return TcpLink(reader, writer)


class RelayMux:
    """A host's connection to a relay: one channel per guest (relay.py)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, limit: int):
        self.reader, self.writer, self.limit = reader, writer, limit
        self.channels: dict[int, ChannelLink] = {}

    async def read(self) -> tuple[int, int, bytes]:
        size, channel, kind = MUX.unpack(await self.reader.readexactly(MUX.size))
        if size > self.limit:
            raise ProtocolError(DROPPED_TOO_LARGE, f"{size} bytes from the relay")
        return channel, kind, await self.reader.readexactly(size)

    async def write(self, channel: int, kind: int, body: bytes) -> None:
        self.writer.write(MUX.pack(len(body), channel, kind) + body)
        await asyncio.wait_for(self.writer.drain(), SEND_TIMEOUT)

    def write_nowait(self, channel: int, kind: int, body: bytes) -> None:
        """A short frame put in the send buffer without waiting (closing a channel)."""
        if not self.writer.is_closing():
            self.writer.write(MUX.pack(len(body), channel, kind) + body)

    def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()


class ChannelLink(Link):
    """A guest reached through the relay: frames arrive on a queue the mux fills."""

    def __init__(self, mux: RelayMux, channel: int):
        self.mux, self.channel = mux, channel
        self.peer = f"relay#{channel}"
        self.incoming: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=64)
        self.closed = False

    async def recv(self, limit: int) -> dict[str, Any]:
        body = await self.incoming.get()
        if body is None:
            raise ConnectionError("the relay closed the channel")
        if len(body) > self._bound(limit):
            raise ProtocolError(DROPPED_TOO_LARGE, f"{len(body)} bytes > {limit}")
        return self._incoming(body)

    async def send_frame(self, frame: bytes) -> None:
        if self.closed:
            raise ConnectionError("channel closed")
        await self.mux.write(self.channel, DATA, self._outgoing(frame)[HEADER.size :])

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.mux.channels.pop(self.channel, None)
            self.mux.write_nowait(self.channel, CLOSE, b"")
            if self.incoming.empty():
                self.incoming.put_nowait(None)


# The handshake ----------------------------------------------------------------------------------
class Refused(Exception):
    """The host refused at the door (`reason`: protocol.REASONS), or did not prove that it
    knows the code (`code`)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


async def guest_handshake(link: Link, code: str, rules_version: int, rules_digest: str) -> None:
    """Open the connection as a guest with join code `code`: Refused, or `link` sealed."""
    loop = asyncio.get_running_loop()
    pake = await loop.run_in_executor(None, Pake, code, GUEST)
    hello = p.message(
        "hello",
        protocol=p.PROTOCOL_VERSION,
        rules_version=rules_version,
        rules_digest=rules_digest,
        code=pake.message.hex(),
        name="",
        token=None,
    )
    await link.send(hello)
    reply = await link.recv(p.MAX_FROM_HOST)
    p.check(reply, ("pake", "refused"))
    if reply["t"] == "refused":
        raise Refused(reply["reason"])
    sealer, proof = await loop.run_in_executor(None, pake.finish, _unhex(reply["msg"]))
    if not same(proof, _unhex(reply["confirm"])):
        raise Refused(p.REFUSED_CODE)  # (or someone between us guessed it, wrongly)
    link.sealer = sealer


async def host_handshake(link: Link, code: str, rules_version: int, rules_digest: str) -> str:
    """Answer a guest's hello: the reason to refuse it (sent by the caller, in the clear),
    or "" with `link` sealed. Whether the guest knew the code shows in its first sealed
    frame: it opens only if it did."""
    hello = await link.recv(p.MAX_FROM_GUEST)
    p.check(hello, ("hello",))
    if hello["protocol"] != p.PROTOCOL_VERSION:
        return p.REFUSED_PROTOCOL
    if hello["rules_version"] != rules_version or hello["rules_digest"] != rules_digest:
        return p.REFUSED_RULES
    theirs = _unhex(hello["code"])
    loop = asyncio.get_running_loop()
    pake = await loop.run_in_executor(None, Pake, code, HOST)
    sealer, proof = await loop.run_in_executor(None, pake.finish, theirs)
    await link.send(p.message("pake", msg=pake.message.hex(), confirm=proof.hex()))
    link.sealer = sealer
    return ""


def _unhex(text: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise ProtocolError(p.DROPPED_MALFORMED, "not hex") from None


def wind_up(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what still runs on a loop that is done, let it finish, close the loop."""
    asyncio.set_event_loop(loop)
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.close()
