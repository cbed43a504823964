"""The connections host and guest talk over: a TCP stream, or one channel of a host's
connection to a relay. Both carry whole frames (protocol.encode) and read them bounded."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from typing import Any

from vikings.net.protocol import DROPPED_TOO_LARGE, HEADER, ProtocolError, decode, encode, read_frame

SEND_TIMEOUT = 10.0  # a peer that takes longer to accept a frame is dropped

# Between a host and the relay: length, channel, kind, then the frame's body.
MUX = struct.Struct(">IIB")
OPEN, DATA, CLOSE = 0, 1, 2


class Link:
    """One peer. `recv` returns the next checked message; `send_frame` an encoded frame.
    `watch`, when set, sees every frame sent (tests inspect what a guest receives)."""

    peer = "?"
    watch: Callable[[bytes], None] | None = None

    async def recv(self, limit: int) -> dict[str, Any]:
        raise NotImplementedError

    async def send_frame(self, frame: bytes) -> None:
        raise NotImplementedError

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_frame(encode(message))

    def close(self) -> None:
        raise NotImplementedError


class TcpLink(Link):
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)

    async def recv(self, limit: int) -> dict[str, Any]:
        return decode(await read_frame(self.reader, limit))

    async def send_frame(self, frame: bytes) -> None:
        if self.watch is not None:
            self.watch(frame)
        self.writer.write(frame)
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
        if len(body) > limit:
            raise ProtocolError(DROPPED_TOO_LARGE, f"{len(body)} bytes > {limit}")
        return decode(body)

    async def send_frame(self, frame: bytes) -> None:
        if self.closed:
            raise ConnectionError("channel closed")
        if self.watch is not None:
            self.watch(frame)
        await self.mux.write(self.channel, DATA, frame[HEADER.size :])

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.mux.channels.pop(self.channel, None)
            self.mux.write_nowait(self.channel, CLOSE, b"")
            if self.incoming.empty():
                self.incoming.put_nowait(None)


def wind_up(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what still runs on a loop that is done, let it finish, close the loop."""
    asyncio.set_event_loop(loop)
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.close()
