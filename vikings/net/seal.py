"""The key exchange on the join code, and the sealing of every frame after it.

Host and guest share only the join code, a short secret people read aloud. SPAKE2 (the
`spake2` package, magic-wormhole's) turns it into a strong key: someone who only listens
learns nothing of the code or the key, and someone who takes part (a guest, a relay, anyone
on the path) gets one guess at the code per exchange and learns only whether it was right.
From the key, HKDF-SHA256 derives a key for each direction and the host's proof that it
knows the code. Every frame after the exchange is sealed with ChaCha20-Poly1305; its nonce
is the frame's number in its direction, never sent and never used twice, so a frame that
was altered, replayed, reordered or left out does not open (`Tampered`).

No primitive is written here: the exchange, the key derivation and the cipher are the
libraries'. This module only names the purposes and counts the frames.
"""

from __future__ import annotations

import hmac

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from vikings.net.protocol import DROPPED_MALFORMED, SEAL_OVERHEAD, ProtocolError

GUEST, HOST = "guest", "host"
_IDS = {GUEST: b"vikings/2 guest", HOST: b"vikings/2 host"}
PAKE_MESSAGE = 33  # bytes of a SPAKE2 message (Ed25519: a side byte and a point)


class Tampered(ConnectionError):
    """A sealed frame that does not open: altered, replayed, out of order or after a gap."""


class Sealer:
    """One connection's two directions: seal what is sent, open what arrives, in order."""

    def __init__(self, send_key: bytes, receive_key: bytes):
        self._send, self._receive = ChaCha20Poly1305(send_key), ChaCha20Poly1305(receive_key)
        self.sent = self.received = 0

    def seal(self, body: bytes) -> bytes:
        nonce = self.sent.to_bytes(12, "big")
        self.sent += 1
        return self._send.encrypt(nonce, body, None)

    def open(self, body: bytes) -> bytes:
        if len(body) < SEAL_OVERHEAD:
            raise Tampered("a sealed frame too short to open")
        try:
            plain = self._receive.decrypt(self.received.to_bytes(12, "big"), body, None)
        except InvalidTag:
            raise Tampered(f"frame {self.received} does not open") from None
        self.received += 1
        return plain


def _derive(key: bytes, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"vikings/2 " + purpose).derive(key)


class Pake:
    """One side's key exchange on `code` (the guest is SPAKE2's A, the host its B)."""

    def __init__(self, code: str, side: str):
        kind = SPAKE2_A if side == GUEST else SPAKE2_B
        self.side = side
        self._spake = kind(code.encode("utf-8"), idA=_IDS[GUEST], idB=_IDS[HOST])
        self.message: bytes = self._spake.start()

    def finish(self, other: bytes) -> tuple[Sealer, bytes]:
        """The connection's sealer and the host's proof of the key, from the other side's
        message (ProtocolError when it is not one)."""
        if len(other) != PAKE_MESSAGE:
            raise ProtocolError(DROPPED_MALFORMED, "not a key exchange message")
        try:
            key = self._spake.finish(other)
        except Exception:  # the library's refusal of foreign bytes (wrong side, not a point...)
            raise ProtocolError(DROPPED_MALFORMED, "not a key exchange message") from None
        to_host, to_guest = _derive(key, b"guest to host"), _derive(key, b"host to guest")
        sealer = Sealer(to_host, to_guest) if self.side == GUEST else Sealer(to_guest, to_host)
        return sealer, _derive(key, b"host knows the code")


def same(a: bytes, b: bytes) -> bool:
    return hmac.compare_digest(a, b)
