"""The rules of Vikings: pure Python, no display, no files, no clock.

    from vikings.content.data import default_rules
    from vikings.engine import GameConfig, new_game
    game = new_game(GameConfig(("Ada", "Bo"), seed=7), default_rules())
    while not game.is_over:
        events = game.apply(game.legal_actions()[0])

Imports nothing of vikings outside the engine.
"""

from vikings.engine.actions import (
    Action,
    Bid,
    Buy,
    ChooseColour,
    DeclineSpecial,
    FinishBoatswains,
    MoveViking,
    PassBid,
    PlaceStart,
    PlaceTile,
    PlaceViking,
    RemoveViking,
    ReplaceTile,
    TakeSpecial,
    UseBoatswain,
    action_from_parts,
    parse_action,
)
from vikings.engine.components import Rules
from vikings.engine.display import Display
from vikings.engine.errors import ConfigError, IllegalAction, NotationError, SaveError, VikingsError
from vikings.engine.events import Event, describe_line
from vikings.engine.phases import (
    AUCTION,
    BID,
    BOATSWAIN,
    BOATSWAIN_MOVE,
    COLOUR,
    OPTIONS,
    OVER,
    PLACE,
    PURCHASE,
    REMOVE,
    REPLACE,
    SINGLE_BOATSWAIN,
    SPECIAL,
    SPECIAL_TILES,
    VIKING,
)
from vikings.engine.scoring import Line, PlayerScore, final_scoring, large_scoring, small_scoring
from vikings.engine.state import GameConfig, GameState


def new_game(config: GameConfig, rules: Rules) -> GameState:
    """A new game, with the first round's offer already laid out."""
    return GameState.new(config, rules)


# Everything above, and the submodules (importing them made them attributes of the package).
__all__ = [
    "AUCTION",
    "Action",
    "BID",
    "BOATSWAIN",
    "BOATSWAIN_MOVE",
    "Bid",
    "Buy",
    "COLOUR",
    "ChooseColour",
    "ConfigError",
    "DeclineSpecial",
    "Display",
    "Event",
    "FinishBoatswains",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "Line",
    "MoveViking",
    "NotationError",
    "OPTIONS",
    "OVER",
    "PLACE",
    "PURCHASE",
    "PassBid",
    "PlaceStart",
    "PlaceTile",
    "PlaceViking",
    "PlayerScore",
    "REMOVE",
    "REPLACE",
    "RemoveViking",
    "ReplaceTile",
    "Rules",
    "SINGLE_BOATSWAIN",
    "SPECIAL",
    "SPECIAL_TILES",
    "SaveError",
    "TakeSpecial",
    "UseBoatswain",
    "VIKING",
    "VikingsError",
    "action_from_parts",
    "actions",
    "advanced",
    "components",
    "describe_line",
    "display",
    "errors",
    "events",
    "final_scoring",
    "large_scoring",
    "new_game",
    "parse_action",
    "phases",
    "rng",
    "scoring",
    "small_scoring",
    "specials",
    "state",
]
