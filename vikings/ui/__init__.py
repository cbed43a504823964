"""The screens: pygame-ce drawing and pygame-gui widgets over the engine's state and events.

    app.py      the window and the loop        scene.py   scenes and the machine that switches them
    flow.py     which scene shows a game       screens.py the scene classes, registered by name
    sound.py    the sounds                     memory.py  giving memory back between scenes
    drawing/    pieces drawn (no scene)        table/     the match, bot turns, hints, moves
    dialogs/    panels over a scene            lesson/    the guided first game
    scenes/     one class a scene

May import anything in the package but vikings.commands.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
