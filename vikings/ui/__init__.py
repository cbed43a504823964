"""The screens: pygame-ce drawing and pygame-gui widgets over the engine's state and events."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
