"""Tooltip texts for the pieces under the mouse, with the numbers read from the rules data,
in the language in use (the `table.tip` catalogue entries)."""

from __future__ import annotations

from vikings.engine.phases import PURCHASE
from vikings.text import words
from vikings.text.events import viking_in_sentence
from vikings.text.lang import t
from vikings.ui.drawing.notice import Said


def viking_text(rules, k: int) -> str:
    v, s = rules.vikings[k], rules.scoring
    what = {
        "fisherman": lambda: t(
            "table.tip.fisherman",
            feeds=words.any_vikings(s.fisherman_feeds),
            hungry=words.fame(s.underfeed_fame),
            spare=words.fame(s.overfeed_fame),
        ),
        "goldsmith": lambda: t("table.tip.goldsmith", gold=words.gold(s.goldsmith_gold)),
        "scout": lambda: t("table.tip.scout", fame=words.fame(s.scout_fame), bonus=words.fame(s.scout_bonus_fame)),
        "noble": lambda: t("table.tip.noble", fame=words.fame(s.noble_fame)),
        "warrior": lambda: t("table.tip.warrior"),
        "boatswain": lambda: t("table.tip.boatswain", fame=words.fame(s.most_boatswains_fame)),
    }.get(v.id, lambda: "")()
    row = t("table.tip.row", row=v.row) if v.row else t("table.tip.no_row")
    return t("table.tip.viking", viking=words.viking(v), colour=words.colour(v.colour), row=row, what=what)


def building(name: str) -> str:
    """A building on an island middle, as a sentence names it ("stone circle", "Steinkreis")."""
    return t(f"table.building.{name}")


def tile_text(rules, tile: int) -> str:
    k = rules.tiles[tile]
    if k.is_ship:
        reward = words.gold(k.reward_amount) if k.reward_kind == "gold" else words.fame(k.reward_amount)
        return t("table.tip.ship", tile=words.tile(k), row=k.reach_row, reward=reward, penalty=reward)
    if k.start:
        return t("table.tip.start")
    if k.building:
        return t("table.tip.middle", building=building(k.building))
    if k.west == 0 and k.east == 1:
        return t("table.tip.left_end")
    if k.west == 1 and k.east == 0:
        return t("table.tip.right_end")
    return t("table.tip.tile", tile=words.tile(k))


def blocker(game, space: int) -> Said | None:
    """Why the player to move may not buy the group at `space` (None if she may), in the
    players' words: the engine's `buy_blockers` decides, this names its reason."""
    if game.buy_blockers(space) is None:
        return None
    if game.phase != PURCHASE:
        return Said("table.blocker.phase")
    if not 0 <= space < len(game.wheel_tile) or game.wheel_tile[space] < 0:
        return Said("table.blocker.none")
    price = game.price(space)
    if price == 0:
        return Said("table.blocker.zero")
    d = game.displays[game.to_move]
    gold, fame = d.gold, d.fame
    return Said("table.blocker.dear", price=price, gold=lambda: words.gold(gold), fame=lambda: words.fame(fame))


def group_text(rules, tile: int, viking: int) -> dict:
    """A wheel group's tile and Viking as the `table` texts name them (placeholders)."""
    return {"tile": words.tile(rules.tiles[tile]), "viking": viking_in_sentence(rules, viking, "plain")}


def wheel_tip(game, vis, space: int) -> str | None:
    tile, viking = vis.wheel_tile[space], vis.wheel_viking[space]
    if tile < 0:
        return None
    rules = game.rules
    price = space - vis.offset
    lines = [
        t("table.tip.group", price=price, **group_text(rules, tile, viking)),
        tile_text(rules, tile),
        viking_text(rules, viking),
    ]
    if not game.is_over and game.phase == PURCHASE:
        why = blocker(game, space)
        if why:
            lines.append(t("table.tip.not_now", name=game.config.players[game.to_move], why=str(why)))
        elif game.fame_cost(space):
            lines.append(t("table.tip.fame_cost", fame=words.fame(game.fame_cost(space))))
        if game.brings_special(space):
            lines.append(t("table.tip.dearest"))
    return "\n".join(lines)


def cell_tip(rules, pv, row: int, col: int) -> str | None:
    tile = pv.tile_at(row, col)
    if tile < 0:
        return None
    lines = [tile_text(rules, tile)]
    for sid, r, c in getattr(pv, "placed", ()):
        if (r, c) == (row, col):  # a building special tile lies over it
            k = rules.specials[sid]
            lines = [t("table.tip.special", special=words.special(k), text=words.special_text(k))]
    if row > 0:
        k = rules.row_viking[row]
        if pv.occupied(row, col):
            lines.append(viking_text(rules, k))
        else:
            lines.append(t("table.tip.empty", viking=viking_in_sentence(rules, k, "plain")))
    return "\n".join(lines)
