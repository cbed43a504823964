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
import yaml

from vikings.paths import resource_dir

log = logging.getLogger(__name__)

LANGUAGES = {"en": "English", "de": "Deutsch"}  # offered to players, in the settings' order
FALLBACK = "en"
PSEUDO = "qps"
LONGER = "qpl"  # another pseudo-language (not offered): English with every word 40 % longer
PLURAL_KEYS = frozenset({"zero", "one", "other"})
PLACEHOLDER = re.compile(r"%\{(\w+)\}")

_current = FALLBACK
_loaded: dict[str, dict[str, object]] = {}  # code -> flat key -> str | plural dict
_strict = False
_warned: set[str] = set()

i18n.set("fallback", FALLBACK)


# --- the catalogues -----------------------------------------------------------------


def lang_dir() -> Path:
    return resource_dir("data") / "lang"


def read_catalogue(code: str, directory: Path | None = None) -> dict[str, object]:
    """One language's entries, flattened to dotted keys (from the YAML files, not cached)."""
    folder = (directory or lang_dir()) / code
    flat: dict[str, object] = {}
    for path in sorted(folder.glob("*.yaml")):
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f) or {}
        if not isinstance(doc, dict):
            raise ValueError(f"{path}: a catalogue holds a mapping of entries")
        _flatten(path.stem, doc, flat, path)
    return flat


def _flatten(prefix: str, node, out: dict, path: Path) -> None:
    if isinstance(node, dict) and node and set(node) <= PLURAL_KEYS and "other" in node:
        if not all(isinstance(v, str) for v in node.values()):
            raise ValueError(f"{path}: {prefix}: plural forms are strings")
        out[prefix] = dict(node)
        return
    if isinstance(node, dict):
        for k, v in node.items():
            _flatten(f"{prefix}.{k}", v, out, path)
        return
    if isinstance(node, (str, int, float)) and not isinstance(node, bool):
        out[prefix] = str(node)
        return
    raise ValueError(f"{path}: {prefix}: an entry is a string, a mapping or plural forms")


def catalogue(code: str) -> dict[str, object]:
    """The flat catalogue of a language (loaded once, and given to i18n)."""
    if code not in _loaded:
        flat = _pseudo(catalogue(FALLBACK), PSEUDOS[code]) if code in PSEUDOS else read_catalogue(code)
        for key, value in flat.items():
            i18n.add_translation(key, value, locale=code)
        _loaded[code] = flat
    return _loaded[code]


# --- the language in use -------------------------------------------------------------


def languages() -> dict[str, str]:
    return dict(LANGUAGES)


def known(code: str) -> bool:
    return code in LANGUAGES or code in PSEUDOS


def language() -> str:
    return _current


def set_language(code: str) -> str:
    """Use `code` from now on (an unknown code gives English); returns the code in use."""
    global _current
    code = code if known(code) else FALLBACK
    catalogue(FALLBACK)
    catalogue(code)
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
