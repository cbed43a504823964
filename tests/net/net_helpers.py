"""What the network tests share: a raw guest that speaks the protocol by hand, and
tables set up on loopback."""

from __future__ import annotations

import json
import socket
import struct
import time
from typing import Any

from vikings.engine import GameConfig
from vikings.engine.phases import RULES_VERSION
from vikings.net.host import BOT, REMOTE, Host, Seat
from vikings.net.protocol import PROTOCOL_VERSION

ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


def table(rules, *kinds: str, seed: int = 3, options=frozenset(), **kw: Any) -> Host:
    """A started host with one seat per kind ('remote' or a bot level)."""
    seats = [Seat(REMOTE) if k == REMOTE else Seat(BOT, level=k) for k in kinds]
    names = tuple(f"P{i}" for i in range(len(kinds)))
    return Host(rules, GameConfig(names, seed=seed, options=options), seats, **kw).start()


class Raw:
    """A guest written by hand on a plain socket: sends whatever a test wants."""

    def __init__(self, port: int, timeout: float = 5.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout)
        self.sock.settimeout(timeout)

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        self.sock.sendall(struct.pack(">I", len(body)) + body)

    def hello(self, rules, join_code: str, token: str | None = None, **change: Any) -> None:
        msg = {
            "t": "hello",
            "protocol": PROTOCOL_VERSION,
            "rules_version": RULES_VERSION,
            "rules_digest": rules.digest,
            "code": join_code,
            "name": "raw",
            "token": token,
        }
        msg.update(change)
        self.send(msg)

    def recv(self) -> dict[str, Any] | None:
        """The next message, None when the host closed the connection."""
        head = self._exactly(4)
        if head is None:
            return None
        body = self._exactly(struct.unpack(">I", head)[0])
        return None if body is None else json.loads(body)

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
