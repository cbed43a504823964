"""The rules of Vikings: pure Python, no display, no files, no clock.

    from vikings.content.data import default_rules
    from vikings.engine import GameConfig, new_game
    game = new_game(GameConfig(("Ada", "Bo"), seed=7), default_rules())
    while not game.is_over:
        events = game.apply(game.legal_actions()[0])

Imports nothing of vikings outside the engine.
"""
from vikings.engine.actions import (
    Action, Bid, Buy, ChooseColour, DeclineSpecial, FinishBoatswains, MoveViking, PassBid, PlaceStart,
    PlaceTile, PlaceViking, RemoveViking, ReplaceTile, TakeSpecial, UseBoatswain, action_from_parts,
    parse_action)
from vikings.engine.components import Rules
from vikings.engine.display import Display
from vikings.engine.errors import ConfigError, IllegalAction, NotationError, SaveError, VikingsError
from vikings.engine.events import Event, describe_line
from vikings.engine.scoring import Line, PlayerScore, final_scoring, large_scoring, small_scoring
from vikings.engine.state import (
    AUCTION, BID, BOATSWAIN, BOATSWAIN_MOVE, COLOUR, OPTIONS, OVER, PLACE, PURCHASE, REMOVE, REPLACE,
    SINGLE_BOATSWAIN, SPECIAL, SPECIAL_TILES, VIKING, GameConfig, GameState)


def new_game(config: GameConfig, rules: Rules) -> GameState:
    """A new game, with the first round's offer already laid out."""
    return GameState.new(config, rules)


__all__ = [name for name in dir() if not name.startswith("_")]
