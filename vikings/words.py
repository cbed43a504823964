"""Small helpers for the project's English text, shared by the screens and the hints (the
translation layer will take over what it can)."""
from __future__ import annotations


def plural(noun: str) -> str:
    """boatswain -> boatswains, fisherman -> fishermen."""
    return noun[:-3] + "men" if noun.endswith("man") else noun + "s"
