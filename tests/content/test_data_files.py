"""Every file of `data/` as the game reads it at start (content/startup.py): a damaged or
hand-edited data file, lesson or language catalogue is refused in one line naming the
file, the entry and the problem, never with a traceback, a hang or a key shown on screen;
a translation that fails its checks leaves the game in English (issue 54).

Each case edits a private copy of the whole data folder and runs the start's reading
(`load_start`) with $VIKINGS_DATA pointing at it; a few run the real `vikings` command.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vikings.bots import LEVELS
from vikings.content.data import SCORING_BOUNDS, DataError, default_rules
from vikings.content.startup import load_start
from vikings.engine.components import Scoring
from vikings.text import lang

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
YAML = sorted(str(p.relative_to(DATA)) for p in DATA.rglob("*.yaml"))


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A copy of the whole data folder, which the start reads from while the test runs."""
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    monkeypatch.setenv("VIKINGS_DATA", str(d))
    _fresh()
    yield d
    monkeypatch.delenv("VIKINGS_DATA")
    _fresh()


def _fresh() -> None:
    default_rules.cache_clear()
    lang.forget()


def start(language: str = "en"):
    _fresh()
    return load_start(language, LEVELS)


def refusal(language: str = "en") -> DataError:
    with pytest.raises(DataError) as e:
        start(language)
    message = str(e.value)
    assert "\n" not in message and len(message) <= 300 and message.isprintable(), message
    return e.value


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{path.name}: no {old!r} to edit"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused_translation(caplog, name: str) -> str:
    """Starting in German gives English, with one line in the log naming `name`."""
    with caplog.at_level(logging.WARNING):
        assert start("de").language == "en"
    [line] = [r.getMessage() for r in caplog.records if "catalogue is not used" in r.getMessage()]
    assert name in line and "\n" not in line and len(line) < 400, line
    assert lang.t("menus.title.new") == "New game"
    return line


def test_the_shipped_data_starts_in_every_language(data):
    for code in lang.LANGUAGES:
        assert start(code).language == code
    assert lang.t("menus.title.new") == "Neues Spiel"


# Bytes that are not UTF-8 text ------------------------------------------------------------------
@pytest.mark.parametrize("name", YAML)
@pytest.mark.parametrize("damage", ["0xff byte", "UTF-16"])
def test_a_file_that_is_not_utf8_is_refused_in_one_line(data, caplog, name, damage):
    path = data / name
    raw = path.read_bytes()
    path.write_bytes(raw[:40] + b"\xff" + raw[40:] if damage == "0xff byte" else raw.decode().encode("utf-16"))
    if name.startswith("lang/de/"):
        line = refused_translation(caplog, name)
        assert "not UTF-8 text" in line
        return
    e = refusal("de")
    assert e.file == name and "not UTF-8 text" in e.problem


def test_a_fifo_in_the_data_folder_does_not_block_the_start(data):
    (data / "rules.yaml").unlink()
    os.mkfifo(data / "rules.yaml")
    e = refusal()
    assert (e.file, e.entry) == ("rules.yaml", "file") and "not an ordinary file" in e.problem


# The catalogues ----------------------------------------------------------------------------------
ENGLISH_DAMAGE = [  # (file, old, new, entry, problem)
    ("menus", "  new: New game\n", "  new: [New, game]\n", "title.new", "must be a text"),
    ("menus", "  new: New game\n", "  new: null\n", "title.new", "must be a text"),
    ("menus", "  new: New game\n", "  new:\n", "title.new", "must be a text"),
    ("menus", "  new: New game\n", "  new: 5\n", "title.new", "must be a text"),
    ("menus", "  new: New game\n", "  new: '   '\n", "title.new", "is empty"),
    ("menus", "  new: New game\n", "  neu: New game\n", "title.new", "missing: the game uses this entry"),
    ("menus", "  new: New game\n", "  new: {one: New game, other: New games}\n", "title.new", "must be a text"),
    ("menus", '  version: "version %{version}"', '  version: "version %{release}"', "title.version", "%{release}"),
    ("menus", '  version: "version %{version}"', '  version: "version %{version"', "title.version", "placeholder"),
    ("menus", "keys:\n", "keys: [\n", "line", "not valid YAML"),
    ("menus", "keys:\n", "- keys\nx:\n", "line", "not valid YAML"),
    ("menus", "keys:\n", "keys:\n  esc: Esc\n", "line", "appears twice"),
    ("menus", "keys:\n", "yes:\n", "file", "the key true is not a name"),
    ("game", 'fame_count: {one: "%{count} Fame", other: "%{count} Fame"}', "fame_count: Fame", "fame_count", "plural"),
    ("game", 'fame_count: {one: "%{count} Fame", ', "fame_count: {one: [Fame], ", "fame_count.one", "must be a text"),
    ("game", 'fame_count: {one: "%{count} Fame", ', "fame_count: {", "fame_count", "'one' and 'other'"),
]


@pytest.mark.parametrize("file, old, new, entry, problem", ENGLISH_DAMAGE)
def test_a_damaged_english_catalogue_stops_the_start_in_one_line(data, file, old, new, entry, problem):
    edit(data / "lang/en" / f"{file}.yaml", old, new)
    e = refusal()
    assert e.file == f"lang/en/{file}.yaml", str(e)
    assert e.entry.startswith(entry) and problem in e.problem, str(e)


@pytest.mark.parametrize("top", ["- a list\n- at the top\n", "just a text\n", "42\n"])
def test_a_catalogue_file_must_hold_a_mapping(data, top):
    (data / "lang/en/table.yaml").write_text(top, encoding="utf-8")
    e = refusal()
    assert (e.file, e.entry) == ("lang/en/table.yaml", "file") and "mapping" in e.problem


def test_a_missing_english_file_or_folder_stops_the_start(data):
    (data / "lang/en/menus.yaml").unlink()
    e = refusal()
    assert (e.file, e.entry) == ("lang/en/menus.yaml", "file") and "missing" in e.problem
    shutil.rmtree(data / "lang/en")
    assert refusal().file == "lang/en"


def test_the_cli_says_a_broken_english_catalogue_in_one_line(data):
    """The real start: the title would show "menus.title.new"; it says why it cannot start."""
    edit(data / "lang/en/menus.yaml", "  new: New game\n", "")
    done = run_game(data)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == ["vikings: lang/en/menus.yaml: title.new: missing: the game uses this entry"], (
        done.stderr
    )


def run_game(data: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, VIKINGS_DATA=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["VIKINGS_HOME"] = str(data.parent / "home")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "vikings", "--measure-start", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_alias_bomb_is_refused_at_once(data):
    """A few lines that expand into billions of entries (a "billion laughs") once took the
    start over a minute; an alias may repeat a text, never a list or a mapping. Run in a
    process of its own, killed if it hangs."""
    bomb = "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 10))
    (data / "lang/en/table.yaml").write_text("l0: &l0 [lol]\n" + bomb, encoding="utf-8")
    try:
        done = run_game(data)
    except subprocess.TimeoutExpired:
        pytest.fail("the start hung on the alias bomb")
    assert done.returncode == 2
    assert done.stderr.startswith("vikings: lang/en/table.yaml: line 2: the alias *l0 repeats a list"), done.stderr


def test_an_alias_may_repeat_a_text(data):
    edit(data / "lang/en/menus.yaml", "  new: New game\n", "  new: &new New game\n  quit_to: *new\n")
    start()
    assert lang.t("menus.title.quit_to") == "New game"


TRANSLATION_DAMAGE = [  # (old, new, what the log line says)
    ("  new: Neues Spiel\n", "", "title.new: missing: English has this entry"),
    ("  new: Neues Spiel\n", "  new: Neues Spiel\n  nue: Neues Spiel\n", "not an entry of the English catalogue"),
    ("  new: Neues Spiel\n", "  new: null\n", "title.new: must be a text"),
    ("  new: Neues Spiel\n", "  new: [Neues, Spiel]\n", "title.new: must be a text"),
    ('  version: "Version %{version}"', '  version: "Version %{fassung}"', "must name the placeholders"),
    ('  version: "Version %{version}"', '  version: "Version"', "must name the placeholders"),
    ('fame_count: {one: "%{count} Ruhm", ', 'fame_count: {one: ["Ruhm"], ', "fame_count.one: must be a text"),
    ('fame_count: {one: "%{count} Ruhm", ', "fame_count: {", "'one' and 'other'"),
    ("keys:\n", "keys: {\n", "not valid YAML"),
]


@pytest.mark.parametrize("old, new, said", TRANSLATION_DAMAGE)
def test_a_damaged_translation_leaves_the_game_in_english(data, caplog, old, new, said):
    path = data / "lang/de" / ("game.yaml" if "fame_count" in old else "menus.yaml")
    edit(path, old, new)
    line = refused_translation(caplog, f"lang/de/{path.name}")
    assert said in line


def test_every_id_in_the_data_needs_its_words(data):
    """A tile added to the data without its name in the catalogue would show its key."""
    edit(data / "tiles.yaml", "  - id: farm\n", "  - id: barn\n")
    edit(data / "sprites.yaml", "  farm: tile_farm.svg\n", "  barn: tile_farm.svg\n")
    e = refusal()
    assert (e.file, e.entry) == ("lang/en/game.yaml", "tile.barn") and 'tiles.yaml has "barn"' in e.problem


def test_the_list_of_the_english_entries_is_current():
    sys.path.insert(0, str(ROOT))
    try:
        from tools.assets import make_keys
    finally:
        sys.path.remove(str(ROOT))
    assert (ROOT / "vikings/text/keys.py").read_text(encoding="utf-8") == make_keys.source(), (
        "run python tools/assets/make_keys.py after changing data/lang/en/"
    )


# The lesson --------------------------------------------------------------------------------------
LESSON_DAMAGE = [  # (old, new, entry, problem)
    ("steps:\n", "steps: 5\nold_steps:\n", "steps", "must be a list"),
    ("  - id: welcome\n", "  - welcome\n  - id: welcome_\n", "steps[0]", "expected a mapping"),
    ("    target: [wheel]\n", "    target: 7\n", "steps[1]", "must be a list"),
    ("    target: [wheel]\n", "    target: [[wheel], 7]\n", "steps[1]", "target the number 7"),
    ("    target: [wheel]\n", "    target: [[wheel], []]\n", "steps[1]", "target a list of 0 items"),
    ("    at: 0\n    target: [wheel]\n", "    at: [0]\n    target: [wheel]\n", "steps[1]", "'at' must be a whole"),
    ("    target: [card, 0]\n", "    target: [card, 5]\n", "steps", "the player must be 0-1"),
    ("    target: [card, 0]\n", "    target: [card, x]\n", "steps", "the player must be 0-1"),
    ("    target: [cell, 4, 2]\n", "    target: [cell, four, 2]\n", "steps", "the row must be"),
    ("    target: [cell, 4, 2]\n", "    target: [cell, 4, 2, 1]\n", "steps", "expected one of"),
    ("    target: [wheel, 8]\n", "    target: [wheel, 12]\n", "steps", "the space must be 0-11"),
    ("    target: [button, tile]\n", "    target: [button, [tile]]\n", "steps", "must be a name"),
    ("    target: [wheel]\n", "    target: [{wheel: 1}]\n", "steps[1]", "target an object of 1 field"),
    ("  seed: 21\n", "  seed: twenty-one\n", "deal", "'seed' must be a whole number"),
    ("  seed: 21\n", "  seed: -21\n", "deal", "'seed' must be"),
    ("  person: 0\n", "  person: 3\n", "deal", "'person' must be 0-1"),
    ("  bot: beginner\n", "  bot: wizard\n", "deal", "'bot' must be one of"),
    ("  bot: beginner\n", "  bot: [beginner]\n", "deal", "'bot' must be a non-empty text"),
    ("    - buy 2\n", "    - {buy: 2}\n", "deal.script[0]", "an action is a text"),
    ("    - buy 2\n", "    - 2\n", "deal.script[0]", "an action is a text"),
    ("    - buy 2\n", "    - fly 2\n", "deal.script[0]", "cannot be played there"),
    ("deal:\n", "deal: []\nold_deal:\n", "deal", "must be a mapping"),
    ("  - id: welcome\n", "  - id: Welcome Aboard\n", "steps[0]", "'id' must be lower-case"),
    ("  - id: welcome\n", "  - id: [welcome]\n", "steps[0]", "'id' must be a non-empty text"),
    ("    event: ", "    event: [scoring]\n    old_event: ", "steps", "'event' must be a non-empty text"),
    (
        "    at: 8\n    target: [wheel, 0]\n",
        "    at: 8\n    finish: yes please\n    target: [wheel, 0]\n",
        "steps",
        "'finish' must be true",
    ),
]


@pytest.mark.parametrize("old, new, entry, problem", LESSON_DAMAGE)
def test_a_damaged_lesson_stops_the_start_in_one_line(data, old, new, entry, problem):
    """Each of these once started fine and broke "Learn to play" with a traceback."""
    edit(data / "lesson.yaml", old, new)
    e = refusal()
    assert e.file == "lesson.yaml" and e.entry.startswith(entry) and problem in e.problem, str(e)


def test_a_broken_lesson_is_refused_by_the_command(data):
    edit(data / "lesson.yaml", "    target: [card, 0]\n", "    target: [card, 5]\n")
    done = run_game(data)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("vikings: lesson.yaml: steps[") and "the player must be 0-1" in line


# Numbers -----------------------------------------------------------------------------------------
NUMBERS = [  # (file, old, new, entry, problem)
    ("rules.yaml", "  scout_fame: 1 ", "  scout_fame: 1000000000 ", "scoring.scout_fame", "0-10"),
    ("rules.yaml", "  most_islands_fame: 7", "  most_islands_fame: 100000", "scoring.most_islands_fame", "0-50"),
    ("rules.yaml", "  2: {gold: 30, fame: 10}", "  2: {gold: 30, fame: 99999}", "setup.2", "0-200"),
    ("rules.yaml", "  vikings: 78", "  vikings: 10000000000", "totals.vikings", "0-5000"),
    ("rules.yaml", "ship_free_columns: 3", "ship_free_columns: 300", "ship_free_columns", "1-20"),
    ("tiles.yaml", "    reward: {kind: gold, amount: 3}", "    reward: {kind: gold, amount: 3000}", "ships[0]", "0-20"),
    ("tiles.yaml", "    count: 17\n", "    count: 1700\n", "islands[1]", "1-50"),
    ("vikings.yaml", "    count: 13\n", "    count: 1300000\n", "vikings[0]", "1-50"),
    ("special_tiles.yaml", "    amount: 5\n", "    amount: 500000\n", "specials[0]", "1-20"),
    ("rules.yaml", "  scout_fame: 1 ", "  scout_fame: " + "9" * 40 + " ", "line", "more than 30 digits"),
    ("sounds.yaml", "{file: coin.wav, volume: 0.6}", "{file: coin.wav, volume: 1e400}", "effects.bid", "0 to 1"),
    ("sounds.yaml", "{file: coin.wav, volume: 0.6}", "{file: coin.wav, volume: .nan}", "effects.bid", "0 to 1"),
]


@pytest.mark.parametrize("file, old, new, entry, problem", NUMBERS)
def test_every_number_in_the_data_has_a_range(data, file, old, new, entry, problem):
    """scoring.scout_fame: 1000000000 once froze the game at the first large scoring."""
    edit(data / file, old, new)
    e = refusal()
    assert e.file == file and e.entry.startswith(entry) and problem in e.problem, str(e)


def test_every_scoring_number_has_its_bounds():
    assert set(SCORING_BOUNDS) == set(Scoring.__dataclass_fields__)
    shipped = default_rules().scoring
    for name, (low, high) in SCORING_BOUNDS.items():
        assert low <= getattr(shipped, name) <= high < 1000, name


# Long values -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", YAML)
@pytest.mark.parametrize("where", ["value", "key"])
def test_a_huge_value_gives_a_short_message(data, caplog, name, where):
    """A 100 KB value or key in any file: a message quotes a few characters of it at most."""
    path = data / name
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, line in enumerate(lines) if ": " in line and not line.lstrip().startswith(("#", "-")))
    key, _, _ = lines[i].partition(": ")
    huge = "x" * 100_000
    lines[i] = f"{key}: {huge}\n" if where == "value" else f"{key}{huge}: 1\n"
    path.write_text("".join(lines), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        try:
            start("de")
        except DataError as e:
            assert len(str(e)) <= 300 and "\n" not in str(e), str(e)[:500]
    assert caplog.records == [] or all(len(r.getMessage()) < 500 for r in caplog.records)
