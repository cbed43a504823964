"""The table kept as a layer in parts (offer, purchases, scorings) shows what a fresh
drawing shows: after the pointer moves over it (the screen mended where a tooltip or an
enlarged display was), while a group is dragged over the display, while a move flies,
after a move, a resize, a language change and a UI-scale change. Each frame's screen is
compared pixel by pixel with the same frame drawn from scratch, without the layer, and
the window's update rects must hold every pixel that changed; the layer is really kept
(not redrawn while only effects move), a hover redraws only the part it lights, and a
part whose key misses what it shows fails the comparison."""

from __future__ import annotations

import time

import pygame
import pytest
from ui_helpers import make_app  # noqa: F401  (sets the dummy drivers first)

from tools.pictures.director import Director, StepClock
from vikings.engine.actions import Buy
from vikings.text import lang  # noqa: E402
from vikings.ui.drawing.theme import PARCHMENT

PERSON = (
    ("Ann", "person", "purple"),
    ("Bjorn", "normal", "orange"),
    ("Sigrid", "normal", "teal"),
    ("Leif", "normal", "pink"),
)


def fresh(app) -> bytes:
    """The frame on screen drawn anew: the table, what moves over it, the widgets."""
    sc = app.scenes.base
    ref = pygame.Surface(app.screen.get_size()).convert()
    ref.fill(PARCHMENT)
    sc.draw_table(ref)
    sc.draw_moving(ref)
    app.ui.draw_ui(ref)
    app.scenes.draw_over(ref)  # (the tooltip, above the widgets)
    return pygame.image.tobytes(ref, "RGB")


def shown(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def step(d: Director) -> None:
    """One App.frame(); the window is updated only by the rects the scene said changed
    (`screen_rects`, when not None): every pixel that changed must lie in them."""
    app = d.app
    before = app.screen.copy()
    app.frame()
    rects = getattr(app.scenes.base, "screen_rects", None)
    if rects is not None:
        window = before  # (what a window updated by those rects shows)
        for r in rects:
            window.blit(app.screen, r, r)
        assert shown(app) == pygame.image.tobytes(window, "RGB"), "a change outside the rects updated"


def where(a: bytes, b: bytes, width: int) -> str:
    """The bounding box of the pixels that differ."""
    idx = [i // 3 for i in range(0, len(a), 3) if a[i : i + 3] != b[i : i + 3]]
    xs, ys = [i % width for i in idx], [i // width for i in idx]
    return f"{len(idx)} pixels in x {min(xs)}-{max(xs)}, y {min(ys)}-{max(ys)}"


def frame(d: Director, label: str, checked: list) -> None:
    """One frame; if it was drawn from the layer, the same as a fresh drawing. (Not the
    frames while a Tween turns the wheel: the wheel is redrawn at every one of them, and
    the Tween moves on while the frame is drawn, so a second drawing differs. The hover is
    read anew at the end of each drawing, as it always was: when the table moved under a
    still pointer, the frame after shows it.)"""
    tween = d.app.scenes.base.fx.tweening()
    step(d)
    sc = d.app.scenes.base
    if tween or sc.fx.tweening():
        return
    for _ in range(len(sc.table_parts())):  # (parts left for the next frames: FRAME_PIXELS)
        if sc.layer.key is None or sc.layer_current():
            break
        d.app.invalidate(layer=False)
        step(d)
        if sc.fx.tweening():  # (a turn began in the meantime)
            return
    if sc.layer.key is not None:
        a, b = shown(d.app), fresh(d.app)
        assert a == b, (
            f"stale picture: {label}: {where(a, b, d.app.screen.get_width())} (parts drawn: {sc.layer.drawn})"
        )
        checked.append(label)


def hover(d: Director, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


def still_table(tmp_path, seed: int) -> Director:
    """A person against a bot at 1280x720, its match made (the ring on a thinking bot's card
    kept still: it follows the clock, so a second drawing a moment later may differ;
    tests/ui/test_think_ring.py checks it)."""
    d = Director((1280, 720), tmp_path, seats=PERSON, seed=seed, animation="normal", bot_pace="instant")
    d.new_match(start_player=0)
    d.match.thought = lambda: None
    return d


def test_the_kept_table_matches_a_fresh_drawing_after_every_change(tmp_path):
    d = still_table(tmp_path, 3)
    app = d.app
    d.enter()
    d.settle()
    sc = d.scene
    assert sc.caches_layer and sc.paints_all
    checked: list = []
    frame(d, "settled", checked)

    # The pointer over the wheel, an opponent's card (her display enlarged), then away:
    # the screen is mended where the zoom and the tooltip were.
    space = next(a.space for a in d.match.game.legal_actions() if isinstance(a, Buy))
    for pos in (sc.wheel_geo.tile_rect(space).center, sc.layout.cards[1].center, (5, app.screen.get_height() - 5)):
        hover(d, pos)
        frame(d, f"hover {pos}", checked)
        frame(d, f"after hover {pos}", checked)
    # A hover redraws the part it lights, not the table: over a group the wheel (and the
    # display, where the group would fit), over an opponent's card nothing (her display
    # is drawn enlarged over the layer).
    hover(d, sc.wheel_geo.tile_rect(space).center)
    frame(d, "hover a group again", checked)
    assert set(sc.layer.drawn) <= {"wheel", "board"} and "wheel" in sc.layer.drawn, sc.layer.drawn
    hover(d, sc.layout.cards[2].center)
    frame(d, "hover a card", checked)
    assert set(sc.layer.drawn) <= {"wheel", "board"}, sc.layer.drawn
    # A group dragged over the display, cell by cell (the lit cells, the preview, the
    # panel's warning of a threat), then let go off the display: it flies back.
    src = sc.wheel_geo.tile_rect(space).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1))
    for r, c in ((3, 5), (3, 4), (2, 2), (1, 1), (4, 1), (5, 1), (0, 2)):
        pos = sc.board_geo.cell_rect(r, c).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frame(d, f"drag over {(r, c)}", checked)
    assert sc.drag.active
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, app.screen.get_height() - 5), button=1))
    for _ in range(60):
        frame(d, "dropped off the display", checked)
        if not sc.fx.active:
            break
    assert not sc.drag.active and not sc.fx.active
    hover(d, (5, app.screen.get_height() - 5))  # (the pointer seen where it let go)
    frame(d, "after the drop", checked)
    redraws = sc.layer.redraws
    for i in range(5):  # the pointer moving within the same piece: the layer is kept
        hover(d, (6 + i, app.screen.get_height() - 5))
        frame(d, "still", checked)
    assert sc.layer.redraws == redraws, "the layer was redrawn though nothing under it changed"

    # A move: the bought group flies to the display (the layer kept while it flies, every
    # frame mended where the flying tile was), then the bots' moves until Ann's next turn.
    sc.act(Buy(space))
    kept = 0
    end = time.monotonic() + 20
    while (sc.busy() or d.match.bots_turn()) and time.monotonic() < end and app.scenes.base is sc:
        before = sc.layer.redraws
        frame(d, "move", checked)
        kept += sc.layer.redraws == before
        if d.match.thinking():
            time.sleep(0.002)
    assert kept > 5, "no frame of the move reused the layer"

    sc = d.scene
    redraws = sc.layer.redraws
    app.resize((1600, 900))
    frame(d, "resize", checked)
    assert sc.layer.surface.get_size() == (1600, 900) and sc.layer.redraws > redraws

    english = shown(app)
    # (the pseudo-language: every word differs from English whatever catalogues the tests
    # before this one in the same process loaded; German from a test's damaged data folder
    # could read as English)
    app.apply_language(lang.PSEUDO)
    frame(d, "another language", checked)
    pseudo = shown(app)
    assert pseudo != english
    app.apply_language("en")
    frame(d, "English again", checked)  # (as a fresh drawing of it; in the full suite a pixel
    assert shown(app) != pseudo  # of the top bar could differ from the first English frame)

    app.settings.ui_scale = 150
    app.apply_display_settings(reopen=False)
    frame(d, "UI scale 150 %", checked)
    assert shown(app) != english

    d.match.close()
    app.shutdown()
    assert len(checked) >= 16  # (the hovers, the frames of the move that kept the layer, the changes)


def test_a_part_kept_stale_fails_the_comparison(tmp_path):
    """The comparison catches a part whose key misses what it shows: with the log's key
    frozen, the move's line is not drawn into the kept layer, and a frame of the move
    differs from a fresh drawing."""
    d = still_table(tmp_path, 3)
    d.enter()
    d.settle()
    sc = d.scene
    checked: list = []
    frame(d, "settled", checked)
    parts = sc.table_parts
    sc.table_parts = lambda: [p._replace(key="frozen") if p.name == "log" else p for p in parts()]
    frame(d, "the log's key frozen", checked)
    sc.act(next(a for a in d.match.game.legal_actions() if isinstance(a, Buy)))
    with pytest.raises(AssertionError, match="stale picture"):
        for _ in range(300):
            frame(d, "move", checked)
    d.match.close()
    d.app.shutdown()


def test_the_table_is_drawn_before_its_first_frame(tmp_path):
    """The table's first drawing (the pieces scaled and the fonts made for the size) is
    done when the game is shown, before the offer's first frame, and again after a resize
    and a new UI scale; the first frame then matches a fresh drawing."""
    d = still_table(tmp_path, 4)
    app = d.app
    layer = app.table_layer
    pieces = len(app.sprites._cache)  # (the title's)
    assert layer.redraws == 0
    d.enter()
    sc = d.scene
    assert type(sc).__name__ == "OfferScene" and layer.redraws == 1 and len(app.sprites._cache) > pieces + 20
    assert layer.warmed is not None and layer.warmed[:2] == ((1280, 720), app.look.text_scale)
    assert sc.wheel_geo is not None  # (the offer's flights can start at its first update)
    checked: list = []
    frame(d, "first frame", checked)
    assert checked == ["first frame"]
    app.resize((1600, 900))
    assert layer.warmed[0] == (1600, 900) and layer.surface.get_size() == (1600, 900)
    frame(d, "after the resize", checked)
    app.settings.ui_scale = 150
    app.apply_display_settings(reopen=False)
    assert layer.warmed[1] == app.look.text_scale
    frame(d, "UI scale 150 %", checked)
    d.match.close()
    app.shutdown()


def test_the_kept_scoring_table_matches_a_fresh_drawing(tmp_path):
    """The scorings keep the table as a layer between the beats that count (the figures
    rising and the coins flying drawn over it): every such frame equals a fresh drawing,
    through a small scoring, after a resize, a language and a UI-scale change."""
    from tools.pictures.director import scoring_of

    d = still_table(tmp_path, 5)
    app = d.app
    d.enter()
    d.settle()
    d.fast_forward(after=lambda ev: any(map(scoring_of("small"), ev)), keep_from=scoring_of("small"))
    sc = d.scene
    assert type(sc).__name__ == "ScoringScene" and sc.caches_layer
    checked: list = []
    kept = over = 0
    end = time.monotonic() + 30
    while d.match.pending and d.scene is sc and time.monotonic() < end:
        before = sc.layer.redraws
        frame(d, "scoring", checked)
        kept += sc.layer.key is not None and sc.layer.redraws == before
        over += sc.layer.key is not None and bool(sc.floaters)
        if len(checked) == 40:  # mid-scoring: a resize, a language and a UI scale
            app.resize((1600, 900))
            frame(d, "resize", checked)
            assert sc.layer.surface.get_size() == (1600, 900)
            app.apply_language(lang.PSEUDO)
            frame(d, "another language", checked)
            app.apply_language("en")
            app.settings.ui_scale = 150
            app.apply_display_settings(reopen=False)
            frame(d, "UI scale 150 %", checked)
    assert kept > 20, "no frame of the scoring reused the layer"
    assert over > 5, "no frame checked the rising figures and coins drawn over the layer"
    assert len(checked) > 60
    d.match.close()
    app.shutdown()


def test_the_kept_boatswain_table_matches_a_fresh_drawing(tmp_path, rules):
    """The boatswains' choices keep the table as a layer too (a frame there drew the whole
    table anew: 21 ms at 3840x2160): every frame of a choice, of the lit cells gone over by
    the keys and the pointer and of the Viking moving equals a fresh drawing, and frames in
    which nothing changes draw nothing of the layer."""
    from types import SimpleNamespace

    from test_table_lang import SEATS, boatswain_game
    from test_ui_table import fast_settings

    from vikings.engine.actions import MoveViking, UseBoatswain
    from vikings.engine.state import BOATSWAIN_MOVE
    from vikings.saves.folders import Storage
    from vikings.ui import flow
    from vikings.ui.app import App
    from vikings.ui.scenes.boatswain import BoatswainScene
    from vikings.ui.table.match import Match

    game = boatswain_game(rules)  # Ann's boatswains first
    app = App(
        storage=Storage(tmp_path), settings=fast_settings(animation="normal"), size=(1280, 720), title_scene=False
    )
    app.fps = 0
    d = SimpleNamespace(app=app)
    checked: list = []
    try:
        flow.enter_game(app, Match(SEATS[:2], game, autosave=False))
        for _ in range(4):
            frame(d, "the choices", checked)
        sc = app.scenes.base
        assert isinstance(sc, BoatswainScene) and sc.caches_layer and sc.option_buttons
        redraws = sc.layer.redraws
        for _ in range(3):
            frame(d, "still", checked)
        assert sc.layer.redraws == redraws, "the layer was redrawn though nothing changed"
        i = [a for _, a in sc.option_buttons].index(UseBoatswain("each"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + i, mod=0, unicode=str(i + 1)))
        for _ in range(3):
            frame(d, "a boatswain chosen", checked)
        assert game.phase == BOATSWAIN_MOVE
        for key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_LEFT):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            frame(d, f"key {key}", checked)
        for _ in range(90):  # (a click while something moves would only skip it)
            if not sc.busy():
                break
            frame(d, "settling", checked)
        cells = sorted((a.row, a.col) for a in game.legal_actions() if isinstance(a, MoveViking))
        hover(d, sc.board_geo.cell_rect(*cells[-1]).center)
        frame(d, "a lit cell pointed at", checked)
        frame(d, "after", checked)
        click = sc.board_geo.cell_rect(*cells[-1]).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=click))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=click))
        for _ in range(90):
            frame(d, "the Viking moves", checked)
            if not sc.busy() or app.scenes.base is not sc:
                break
        assert game.displays[0].occupied(*cells[-1])
        assert len(checked) >= 12, checked
    finally:
        app.shutdown()


def test_the_next_scene_keeps_the_parts_it_shares(tmp_path):
    """When the offer gives way to the purchases, the purchasing scene keeps the parts of
    the layer whose keys it shares (a card, the log: a full drawing of the table at
    3840x2160 cost 47 ms in that frame) with the places their drawing made: its first frame
    equals a fresh drawing, and an opponent's card pointed at is enlarged from the kept
    card's display."""
    d = still_table(tmp_path, 3)
    app = d.app
    d.enter()
    checked: list = []
    offer = d.scene
    assert type(offer).__name__ == "OfferScene"
    for _ in range(2000):
        before = offer.layer.part_draws.copy()
        frame(d, "offer", checked)  # (and the frames after it until no part waits)
        if d.scene is not offer:
            break
    sc = d.scene
    assert type(sc).__name__ == "PurchaseScene"
    drawn = set(sc.layer.part_draws - before)  # (the parts drawn since the offer's last frame)
    assert {"wheel", "board", "decision"} <= drawn  # (each scene draws them its own way)
    kept = {p.name for p in sc.table_parts()} - drawn
    assert kept & {"card1", "card2", "card3", "log"}, f"the purchases drew the whole table again: {drawn}"
    assert checked[-1] == "offer"  # (the purchases' first frame, compared with a fresh drawing)
    card = next(p for p in (1, 2, 3) if f"card{p}" in kept)
    hover(d, sc.layout.cards[card].center)
    frame(d, "an opponent's display enlarged", checked)
    assert sc.zoom is not None and sc.hover_card == card
    d.match.close()
    app.shutdown()


def test_a_large_change_is_drawn_over_frames_and_ends_whole(tmp_path, monkeypatch):
    """A change larger than FRAME_PIXELS (a move's landing at 3840x2160) is drawn over
    frames, a group of overlapping parts at a time: here, with the limit at one pixel,
    every frame draws one group; the scene stays busy (the loop draws the next frame at
    once) while parts wait; every changed pixel is inside the frame's update rects, and
    once none waits the screen equals a fresh drawing."""
    from vikings.ui.drawing import layer as kept

    d = still_table(tmp_path, 3)
    app = d.app
    d.enter()
    d.settle()
    sc = d.scene
    checked: list = []
    frame(d, "settled", checked)
    monkeypatch.setattr(kept, "FRAME_PIXELS", 1)
    sc.act(next(a for a in d.match.game.legal_actions() if isinstance(a, Buy)))
    spread = 0
    end = time.monotonic() + 20
    while (sc.busy() or d.match.bots_turn()) and time.monotonic() < end and app.scenes.base is sc:
        before = sc.layer.redraws
        step(d)  # (every changed pixel inside the update rects)
        if sc.layer.redraws != before and sc.layer.pending:
            spread += 1
            assert sc.busy()
            drawn = [p for p in sc.table_parts() if p.name in sc.layer.drawn]
            waiting = [p for p in sc.table_parts() if p.name in sc.layer.pending]
            assert not any(a.bounds.colliderect(b.bounds) for a in drawn for b in waiting)
        if d.match.thinking():
            time.sleep(0.002)
    assert spread > 3, "no change was spread over frames"
    frame(d, "after the moves", checked)
    assert not sc.layer.pending and checked[-1] == "after the moves"
    d.match.close()
    app.shutdown()


def test_parts_left_waiting_go_first(monkeypatch):
    """Overlapping parts are drawn in the same frame; a part left waiting is drawn in the
    next frame before the others, even those stale again at every frame (a dragged tile's
    display would otherwise keep the log waiting for ever)."""
    from vikings.ui.drawing import layer as kept

    monkeypatch.setattr(kept, "FRAME_PIXELS", 1)
    a = kept.Part("a", pygame.Rect(0, 0, 10, 10), 1, lambda s: None)
    over_a = kept.Part("over_a", pygame.Rect(5, 5, 10, 10), 1, lambda s: None)
    b = kept.Part("b", pygame.Rect(30, 0, 10, 10), 1, lambda s: None)
    c = kept.Part("c", pygame.Rect(60, 0, 10, 10), 1, lambda s: None)
    assert kept.TableLayer._this_frame([a, over_a, b, c], []) == ([a, over_a], [b, c])
    assert kept.TableLayer._this_frame([a, over_a, b, c], ["c"]) == ([c], [a, over_a, b])
    assert kept.TableLayer._this_frame([a, b], ["b"]) == ([b], [a])
    monkeypatch.setattr(kept, "FRAME_PIXELS", 10**9)
    assert kept.TableLayer._this_frame([a, over_a, b, c], ["c"]) == ([a, over_a, b, c], [])


def test_a_frame_takes_no_group_that_would_pass_the_limit(monkeypatch):
    """A group joins the frame only if the frame stays within FRAME_PIXELS (the board
    and the panel at 3840x2160, 3.3 million pixels together, in one frame took 28 ms);
    a smaller one further on still fits. The first group is always drawn."""
    from vikings.ui.drawing import layer as kept

    monkeypatch.setattr(kept, "FRAME_PIXELS", 250)
    big = kept.Part("big", pygame.Rect(0, 0, 20, 10), 1, lambda s: None)  # 200 pixels
    mid = kept.Part("mid", pygame.Rect(30, 0, 10, 10), 1, lambda s: None)  # 100
    small = kept.Part("small", pygame.Rect(60, 0, 5, 10), 1, lambda s: None)  # 50
    huge = kept.Part("huge", pygame.Rect(0, 30, 30, 10), 1, lambda s: None)  # 300
    assert kept.TableLayer._this_frame([big, mid, small], []) == ([big, small], [mid])
    assert kept.TableLayer._this_frame([big, mid, small], ["mid"]) == ([mid, small], [big])
    assert kept.TableLayer._this_frame([huge, small], []) == ([huge], [small])


def test_a_window_alone_is_redrawn_when_only_its_key_changes():
    """A part's window (the wheel's disc while it turns) is redrawn alone, clipped, when
    only its key changed, with the pixels the whole part would have; a part overlapping
    it is redrawn with it, and the window's part whole (their fills would wipe each
    other's pixels); a change of the part's own key redraws the part whole."""
    from vikings.ui.drawing.layer import Part, TableLayer

    look = {"outer": (200, 0, 0), "inner": (0, 0, 200)}
    inner = pygame.Rect(20, 20, 20, 20)

    def paint(s):
        s.fill(look["outer"], (0, 0, 60, 60))
        s.fill(look["inner"], inner)

    def table(over: bool = False) -> list:
        parts = [
            Part("p", pygame.Rect(0, 0, 60, 60), look["outer"], paint, windows=((inner, look["inner"]),)),
            Part("q", pygame.Rect(70, 0, 30, 60), 1, lambda s: s.fill((0, 200, 0), (70, 0, 30, 60))),
        ]
        if over:  # (a part over the window, beside p: drawn after it)
            parts.append(Part("r", pygame.Rect(35, 35, 10, 10), 1, lambda s: s.fill((9, 9, 9), (35, 35, 10, 10))))
        return parts

    layer, screen, base = TableLayer(), pygame.Surface((100, 60)), ("base",)
    layer.show(screen, base, table(), 0, True)
    assert layer.current(base, table())
    look["inner"] = (0, 200, 200)
    assert not layer.current(base, table())
    assert layer.show(screen, base, table(), 1, True) == [inner]
    assert layer.drawn == ["p@0"] and layer.current(base, table())
    assert screen.get_at((25, 25))[:3] == (0, 200, 200) and screen.get_at((5, 5))[:3] == (200, 0, 0)
    assert layer.show(screen, base, table(), 2, True) == [] and layer.drawn == []
    look["outer"] = (150, 0, 0)
    layer.show(screen, base, table(), 3, True)
    assert layer.drawn == ["p"] and screen.get_at((5, 5))[:3] == (150, 0, 0)
    layer.show(screen, base, table(over=True), 4, True)  # (a new plan: drawn whole)
    look["inner"] = (0, 0, 90)
    layer.show(screen, base, table(over=True), 5, True)
    assert layer.drawn == ["p", "r"]  # (r's fill wipes p beyond the window too: p is drawn whole)
    assert screen.get_at((37, 37))[:3] == (9, 9, 9) and screen.get_at((25, 25))[:3] == (0, 0, 90)


def test_parts_tagged_together_are_drawn_in_the_same_frame(monkeypatch):
    """The top bar and the decision panel both say whose turn it is: stale together, they
    go in one frame, even past FRAME_PIXELS and behind a part left waiting (at 3840x2160
    each is larger than half the limit, and the panel lagged the top bar by frames)."""
    from vikings.ui.drawing import layer as kept

    monkeypatch.setattr(kept, "FRAME_PIXELS", 150)
    top = kept.Part("top", pygame.Rect(0, 0, 10, 10), 1, lambda s: None, "turn")  # 100 pixels
    wheel = kept.Part("wheel", pygame.Rect(30, 0, 10, 10), 1, lambda s: None)
    panel = kept.Part("panel", pygame.Rect(60, 0, 10, 10), 1, lambda s: None, "turn")
    assert kept.TableLayer._this_frame([top, wheel, panel], []) == ([top, panel], [wheel])
    assert kept.TableLayer._this_frame([top, wheel, panel], ["wheel"]) == ([wheel], [top, panel])
    assert kept.TableLayer._this_frame([top, wheel, panel], ["panel"]) == ([top, panel], [wheel])
    assert kept.TableLayer._this_frame([wheel, panel], []) == ([wheel], [panel])


def test_the_top_bar_the_panel_and_the_marked_card_name_the_same_player(tmp_path, monkeypatch):
    """At 3840x2160 every part is larger than half of FRAME_PIXELS, and a move's landing
    is drawn over frames (here 1280x720 with a limit of 60 000 pixels, the same case at a
    sixth of the cost): after every frame of the bots' offer and purchases, the top bar,
    the decision panel and the one card marked as at turn, as drawn on the layer, were
    drawn for the same player."""
    from vikings.ui.drawing import layer as kept

    monkeypatch.setattr(kept, "FRAME_PIXELS", 60_000)
    bots = tuple((name, "random", colour) for name, _, colour in PERSON)
    d = Director((1280, 720), tmp_path, seats=bots, seed=5, animation="fast", bot_pace="instant", clock=StepClock())
    d.new_match(start_player=0)
    d.enter()
    app = d.app
    said: dict = {}  # part -> the player at turn when it was last drawn
    marked: dict = {}  # player -> her card was last drawn marked as at turn
    changes = alone = 0
    turn = None
    end = time.monotonic() + 30
    while time.monotonic() < end and changes < 12:
        app.frame()
        sc = d.scene
        if not sc.caches_layer:
            continue
        for name in ("top", "decision"):
            if name in sc.layer.drawn:
                said[name] = sc.turn_player()
        for p in range(len(PERSON)):
            if f"card{p}" in sc.layer.drawn:
                marked[p] = p == sc.turn_player()
        if len(said) < 2 or len(marked) < len(PERSON):  # (the table as warmed before its first frame)
            continue
        assert said["top"] == said["decision"], f"{sc.layer.drawn} drawn, {sc.layer.pending} waiting"
        at_turn = [said["top"]] if said["top"] >= 0 else []  # (none between rounds)
        assert [p for p, on in marked.items() if on] == at_turn, f"{sc.layer.drawn} drawn, {marked}"
        changes += sc.turn_player() != turn
        turn = sc.turn_player()
        alone += bool(sc.layer.pending)
        if d.match.thinking():
            time.sleep(0.002)
    assert changes >= 12 and alone > 20, "the turn seldom changed, or no part waited: the case was not met"
    d.match.close()
    app.shutdown()


def test_the_purchases_buttons_are_drawn_when_the_table_is_warmed(tmp_path):
    """The purchasing scene's buttons' rounded backgrounds are drawn when the game is shown
    (the table warmed), so the scene that follows the offer finds them all kept: none is
    drawn in the frame the offer gives way (150-170 ms at 3840x2160 before). At 2560x1440
    the panel's wide buttons are large enough to be kept by drawing/widget_shapes.py."""
    from vikings.ui.drawing import widget_shapes

    d = Director((2560, 1440), tmp_path, seats=PERSON, seed=3, animation="instant", bot_pace="instant")
    d.new_match(start_player=0)
    d.match.thought = lambda: None
    d.enter()
    assert type(d.scene).__name__ == "OfferScene"
    misses = widget_shapes.CACHE.misses
    d.until(lambda: type(d.scene).__name__ == "PurchaseScene", "the purchases")
    sc = d.scene
    wide = sc.button_rect("b_start")
    assert wide.w * wide.h >= widget_shapes.LARGE
    assert widget_shapes.CACHE.misses == misses, "a button's background was drawn when the purchases came"
    # No button of the panel is made before it is shown (Ann has chosen no group yet) ...
    assert [n for n in sc.BUTTONS if getattr(sc, n) is not None] == []
    # ... and the two she then needs come with their backgrounds kept.
    space = next(a.space for a in d.match.game.legal_actions() if isinstance(a, Buy))
    sc.select(space)
    d.frames()
    assert sc.b_buy.visible and sc.b_cancel.visible and sc.b_buy.rect == sc.button_rect("b_buy")
    assert [n for n in sc.BUTTONS if getattr(sc, n) is not None] == ["b_buy", "b_cancel"]
    assert widget_shapes.CACHE.misses == misses, "a button's background was drawn when Buy was shown"
    d.match.close()
    d.app.shutdown()
