"""Real positions for the rules panel's pictures, built through the engine's door.

Each picture shows a rule at work in a game that was actually played: a seeded game is
played with a bot's choices through legal_actions()/apply() until a position shows the
rule (`_find`), and what the picture marks is read from the engine (its legal actions,
`threat`, the scorings), never painted by hand. Pure: no pygame; ui/rule_pictures.py
draws them. Each position is found once per rules object (cached).

    zero        a purchase where the 0 group may not be bought, and one where it may
    edges       a placement: the island tile in hand and every cell where it fits
    ships       a ship in hand and the columns it may take
    threat      ships threatening Vikings in their columns, one repelled by a warrior
    scout       a scout with goldsmiths or fishermen below it, and its large-scoring Fame
    boatswain   a boatswain decision: the choices and the empty tiles they could fill
    feeding     the final scoring's feeding count: fishermen, mouths, Fame
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vikings.bots import make_bot
from vikings.engine import GameConfig, new_game
from vikings.engine.actions import Buy, PlaceTile, UseBoatswain
from vikings.engine.display import threat
from vikings.engine.scoring import large_scoring
from vikings.engine.state import BOATSWAIN, PLACE, PURCHASE

NAMES = ("zero", "edges", "ships", "threat", "scout", "boatswain", "feeding")
SEEDS = range(1, 60)


@dataclass
class Position:
    name: str
    game: object  # the GameState (a copy, never played on)
    player: int  # whose display or decision the picture shows
    cells: tuple = ()  # (row, col) the picture marks on the display
    threatened: tuple = ()  # (row, col) of Vikings a ship threatens
    repelled: tuple = ()  # columns of ships a warrior repels
    columns: tuple = ()  # display columns the picture marks whole
    tile: int = -1  # the tile in hand (placements)
    spaces: tuple = ()  # wheel spaces the picture marks (and `blocked`)
    blocked: dict = field(default_factory=dict)
    facts: dict = field(default_factory=dict)  # numbers the caption states
    other: Position | None = None  # a second position shown beside it (the 0 rule's exception)


def _games(rules, seeds=SEEDS, players: int = 2):
    """Yield (seed, state) along games played by Beginner bots: before each decision, and
    the finished game."""
    for seed in seeds:
        game = new_game(GameConfig(tuple(f"P{i}" for i in range(players)), seed=seed, start_player=0), rules)
        bots = [make_bot("beginner", seed * 10 + p) for p in range(players)]
        while not game.is_over:
            yield seed, game
            game.apply(bots[game.to_move].choose(game))
        yield seed, game


def _find(rules, pred, seeds=SEEDS):
    """The first position along the games for which `pred(game)` returns a Position."""
    for _, game in _games(rules, seeds):
        found = pred(game)
        if found is not None:
            return found
    raise LookupError("no game shows this rule; widen SEEDS")


def _zero_blocked(game):
    if game.phase != PURCHASE or game.wheel_tile[game.offset] < 0 or Buy(game.offset) in game.legal_actions():
        return None
    return Position(
        "zero",
        game.copy(),
        game.to_move,
        spaces=(game.offset,),
        blocked={game.offset: "0 rule"},
        facts={"reason": game.buy_blockers(game.offset)},
    )


def _zero_allowed(game):
    z = game.offset
    if game.phase != PURCHASE or game.wheel_tile[z] < 0 or Buy(z) not in game.legal_actions():
        return None
    if game.wheel_viking.count(game.wheel_viking[z]) != 1 or len(game.groups()) < 5:
        return None
    return Position("zero", game.copy(), game.to_move, spaces=(z,), facts={"viking": game.wheel_viking[z]})


def _edges(game):
    if game.phase != PLACE or game.hand_tile < 0 or game.rules.tile_is_ship[game.hand_tile]:
        return None
    d = game.displays[game.to_move]
    cells = tuple((a.row, a.col) for a in game.legal_actions() if isinstance(a, PlaceTile))
    tiles = sum(1 for r, _, _, _ in d.tiles() if r > 0)
    # A tile with a land edge on its west side, on a display with a few islands: some
    # cells next to tiles fit it and others do not.
    if tiles < 5 or not 2 <= len(cells) <= 4 or game.rules.tile_west[game.hand_tile] == 0:
        return None
    return Position("edges", game.copy(), game.to_move, cells=cells, tile=game.hand_tile)


def _ships(game):
    if game.phase != PLACE or game.hand_tile < 0 or not game.rules.tile_is_ship[game.hand_tile]:
        return None
    d = game.displays[game.to_move]
    cols = tuple(a.col for a in game.legal_actions() if isinstance(a, PlaceTile) and a.row == 0)
    if sum(1 for r, _, _, _ in d.tiles() if r == 0) != 1 or len(cols) != 2:
        return None  # one ship down, two free columns of the first three left
    return Position(
        "ships", game.copy(), game.to_move, cells=tuple((0, c) for c in cols), tile=game.hand_tile, columns=cols
    )


def _threat(game):
    if game.phase != PURCHASE:
        return None
    for p, d in enumerate(game.displays):
        threatened, repelled, unrepelled = threat(d, game.rules)
        if repelled and 1 <= len(unrepelled) <= 2 and threatened and len(threatened) <= 3:
            return Position(
                "threat",
                game.copy(),
                p,
                threatened=tuple(threatened),
                repelled=tuple(c for c, _ in repelled),
                columns=tuple(c for c, _ in unrepelled),
                facts={"unrepelled": tuple(unrepelled), "repelled": tuple(repelled)},
            )
    return None


def _scout(game):
    if game.phase != PURCHASE:
        return None
    rules = game.rules
    for p, d in enumerate(game.displays):
        score = large_scoring(d, rules, p)
        lines = [x for x in score.lines if x.what == "scout" and x.detail == "2 below"]
        if lines and not score.threatened:
            line = lines[0]
            below = [(r, line.col) for r in (rules.viking_row[rules.goldsmith], rules.viking_row[rules.fisherman])]
            return Position(
                "scout",
                game.copy(),
                p,
                cells=((line.row, line.col), *below),
                columns=(line.col,),
                facts={"fame": line.fame, "below": 2},
            )
    return None


def _boatswain(game):
    if game.phase != BOATSWAIN:
        return None
    legal = game.legal_actions()
    uses = [a for a in legal if isinstance(a, UseBoatswain)]
    if len(uses) < 3:
        return None
    rules = game.rules
    d = game.displays[game.to_move]
    cells = tuple(
        (rules.viking_row[a.kind], c) for a in uses if a.mode == "all" for c in d.empty_tiles(rules.viking_row[a.kind])
    )
    return Position(
        "boatswain",
        game.copy(),
        game.to_move,
        cells=cells,
        facts={"choices": tuple(str(a) for a in legal), "boatswains": d.pool[rules.boatswain]},
    )


def _feeding(game):
    """A finished game, and the feeding line its final scoring applied."""
    if not game.is_over:
        return None
    rules = game.rules
    final = {s.player: s for s in game.scores[-1][2]}
    for p, d in enumerate(game.displays):
        line = next(x for x in final[p].lines if x.what == "feeding")
        threatened, repelled, _ = threat(d, rules)
        frow = rules.viking_row[rules.fisherman]
        fishers = tuple(
            (frow, c) for c in range(1, len(d.rows[frow]) + 1) if d.occupied(frow, c) and (frow, c) not in threatened
        )
        mouths = sum(d.pool) + sum(d.island_vikings(rules))
        if fishers and 0 < mouths - len(fishers) * rules.scoring.fisherman_feeds <= 4:
            return Position(
                "feeding",
                game.copy(),
                p,
                cells=fishers,
                threatened=tuple(threatened),
                repelled=tuple(c for c, _ in repelled),
                facts={
                    "fishermen": len(fishers),
                    "food": len(fishers) * rules.scoring.fisherman_feeds,
                    "mouths": mouths,
                    "fame": line.fame,
                },
            )
    return None


_FINDERS = {
    "edges": _edges,
    "ships": _ships,
    "threat": _threat,
    "scout": _scout,
    "boatswain": _boatswain,
    "feeding": _feeding,
}
_CACHE: dict = {}


def position(rules, name: str) -> Position:
    """The position of picture `name` (one of NAMES), found once per rules object."""
    cache = _CACHE.setdefault(id(rules), (rules, {}))
    if cache[0] is not rules:  # (an id reused by new rules)
        cache = _CACHE[id(rules)] = (rules, {})
    found = cache[1].get(name)
    if found is None:
        if name == "zero":
            found = _find(rules, _zero_blocked)
            found.other = _find(rules, _zero_allowed)
        else:
            found = _find(rules, _FINDERS[name])
        cache[1][name] = found
    return found


def positions(rules) -> dict[str, Position]:
    """Every picture's position, by name (in NAMES order)."""
    return {n: position(rules, n) for n in NAMES}
