"""The rules panel's pictures: the real positions of vikings/rule_positions.py drawn with
the table's own drawing (the wheel, a display, the pieces' art), at the window's scale.

`picture(app, name, size)` renders one to a surface; `caption(rules, name)` says in a few
sentences (the project's own words) what it shows, with the figures read from the
position, so the words and the picture cannot disagree.
"""
from __future__ import annotations

import pygame

from ..rule_positions import NAMES, position
from .table import display_geometry, draw_display, draw_wheel
from .threat import draw_threat
from .theme import GOLD, INK, INK_SOFT, PAPER, WOOD
from .view import Visible

TITLES = {"zero": "The 0 rule and its exception", "edges": "Where a tile fits: its edges",
          "ships": "Ships and their columns", "threat": "Threat, and a warrior repelling a ship",
          "scout": "A scout with Vikings below", "boatswain": "A boatswain's choices",
          "feeding": "Feeding in the final scoring"}


def picture(app, name: str, size) -> pygame.Surface:
    """The picture `name` (one of NAMES) drawn into a surface of `size` pixels."""
    pos = position(app.rules, name)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, PAPER, rect, border_radius=app.look.px(8))
    pygame.draw.rect(surf, WOOD, rect, max(1, app.look.px(2)), border_radius=app.look.px(8))
    inner = rect.inflate(-app.look.px(24), -app.look.px(24))
    if name == "zero":
        _zero(surf, app, pos, inner)
    else:
        _display(surf, app, pos, inner, name)
    return surf


def _label(surf, app, text: str, center) -> None:
    t = app.look.text(text, 15, INK_SOFT, bold=True)
    surf.blit(t, t.get_rect(midtop=center))


def _zero(surf, app, pos, rect) -> None:
    """Two wheels: the 0 group shaded by the rule, then a 0 group for sale."""
    px = app.look.px
    side = min(rect.h - px(30), rect.w // 2 - px(20))
    for i, p in enumerate((pos, pos.other)):
        g = p.game
        vis = Visible(g, ())
        box = pygame.Rect(0, 0, side, side)
        box.midtop = (rect.x + rect.w * (1 + 2 * i) // 4, rect.y)
        legal = {a.space for a in g.legal_actions()}
        blocked = {s: "0 rule" for s in g.groups() if s not in legal and g.price(s) == 0}
        geo = draw_wheel(surf, app, vis, box, highlight=legal, blocked=blocked, selected=None if i == 0 else g.offset)
        ring = geo.tile_rect(g.offset).inflate(geo.tile // 2, geo.tile // 2)
        pygame.draw.rect(surf, GOLD, ring, max(2, px(4)), border_radius=px(6))
        _label(surf, app, "not for sale" if i == 0 else "the last of its colour: for sale", (box.centerx, box.bottom + px(4)))


def _display(surf, app, pos, rect, name) -> None:
    px = app.look.px
    g = pos.game
    vis = Visible(g, ())
    pv = vis.players[pos.player]
    hand = pos.tile >= 0
    body = pygame.Rect(rect.x, rect.y, rect.w - (px(150) if hand else 0), rect.h)
    extra = tuple((0, c) for c in pos.columns)
    g0 = display_geometry(app, pv, body, tuple(pos.cells) + extra)
    used = g0.x0 + g0.cols * g0.t - body.x + (px(150) if hand else 0)
    body.x += max(0, (rect.w - used) // 2)   # centred, with the tile in hand beside it
    ships = [(c, t) for r, c, t, _ in pv.display.tiles() if r == 0]
    geo = draw_display(surf, app, pv, body, highlight=pos.cells, threatened=pos.threatened, extra_cells=extra)
    if name in ("threat", "feeding"):
        draw_threat(surf, app.rules, geo, ships, pos.repelled)
    if name in ("scout", "ships"):
        for c in pos.columns:
            pygame.draw.rect(surf, GOLD, geo.column_rect(c).inflate(px(6), px(6)), max(2, px(3)), border_radius=px(6))
    if name in ("boatswain", "feeding"):
        pygame.draw.rect(surf, GOLD, geo.pool_rect.inflate(px(4), px(4)), max(2, px(3)), border_radius=px(6))
    if hand:
        t = min(px(96), geo.t * 2)
        img = app.sprites.get("tiles", app.rules.tiles[pos.tile].id, height=t)
        at = img.get_rect(midtop=(geo.x0 + geo.cols * geo.t + px(75), rect.y + px(40)))
        surf.blit(img, at)
        _label(surf, app, "in hand", (at.centerx, at.bottom + px(6)))


def _plural(noun: str) -> str:
    return noun[:-3] + "men" if noun.endswith("man") else noun + "s"


def caption(rules, name: str) -> str:
    """What picture `name` shows, in a few sentences of Markdown."""
    pos = position(rules, name)
    s = rules.scoring
    if name == "zero":
        k = rules.vikings[pos.other.facts["viking"]].name.lower()
        return ("Left: the group at price 0 is shaded: nobody may take it while another Viking of its colour is "
                f"still on the wheel. Right, later in a round: its {k} is the last of its colour on the wheel, so "
                "the group at 0 is for sale, for nothing. (It is also for sale when your Gold cannot pay for any "
                "other group.) Buying it turns the wheel to the next group, and every price drops.")
    if name == "edges":
        tile = rules.tiles[pos.tile]
        edge = "land" if tile.west else "sea"
        return (f"The {tile.name.lower()} in hand has a {edge} edge on its left and a "
                f"{'land' if tile.east else 'sea'} edge on its right. It may go only on the {len(pos.cells)} lit "
                "cells: next to the mainland or a tile, with land meeting land and sea meeting sea. The mainland's "
                "own edge is sea. Tiles above or below do not matter.")
    if name == "ships":
        free = rules.ship_free_columns
        cols = " or ".join(str(c) for c in pos.columns)
        return (f"Ships go in the top row. The first {free} may take any free column of the first {free}; "
                f"this second ship may go in column {cols}. Later ships go at the end of the row. Choose the "
                "column with care: a ship threatens the Vikings below it.")
    if name == "threat":
        (col, ship), *_ = pos.facts["unrepelled"]
        kind = rules.tiles[ship]
        rc = pos.repelled[0]
        return (f"The ship in column {col} has a {kind.sail} sail, which reaches down to island row "
                f"{kind.reach_row}: every Viking in its column down to there is threatened (laid down) and scores "
                f"nothing. In column {rc} a warrior stands right under the ship and repels it: that ship "
                "threatens nobody, and in each large scoring the warrior earns the reward shown on the ship.")
    if name == "scout":
        return (f"In a large scoring a scout earns {s.scout_fame} Fame, plus {s.scout_bonus_fame} for each "
                f"goldsmith and fisherman standing lower in its column. This scout has {pos.facts['below']} below "
                f"it, a goldsmith and a fisherman: {pos.facts['fame']} Fame.")
    if name == "boatswain":
        kinds = [c.split()[-1] for c in pos.facts["choices"] if c.startswith("boatswain all")]
        names = ", ".join(_plural(rules.vikings[int(k)].name.lower()) for k in kinds)
        return (f"Large scoring, before the display scores: {pos.facts['boatswains']} boatswains wait in the pool "
                f"(framed). One may move all pool Vikings of one colour ({names}) or one Viking of each colour "
                "onto the lit empty tiles of their rows; then it leaves the game. Or keep them: the most "
                f"boatswains in the pool at the end earn {s.most_boatswains_fame} Fame.")
    f = pos.facts
    hungry = f["mouths"] - f["food"]
    return (f"At the end each fisherman on an island that no ship threatens feeds {s.fisherman_feeds} Vikings "
            f"(a threatened one lies down and feeds nobody). In this finished game {f['fishermen']} fishermen "
            f"(lit) bring {f['food']} portions for {f['mouths']} Vikings on the "
            f"islands and in the pool (framed): {hungry} go hungry, {s.underfeed_fame} Fame lost for each "
            f"({f['fame']} Fame). Each spare portion would have earned {s.overfeed_fame} Fame.")


__all__ = ["NAMES", "TITLES", "caption", "picture", "INK"]
