"""The translation layer: every word a player reads comes through `t()`.

    from vikings.text.lang import t, number
    t("title.new_game")                        # "New game" / "Neues Spiel"
    t("units.fisherman", count=3)              # "3 fishermen" / "3 Fischer"
    t("results.share", share=percent(0.7))     # numbers formatted for the language

**Catalogues.** `data/lang/<code>/<area>.yaml`, one file per part of the game (title,
table, scoring, lesson, ...). A file holds nested mappings of strings; a key is the
file's name and the path inside it, joined by dots (`table.buttons.hint`). A mapping
whose keys are only `zero`, `one` and `other` is one plural entry: `t()` chooses by
`count` (English and German both need only `one` and `other`; `zero` is optional).
Placeholders are written `%{name}`; a literal percent sign is just `%`.

**The library.** The lookup, plural choice, placeholder filling and fallback to English
are python-i18n's (`i18n`). It is not a new dependency: pygame-gui depends on it and
translates its own widgets' words with it, so one call (`App.apply_language`) switches
both. The alternatives weighed: gettext needs compiled .mo files and a build step on
every platform, and its plural forms and `_()` strings as keys would mix the English text
into the code; Babel brings some 30 MB of locale data for number formats that two
languages do not need (`number()` below is the whole of it). The catalogues are YAML like
the rest of `data/`, read here with PyYAML and handed to i18n with `add_translation`, so
i18n's own file loader (which pygame-gui points at JSON) is not involved.

**Checks.** A catalogue is checked as it is loaded (`catalogue`): English against the
entries the game uses (`vikings/text/keys.py`, written by tools/assets/make_keys.py),
another language against English (the same entries, forms and placeholders). A broken
English catalogue is a `DataError` (the start stops in one line); a broken translation
is not used: `set_language` speaks English instead and says why in one line of the log.
docs/translating.md has the rules.

**Pseudo-language.** `qps` (not offered to players) is English with every letter outside
a placeholder swapped for an accented one, e.g. "Ńéŵ ĝáḿé". Text drawn in that language
that still has plain ASCII letters did not come through `t()`: tests and
`tools/pictures/screenshots.py --lang qps --untranslated` use that to find missed words.
"""

from __future__ import annotations

import locale as _locale
import logging
import os
import re
from pathlib import Path

import i18n

from vikings.paths import resource_dir
from vikings.text import safe_yaml
from vikings.text.files import DataError, excerpt, kind_of

log = logging.getLogger(__name__)

LANGUAGES = {"en": "English", "de": "Deutsch"}  # offered to players, in the settings' order
FALLBACK = "en"
PSEUDO = "qps"
LONGER = "qpl"  # another pseudo-language (not offered): English with every word 40 % longer
PLURAL_KEYS = frozenset({"zero", "one", "other"})
PLACEHOLDER = re.compile(r"%\{(\w+)\}")
KEY_PART = re.compile(r"[A-Za-z0-9_]{1,60}")
TEXT_LIMIT = 5_000  # characters of one entry (the longest, a lesson step, has about 1,300)

_current = FALLBACK
_loaded: dict[str, dict[str, object]] = {}  # code -> flat key -> str | plural dict
_strict = False
_warned: set[str] = set()

i18n.set("fallback", FALLBACK)


# --- the catalogues -----------------------------------------------------------------


def lang_dir() -> Path:
    return resource_dir("data") / "lang"


def read_catalogue(code: str, directory: Path | None = None) -> dict[str, object]:
    """One language's entries, flattened to dotted keys (from the YAML files, not cached),
    each file read and its entries' form checked (`read_area`); DataError if one fails."""
    folder = (directory or lang_dir()) / code
    paths = sorted(folder.glob("*.yaml"))
    if not paths:
        raise DataError(f"lang/{code}", "folder", "holds no catalogue (.yaml files)")
    flat: dict[str, object] = {}
    for path in paths:
        flat.update(read_area(folder.parent, code, path.stem))
    return flat


def read_area(directory: Path, code: str, area: str) -> dict[str, object]:
    """The entries of data/lang/CODE/AREA.yaml as flat keys ("menus.title.new"): each a
    non-empty text (its placeholders well formed) or plural forms of such texts."""
    name = f"lang/{code}/{area}.yaml"
    if not KEY_PART.fullmatch(area):
        raise DataError(name, "file", "a catalogue's file name is letters, digits and _ (it begins its keys)")
    doc = safe_yaml.load(directory / code / f"{area}.yaml", name)
    if doc is None:
        doc = {}
    if not isinstance(doc, dict):
        raise DataError(name, "file", f"must be a mapping of entries at the top level, got {kind_of(doc)}")
    flat: dict[str, object] = {}
    _flatten(area, doc, flat, name)
    return flat


def _flatten(prefix: str, node: dict, out: dict, name: str) -> None:
    for k, v in node.items():
        if not isinstance(k, str) or not KEY_PART.fullmatch(k):
            _fail(name, prefix, f"the key {excerpt(k)} is not a name (letters, digits and _)")
        key = f"{prefix}.{k}"
        if isinstance(v, dict) and v and set(v) <= PLURAL_KEYS and "other" in v:
            for form, text in v.items():
                _check_text(name, f"{key}.{form}", text)
            out[key] = dict(v)
        elif isinstance(v, dict) and v:
            _flatten(key, v, out, name)
        elif isinstance(v, str):
            _check_text(name, key, v)
            out[key] = v
        else:
            _fail(name, key, f"must be a text, a mapping or plural forms (one, other), got {kind_of(v)}")


def _check_text(name: str, key: str, text) -> None:
    if not isinstance(text, str):
        _fail(name, key, f"must be a text, got {kind_of(text)}")
    if not text.strip():
        _fail(name, key, "is empty")
    if len(text) > TEXT_LIMIT:
        _fail(name, key, f"is longer than {TEXT_LIMIT:,} characters")
    if text.count("%{") != len(PLACEHOLDER.findall(text)):
        _fail(name, key, "has a placeholder that is not %{name} (letters, digits and _ in braces)")


def _fail(name: str, key: str, problem: str):
    """A DataError naming the entry by its path in the file (the key without the area)."""
    raise DataError(name, key.partition(".")[2] or "file", problem)


def _where(code: str, key: str) -> str:
    return f"lang/{code}/{key.partition('.')[0]}.yaml"


def _forms(entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def check_english(flat: dict[str, object]) -> None:
    """The English catalogue holds every entry the game uses (`keys.KEYS`, the English
    catalogue as shipped), each a text or plural forms as the code asks for it, naming no
    placeholder the code does not fill in. DataError for the first that does not."""
    from vikings.text.keys import KEYS, PLURALS

    areas = {k.partition(".")[0] for k in flat}
    for key, names in KEYS.items():
        entry, plural = flat.get(key), key in PLURALS
        if key.partition(".")[0] not in areas:
            raise DataError(_where(FALLBACK, key), "file", "missing: the game's English words are in it")
        if entry is None:
            _fail(_where(FALLBACK, key), key, "missing: the game uses this entry")
        if plural != isinstance(entry, dict):
            _fail(_where(FALLBACK, key), key, _kind_problem(plural))
        if plural and "one" not in entry:  # type: ignore[operator]
            _fail(_where(FALLBACK, key), key, "plural forms need 'one' and 'other'")
        allowed = set(names) | ({"count"} if plural else set())
        for form in _forms(entry):
            extra = placeholders(form) - allowed
            if extra:
                _fail(_where(FALLBACK, key), key, _placeholder_problem(extra, allowed))


def check_translation(code: str, flat: dict[str, object], english: dict[str, object]) -> None:
    """A translation has exactly English's keys, each in English's form (a text or plural
    forms with 'one' and 'other'), with English's placeholders. DataError for the first
    entry that does not."""
    for key in english:
        if key not in flat:
            _fail(_where(code, key), key, "missing: English has this entry")
    for key, entry in flat.items():
        if key not in english:
            _fail(_where(code, key), key, "not an entry of the English catalogue (a misspelt key?)")
        theirs, ours = english[key], entry
        plural = isinstance(theirs, dict)
        if plural != isinstance(ours, dict):
            _fail(_where(code, key), key, _kind_problem(plural))
        if isinstance(theirs, dict) and isinstance(ours, dict):
            if "one" not in ours:
                _fail(_where(code, key), key, "plural forms need 'one' and 'other'")
            names = placeholders(theirs["other"])
            for form in _forms(ours):
                extra = placeholders(form) - names - {"count"}
                if extra:
                    _fail(_where(code, key), key, _placeholder_problem(extra, names | {"count"}))
            if placeholders(ours["other"]) != names:
                _fail(_where(code, key), key, f"'other' must name the placeholders English names ({_names(names)})")
        elif placeholders(str(ours)) != placeholders(str(theirs)):
            _fail(
                _where(code, key),
                key,
                f"must name the placeholders English names ({_names(placeholders(str(theirs)))})",
            )


def _kind_problem(plural: bool) -> str:
    return "must be plural forms (one, other)" if plural else "must be a text, not plural forms"


def _names(names) -> str:
    return ", ".join(f"%{{{n}}}" for n in sorted(names)) or "none"


def _placeholder_problem(extra, allowed) -> str:
    return f"names {_names(extra)}, which the game does not fill in (it fills in {_names(allowed)})"


def catalogue(code: str) -> dict[str, object]:
    """The flat catalogue of a language (loaded and checked once, and given to i18n):
    English against the entries the game uses, another language against English.
    DataError if it cannot be used."""
    if code not in _loaded:
        if code in PSEUDOS:
            flat = _pseudo(catalogue(FALLBACK), PSEUDOS[code])
        else:
            flat = read_catalogue(code)
            if code == FALLBACK:
                check_english(flat)
            else:
                check_translation(code, flat, catalogue(FALLBACK))
        for key, value in flat.items():
            i18n.add_translation(key, value, locale=code)
        _loaded[code] = flat
    return _loaded[code]


def forget() -> None:
    """Read the catalogues anew when next asked (tools that edit them: the data fuzzer)."""
    for code, flat in _loaded.items():
        mine = i18n.translations.container.get(code, {})
        for key in flat:
            mine.pop(key, None)
    _loaded.clear()
    _warned.clear()


# --- the language in use -------------------------------------------------------------


def languages() -> dict[str, str]:
    return dict(LANGUAGES)


def known(code: str) -> bool:
    return code in LANGUAGES or code in PSEUDOS


def language() -> str:
    return _current


def set_language(code: str) -> str:
    """Use `code` from now on (an unknown code gives English); returns the code in use.
    A translation that fails its checks is not used: English instead, and one line in the
    log says why. A broken English catalogue raises DataError (nothing to fall back on)."""
    global _current
    code = code if known(code) else FALLBACK
    catalogue(FALLBACK)
    try:
        catalogue(code)
    except DataError as e:
        log.warning("the %s catalogue is not used, English instead: %s", code, e)
        code = FALLBACK
    _current = code
    return code


def system_language(environ=None) -> str:
    """The player's language from the system, as GNU gettext reads it: LANGUAGE (a list in
    order of preference; the first the game speaks wins), then the first of LC_ALL,
    LC_MESSAGES and LANG that is set, then Python's view of the locale (Windows, macOS).
    English when none of them names a language the game speaks."""
    env = os.environ if environ is None else environ

    def code_of(name: str) -> str:
        return name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()

    preferred = [code_of(c) for c in env.get("LANGUAGE", "").split(":") if c]
    for code in preferred:
        if code in LANGUAGES:
            return code
    candidates = [env.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        try:
            candidates.append(_locale.getlocale()[0] or "")
        except (ValueError, TypeError):
            pass
    for c in candidates:
        code = code_of(c)
        if code in ("c", "posix", ""):
            continue
        return code if code in LANGUAGES else FALLBACK  # the first named language decides
    return FALLBACK


def strict(on: bool = True) -> None:
    """Tests: a key missing from the English catalogue raises instead of showing the key."""
    global _strict
    _strict = on


# --- looking up ---------------------------------------------------------------------


def has(key: str) -> bool:
    return key in catalogue(FALLBACK)


def t(key: str, **params) -> str:
    """The text of `key` in the language in use, placeholders filled. `count` chooses the
    plural form; other whole-number parameters are written with `number()`."""
    if key not in catalogue(FALLBACK):
        if _strict:
            raise KeyError(f"no text for {key!r}")
        if key not in _warned:
            _warned.add(key)
            log.warning("no text for %r", key)
        return key
    shown = {
        k: (number(v) if isinstance(v, int) and not isinstance(v, bool) and k != "count" else v)
        for k, v in params.items()
    }
    return i18n.t(key, locale=_current, **shown)


def number(x: float, digits: int = 0) -> str:
    """1234.5 -> "1,234.5" in English, "1.234,5" in German; negative numbers with a minus."""
    text = f"{x:,.{digits}f}"
    if _current == "de":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text.replace("-", "\u2212")


def percent(share: float, digits: int = 0) -> str:
    """0.7 -> "70%" in English, "70 %" in German (with a narrow no-break space)."""
    text = number(share * 100, digits)
    return f"{text}\u202f%" if _current == "de" else f"{text}%"


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# --- the pseudo-language -------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "áƀćđéƒĝĥíĵķĺḿńóṕɋŕśţúṽŵẋýźÁƁĆĐÉƑĜĤÍĴĶĹḾŃÓṔɊŔŚŢÚṼŴẊÝŹ"
)


def pseudo(text: str) -> str:
    """Every letter outside `%{...}` accented."""
    parts = re.split(r"(%\{\w+\})", text)
    return "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(_ACCENTED) for p in parts)


def longer(text: str) -> str:
    """Every word outside `%{...}` 40 % longer (a letter in two repeated), as a language
    with long words would write it: `qpl`, for the fit check (tools/pictures/fit_check.py)."""

    def stretch(m: re.Match) -> str:
        word = m.group(0)
        extra = -(-len(word) * 2 // 5)  # 40 %, rounded up
        step = max(1, len(word) // extra)
        return "".join(ch * (2 if i % step == 0 and i // step < extra else 1) for i, ch in enumerate(word))

    parts = re.split(r"(%\{\w+\})", text)
    return "".join(p if PLACEHOLDER.fullmatch(p) else re.sub(r"[^\W\d_]+", stretch, p) for p in parts)


PSEUDOS = {PSEUDO: pseudo, LONGER: longer}


def _pseudo(flat: dict, change=pseudo) -> dict:
    return {k: ({f: change(s) for f, s in v.items()} if isinstance(v, dict) else change(v)) for k, v in flat.items()}


def plain_letters(text: str) -> bool:
    """Whether drawn text has unaccented Latin letters (in `qps`: words that missed `t()`)."""
    return re.search(r"[A-Za-z]", text) is not None
