"""The review screen's words: the decision at the shown moment, and each person's
costliest decisions (clickable: each jumps to its moment). Built from the review and the
replay, drawn as wrapped lines in the side panel."""
from __future__ import annotations

from typing import NamedTuple

import pygame

from ...review import describe_action
from ..table import wrap
from ..theme import BAD, GOOD, INK, INK_SOFT, WOOD_DARK

PHASE_WORDS = {"purchase": "buys a group", "place": "places a tile", "viking": "places a Viking",
               "boatswain": "uses boatswains", "boatswain_move": "moves a Viking", "bid": "bids in the auction",
               "remove": "removes a Viking", "colour": "chooses a colour", "special": "takes a special tile",
               "replace": "places a building", "over": ""}


class Line(NamedTuple):
    text: str
    size: float = 14
    colour: tuple = INK
    bold: bool = False
    moment: int | None = None  # a click on the line shows this moment
    indent: int = 0            # design pixels
    one_line: bool = False     # cut with an ellipsis instead of wrapped


def short(text: str, name: str) -> str:
    """A log line without its subject ("Ann buys X" -> "buys X")."""
    return text[len(name) + 1:] if text.startswith(name + " ") else text


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def _level(scene) -> str:
    return f"{scene.level.capitalize()} bot"


def decision_lines(scene) -> list[Line]:
    g, n, i, names = scene.state, len(scene.actions), scene.index, scene.names
    review = scene.review
    out = []
    if i >= n:
        out.append(Line("The end of the game" if g.is_over else "Where the game stopped", 20, WOOD_DARK, True))
        if g.is_over and g.ranks:
            order = sorted(range(g.n), key=lambda p: (g.ranks[p], p))
            out.append(Line("   ·   ".join(f"{names[p]} {g.displays[p].fame} Fame" for p in order), 15))
        out.append(Line("Step back with the Left key (or click the chart) to see how the game went.", 14, INK_SOFT))
    else:
        p = g.to_move
        seat = scene.seats[p]
        who = names[p] + ("" if seat.is_person else f" ({seat.kind} bot)")
        out.append(Line(f"Decision {i + 1} of {n}", 20, WOOD_DARK, True))
        out.append(Line(f"Round {g.round + 1}   ·   {who} {PHASE_WORDS.get(g.phase, g.phase)}", 14, INK_SOFT))
        out.append(Line(describe_action(g, scene.action, names), 15, INK, True))
        out += _judgement(scene)
    if review is not None:
        now = review.chances[i]
        out.append(Line("Chance to win here: " + "   ".join(f"{names[p]} {percent(now[p])}"
                                                           for p in range(len(names))), 14, INK))
    return out


def _judgement(scene) -> list[Line]:
    d = scene.decision
    g, names = scene.state, scene.names
    if scene.review is None:
        return [Line("What the bot would have played shows when the review is done.", 14, INK_SOFT)]
    if not d.person:
        return [Line("A bot's decision: only persons' decisions are judged.", 14, INK_SOFT)]
    if d.options < 2:
        return [Line("Nothing to decide: it was the only legal move.", 14, INK_SOFT)]
    bot = d.bot_action
    if not d.judged:
        return [Line(f"{_level(scene)}: {short(describe_action(g, bot, names), names[d.player])}", 14),
                Line("Auction decisions are not judged: what a bid or a colour brings shows only in the "
                     "purchases after it.", 13, INK_SOFT)]
    if not d.differs:
        return [Line(f"The {_level(scene)} would have played the same.", 14, GOOD, True),
                Line(f"Expected final Fame afterwards: {d.fame:.1f}", 14)]
    cost = d.cost
    verdict = (f"costs {cost:.1f} expected Fame" if cost > 0.05 else
               f"{-cost:.1f} expected Fame better by this measure" if cost < -0.05 else "about as good")
    return [Line(f"{_level(scene)}: {short(describe_action(g, bot, names), names[d.player])}", 14),
            Line(f"Expected final Fame: {d.fame:.1f} after this move, {d.bot_fame:.1f} after the bot's: "
                 f"this move {verdict}.", 14, BAD if cost > 0.05 else INK, cost > 0.05),
            Line(f"Chance to win after the turn: {percent(d.chance)} (with the bot's move {percent(d.bot_chance)})",
                 13, INK_SOFT),
            Line("On the table the move played has a gold frame, the bot's a pale one.", 13, INK_SOFT)]


def costly_lines(scene) -> list[Line]:
    names, review = scene.names, scene.review
    out = [Line("Costliest decisions", 17, WOOD_DARK, True),
           Line(f"Expected Fame each move gave up against the {_level(scene)}'s. Click one to see it.", 13, INK_SOFT)]
    if not scene.persons:
        return out + [Line("Every seat was played by a bot: no decision is judged.", 14)]
    if review is None:
        return out + [Line("They appear when the review is done.", 14, INK_SOFT)]
    compact = len(scene.persons) > 2
    for p in scene.persons:
        judged = review.judged(p)
        out.append(Line(f"{names[p]}  ({len(judged)} decisions judged)", 15, WOOD_DARK, True))
        worst = review.costliest(p)
        if not judged:
            out.append(Line("No decision of hers to judge yet.", 14, INK_SOFT, indent=12))
        elif not worst:
            out.append(Line("None cost anything by this measure.", 14, INK_SOFT, indent=12))
        for k, d in enumerate(worst, 1):
            g = scene.states[d.index]
            played = short(describe_action(g, d.action, names), names[p])
            bot = short(describe_action(g, d.bot_action, names), names[p])
            head = f"{k}. Round {d.round + 1}, decision {d.index + 1}: −{d.cost:.1f} Fame"
            if compact:
                out.append(Line(f"{head}  ·  {played}", 13, BAD, False, d.index, 12, True))
                continue
            out.append(Line(head, 14, BAD, True, d.index, 12))
            out.append(Line(f"Played: {played}", 13, INK, False, d.index, 28, True))
            out.append(Line(f"Bot: {bot}", 13, INK_SOFT, False, d.index, 28, True))
    return out


def draw_lines(surface, look, rect: pygame.Rect, y: int, lines, spots=None, current=None) -> int:
    """Draw `lines` from `y` down inside `rect` (what does not fit is left out). A line with
    a moment adds (its rect, moment) to `spots`; the moment `current` is shaded."""
    px = look.px
    for line in lines:
        font = look.font(line.size, line.bold)
        x = rect.x + px(line.indent)
        width = rect.right - x
        if line.one_line:  # the first line's worth, with an ellipsis if there was more
            parts = wrap(font, line.text, width - font.size("…")[0])
            parts = parts[:1] if len(parts) < 2 else [parts[0] + "…"]
        else:
            parts = wrap(font, line.text, width)
        h = font.get_linesize() * len(parts)
        if y + h > rect.bottom:
            break
        box = pygame.Rect(rect.x, y, rect.w, h)
        if line.moment is not None:
            if line.moment == current:
                pygame.draw.rect(surface, (250, 232, 180), box.inflate(px(8), 0), border_radius=px(4))
            if spots is not None:
                spots.append((box, line.moment))
        for part in parts:
            surface.blit(font.render(part, True, line.colour), (x, y))
            y += font.get_linesize()
        y += px(3)
    return y


__all__ = ["Line", "decision_lines", "costly_lines", "draw_lines"]
