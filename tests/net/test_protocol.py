"""The messages: every frame bounded, every message checked against its schema."""

from __future__ import annotations

import asyncio
import json

import pytest

from vikings.net import protocol as p
from vikings.net.protocol import ProtocolError, check, decode, encode, read_frame


def hello(**change):
    msg = {
        "t": "hello",
        "protocol": 1,
        "rules_version": 2,
        "rules_digest": "x",
        "code": "ABCDEF",
        "name": "Ada",
        "token": None,
    }
    msg.update(change)
    return msg


def test_a_good_message_passes_and_round_trips():
    check(hello())
    assert decode(encode(hello())[4:]) == hello()


@pytest.mark.parametrize(
    "bad",
    [
        [],
        "hello",
        {"t": "nonsense"},
        {"t": 3},
        hello(extra=1),
        {k: v for k, v in hello().items() if k != "code"},
        hello(protocol=True),  # a bool is not a number
        hello(protocol="1"),
        hello(protocol=2**60),
        hello(name="x" * 500),  # guests' strings are short
        hello(token=5),
        {"t": "action", "seq": 1, "action": ["buy"] * 100},  # and their lists
        {"t": "action", "seq": 1, "action": "buy 3"},
    ],
)
def test_a_message_that_breaks_its_schema_is_refused(bad):
    with pytest.raises(ProtocolError) as e:
        check(bad)
    assert e.value.reason == p.DROPPED_MALFORMED


@pytest.mark.parametrize("body", [b"\xff\xfe", b"{", b"NaN", b'{"t": NaN}', b"[" * 100000, b"null"])
def test_bytes_that_are_no_message_are_refused(body):
    with pytest.raises(ProtocolError):
        decode(body)


def test_a_type_not_allowed_here_is_refused():
    with pytest.raises(ProtocolError):
        check({"t": "ping", "ts": 1}, p.FROM_GUEST)


def test_a_frame_larger_than_its_bound_is_refused_before_it_is_read():
    async def read():
        reader = asyncio.StreamReader()
        reader.feed_data((10**7).to_bytes(4, "big") + b"{}")  # claims 10 MB, holds 2 bytes
        return await read_frame(reader, p.MAX_FROM_GUEST)

    with pytest.raises(ProtocolError) as e:
        asyncio.run(read())
    assert e.value.reason == p.DROPPED_TOO_LARGE


def test_codes_and_tokens_are_random_and_typed_easily():
    codes = {p.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == p.CODE_LENGTH and set(c) <= set(p.CODE_ALPHABET) for c in codes)
    assert p.normal_code(" ab-cd ef ") == "ABCDEF"
    assert len(p.new_token()) == 32 and p.new_token() != p.new_token()


def test_what_the_host_sends_fits_the_schema():
    msg = p.message("rejected", seq=3, reason=p.REJECTED_ILLEGAL)
    assert json.loads(encode(msg)[4:]) == msg
    with pytest.raises(ProtocolError):
        p.message("rejected", seq="3", reason="x")


def test_a_join_code_is_a_table_id_and_a_secret_read_in_three_groups():
    code = p.new_code()
    assert p.valid_code(code) and len(code) == 9 and p.table_id(code) == code[:3]
    shown = p.shown_code(code)
    assert shown == f"{code[:3]}-{code[3:6]}-{code[6:]}"
    assert p.normal_code(f" {shown.lower()} ") == code
    assert not p.valid_code("ABCDEF") and not p.valid_code(code[:8] + "0")  # protocol 1's length; no 0
    other = p.new_table_id(code)
    assert other[3:] == code[3:] and p.valid_code(other)
