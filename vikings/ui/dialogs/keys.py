"""Every key the game answers, by where it works: the rules panel's Keys tab shows this list
(in the language in use: rules.keys.<place>.<what>.key and .does), README.md's table is
the same in English, and tests/ui/test_keys.py checks that every pygame key the screens
handle is in it, so that the list cannot fall behind the code.

Each entry: (what, pygame key names it stands for). The title's letters are the
language's own (menus.title.shortcut), so they have no pygame name here.
"""

from __future__ import annotations

from vikings.text.lang import t

KEYS: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...] = (
    ("anywhere", (("f11", ("F11",)), ("esc", ("ESCAPE",)), ("enter", ("RETURN", "KP_ENTER")))),
    ("title", (("letters", ()), ("paste", ("v",)), ("quit", ("ESCAPE", "q")))),
    (
        "table",
        (
            ("rules", ("F1",)),
            ("hint", ("h",)),
            ("undo", ("z",)),
            ("save", ("s",)),
            ("space", ("SPACE",)),
            ("display", ("1", "4")),
            ("esc", ("ESCAPE",)),
        ),
    ),
    (
        "purchase",
        (
            ("choose", ("LEFT", "RIGHT", "TAB")),
            ("buy", ("RETURN", "KP_ENTER")),
            ("drop", ("BACKSPACE",)),
            ("start", ("s",)),
            ("viking", ("t", "p")),
            ("special", ("1", "4")),
            ("no_special", ("n",)),
        ),
    ),
    (
        "auction",
        (
            ("more", ("UP", "RIGHT", "PLUS", "EQUALS", "KP_PLUS")),
            ("less", ("DOWN", "LEFT", "MINUS", "KP_MINUS")),
            ("bid", ("RETURN", "KP_ENTER")),
            ("pass", ("p",)),
            ("kind", ("1", "9")),
        ),
    ),
    (
        "boatswain",
        (
            ("each", ("e",)),
            ("done", ("d",)),
            ("choice", ("1", "9")),
            ("cell", ("LEFT", "RIGHT", "UP", "DOWN", "TAB")),
            ("move", ("RETURN", "KP_ENTER")),
        ),
    ),
    ("scoring", (("skip", ("s",)),)),
    ("results", (("switch", ("TAB",)),)),
    (
        "review",
        (
            ("step", ("LEFT", "RIGHT")),
            ("ends", ("HOME", "END")),
            ("rounds", ("PAGEUP", "PAGEDOWN")),
            ("side", ("UP", "DOWN")),
        ),
    ),
    (
        "rules",
        (
            ("scroll", ("UP", "DOWN", "PAGEUP", "PAGEDOWN", "SPACE", "HOME", "END")),
            ("pictures", ("LEFT", "RIGHT")),
            ("tabs", ("TAB",)),
        ),
    ),
    ("lesson", (("next", ("PAGEDOWN", "RETURN", "SPACE")), ("back", ("PAGEUP",)), ("finish", ("f",)))),
    ("vote", (("agree", ("y", "j")), ("refuse", ("n", "ESCAPE")))),
    ("error", (("quit", ("q",)),)),
)


def key_names() -> set[str]:
    """The pygame key names the list covers (K_<name>)."""
    return {name for _, entries in KEYS for _, names in entries for name in names}


def title_letters() -> str:
    """The title buttons' letters in the language in use (menus.title.shortcut)."""
    whats = ("new", "lesson", "continue", "load", "network", "puzzles", "stats", "rules", "settings")
    return ", ".join(t(f"menus.title.shortcut.{w}") for w in whats)


def keys_markdown() -> str:
    """The Keys tab: a heading, then a list of keys and what they do for each place."""
    out = [f"# {t('rules.keys.heading')}", "", t("rules.keys.intro"), ""]
    for place, entries in KEYS:
        out += [f"## {t(f'rules.keys.{place}.title')}", ""]
        for what, _ in entries:
            key = t(f"rules.keys.{place}.{what}.key", letters=title_letters())
            out.append(f"- **{key}**: {t(f'rules.keys.{place}.{what}.does')}")
        out.append("")
    return "\n".join(out)
