"""The table's messages: one JSON object per frame, a frame being a 4-byte big-endian
length and that many bytes of UTF-8 JSON. After the handshake (seal.py) a frame's bytes
are sealed: the JSON encrypted and authenticated, SEAL_OVERHEAD bytes longer.

Every frame is bounded (`MAX_FROM_GUEST`, `MAX_FROM_HOST`) before it is read, and every
message is checked against its schema (`check`) before anything acts on it. A message
that fails is answered with a reason code and the connection closed; nothing in it is
echoed back or evaluated.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import struct
from typing import Any

PROTOCOL_VERSION = 2  # 2: the handshake on the join code, every frame after it sealed
MAX_FROM_GUEST = 4 * 1024  # a guest sends hellos, actions and pongs: small
MAX_FROM_HOST = 512 * 1024  # the host sends the public view with every update
SEAL_OVERHEAD = 16  # a sealed frame's authentication tag (seal.py); the bounds above are the JSON's
MAX_RELAY_CONTROL = 1024
MAX_PAST = 256 * 1024  # the past moves' events a joining guest gets (the oldest left out beyond it)
MAX_RECORD_ACTIONS = 2_000  # a finished game has about 200
HEADER = struct.Struct(">I")

# Why a host refuses a guest or drops it (the screens will word them; bots hold no words).
REFUSED_PROTOCOL = "protocol"  # a different protocol version
REFUSED_RULES = "rules"  # a different rules edition or different data files
REFUSED_CODE = "code"  # the join code does not match
REFUSED_FULL = "full"  # no free remote seat
REFUSED_TOKEN = "token"  # a rejoin token that no seat holds (or has expired)
DROPPED_MALFORMED = "malformed"  # a frame that is not a valid message
DROPPED_TOO_LARGE = "too_large"
DROPPED_FLOOD = "flood"  # more messages than the rate limit
DROPPED_TIMEOUT = "timeout"  # silent too long (hello, pong)
REASONS = (
    REFUSED_PROTOCOL,
    REFUSED_RULES,
    REFUSED_CODE,
    REFUSED_FULL,
    REFUSED_TOKEN,
    DROPPED_MALFORMED,
    DROPPED_TOO_LARGE,
    DROPPED_FLOOD,
    DROPPED_TIMEOUT,
)
# Why the host rejects one action (the guest stays).
REJECTED_NOT_YOUR_TURN = "not_your_turn"
REJECTED_ILLEGAL = "illegal"
REJECTED_OVER = "over"
REJECTED_PAUSED = "paused"  # the table is voting on an undo
# Why an undo the host asked for did not happen.
UNDO_NOTHING = "nothing"  # no move to take back
UNDO_MISSING = "missing"  # a guest is not at the table to agree
UNDO_DECLINED = "declined"
UNDO_TIMEOUT = "timeout"

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed
# A join code is the table's id at a relay (public: the relay pairs host and guests by it)
# followed by the secret (never sent: the handshake proves both sides know it).
TABLE_LENGTH = 3  # 32^3 ids: a relay holds at most 500 tables
SECRET_LENGTH = 6  # 2^30 secrets, guessed online only, at a bounded rate
CODE_LENGTH = TABLE_LENGTH + SECRET_LENGTH


class ProtocolError(Exception):
    """A frame or message that breaks the protocol; `reason` is one of REASONS."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


def new_code() -> str:
    """A random join code: 9 of 32 symbols, the table's id (3) and the secret (6, 2^30)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_table_id(code: str) -> str:
    """The same code with another table id (the relay had the first one taken)."""
    return new_code()[:TABLE_LENGTH] + code[TABLE_LENGTH:]


def valid_code(code: str) -> bool:
    """Whether a normal_code is a join code of this version."""
    return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def table_id(code: str) -> str:
    """What a relay is told of a join code: the table's id, not the secret."""
    return code[:TABLE_LENGTH]


def shown_code(code: str) -> str:
    """A join code as people read it: three groups of three (ABC-DEF-GHJ)."""
    return "-".join(code[i : i + 3] for i in range(0, len(code), 3))


def new_token() -> str:
    """A seat's rejoin token: secret, 128 bits."""
    return secrets.token_hex(16)


def normal_code(text: str) -> str:
    return text.strip().upper().replace("-", "").replace(" ", "")


# Frames -----------------------------------------------------------------------------------
def encode(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    return HEADER.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes:
    """One frame's body; ProtocolError when it is larger than `limit` (nothing more is read).
    asyncio.IncompleteReadError when the connection closes."""
    head = await reader.readexactly(HEADER.size)
    (size,) = HEADER.unpack(head)
    if size > limit:
        raise ProtocolError(DROPPED_TOO_LARGE, f"{size} bytes > {limit}")
    return await reader.readexactly(size)


def decode(body: bytes) -> dict[str, Any]:
    """A frame's body as a message: a JSON object with a known type that fits its schema."""
    try:
        message = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise ProtocolError(DROPPED_MALFORMED, type(e).__name__) from None
    check(message)
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# Schemas ----------------------------------------------------------------------------------
# Per message type: field -> kind. Kinds: "int" (not bool), "str", "str?" (str or None),
# "bool", "list", "dict", "list?" / "dict?" / "int?" (or None). Fields not listed are refused.
_SCHEMAS: dict[str, dict[str, str]] = {
    # guest -> host. The hello opens a connection, in the clear: it keeps protocol 1's
    # fields so that an older copy refuses it as another version; its `code` carries the
    # guest's key exchange message (seal.py), never the join code; `name` is empty and
    # `token` null. Sealed from then on: `join` names the guest (and the seat to rejoin).
    "hello": {
        "protocol": "int",
        "rules_version": "int",
        "rules_digest": "str",
        "code": "str",
        "name": "str",
        "token": "str?",
    },
    "join": {"name": "str", "token": "str?"},
    "action": {"seq": "int", "action": "list"},
    "pong": {"ts": "int"},
    "bye": {},
    "undo_vote": {"to": "int", "yes": "bool"},
    # host -> guest. `pake`, in the clear: the host's key exchange message and its proof of
    # the key (only a host that knows the code can make it).
    "pake": {"msg": "str", "confirm": "str"},
    "welcome": {"seat": "int", "token": "str", "seats": "list", "started": "bool", "config": "dict", "update": "dict?"},
    "refused": {"reason": "str", "detail": "str"},
    "update": {
        "n": "int",
        "seat": "int?",
        "action": "list?",
        "events": "list",
        "view": "dict",
        "digest": "str",
        "ts": "int",  # when the host applied it (microseconds of the host's wall clock)
    },
    "rejected": {"seq": "int", "reason": "str"},
    "seats": {"seats": "list", "started": "bool"},  # started: play has begun (the lobby is over)
    "ping": {"ts": "int"},
    # An undo: the host asks to go back to move `to`; everyone agrees or it does not happen.
    "undo_ask": {"to": "int"},
    "undo_done": {"to": "int", "done": "bool", "update": "dict?"},
    # After a welcome: the public events of the moves made before it, for the guest's log
    # (`first`: the number of moves left out at the start; `start`: the public view before
    # the first move, when none is left out).
    "past": {"first": "int", "start": "dict?", "moves": "list"},
    # Only once the game is over: the whole game (its config with the seed, the actions) and
    # each seat as a table file has it ("person" or a bot's level), to review and record.
    "record": {"config": "dict", "actions": "list", "seats": "list"},
}
FROM_GUEST = ("hello", "join", "action", "pong", "bye", "undo_vote")
FROM_HOST = (
    "pake",
    "welcome",
    "refused",
    "update",
    "rejected",
    "seats",
    "ping",
    "undo_ask",
    "undo_done",
    "past",
    "record",
)
_LIMITS = {"str": 200, "list": 64}  # guests' strings and lists (the host's view is bounded by size)


def check(message: object, allowed: tuple[str, ...] | None = None) -> None:
    """Raise ProtocolError unless `message` is an object of a known type (one of `allowed`)
    whose fields are exactly its schema's, each of the right kind."""
    if not isinstance(message, dict):
        raise ProtocolError(DROPPED_MALFORMED, "not an object")
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in _SCHEMAS or (allowed is not None and kind not in allowed):
        raise ProtocolError(DROPPED_MALFORMED, "unknown type")
    schema = _SCHEMAS[kind]
    if set(message) != set(schema) | {"t"}:
        raise ProtocolError(DROPPED_MALFORMED, f"{kind}: wrong fields")
    for field, want in schema.items():
        if not _fits(message[field], want, kind in FROM_GUEST):
            raise ProtocolError(DROPPED_MALFORMED, f"{kind}.{field}: not {want}")


def _fits(value: object, want: str, bounded: bool) -> bool:
    if want.endswith("?"):
        if value is None:
            return True
        want = want[:-1]
    if want == "int":
        return isinstance(value, int) and not isinstance(value, bool) and -(2**53) <= value <= 2**53
    if want == "str":
        return isinstance(value, str) and (not bounded or len(value) <= _LIMITS["str"])
    if want == "bool":
        return isinstance(value, bool)
    if want == "list":
        return isinstance(value, list) and (not bounded or len(value) <= _LIMITS["list"])
    if want == "dict":
        return isinstance(value, dict)
    return False


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message of `kind` (checked: a host or guest never sends what the other refuses)."""
    out = {"t": kind, **fields}
    check(out)
    return out
