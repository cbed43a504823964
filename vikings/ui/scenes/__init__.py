"""The game's scenes, one class each: title, setup, the table's scenes (offer,
auction, purchase, boatswain, scoring, results), the review and the puzzles.

May import: the rest of vikings.ui and everything below it.
"""
