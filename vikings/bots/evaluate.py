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
so the module constants must not be changed while games are running.
"""

from __future__ import annotations

import math
from operator import mul

from vikings.bots import specials_value
from vikings.engine import GameState
from vikings.engine.components import SEA
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

    def __init__(self, rules):
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


_cache: list = [None, None]


def _tables(rules) -> _Tables:
    if _cache[0] is rules:
        return _cache[1]
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


_contexts: dict = {}


def _context(state: GameState, T: _Tables) -> _Context:
    """The state's context, cached: search evaluates many states of the same turn."""
    key = (state.round, state.bought, state.phase, state.to_move, state.scorers, state.n)
    c = _contexts.get(key)
    if c is None or c.rules is not T.rules:
        if len(_contexts) > 2000:
            _contexts.clear()
        c = _contexts[key] = _Context(state, T)
    return c


def _islands(d, T: _Tables):
    """(completed islands, open islands, longest completed, longest open) of a display."""
    sea_w, sea_e = T.sea_west, T.sea_east
    done = opened = longest = longest_open = 0
    rows = d.rows
    for r in range(1, T.island_rows + 1):
        start = -1
        i = 0
        for v in rows[r]:
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


def _forced(d, T: _Tables, b: int) -> int:
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


def _own(state: GameState, p: int, T: _Tables, C: _Context, explain=None):
    """Player p's value apart from the majorities, the boatswains she will keep for the
    majority, and her purchases to come."""
    d = state.displays[p]
    sc = T.sc
    # Scorings still to come for p.
    nl, ns, wall, wlarge = C.fut_large, C.fut_small, C.fut_w_all, C.fut_w_large
    cur_pending = C.pending is None or p in C.pending
    if cur_pending:
        if C.cur_large:
            nl += 1
            wlarge += C.cur_w
        else:
            ns += 1
        wall += C.cur_w
    # Gold rate of the scorings from the next large one on (a boatswain's moves happen there).
    if nl == 0:
        w_from_large = 0.0
    elif cur_pending and C.cur_large:
        w_from_large = wall
    else:
        w_from_large = wall - (C.cur_w if cur_pending else 0.0) - C.fut_w_small_first

    occ = T.occ_get
    emp = T.emp_get
    rows = d.rows
    wrow, nrow, srow, grow, frow = rows[T.rw], rows[T.rn], rows[T.rs], rows[T.rg], rows[T.rf]
    # Counts per row: Vikings standing, and tiles without a Viking.
    emp_w = sum(map(emp, wrow))
    occ_n = sum(map(occ, nrow))
    emp_n = sum(map(emp, nrow))
    os_ = list(map(occ, srow))
    occ_s = sum(os_)
    emp_s = sum(map(emp, srow))
    og = list(map(occ, grow))
    occ_g = sum(og)
    emp_g = sum(map(emp, grow))
    of = list(map(occ, frow))
    occ_f = sum(of)
    emp_f = sum(map(emp, frow))
    bonus = sum(map(mul, os_, og)) + sum(map(mul, os_, of))  # Vikings below scouts

    # Ships: a warrior beneath repels and earns the reward in every large scoring to come;
    # otherwise the ship threatens its column and costs its value at the end.
    fame = 0.0  # Fame still to come from scorings
    gold_income = 0.0  # Gold still to come from scorings, in Fame already
    gold_units = 0  # ... in Gold
    fame_cost = gold_cost = 0
    repelled = 0
    slots = None  # what a warrior would bring on an empty tile beneath a ship
    nw = len(wrow)
    i = -1
    for v in rows[0]:
        i += 1
        if v < 0:
            continue
        s = v >> 1
        sf, sg = T.ship_fame[s], T.ship_gold[s]
        if i < nw and wrow[i] >= 0:
            if wrow[i] & 1:
                repelled += 1
                fame += sf * nl
                gold_income += sg * wlarge
                gold_units += sg * nl
                continue
            if slots is None:
                slots = []
            slots.append(sf * nl + sg * wlarge + sf + sg * GOLD_SHIP_COST)
            emp_w -= 1
        fame_cost += sf
        gold_cost += sg
        reach = T.reach[s]
        # Threatened: Vikings earn nothing, empty tiles are no use to a boatswain.
        if reach >= T.rn and i < len(nrow):
            x = nrow[i]
            if x >= 0:
                if x & 1:
                    occ_n -= 1
                else:
                    emp_n -= 1
        if reach >= T.rs and i < len(srow):
            x = srow[i]
            if x >= 0:
                if x & 1:
                    occ_s -= 1
                    if i < len(og):
                        bonus -= og[i]
                    if i < len(of):
                        bonus -= of[i]
                else:
                    emp_s -= 1
        if reach >= T.rg and i < len(grow):
            x = grow[i]
            if x >= 0:
                if x & 1:
                    occ_g -= 1
                else:
                    emp_g -= 1
        if reach >= T.rf and i < len(frow):
            x = frow[i]
            if x >= 0:
                if x & 1:
                    occ_f -= 1
                else:
                    emp_f -= 1
    mouths = sum(map(occ, wrow)) + sum(map(occ, nrow)) + sum(os_) + sum(og) + sum(of)

    fame += (
        WARRIOR_IDLE * (sum(map(occ, wrow)) - repelled)
        + sc.noble_fame * occ_n
        + sc.scout_fame * occ_s
        + sc.scout_bonus_fame * bonus
    ) * nl
    gold_income += sc.goldsmith_gold * wall * occ_g
    gold_units += sc.goldsmith_gold * (nl + ns) * occ_g
    food = sc.fisherman_feeds * occ_f
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
    mouths += sum(pool)
    hand = -1
    if state.to_move == p:
        # Mid-turn (search may stop anywhere): the Viking in hand most likely stands on
        # the bought island tile; Vikings a boatswain is moving right now will stand.
        sure = ()
        if state.hand_viking >= 0:
            k = state.hand_viking
            mouths += 1
            if T.kind_row[k] is not None and (
                state.phase == VIKING or (state.hand_tile >= 0 and not T.is_ship[state.hand_tile])
            ):
                sure = (k,)
                share = 1.0 if state.phase == VIKING else HAND_ON_TILE
            else:
                hand = k
        elif state.phase == BOATSWAIN_MOVE:
            sure = state.moves
            share = 1.0
        taken = state.phase not in (PLACE, SPECIAL, REPLACE)  # the tile is on the display already
        for k in sure:
            row = T.kind_row[k]
            if row == T.rn:
                fame += share * sc.noble_fame * nl
                emp_n -= emp_n > 0 and taken
            elif row == T.rs:
                fame += share * (sc.scout_fame + SCOUT_MOVE_BONUS) * nl
                emp_s -= emp_s > 0 and taken
            elif row == T.rg:
                gold_income += share * sc.goldsmith_gold * wall
                emp_g -= emp_g > 0 and taken
            elif row == T.rf:
                food += share * sc.fisherman_feeds
                emp_f -= emp_f > 0 and taken
            else:
                fame += share * WARRIOR_IDLE * nl
                emp_w -= emp_w > 0 and taken
            if state.phase == BOATSWAIN_MOVE:
                pool = pool[:]
                pool[k] -= 1
    future = C.future[p]

    # Vikings in the pool a boatswain could still move to a safe empty tile of their row
    # (a warrior best beneath a ship it would repel). In the last large scoring the moves
    # are obligatory: they happen for sure and use up boatswains.
    move = 0.0
    adv = state.adv
    if nl and (sum(pool) > b or hand >= 0):
        best = total = 0.0
        kinds1 = kinds2 = 0  # kinds with 1+ / 2+ movable Vikings
        fish_moved = 0
        units = [] if adv is not None and adv.single else None  # per kind, for single boatswains
        for k, row in T.kind_rows:
            have = pool[k] + (1 if k == hand else 0)
            if not have:
                continue
            if row == T.rw:
                g = 0.0
                m = 0
                if slots:
                    slots.sort(reverse=True)
                    for x in slots[:have]:
                        g += x
                    m = len(slots) if len(slots) < have else have
                if m < have and emp_w:
                    extra = have - m if have - m < emp_w else emp_w
                    g += extra * WARRIOR_IDLE * nl
                    m += extra
                if not m:
                    continue
            elif row == T.rn:
                if not emp_n:
                    continue
                m = have if have < emp_n else emp_n
                g = m * sc.noble_fame * nl
            elif row == T.rs:
                if not emp_s:
                    continue
                m = have if have < emp_s else emp_s
                g = m * (sc.scout_fame + SCOUT_MOVE_BONUS) * nl
            elif row == T.rg:
                if not emp_g:
                    continue
                m = have if have < emp_g else emp_g
                g = m * sc.goldsmith_gold * w_from_large
            else:
                if not emp_f:
                    continue
                m = have if have < emp_f else emp_f
                fish_moved = m
                g = 0.0  # counted as food below
            kinds1 += 1
            if m >= 2:
                kinds2 += 1
            total += g
            if g > best:
                best = g
            if units is not None:
                units.append((g, m, row == T.rf))
        if units is not None:
            # Single boatswains (advanced game): one Viking each, all of a kind with a boat tile.
            gain, fish_moved, used, first = specials_value.single_moves(
                units, b if b else 1, state.boat_tiles(p) if adv.specials else 0
            )
            if b and nl == 1:
                move = gain
                mouths -= used
                b -= used
                share = 1.0
            elif b:
                move, share = MOVE_WITH_BOATSWAIN * gain, MOVE_WITH_BOATSWAIN
            else:
                move, share = MOVE_WITHOUT * first, MOVE_WITHOUT
                fish_moved = min(fish_moved, 1)
            food += share * fish_moved * sc.fisherman_feeds
        elif b and nl == 1 and kinds1:
            # Obligatory: as many Vikings as can be moved; each boatswain used leaves the game.
            forced = kinds2 + (1 if kinds1 > kinds2 else 0)
            if b >= forced:
                move = total
                used = forced
            else:
                move = best + (total - best) * (b - 1) / (forced - 1)
                used = b
                fish_moved = fish_moved * b // forced
            food += fish_moved * sc.fisherman_feeds
            mouths -= used
            b -= used
        elif b:
            move = MOVE_WITH_BOATSWAIN * (total if b >= 2 else best)
            food += MOVE_WITH_BOATSWAIN * fish_moved * sc.fisherman_feeds
        else:
            move = MOVE_WITHOUT * best
            food += MOVE_WITHOUT * fish_moved * sc.fisherman_feeds

    # Feeding, projected to the end.
    balance = food - mouths + future * (FOOD_PER_PURCHASE - 1.0)
    feed = balance * sc.overfeed_fame if balance >= 0 else balance * sc.underfeed_fame
    fame += FUTURE_PURCHASE_FAME * future
    if adv is not None and adv.specials:
        safe = {T.rg: occ_g, T.rn: occ_n, T.rs: occ_s, T.rf: occ_f}
        extra, tiles_b = specials_value.tiles_value(state, p, T, C, nl, wall, safe, balance, gold_units, future)
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


def _values(state: GameState, T: _Tables, C: _Context, players, explain=None) -> list[float]:
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
    for p in players:
        base, b, future = _own(state, p, T, C, explain)
        q = C.island_q[p]
        done, opened, longest, longest_open = isl[p]
        mine_i = done + q * opened
        mine_l = longest if longest >= q * (longest_open + 1) else q * (longest_open + 1)
        ob = oi = ol = 0.0
        for o in range(n):
            if o == p:
                continue
            if boats[o] > ob:
                ob = boats[o]
            od, oo, olg, olo = isl[o]
            qo = C.island_q[o]
            x = od + qo * oo
            if x > oi:
                oi = x
            x = qo * (olo + 1)
            if olg > x:
                x = olg
            if x > ol:
                ol = x
        if C.final:
            maj = sc.most_boatswains_fame if b >= 1 and b >= ob else 0
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


def explain(state: GameState, p: int) -> dict:
    """The parts of `value(state, p)`, for debugging and tuning."""
    out = {}
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
        winners = [p for p, r in enumerate(state.ranks) if r == 1]
        share = 1.0 / len(winners)
        return [share if r == 1 else 0.0 for r in state.ranks]
    T = _tables(state.rules)
    C = _context(state, T)
    vals = _values(state, T, C, range(n))
    t = C.t
    scale = UTILITY_SCALE_END + (UTILITY_SCALE_START / n - UTILITY_SCALE_END) * t * t
    top = max(vals)
    ex = [math.exp((v - top) / scale) for v in vals]
    s = sum(ex)
    return [e / s for e in ex]
