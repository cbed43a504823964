"""The screens: pygame-ce drawing and pygame-gui widgets over the engine's state and events."""
