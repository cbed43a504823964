"""The table file (issue 24): every file the title's Continue and the Load panel open goes
through vikings.ui.table.match.load_file, which either returns the saved table unchanged or
raises one SaveError of one short line. Damaged files kept in tests/data/, version-1
tables that must still load, and a property test over mutants of real saves (the same
mutations as tools/probes/fuzz_saves.py, which runs them by the thousand)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vikings.content.data import default_rules
from vikings.engine.actions import action_from_parts, parse_action
from vikings.engine.errors import IllegalAction, NotationError, SaveError
from vikings.engine.notation import parse_display
from vikings.engine.serialize import checksum
from vikings.saves import safe_json, table_file
from vikings.text import files
from vikings.ui.table.match import Match, load_doc_text, load_file

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(ROOT))
from tools.probes import fuzz_saves  # noqa: E402

sys.path.remove(str(ROOT))

RULES = default_rules()
SAVES = fuzz_saves.real_saves(RULES)  # built once: 2-4 players, standard and advanced


def refusal(path) -> str:
    with pytest.raises(SaveError) as e:
        load_file(path, RULES)
    message = str(e.value)
    assert fuzz_saves.clean_message(message), message
    return message


# Damaged files, one per failure mode ------------------------------------------------------------
DAMAGED = {
    "damaged-newline-bit-flip.json": "not a saved game: the file is not UTF-8 text",
    "damaged-utf16.json": "the file is not UTF-8 text (it is UTF-16",
    "damaged-latin1-letter.json": "not a saved game: the file is not UTF-8 text",
    "damaged-seat-kind-v1.json": "seat 1's kind must be one of person, random, beginner",
    "damaged-seat-kind-v2.json": "checksum mismatch: the table file was changed after it was saved",
    "damaged-seat-colour-unknown.json": "seat 2's colour must be one of purple, orange",
    "damaged-seat-colour-shared.json": "seats 1 and 2 have the same colour (purple)",
    "damaged-seat-name-not-player.json": 'seat 2\'s name "Bjorn" is not the game\'s player 2 ("Bjørn")',
    "damaged-seat-name-null.json": "seat 1's name must be a text; got null",
    "damaged-deep-nesting.json": "the JSON is nested too deeply (over 20 levels at line",
    "damaged-huge-number.json": "has more than 30 digits",
    "damaged-action-superscript.json": "(buy ²) cannot be replayed: action 'buy': '²' is not a whole number",
    "damaged-action-circled.json": "(buy ①) cannot be replayed: action 'buy': '①' is not a whole number",
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_file_is_refused_with_its_message(name):
    assert DAMAGED[name] in refusal(DATA / name)


def test_every_damaged_file_kept_is_tested():
    assert {p.name for p in DATA.glob("damaged-*.json")} == set(DAMAGED)


def test_huge_values_give_short_messages_and_stay_small(tmp_path):
    doc = json.loads(DATA.joinpath("damaged-seat-colour-unknown.json").read_bytes())
    doc["seats"][1][2] = "O" * 1_000_000  # a 1 MB field: the message quotes 24 characters of it
    path = tmp_path / "big-field.json"
    path.write_text(json.dumps(doc))
    message = refusal(path)
    assert message.startswith("damaged save: seat 2's colour must be one of") and message.endswith('OOO"\u2026')
    doc["seats"][1][0] = "N" * 10_000_000  # a 10 MB name: refused before it is parsed
    path.write_text(json.dumps(doc))
    assert refusal(path).startswith("the file is too large (over 2 MB")


def test_an_unreadable_file_is_a_save_error(tmp_path, monkeypatch):
    # Tests may run as root, whom chmod 000 does not stop: the OSError is simulated.
    path = tmp_path / "autosave.json"
    path.write_bytes(SAVES[0][1])

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files, "open", denied, raising=False)
    assert refusal(path) == "the file cannot be read (Permission denied)"
    monkeypatch.undo()
    assert refusal(tmp_path / "missing.json") == "the file cannot be read (No such file or directory)"
    assert refusal(tmp_path) == safe_json.NOT_REGULAR


# Versions and the hint counts -------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, players, actions", [("table-v1-standard.json", 3, 70), ("table-v1-advanced.json", 2, 90)]
)
def test_version_1_tables_still_load(name, players, actions):
    text = DATA.joinpath(name).read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1 and "checksum" not in json.loads(text)
    m = load_file(DATA / name, RULES)
    assert len(m.seats) == players and len(m.game.actions()) == actions and m.hints == [0] * players
    assert [s.name for s in m.seats] == list(m.game.config.players)
    again = m.to_doc()  # written back in today's version
    assert again["version"] == table_file.VERSION and again["checksum"] == checksum(again)
    assert load_doc_text(json.dumps(again), RULES).seats == m.seats


def test_hints_are_carried_saved_and_loaded(tmp_path):
    _, data, original = SAVES[2]
    m = load_doc_text(data, RULES)
    assert m.hints == original.hints and isinstance(m.hints, list) and any(m.hints)
    m.hints[1] += 5
    path = tmp_path / "t.json"
    path.write_text(json.dumps(m.to_doc()))
    assert load_file(path, RULES).hints == m.hints
    doc = m.to_doc()
    del doc["hints"]  # optional: a table without them has none asked
    doc["checksum"] = checksum(doc)
    assert load_doc_text(json.dumps(doc), RULES).hints == [0] * len(m.seats)
    for bad, message in (
        ([0] * (len(m.seats) + 1), "'hints' has"),
        ([-1] * len(m.seats), "the hint count of seat 1"),
        ([1.5] * len(m.seats), "got the number 1.5"),
        ([True] * len(m.seats), "got true"),
    ):
        doc["hints"] = bad
        doc["checksum"] = checksum(doc)
        with pytest.raises(SaveError, match=message.replace("(", r"\(")):
            Match.from_doc(doc, RULES)


def test_a_newer_table_version_is_refused():
    doc = json.loads(SAVES[0][1])
    doc["version"] = 4
    doc["checksum"] = checksum(doc)
    with pytest.raises(SaveError, match=r"table version 4 is not supported \(saved by a newer edition\?\)"):
        Match.from_doc(doc, RULES)


def test_the_time_played_is_kept_and_a_table_without_it_still_loads(tmp_path):
    """Version 3 keeps the seconds played so far and the practice flag; a version-2 table (no seconds, as
    written before) loads as played for 0 seconds and is written back with them."""
    data = next(data for label, data, _ in SAVES if "in progress" in label)
    m = load_doc_text(data, RULES)
    m.started -= 754  # twelve and a half minutes at this table
    doc = m.to_doc()
    assert doc["version"] == 3 and 754 <= doc["seconds"] < 760
    again = Match.from_doc(doc, RULES)
    assert again.played_before == doc["seconds"] and again.played_seconds() >= 754
    old = {k: v for k, v in doc.items() if k != "seconds"}
    old["version"] = 2
    old["checksum"] = checksum(old)
    two = Match.from_doc(old, RULES)
    assert two.played_before == 0 and two.seats == m.seats and two.to_doc()["version"] == 3
    for bad in (-1, table_file.MAX_SECONDS + 1, 1.5, True, "60"):
        doc["seconds"] = bad
        doc["checksum"] = checksum(doc)
        with pytest.raises(SaveError, match="'seconds' must be a whole number"):
            Match.from_doc(doc, RULES)
    m.practice = True  # a try-again game stays one in its file
    doc = m.to_doc()
    assert doc["practice"] is True and Match.from_doc(doc, RULES).practice
    assert "practice" not in load_doc_text(data, RULES).to_doc()  # written only when true
    doc["practice"] = 1
    doc["checksum"] = checksum(doc)
    with pytest.raises(SaveError, match="'practice' must be true or false"):
        Match.from_doc(doc, RULES)
    old["seconds"] = 5  # not a field of version 2
    old["checksum"] = checksum(old)
    with pytest.raises(SaveError, match="unknown field"):
        Match.from_doc(old, RULES)


def test_a_utf8_byte_order_mark_is_allowed():
    label, data, original = SAVES[1]
    assert fuzz_saves.same_table(load_doc_text(b"\xef\xbb\xbf" + data, RULES), original)


# The property: damage is refused, never loaded as a different table -----------------------------
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(save=st.sampled_from(SAVES), rnd=st.randoms(use_true_random=False))
def test_a_mutated_save_is_refused_cleanly_or_loads_unchanged(tmp_path, save, rnd):
    label, data, original = save
    what, mutant, sealed = fuzz_saves.mutate(rnd, data)
    path = tmp_path / "autosave.json"
    path.write_bytes(mutant)
    outcome, detail = fuzz_saves.judge(path, original, sealed, RULES)
    assert not outcome.startswith("FAILED"), f"{label}; {what}: {outcome}: {detail}"


@pytest.mark.parametrize("seed", range(4))
def test_the_mutations_reach_every_kind_of_outcome(seed, tmp_path):
    """The mutants are not all stopped at one check: across 60 of them, the checksum, the
    JSON reader, the seats' and the engine's checks all refuse some, and some load."""
    rnd = random.Random(seed)
    seen = set()
    for _ in range(60):
        label, data, original = rnd.choice(SAVES)
        what, mutant, sealed = fuzz_saves.mutate(rnd, data)
        path = tmp_path / "t.json"
        path.write_bytes(mutant)
        outcome, detail = fuzz_saves.judge(path, original, sealed, RULES)
        seen.add(outcome if outcome != "refused" else detail.split(":")[0].split(" ")[0])
    assert {"checksum", "not", "damaged"} <= seen and ("equal" in seen or "valid edit" in seen)


# The engine's reading of action arguments and notation ------------------------------------------
@pytest.mark.parametrize("arg", ["²", "①", "٣", "1" * 5000, "3.0", "", "--1", 1.5, None, True, [3]])
def test_an_action_argument_that_is_not_ascii_digits_is_illegal(arg):
    with pytest.raises(IllegalAction) as e:
        action_from_parts(["buy", arg])
    assert len(str(e.value)) < 120


def test_ascii_digit_arguments_still_read():
    assert action_from_parts(["buy", "3"]) == action_from_parts(["buy", 3]) == parse_action("buy 3")
    assert action_from_parts(["tile", " 2", "-1"]) == action_from_parts(["tile", 2, -1])
    with pytest.raises(IllegalAction):
        parse_action("buy ²")


@pytest.mark.parametrize(
    "text",
    [
        "r/S*/L*R*/L*F*R/L*FR*/L* - " + "4" * 5000 + " 12",
        "r/S*/99999999/L*F*R/L*FR*/L* - 4 12",
        "r/S*/L*R*/L*F*R/L*FR*/L* 99999999f 4 12",
    ],
)
def test_notation_refuses_numbers_too_long_to_be_meant(text):
    with pytest.raises(NotationError, match="digits"):
        parse_display(text, RULES)


def test_a_table_saved_before_the_auction_correction_loads_under_its_rule(tmp_path):
    """tests/data/old-auction-table.json: a version-1 table around a version-1 engine save
    of an auction game (written before rules version 2). It loads through the title's door
    as the game it was, played on under the first reading."""
    from vikings.content.data import default_rules
    from vikings.ui.table.match import load_file

    m = load_file(Path(__file__).parents[1] / "data" / "old-auction-table.json", default_rules())
    assert m.game.config.rules_version == 1 and "auction" in m.options
    assert [s.name for s in m.seats] == list(m.game.config.players)
    assert m.to_doc()["version"] == table_file.VERSION  # written back in today's layout, its edition kept
