"""Which scene class plays each part of the game (flow.SCENES): the one module that knows
them all, so that flow and the scenes can move from one to another by name without
importing each other. `install()` runs when the app starts (and in tools that drive the
scenes without an app's title)."""

from __future__ import annotations

from vikings.ui import flow


def install() -> None:
    from vikings.ui.scenes.auction import AuctionScene
    from vikings.ui.scenes.boatswain import BoatswainScene
    from vikings.ui.scenes.net_host import HostScene
    from vikings.ui.scenes.net_join import JoinScene
    from vikings.ui.scenes.net_lobby import LobbyScene
    from vikings.ui.scenes.net_menu import NetScene
    from vikings.ui.scenes.offer import OfferScene
    from vikings.ui.scenes.purchase import PurchaseScene
    from vikings.ui.scenes.puzzles import PuzzleScene
    from vikings.ui.scenes.results import ResultsScene
    from vikings.ui.scenes.review import ReviewScene
    from vikings.ui.scenes.scoring import ScoringScene
    from vikings.ui.scenes.setup import SetupScene
    from vikings.ui.scenes.stats import StatsScene
    from vikings.ui.scenes.title import TitleScene

    flow.register(
        title=TitleScene,
        setup=SetupScene,
        offer=OfferScene,
        auction=AuctionScene,
        purchase=PurchaseScene,
        boatswain=BoatswainScene,
        scoring=ScoringScene,
        results=ResultsScene,
        review=ReviewScene,
        puzzles=PuzzleScene,
        stats=StatsScene,
        network=NetScene,
        net_host=HostScene,
        net_lobby=LobbyScene,
        net_join=JoinScene,
    )
