"""Drawing the table's pieces: theme, layout, the wheel and displays, cards, charts,
panels, tooltips, sprites, and `view` (what the table shows while events animate).

May import: vikings.engine, vikings.text, vikings.content, vikings.saves, pygame. No scene,
no match.
"""
