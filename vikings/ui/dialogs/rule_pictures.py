"""The rules panel's pictures: the real positions of vikings/advice/rule_positions.py drawn with
the table's own drawing (the wheel, a display, the pieces' art), at the window's scale.

`picture(app, name, size)` renders one to a surface; `caption(rules, name)` says in a few
sentences (the project's own words) what it shows, with the figures read from the
position, so the words and the picture cannot disagree. Titles, captions and the labels
in the pictures are in the catalogues' `pictures` area (data/lang/<code>/pictures.yaml).
"""

from __future__ import annotations

import pygame

from vikings.advice.rule_positions import NAMES, position
from vikings.text import words
from vikings.text.lang import t
from vikings.text.words import in_sentence
from vikings.ui.drawing.displays import display_geometry, draw_display
from vikings.ui.drawing.theme import GOLD, INK, INK_SOFT, PAPER, WOOD
from vikings.ui.drawing.threat import draw_threat
from vikings.ui.drawing.view import Visible
from vikings.ui.drawing.wheel import draw_wheel


def title(name: str) -> str:
    """Picture `name`'s title (in the language in use)."""
    return t(f"pictures.{name}.title")


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
    drawn = app.look.text(text, 15, INK_SOFT, bold=True)
    surf.blit(drawn, drawn.get_rect(midtop=center))


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
        blocked = {s: t("pictures.zero.tag") for s in g.groups() if s not in legal and g.price(s) == 0}
        geo = draw_wheel(surf, app, vis, box, highlight=legal, blocked=blocked, selected=None if i == 0 else g.offset)
        ring = geo.tile_rect(g.offset).inflate(geo.tile // 2, geo.tile // 2)
        pygame.draw.rect(surf, GOLD, ring, max(2, px(4)), border_radius=px(6))
        _label(
            surf,
            app,
            t("pictures.zero.left_label" if i == 0 else "pictures.zero.right_label"),
            (box.centerx, box.bottom + px(4)),
        )


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
    body.x += max(0, (rect.w - used) // 2)  # centred, with the tile in hand beside it
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
        size = min(px(96), geo.t * 2)
        img = app.sprites.get("tiles", app.rules.tiles[pos.tile].id, height=size)
        at = img.get_rect(midtop=(geo.x0 + geo.cols * geo.t + px(75), rect.y + px(40)))
        surf.blit(img, at)
        _label(surf, app, t("pictures.in_hand"), (at.centerx, at.bottom + px(6)))


def _either(numbers) -> str:
    """ "1", "1 or 2", "1, 2 or 3"."""
    shown = [str(n) for n in numbers]
    if len(shown) < 2:
        return "".join(shown)
    return t("pictures.either", first=", ".join(shown[:-1]), last=shown[-1])


def caption(rules, name: str) -> str:
    """What picture `name` shows, in a few sentences of Markdown (in the language in use)."""
    pos = position(rules, name)
    numbers = {k: v for k, v in rules.scoring.__dict__.items() if isinstance(v, int)}
    key = f"pictures.{name}.caption"
    if name == "zero":
        kind = rules.vikings[pos.other.facts["viking"]]
        return t(key, viking=in_sentence(words.viking(kind)))
    if name == "edges":
        tile = rules.tiles[pos.tile]
        return t(
            key,
            tile=words.tile(tile),
            cells=len(pos.cells),
            left=t("pictures.edges.land" if tile.west else "pictures.edges.sea"),
            right=t("pictures.edges.land" if tile.east else "pictures.edges.sea"),
        )
    if name == "ships":
        return t(key, free=rules.ship_free_columns, last=rules.ship_free_columns, columns=_either(pos.columns))
    if name == "threat":
        (col, ship), *_ = pos.facts["unrepelled"]
        kind = rules.tiles[ship]
        return t(
            key, column=col, sail=t(f"pictures.threat.sail.{kind.sail}"), row=kind.reach_row, repelled=pos.repelled[0]
        )
    if name == "scout":
        return t(key, below=pos.facts["below"], fame=pos.facts["fame"], **numbers)
    if name == "boatswain":
        kinds = [c.split()[-1] for c in pos.facts["choices"] if c.startswith("boatswain all")]
        names = ", ".join(in_sentence(words.viking_plural(rules.vikings[int(k)])) for k in kinds)
        return t(key, count=pos.facts["boatswains"], names=names, **numbers)
    f = pos.facts
    return t(
        key,
        fishermen=words.vikings("fisherman", f["fishermen"]),
        food=f["food"],
        mouths=f["mouths"],
        hungry=f["mouths"] - f["food"],
        fame=f["fame"],
        **numbers,
    )


__all__ = ["NAMES", "caption", "picture", "title", "INK"]
