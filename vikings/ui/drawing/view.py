"""What the table shows: the engine's state with the events not yet animated taken back.

The engine applies a decision at once; the screens then show its events one by one. Until
an event has been shown, its effect must not be on screen (a tile still flying to the
wheel is not on the wheel yet). `Visible` starts from the engine's state and undoes the
pending events, so the screens never keep game state of their own.
"""

from __future__ import annotations

from collections import Counter


class PlayerView:
    __slots__ = ("display", "gold", "fame", "hidden", "vacant", "pool", "held", "placed")

    def __init__(self, display, held=(), placed=()):
        self.display = display
        self.gold = display.gold
        self.fame = display.fame
        self.hidden: set = set()  # (row, col) whose tile is not shown yet
        self.vacant: set = set()  # (row, col) whose Viking is not shown yet
        self.pool = list(display.pool)
        self.held = list(held)  # special tile kinds beside the mainland (advanced game)
        self.placed = list(placed)  # (kind, row, col) of building special tiles on the islands

    def tile_at(self, row: int, col: int) -> int:
        if (row, col) in self.hidden:
            return -1
        return self.display.tile_at(row, col)

    def occupied(self, row: int, col: int) -> bool:
        return (row, col) not in self.vacant and (row, col) not in self.hidden and self.display.occupied(row, col)


class Visible:
    def __init__(self, game, pending, opener: int | None = None):
        """`opener`: who opened the latest auction (the start player before it), for a
        pending `start_player` of the auction, whose event does not say."""
        rules = game.rules
        self.game = game
        self.players = [
            PlayerView(d, game.specials_held(p), game.specials_placed(p)) for p, d in enumerate(game.displays)
        ]
        self.wheel_tile = list(game.wheel_tile)
        self.wheel_viking = list(game.wheel_viking)
        self.offset = game.offset
        self.round = game.round
        self.bag = sum(game.bag)
        self.start_player = game.start_player
        self.wheel_hidden = False  # a new offer not laid out yet
        self.start_tile_shown = [d.start_tile < 0 for d in game.displays]
        auction = "auction" in game.options
        self.auction_vikings = list(game.auction_vikings)  # drawn, not yet removed or on the wheel
        self.specials_face_up = list(game.specials_face_up)
        self.specials_supply = game.specials_supply
        # Undo the pending events, newest first.
        pending = list(pending)
        for i in range(len(pending) - 1, -1, -1):
            e = pending[i]
            t, p, d = e.type, e.player, e.data
            if t == "bought":
                v = self.players[p]
                v.gold += d["gold"]
                v.fame += d["fame"]
                self.wheel_tile[d["space"]] = d["tile"]
                self.wheel_viking[d["space"]] = d["viking"]
            elif t == "wheel_turned":
                self.offset -= d["steps"]
            elif t in ("tile_placed", "start_tile_placed"):
                self.players[p].hidden.add((d["row"], d["col"]))
                if t == "start_tile_placed":
                    self.start_tile_shown[p] = False
            elif t in ("viking_placed", "viking_moved"):
                self.players[p].vacant.add((d["row"], d["col"]))
                if t == "viking_moved":
                    self.players[p].pool[d["viking"]] += 1
            elif t == "viking_to_pool":
                self.players[p].pool[d["viking"]] -= 1
            elif t == "boatswain_used":
                self.players[p].pool[rules.boatswain] += 1
            elif t == "scoring":
                v = self.players[p]
                v.gold -= d["gold_change"]
                v.fame -= d["fame_change"]
            elif t == "start_player" and d.get("after") == "auction":  # the winner takes the ship
                self.start_player = next(
                    (x.player for x in reversed(pending[:i]) if x.type == "auction"),
                    opener if opener is not None else self.start_player,
                )
            elif t == "start_player":  # the ship passes on as the next round begins
                self.start_player = (p - 1) % game.n
                if not auction:  # (with the auction, undoing its opening sets the round)
                    self.round -= 1
            elif t == "offer" and not auction:  # (with the auction the wheel filled up step by step)
                self.wheel_hidden = True
                self.bag += len(d.get("vikings", ()))
            elif t == "auction":
                self.auction_vikings = []
                self.bag += len(d["vikings"])
                self.round = max(0, d["round"] - 2)
            elif t == "auction_won":
                v = self.players[p]
                v.gold += d["gold"]
                v.fame += d["fame"]
            elif t == "viking_removed":
                self.auction_vikings.append(d["viking"])
            elif t == "tiles_laid":
                self.wheel_tile = [-1] * len(self.wheel_tile)
            elif t == "colour_placed":
                for s in d["spaces"]:
                    self.wheel_viking[s] = -1
                self.auction_vikings.extend([d["viking"]] * len(d["spaces"]))
            elif t == "special_revealed":
                self.specials_face_up[d["slot"]] = -1
                self.specials_supply += 1
            elif t == "special_taken":
                self.specials_face_up[d["slot"]] = d["special"]
                if d["special"] in self.players[p].held:
                    self.players[p].held.remove(d["special"])
            elif t == "special_gold":
                self.players[p].gold -= d["gold"]
            elif t == "special_placed":
                v = self.players[p]
                if (d["special"], d["row"], d["col"]) in v.placed:
                    v.placed.remove((d["special"], d["row"], d["col"]))
                v.held.append(d["special"])  # it waited beside the mainland (or was just taken)
            elif t == "special_spent":
                self.players[p].held.append(d["special"])
        self.auction_vikings.sort()

    def pool_counts(self, p: int) -> Counter:
        return Counter({k: c for k, c in enumerate(self.players[p].pool) if c})


PLACING = frozenset({"tile_placed", "start_tile_placed", "special_placed"})  # events that lay a tile on a cell
MOVES = frozenset({"bought", "viking_placed", "viking_to_pool", "viking_moved", "boatswain_used"}) | PLACING
#: events that show a player's own decision while the engine has gone on to the next player:
#: the moves and the auction's bids (whose turn the table names while one is shown)
DECIDED = MOVES | frozenset({"bid", "bid_passed"})


def last_moves(events, viewer: int | None, is_person, limit: int = 400) -> dict[int, tuple[int, int]]:
    """Where each other player laid her last tile since `viewer` last moved (the person
    at the table; None: since any person moved): {player: (row, col)}, read from the
    events already shown, newest first (at most `limit` of them: a table of bots has no
    person's move to stop at). The board marks these until the viewer acts."""
    out: dict = {}
    for n, e in enumerate(reversed(events)):
        if n >= limit:
            break
        p = e.player
        if p is None:
            continue
        mine = p == viewer if viewer is not None else is_person(p)
        if mine:
            if e.type in MOVES:
                break
            continue
        if p not in out and e.type in PLACING:
            out[p] = (e.data["row"], e.data["col"])
    return out


def event_cell(e) -> tuple[int, int, int] | None:
    """(player, row, col) of an event that happened on a cell of a display, else None."""
    d = e.data
    if e.player is not None and isinstance(d, dict) and "row" in d and "col" in d:
        return e.player, d["row"], d["col"]
    return None
