"""Errors the engine raises. Each message is written for the person who caused it."""


class VikingsError(Exception):
    """Base class for every error the game reports to a user."""


class IllegalAction(VikingsError):
    """An action that is not legal now (the game is unchanged)."""


class NotationError(VikingsError):
    """A display written in the text notation could not be read."""


class SaveError(VikingsError):
    """A saved game could not be loaded (nothing was loaded)."""


class ConfigError(VikingsError, ValueError):
    """A game cannot be set up as asked (player count, start player, options)."""
