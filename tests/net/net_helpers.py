"""What the network tests share: a raw peer that speaks the protocol by hand (the
handshake and sealing included, or not, as a test wants), and tables set up on loopback."""

from __future__ import annotations

import json
import socket
import struct
import time
from typing import Any

from vikings.engine import GameConfig
from vikings.engine.phases import RULES_VERSION
from vikings.net.host import BOT, REMOTE, Host, Seat
from vikings.net.protocol import PROTOCOL_VERSION, normal_code
from vikings.net.seal import GUEST, HOST, Pake, Sealer, same

ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


def table(rules, *kinds: str, seed: int = 3, options=frozenset(), **kw: Any) -> Host:
    """A started host with one seat per kind ('remote' or a bot level)."""
    seats = [Seat(REMOTE) if k == REMOTE else Seat(BOT, level=k) for k in kinds]
    names = tuple(f"P{i}" for i in range(len(kinds)))
    return Host(rules, GameConfig(names, seed=seed, options=options), seats, **kw).start()


class Raw:
    """A peer written by hand on a plain socket: sends whatever a test wants. After a
    handshake (`hello` as a guest, `answer` as a host) its frames are sealed."""

    def __init__(self, port: int | None = None, timeout: float = 5.0, sock: socket.socket | None = None):
        self.sock = sock if sock is not None else socket.create_connection(("127.0.0.1", port), timeout)
        self.sock.settimeout(timeout)
        self.sealer: Sealer | None = None
        self.plain_replies = False  # a guest that got the code wrong: the host answers in the clear

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def frame(self, message: dict[str, Any]) -> bytes:
        """A message as this peer puts it on the wire (sealed after the handshake)."""
        body = json.dumps(message).encode()
        if self.sealer is not None:
            body = self.sealer.seal(body)
        return struct.pack(">I", len(body)) + body

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall(self.frame(message))

    def refused(self, reason: str) -> None:
        """The host answered with a refusal for `reason` and closed the connection."""
        assert self.recv() == {"t": "refused", "reason": reason, "detail": ""}
        assert self.closed()

    def hello(self, rules, join_code: str, token: str | None = None, name: str = "raw", **change: Any) -> None:
        """The handshake with `join_code`, then a join (`change`: the opener's fields, or
        `code` for a different code). With a wrong code the host's proof is ignored and
        the join sent all the same, sealed with the wrong key."""
        pake = Pake(normal_code(change.pop("code", join_code)), GUEST)
        opener = {
            "t": "hello",
            "protocol": PROTOCOL_VERSION,
            "rules_version": RULES_VERSION,
            "rules_digest": rules.digest,
            "code": pake.message.hex(),
            "name": "",
            "token": None,
        }
        opener.update(change)
        self.send(opener)
        reply = self.recv()
        if reply is None or reply["t"] != "pake":
            self.back = reply  # refused at the door: the next recv() returns it
            return
        sealer, proof = pake.finish(bytes.fromhex(reply["msg"]))
        self.plain_replies = not same(proof, bytes.fromhex(reply["confirm"]))
        self.sealer = sealer
        self.send({"t": "join", "name": name, "token": token})

    def answer(self, join_code: str) -> dict[str, Any] | None:
        """As a host: answer a guest's opener with `join_code`; the guest's join."""
        opener = self.recv()
        assert opener is not None and opener["t"] == "hello"
        pake = Pake(normal_code(join_code), HOST)
        sealer, proof = pake.finish(bytes.fromhex(opener["code"]))
        self.send({"t": "pake", "msg": pake.message.hex(), "confirm": proof.hex()})
        self.sealer = sealer
        return self.recv()

    back: dict[str, Any] | None = None

    def recv(self) -> dict[str, Any] | None:
        """The next message, None when the other side closed the connection."""
        if self.back is not None:
            back, self.back = self.back, None
            return back
        head = self._exactly(4)
        if head is None:
            return None
        body = self._exactly(struct.unpack(">I", head)[0])
        if body is None:
            return None
        if self.sealer is not None and not self.plain_replies:
            body = self.sealer.open(body)
        return json.loads(body)

    def recv_until(self, kind: str) -> dict[str, Any] | None:
        while True:
            msg = self.recv()
            if msg is None or msg["t"] == kind:
                return msg

    def closed(self) -> bool:
        """Whether the host closes the connection (reading what it still sends)."""
        try:
            while True:
                if self.recv() is None:
                    return True
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True

    def _exactly(self, n: int) -> bytes | None:
        data = b""
        while len(data) < n:
            try:
                chunk = self.sock.recv(n - len(data))
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            data += chunk
        return data

    def close(self) -> None:
        self.sock.close()


def wait(predicate, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


class Proxy:
    """A man in the middle on loopback: forwards every connection to `port` and keeps all
    the bytes it passes (`seen`). With `fault` ("flip", "replay" or "drop") and `to`
    ("guest" or "host"), the first connection's frame number `at` in that direction (frames
    as protocol.encode makes them) is altered, sent twice, or left out; later connections
    pass untouched."""

    def __init__(self, port: int, fault: str = "", to: str = "guest", at: int = 4):
        import asyncio
        import threading

        self.target, self.fault, self.to, self.at = port, fault, to, at
        self.seen: list[bytes] = []
        self.connections = 0
        self.done = False  # the fault was made
        self.loop = asyncio.new_event_loop()
        self.server = self.loop.run_until_complete(asyncio.start_server(self._accept, "127.0.0.1", 0))
        self.port = self.server.sockets[0].getsockname()[1]
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    async def _accept(self, reader, writer) -> None:
        import asyncio

        self.connections += 1
        faulty = self.connections == 1 and bool(self.fault)
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        pumps = [
            asyncio.ensure_future(self._pump(reader, up_writer, faulty and self.to == "host")),
            asyncio.ensure_future(self._pump(up_reader, writer, faulty and self.to == "guest")),
        ]
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for pump in pumps:
            pump.cancel()
        writer.close()
        up_writer.close()

    async def _pump(self, reader, writer, faulty: bool) -> None:
        import asyncio

        n = 0
        try:
            while True:
                if not faulty:
                    chunk = await reader.read(65536)
                    if not chunk:
                        return
                    self.seen.append(chunk)
                    writer.write(chunk)
                    await writer.drain()
                    continue
                head = await reader.readexactly(4)
                frame = head + await reader.readexactly(struct.unpack(">I", head)[0])
                self.seen.append(frame)
                if n == self.at:
                    self.done = True
                    if self.fault == "flip":
                        frame = frame[:-1] + bytes([frame[-1] ^ 0x01])
                    elif self.fault == "replay":
                        frame = frame + frame
                    elif self.fault == "drop":
                        frame = b""
                n += 1
                writer.write(frame)
                await writer.drain()
        except (asyncio.IncompleteReadError, OSError):
            return

    def bytes_seen(self) -> bytes:
        return b"".join(self.seen)

    def close(self) -> None:
        from vikings.net.links import wind_up

        self.loop.call_soon_threadsafe(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        wind_up(self.loop)
