"""Hints for a person's decision: the best three options, each with reasons that are true.

`suggest(game)` ranks every legal option the way the bots do and returns a `Hint`: the
best three `Option`s, best first. The ranking is Normal's (heuristic.py: each option with
the best rest of the turn, judged by `evaluate.values` against the best rival; purchases
also weigh the next player's best reply), then, with `search`, Hard's search
(mcts.py with 2 players, the playouts of lookahead.py with 3-4) re-orders the options it
looked at, in what is left of `seconds`. The auction's decisions (advanced game) are
ranked by Normal's rules of auction.py, as every bot makes them.

Each option carries its `plan` (the option and the rest of the turn as Normal would play
it; a boatswain's option stops at that boatswain's moves), the cells of the mover's
display the plan changes, and its reasons: facts read off the engine before and after the
plan (hint_reasons.py), not canned text. The texts (`Option.reason`, `describe`) are
written in the language in use when they are read: an Option keeps data, not sentences.

Pure Python, no pygame: it runs in the bots' helper process (remote.py, job kind "hint").
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass

from vikings.advice.reasons import Fact, changed_cells, feeding, reasons
from vikings.bots.base import CancelToken
from vikings.bots.heuristic import NormalBot
from vikings.bots.turn_search import AUCTION_PHASES, TurnSearch, relative
from vikings.engine import GameState
from vikings.engine.actions import (
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
)
from vikings.engine.state import BOATSWAIN, BOATSWAIN_MOVE, COLOUR, REMOVE
from vikings.text import words
from vikings.text.lang import t

BEST = 3  # options shown
SEARCH_SECONDS = 1.5  # ranking's time cap for a hint, Normal's and Hard's (on screen within 2 s)


@dataclass
class Option:
    action: object
    plan: tuple  # the action and the rest of the turn as the hint would play it
    facts: tuple  # Fact, most weighty first
    score: float  # Normal's score (Fame against the best rival, after the turn)
    chance: float | None  # Hard's estimated chance to win, if its search looked at it
    cells: tuple = ()  # (row, col) of the mover's display that the plan changes

    @property
    def reason(self) -> str:
        """The one-line reason shown on screen (in the language in use)."""
        return t("hints.reason_sep").join(f.text for f in self.facts) or t("hints.no_change")


@dataclass
class Hint:
    seat: int
    phase: str
    actions: int  # how many actions the game had (the decision the hint is for)
    options: tuple  # Option, best first
    seconds: float
    searched: bool  # Hard's search re-ordered the options

    @property
    def best(self) -> Option:
        return self.options[0]


# Ranking --------------------------------------------------------------------------------------
def suggest(
    game: GameState,
    cancel: CancelToken | None = None,
    search: bool = True,
    seconds: float = SEARCH_SECONDS,
    best: int = BEST,
) -> Hint:
    """The best `best` options for the player to move in `game` (not modified)."""
    started = time.perf_counter()
    legal = game.legal_actions()
    if not legal:
        raise ValueError("no decision to hint at: the game is over")
    me = game.to_move
    seed = zlib.crc32(f"hint/{game.config.seed}/{len(game.actions())}".encode())
    state = game.copy()
    state.quiet = True
    normal = NormalBot(seed)
    if game.phase in AUCTION_PHASES:
        scores = _auction_scores(normal, state, legal, cancel)
    else:
        scores = normal.scores(state.copy(), legal, cancel)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    chances: dict = {}
    searched = False
    left = seconds - (time.perf_counter() - started)  # the search gets what Normal left of the time
    if search and len(legal) > 1 and game.phase not in AUCTION_PHASES and left > 0.2:
        chances = _searched(game, legal, cancel, seed, left)
        searched = bool(chances)
        if chances:  # what the search looked at first, as Hard ranks it; then Normal's order
            order.sort(key=lambda i: (legal[i] not in chances, -chances.get(legal[i], (0, 0))[0]))
    turn = TurnSearch(me, relative(me), cancel)
    options = [
        _option(state, legal[i], turn, scores[i], chances[legal[i]][1] if legal[i] in chances else None)
        for i in order[:best]
    ]
    return Hint(me, game.phase, len(game.actions()), tuple(options), time.perf_counter() - started, searched)


def explain_option(game: GameState, action, cancel: CancelToken | None = None) -> Option:
    """Any legal option of the player to move with its plan and reasons (not ranked:
    score 0, no chance)."""
    state = game.copy()
    state.quiet = True
    return _option(state, action, TurnSearch(state.to_move, relative(state.to_move), cancel), 0.0, None)


def _option(state: GameState, action, turn: TurnSearch, score: float, chance) -> Option:
    plan, after, step = _plan(state, action, turn)
    return Option(
        action,
        plan,
        tuple(reasons(state, step, after, plan)),
        score,
        chance,
        changed_cells(state.displays[state.to_move], after.displays[state.to_move]),
    )


def _searched(game: GameState, legal, cancel, seed: int, seconds: float) -> dict:
    """Hard's view of the options its search looked at: action -> (rank key, chance to win)."""
    from vikings.bots.mcts import make_search_bot

    bot = make_search_bot("hard", seed, max_seconds=seconds)
    bot.choose(game.copy(), legal, cancel)
    st = bot.last_stats
    by_text = {str(a): a for a in legal}
    if "chances" in st:  # playouts to the round's end (3-4 players): the chance itself
        return {by_text[k]: (v, v) for k, v in st["chances"].items() if k in by_text}
    tree = bot._tree  # the tree (2 players): Hard takes the most visited root child
    if tree is None:
        return {}
    root = tree[2]
    me = game.to_move
    return {
        a: (ch.n, ch.w[me] / ch.n)
        for a, ch in zip(root.actions, root.children or ())
        if ch is not None and ch.n and a in legal
    }


def _auction_scores(bot: NormalBot, state: GameState, legal, cancel) -> list:
    """Normal's rules for the auction's decisions, as a score per option."""
    from vikings.bots.auction import Gains, colour_scores, max_bid, removal_scores

    me = state.to_move
    gains = Gains(state, cancel)
    if state.phase == REMOVE:
        return removal_scores(state, me, legal, gains)
    if state.phase == COLOUR:
        return colour_scores(state, me, legal, gains)
    # BID: the lowest bid while it stays within what the start is worth, else passing;
    # higher bids after it, dearer ones last.
    limit = max_bid(state, me, gains)
    out = []
    lowest = next((a.amount for a in legal if isinstance(a, Bid)), None)
    for a in legal:
        if isinstance(a, PassBid):
            out.append(0.0)
        else:
            out.append((1.0 if a.amount <= limit else -1.0) - (a.amount - lowest) * 0.01)
    return out


def _plan(state: GameState, action, turn: TurnSearch):
    """(plan, state after the plan, state after the action alone) of `action`."""
    step = state.copy()
    step.quiet = True
    step.apply(action)
    if state.phase in AUCTION_PHASES:
        return (action,), step, step
    _, after = turn.after(state, action)
    done = len(state.actions())
    plan = tuple(after.actions()[done:])
    if state.phase in (BOATSWAIN, BOATSWAIN_MOVE):
        # A boatswain's option is what this boatswain does (its Vikings' tiles), not the
        # later boatswains of the plan: so each option's reasons are its own.
        keep = 1
        while state.phase == BOATSWAIN and keep < len(plan) and isinstance(plan[keep], MoveViking):
            keep += 1
        if keep < len(plan):
            plan = plan[:keep]
            after = state.copy()
            after.quiet = True
            for a in plan:
                after.apply(a)
    return plan, after, step


def describe(action, game: GameState) -> str:
    """A short name of an option for the hint panel ("Buy farm + scout for 2"), in the
    language in use."""
    rules = game.rules
    if isinstance(action, Buy):
        tile, viking = rules.tiles[game.wheel_tile[action.space]], rules.vikings[game.wheel_viking[action.space]]
        return t(
            "hints.option.buy",
            tile=_tile(tile.id),
            viking=t(f"hints.viking.{viking.id}", count=1),
            price=game.price(action.space),
        )
    if isinstance(action, PlaceTile):
        what = _tile(rules.tiles[game.hand_tile].id, start=True) if game.hand_tile >= 0 else t("hints.option.tile")
        if action.row:
            return t("hints.option.place_at", tile=what, row=action.row, col=action.col)
        return t("hints.option.place_column", tile=what, col=action.col)
    if isinstance(action, PlaceStart):
        return t("hints.option.start", row=action.row)
    if isinstance(action, PlaceViking):
        name = words.viking(rules.vikings[game.hand_viking])
        return t("hints.option.on_tile" if action.on_tile else "hints.option.to_pool", viking=name)
    if isinstance(action, UseBoatswain):
        if action.mode == "each":
            return t("hints.option.boatswain_each")
        ident = rules.vikings[action.kind].id
        if action.mode == "all":
            return t("hints.option.boatswain_all", vikings=t(f"hints.viking.{ident}", count=2))
        return t("hints.option.boatswain_one", viking=t(f"hints.viking.{ident}", count=1))
    if isinstance(action, FinishBoatswains):
        return t("hints.option.finish_boatswains")
    if isinstance(action, MoveViking):
        return t("hints.option.move", row=action.row, col=action.col)
    if isinstance(action, Bid):
        return t("hints.option.bid", amount=action.amount)
    if isinstance(action, PassBid):
        return t("hints.option.pass")
    if isinstance(action, RemoveViking):
        return t("hints.option.remove", viking=t(f"hints.viking.{rules.vikings[action.kind].id}", count=1))
    if isinstance(action, ChooseColour):
        return t("hints.option.colour", vikings=words.viking_plural(rules.vikings[action.kind]))
    if isinstance(action, TakeSpecial):
        return t(
            "hints.option.take",
            special=words.special(rules.specials[game.specials_face_up[action.slot]]),
            n=action.slot + 1,
        )
    if isinstance(action, DeclineSpecial):
        return t("hints.option.decline")
    if isinstance(action, ReplaceTile):
        return t("hints.option.building", row=action.row, col=action.col)
    return str(action)


def _tile(ident: str, start: bool = False) -> str:
    """A tile's name as it reads in an option: "farm" in a sentence, "Farm" leading one."""
    return words.tile(ident) if start else t(f"hints.tile.{ident}")


__all__ = ["Hint", "Option", "Fact", "suggest", "explain_option", "reasons", "feeding", "describe", "BEST"]
