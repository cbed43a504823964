"""Drawing the table's pieces: theme, layout, the wheel and displays, cards, charts,
panels, tooltips, sprites, `view` (what the table shows while events animate) and `layer`
(the table kept between frames, the screen mended where things moved over it) and
`widget_shapes` (pygame-gui's large rounded widget backgrounds, drawn once per look).

May import: vikings.engine, vikings.text, vikings.content, vikings.saves, pygame
(and pygame-gui's drawable shapes, in widget_shapes). No scene,
no match.
"""
