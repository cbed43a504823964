"""The words: the translation layer (catalogues in `data/lang/`, checked as they are
read), the game's vocabulary, and the game log's line for each engine event; and the
reading of any file nobody vouches for (`files`, `safe_yaml`), with messages that quote
at most a few characters of a value.

May import: vikings.engine, vikings.paths.
"""
