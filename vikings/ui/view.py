"""What the table shows: the engine's state with the events not yet animated taken back.

The engine applies a decision at once; the screens then show its events one by one. Until
an event has been shown, its effect must not be on screen (a tile still flying to the
wheel is not on the wheel yet). `Visible` starts from the engine's state and undoes the
pending events, so the screens never keep game state of their own.
"""
from __future__ import annotations

from collections import Counter


class PlayerView:
    __slots__ = ("display", "gold", "fame", "hidden", "vacant", "pool")

    def __init__(self, display):
        self.display = display
        self.gold = display.gold
        self.fame = display.fame
        self.hidden: set = set()   # (row, col) whose tile is not shown yet
        self.vacant: set = set()   # (row, col) whose Viking is not shown yet
        self.pool = list(display.pool)

    def tile_at(self, row: int, col: int) -> int:
        if (row, col) in self.hidden:
            return -1
        return self.display.tile_at(row, col)

    def occupied(self, row: int, col: int) -> bool:
        return (row, col) not in self.vacant and (row, col) not in self.hidden and self.display.occupied(row, col)


class Visible:
    def __init__(self, game, pending):
        rules = game.rules
        self.game = game
        self.players = [PlayerView(d) for d in game.displays]
        self.wheel_tile = list(game.wheel_tile)
        self.wheel_viking = list(game.wheel_viking)
        self.offset = game.offset
        self.round = game.round
        self.bag = sum(game.bag)
        self.start_player = game.start_player
        self.wheel_hidden = False     # a new offer not laid out yet
        self.start_tile_shown = [d.start_tile < 0 for d in game.displays]
        # Undo the pending events, newest first.
        for e in reversed(list(pending)):
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
            elif t == "start_player":  # the ship passes on as the next round begins
                self.start_player = (p - 1) % game.n
                self.round -= 1
            elif t == "offer":
                self.wheel_hidden = True
                self.bag += len(d.get("vikings", ()))

    def pool_counts(self, p: int) -> Counter:
        return Counter({k: c for k, c in enumerate(self.players[p].pool) if c})
