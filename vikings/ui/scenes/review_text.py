"""The review screen's words: the decision at the shown moment, and each person's
costliest decisions (clickable: each jumps to its moment). Built from the review and the
replay, drawn as wrapped lines in the side panel."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from vikings.advice.hints import explain_option
from vikings.advice.review import describe_action
from vikings.text import words
from vikings.text.lang import number, percent, t
from vikings.ui.drawing.panels import wrap
from vikings.ui.drawing.theme import BAD, GOOD, INK, INK_SOFT, WOOD_DARK

PHASES = (
    "purchase",
    "place",
    "viking",
    "boatswain",
    "boatswain_move",
    "bid",
    "remove",
    "colour",
    "special",
    "replace",
)  # what the player to move does (review.phase.<phase>)


class Line(NamedTuple):
    text: str
    size: float = 14
    colour: tuple = INK
    bold: bool = False
    moment: int | None = None  # a click on the line shows this moment
    indent: int = 0  # design pixels
    one_line: bool = False  # cut with an ellipsis instead of wrapped


def short(text: str, name: str) -> str:
    """A log line without its subject ("Ann buys X" -> "buys X")."""
    return text[len(name) + 1 :] if text.startswith(name + " ") else text


def fame1(x: float) -> str:
    """Expected Fame with one decimal ("12.3", "12,3")."""
    return number(x, 1)


def _level(scene) -> str:
    """ "Normal bot" / "Bot (Normal)": the bot the review asked."""
    return t(f"review.level.{scene.level}")


def _doing(scene, who: str, phase: str) -> str:
    """ "Ann buys a group" for the player to move in `phase`."""
    return t(f"review.phase.{phase}", name=who) if phase in PHASES else who


def decision_lines(scene) -> list[Line]:
    g, n, i, names = scene.state, len(scene.actions), scene.index, scene.names
    review = scene.review
    out = []
    if i >= n:
        out.append(Line(t("review.end" if g.is_over else "review.stopped"), 20, WOOD_DARK, True))
        if g.is_over and g.ranks:
            order = sorted(range(g.n), key=lambda p: (g.ranks[p], p))
            out.append(
                Line(
                    "   ·   ".join(
                        t("review.fame_of", name=names[p], fame=words.fame(g.displays[p].fame)) for p in order
                    ),
                    15,
                )
            )
        out.append(Line(t("review.step_back"), 14, INK_SOFT))
    else:
        p = g.to_move
        seat = scene.seats[p]
        who = names[p] if seat.is_person else t("review.bot_seat", name=names[p], bot=t(f"results.seat.{seat.kind}"))
        out.append(Line(t("review.decision_of", n=i + 1, total=n), 20, WOOD_DARK, True))
        out.append(
            Line(
                t("review.round_doing", round=t("game.round", n=g.round + 1), doing=_doing(scene, who, g.phase)),
                14,
                INK_SOFT,
            )
        )
        out.append(Line(describe_action(g, scene.action, names), 15, INK, True))
        out += _judgement(scene)
    if review is not None:
        now = review.chances[i]
        out.append(
            Line(
                t(
                    "review.chance_here",
                    list="   ".join(
                        t("review.name_value", name=names[p], value=percent(now[p])) for p in range(len(names))
                    ),
                ),
                14,
                INK,
            )
        )
    return out


def _judgement(scene) -> list[Line]:
    d = scene.decision
    g, names = scene.state, scene.names
    if scene.review is None:
        return [Line(t("review.judge.waiting"), 14, INK_SOFT)]
    if not d.person:
        return [Line(t("review.judge.bot"), 14, INK_SOFT)]
    if d.options < 2:
        return [Line(t("review.judge.only_move"), 14, INK_SOFT)]
    bot = d.bot_action
    said = t("review.bot_says", bot=_level(scene), move=short(describe_action(g, bot, names), names[d.player]))
    if not d.judged:
        return [Line(said, 14), Line(t("review.judge.auction"), 13, INK_SOFT)]
    if not d.differs:
        return [
            Line(t("review.judge.same", bot=_level(scene)), 14, GOOD, True),
            Line(t("review.judge.expected", fame=fame1(d.fame)), 14),
        ]
    cost = d.cost
    verdict = (
        t("review.judge.costs", fame=fame1(cost))
        if cost > 0.05
        else t("review.judge.better", fame=fame1(-cost))
        if cost < -0.05
        else t("review.judge.as_good")
    )
    return [
        Line(said, 14),
        Line(
            t("review.judge.compare", fame=fame1(d.fame), bot_fame=fame1(d.bot_fame), verdict=verdict),
            14,
            BAD if cost > 0.05 else INK,
            cost > 0.05,
        ),
        Line(t("review.judge.chance", chance=percent(d.chance), bot_chance=percent(d.bot_chance)), 13, INK_SOFT),
        Line(t("review.judge.frames"), 13, INK_SOFT),
    ]


def costly_lines(scene) -> list[Line]:
    names, review = scene.names, scene.review
    out = [
        Line(t("review.costly.title"), 17, WOOD_DARK, True),
        Line(t("review.costly.explain", bot=_level(scene)), 13, INK_SOFT),
    ]
    if not scene.persons:
        return out + [Line(t("review.costly.all_bots"), 14)]
    if review is None:
        return out + [Line(t("review.costly.waiting"), 14, INK_SOFT)]
    compact = len(scene.persons) > 2
    for p in scene.persons:
        judged = review.judged(p)
        out.append(Line(t("review.costly.person", name=names[p], count=len(judged)), 15, WOOD_DARK, True))
        worst = review.costliest(p)
        if not judged:
            out.append(Line(t("review.costly.none_yet"), 14, INK_SOFT, indent=12))
        elif not worst:
            out.append(Line(t("review.costly.none_cost"), 14, INK_SOFT, indent=12))
        for k, d in enumerate(worst, 1):
            g = scene.states[d.index]
            played = short(describe_action(g, d.action, names), names[p])
            bot = short(describe_action(g, d.bot_action, names), names[p])
            head = t("review.costly.head", k=k, round=d.round + 1, n=d.index + 1, fame=fame1(d.cost))
            if compact:
                out.append(Line(t("review.costly.compact", head=head, move=played), 13, BAD, False, d.index, 12))
                continue
            out.append(Line(head, 14, BAD, True, d.index, 12))
            for key, move, a, colour in (("played", played, d.action, INK), ("bot", bot, d.bot_action, INK_SOFT)):
                out.append(Line(t(f"review.costly.{key}", move=move), 13, colour, False, d.index, 28))
                why = t("review.costly.why", reason=move_reason(scene, d.index, a))  # (the hints' reasons)
                out.append(Line(why, 12, INK_SOFT, False, d.index, 40))
    return out


def move_reason(scene, index: int, action) -> str:
    """What a move does, in the hints' reasons (advice's explain_option: the same facts a
    hint gives for it), worked out once per move and read in the language in use."""
    key = (index, action)
    if key not in scene.reasons:
        scene.reasons[key] = explain_option(scene.states[index], action)
    return scene.reasons[key].reason


def _laid(look, line: Line, rect: pygame.Rect):
    """(font, x, wrapped parts) of `line` in `rect`."""
    font = look.font(line.size, line.bold)
    x = rect.x + look.px(line.indent)
    width = rect.right - x
    if line.one_line:  # the first line's worth, with an ellipsis if there was more
        parts = wrap(font, line.text, width - font.size("…")[0])
        parts = parts[:1] if len(parts) < 2 else [parts[0] + "…"]
    else:
        parts = wrap(font, line.text, width)
    return font, x, parts


def line_height(look, line: Line, rect: pygame.Rect) -> int:
    """The height `line` takes in `rect` as draw_lines draws it (its gap below included)."""
    font, _, parts = _laid(look, line, rect)
    return font.get_linesize() * len(parts) + look.px(3)


def draw_lines(surface, look, rect: pygame.Rect, y: int, lines, spots=None, current=None) -> int:
    """Draw `lines` from `y` down inside `rect` (what does not fit is left out). A line with
    a moment adds (its rect, moment) to `spots`; the moment `current` is shaded."""
    px = look.px
    for line in lines:
        font, x, parts = _laid(look, line, rect)
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


__all__ = ["Line", "decision_lines", "costly_lines", "draw_lines", "line_height"]
