"""Game codes (issue 56): a finished or running game as a short text that loads as exactly
that game, through the saves' own reader; anything else, however it was mangled, is
refused with a reason and never loads a different game."""

from __future__ import annotations

import base64
import hashlib
import random
import zlib

import pytest
from journey_helpers import RULES, game, seats

from vikings.engine.actions import action_from_parts
from vikings.engine.serialize import state_to_dict
from vikings.history import Refused
from vikings.history import game_code as gc
from vikings.saves.table_file import COLOURS, Seat

KINDS = ("person", "hard", "person", "beginner")
GAMES = {
    "2p standard finished": game(2, 11),
    "3p advanced finished": game(3, 12, advanced=True),
    "4p standard finished": game(4, 13),
    "2p advanced running": game(2, 14, advanced=True, steps=37),
    "4p standard running": game(4, 15, steps=90),
    "2p just begun": game(2, 16, steps=0),
}
REASONS = {
    gc.NOT_A_CODE,
    gc.NEWER_CODE,
    gc.TOO_LONG,
    gc.BAD_CHARACTERS,
    gc.TYPO,
    gc.DAMAGED,
    gc.OTHER_RULES,
    gc.BAD_GAME,
}


def table(label):
    g = GAMES[label]
    return seats(g, KINDS), g, [i * 2 for i in range(g.n)]


def code_of(label) -> str:
    return gc.game_code(*table(label))


def same(loaded, label) -> bool:
    s, g, hints = table(label)
    return tuple(loaded.seats) == tuple(s) and loaded.hints == hints and state_to_dict(loaded.game) == state_to_dict(g)


def refusal(code) -> Refused:
    with pytest.raises(Refused) as e:
        gc.read_code(code, RULES)
    assert e.value.reason in REASONS
    assert len(str(e.value)) <= 300 and str(e.value).isprintable()
    return e.value


def pack(inner: bytes, prefix: str = gc.PREFIX) -> str:
    """A code around any text, with correct check bytes (as a person who read this module could make)."""
    body = zlib.compress(inner, 9)
    return prefix + base64.urlsafe_b64encode(hashlib.sha256(body).digest()[:4] + body).decode().rstrip("=")


def inner(code: str) -> str:
    packed = base64.urlsafe_b64decode(code[len(gc.PREFIX) :] + "=" * (-len(code) % 4))
    return zlib.decompress(packed[4:]).decode()


@pytest.mark.parametrize("label", GAMES)
def test_a_code_loads_exactly_its_game(label):
    code = code_of(label)
    assert code.startswith("VK1-")
    assert all(c.isalnum() or c in "-_" for c in code)
    loaded = gc.read_code(code, RULES)
    assert same(loaded, label)
    assert gc.game_code(loaded.seats, loaded.game, loaded.hints) == code


def test_codes_are_short():
    for label, g in GAMES.items():
        if g.is_over:
            assert len(code_of(label)) < 1200, label


def test_a_running_game_goes_on_from_its_code():
    s, g, _ = table("2p advanced running")
    loaded = gc.read_code(code_of("2p advanced running"), RULES)
    assert not loaded.game.is_over
    assert loaded.game.legal_actions() == g.legal_actions()
    step = g.legal_actions()[0]
    original = g.copy()
    original.apply(step)
    loaded.game.apply(step)
    assert state_to_dict(loaded.game) == state_to_dict(original)


def test_spaces_and_line_breaks_in_a_pasted_code_are_ignored():
    code = code_of("3p advanced finished")
    pasted = "  " + "\n".join(code[i : i + 60] for i in range(0, len(code), 60)) + " \r\n"
    assert same(gc.read_code(pasted, RULES), "3p advanced finished")


def test_refusals_and_their_reasons():
    code = code_of("2p standard finished")
    assert refusal("").reason == gc.NOT_A_CODE
    assert refusal("hello").reason == gc.NOT_A_CODE
    assert refusal("VK2-" + code[4:]).reason == gc.NEWER_CODE
    assert refusal(code + "$").reason == gc.BAD_CHARACTERS
    assert refusal(code[:-1] + ("A" if code[-1] != "A" else "B")).reason == gc.TYPO
    assert refusal(code[:-3]).reason == gc.TYPO
    assert refusal(code[:20] + code[21:]).reason == gc.TYPO
    assert refusal("VK1-" + "A" * (gc.MAX_CODE + 1)).reason == gc.TOO_LONG
    assert refusal("VK1-").reason == gc.TYPO
    assert refusal(pack(b"\xff\xfe not text")).reason == gc.DAMAGED
    assert refusal(pack(b"one line")).reason == gc.DAMAGED


def test_a_zip_bomb_is_refused_before_it_is_unpacked():
    bomb = pack(b"\0" * 10_000_000)
    assert len(bomb) < gc.MAX_CODE
    assert refusal(bomb).reason == gc.DAMAGED


def test_a_code_made_with_other_game_data_is_refused():
    text = inner(code_of("2p standard finished"))
    head, rest = text.split(" ", 1)
    assert head == RULES.digest
    assert refusal(pack(f"{'0' * 16} {rest}".encode())).reason == gc.OTHER_RULES
    advanced = inner(code_of("3p advanced finished"))
    assert advanced.startswith(f"{RULES.digest}+{RULES.specials_digest} ")
    without = advanced.replace(f"+{RULES.specials_digest}", "", 1)
    assert refusal(pack(without.encode())).reason == gc.OTHER_RULES


def test_the_saves_checks_apply_to_what_a_code_holds():
    text = inner(code_of("2p standard finished"))
    lines = text.split("\n")
    same_colour = "\n".join([lines[0], lines[1], lines[2].replace(COLOURS[1], COLOURS[0]), *lines[3:]])
    assert refusal(pack(same_colour.encode())).reason == gc.BAD_GAME  # the table file's seat rule
    long_name = "\n".join([lines[0], lines[1].replace("Astrid", "A" * 41), *lines[2:]])
    assert refusal(pack(long_name.encode())).reason == gc.BAD_GAME
    one_more = text + ";buy 3"
    assert refusal(pack(one_more.encode())).reason == gc.BAD_GAME  # the engine's replay: not legal now


# Fuzzing ---------------------------------------------------------------------------------------
def mangle(rnd: random.Random, code: str) -> str:
    """A code as a person might get it wrong: a character changed, dropped, doubled or
    added, two swapped, the end cut off, a piece pasted twice."""
    i = rnd.randrange(len(code))
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    what = rnd.randrange(7)
    if what == 0:
        return code[:i] + rnd.choice(letters) + code[i + 1 :]
    if what == 1:
        return code[:i] + code[i + 1 :]
    if what == 2:
        return code[:i] + code[i] + code[i:]
    if what == 3:
        return code[:i] + rnd.choice(letters + "+/=. é") + code[i:]
    if what == 4 and i + 1 < len(code):
        return code[:i] + code[i + 1] + code[i] + code[i + 2 :]
    if what == 5:
        return code[:i]
    j = rnd.randrange(i, len(code) + 1)
    return code[:j] + code[i:j] + code[j:]


def mangle_inside(rnd: random.Random, text: str) -> str:
    """The text inside, changed and sealed again with correct check bytes: a field, a
    seat or an action altered, removed or added."""
    lines = text.split("\n")
    what = rnd.randrange(6)
    if what == 0:  # a header field
        head = lines[0].split(" ")
        k = rnd.randrange(len(head))
        head[k] = rnd.choice(("-", "0", "1", "2", "3", "-1", "99", "auction", "x", "", "999999999999999999"))
        lines[0] = " ".join(head)
    elif what == 1 and len(lines) > 2:  # a seat
        k = rnd.randrange(1, len(lines) - 1)
        parts = lines[k].split(" ", 3)
        parts[rnd.randrange(len(parts))] = rnd.choice(
            ("person", "expert", "gold", "teal", "9999999", "", "Bjørn", "x" * 50)
        )
        lines[k] = " ".join(parts)
    elif what == 2 and len(lines) > 2:  # a seat removed or doubled
        k = rnd.randrange(1, len(lines) - 1)
        lines[k : k + 1] = [] if rnd.random() < 0.5 else [lines[k], lines[k]]
    else:  # the actions
        moves = lines[-1].split(";") if lines[-1] else []
        k = rnd.randrange(len(moves) + 1)
        choice = rnd.randrange(4)
        if choice == 0 and moves:
            del moves[min(k, len(moves) - 1)]
        elif choice == 1:
            moves.insert(k, rnd.choice(("buy 3", "finish", "pass", "tile 1 1", "viking tile", "buy 03", "buy", "")))
        elif choice == 2 and moves:
            m = moves[min(k, len(moves) - 1)].split(" ")
            m[rnd.randrange(len(m))] = rnd.choice(("0", "1", "2", "5", "-1", "tile", "x", "²"))
            moves[min(k, len(moves) - 1)] = " ".join(m)
        else:
            moves = moves[:k]
        lines[-1] = ";".join(moves)
    return "\n".join(lines)


def said(text: str):
    """What a code's text says, read plainly: its seats and its actions (as the engine builds them)."""
    lines = text.split("\n")
    seat_list = []
    for line in lines[1:-1]:
        kind, colour, _, name = line.split(" ", 3)
        seat_list.append(Seat(name, kind, colour))
    actions = (
        [
            action_from_parts([int(p) if p.lstrip("-").isdigit() else p for p in a.split(" ")])
            for a in lines[-1].split(";")
        ]
        if lines[-1]
        else []
    )
    return seat_list, actions


@pytest.mark.parametrize("seed", range(6))
def test_a_mangled_code_is_refused_or_is_still_the_same_game(seed):
    rnd = random.Random(seed)
    outcomes = {"refused": 0, "same": 0}
    for _ in range(150):
        label = rnd.choice(list(GAMES))
        code = code_of(label)
        for _ in range(rnd.choice((1, 1, 2, 3))):
            code = mangle(rnd, code)
        try:
            loaded = gc.read_code(code, RULES)
        except Refused as e:
            assert e.reason in REASONS and str(e).isprintable() and len(str(e)) <= 300
            outcomes["refused"] += 1
            continue
        assert same(loaded, label), code  # only spaces or nothing at all changed
        outcomes["same"] += 1
    assert outcomes["refused"] > 100


@pytest.mark.parametrize("seed", range(6))
def test_a_resealed_code_loads_only_what_it_says(seed):
    rnd = random.Random(100 + seed)
    loaded_count = 0
    for _ in range(60):
        label = rnd.choice(list(GAMES))
        text = mangle_inside(rnd, inner(code_of(label)))
        try:
            loaded = gc.read_code(pack(text.encode("utf-8")), RULES)
        except Refused as e:
            assert e.reason in REASONS and str(e).isprintable() and len(str(e)) <= 300
            continue
        loaded_count += 1
        seat_list, actions = said(text)
        assert list(loaded.seats) == seat_list
        assert loaded.game.actions() == actions
        again = gc.read_code(gc.game_code(loaded.seats, loaded.game, loaded.hints), RULES)
        assert state_to_dict(again.game) == state_to_dict(loaded.game)
    assert loaded_count >= 5  # valid edits (a shorter game, another seat kind) do load
