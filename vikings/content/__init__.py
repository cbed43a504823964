"""The game's data: loading and checking the YAML in `data/` (tiles, Vikings, rules,
sprites, sounds, the lesson) into the immutable `Rules` the engine plays by, and the art
catalogue; `startup` reads and checks all of it, with the catalogues, before the game's
window opens.

May import: vikings.engine, vikings.text, vikings.paths. No pygame.
"""
