"""The phases of a game: who decides what next (see state.py and docs/advanced.md)."""

PURCHASE, PLACE, VIKING, BOATSWAIN, BOATSWAIN_MOVE, OVER = (
    "purchase", "place", "viking", "boatswain", "boatswain_move", "over")
# The advanced game's decisions.
BID, REMOVE, COLOUR, SPECIAL, REPLACE = "bid", "remove", "colour", "special", "replace"

# GameConfig.options: the advanced game's three separately selectable rules.
AUCTION, SINGLE_BOATSWAIN, SPECIAL_TILES = "auction", "single_boatswain", "special_tiles"
OPTIONS = (AUCTION, SINGLE_BOATSWAIN, SPECIAL_TILES)
