"""The game's data: loading and checking the YAML in `data/` (tiles, Vikings, rules,
sprites, sounds, the lesson) into the immutable `Rules` the engine plays by, and the art
catalogue.

May import: vikings.engine, vikings.text, vikings.paths. No pygame.
"""
