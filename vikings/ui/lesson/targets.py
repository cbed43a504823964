"""Where a lesson step's target is on screen: the one place that maps a target to a Rect.

A target is a tuple naming a thing at the table:

    ("wheel",)            the whole wheel          ("wheel", space)   one group on it
    ("cell", row, col)    a cell of the large display
    ("pool",)             the large display's pool  ("ship_column", col) a column, ships to islands
    ("button", name)      a widget of the scene (TableScene.widget: "buy", "tile", "boatswain each", ...)
    ("card", player)      a player's card          ("display",) the large display
    ("decision",)         the decision panel       ("lesson", name) a button of the lesson's box

Each is asked of the current table scene's own drawing geometry (the layout, the last
drawn wheel and display: `wheel_geo`, `board_geo`, `layout`, `widget()`), so when the
table's layout changes only those accessors must keep working. None: not on screen now.
"""

from __future__ import annotations

import pygame


def locate(app, target, overlay=None) -> pygame.Rect | None:
    scene = app.scenes.base
    kind, args = target[0], tuple(target[1:])
    if kind == "lesson":
        w = overlay.widget(args[0]) if overlay is not None else None
        return pygame.Rect(w.rect) if w is not None and w.visible else None
    layout = getattr(scene, "layout", None)
    if layout is None:
        return None
    if kind == "wheel":
        geo = scene.wheel_geo
        if not args:
            return pygame.Rect(layout.wheel)
        if geo is None or not _on_wheel(scene, args[0]):
            return None
        return geo.group_rect(args[0])
    if kind in ("cell", "pool", "ship_column"):
        geo = scene.board_geo
        if geo is None:
            return None
        if kind == "cell":
            return geo.cell_rect(*args)
        if kind == "pool":
            return geo.pool_rect
        return geo.column_rect(args[0])
    if kind == "button":
        w = scene.widget(args[0])
        return pygame.Rect(w.rect) if w is not None and w.visible else None
    if kind == "card":
        return pygame.Rect(layout.cards[args[0]]) if args[0] < len(layout.cards) else None
    if kind == "display":
        return pygame.Rect(layout.board)
    if kind == "decision":
        return pygame.Rect(layout.decision)
    return None


def _on_wheel(scene, space: int) -> bool:
    """A group lies at `space` as the table shows it now."""
    vis = scene.visible()
    return 0 <= space < len(vis.wheel_tile) and vis.wheel_tile[space] >= 0 and not vis.wheel_hidden


def locate_all(app, targets, overlay=None) -> list[pygame.Rect]:
    """The rects of a step's targets that are on screen."""
    out = []
    for t in targets:
        r = locate(app, t, overlay)
        if r is not None:
            out.append(r)
    return out
