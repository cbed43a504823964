"""Player settings, kept between runs in the user's config folder."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields

from .storage import Storage

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}  # animation speed factors
PACES = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}   # pause after a bot's move, s
UI_SCALES = (90, 100, 110, 120, 130, 140, 150)  # % of the lettering's size for the window


@dataclass
class Settings:
    width: int = 1600
    height: int = 900
    fullscreen: bool = False
    animation: str = "normal"      # a key of SPEEDS
    bot_pace: str = "normal"       # a key of PACES
    confirm_purchase: bool = True  # ask before a purchase that costs Fame
    ui_scale: int = 100            # %, 90-150: the lettering's size on top of the window's scale
    window_pos: list = field(default_factory=list)  # [x, y] of the window when last closed; [] = the system's choice

    @property
    def speed(self) -> float:
        return SPEEDS[self.animation]

    @property
    def pace(self) -> float:
        return PACES[self.bot_pace]

    @classmethod
    def load(cls, storage: Storage) -> "Settings":
        """The saved settings; defaults for anything missing or unreadable (a broken file
        must not stop the game from starting)."""
        s = cls()
        try:
            doc = json.loads(storage.settings_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return s
        if not isinstance(doc, dict):
            return s
        for f in fields(cls):
            v = doc.get(f.name)
            if isinstance(v, type(getattr(s, f.name))) and not (isinstance(v, bool) and f.type != "bool"):
                setattr(s, f.name, v)
        if s.animation not in SPEEDS:
            s.animation = "normal"
        if s.bot_pace not in PACES:
            s.bot_pace = "normal"
        s.width = min(max(s.width, 960), 7680)
        s.height = min(max(s.height, 540), 4320)
        s.ui_scale = min(max(s.ui_scale, UI_SCALES[0]), UI_SCALES[-1])
        pos = s.window_pos
        if not (len(pos) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in pos)):
            s.window_pos = []
        else:
            s.window_pos = [min(max(v, -16384), 16384) for v in pos]
        return s

    def save(self, storage: Storage) -> None:
        storage.write_json(storage.settings_path, asdict(self))
