"""Hints: the reasons are true of the position (checked against the engine's own numbers on
seeded and random positions), the ranking, the helper process's hint job, and the screens
(the Hint button and the H key by posted events, acting cancels, the setting, the
results' counts)."""

from __future__ import annotations

import random
import re
import time

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ui_helpers import button, click, make_app, press, run  # noqa: I001 (dummy drivers first)

from vikings.advice.hints import Hint, explain_option, suggest
from vikings.bots.heuristic import NormalBot
from vikings.engine import GameConfig, new_game
from vikings.engine.actions import Bid, Buy, FinishBoatswains, PlaceTile, PlaceViking
from vikings.engine.display import completed_islands, threat
from vikings.engine.scoring import final_scoring
from vikings.engine.state import BOATSWAIN, OPTIONS, PLACE, PURCHASE, VIKING
from vikings.saves.settings import Settings
from vikings.ui import flow
from vikings.ui.scenes.purchase import PurchaseScene
from vikings.ui.scenes.results import ResultsScene
from vikings.ui.table.match import Match


# The engine's view of an option ------------------------------------------------------------------
def states(game, option):
    """(state after the option alone, state after its whole plan), replayed on copies."""
    step = game.copy()
    step.quiet = True
    step.apply(option.action)
    after = game.copy()
    after.quiet = True
    for a in option.plan:
        after.apply(a)
    return step, after


def kind_in(text, rules):
    return next(k for k in range(len(rules.vikings)) if rules.vikings[k].name.lower()[:5] in text)  # (plurals)


def check_fact(f, game, option, rules):
    """The fact's numbers are the engine's: recomputed here from the states before and after."""
    me = game.to_move
    step, after = states(game, option)
    d0, ds, d1 = game.displays[me], step.displays[me], after.displays[me]
    hit0, rep0, unrep0 = threat(d0, rules)
    hit1, rep1, unrep1 = threat(d1, rules)
    n, code, b = f.nums, f.code, rules.boatswain
    others = [d for q, d in enumerate(after.displays) if q != me]
    if code == "pay":
        assert n == (d0.gold - ds.gold, d0.fame - ds.fame) and sum(n) == game.price(option.action.space)
    elif code == "turn":
        assert n[0] == step.offset - game.offset > 0
    elif code == "repel":
        assert any(
            rules.tiles[s].reward_amount == n[0] and f"the {rules.tiles[s].sail} ship in column {c}:" in f.text
            for c, s in rep1
            if (c, s) not in rep0
        )
    elif code == "freed":
        assert n[0] == sum(1 for c in hit0 if c not in hit1 and d1.occupied(*c)) > 0
    elif code == "ship":
        new = [(c, s) for c, s in unrep1 if (c, s) not in unrep0 and (c, s) not in rep0]
        assert (n[0], n[1]) in [(rules.tiles[s].reward_amount, sum(1 for _, x in hit1 if x == c)) for c, s in new]
    elif code == "threatened":
        assert n[0] == sum(1 for c in hit1 if c not in hit0 and d0.occupied(*c)) > 0
    elif code in ("island", "longest", "ties_longest"):
        new = set(completed_islands(d1, rules)) - set(completed_islands(d0, rules))
        assert n[0] in {x for _, _, x in new}
        longest = max((x for d in game.displays for _, _, x in completed_islands(d, rules)), default=0)
        assert {"island": n[0] < longest, "longest": n[0] > longest, "ties_longest": n[0] == longest}[code]
    elif code == "run":
        cells = [(x.row, x.col) for x in option.plan if isinstance(x, PlaceTile) and x.row > 0]
        runs = []
        for row, col in cells:
            c0 = c1 = col
            while c0 > 1 and d1.tile_at(row, c0 - 1) >= 0:
                c0 -= 1
            while d1.tile_at(row, c1 + 1) >= 0:
                c1 += 1
            runs.append(c1 - c0 + 1)
        assert (n[0] if n else 1) in runs
        assert set(completed_islands(d1, rules)) == set(completed_islands(d0, rules))
    elif code in ("most_islands", "tie_islands"):
        mine = len(completed_islands(d1, rules))
        other = max(len(completed_islands(d, rules)) for d in others)
        assert n[0] == mine and (mine > other == n[1] if code == "most_islands" else mine == other)
    elif code == "stands":
        k = kind_in(f.text, rules)
        row = rules.viking_row[k]
        repelling = {c for c, _ in rep1} if k == rules.warrior else set()
        new = [
            c
            for c in range(1, len(d1.rows[row]) + 1)
            if d1.occupied(row, c) and not d0.occupied(row, c) and (row, c) not in hit1 and c not in repelling
        ]
        assert n[0] == len(new) > 0
        sc = rules.scoring
        assert (
            n[1:]
            == {
                rules.goldsmith: (sc.goldsmith_gold,),
                rules.noble: (sc.noble_fame,),
                rules.scout: (sc.scout_fame, sc.scout_bonus_fame),
                rules.fisherman: (sc.fisherman_feeds,),
                rules.warrior: (),
            }[k]
        )
    elif code == "exposed":
        k = kind_in(f.text, rules)
        row = rules.viking_row[k]
        assert any((row, c) in hit1 and not d0.occupied(row, c) for c in range(1, len(d1.rows[row]) + 1))
    elif code == "pool":
        assert n[0] == d1.pool[b] and any(d1.pool[k] > d0.pool[k] for k in range(len(rules.vikings)) if k != b)
    elif code in ("most_boatswains", "tie_boatswains", "boatswains"):
        other = max(d.pool[b] for d in others)
        assert n[0] == d1.pool[b]
        assert {"most_boatswains": n[0] > other, "tie_boatswains": n[0] == other, "boatswains": n[0] < other}[code]
    elif code == "feeding":
        line = next(x for x in final_scoring(after.displays, rules)[me].lines if x.what == "feeding")
        assert line.detail == f"{n[0]} food for {n[1]}"
    elif code == "keep":
        assert n[0] == d0.pool[b] and isinstance(option.action, FinishBoatswains)
    elif code == "spend":
        assert n[0] == d0.pool[b] - d1.pool[b] > 0
    elif code == "gain_gold":
        assert n[0] == ds.gold - d0.gold > 0
    elif code == "bid":
        assert n == (option.action.amount, max(0, option.action.amount - d0.gold))
    elif code == "pass":
        assert n[0] == d0.gold
    elif code in ("remove", "colour"):
        assert (n[0] if n else 1) == game.auction_vikings.count(option.action.kind)
    elif code == "room":
        assert n[0] == len(d0.empty_tiles(rules.viking_row[option.action.kind]))
    elif code == "discard":
        assert not any(isinstance(a, PlaceTile) for a in option.plan[1:])
    else:
        assert code in ("special", "decline", "replace", "offers_special"), code
    # Every number the player reads is one of the fact's numbers.
    assert {int(x) for x in re.findall(r"\d+", f.text)} <= set(n), (f.text, n)


def play(seed, plies, players=2, options=frozenset()):
    g = new_game(GameConfig(tuple("ABCD"[:players]), seed=seed, options=options), RULES)
    rng = random.Random(seed)
    for _ in range(plies):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def find(pred, players=2, options=frozenset(), seeds=range(60)):
    """The first position of seeded random games where `pred(game)` holds."""
    for seed in seeds:
        g = new_game(GameConfig(tuple("ABCD"[:players]), seed=seed, options=options), RULES)
        rng = random.Random(seed)
        while not g.is_over:
            if pred(g):
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no such position in the seeded games")


from vikings.content.data import default_rules  # noqa: E402

RULES = default_rules()


# Reasons that must and must not appear ------------------------------------------------------------
def test_a_warrior_below_a_ship_repels_it_and_the_pool_does_not():
    w = RULES.warrior

    def warrior_below_ship(g):
        if g.phase != VIKING or g.hand_viking != w or not g.placed_at or g.placed_at[0] != 1:
            return False
        col = g.placed_at[1]
        ships = g.displays[g.to_move].rows[0]
        return col <= len(ships) and ships[col - 1] >= 0

    g = find(warrior_below_ship)
    ship = RULES.tiles[g.displays[g.to_move].tile_at(0, g.placed_at[1])]
    on = explain_option(g, PlaceViking(True))
    pool = explain_option(g, PlaceViking(False))
    repel = [f for f in on.facts if f.code == "repel"]
    assert repel and repel[0].text == (
        f"repels the {ship.sail} ship in column {g.placed_at[1]}: +{ship.reward_amount} "
        f"{ship.reward_kind.capitalize()} each large scoring"
    )
    assert on.facts[0].code in ("repel", "freed")  # the evaluation weighs it most
    assert not any(f.code == "repel" for f in pool.facts) and any(f.code == "pool" for f in pool.facts)
    for opt in (on, pool):
        for f in opt.facts:
            check_fact(f, g, opt, RULES)


def test_completing_an_island_is_said_only_of_the_cell_that_completes_it():
    def completes(g, a):
        x = g.copy()
        x.quiet = True
        x.apply(a)
        me = g.to_move
        return len(completed_islands(x.displays[me], RULES)) > len(completed_islands(g.displays[me], RULES))

    def both(g):
        if g.phase != PLACE:
            return False
        tiles = [a for a in g.legal_actions() if isinstance(a, PlaceTile) and a.row > 0]
        return any(completes(g, a) for a in tiles) and any(not completes(g, a) for a in tiles)

    g = find(both)
    for a in g.legal_actions():
        if not isinstance(a, PlaceTile) or a.row == 0:
            continue
        opt = explain_option(g, a)
        said = [f for f in opt.facts if f.code in ("island", "longest", "ties_longest")]
        if completes(g, a):
            assert said, (a, opt.reason)
        elif all(isinstance(x, PlaceViking) or x is a for x in opt.plan):
            assert not said, (a, opt.reason)
        for f in opt.facts:
            check_fact(f, g, opt, RULES)


def test_a_purchase_says_what_it_costs_in_gold_and_fame():
    g = find(lambda g: g.phase == PURCHASE and any(g.fame_cost(a.space) for a in g.legal_actions()))
    dear = next(a for a in g.legal_actions() if g.fame_cost(a.space))
    opt = explain_option(g, dear)
    pay = next(f for f in opt.facts if f.code == "pay")
    d = g.displays[g.to_move]
    assert pay.nums == (d.gold, g.price(dear.space) - d.gold) and f"{g.fame_cost(dear.space)} Fame" in pay.text
    cheap = min(g.legal_actions(), key=lambda a: g.price(a.space))
    if not g.fame_cost(cheap.space):
        assert "Fame" not in next(f for f in explain_option(g, cheap).facts if f.code == "pay").text.replace(
            "no Fame", ""
        )


def test_finishing_the_boatswains_keeps_them_for_the_majority():
    g = find(lambda g: g.phase == BOATSWAIN and FinishBoatswains() in g.legal_actions() and len(g.legal_actions()) > 1)
    opt = explain_option(g, FinishBoatswains())
    b = g.displays[g.to_move].pool[RULES.boatswain]
    keep = next(f for f in opt.facts if f.code == "keep")
    assert keep.nums == (b,) and "for the majority" in keep.text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000), plies=st.integers(0, 150), players=st.sampled_from((2, 3, 4)), advanced=st.booleans()
)
def test_every_stated_number_is_the_engines(seed, plies, players, advanced):
    g = play(seed, plies, players, frozenset(OPTIONS) if advanced else frozenset())
    if g.is_over:
        return
    legal = list(g.legal_actions())
    random.Random(seed).shuffle(legal)
    for a in legal[:10]:
        opt = explain_option(g, a)
        assert opt.plan[0] is a and len(opt.facts) <= 3
        for f in opt.facts:
            check_fact(f, g, opt, RULES)


# The ranking ------------------------------------------------------------------------------------
def test_the_best_three_are_normals_best_without_the_search():
    g = find(lambda g: g.phase == PURCHASE and g.round == 1 and len(g.legal_actions()) > 3)
    h = suggest(g, search=False)
    scores = NormalBot(0).scores(g.copy(), g.legal_actions())
    assert len(h.options) == min(3, len(g.legal_actions())) and not h.searched
    assert [o.score for o in h.options] == sorted(scores, reverse=True)[:3]
    assert len({o.action for o in h.options}) == len(h.options)
    assert all(o.reason for o in h.options)


@pytest.mark.parametrize("players", [2, 4])
def test_hards_search_orders_the_options_it_looked_at(players):
    g = find(lambda g: g.phase == PURCHASE and g.round == 1 and len(g.legal_actions()) > 3, players=players)
    h = suggest(g, seconds=1.0)
    assert h.searched and h.options[0].chance is not None and 0.0 <= h.options[0].chance <= 1.0
    assert all(o.action in g.legal_actions() for o in h.options)
    assert h.seconds < 4.0


def test_an_auction_bid_has_true_reasons():
    g = find(
        lambda g: g.phase == "bid" and sum(isinstance(a, Bid) for a in g.legal_actions()) > 1,
        options=frozenset(OPTIONS),
    )
    h = suggest(g)
    assert {type(o.action).__name__ for o in h.options} <= {"Bid", "PassBid"}
    for o in h.options:
        for f in o.facts:
            check_fact(f, g, o, RULES)


# The helper process ----------------------------------------------------------------------------
def test_the_helper_process_answers_a_hint_and_cancels_one():
    from vikings.processes import remote_bots as remote

    t = remote.Thinker()
    try:
        g = play(3, 0)
        job = t.ask_hint(1, g)
        end = time.monotonic() + 30
        while not job.poll() and time.monotonic() < end:
            time.sleep(0.01)
        assert job.error is None and isinstance(job.action, Hint)
        assert job.action.options[0].action in g.legal_actions() and job.action.seat == g.to_move
        again = t.ask_hint(1, g)
        again.cancel()
        assert again.done and again.action is None
    finally:
        t.stop()


# The screens --------------------------------------------------------------------------------------
def fast(**kw) -> Settings:
    s = Settings(animation="instant", bot_pace="instant")
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def table(tmp_path, **kw):
    app = make_app(tmp_path, title_scene=False, settings=fast(**kw))
    m = Match.new(
        [("Ann", "person", "purple"), ("Bot", "normal", "orange")],
        app.rules,
        seed=11,
        start_player=0,
        storage=app.storage,
    )
    flow.enter_game(app, m)
    for _ in range(400):
        run(app, 1)
        s = app.scenes.base
        if isinstance(s, PurchaseScene) and m.persons_turn() and not m.pending and not s.fx.active:
            break
    return app, m


def until_hint(app, limit=30.0):
    hint = app.scenes.base.hint
    end = time.monotonic() + limit
    while hint.hint is None and time.monotonic() < end:
        time.sleep(0.01)
        run(app, 1)
    return hint


def test_the_h_key_and_the_button_show_a_hint_on_the_table(tmp_path):
    app, m = table(tmp_path)
    scene = app.scenes.base
    assert button(app, "Hint").is_enabled
    press(app, pygame.K_h, unicode="h")
    hint = until_hint(app)
    assert hint.hint is not None and hint.hint.phase == PURCHASE
    best = hint.hint.best
    assert isinstance(best.action, Buy) and best.action in m.game.legal_actions()
    # The suggested group is marked on the wheel, where the player clicks to buy it.
    rects = hint.marks(best)
    assert any(r.contains(scene.wheel_geo.tile_rect(best.action.space)) for r in rects)
    run(app, 2)
    shot = app.screen.get_at(rects[0].midtop)[:3]
    assert shot == (20, 130, 190)  # the hint's outline is drawn
    assert m.hints == [1, 0]
    click(app, button(app, "Hint"))  # the button hides it ...
    assert hint.hint is None and hint.key is None
    click(app, button(app, "Hint"))  # ... and asks again (the same decision: counted once)
    assert until_hint(app).hint is not None and m.hints == [1, 0]
    app.scenes.base.act(hint.hint.best.action)  # the next decision's hint counts again
    for _ in range(200):
        run(app, 1)
        if app.scenes.base.hint.available():
            break
    assert m.game.phase == PLACE and m.persons_turn()
    press(app, pygame.K_h, unicode="h")
    assert until_hint(app).hint is not None and m.hints == [2, 0]


def click_at(app, pos, frames=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    run(app, frames)


def test_acting_cancels_a_pending_hint(tmp_path):
    from vikings.processes import remote_bots as remote

    app, m = table(tmp_path)
    scene = app.scenes.base
    press(app, pygame.K_h, unicode="h", frames=1)
    hint = scene.hint
    assert hint.waiting()
    job = hint.job
    space = m.game.legal_actions()[0].space
    click_at(app, scene.wheel_geo.tile_rect(space).center)  # choose a group: still deciding
    assert hint.key is not None and not job.done
    click_at(app, scene.wheel_geo.tile_rect(space).center)  # and buy it before the answer came
    assert m.game.actions() == [Buy(space)]
    assert not hint.waiting() and hint.key is None and job.done and job.action is None
    assert remote.shared()._cancelled.value >= job.number  # the helper process stops thinking
    run(app, 3)
    assert hint.hint is None and m.hints == [0, 0]


def test_the_hint_goes_when_the_decision_does(tmp_path):
    app, m = table(tmp_path)
    hint = (press(app, pygame.K_h, unicode="h"), until_hint(app))[1]
    assert hint.hint is not None
    app.scenes.base.act(hint.hint.best.action)
    run(app, 2)
    assert hint.hint is None and hint.key is None


def test_with_hints_off_there_is_no_button_and_h_does_nothing(tmp_path):
    app, m = table(tmp_path, hints=False)
    scene = app.scenes.base
    assert not scene.buttons["hint"].visible
    with pytest.raises(LookupError):
        button(app, "Hint")
    press(app, pygame.K_h, unicode="h")
    assert scene.hint.key is None and not scene.hint.waiting() and m.hints == [0, 0]


def test_turning_hints_off_during_a_game_takes_the_hint_and_the_button_away(tmp_path):
    app, m = table(tmp_path)
    press(app, pygame.K_h, unicode="h")
    hint = until_hint(app)
    assert hint.hint is not None and app.scenes.base.buttons["hint"].visible
    app.settings.hints = False  # (as the settings panel's Apply does)
    run(app, 2)
    assert hint.hint is None and not app.scenes.base.buttons["hint"].visible


def test_the_settings_panel_turns_hints_off(tmp_path):
    from vikings.ui.dialogs.settings import SettingsPanel

    app = make_app(tmp_path, settings=fast())
    app.scenes.push(SettingsPanel(app))
    run(app, 2)
    panel = app.scenes.current
    assert panel.hints.text == "On"
    click(app, panel.hints)
    assert panel.hints.text == "Off" and app.settings.hints
    click(app, button(app, "Apply"))
    assert app.settings.hints is False and Settings.load(app.storage).hints is False


def test_the_results_screen_says_how_many_hints_each_person_used(tmp_path):
    app, m = table(tmp_path)
    press(app, pygame.K_h, unicode="h")
    assert until_hint(app).hint is not None
    rng = random.Random(2)
    while not m.game.is_over:  # the rest of the game through the engine
        m.act(rng.choice(m.game.legal_actions()))
    m.pending.clear()
    flow.advance(app, app.scenes.base.ctx, force=True)
    run(app, 3)
    scene = app.scenes.base
    assert isinstance(scene, ResultsScene)
    assert "Hints used: Ann 1" in scene.top_text(scene.visible())
