"""Everything the game keeps on disk for a player: the table file (autosave and named
saves) and its safe reading, the player's folders, the settings, and the words that
explain a file that cannot be used.

May import: vikings.engine, vikings.bots (the level names), vikings.text. No pygame.
"""
