"""The one refusal of this package: a reason code for the screens, a detail for the log."""

from __future__ import annotations

from vikings.saves.safe_json import one_line


class Refused(ValueError):
    """A request the history turns down. `reason` is a short code from the module that
    refuses (the screens word it); `detail` is English for the log, one line of at most 200
    characters (a refused file's text is never quoted at length)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        detail = one_line(detail)
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail
