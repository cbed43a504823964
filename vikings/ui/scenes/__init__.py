"""The game's scenes, one class each: title, setup, the table's scenes (offer,
auction, purchase, boatswain, scoring, results) and the review.

May import: the rest of vikings.ui and everything below it.
"""
