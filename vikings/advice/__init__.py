"""What the game tells a player about play: hints with their reasons, the review of a
finished game, and the real positions the rules panel pictures.

May import: vikings.engine, vikings.bots, vikings.text, vikings.content. No pygame.
"""
