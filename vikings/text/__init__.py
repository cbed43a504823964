"""The words: the translation layer (catalogues in `data/lang/`), the game's vocabulary,
and the game log's line for each engine event.

May import: vikings.engine, vikings.paths.
"""
