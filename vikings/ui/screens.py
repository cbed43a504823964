"""Which scene class plays each part of the game (flow.SCENES): the one module that knows
them all, so that flow and the scenes can move from one to another by name without
importing each other. `install()` runs when the app starts (and in tools that drive the
scenes without an app's title)."""
from __future__ import annotations

from . import flow


def install() -> None:
    from .scenes.auction import AuctionScene
    from .scenes.boatswain import BoatswainScene
    from .scenes.offer import OfferScene
    from .scenes.purchase import PurchaseScene
    from .scenes.results import ResultsScene
    from .scenes.scoring import ScoringScene
    from .scenes.setup import SetupScene
    from .scenes.title import TitleScene
    flow.register(title=TitleScene, setup=SetupScene, offer=OfferScene, auction=AuctionScene,
                  purchase=PurchaseScene, boatswain=BoatswainScene, scoring=ScoringScene,
                  results=ResultsScene)
