"""Shared helpers for building and driving games in tests."""

from vikings.bots.mcts import make_search_bot
from vikings.content.data import default_rules
from vikings.engine import GameConfig, new_game


def make_game(players=2, seed=1, start_player=0):
    names = tuple("ABCD"[:players])
    return new_game(GameConfig(names, seed=seed, start_player=start_player), default_rules())


def uncapped(level, seed, **options):
    """A Hard or Expert bot without its time cap: on a busy machine the cap ends a search
    early, and what a test compares or counts would follow the machine's load."""
    return make_search_bot(level, seed, max_seconds=600, **options)


def light_playouts(monkeypatch, count):
    """Keep a test's Hard and Expert light where they play options out to the round's end
    (3-4 players, the advanced game's colours): each such decision plays out only the first
    `count` of its options (for a purchase or a colour, Normal's best few)."""
    from vikings.bots import lookahead

    choose = lookahead.RoundLookahead.choose

    def light(self, base, options, cancel, started):
        return choose(self, base, tuple(options)[:count], cancel, started)

    monkeypatch.setattr(lookahead.RoundLookahead, "choose", light)


def tile(rules, ident):
    return rules.tile_by_id(ident).index


def viking(rules, ident):
    return rules.viking_by_id(ident).index


def set_offer(game, groups):
    """Replace the wheel with {space: (tile id, viking id)}; the lowest space is price 0."""
    rules = game.rules
    game.wheel_tile = [-1] * rules.wheel_spaces
    game.wheel_viking = [-1] * rules.wheel_spaces
    for space, (t, v) in groups.items():
        game.wheel_tile[space] = tile(rules, t)
        game.wheel_viking[space] = viking(rules, v)
    game.offset = min(groups)
    game.bought = rules.wheel_spaces - len(groups)
    game._legal = None


def random_play(game, chooser, steps=None):
    """Apply up to `steps` random legal actions (all, to the end, if None)."""
    n = 0
    while not game.is_over and (steps is None or n < steps):
        legal = game.legal_actions()
        game.apply(legal[chooser.randrange(len(legal))])
        n += 1
    return game


def start_scoring(game, round_index):
    """Jump to the end of round `round_index` (0-based) with the displays as they are, and
    run the engine's end-of-round step. Returns its events."""
    game.round = round_index
    game.wheel_tile = [-1] * game.rules.wheel_spaces
    game.wheel_viking = [-1] * game.rules.wheel_spaces
    game.bought = game.rules.wheel_spaces
    game._events = []
    game._end_round()
    events, game._events, game._legal = game._events, None, None
    return events


def fill_row(display, rules, row, cols, occupied=()):
    """Lay a left end and middles in `row` over `cols` columns (from column 1)."""
    left, farm = tile(rules, "left_end"), tile(rules, "farm")
    for c in range(1, cols + 1):
        display.put(row, c, left if c == 1 else farm, c in occupied)


def first_turn(groups, seed=2, start_tile_placed=True):
    """A 2-player game where player A is to buy from the offer `groups` (see set_offer);
    with `start_tile_placed`, her start tile counts as already down (and not on the display)."""
    game = make_game(seed=seed)
    d = game.displays[0]
    if start_tile_placed:
        d.start_tile = -1
    set_offer(game, groups)
    return game, d


# The advanced game ------------------------------------------------------------------------
ADVANCED = frozenset({"auction", "single_boatswain", "special_tiles"})


def make_advanced(options=ADVANCED, players=2, seed=1, start_player=0):
    names = tuple("ABCD"[:players])
    return new_game(
        GameConfig(names, seed=seed, start_player=start_player, options=frozenset(options)), default_rules()
    )


def special(rules, ident):
    return next(k.index for k in rules.specials if k.id == ident)


def set_drawn(game, kinds):
    """Replace the auction's drawn Vikings with `kinds` (ids), keeping the bag consistent."""
    rules = game.rules
    for k in game.adv.drawn:
        game.bag[k] += 1
    new = sorted(viking(rules, k) for k in kinds)
    for k in new:
        game.bag[k] -= 1
    game.adv.drawn = tuple(new)
    game._legal = None


def give_special(game, player, ident):
    """Hand `player` a special tile from the face-down supply (as if she had taken it)."""
    sid = special(game.rules, ident)
    supply = list(game.adv.supply)
    if sid in supply:
        supply.remove(sid)
    else:  # face up: leave its place empty
        i = game.adv.face_up.index(sid)
        game.adv.face_up = game.adv.face_up[:i] + (-1,) + game.adv.face_up[i + 1 :]
    game.adv.supply = tuple(supply)
    game._hold(player, sid)
    return sid


def put_face_up(game, slot, ident):
    """Make the special tile `ident` (from the supply) the face-up tile in `slot`; the tile
    that lay there goes back into the supply."""
    sid = special(game.rules, ident)
    supply = list(game.adv.supply)
    supply.remove(sid)
    old = game.adv.face_up[slot]
    if old >= 0:
        supply.append(old)
    game.adv.supply = tuple(supply)
    game.adv.face_up = game.adv.face_up[:slot] + (sid,) + game.adv.face_up[slot + 1 :]
    game._legal = None
    return sid
