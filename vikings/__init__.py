"""Vikings: a desktop edition of Michael Kiesling's board game."""
__version__ = "0.1.0"
