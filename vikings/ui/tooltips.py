"""Tooltip texts for the pieces under the mouse, with the numbers read from the rules data."""
from __future__ import annotations


def viking_text(rules, k: int) -> str:
    v, s = rules.vikings[k], rules.scoring
    what = {
        "fisherman": f"feeds {s.fisherman_feeds} Vikings at the end; each Viking left hungry costs "
                     f"{s.underfeed_fame} Fame, each portion to spare earns {s.overfeed_fame} Fame",
        "goldsmith": f"earns {s.goldsmith_gold} Gold in every small and large scoring",
        "scout": f"earns {s.scout_fame} Fame in large scorings, +{s.scout_bonus_fame} for each goldsmith "
                 f"or fisherman below it",
        "noble": f"earns {s.noble_fame} Fame in large scorings",
        "warrior": "repels the ship above it and earns that ship's reward in large scorings",
        "boatswain": f"moves pool Vikings onto empty tiles in large scorings; most boatswains at the end: "
                     f"{s.most_boatswains_fame} Fame",
    }.get(v.id, "")
    row = f"stands in row {v.row}" if v.row else "never stands on an island"
    return f"{v.name} ({v.colour}): {row}; {what}."


def tile_text(rules, t: int) -> str:
    k = rules.tiles[t]
    if k.is_ship:
        reward = f"{k.reward_amount} {'Gold' if k.reward_kind == 'gold' else 'Fame'}"
        return (f"Ship with a {k.sail} sail: threatens the Vikings in its column down to row {k.reach_row}. "
                f"A warrior below it repels it and earns {reward} in large scorings; unrepelled at the "
                f"end it costs {reward}.")
    if k.start:
        return "The start tile: the left end of an island, placed in the first column of any row."
    if k.building:
        return f"Island middle with a {k.building.replace('_', ' ')}."
    if k.west == 0 and k.east == 1:
        return "Left end of an island: open sea to its west."
    if k.west == 1 and k.east == 0:
        return "Right end of an island: it closes the island."
    return f"{k.name}."


def wheel_tip(game, vis, space: int) -> str | None:
    tile, viking = vis.wheel_tile[space], vis.wheel_viking[space]
    if tile < 0:
        return None
    rules = game.rules
    price = space - vis.offset
    lines = [f"{rules.tiles[tile].name} with a {rules.vikings[viking].name.lower()} — price {price}",
             tile_text(rules, tile), viking_text(rules, viking)]
    if not game.is_over and game.phase == "purchase":
        why = game.buy_blockers(space)
        if why:
            lines.append(f"Not for {game.config.players[game.to_move]} now: {why}.")
        elif game.fame_cost(space):
            lines.append(f"Costs {game.fame_cost(space)} Fame as well as all Gold.")
        if game.brings_special(space):
            lines.append("The dearest group: its buyer may also take a face-up special tile.")
    return "\n".join(lines)


def cell_tip(rules, pv, row: int, col: int) -> str | None:
    tile = pv.tile_at(row, col)
    if tile < 0:
        return None
    lines = [tile_text(rules, tile)]
    for sid, r, c in getattr(pv, "placed", ()):
        if (r, c) == (row, col):  # a building special tile lies over it
            k = rules.specials[sid]
            lines = [f"{k.name} (special tile): {k.description}"]
    if row > 0:
        k = rules.row_viking[row]
        if pv.occupied(row, col):
            lines.append(viking_text(rules, k))
        else:
            lines.append(f"Empty: a {rules.vikings[k].name.lower()} may stand here.")
    return "\n".join(lines)
