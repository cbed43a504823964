"""A message kept on screen for a while (a scene's error, the decision panel's note),
looked up anew each time it is shown: after a change of language it reads in the new
one. `str(Said("table.message.undone"))` gives its text; a parameter that is a Said
or a function (e.g. `lambda: words.tile(k)`) is looked up with it."""

from __future__ import annotations

from vikings.text.lang import t


class Said:
    __slots__ = ("key", "params")

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params

    def __str__(self) -> str:
        return t(
            self.key,
            **{k: str(v) if isinstance(v, Said) else v() if callable(v) else v for k, v in self.params.items()},
        )

    def __bool__(self) -> bool:
        return True

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.params!r})"


def text(message) -> str:
    """A message (Said, str or None) as the text to draw now ("" for none)."""
    return str(message) if message else ""
