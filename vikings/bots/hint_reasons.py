"""The reasons of a hint (hints.py): true statements about an option, read off the engine.

Each `Fact` is read off the difference between the position before an option and after it
(the option and the rest of the turn as the hint plays it), through the engine's own
queries (`threat`, `completed_islands`, the displays' Gold, Fame, pool and rows), and says
only what that difference shows: a ship repelled and what its warrior earns, Vikings freed
from or put under threat, an island completed and whether it is the longest, a Viking on a
safe tile and what it earns, the feeding count, the boatswains for the majority, the price
paid, and for the advanced game's decisions what the bid, the removal, the colour, the
special tile or the building does. Every number in a fact's text is one of its `nums`
(tests/test_hints.py recomputes them from the engine). An option's facts are ordered by how
much the evaluation's matching part (`evaluate.explain`) changed, so the first reason is
the one that weighs most in the bots' own judgement; what the decision itself does comes
first, the price last.
"""
from __future__ import annotations

import math

from ..engine import GameState
from ..engine.actions import (Bid, Buy, ChooseColour, DeclineSpecial, FinishBoatswains, PassBid, PlaceTile,
                              RemoveViking, ReplaceTile, TakeSpecial, UseBoatswain)
from ..engine.display import completed_islands, threat
from ..engine.state import OVER
from ..words import plural
from . import evaluate

REASONS = 3           # facts per option, at most


class Fact:
    """One true statement about an option: `code`, the numbers it rests on, and its text."""
    __slots__ = ("code", "nums", "text", "part")

    def __init__(self, code: str, nums: tuple, text: str, part: tuple = ()):
        self.code, self.nums, self.text, self.part = code, tuple(nums), text, part

    def __repr__(self):
        return f"Fact({self.code!r}, {self.nums!r}, {self.text!r})"

    def __reduce__(self):
        return (Fact, (self.code, self.nums, self.text, self.part))


def reasons(before: GameState, step: GameState, after: GameState, plan: tuple, most: int = REASONS) -> list:
    """The facts of an option, most weighty first: `step` is the state right after the
    option, `after` after the rest of the turn (`plan`)."""
    me = before.to_move
    rules = before.rules
    facts = _facts(before, step, after, plan, me, rules)
    if not facts:
        return []
    was = evaluate.explain(before, me)
    now = evaluate.explain(after, me) if after.phase != OVER else {}

    def weight(f: Fact) -> float:
        if f.code == "pay":
            return -1.0  # the price goes last: it is a fact of every purchase
        if f.code in _OWN:
            return math.inf  # what the decision itself does comes first
        return sum(abs(_num(now.get(p, 0.0)) - _num(was.get(p, 0.0))) for p in f.part) + 0.01 * (not f.part)

    facts.sort(key=weight, reverse=True)
    if len(facts) > most and any(f.code == "pay" for f in facts):
        facts = facts[:most - 1] + [next(f for f in facts if f.code == "pay")]
    return facts[:most]


def _num(x) -> float:
    return float(x) if isinstance(x, (int, float)) else 0.0


_OWN = ("special", "decline", "replace", "keep", "spend", "bid", "pass", "remove", "colour")
_SHIPS = ("ships", "scorings_fame", "scorings_gold")
_SCORE = ("scorings_fame", "scorings_gold")


def _facts(before, step, after, plan, me, rules) -> list:
    facts = []
    a = plan[0]
    d0, d1 = before.displays[me], after.displays[me]
    kinds = rules.vikings
    if isinstance(a, Buy):
        facts += _purchase_facts(before, step, plan, me, rules)
    elif isinstance(a, (Bid, PassBid, RemoveViking, ChooseColour)):
        return _auction_facts(before, a, me, rules)
    elif isinstance(a, TakeSpecial):
        sid = before.specials_face_up[a.slot]
        facts.append(Fact("special", (), f"takes the {rules.specials[sid].name}", ("fame",)))
        gain = step.displays[me].gold - d0.gold
        if gain > 0:
            facts.append(Fact("gain_gold", (gain,), f"+{gain} Gold at once", ("gold",)))
    elif isinstance(a, DeclineSpecial):
        facts.append(Fact("decline", (), "takes no special tile"))
    elif isinstance(a, ReplaceTile):
        sid = step.special_at(me, a.row, a.col)
        old = rules.tiles[d0.tile_at(a.row, a.col)].name.lower()
        facts.append(Fact("replace", (), f"lays the {rules.specials[sid].name} over the {old}", ("fame",)))
    elif isinstance(a, FinishBoatswains):
        b = d0.pool[rules.boatswain]
        facts.append(Fact("keep", (b,), f"keeps {_count(b, 'boatswain')} for the majority", ("majorities",)))
    elif isinstance(a, UseBoatswain):
        used = d0.pool[rules.boatswain] - d1.pool[rules.boatswain]
        if used > 0:
            facts.append(Fact("spend", (used,), f"uses {_count(used, 'boatswain')}", ("majorities",)))
    # What the turn changed on the display.
    facts += _threat_facts(d0, d1, rules)
    placed = [(x.row, x.col) for x in plan if isinstance(x, PlaceTile) and x.row > 0]
    facts += _island_facts(before, after, me, rules, placed)
    facts += _viking_facts(before, after, plan, me, rules)
    b = d1.pool[rules.boatswain]
    for k, kind in enumerate(kinds):  # Vikings the turn sent to the pool
        if k != rules.boatswain and d1.pool[k] > d0.pool[k] and not isinstance(a, UseBoatswain):
            facts.append(Fact("pool", (b,), f"the {kind.name.lower()} waits in the pool "
                              f"({_count(b, 'boatswain')} there to move it)", ("pool_moves",)))
    if d1.pool[rules.boatswain] != d0.pool[rules.boatswain] and not isinstance(a, (FinishBoatswains, UseBoatswain)):
        facts.append(_boatswain_majority(after, me, rules))
    food0, mouths0 = feeding(d0, rules)
    food1, mouths1 = feeding(d1, rules)
    if food0 != food1:
        facts.append(Fact("feeding", (food1, mouths1), f"feeding: {food1} food for {_count(mouths1, 'Viking')}",
                          ("feeding",)))
    return facts


def _purchase_facts(before, step, plan, me, rules) -> list:
    out = []
    a = plan[0]
    d0, d1 = before.displays[me], step.displays[me]
    gold, fame = d0.gold - d1.gold, d0.fame - d1.fame
    if fame:
        text = f"costs {gold} Gold and {fame} Fame"
    elif gold:
        text = f"costs {gold} Gold, no Fame"
    else:
        text = "costs nothing"
    prices = [before.price(b.space) for b in before.legal_actions()]
    if len(prices) > 1 and before.price(a.space) == min(prices) and prices.count(min(prices)) == 1:
        text = "the cheapest group: " + text
    out.append(Fact("pay", (gold, fame), text, ("gold", "fame")))
    turned = step.offset - before.offset if step.round == before.round else 0
    if turned > 0 and step.groups():
        out.append(Fact("turn", (turned,), f"turns the wheel: the other groups get {turned} cheaper", ("gold",)))
    tile = rules.tiles[before.wheel_tile[a.space]]
    if not any(isinstance(x, PlaceTile) for x in plan[1:]):
        out.append(Fact("discard", (), f"its {tile.name.lower()} fits nowhere and leaves the game"))
    if before.brings_special(a.space):
        out.append(Fact("offers_special", (), "also lets you take a special tile", ("fame",)))
    return out


def _threat_facts(d0, d1, rules) -> list:
    out = []
    hit0, rep0, unrep0 = threat(d0, rules)
    hit1, rep1, unrep1 = threat(d1, rules)
    tiles = rules.tiles
    for col, ship in rep1:
        if (col, ship) not in rep0:
            t = tiles[ship]
            out.append(Fact("repel", (t.reward_amount,), f"repels the {t.sail} ship: +{t.reward_amount} "
                            f"{t.reward_kind.capitalize()} each large scoring", _SHIPS))
    freed = sum(1 for c in hit0 if c not in hit1 and d1.occupied(*c))
    if freed:
        out.append(Fact("freed", (freed,), f"frees {_count(freed, 'Viking')} from a ship's threat", _SHIPS))
    for col, ship in unrep1:
        if (col, ship) not in unrep0 and (col, ship) not in rep0:
            t = tiles[ship]
            n = sum(1 for r, c in hit1 if c == col)
            text = (f"the {t.sail} ship costs {t.reward_amount} {t.reward_kind.capitalize()} at the end "
                    "unless a warrior repels it")
            if n:
                text += f", and threatens {_count(n, 'Viking')} of yours"
            out.append(Fact("ship", (t.reward_amount, n), text, _SHIPS))
    newly = sum(1 for c in hit1 if c not in hit0 and d0.occupied(*c))
    if newly and not any(f.code == "ship" for f in out):
        out.append(Fact("threatened", (newly,), f"puts {_count(newly, 'Viking')} of yours under threat", _SHIPS))
    return out


def _island_facts(before, after, me, rules, placed=()) -> list:
    out = []
    d0, d1 = before.displays[me], after.displays[me]
    old = set(completed_islands(d0, rules))
    new = [i for i in completed_islands(d1, rules) if i not in old]
    if not new:
        for row, col in placed:  # an island tile that completes nothing: the run it is part of
            n = _run(d1, row, col)
            where = f"the {plural(rules.vikings[rules.row_viking[row]].name.lower())}' row"
            text = f"starts an island in {where}" if n == 1 else f"makes an island of {n} tiles in {where}"
            out.append(Fact("run", (n,) if n > 1 else (), text, ("majorities",)))
        return out
    longest_before = max((n for d in before.displays for _, _, n in completed_islands(d, rules)), default=0)
    for row, col, n in new:
        if n > longest_before:
            out.append(Fact("longest", (n,), f"completes the longest island ({n} tiles)", ("majorities",)))
        elif n == longest_before:
            out.append(Fact("ties_longest", (n,), f"completes an island as long as the longest ({n} tiles)",
                            ("majorities",)))
        else:
            out.append(Fact("island", (n,), f"completes an island of {n} tiles", ("majorities",)))
    mine = len(completed_islands(d1, rules))
    other = max((len(completed_islands(d, rules)) for q, d in enumerate(after.displays) if q != me), default=0)
    if mine > other:
        out.append(Fact("most_islands", (mine, other), f"most completed islands: {mine} to {other}", ("majorities",)))
    elif mine == other:
        out.append(Fact("tie_islands", (mine,), f"ties for the most completed islands ({mine})", ("majorities",)))
    return out


def _run(d, row: int, col: int) -> int:
    """Length of the run of tiles through (row, col) in its row (no gap)."""
    cells = d.rows[row]
    lo = hi = col - 1
    while lo > 0 and cells[lo - 1] >= 0:
        lo -= 1
    while hi + 1 < len(cells) and cells[hi + 1] >= 0:
        hi += 1
    return hi - lo + 1


def _viking_facts(before, after, plan, me, rules) -> list:
    """Vikings that now stand on a tile (placed or moved by a boatswain)."""
    out = []
    d0, d1 = before.displays[me], after.displays[me]
    hit1 = set(threat(d1, rules)[0])
    _, rep1, _ = threat(d1, rules)
    repelling = {c for c, _ in rep1}
    wrow = rules.viking_row[rules.warrior]
    new_safe: dict = {}
    for r, c, _, occupied in d1.tiles():
        if r == 0 or not occupied or d0.occupied(r, c):
            continue
        k = rules.row_viking[r]
        if (r, c) in hit1:
            name = rules.vikings[k].name.lower()
            out.append(Fact("exposed", (), f"the {name} stands under a ship's threat: it earns nothing there", _SCORE))
        elif not (r == wrow and c in repelling):
            new_safe[k] = new_safe.get(k, 0) + 1
    sc = rules.scoring
    for k, n in sorted(new_safe.items()):
        name = rules.vikings[k].name.lower()
        who = f"puts a {name}" if n == 1 else f"puts {n} {plural(name)}"
        each = "" if n == 1 else " each"
        safe = "a safe tile" if n == 1 else "safe tiles"
        if k == rules.goldsmith:
            out.append(Fact("stands", (n, sc.goldsmith_gold), f"{who} on {safe}: +{sc.goldsmith_gold} Gold{each} "
                            "in every scoring", _SCORE))
        elif k == rules.noble:
            out.append(Fact("stands", (n, sc.noble_fame), f"{who} on {safe}: +{sc.noble_fame} Fame{each} "
                            "in each large scoring", _SCORE))
        elif k == rules.scout:
            out.append(Fact("stands", (n, sc.scout_fame, sc.scout_bonus_fame),
                            f"{who} on {safe}: +{sc.scout_fame} Fame{each} in each large scoring, "
                            f"+{sc.scout_bonus_fame} for each Viking below", _SCORE))
        elif k == rules.fisherman:
            out.append(Fact("stands", (n, sc.fisherman_feeds), f"{who} on {safe}: feeds "
                            f"{sc.fisherman_feeds} Vikings{each} at the end", ("feeding",)))
        else:
            out.append(Fact("stands", (n,), f"{who} ready to repel a ship in {'its' if n == 1 else 'their'} column",
                            _SCORE))
        if n == 1:  # (the count is in the words, not a digit)
            f = out[-1]
            out[-1] = Fact(f.code, (1,) + f.nums[1:], f.text, f.part)
    return out


def _boatswain_majority(after, me, rules) -> Fact:
    k = rules.boatswain
    mine = after.displays[me].pool[k]
    other = max((d.pool[k] for q, d in enumerate(after.displays) if q != me), default=0)
    if mine > other:
        return Fact("most_boatswains", (mine, other), f"most boatswains: {mine} to {other}", ("majorities",))
    if mine == other:
        return Fact("tie_boatswains", (mine,), f"ties for the most boatswains ({mine})", ("majorities",))
    return Fact("boatswains", (mine, other), f"boatswains: {mine}, a rival has {other}", ("majorities",))


def _auction_facts(before, a, me, rules) -> list:
    d = before.displays[me]
    if isinstance(a, Bid):
        fame = max(0, a.amount - d.gold)
        text = f"bids {a.amount} to buy first this round" + (f" ({fame} of it in Fame)" if fame else "")
        return [Fact("bid", (a.amount, fame), text)]
    if isinstance(a, PassBid):
        return [Fact("pass", (d.gold,), f"keeps your {d.gold} Gold for the groups")]
    drawn = before.auction_vikings
    k = a.kind
    name = rules.vikings[k].name.lower()
    n = drawn.count(k)
    row = rules.viking_row[k]
    room = len(d.empty_tiles(row)) if row is not None else None
    out = []
    many = plural(name)
    if isinstance(a, RemoveViking):
        text = f"takes one of the {n} drawn {many} out of the game" if n > 1 else \
            f"takes the only drawn {name} out of the game"
        out.append(Fact("remove", (n,) if n > 1 else (), text))
    else:
        text = f"puts the {n} drawn {many} on the dearest free spaces" if n > 1 else \
            f"puts the drawn {name} on the dearest free space"
        out.append(Fact("colour", (n,) if n > 1 else (), text))
    if room is not None:
        text = f"you have no empty tile for {many}" if not room else \
            f"you have {_count(room, 'empty tile')} for {many}"
        out.append(Fact("room", (room,), text))
    return out


# Engine counts --------------------------------------------------------------------------------
def feeding(d, rules) -> tuple[int, int]:
    """(food, mouths) of a display, as the final scoring counts them: fishermen no ship
    threatens feed, every Viking on an island and in the pool eats."""
    hit = set(threat(d, rules)[0])
    frow = rules.viking_row[rules.fisherman]
    fishers = sum(1 for c, v in enumerate(d.rows[frow], 1) if v >= 0 and v & 1 and (frow, c) not in hit)
    mouths = sum(d.pool) + sum(1 for r in range(1, rules.island_rows + 1) for v in d.rows[r] if v >= 0 and v & 1)
    return fishers * rules.scoring.fisherman_feeds, mouths


def changed_cells(d0, d1) -> tuple:
    """Cells whose tile or Viking differs between two states of a display."""
    return tuple((r, c) for r in range(len(d1.rows)) for c in range(1, len(d1.rows[r]) + 1)
                 if d0.cell(r, c) != d1.cell(r, c))


def _count(n: int, noun: str) -> str:
    return f"one {noun}" if n == 1 else f"no {noun}" if n == 0 else f"{n} {plural(noun)}"


__all__ = ["Fact", "reasons", "feeding", "changed_cells", "REASONS"]
