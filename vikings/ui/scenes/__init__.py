"""The game's scenes, one class each: title, setup, the table's scenes (offer,
auction, purchase, boatswain, scoring, results), the review and the puzzles, and playing
over the network (net_menu, net_host, net_lobby, net_join; net_notices for the table).

May import: the rest of vikings.ui and everything below it.
"""
