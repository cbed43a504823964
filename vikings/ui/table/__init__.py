"""A game at the table, below the scenes: the match (engine state, seats, undo, saves),
bot turns, hints, the moves a player makes by drag, click or key, motion, and a table's
side of the network (net_table: the remote seats' moves, the seats' news).

May import: vikings (all but ui.scenes, ui.dialogs, ui.lesson), vikings.ui.drawing.
"""
