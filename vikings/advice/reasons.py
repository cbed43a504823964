"""The reasons of a hint (hints.py): true statements about an option, read off the engine.

Each `Fact` is read off the difference between the position before an option and after it
(the option and the rest of the turn as the hint plays it), through the engine's own
queries (`threat`, `completed_islands`, the displays' Gold, Fame, pool and rows), and says
only what that difference shows: a ship repelled and what its warrior earns, Vikings freed
from or put under threat, an island completed and whether it is the longest, a Viking on a
safe tile and what it earns, the feeding count, the boatswains for the majority, the price
paid, and for the advanced game's decisions what the bid, the removal, the colour, the
special tile or the building does. Every number in a fact's text is one of its `nums`
(tests/advice/test_hints.py recomputes them from the engine).

A fact holds no finished sentence: it keeps a catalogue key (`hints.reason.<key>`,
data/lang/<code>/hints.yaml) and its parameters as data (numbers, and words as small
tuples such as ("viking", "scout", 2) or ("count", "boatswain", 1)); `Fact.text` writes it
in the language in use when it is read. So a hint worked out in the bots' helper process
(which never chooses a language) shows in the language of the screens, also after a
change of language. An option's facts are ordered by how
much the evaluation's matching part (`evaluate.explain`) changed, so the first reason is
the one that weighs most in the bots' own judgement; what the decision itself does comes
first, the price last.
"""

from __future__ import annotations

import math

from vikings.bots import evaluate
from vikings.engine import GameState
from vikings.engine.actions import (
    Bid,
    Buy,
    ChooseColour,
    DeclineSpecial,
    FinishBoatswains,
    PassBid,
    PlaceTile,
    RemoveViking,
    ReplaceTile,
    TakeSpecial,
    UseBoatswain,
)
from vikings.engine.display import completed_islands, threat
from vikings.engine.state import OVER
from vikings.text import words
from vikings.text.lang import has, t

REASONS = 3  # facts per option, at most


class Fact:
    """One true statement about an option: `code`, the numbers it rests on, and what it
    says as a catalogue key and parameters (`text` writes it in the language in use)."""

    __slots__ = ("code", "nums", "key", "params", "part")

    def __init__(self, code: str, nums: tuple, key: str, params: dict | None = None, part: tuple = ()):
        self.code, self.nums, self.key, self.params, self.part = code, tuple(nums), key, dict(params or {}), part

    @property
    def text(self) -> str:
        return say(self.key, self.params)

    def __repr__(self):
        return f"Fact({self.code!r}, {self.nums!r}, {self.key!r}, {self.params!r})"

    def __reduce__(self):
        return (Fact, (self.code, self.nums, self.key, self.params, self.part))


def say(key: str, params: dict) -> str:
    """A reason's sentence in the language in use."""
    return t(f"hints.reason.{key}", **{k: _word(v) for k, v in params.items()})


def _word(v):
    """A parameter as it reads: words are tuples (kind, ...), numbers stay numbers."""
    if not isinstance(v, tuple) or not v:
        return v
    kind, *args = v
    if kind == "viking":  # ("viking", id, n): "scout" / "scouts", as it reads in a sentence
        return t(f"hints.viking.{args[0]}", count=args[1] if len(args) > 1 else 1)
    if kind == "count":  # ("count", noun, n): "one boatswain", "no boatswain", "3 boatswains"
        return t(f"hints.count.{args[0]}", count=args[1])
    if kind == "gold":
        return words.gold(args[0])
    if kind == "fame":
        return words.fame(args[0])
    if kind == "reward":  # ("reward", "gold" or "fame", n)
        return words.gold(args[1]) if args[0] == "gold" else words.fame(args[1])
    if kind == "special":
        return words.special(args[0])
    if kind == "tile":
        key = f"hints.tile.{args[0]}"
        return t(key) if has(key) else words.tile(args[0])
    if kind == "sail":  # ("sail", colour): "red" / "rote", as it reads before "ship"
        key = f"scoring.sail.{args[0]}"
        return t(key) if has(key) else args[0]
    if kind == "row":  # ("row", viking id): "the scouts' row"
        return t(f"hints.row.{args[0]}")
    if kind == "say":  # ("say", key, params): a sentence inside a sentence
        return say(args[0], args[1])
    return v


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
        facts = facts[: most - 1] + [next(f for f in facts if f.code == "pay")]
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
        facts.append(Fact("special", (), "special", {"special": ("special", rules.specials[sid].id)}, ("fame",)))
        gain = step.displays[me].gold - d0.gold
        if gain > 0:
            facts.append(Fact("gain_gold", (gain,), "gain_gold", {"gold": ("gold", gain)}, ("gold",)))
    elif isinstance(a, DeclineSpecial):
        facts.append(Fact("decline", (), "decline"))
    elif isinstance(a, ReplaceTile):
        sid = step.special_at(me, a.row, a.col)
        old = rules.tiles[d0.tile_at(a.row, a.col)].id
        facts.append(
            Fact(
                "replace",
                (),
                "replace",
                {"special": ("special", rules.specials[sid].id), "tile": ("tile", old)},
                ("fame",),
            )
        )
    elif isinstance(a, FinishBoatswains):
        b = d0.pool[rules.boatswain]
        facts.append(Fact("keep", (b,), "keep", {"boatswains": ("count", "boatswain", b)}, ("majorities",)))
    elif isinstance(a, UseBoatswain):
        used = d0.pool[rules.boatswain] - d1.pool[rules.boatswain]
        if used > 0:
            facts.append(Fact("spend", (used,), "spend", {"boatswains": ("count", "boatswain", used)}, ("majorities",)))
    # What the turn changed on the display.
    facts += _threat_facts(d0, d1, rules)
    placed = [(x.row, x.col) for x in plan if isinstance(x, PlaceTile) and x.row > 0]
    facts += _island_facts(before, after, me, rules, placed)
    facts += _viking_facts(before, after, plan, me, rules)
    b = d1.pool[rules.boatswain]
    for k, kind in enumerate(kinds):  # Vikings the turn sent to the pool
        if k != rules.boatswain and d1.pool[k] > d0.pool[k] and not isinstance(a, UseBoatswain):
            facts.append(
                Fact(
                    "pool",
                    (b,),
                    "pool",
                    {"viking": ("viking", kind.id), "boatswains": ("count", "boatswain", b)},
                    ("pool_moves",),
                )
            )
    if d1.pool[rules.boatswain] != d0.pool[rules.boatswain] and not isinstance(a, (FinishBoatswains, UseBoatswain)):
        facts.append(_boatswain_majority(after, me, rules))
    food0, mouths0 = feeding(d0, rules)
    food1, mouths1 = feeding(d1, rules)
    if food0 != food1:
        facts.append(
            Fact(
                "feeding",
                (food1, mouths1),
                "feeding",
                {"food": food1, "vikings": ("count", "viking", mouths1)},
                ("feeding",),
            )
        )
    return facts


def _purchase_facts(before, step, plan, me, rules) -> list:
    out = []
    a = plan[0]
    d0, d1 = before.displays[me], step.displays[me]
    gold, fame = d0.gold - d1.gold, d0.fame - d1.fame
    key = "pay_both" if fame else "pay_gold" if gold else "pay_nothing"
    params = {"gold": ("gold", gold), "fame": ("fame", fame)} if fame else {"gold": ("gold", gold)} if gold else {}
    prices = [before.price(b.space) for b in before.legal_actions()]
    if len(prices) > 1 and before.price(a.space) == min(prices) and prices.count(min(prices)) == 1:
        key, params = "cheapest", {"cost": ("say", key, params)}
    out.append(Fact("pay", (gold, fame), key, params, ("gold", "fame")))
    turned = step.offset - before.offset if step.round == before.round else 0
    if turned > 0 and step.groups():
        out.append(Fact("turn", (turned,), "turn", {"n": turned}, ("gold",)))
    tile = rules.tiles[before.wheel_tile[a.space]]
    if not any(isinstance(x, PlaceTile) for x in plan[1:]):
        out.append(Fact("discard", (), "discard", {"tile": ("tile", tile.id)}))
    if before.brings_special(a.space):
        out.append(Fact("offers_special", (), "offers_special", {}, ("fame",)))
    return out


def _threat_facts(d0, d1, rules) -> list:
    out = []
    hit0, rep0, unrep0 = threat(d0, rules)
    hit1, rep1, unrep1 = threat(d1, rules)
    tiles = rules.tiles
    for col, ship in rep1:
        if (col, ship) not in rep0:
            tk = tiles[ship]
            out.append(
                Fact(
                    "repel",
                    (tk.reward_amount, col),
                    "repel",
                    {"colour": ("sail", tk.sail), "col": col, "reward": ("reward", tk.reward_kind, tk.reward_amount)},
                    _SHIPS,
                )
            )
    freed = sum(1 for c in hit0 if c not in hit1 and d1.occupied(*c))
    if freed:
        out.append(Fact("freed", (freed,), "freed", {"vikings": ("count", "viking", freed)}, _SHIPS))
    for col, ship in unrep1:
        if (col, ship) not in unrep0 and (col, ship) not in rep0:
            tk = tiles[ship]
            n = sum(1 for r, c in hit1 if c == col)
            params = {"colour": ("sail", tk.sail), "reward": ("reward", tk.reward_kind, tk.reward_amount)}
            if n:
                params["vikings"] = ("count", "viking", n)
            out.append(Fact("ship", (tk.reward_amount, n), "ship_threatens" if n else "ship", params, _SHIPS))
    newly = sum(1 for c in hit1 if c not in hit0 and d0.occupied(*c))
    if newly and not any(f.code == "ship" for f in out):
        out.append(Fact("threatened", (newly,), "threatened", {"vikings": ("count", "viking", newly)}, _SHIPS))
    return out


def own_threat(before: GameState, after: GameState, me: int) -> list[tuple[int, int, int]]:
    """(row, col, Viking kind) of `me`'s Vikings that stand under one of her unrepelled
    ships in `after` and did not in `before` (a Viking placed under a ship, a ship laid
    over her Vikings, a warrior that no longer repels): the engine's `threat` of her
    display, before and after the move. A preview warns of these: such a Viking earns
    nothing in a scoring and may be lost to the ship."""
    rules = before.rules
    d0, d1 = before.displays[me], after.displays[me]
    hit0 = set(threat(d0, rules)[0])
    return [(r, c, rules.row_viking[r]) for r, c in threat(d1, rules)[0] if (r, c) not in hit0 and d1.occupied(r, c)]


def _island_facts(before, after, me, rules, placed=()) -> list:
    out = []
    d0, d1 = before.displays[me], after.displays[me]
    old = set(completed_islands(d0, rules))
    new = [i for i in completed_islands(d1, rules) if i not in old]
    if not new:
        for row, col in placed:  # an island tile that completes nothing: the run it is part of
            n = _run(d1, row, col)
            where = ("row", rules.vikings[rules.row_viking[row]].id)
            out.append(Fact("run", (n,) if n > 1 else (), "run", {"count": n, "row": where}, ("majorities",)))
        return out
    longest_before = max((n for d in before.displays for _, _, n in completed_islands(d, rules)), default=0)
    for _row, _col, n in new:
        if n > longest_before:
            out.append(Fact("longest", (n,), "longest", {"count": n}, ("majorities",)))
        elif n == longest_before:
            out.append(Fact("ties_longest", (n,), "ties_longest", {"count": n}, ("majorities",)))
        else:
            out.append(Fact("island", (n,), "island", {"count": n}, ("majorities",)))
    mine = len(completed_islands(d1, rules))
    other = max((len(completed_islands(d, rules)) for q, d in enumerate(after.displays) if q != me), default=0)
    if mine > other:
        out.append(Fact("most_islands", (mine, other), "most_islands", {"mine": mine, "other": other}, ("majorities",)))
    elif mine == other:
        out.append(Fact("tie_islands", (mine,), "tie_islands", {"mine": mine}, ("majorities",)))
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
            out.append(Fact("exposed", (), "exposed", {"viking": ("viking", rules.vikings[k].id)}, _SCORE))
        elif not (r == wrow and c in repelling):
            new_safe[k] = new_safe.get(k, 0) + 1
    sc = rules.scoring
    for k, n in sorted(new_safe.items()):
        params = {"count": n, "viking": ("viking", rules.vikings[k].id, n)}
        if k == rules.goldsmith:
            out.append(
                Fact(
                    "stands",
                    (n, sc.goldsmith_gold),
                    "stands_goldsmith",
                    {**params, "gold": ("gold", sc.goldsmith_gold)},
                    _SCORE,
                )
            )
        elif k == rules.noble:
            out.append(
                Fact("stands", (n, sc.noble_fame), "stands_noble", {**params, "fame": ("fame", sc.noble_fame)}, _SCORE)
            )
        elif k == rules.scout:
            out.append(
                Fact(
                    "stands",
                    (n, sc.scout_fame, sc.scout_bonus_fame),
                    "stands_scout",
                    {**params, "fame": ("fame", sc.scout_fame), "bonus": sc.scout_bonus_fame},
                    _SCORE,
                )
            )
        elif k == rules.fisherman:
            out.append(
                Fact(
                    "stands",
                    (n, sc.fisherman_feeds),
                    "stands_fisherman",
                    {**params, "feeds": sc.fisherman_feeds},
                    ("feeding",),
                )
            )
        else:  # (one Viking: the count is in the words, not a digit)
            out.append(Fact("stands", (n,), "stands_warrior", params, _SCORE))
    return out


def _boatswain_majority(after, me, rules) -> Fact:
    k = rules.boatswain
    mine = after.displays[me].pool[k]
    other = max((d.pool[k] for q, d in enumerate(after.displays) if q != me), default=0)
    if mine > other:
        return Fact(
            "most_boatswains", (mine, other), "most_boatswains", {"mine": mine, "other": other}, ("majorities",)
        )
    if mine == other:
        return Fact("tie_boatswains", (mine,), "tie_boatswains", {"mine": mine}, ("majorities",))
    return Fact("boatswains", (mine, other), "boatswains", {"mine": mine, "other": other}, ("majorities",))


def _auction_facts(before, a, me, rules) -> list:
    d = before.displays[me]
    if isinstance(a, Bid):
        fame = max(0, a.amount - d.gold)
        params = {"amount": a.amount, "fame": fame} if fame else {"amount": a.amount}
        return [Fact("bid", (a.amount, fame), "bid_fame" if fame else "bid", params)]
    if isinstance(a, PassBid):
        return [Fact("pass", (d.gold,), "pass", {"gold": ("gold", d.gold)})]
    drawn = before.auction_vikings
    k = a.kind
    ident = rules.vikings[k].id
    n = drawn.count(k)
    row = rules.viking_row[k]
    room = len(d.empty_tiles(row)) if row is not None else None
    out = []
    params = {"count": n, "viking": ("viking", ident, n)}
    if isinstance(a, RemoveViking):
        out.append(Fact("remove", (n,) if n > 1 else (), "remove", params))
    else:
        out.append(Fact("colour", (n,) if n > 1 else (), "colour", params))
    if room is not None:
        out.append(
            Fact("room", (room,), "room", {"tiles": ("count", "empty_tile", room), "vikings": ("viking", ident, 2)})
        )
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
    return tuple(
        (r, c) for r in range(len(d1.rows)) for c in range(1, len(d1.rows[r]) + 1) if d0.cell(r, c) != d1.cell(r, c)
    )


__all__ = ["Fact", "say", "reasons", "feeding", "changed_cells", "REASONS"]
