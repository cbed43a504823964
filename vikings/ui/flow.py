"""Which scene shows a game: chosen from the events not yet shown and the engine's phase,
never from a rule of the screens' own.

    next event an offer       -> offer preparation (tiles fly to the wheel)
    next event of an auction  -> the auction (advanced game: bids, removal, colours)
    next event a scoring      -> the scoring animation
    phase bid/remove/colour   -> the auction
    phase purchase/place/viking/special/replace -> purchasing
    phase boatswain(_move)    -> boatswain moves
    phase over                -> results
Other pending events (a purchase, a placement, ...) are animated by the purchasing or
boatswain scene, whichever the phase calls for.

The scenes are known here by name only (`SCENES`, filled by `ui/screens.install()` when the
app starts), so this module imports none of them: the scenes import flow to move on, and
no two modules import each other.
"""

from __future__ import annotations

from vikings.engine.state import BID, BOATSWAIN, BOATSWAIN_MOVE, COLOUR, OVER, REMOVE
from vikings.ui.table.own_settings import sit_down

SCORING_EVENTS = ("scoring", "start_player", "game_over")
BOATSWAIN_EVENTS = ("boatswain_used", "viking_moved", "special_spent")
AUCTION_EVENTS = ("auction", "bid", "bid_passed", "auction_won", "viking_removed", "tiles_laid", "colour_placed")
AUCTION_PHASES = (BID, REMOVE, COLOUR)


SCENES: dict[str, type] = {}  # name -> scene class (ui/screens.py registers them)


def register(**scenes) -> None:
    SCENES.update(scenes)


def scene(name: str) -> type:
    try:
        return SCENES[name]
    except KeyError:
        raise LookupError(f"no scene named {name!r} (ui.screens.install() registers them)") from None


def show(app, name: str, *args, **kwargs) -> None:
    """Switch to the scene called `name` (title, setup, ...), made with `args`."""
    app.scenes.switch(scene(name)(app, *args, **kwargs))


class TableContext:
    """What the in-game scenes share: the match and which display is shown large."""

    def __init__(self, app, match):
        self.app = app
        self.match = match
        self.viewed: int | None = None  # a display the player chose to look at
        self.message: str = ""  # a note for the decision panel (e.g. a discarded tile)


def scene_for(ctx):
    """The scene class the table should show now."""
    AuctionScene, BoatswainScene, OfferScene, PurchaseScene, ResultsScene, ScoringScene = (
        scene(n) for n in ("auction", "boatswain", "offer", "purchase", "results", "scoring")
    )
    m = ctx.match
    auction = "auction" in m.options
    if m.pending:
        e = m.pending[0]
        t = e.type
        # With the auction the start player changes in it (as well as after a scoring), the
        # offer completes it, and the special tiles turned up at a round's start are shown
        # before it.
        if auction and t in AuctionScene.handles and e.data.get("after") != "scoring":
            return AuctionScene
        if t in ("offer", "special_revealed"):
            return OfferScene
        if t in SCORING_EVENTS:
            return ScoringScene
        if t in BOATSWAIN_EVENTS:  # shown by the scene of the decision that caused them
            return BoatswainScene
        if m.game.phase == OVER:
            return PurchaseScene
    phase = m.game.phase
    if phase == OVER:
        return ScoringScene if m.pending else ResultsScene
    if phase in (BOATSWAIN, BOATSWAIN_MOVE):
        return BoatswainScene
    if phase in AUCTION_PHASES:
        return AuctionScene
    return PurchaseScene


def advance(app, ctx, force: bool = False) -> None:
    """Switch the table to the scene the game calls for (nothing if it is already shown)."""
    cls = scene_for(ctx)
    current = app.scenes.base
    if force or type(current) is not cls or getattr(current, "ctx", None) is not ctx:
        if cls.phases:  # a decision comes up: show the display of the player to decide
            ctx.viewed = None
        app.scenes.replace_base(cls(app, ctx))
    app.invalidate()


def enter_game(app, match) -> None:
    """Leave the menus and show `match` at the table (a new, continued or loaded game)."""
    if getattr(app, "match", None) is not None and app.match is not match:
        app.match.close()  # a game loaded over a running one: its bot stops thinking
    match.warm_up()
    sit_down(app, match)  # the first person's own language and settings, for this game
    ctx = TableContext(app, match)
    app.scenes.switch(scene_for(ctx)(app, ctx))
    app.match = match


def leave_game(app, ctx) -> None:
    """Back to the title screen; the game stays in the autosave (unless it is over)."""
    m = ctx.match
    m.close()
    if not m.game.is_over:  # a game loaded and left before a move: Continue resumes it too
        try:
            m.autosave()
        except OSError:  # (the title then offers what the autosave holds)
            pass
    # A finished game is not worth continuing: its autosave goes. Only its own, though: a
    # finished game loaded from a named save must not delete another game in progress.
    if m.game.is_over and m.storage is not None:
        try:
            if m.storage.read_json(m.storage.autosave_path) == m.to_doc():
                m.storage.autosave_path.unlink()
        except (OSError, ValueError):
            pass
    app.match = None
    show(app, "title")
