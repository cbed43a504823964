"""The phases of a game: who decides what next (see state.py and docs/advanced.md)."""

PURCHASE, PLACE, VIKING, BOATSWAIN, BOATSWAIN_MOVE, OVER = (
    "purchase",
    "place",
    "viking",
    "boatswain",
    "boatswain_move",
    "over",
)
# The advanced game's decisions.
BID, REMOVE, COLOUR, SPECIAL, REPLACE = "bid", "remove", "colour", "special", "replace"

# GameConfig.options: the advanced game's three separately selectable rules.
AUCTION, SINGLE_BOATSWAIN, SPECIAL_TILES = "auction", "single_boatswain", "special_tiles"
OPTIONS = (AUCTION, SINGLE_BOATSWAIN, SPECIAL_TILES)

# The edition of the rules a game is played under (GameConfig.rules_version). 2: with the
# auction, the Start Player Ship passes clockwise after every scoring, as in the standard
# game. 1: the reading before that correction, kept so that games saved under it replay
# as they were played (the last auction's winner kept the ship and opened the next one).
RULES_VERSION = 2
RULES_VERSIONS = (1, 2)
