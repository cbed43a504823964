"""Game codes: a game, finished or running, as a short text to copy and paste.

    VK1-eJwtjkEOgzAMBO-8…

"VK1-" and then URL-safe base64 (no padding) of four check bytes (the start of the
SHA-256 of what follows) and the zlib-compressed text of the game:

    <rules digest>[+<special tiles digest>] <rules version> <seed> <start player|-> <options|->
    <kind> <colour> <hints> <name>          one line a seat
    <action>;<action>;…                     the actions in their text form ("buy 3;tile 2 4")

Reading a code checks the characters, the check bytes (a typo is refused as such, before
anything is decompressed), the decompressed size (MAX_TEXT: no zip bombs), the layout and
the game data's digests; then it replays the actions and hands the result, as a table
file, to the saves' own reader (table_file.check_doc), so a code passes exactly the checks
a save file does and loads the same game a save would. Every refusal is a `Refused` with
a reason code below; nothing is half loaded.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import zlib
from collections.abc import Sequence

from vikings.engine.components import Rules
from vikings.engine.errors import SaveError
from vikings.engine.serialize import config_from_json, replay, save
from vikings.engine.state import SPECIAL_TILES, GameState
from vikings.history.errors import Refused
from vikings.history.games import kept_seats
from vikings.saves.safe_json import excerpt
from vikings.saves.table_file import Seat, Table, check_doc, table_doc

PREFIX = "VK1-"
MAX_CODE = 20_000  # characters of a code; a finished 4-player game's is under 1,000
MAX_TEXT = 40_000  # bytes of the text inside; a finished game's is about 2,000
MAX_ACTIONS = 2_000  # a game has about 200
CHECK_BYTES = 4

# Reason codes.
NOT_A_CODE = "not_a_code"
NEWER_CODE = "newer_code"  # "VK2-…": made by a newer edition
TOO_LONG = "too_long"
BAD_CHARACTERS = "bad_characters"
TYPO = "typo"  # the check bytes do not match: a character was changed, added or left out
DAMAGED = "damaged"
OTHER_RULES = "other_rules"  # made with other game data
BAD_GAME = "bad_game"  # the saves' reader refuses it (detail: its message)

_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_VERSION = re.compile(r"VK([0-9]{1,3})-")
_NUMBER = re.compile(r"-?[0-9]{1,18}")
_SEAT = re.compile(r"(\S{1,20}) (\S{1,20}) ([0-9]{1,7}) (.+)")


def looks_like_code(text: str) -> bool:
    """Whether `text` starts as a game code does ("VK1-"); a screen may fill a paste box
    from the clipboard only then (a clipboard holds all sorts of text)."""
    return bool(_VERSION.match(text.strip()))


# Writing ------------------------------------------------------------------------------------
def game_code(seats: Sequence[Seat], game: GameState, hints: Sequence[int]) -> str:
    """The code of a table (a Match's seats, game and hints; a remote seat is a person)."""
    config = game.config
    digest = game.rules.digest
    if SPECIAL_TILES in config.options:
        digest += "+" + game.rules.specials_digest
    start = "-" if config.start_player is None else str(config.start_player)
    options = ",".join(sorted(config.options)) or "-"
    head = f"{digest} {config.rules_version} {config.seed} {start} {options}"
    if any(config.handicap):  # the house rule's extra Gold, a sixth field (older codes have five)
        head += " " + ",".join(map(str, config.handicap))
    lines = [head]
    lines += [f"{s.kind} {s.colour} {int(h)} {s.name}" for s, h in zip(kept_seats(seats), hints)]
    lines.append(";".join(" ".join(map(str, a.to_json())) for a in game.actions()))
    body = zlib.compress("\n".join(lines).encode("utf-8"), 9)
    packed = hashlib.sha256(body).digest()[:CHECK_BYTES] + body
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


# Reading ------------------------------------------------------------------------------------
def read_code(code: str, rules: Rules) -> Table:
    """The table a code holds, checked and replayed like a save file; Refused says why not.
    Spaces and line breaks (a code pasted in pieces) are ignored."""
    if not isinstance(code, str) or len(code) > MAX_CODE * 2:
        raise Refused(TOO_LONG)
    code = "".join(code.split())
    if len(code) > MAX_CODE:
        raise Refused(TOO_LONG, f"{len(code):,} characters")
    version = _VERSION.match(code)
    if version is None:
        raise Refused(NOT_A_CODE)
    if code[: version.end()] != PREFIX:
        raise Refused(NEWER_CODE, code[: version.end()])
    text = _unpack(code[version.end() :])
    return _table(text, rules)


def _unpack(letters: str) -> str:
    if not _ALPHABET.fullmatch(letters):
        bad = next(c for c in letters if not _ALPHABET.fullmatch(c))
        raise Refused(BAD_CHARACTERS, excerpt(bad))
    try:
        packed = base64.urlsafe_b64decode(letters + "=" * (-len(letters) % 4))
    except (binascii.Error, ValueError):
        raise Refused(TYPO, "a character is missing or one too many") from None
    check, body = packed[:CHECK_BYTES], packed[CHECK_BYTES:]
    if not body or hashlib.sha256(body).digest()[:CHECK_BYTES] != check:
        raise Refused(TYPO, "the check bytes do not match")
    inflate = zlib.decompressobj()
    try:
        data = inflate.decompress(body, MAX_TEXT + 1)
    except zlib.error:
        raise Refused(DAMAGED, "not compressed data") from None
    if len(data) > MAX_TEXT or inflate.unconsumed_tail:
        raise Refused(DAMAGED, f"more than {MAX_TEXT:,} bytes inside")
    if not inflate.eof or inflate.unused_data:
        raise Refused(DAMAGED, "the compressed data is cut off or has more after it")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(DAMAGED, "not UTF-8 text") from None


def _table(text: str, rules: Rules) -> Table:
    lines = text.split("\n")
    if len(lines) < 3:
        raise Refused(DAMAGED, "too few lines")
    head, seat_lines, moves = lines[0].split(" "), lines[1:-1], lines[-1]
    if len(head) not in (5, 6):
        raise Refused(DAMAGED, "the first line needs 5 or 6 fields")
    digests, edition, seed, start, options = head[:5]
    handicap = [_number(g) for g in head[5].split(",")] if len(head) == 6 else []
    option_list = [] if options == "-" else options.split(",")
    wanted = rules.digest + ("+" + rules.specials_digest if SPECIAL_TILES in option_list else "")
    if digests != wanted:
        raise Refused(OTHER_RULES, excerpt(digests))
    config = {
        "players": [],
        "seed": _number(seed),
        "start_player": None if start == "-" else _number(start),
        "options": option_list,
        "rules_version": _number(edition),
        "handicap": handicap,
    }
    seats, hints = [], []
    for line in seat_lines:
        seat = _SEAT.fullmatch(line)
        if seat is None:
            raise Refused(DAMAGED, f"seat {excerpt(line)}")
        seats.append(Seat(seat[4], seat[1], seat[2]))
        hints.append(int(seat[3]))
    config["players"] = [s.name for s in seats]
    actions = [[_part(p) for p in a.split(" ")] for a in moves.split(";")] if moves else []
    if len(actions) > MAX_ACTIONS:
        raise Refused(DAMAGED, f"more than {MAX_ACTIONS:,} actions")
    try:
        game = replay(config_from_json(config), actions, rules)
        return check_doc(table_doc(seats, save(game), hints), rules)
    except SaveError as e:
        raise Refused(BAD_GAME, str(e)) from None


def _number(text: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise Refused(DAMAGED, f"{excerpt(text)} is not a whole number")
    return int(text)


def _part(text: str) -> str | int:
    """An action's word or number, as a save's action list holds it."""
    return int(text) if _NUMBER.fullmatch(text) else text
