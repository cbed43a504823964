"""Why a file cannot be used, in the player's language.

The readers of saves and settings (engine/serialize.py, saves/table_file.py,
saves/safe_json.py, text/files.py) explain every refusal in one English line, which also
goes to the log. The engine must not know the translation layer, so the translation
happens here, on the way to the screen: each known message is matched by its pattern and
shown through the `errors` catalogue, its technical parts (a line and column, a byte
position, a version, a field's name, an action) kept as parameters. A message no pattern knows is shown as it is (a test keeps the
readers' messages and these patterns in step).
"""

from __future__ import annotations

import errno
import os
import re

from vikings.text.lang import t

# (pattern, catalogue key); named groups are the parameters. Searched in order, whole message.
_FILE = (
    (r"the file cannot be read \((?P<reason>.*)\)", "errors.file.unreadable"),
    (r"the file is not an ordinary file \(a folder, pipe or device has its name\)", "errors.file.not_regular"),
    (r"the file is too large \(over (?P<limit>[^;]+); a saved game is about 15 KB\)", "errors.file.too_large"),
    (r"the file is not UTF-8 text \(it is UTF-16: save it again as UTF-8\)", "errors.file.utf16"),
    (r"the file is not UTF-8 text \(a damaged or foreign byte at position (?P<position>\d+)\)", "errors.file.bad_byte"),
    (r"the file is not UTF-8 text", "errors.file.not_utf8"),
    (r"the file is empty", "errors.file.empty"),
    (r"the file holds too many lists and objects \(over (?P<limit>[\d,]+)\)", "errors.file.too_many"),
    (r"the JSON is nested too deeply \(over (?P<levels>\d+) levels at line (?P<line>\d+)\)", "errors.file.too_deep_at"),
    (r"the JSON is nested too deeply \(over (?P<levels>\d+) levels\)", "errors.file.too_deep_levels"),
    (r"the JSON is nested too deeply", "errors.file.too_deep"),
    (
        r"a number at line (?P<line>\d+) has more than (?P<digits>\d+) digits \((?P<start>.*)\)",
        "errors.file.long_number",
    ),
    (r"the text ends too early \(a cut-off file\?\)", "errors.file.cut_off"),
    (r"invalid JSON at line (?P<line>\d+) column (?P<column>\d+) \((?P<detail>.*)\)", "errors.file.invalid_json"),
    (r"(?P<name>\w+) is not a valid JSON value", "errors.file.bad_constant"),
    (r"the field (?P<field>.*) appears twice in one object", "errors.file.twice"),
    (r"expected a JSON object at the top level", "errors.file.not_object"),
    (r"the file is damaged \((?P<kind>\w+)\)", "errors.file.damaged_type"),
)
_SAVE = (
    (r"the save is incomplete: the text ends too early \(truncated file\?\)", "errors.save.truncated"),
    (r"not a Vikings save: format is (?P<found>.*), expected (?P<expected>.*)", "errors.save.wrong_format"),
    (r"not a saved Vikings table: the file holds (?P<found>.*), not an object", "errors.save.table_not_object"),
    (r"not a saved Vikings table: 'format' is (?P<found>.*), expected (?P<expected>.*)", "errors.save.table_format"),
    (
        r"save version (?P<version>.*?) is not supported \(saved by a newer edition\?\); "
        r"this edition reads version (?P<supported>.*)",
        "errors.save.save_version_newer",
    ),
    (
        r"save version (?P<version>.*?) is not supported; this edition reads version (?P<supported>.*)",
        "errors.save.save_version",
    ),
    (
        r"table version (?P<version>.*?) is not supported \(saved by a newer edition\?\); "
        r"this edition reads versions (?P<supported>.*)",
        "errors.save.table_version_newer",
    ),
    (
        r"table version (?P<version>.*?) is not supported; this edition reads versions (?P<supported>.*)",
        "errors.save.table_version",
    ),
    (
        r"'config.rules_version' must be one of (?P<known>.*) \(saved by a newer edition\?\)",
        "errors.save.rules_version",
    ),
    (r"checksum mismatch: the file was changed after it was saved", "errors.save.changed"),
    (r"checksum mismatch: the table file was changed after it was saved", "errors.save.table_changed"),
    (r"the game was saved with different game data \((?P<detail>.*)\)", "errors.save.other_data"),
    (r"the game was saved with different special tiles \((?P<detail>.*)\)", "errors.save.other_specials"),
    (
        r"action (?P<n>\d+) of (?P<total>\d+) \((?P<action>.*?)\) cannot be replayed: (?P<detail>.*)",
        "errors.save.replay",
    ),
    (
        r"the saved state does not match a replay of its actions \(differs in: (?P<fields>.*)\); "
        r"the save is inconsistent",
        "errors.save.mismatch",
    ),
)
_NESTED = (  # a prefix, then a file problem
    (r"not a saved game: (?P<problem>.*)", "errors.save.not_save"),
    (r"damaged save: the game inside the table: (?P<problem>.*)", "errors.save.inner"),
)
_NUMBER = re.compile(r"\d{1,3}(,\d{3})*")  # as the readers write whole numbers ("50,000")
_JSON = {
    "Expecting value": "value",
    "Expecting ',' delimiter": "comma",
    "Expecting ':' delimiter": "colon",
    "Expecting property name enclosed in double quotes": "name",
    "Extra data": "extra",
    "Invalid control character at": "control",
    "Invalid \\escape": "escape",
    "Unterminated string starting at": "unterminated",
}  # json.JSONDecodeError's messages
_ERRNO = ("EACCES", "EPERM", "ENOENT", "EISDIR", "ENOSPC", "EROFS", "EDQUOT", "EIO")


def _match(table, message: str):
    for pattern, key in table:
        m = re.fullmatch(pattern, message, re.S)
        if m:
            return key, m.groupdict()
    return None


def _params(groups: dict) -> dict:
    """Whole numbers as numbers (written in the language's way), an OS reason translated."""
    out = {}
    for k, v in groups.items():
        if k in ("line", "column", "position", "levels", "digits", "limit", "n", "total") and _NUMBER.fullmatch(v):
            out[k] = int(v.replace(",", ""))
        elif k == "reason":
            out[k] = os_text(v)
        elif k == "detail" and v in _JSON:
            out[k] = t(f"errors.json.{_JSON[v]}")
        else:
            out[k] = v
    return out


def known(message: str) -> bool:
    """Whether `message` is one the catalogue translates (not shown as it is)."""
    return _explained(message) is not None


def _explained(message: str) -> str | None:
    for table in (_FILE, _SAVE):
        found = _match(table, message)
        if found:
            return t(found[0], **_params(found[1]))
    found = _match(_NESTED, message)
    if found:
        inner = _explained(found[1]["problem"])
        return None if inner is None else t(found[0], problem=inner)
    m = re.fullmatch(r"damaged save: (?P<detail>.*)", message, re.S)
    if m:  # the detail names a field of the file and what it holds: technical, kept as it is
        return t("errors.save.damaged", detail=m["detail"])
    return None


def explain(message: str) -> str:
    """A reader's English message (SaveError, BadFile, menu_kit.unreadable) in the language in use."""
    return _explained(message) or t("errors.save.other", message=message)


def os_text(reason: str | OSError) -> str:
    """The operating system's reason ("Permission denied") in the language in use."""
    code = reason.errno if isinstance(reason, OSError) else None
    text = (reason.strerror or str(reason)) if isinstance(reason, OSError) else reason
    for name in _ERRNO:
        number = getattr(errno, name, None)
        if number is not None and (code == number or text == os.strerror(number)):
            return t(f"errors.os.{name}")
    return text
