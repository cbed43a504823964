"""The player's journey: who sits at this desk (profiles, the last table), every finished
game in an SQLite file beside the autosave, the figures a statistics screen shows, the
bot level that would make a fair game, and game codes (a game as a short text to paste).

No words here: refusals and notices carry reason codes (`Refused.reason`,
`Notice.reason`) that the screens turn into text. No pygame.

May import: engine, bots (the level names), saves (the table file and its reader, the
player's folders, safe JSON), text (the language codes).
"""

from vikings.history.database import CURRENT_VERSION, FILE_NAME, History, Notice, open_history
from vikings.history.errors import Refused

__all__ = ["CURRENT_VERSION", "FILE_NAME", "History", "Notice", "Refused", "open_history"]
