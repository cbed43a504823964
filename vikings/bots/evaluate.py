"""Static evaluation of a game state for bots.

`value(state, p)`: an estimate of player p's final Fame, in Fame units.
`values(state)`: `value` of every player at once (cheaper than n calls).
`utilities(state)`: one number in [0, 1] per player for search: the result when the game
is over (1/k for each of k tied winners), otherwise each player's estimated chance to win
(a softmax of the values, calibrated on bot games; they sum to 1).
`explain(state, p)`: the parts of `value`, for debugging and tuning.

`value` is Fame on hand, plus what the Gold on hand is worth, plus what the display is
still going to earn:

- **Gold** is worth more than its final rate (1 Fame per 5) while groups remain to be
  bought: its rate falls linearly with the share of the game's purchases still to come,
  from `GOLD_START` to `GOLD_END`. Gold still to come from scorings is weighted by the
  rate when it arrives.
- **Scorings still to come** (counted from `state.round`, the schedule and, during a
  large scoring, whether p has scored yet): unthreatened goldsmiths earn 3 Gold in every
  scoring; in every large one, nobles 2 Fame, scouts 1 Fame plus 1 per goldsmith and
  fisherman below, warriors beneath ships their ship's reward, and a warrior with no ship
  above yet a little (`WARRIOR_IDLE`: a ship may still come).
- **Ships** not repelled cost their value at the end (Gold ships at `GOLD_SHIP_COST` per
  Gold, or as the final scoring will charge once no purchase is left).
- **Feeding** is projected to the end: each purchase still to come brings one more Viking
  and on average `FOOD_PER_PURCHASE` food; surplus counts 2 Fame each, shortfall -1.
- **Vikings in the pool** that a boatswain could still move to a safe empty tile of their
  row (a warrior best beneath an unrepelled ship) are worth a share of what they would
  earn there (`MOVE_WITH_BOATSWAIN` / `MOVE_WITHOUT`). Before the last large scoring the
  moves are obligatory: they count in full, and the boatswains they use up leave the
  majority count and the mouths to feed.
- **Mid-turn** the Viking in hand counts as standing on the bought island tile
  (`HAND_ON_TILE`), and Vikings a boatswain is moving as standing.
- **Majorities** (boatswains 10, completed islands 7, longest island 5) are worth the
  award times an estimated chance of holding the most (ties count as held): a logistic
  function of p's count minus the best other player's, whose spread narrows from
  `MAJORITY_SPREAD_START` to `MAJORITY_SPREAD_END` as purchases run out and which is exact
  after the last purchase. Open islands (a left end with tiles after it, no right end yet)
  count as completed with chance `ISLAND_OPEN` while a player has purchases to come.
- A constant `FUTURE_PURCHASE_FAME` per purchase still to come makes the estimate
  unbiased against final results; it does not change any comparison between moves.

The weights were tuned by Normal-vs-Normal games (see docs/bots.md). `value` is called
thousands of times per decision by the search bots, so it is written for speed: counts per
row through C-level `map`s, the threat of each unrepelled ship subtracted per column, and a
short pass over every display's island rows (about 15-25 µs per call with 2-4 players).
Per-state quantities that do not depend on the player are cached by turn (`_context`),
and the islands of a row by its contents (`_row_islands`: consecutive states share most
rows), so the module constants must not be changed while games are running.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from operator import mul
from typing import Any, cast

from vikings.bots import specials_value
from vikings.engine import Display, GameState, Rules
from vikings.engine.components import SEA
from vikings.engine.display import EMPTY
from vikings.engine.state import BOATSWAIN, BOATSWAIN_MOVE, OVER, PLACE, REPLACE, SPECIAL, VIKING

# Tunable weights (Fame units). Chosen by bot-vs-bot experiments; see docs/bots.md.
GOLD_START = 0.75  # value of 1 Gold at the start of the game
GOLD_END = 0.2  # ... after the last purchase (the final conversion rate)
GOLD_SHIP_COST = 0.5  # Fame per Gold an unrepelled Gold ship costs at the end
FOOD_PER_PURCHASE = 1.0  # food a future purchase brings on average
MOVE_WITH_BOATSWAIN = 0.8  # share of a movable Viking's earnings, boatswain in the pool
MOVE_WITHOUT = 0.25  # ... without a boatswain yet
SCOUT_MOVE_BONUS = 0.5  # expected Vikings below a scout moved later
ISLAND_OPEN = 1.0  # chance an open island gets completed, with purchases to come
MAJORITY_SPREAD_END = 0.15  # spread of the majority estimate at the end (in count units)
MAJORITY_SPREAD_START = 2.0  # ... at the start
FUTURE_PURCHASE_FAME = 0.4  # what a purchase still to come adds on average (calibration only)
HAND_ON_TILE = 0.8  # mid-turn: chance the bought Viking ends up on the bought island tile
WARRIOR_IDLE = 0.8  # per large scoring to come: a warrior no ship is above yet
# utilities(): the win-chance model's scale (Fame) is END + (START - END) * t**2, t the
# share of purchases still to come, START = UTILITY_SCALE_START / players. Fitted by
# maximum likelihood to Normal-vs-Normal games with 2, 3 and 4 players.
UTILITY_SCALE_START = 96.0
UTILITY_SCALE_END = 6.0


class _Tables:
    """Rule-derived lookups, built once per Rules object."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        ntiles = len(rules.tiles)
        self.reach = [0] * ntiles
        self.ship_gold = [0] * ntiles
        self.ship_fame = [0] * ntiles
        for t in rules.tiles:
            if t.is_ship:
                self.reach[t.index] = t.reach_row
                if t.reward_kind == "gold":
                    self.ship_gold[t.index] = t.reward_amount
                else:
                    self.ship_fame[t.index] = t.reward_amount
        # By display cell value (tile * 2 + occupied).
        self.sea_west = tuple(rules.tile_west[v >> 1] == SEA for v in range(2 * ntiles))
        self.sea_east = tuple(rules.tile_east[v >> 1] == SEA for v in range(2 * ntiles))
        vr = rules.viking_row
        self.rw, self.rn, self.rs = vr[rules.warrior], vr[rules.noble], vr[rules.scout]
        self.rg, self.rf = vr[rules.goldsmith], vr[rules.fisherman]
        self.boatswain = rules.boatswain
        self.island_rows = rules.island_rows
        # Occupied / tile-without-Viking by cell value; index -1 (an empty cell) gives 0.
        self.occ_get = ([v & 1 for v in range(2 * ntiles)] + [0]).__getitem__
        self.emp_get = ([1 - (v & 1) for v in range(2 * ntiles)] + [0]).__getitem__
        # Pool Viking kinds that stand on islands, with their rows.
        self.kind_rows = tuple((k, r) for k, r in enumerate(vr) if r is not None)
        # Pool Viking kind -> its row (None for the boatswain).
        self.kind_row = tuple(vr)
        s = rules.scoring
        self.sc = s
        self.is_ship = rules.tile_is_ship
        self.rounds = rules.rounds
        self.size = rules.wheel_spaces
        self.total = rules.rounds * rules.wheel_spaces
        self.schedule = rules.schedule
        # `_row_islands` by row contents: search meets the same rows over and over.
        self.row_islands: dict[tuple[int, ...], tuple[int, int, int, int]] = {}


_cache: list[Any] = [None, None]
_ROWS_KNOWN = 20000  # island rows whose islands are kept (a few MB at most)


def _tables(rules: Rules) -> _Tables:
    if _cache[0] is rules:
        t: _Tables = _cache[1]
        return t
    t = _Tables(rules)
    _cache[0], _cache[1] = rules, t
    return t


def gold_rate(purchases_left: int, total: int) -> float:
    """What 1 Gold is worth in Fame with `purchases_left` of `total` purchases to come."""
    return GOLD_END + (GOLD_START - GOLD_END) * purchases_left / total


class _Context:
    """What depends on the state but not on the player: purchases left, scorings to come."""

    __slots__ = (
        "t",
        "gold_now",
        "cur_large",
        "cur_w",
        "fut_large",
        "fut_small",
        "fut_w_all",
        "fut_w_large",
        "fut_w_small_first",
        "cur_round_left",
        "first_next",
        "later_each",
        "pending",
        "final",
        "spread",
        "future",
        "island_q",
        "rules",
        "scorings",
    )

    def __init__(self, state: GameState, T: _Tables):
        self.rules = T.rules
        R, size, r = T.rounds, T.size, state.round
        phase = state.phase
        sched = T.schedule
        total = T.total
        scoring_phase = phase == BOATSWAIN or phase == BOATSWAIN_MOVE
        left_round = 0 if scoring_phase else size - state.bought
        left = left_round + (R - 1 - r) * size
        self.t = left / total
        self.gold_now = GOLD_END + (GOLD_START - GOLD_END) * self.t
        # The current round's scoring: pending for everyone, or during a large scoring for
        # the players still in `scorers`.
        self.cur_large = sched[r] == "large"
        self.cur_w = GOLD_END + (GOLD_START - GOLD_END) * (R - 1 - r) * size / total
        self.pending = None if not scoring_phase else frozenset(state.scorers)
        fl = fs = 0
        wa = wl = 0.0
        wsf = 0.0  # gold rate of small scorings before the first future large one
        seen_large = False
        for k in range(r + 1, R):
            w = GOLD_END + (GOLD_START - GOLD_END) * (R - 1 - k) * size / total
            wa += w
            if sched[k] == "large":
                fl += 1
                wl += w
                seen_large = True
            else:
                fs += 1
                if not seen_large:
                    wsf += w
        self.fut_large, self.fut_small, self.fut_w_all, self.fut_w_large = fl, fs, wa, wl
        self.fut_w_small_first = wsf
        # The scorings still to come for a player, by whether the current one is still
        # pending for her (False, True): see `_scorings_left`.
        self.scorings = (_scorings_left(self, False), _scorings_left(self, True))
        # Purchases still to come per player: the rest of this round in turn order, then
        # an equal share of every later round.
        self.cur_round_left = left_round
        # (SPECIAL and REPLACE, advanced game, come between paying and placing)
        first = state.to_move if phase not in (PLACE, VIKING, SPECIAL, REPLACE) else state.to_move + 1
        self.first_next = first
        self.later_each = (R - 1 - r) * size / state.n
        self.final = left == 0
        self.spread = MAJORITY_SPREAD_END + (MAJORITY_SPREAD_START - MAJORITY_SPREAD_END) * self.t

        n = state.n
        k = left_round
        self.future = tuple(
            (0 if k <= 0 or (p - first) % n >= k else 1 + (k - 1 - (p - first) % n) // n) + self.later_each
            for p in range(n)
        )
        q = []
        for f in self.future:
            q.append(ISLAND_OPEN * (f / 4.0 if f < 4 else 1.0) if f > 0 else 0.0)
        self.island_q = tuple(q)


_Scorings = tuple[int, int, float, float, float]


def _scorings_left(C: _Context, pending: bool) -> _Scorings:
    """The scorings still to come for a player, the current one counted if it is `pending`
    for her: (large ones, small ones, summed Gold rate of all, of the large ones, of all from
    the next large one on (where a boatswain's moves happen))."""
    large, small, w_all, w_large = C.fut_large, C.fut_small, C.fut_w_all, C.fut_w_large
    if pending:
        if C.cur_large:
            large += 1
            w_large += C.cur_w
        else:
            small += 1
        w_all += C.cur_w
    if large == 0:
        w_from_large = 0.0
    elif pending and C.cur_large:
        w_from_large = w_all
    else:
        w_from_large = w_all - (C.cur_w if pending else 0.0) - C.fut_w_small_first
    return large, small, w_all, w_large, w_from_large


_contexts: dict[tuple[Any, ...], _Context] = {}


def _context(state: GameState, T: _Tables) -> _Context:
    """The state's context, cached: search evaluates many states of the same turn."""
    key = (state.round, state.bought, state.phase, state.to_move, state.scorers, state.n)
    c = _contexts.get(key)
    if c is None or c.rules is not T.rules:
        if len(_contexts) > 2000:
            _contexts.clear()
        c = _contexts[key] = _Context(state, T)
    return c


def _islands(d: Display, T: _Tables) -> tuple[int, int, int, int]:
    """(completed islands, open islands, longest completed, longest open) of a display."""
    known = T.row_islands
    done = opened = longest = longest_open = 0
    for row in d.rows[1 : T.island_rows + 1]:
        key = tuple(row)
        islands = known.get(key)
        if islands is None:
            if len(known) > _ROWS_KNOWN:
                known.clear()
            islands = known[key] = _row_islands(key, T)
        row_done, row_opened, row_longest, row_longest_open = islands
        done += row_done
        opened += row_opened
        if row_longest > longest:
            longest = row_longest
        if row_longest_open > longest_open:
            longest_open = row_longest_open
    return done, opened, longest, longest_open


def _row_islands(row: tuple[int, ...], T: _Tables) -> tuple[int, int, int, int]:
    """`_islands` of one island row: an island runs from a tile with sea to the west to one
    with sea to the east; one that meets an empty cell or the row's end first is open."""
    sea_w, sea_e = T.sea_west, T.sea_east
    done = opened = longest = longest_open = 0
    start = -1
    i = 0
    for v in row:
        if v < 0:
            if start >= 0:
                opened += 1
                if i - start > longest_open:
                    longest_open = i - start
                start = -1
        else:
            if sea_w[v]:
                start = i
            if start >= 0 and sea_e[v]:
                done += 1
                if i - start + 1 > longest:
                    longest = i - start + 1
                start = -1
        i += 1
    if start >= 0:
        opened += 1
        if i - start > longest_open:
            longest_open = i - start
    return done, opened, longest, longest_open


def _forced(d: Display, T: _Tables, b: int) -> int:
    """Boatswains the last large scoring's obligation will use up (an estimate)."""
    rows = d.rows
    kinds1 = kinds2 = 0
    for k, row in enumerate(T.kind_row):
        have = d.pool[k]
        if row is None or not have:
            continue
        room = 0
        for v in rows[row]:
            if v >= 0 and not v & 1:
                room += 1
        if room:
            kinds1 += 1
            if have >= 2 and room >= 2:
                kinds2 += 1
    forced = kinds2 + (1 if kinds1 > kinds2 else 0)
    return forced if forced < b else b


def _chance(diff: float, spread: float) -> float:
    """Chance to hold a majority (ties count as held) given my count minus the best other's."""
    x = (diff + 0.5) / spread
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _ships(
    ships: list[int], warriors: list[int], T: _Tables, large: int, w_large: float
) -> tuple[float, float, int, int, int, int, list[float], list[tuple[int, int]]]:
    """The ships above a display. A warrior beneath repels a ship and earns its reward in
    every large scoring to come; any other ship costs its value at the end and threatens
    its column down to its reach. Returns (Fame, Gold in Fame and Gold in Gold the repelled
    ships still bring, how many are repelled, Fame and Gold the others cost, what a warrior
    would bring on each empty tile beneath one, (column, reach) of each other ship)."""
    ship_fame, ship_gold, reach = T.ship_fame, T.ship_gold, T.reach
    fame = 0.0
    gold_income = 0.0
    gold_units = repelled = fame_cost = gold_cost = 0
    slots: list[float] = []
    threats: list[tuple[int, int]] = []
    guarded = len(warriors)
    i = -1
    for v in ships:
        i += 1
        if v < 0:
            continue
        s = v >> 1
        sf, sg = ship_fame[s], ship_gold[s]
        if i < guarded and warriors[i] >= 0:
            if warriors[i] & 1:
                repelled += 1
                fame += sf * large
                gold_income += sg * w_large
                gold_units += sg * large
                continue
            slots.append(sf * large + sg * w_large + sf + sg * GOLD_SHIP_COST)
        fame_cost += sf
        gold_cost += sg
        threats.append((i, reach[s]))
    return fame, gold_income, gold_units, repelled, fame_cost, gold_cost, slots, threats


def _threatened(row: list[int], at: list[int], depth: int, threats: list[tuple[int, int]]) -> int:
    """Takes the Vikings of `row` (row number `depth`) that stand under a ship reaching that
    deep out of `at` (1 for each cell with a Viking), and returns how many tiles without a
    Viking there are threatened."""
    empty = 0
    width = len(row)
    for i, reach in threats:
        if reach >= depth and i < width:
            v = row[i]
            if v >= 0:
                if v & 1:
                    at[i] = 0
                else:
                    empty += 1
    return empty


def _standing(
    rows: list[list[int]], T: _Tables, threats: list[tuple[int, int]], beneath_ships: int
) -> tuple[int, int, list[int], int, int, int, int, int]:
    """The Vikings standing on a display's islands. Returns (warriors, all Vikings, tiles
    without a Viking by row number (threatened ones and the `beneath_ships` warrior tiles
    left out), safe nobles, safe scouts, safe goldsmiths, safe fishermen, goldsmiths and
    fishermen below safe scouts). Threatened Vikings earn nothing; threatened empty tiles
    are no use to a boatswain."""
    occ = T.occ_get
    rw, rn, rs, rg, rf = T.rw, T.rn, T.rs, T.rg, T.rf
    wrow, nrow, srow, grow, frow = rows[rw], rows[rn], rows[rs], rows[rg], rows[rf]
    # 1 for each cell with a Viking; threatened ones are taken out below.
    warriors = sum(map(occ, wrow))
    nobles_at = list(map(occ, nrow))
    scouts_at = list(map(occ, srow))
    goldsmiths_at = list(map(occ, grow))
    fishermen_at = list(map(occ, frow))
    nobles, scouts, goldsmiths, fishermen = sum(nobles_at), sum(scouts_at), sum(goldsmiths_at), sum(fishermen_at)
    everyone = warriors + nobles + scouts + goldsmiths + fishermen
    # Tiles without a Viking: the tiles of a row (its cells but the empty ones) less its Vikings.
    room = [0] * (T.island_rows + 1)
    room[rw] = len(wrow) - wrow.count(EMPTY) - warriors - beneath_ships
    room[rn] = len(nrow) - nrow.count(EMPTY) - nobles
    room[rs] = len(srow) - srow.count(EMPTY) - scouts
    room[rg] = len(grow) - grow.count(EMPTY) - goldsmiths
    room[rf] = len(frow) - frow.count(EMPTY) - fishermen
    if threats:
        room[rn] -= _threatened(nrow, nobles_at, rn, threats)
        room[rs] -= _threatened(srow, scouts_at, rs, threats)
    # Goldsmiths and fishermen below a safe scout earn its bonus (threatened or not).
    below_scouts = sum(map(mul, scouts_at, goldsmiths_at)) + sum(map(mul, scouts_at, fishermen_at))
    if threats:
        room[rg] -= _threatened(grow, goldsmiths_at, rg, threats)
        room[rf] -= _threatened(frow, fishermen_at, rf, threats)
        nobles, scouts, goldsmiths, fishermen = sum(nobles_at), sum(scouts_at), sum(goldsmiths_at), sum(fishermen_at)
    return warriors, everyone, room, nobles, scouts, goldsmiths, fishermen, below_scouts


def _mid_turn(
    state: GameState,
    T: _Tables,
    room: list[int],
    large: int,
    w_all: float,
    fame: float,
    gold_income: float,
    food: float,
    mouths: int,
    pool: list[int],
) -> tuple[float, float, float, int, list[int], int]:
    """The player to move, mid-turn (search may stop anywhere): the Viking in hand most
    likely stands on the bought island tile; Vikings a boatswain is moving right now will
    stand. Takes and returns the running totals (fame, gold_income, food, mouths) and the
    pool (without the Vikings being moved), and returns the kind in hand when it is going
    to no island tile (else -1). Uses up the tiles in `room` they take."""
    sc = T.sc
    phase = state.phase
    hand = -1
    sure: tuple[int, ...] = ()
    share = 1.0
    if state.hand_viking >= 0:
        k = state.hand_viking
        mouths += 1
        if T.kind_row[k] is not None and (phase == VIKING or (state.hand_tile >= 0 and not T.is_ship[state.hand_tile])):
            sure = (k,)
            share = 1.0 if phase == VIKING else HAND_ON_TILE
        else:
            hand = k
    elif phase == BOATSWAIN_MOVE:
        sure = state.moves
    if phase == BOATSWAIN_MOVE and sure:
        pool = pool[:]
    taken = phase not in (PLACE, SPECIAL, REPLACE)  # the tile is on the display already
    for k in sure:
        row = T.kind_row[k]
        if row == T.rn:
            fame += share * sc.noble_fame * large
        elif row == T.rs:
            fame += share * (sc.scout_fame + SCOUT_MOVE_BONUS) * large
        elif row == T.rg:
            gold_income += share * sc.goldsmith_gold * w_all
        elif row == T.rf:
            food += share * sc.fisherman_feeds
        else:
            fame += share * WARRIOR_IDLE * large
        if taken and room[row] > 0:
            room[row] -= 1
        if phase == BOATSWAIN_MOVE:
            pool[k] -= 1
    return fame, gold_income, food, mouths, pool, hand


_Unit = tuple[float, int, bool]
_Moves = tuple[list[_Unit], float, float, int, int]


def _movable(
    pool: list[int], hand: int, T: _Tables, room: list[int], slots: list[float], large: int, w_from_large: float
) -> _Moves:
    """Per Viking kind in the pool (and the one in `hand`) that a boatswain could move to a
    safe empty tile of its row: (what moving all m of them earns, m, whether fishermen).
    A warrior best goes beneath the ship it would repel (`slots`); fishermen earn their
    food, counted apart. Returns those units with, in the same pass, what they earn in all,
    the most one of them earns, how many have 2 or more Vikings, and the fishermen's m."""
    sc = T.sc
    rw, rn, rs, rg, rf = T.rw, T.rn, T.rs, T.rg, T.rf
    units = []
    best = total = 0.0
    kinds2 = 0
    fish_moved = 0
    if hand >= 0:
        pool = pool[:]
        pool[hand] += 1
    for k, row in T.kind_rows:
        have = pool[k]
        if not have:
            continue
        free = room[row]
        g: float
        if row == rw:
            g = 0.0
            m = 0
            if slots:
                slots.sort(reverse=True)
                for x in slots[:have]:
                    g += x
                m = len(slots) if len(slots) < have else have
            if m < have and free:
                extra = have - m if have - m < free else free
                g += extra * WARRIOR_IDLE * large
                m += extra
            if not m:
                continue
        else:
            if not free:
                continue
            m = have if have < free else free
            if row == rn:
                g = m * sc.noble_fame * large
            elif row == rs:
                g = m * (sc.scout_fame + SCOUT_MOVE_BONUS) * large
            elif row == rg:
                g = m * sc.goldsmith_gold * w_from_large
            else:
                g = 0.0
                fish_moved = m
        units.append((g, m, row == rf))
        if m >= 2:
            kinds2 += 1
        total += g
        if g > best:
            best = g
    return units, total, best, kinds2, fish_moved


def _pool_moves(state: GameState, p: int, moves: _Moves, b: int, large: int, feeds: int) -> tuple[float, float, int]:
    """What the `moves` (see `_movable`) are worth to player p with `b` boatswains:
    (Fame, food, boatswains used up). Before the last large scoring the moves are obligatory:
    they count in full and use up boatswains; otherwise a share counts (`MOVE_WITH_BOATSWAIN`,
    `MOVE_WITHOUT`)."""
    units, total, best, kinds2, fish_moved = moves
    adv = state.adv
    if adv is not None and adv.single:
        # Single boatswains (advanced game): one Viking each, all of a kind with a boat tile.
        gain, fish_moved, used, first = specials_value.single_moves(
            units, b if b else 1, state.boat_tiles(p) if adv.specials else 0
        )
        if b and large == 1:
            return gain, 1.0 * fish_moved * feeds, used
        if b:
            return MOVE_WITH_BOATSWAIN * gain, MOVE_WITH_BOATSWAIN * fish_moved * feeds, 0
        return MOVE_WITHOUT * first, MOVE_WITHOUT * min(fish_moved, 1) * feeds, 0
    kinds1 = len(units)
    if b and large == 1 and kinds1:
        # Obligatory: as many Vikings as can be moved; each boatswain used leaves the game.
        forced = kinds2 + (1 if kinds1 > kinds2 else 0)
        if b >= forced:
            return total, fish_moved * feeds, forced
        move = best + (total - best) * (b - 1) / (forced - 1)
        return move, fish_moved * b // forced * feeds, b
    if b:
        return MOVE_WITH_BOATSWAIN * (total if b >= 2 else best), MOVE_WITH_BOATSWAIN * fish_moved * feeds, 0
    return MOVE_WITHOUT * best, MOVE_WITHOUT * fish_moved * feeds, 0


def _own(
    state: GameState, p: int, T: _Tables, C: _Context, explain: dict[str, Any] | None = None
) -> tuple[float, int, float]:
    """Player p's value apart from the majorities, the boatswains she will keep for the
    majority, and her purchases to come."""
    d = state.displays[p]
    sc = T.sc
    large, small, w_all, w_large, w_from_large = C.scorings[C.pending is None or p in C.pending]
    rows = d.rows
    fame, gold_income, gold_units, repelled, fame_cost, gold_cost, slots, threats = _ships(
        rows[0], rows[T.rw], T, large, w_large
    )
    warriors, everyone, room, nobles, scouts, goldsmiths, fishermen, below_scouts = _standing(
        rows, T, threats, len(slots)
    )

    # The scorings to come, for the Vikings standing safe.
    fame += (
        WARRIOR_IDLE * (warriors - repelled)
        + sc.noble_fame * nobles
        + sc.scout_fame * scouts
        + sc.scout_bonus_fame * below_scouts
    ) * large
    gold_income += sc.goldsmith_gold * w_all * goldsmiths
    gold_units += sc.goldsmith_gold * (large + small) * goldsmiths
    food: float = sc.fisherman_feeds * fishermen
    if gold_cost and C.final:
        # The end is near: Gold ships cost Gold at the final rate while it lasts, then Fame.
        cover = d.gold + gold_units
        if cover > gold_cost:
            cover = gold_cost
        ship_cost = -(fame_cost + cover * GOLD_END + (gold_cost - cover))
    else:
        ship_cost = -(fame_cost + gold_cost * GOLD_SHIP_COST)

    pool = d.pool
    b = pool[T.boatswain]
    mouths = everyone + sum(pool)
    hand = -1
    if state.to_move == p:
        fame, gold_income, food, mouths, pool, hand = _mid_turn(
            state, T, room, large, w_all, fame, gold_income, food, mouths, pool
        )
    future = C.future[p]

    move = 0.0
    if large and (sum(pool) > b or hand >= 0):
        move, food_moved, used = _pool_moves(
            state, p, _movable(pool, hand, T, room, slots, large, w_from_large), b, large, sc.fisherman_feeds
        )
        food += food_moved
        mouths -= used
        b -= used

    # Feeding, projected to the end.
    balance = food - mouths + future * (FOOD_PER_PURCHASE - 1.0)
    feed = balance * sc.overfeed_fame if balance >= 0 else balance * sc.underfeed_fame
    fame += FUTURE_PURCHASE_FAME * future
    adv = state.adv
    if adv is not None and adv.specials:
        safe = {T.rg: goldsmiths, T.rn: nobles, T.rs: scouts, T.rf: fishermen}
        extra, tiles_b = specials_value.tiles_value(state, p, T, C, large, w_all, safe, balance, gold_units, future)
        fame += extra
        b += tiles_b

    if explain is not None:
        explain.update(
            fame=d.fame,
            gold=d.gold * C.gold_now,
            scorings_fame=fame,
            scorings_gold=gold_income,
            ships=ship_cost,
            feeding=feed,
            food=food,
            mouths=mouths,
            future_purchases=future,
            pool_moves=move,
            boatswains_kept=b,
        )
    base = d.fame + fame + ship_cost + feed + move + d.gold * C.gold_now + gold_income
    return base, b, future


def _values(
    state: GameState, T: _Tables, C: _Context, players: Iterable[int], explain: dict[str, Any] | None = None
) -> list[float]:
    n = state.n
    displays = state.displays
    isl = [_islands(d, T) for d in displays]
    sc = T.sc
    spread = C.spread
    out = []
    boats = [d.pool[T.boatswain] for d in displays]
    adv = state.adv
    if C.fut_large == 0:
        # The last large scoring is next: its obligatory boatswain moves decide the
        # boatswain majority, so estimate them for everybody.
        forced = _forced if adv is None or not adv.single else specials_value.forced_single
        for o in range(n):
            if boats[o] and (C.pending is None or o in C.pending):
                boats[o] -= forced(displays[o], T, boats[o])
    if adv is not None and adv.specials:  # boatswain special tiles count for the majority
        specials = T.rules.specials
        for o in range(n):
            for sid in adv.held[o]:
                if specials[sid].effect == "boatswain":
                    boats[o] += specials[sid].amount
    # Each player's expected count of completed islands and longest island, as the others
    # see them.
    expect_i = []
    expect_l = []
    for o in range(n):
        od, oo, olg, olo = isl[o]
        qo = C.island_q[o]
        expect_i.append(od + qo * oo)
        x = qo * (olo + 1)
        expect_l.append(olg if olg > x else x)
    for p in players:
        base, b, future = _own(state, p, T, C, explain)
        q = C.island_q[p]
        done, opened, longest, longest_open = isl[p]
        mine_i = done + q * opened
        mine_l = longest if longest >= q * (longest_open + 1) else q * (longest_open + 1)
        ob = oi = ol = 0.0  # the best of the others
        for o in range(n):
            if o == p:
                continue
            if boats[o] > ob:
                ob = boats[o]
            if expect_i[o] > oi:
                oi = expect_i[o]
            if expect_l[o] > ol:
                ol = expect_l[o]
        if C.final:
            maj: float = sc.most_boatswains_fame if b >= 1 and b >= ob else 0
            maj += sc.most_islands_fame if done >= 1 and done >= oi else 0
            maj += sc.longest_island_fame if longest >= 1 and longest >= ol else 0
        else:
            maj = sc.most_boatswains_fame * _chance(b - ob, spread)
            maj += sc.most_islands_fame * _chance(mine_i - oi, spread)
            maj += sc.longest_island_fame * _chance(mine_l - ol, spread)
        if explain is not None:
            explain.update(majorities=maj, islands=(done, opened, longest, longest_open), others=(ob, oi, ol))
        out.append(base + maj)
    return out


def value(state: GameState, p: int) -> float:
    """Estimated final Fame of player p (exact Fame, plus Gold/1000 as the tie-break, once
    the game is over)."""
    if state.phase == OVER:
        d = state.displays[p]
        return d.fame + d.gold / 1000.0
    T = _tables(state.rules)
    return _values(state, T, _context(state, T), (p,))[0]


def explain(state: GameState, p: int) -> dict[str, Any]:
    """The parts of `value(state, p)`, for debugging and tuning."""
    out: dict[str, Any] = {}
    if state.phase == OVER:
        return {"value": value(state, p)}
    T = _tables(state.rules)
    out["value"] = _values(state, T, _context(state, T), (p,), out)[0]
    return out


def values(state: GameState) -> list[float]:
    """`value` of every player, sharing the work (faster than n calls)."""
    if state.phase == OVER:
        return [d.fame + d.gold / 1000.0 for d in state.displays]
    T = _tables(state.rules)
    return _values(state, T, _context(state, T), range(state.n))


def utility_scale(state: GameState) -> float:
    """The Fame difference that makes e:1 odds in `utilities` (wide early, narrow late)."""
    T = _tables(state.rules)
    t = _context(state, T).t
    return UTILITY_SCALE_END + (UTILITY_SCALE_START / state.n - UTILITY_SCALE_END) * t * t


def utilities(state: GameState) -> list[float]:
    """Each player's chance to win, in [0, 1]: exact once the game is over (1/k for each
    of k tied winners, else 0), otherwise a softmax of the values, exp(v_p / scale)
    normalised, whose scale narrows as the game nears its end (`utility_scale`). With 2
    players this is 1 / (1 + exp(-(v_p - v_other) / scale)); the values sum to 1."""
    n = state.n
    if state.phase == OVER:
        ranks = cast("tuple[int, ...]", state.ranks)  # (set once the game is over)
        winners = [p for p, r in enumerate(ranks) if r == 1]
        share = 1.0 / len(winners)
        return [share if r == 1 else 0.0 for r in ranks]
    T = _tables(state.rules)
    C = _context(state, T)
    vals = _values(state, T, C, range(n))
    t = C.t
    scale = UTILITY_SCALE_END + (UTILITY_SCALE_START / n - UTILITY_SCALE_END) * t * t
    top = max(vals)
    ex = [math.exp((v - top) / scale) for v in vals]
    s = sum(ex)
    return [e / s for e in ex]
