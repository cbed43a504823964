"""The table scenes driven like a player: clicks on the wheel and the display, keys,
the undo button, and the autosave surviving a killed process."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap

import pygame
from ui_helpers import button, click, make_app, run  # noqa: F401  (sets the dummy drivers first)

from vikings.engine.actions import Buy, FinishBoatswains, MoveViking, PlaceStart, PlaceTile, PlaceViking, UseBoatswain
from vikings.saves.settings import Settings
from vikings.ui import flow
from vikings.ui.scenes.boatswain import BoatswainScene
from vikings.ui.scenes.purchase import PurchaseScene
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.table.match import Match, load_doc_text


def fast_settings(**kw) -> Settings:
    s = Settings(animation="instant", bot_pace="instant", confirm_purchase=True)
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def click_at(app, pos, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    run(app, frames)


def key(app, k, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    run(app, frames)


def wait_for_person(app, limit: int = 4000) -> None:
    """Run frames until a person has a decision on screen (or the results show)."""
    for _ in range(limit):
        scene = app.scenes.base
        m = app.match
        if isinstance(scene, ResultsScene):
            return
        if (
            isinstance(scene, (PurchaseScene, BoatswainScene))
            and m.persons_turn()
            and not m.pending
            and not scene.fx.active
            and m.game.phase in scene.phases
        ):
            return
        run(app, 1)
    raise AssertionError(f"no person's decision came up; scene {type(app.scenes.base).__name__}")


def island_group(game):
    """(space, PlaceTile) of a group the person may buy for Gold alone, with a Viking, whose
    island tile goes straight onto a cell below the ships' row."""
    from vikings.ui.table.drag import places_after_buy

    return next(
        (a.space, plan[0])
        for a in game.legal_actions()
        if isinstance(a, Buy) and not game.fame_cost(a.space) and game.wheel_viking[a.space] >= 0
        for plan in places_after_buy(game, a.space).values()
        if len(plan) == 1 and plan[0].row > 0
    )


def lay_bought_tile(app, scene, cell) -> None:
    """After a purchase: the tile onto `cell` (and the start tile, on a first purchase),
    up to the Viking's decision."""
    g = scene.match.game
    wait_for_person(app)
    scene.act(cell)
    wait_for_person(app)
    while g.phase == "place":  # (the first purchase: the start tile too)
        scene.act(g.legal_actions()[0])
        wait_for_person(app)
    assert g.phase == "viking" and g.displays[0].tile_at(cell.row, cell.col) >= 0


def do_by_input(app, action) -> None:
    """Make `action` the way a player would: clicks on the wheel, the display or a
    button, or a key."""
    scene = app.scenes.base
    before = len(app.match.game.actions())
    if isinstance(action, Buy):
        pos = scene.wheel_geo.tile_rect(action.space).center
        click_at(app, pos)  # choose the group: legal cells light up
        assert scene.selected == action.space
        click(app, scene.b_buy)  # and confirm
    elif isinstance(action, (PlaceTile, PlaceStart)):
        col = action.col if isinstance(action, PlaceTile) else 1
        if scene._both_kinds() and scene.start_first != isinstance(action, PlaceStart):
            click(app, scene.b_start)
        click_at(app, scene.board_geo.cell_rect(action.row, col).center)
    elif isinstance(action, PlaceViking):
        key(app, pygame.K_t if action.on_tile else pygame.K_p)
    elif isinstance(action, (UseBoatswain, FinishBoatswains)):
        [b] = [b for b, a in scene.option_buttons if a == action]
        click(app, b)
    elif isinstance(action, MoveViking):
        click_at(app, scene.board_geo.cell_rect(action.row, action.col).center)
    else:
        raise AssertionError(action)
    done = app.match.game.actions()
    assert len(done) > before and done[before] == action, f"{action} was not made by the input"


def start(tmp_path, seats, seed=11, **settings):
    app = make_app(tmp_path, title_scene=False, settings=fast_settings(**settings))
    m = Match.new(seats, app.rules, seed=seed, start_player=0, storage=app.storage)
    flow.enter_game(app, m)
    return app, m


def test_a_person_plays_a_whole_game_against_a_bot_by_clicks(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")])
    rng = random.Random(5)
    made = 0
    while True:
        wait_for_person(app)
        if isinstance(app.scenes.base, ResultsScene):
            break
        do_by_input(app, rng.choice(m.game.legal_actions()))
        made += 1
    assert m.game.is_over and made > 18
    assert set(m.actors) == {0, 1}
    run(app, 3)
    assert isinstance(app.scenes.base, ResultsScene)


def test_hot_seat_two_people_take_turns(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bea", "person", "teal")], seed=4)
    rng = random.Random(9)
    turns = []
    while not m.game.is_over:
        wait_for_person(app)
        if isinstance(app.scenes.base, ResultsScene):
            break
        turns.append(m.game.to_move)
        do_by_input(app, rng.choice(m.game.legal_actions()))
    assert m.game.is_over and set(turns) == {0, 1}
    wait_for_person(app)
    assert isinstance(app.scenes.base, ResultsScene)


def test_undo_takes_back_a_persons_decisions_until_the_bot_acts(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=7)
    wait_for_person(app)
    scene = app.scenes.base
    assert not scene.buttons["undo"].is_enabled
    before = m.game.copy()
    buy = m.game.legal_actions()[0]
    do_by_input(app, buy)
    assert app.scenes.base.buttons["undo"].is_enabled
    place = m.game.legal_actions()[0]
    do_by_input(app, place)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    run(app, 2)
    assert m.game.actions() == [buy]
    click(app, app.scenes.base.buttons["undo"])
    assert m.game == before and m.game.actions() == []
    # Finish the turn; until the bot has answered, Ann may still take it back.
    app.settings.animation = "normal"  # so the bot's answer waits for the animation
    while m.game.to_move == 0:
        wait_for_person(app)
        do_by_input(app, m.game.legal_actions()[0])
    assert m.actors[-1] == 0 and m.can_undo()
    for _ in range(2000):
        run(app, 1)
        if m.actors[-1] == 1:
            break
    assert m.actors[-1] == 1 and not m.can_undo()
    run(app, 2)
    assert not app.scenes.base.buttons["undo"].is_enabled


KILLED = textwrap.dedent("""
    import os, random, signal, sys
    sys.path[:0] = [{tests!r}, {here!r}]
    from ui_helpers import make_app, run
    from test_ui_table import do_by_input, fast_settings, wait_for_person
    from vikings.ui import flow
    from vikings.ui.table.match import Match
    app = make_app({home!r}, title_scene=False, settings=fast_settings())
    m = Match.new([("Ann", "person", "purple"), ("Bot", "beginner", "orange")], app.rules, seed=21,
                  start_player=0, storage=app.storage)
    flow.enter_game(app, m)
    rng = random.Random(3)
    for _ in range(9):
        wait_for_person(app)
        do_by_input(app, rng.choice(m.game.legal_actions()))
    print(len(m.game.actions()), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_continue_resumes_after_the_process_is_killed(tmp_path):
    here = os.path.dirname(__file__)
    code = KILLED.format(tests=os.path.dirname(here), here=here, home=str(tmp_path))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    played = int(proc.stdout.split()[-1])
    app = make_app(tmp_path)  # the title screen, as after a restart
    saved = load_doc_text(app.storage.autosave_path.read_text(), app.rules)
    assert len(saved.game.actions()) == played
    click(app, button(app, "Continue"))
    wait_for_person(app)
    m = app.match
    assert m is not None and m.game == saved.game and m.persons_turn()
    do_by_input(app, m.game.legal_actions()[0])  # and play goes on
    assert len(m.game.actions()) > played


def test_people_cannot_act_during_a_bots_turn(tmp_path):
    app = make_app(tmp_path, title_scene=False, settings=fast_settings(animation="normal", bot_pace="slow"))
    m = Match.new(
        [("Ann", "person", "purple"), ("Bot", "normal", "orange")],
        app.rules,
        seed=3,
        start_player=1,
        storage=app.storage,
    )
    flow.enter_game(app, m)
    for _ in range(400):  # through the offer animation to the bot's first decision
        run(app, 1)
        if isinstance(app.scenes.base, PurchaseScene) and not m.pending:
            break
    scene = app.scenes.base
    assert m.game.to_move == 1 and m.bots_turn()
    tried = 0
    while m.game.to_move == 1:  # (clicks also hurry the bot's animations along)
        for s in m.game.groups():
            if m.game.to_move != 1:
                break
            click_at(app, scene.wheel_geo.tile_rect(s).center, frames=1)
            key(app, pygame.K_RETURN, frames=1)
            tried += 1
            assert 0 not in m.actors  # nothing Ann clicked became a decision
            assert app.scenes.base.selected is None
    assert tried > 3 and 1 in m.actors


def test_bots_think_in_the_helper_process_and_leaving_stops_them(tmp_path):
    # The drawing never shares the interpreter with a search: the scenes' process runs no
    # bot thread, the decisions are the ones the same bots make in this process, and
    # leaving the table abandons a decision in progress.
    import threading

    from vikings.bots import make_bot
    from vikings.processes import remote_bots as remote
    from vikings.ui.table.bot_turns import RemoteWorker

    app = make_app(tmp_path, title_scene=False, settings=fast_settings())
    seats = [("Astrid", "hard", "purple"), ("Bjorn", "normal", "orange")]
    m = Match.new(seats, app.rules, seed=12, start_player=0, storage=app.storage)
    flow.enter_game(app, m)
    seen_remote = False
    for _ in range(3000):
        run(app, 1)
        seen_remote |= isinstance(m._worker, RemoteWorker)
        assert threading.active_count() == 1
        if len(m.actors) >= 12:
            break
    assert seen_remote and len(m.actors) >= 12 and remote.shared().alive
    # Normal's decisions made in the helper are the ones Normal makes here. (Hard's are
    # compared in test_bots_remote.py, which skips those its time cap cut short: on a busy
    # machine the cap makes the same Hard bot decide differently in two processes.)
    here = make_bot("normal", m.bot_seed(1))
    from vikings.engine import new_game

    replay = new_game(m.game.config, app.rules)
    compared = 0
    for a in m.game.actions():
        if replay.to_move == 1:
            assert here.choose(replay.copy(), replay.legal_actions()) is a
            compared += 1
        replay.apply(a)
    assert compared >= 4
    while m.game.to_move != 0 or not m.thinking():  # Hard, thinking
        run(app, 1)
    job = m._worker.job
    flow.leave_game(app, app.scenes.base.ctx)
    assert job.done and job.action is None and not m.thinking()


def test_without_a_helper_process_bots_think_on_a_thread(tmp_path, monkeypatch):
    # The fallback where no process can be started: the same decisions, on a thread.
    from vikings.bots import make_bot
    from vikings.processes import remote_bots as remote
    from vikings.ui.table.bot_turns import ThreadWorker

    def cannot_start(self):
        raise OSError("no processes here")

    monkeypatch.setattr(remote.Thinker, "start", cannot_start)
    monkeypatch.setattr(Match, "bots_in_process", True)
    app = make_app(tmp_path, title_scene=False, settings=fast_settings())
    seats = [("Astrid", "normal", "purple"), ("Bjorn", "beginner", "orange")]
    m = Match.new(seats, app.rules, seed=13, start_player=0, storage=app.storage)
    flow.enter_game(app, m)
    assert Match.bots_in_process is False
    seen_thread = False
    for _ in range(3000):
        run(app, 1)
        seen_thread |= isinstance(m._worker, ThreadWorker)
        if len(m.actors) >= 12:
            break
    assert seen_thread and len(m.actors) >= 12
    here = {p: make_bot(kind, m.bot_seed(p)) for p, (_, kind, _) in enumerate(seats)}
    from vikings.engine import new_game

    replay = new_game(m.game.config, app.rules)
    for a in m.game.actions():
        assert here[replay.to_move].choose(replay.copy(), replay.legal_actions()) is a
        replay.apply(a)


def test_the_table_follows_a_resized_window(tmp_path):
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    small = app.scenes.base.board_geo.t
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    run(app, 3)
    scene = app.scenes.base
    assert app.screen.get_size() == (1920, 1080) and scene.layout.top.w == 1920
    assert scene.board_geo.t > small  # everything drawn larger, not just stretched
    assert scene.buttons["undo"].rect.right <= 1920
    do_by_input(app, m.game.legal_actions()[0])  # clicks land where the new layout draws


# (The layout over window sizes and shapes: tests/ui/test_ui_layout.py.)


def test_the_first_offer_animates_from_the_first_frame(tmp_path):
    """enter_game's scene is updated before it is ever shown: the flights start from the
    geometry of the table as drawn when the scene was built (the first drawing at a size is
    done then), not laid out at once."""
    from vikings.ui.scenes.offer import OfferScene
    from vikings.ui.table.fx import Fly

    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], animation="normal")
    scene = app.scenes.base
    assert isinstance(scene, OfferScene) and scene.wheel_geo is not None and not scene.tiles_shown
    app.frame()  # (start() has not run a frame)
    app.frame()
    assert scene.wheel_geo is not None and scene.offer is m.pending[0]
    assert any(isinstance(e, Fly) for group in scene.fx.queue for e in group)
    assert len(scene.tiles_shown) < sum(t >= 0 for t in scene.offer.data["tiles"])


def test_tiles_are_placed_from_the_keyboard(tmp_path):
    """Choosing a cell with the arrow keys and placing with Enter, as the panel says: the
    lit cells in reading order, the chosen one previewed; the start tile the same way."""
    app, m = start(tmp_path, [("Ann", "person", "purple"), ("Bot", "beginner", "orange")], seed=8)
    wait_for_person(app)
    scene, g = app.scenes.base, m.game
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    wait_for_person(app)
    assert g.phase == "place"
    placed = 0
    while g.phase == "place":
        cells = sorted(scene.legal_cells())
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_LEFT)
        assert scene.key_cell == cells[0]
        key(app, pygame.K_DOWN)
        want, made = scene.legal_cells()[cells[1 % len(cells)]], len(m.game.actions())
        opts = scene.board_options(scene.visible(), 0)
        assert opts["hover"] == cells[1 % len(cells)] and "preview" in opts
        key(app, pygame.K_RETURN)
        wait_for_person(app)
        assert m.game.actions()[made] == want
        placed += 1
    assert placed >= 1
    app.shutdown()


def test_a_move_that_puts_her_vikings_under_her_own_ship_is_warned_of(tmp_path):
    """Previewing a ship in the column of her own unguarded Viking (seed 1, round 3: her
    ship over column 2, where a Viking of row 3 stands) rings that Viking and says so in
    the panel; another cell warns of nothing. The fact is advice's own_threat."""
    import random

    from vikings.engine import GameConfig, new_game
    from vikings.text.lang import t
    from vikings.ui.table.match import Match

    app = make_app(tmp_path, title_scene=False, settings=fast_settings())
    game = new_game(GameConfig(("Ann", "Bo"), seed=1, start_player=0), app.rules)
    rng = random.Random(1)
    for _ in range(86):
        game.apply(rng.choice(game.legal_actions()))
    m = Match([("Ann", "person", "purple"), ("Bo", "person", "orange")], game, app.storage, autosave=False)
    flow.enter_game(app, m)
    wait_for_person(app)
    run(app, 2)
    scene = app.scenes.base
    assert game.phase == "place" and PlaceTile(0, 2) in game.legal_actions()
    pos = scene.board_geo.cell_rect(0, 2).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 2)
    assert [(r, c) for r, c, _ in scene.threat_preview()] == [(3, 2)]
    warning = t("table.purchase.own_threat", vikings="")[:8]
    assert any(line.startswith(warning) for line in scene.decision_text(scene.visible()))
    other = next(a for a in game.legal_actions() if isinstance(a, PlaceTile) and (a.row, a.col) != (0, 2))
    pos = scene.board_geo.cell_rect(other.row, other.col).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 2)
    assert scene.threat_preview() == ()
    assert not any(line.startswith(warning) for line in scene.decision_text(scene.visible()))
    app.shutdown()
