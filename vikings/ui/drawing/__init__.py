"""Drawing the table's pieces: theme, layout, the wheel and displays, cards, charts,
panels, tooltips, sprites, `view` (what the table shows while events animate) and `layer`
(the table kept between frames, the screen mended where things moved over it).

May import: vikings.engine, vikings.text, vikings.content, vikings.saves, pygame. No scene,
no match.
"""
