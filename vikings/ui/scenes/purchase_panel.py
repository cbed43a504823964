"""The purchasing scene's decision panel (scenes/purchase.py): whose move it is and what
to do now (choose a group, with its price, the Fame it costs and how many cells its tile
fits; place the tile or the start tile; put the Viking on the tile or into the pool; take
a special tile or lay a building tile), the pieces in hand below the text, and the offered
special tiles as a list to choose from (tile, name and effect). A part of
`PurchaseScene`: it reads the scene's state (the group selected, the cells it fits) and
keeps where it drew the offered special tiles (`special_rows`, for the clicks).
"""

from __future__ import annotations

import pygame

from vikings.engine.actions import PlaceStart
from vikings.engine.state import PLACE, PURCHASE, REPLACE, SPECIAL, VIKING
from vikings.text import words
from vikings.text.events import paid, tile_in_sentence, viking_in_sentence
from vikings.text.lang import t
from vikings.ui.drawing.cards import bot_level
from vikings.ui.drawing.notice import text
from vikings.ui.drawing.panels import Aside, wrap
from vikings.ui.drawing.specials import special_tip
from vikings.ui.drawing.theme import GOLD, INK, INK_SOFT, WOOD, WOOD_DARK
from vikings.ui.drawing.tooltips import building, group_text


class PurchasePanel:
    def __init__(self, scene):
        self.scene = scene
        self.special_rows: list = []  # (rect, slot) of the offered special tiles in the panel
        self.viking_rect = None  # where the Viking in hand is drawn (it can be dragged from there)

    def text(self, vis) -> list[str]:
        """Whose move it is and what to do now."""
        sc = self.scene
        m, g, rules = sc.match, sc.match.game, sc.app.rules
        seat = m.seat(sc.acting_player())  # (a move still being shown is its player's)
        if m.pending or sc.fx.active:
            return [
                t("table.top.turn_person" if seat.is_person else "table.purchase.playing", name=seat.name),
                text(sc.ctx.message),
            ]
        if not seat.is_person:
            return [
                t("table.purchase.thinking", name=seat.name),
                t("network.table.remote_note")
                if seat.kind == "remote"
                else t("table.purchase.bot_note", level=bot_level(seat.kind)),
                text(sc.ctx.message),
            ]
        lines = [t("table.purchase.your_turn", name=seat.name)] + ([text(sc.ctx.message)] if sc.ctx.message else [])
        if g.phase == PURCHASE:
            if sc.selected is None:
                lines.append(t("table.purchase.choose"))
                if vis.players[g.to_move].display.start_tile >= 0:
                    lines.append(Aside(t("table.purchase.first_purchase")))  # (it happens by itself)
                if g.brings_special(g.most_expensive_space()):
                    lines.append(t("table.purchase.star"))
            else:
                s = sc.selected
                price, fame = g.price(s), g.fame_cost(s)
                group = t(
                    "table.purchase.group",
                    paid=paid(price - fame, fame),
                    **group_text(rules, g.wheel_tile[s], g.wheel_viking[s]),
                )
                lines.append(f"{group} {t('table.purchase.also_special')}" if g.brings_special(s) else group)
                if not sc.preview_cells:
                    lines.append(t("table.purchase.fits_nowhere"))
                else:
                    lines.append(t("table.purchase.fits", count=len(sc.preview_cells)))
        elif g.phase == PLACE:
            cells = sc.legal_cells()
            if cells and isinstance(next(iter(cells.values())), PlaceStart):
                lines.append(t("table.purchase.place_start"))
            else:
                lines.append(t("table.purchase.place_tile", tile=tile_in_sentence(rules, g.hand_tile)))
        elif g.phase == VIKING:
            lines.append(t("table.purchase.viking", viking=viking_in_sentence(rules, g.hand_viking, "plain")))
        elif g.phase == SPECIAL:
            lines.append(t("table.purchase.special"))
        elif g.phase == REPLACE:
            k = rules.specials[sc.building_to_lay()]
            lines.append(t("table.purchase.replace", special=words.special(k), building=building(k.building)))
        threatened = sc.threat_preview()
        if threatened:  # (the move previewed: the advice layer's own_threat)
            names = ", ".join(viking_in_sentence(rules, k, "the") for _, _, k in threatened)
            lines.append(t("table.purchase.own_threat", vikings=names))
        return lines

    def draw(self, surface, vis, rect) -> None:
        """Below the panel's text: the offered special tiles, or the pieces in hand."""
        sc = self.scene
        g = sc.match.game
        self.special_rows = []
        self.viking_rect = None  # where the Viking in hand is drawn (it can be dragged from there)
        if sc.special_offered():
            self._draw_special_offer(surface, vis, rect)
            return
        if g.phase == REPLACE and not sc.match.pending:  # the building tile to lay
            t = sc.app.look.px(64)
            img = sc.app.sprites.get("special_tiles", sc.app.rules.specials[sc.building_to_lay()].id, height=t)
            surface.blit(img, (rect.x + sc.app.look.px(16), sc.decision_bottom + sc.app.look.px(4)))
        # The pieces in hand: bought but not placed yet.
        if g.phase in (PLACE, VIKING) and not sc.match.pending:
            t = sc.app.look.px(56)
            x, y = rect.x + sc.app.look.px(16), sc.decision_bottom + sc.app.look.px(4)
            if g.hand_tile >= 0:
                surface.blit(sc.app.sprites.get("tiles", sc.app.rules.tiles[g.hand_tile].id, height=t), (x, y))
                x += t + sc.app.look.px(10)
            if g.hand_viking >= 0 and not (sc.drag.viking and sc.drag.active):  # (being dragged: under the pointer)
                img = sc.app.sprites.get("vikings", sc.app.rules.vikings[g.hand_viking].id, height=t)
                self.viking_rect = surface.blit(img, (x, y))

    def _draw_special_offer(self, surface, vis, rect) -> None:
        """The face-up special tiles as a list to choose from: tile, name and effect."""
        sc = self.scene
        look, px, rules = sc.app.look, sc.app.look.px, sc.app.rules
        top = sc.decision_bottom + px(2)
        bottom = sc.button_rect("b_decline").y - px(8)
        slots = [(i, sid) for i, sid in enumerate(vis.specials_face_up) if sid >= 0]
        if not slots:
            return
        name_font, font = look.font(15, True), look.font(13)
        mouse = pygame.mouse.get_pos()
        t = px(52)
        text_w = rect.w - px(20) - px(16) - t - px(24)
        texts = {sid: wrap(font, words.special_text(rules.specials[sid]), text_w) for _, sid in slots}

        def height(sid, whole: bool) -> int:
            lines = len(texts[sid]) if whole else 0
            return max(t, name_font.get_linesize() + lines * font.get_linesize()) + px(12)

        # Every effect in full when they all fit; else the one under the mouse (or the first)
        # in full and the others by name (their tooltips say the rest): no effect cut short.
        whole = {sid: True for _, sid in slots}
        if sum(height(sid, False) for _, sid in slots) > bottom - top:
            self._special_chips(surface, slots, top, bottom, rect)
            return
        if sum(height(sid, True) for _, sid in slots) > bottom - top:
            lit = next((sid for (slot, sid) in slots if sc.hover_slot == slot), None)
            y = top
            for _, sid in slots:
                r = pygame.Rect(rect.x + px(10), y, rect.w - px(20), height(sid, False))
                lit = sid if lit is None and r.collidepoint(mouse) else lit
                y += r.h
            lit = slots[0][1] if lit is None else lit
            whole = {sid: sid == lit for _, sid in slots}
        y0 = top
        for slot, sid in slots:
            row = pygame.Rect(rect.x + px(10), y0, rect.w - px(20), height(sid, whole[sid]) - px(4))
            y0 += row.h + px(4)
            hot = row.collidepoint(mouse) or sc.hover_slot == slot
            pygame.draw.rect(surface, (250, 228, 160) if hot else (246, 240, 226), row, border_radius=px(6))
            pygame.draw.rect(surface, GOLD if hot else WOOD, row, max(1, px(1.5)), border_radius=px(6))
            k = rules.specials[sid]
            size = min(t, row.h - px(8))
            img = sc.app.sprites.get("special_tiles", k.id, height=size)
            surface.blit(img, img.get_rect(midleft=(row.x + px(8), row.centery)))
            x = row.x + px(16) + t
            key = look.text(str(slot + 1), 13, INK_SOFT, bold=True)
            surface.blit(key, (row.right - key.get_width() - px(8), row.y + px(4)))
            surface.blit(name_font.render(words.special(k), True, WOOD_DARK), (x, row.y + px(4)))
            y = row.y + px(4) + name_font.get_linesize()
            for part in texts[sid] if whole[sid] else ():
                surface.blit(font.render(part, True, INK), (x, y))
                y += font.get_linesize()
            self.special_rows.append((row, slot))

    def _special_chips(self, surface, slots, top: int, bottom: int, rect) -> None:
        """The face-up special tiles side by side, each with its key, where the panel has no
        room for a list: the tooltip of the tile (above the log) names it and its effect."""
        sc = self.scene
        look, px, rules = sc.app.look, sc.app.look.px, sc.app.rules
        mouse = pygame.mouse.get_pos()
        w = (rect.w - px(20)) // len(slots)
        size = max(px(16), min(px(52), bottom - top - px(6), w - px(12)))
        for j, (slot, sid) in enumerate(slots):
            row = pygame.Rect(rect.x + px(10) + j * w, top, w - px(6), size + px(4))
            hot = row.collidepoint(mouse) or sc.hover_slot == slot
            pygame.draw.rect(surface, (250, 228, 160) if hot else (246, 240, 226), row, border_radius=px(6))
            pygame.draw.rect(surface, GOLD if hot else WOOD, row, max(1, px(1.5)), border_radius=px(6))
            img = sc.app.sprites.get("special_tiles", rules.specials[sid].id, height=size)
            surface.blit(img, img.get_rect(midleft=(row.x + px(4), row.centery)))
            key = look.text(str(slot + 1), 13, INK_SOFT, bold=True)
            surface.blit(key, key.get_rect(midleft=(row.x + px(8) + size, row.centery)))
            self.special_rows.append((row, slot))
            sc.tips.append((row, special_tip(rules, sid)))
