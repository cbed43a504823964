"""A game at the table: the engine state, who sits where, the bots' thinking, undo and
the autosave. No drawing here: the scenes read a Match and turn clicks into actions.

Every decision, a person's or a bot's, goes through `act()`, which applies it through the
engine's door, keeps the events for the screens to animate, writes the game log and
autosaves. An autosave that cannot be written (a full disk, a read-only folder) never ends
the game: play goes on, `autosave_news` tells the table once that the autosave is off and
why, a later decision tries again (RETRY_DECISIONS, RETRY_SECONDS) and the news says when
it works again; `autosaved` says whether the file on disk holds the game as it is now.

The player's history (table/record.py) reads three things a match keeps: `profiles`, the
profile id at each seat (None: a bot or a guest; the list itself None until setup or the
record ties the seats by name), `practice` (a game to try something again: recorded, but
left out of the statistics) and `record_due` (the game was not over when this match was
made, so finishing it here records it, once); the time played, over every sitting, is
`played_seconds()`. The table file keeps the time and the practice flag, so a continued
game keeps both. Bots think in a helper process (`start_bot()` / `bot_result()`, see
bots/remote.py), so the drawing never waits for them, and can be cancelled at any time;
where no process can be started they think on a thread of this one instead (bot_turns.py).

A table played over the network (table/net_table.py) has a `net`: a seat whose decision
comes from the network (a guest's, or at a guest's copy everyone else's) is driven like a
bot seat, `start_bot()` asking nothing and `bot_result()` handing on the move the network
brought; `act()` lets `net.play` apply it (a guest takes the host's table and events, and
sends its own player's decision to the host instead of applying it). Undo there is the
host's only, with every guest's consent (net.ask_undo, then `undo()` at the host's copy and
`taken_back()` at a guest's, once the table agreed).
"""

from __future__ import annotations

import itertools
import logging
import time
import zlib
from collections import deque
from pathlib import Path

from vikings.bots import make_bot
from vikings.engine import BID, GameConfig, GameState, new_game
from vikings.engine.events import Event
from vikings.engine.serialize import save as save_game
from vikings.saves.safe_json import one_line
from vikings.saves.table_file import PERSON, Seat, Table, check_doc, load_table_file, read_table, table_doc  # noqa: F401 (PERSON, Seat: for the scenes)
from vikings.text.events import describe
from vikings.text.lang import language
from vikings.ui.table.bot_turns import Decision, Ready, RemoteWorker, ThreadWorker

_tables = itertools.count(1)  # tells the matches apart in the bots' helper process
log = logging.getLogger("vikings")
# After a failed autosave the next decisions are not written (a full disk would fail each
# time, and a slow one would stall play); one tries again once this many decisions or
# this many seconds have passed since the last attempt.
RETRY_DECISIONS = 5
RETRY_SECONDS = 30.0
REMOTE = "remote"  # a seat played from another computer (its decisions come over the network)


class MoveRefused(ValueError):
    """A person's decision the table will not take now, with a friendly word why (the
    guided lesson's coach refuses moves it does not teach); nothing was applied."""


class Match:
    # Bots think in the shared helper process (False: on a thread of this process).
    bots_in_process = True

    def __init__(
        self, seats, game: GameState, storage=None, autosave: bool = True, hints=None, seconds: int = 0, net=None
    ):
        self.net = net  # a networked table's side of the network (table/net_table.py), or None
        self.seats = tuple(Seat(*s) for s in seats)
        self.game = game
        self.hints: list[int] = list(hints) if hints is not None else [0] * len(self.seats)  # asked, per seat
        self.storage = storage
        self.autosave_enabled = autosave and storage is not None
        self.pending: deque[Event] = deque()  # events the screens have not shown yet
        self.events: list[Event] = []  # every event so far (the log's lines are made from them)
        self._lines: tuple[str, list[str]] = ("", [])  # (language, the log's lines in it so far)
        self.actors: list[int] = []  # who made each action (parallel to the history)
        self.marks: list[int] = []  # len(events) before each action's events, made here (a guest's log after an undo)
        self.floor = 0  # actions before this index cannot be undone
        self._bots = {}
        self._worker: Decision | None = None  # the bot decision asked (bot_turns.py)
        self._table = next(_tables)
        self.coach = None  # the guided lesson's (ui/lesson/coach.py), if any
        self.autosave_path = None  # where autosave() writes, if not the storage's autosave
        self.autosave_error: OSError | None = None  # why the autosave is off (None: it works)
        self.autosave_news: str | None = None  # "off" or "back", for the table to tell once
        self._changes = 0  # decisions made and taken back at this table
        self._saved = -1  # the value of _changes the file on disk holds (-1: none yet)
        self._tried = (0, 0.0)  # (_changes, clock) of the last failed attempt
        self.profiles: list[int | None] | None = None  # the profile at each seat (table/record.py)
        self.practice: bool = False  # a practice game: recorded, left out of the statistics
        self.record_due = not game.is_over  # finished here: recorded once (then False)
        self.started = time.monotonic()  # when play began at this table
        self.played_before = max(0, int(seconds))  # seconds played in earlier sittings (the table file's)
        self.final_seconds: int | None = self.played_before if game.is_over else None  # the game's length, once over
        self._rebuild_log()

    # Creation ---------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats,
        rules,
        seed: int,
        start_player: int | None = None,
        storage=None,
        autosave: bool = True,
        options=(),
        handicap: tuple[int, ...] = (),
    ) -> Match:
        """`options`: the advanced game's rules (engine.OPTIONS), any of them; `handicap`:
        the house rule's extra starting Gold, one number a seat (GameConfig.handicap)."""
        seats = tuple(Seat(*s) for s in seats)
        config = GameConfig(
            tuple(s.name for s in seats),
            seed=seed,
            start_player=start_player,
            options=frozenset(options),
            handicap=tuple(handicap),
        )
        game = new_game(config, rules)
        m = cls(seats, game, storage, autosave)
        m.pending.extend(m._replay_events())  # the first offer, for the screens to lay out
        m.autosave()
        return m

    def to_doc(self, name: str = "") -> dict:
        return table_doc(
            self.seats, save_game(self.game), self.hints, name, seconds=self.played_seconds(), practice=self.practice
        )

    @classmethod
    def from_doc(cls, doc, rules, storage=None, autosave: bool = True) -> Match:
        """A match from `to_doc()`; raises SaveError (nothing half-loaded) if it is broken."""
        return cls.from_table(check_doc(doc, rules), storage, autosave)

    @classmethod
    def from_table(cls, table: Table, storage=None, autosave: bool = True) -> Match:
        m = cls(table.seats, table.game, storage, autosave, hints=table.hints, seconds=table.seconds)
        m.practice = table.practice  # (a try-again game stays practice when continued)
        return m

    # Questions ------------------------------------------------------------------------------
    def played_seconds(self) -> int:
        """The time this game has been played: earlier sittings (kept in the table file)
        and this one; fixed once the game is over (the length the history records)."""
        if self.final_seconds is not None:
            return self.final_seconds
        return self.played_before + max(0, int(time.monotonic() - self.started))

    @property
    def rules(self):
        return self.game.rules

    @property
    def options(self) -> frozenset:
        return self.game.config.options

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def seat(self, p: int | None = None) -> Seat:
        return self.seats[self.game.to_move if p is None else p]

    def persons_turn(self) -> bool:
        return not self.game.is_over and self.seat().is_person and not self.networked()

    def bots_turn(self) -> bool:
        """A bot's turn, or one whose decision comes over the network (driven alike)."""
        return not self.game.is_over and (not self.seat().is_person or self.networked())

    def networked(self) -> bool:
        """The decision to make now comes over the network (a remote seat's, or this
        guest's own, sent to the host and not back yet)."""
        return self.net is not None and self.net.decides(self.game.to_move)

    @property
    def log(self) -> list[str]:
        """One line per event, in the language in use: the lines are made from the kept
        events as they are needed, and made anew after a change of language."""
        code, lines = self._lines
        if code != language() or len(lines) > len(self.events):
            lines = []
            self._lines = (language(), lines)
        if len(lines) < len(self.events):
            lines.extend(describe(e, self.rules, self.names) for e in self.events[len(lines) :])
        return lines

    def shown_log(self) -> list[str]:
        """The log without the events the screens have not shown yet (one line per event)."""
        return self.log[: len(self.log) - len(self.pending)] if self.pending else self.log

    def shown_events(self) -> list[Event]:
        """Every event the screens have shown (the auction's bids are read from these)."""
        return self.events[: len(self.events) - len(self.pending)] if self.pending else self.events

    # Acting ---------------------------------------------------------------------------------
    def act(self, action) -> list[Event]:
        """Apply one decision of the player to move (raises IllegalAction if it is not legal)."""
        actor = self.game.to_move
        if self.coach is not None and self.seats[actor].is_person:
            self.coach.check(self, action)  # raises MoveRefused for a move the lesson does not teach
        if self.net is not None:
            events = self.net.play(self, actor, action)
            if events is None:  # sent to the host: its update brings it back
                return []
        else:
            events = self.game.apply(action)
        self._changes += 1
        n = len(self.actors)
        if n and self.actors[-1] != actor:
            self.floor = max(self.floor, n)  # the next player has acted: earlier moves are fixed
        self.actors.append(actor)
        if not self.seats[actor].is_person or any(e.type in _REVEALING for e in events):
            self.floor = n + 1
        self.pending.extend(events)
        self.marks.append(len(self.events))
        self.events.extend(events)
        if self.game.is_over and self.final_seconds is None:
            self.final_seconds = self.played_seconds()  # (before the autosave, which keeps it)
        self.autosave()
        return events

    def can_undo(self) -> bool:
        """A person may take back her own decisions until the next player has acted or
        something new has been revealed (the next offer, a scoring)."""
        n = len(self.actors)
        if self.net is not None and not (self.net.undoes and self.net.may_undo(self)):
            return False  # (at a networked table: the host's desk, no vote under way)
        return n > self.floor and self.seats[self.actors[-1]].is_person and self.coach is None

    def undo(self, agreed: bool = False) -> int:
        """Take back the last decision: the game is replayed without it. Returns the
        player whose decision was taken back. `agreed`: a networked table voted for it
        (the Host has taken it back already)."""
        if not (agreed and self.actors) and not self.can_undo():
            raise ValueError("nothing to undo")
        self.cancel_bot()
        actions = self.game.actions()[:-1]
        who = self.actors.pop()
        game = new_game(self.game.config, self.rules)
        game.quiet = True
        for a in actions:
            game.apply(a)
        game.quiet = False
        self.game = game
        self._changes += 1
        self.pending.clear()
        self._rebuild_log()
        self.autosave()
        return who

    def taken_back(self, to: int) -> None:
        """A guest's copy: the host's table agreed to go back to move `to`."""
        self.cancel_bot()
        first = len(self.game.actions()) - len(self.marks)  # (moves this copy did not make here have no mark)
        self.net.take_back(self, to)
        del self.actors[to:]
        self._changes += 1
        self.pending.clear()
        if 0 <= to - first < len(self.marks):
            del self.events[self.marks[to - first] :]  # the log as it was before the decision taken back
            del self.marks[to - first :]
            self._lines = ("", [])
            self.floor = min(self.floor, to)
        else:
            self._rebuild_log()

    # Bots -----------------------------------------------------------------------------------
    def bot_seed(self, p: int) -> int:
        """Seeded from the game and the seat: a replayed table makes the same choices."""
        return zlib.crc32(f"{self.game.config.seed}/{p}/{self.seats[p].kind}".encode())

    def bot_for(self, p: int):
        """Seat p's bot in this process (the helper process keeps its own, alike)."""
        bot = self._bots.get(p)
        if bot is None:
            bot = self._bots[p] = make_bot(self.seats[p].kind, self.bot_seed(p))
        return bot

    def start_bot(self) -> None:
        """Start the bot to move thinking (if it is not already)."""
        if not self.bots_turn() or self.networked():
            return
        if self._worker is not None and self._worker.matches(self.game):
            return
        self.cancel_bot()
        p = self.game.to_move
        scripted = self.coach.bot_move(self.game) if self.coach is not None else None
        if scripted is not None:  # the lesson's bot plays its script
            self._worker = Ready(self.game, scripted)
            return
        thinker = self._thinker()
        if thinker is not None:
            self._worker = RemoteWorker(thinker, self._table, self.game, self.seats[p].kind, self.bot_seed(p))
        else:
            self._worker = ThreadWorker(self.bot_for(p), self.game)

    def warm_up(self) -> None:
        """Start the bots' helper process now, if a bot sits at the table, so the first
        decision does not wait for it to start."""
        if any(not s.is_person and s.kind != REMOTE for s in self.seats) and self.net is None:
            self._thinker()

    @staticmethod
    def _thinker():
        """The bots' helper process, running; None where none can be started (bots then
        think on a thread of this process, for the rest of the program)."""
        if not Match.bots_in_process:
            return None
        from vikings.processes import remote_bots as remote

        thinker = remote.shared()
        try:
            thinker.start()
        except OSError:
            Match.bots_in_process = False
            return None
        return thinker

    def thinking(self) -> bool:
        return self._worker is not None and not self._worker.finished()

    def thought(self) -> tuple[float, float] | None:
        """While a bot thinks: (share of its search done, seconds since it began)."""
        w = self._worker
        if w is None or w.finished():
            return None
        return w.progress, time.monotonic() - w.started

    def bot_result(self):
        """The finished bot's action (once), or None while it thinks or if none is asked; at
        a networked table, the move the network brought for the seat to move."""
        if self.networked():
            return self.net.next_action(self)
        w = self._worker
        if w is None or not w.finished() or not w.matches(self.game):
            return None
        self._worker = None
        if w.error is not None:
            raise w.error
        return w.action

    def cancel_bot(self) -> None:
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    def close(self) -> None:
        self.cancel_bot()
        if self.net is not None:
            self.net.close()
        if self.bots_in_process:
            from vikings.processes import remote_bots as remote

            remote.shared().forget(self._table)

    # Saving ---------------------------------------------------------------------------------
    clock = staticmethod(time.monotonic)  # (tests put a clock of their own)

    def autosave(self) -> None:
        """After every decision. Atomic (a whole old or a whole new file survives a crash
        or a killed process) but not flushed to the disk: fsync took 8-16 ms, a visible
        hitch at every move, and guards only against a power cut. A write that fails
        turns the autosave off (see the module's notes); it never raises."""
        if not self.autosave_enabled:
            return
        if self.autosave_error is not None and not self._retry_due():
            return
        try:
            self.storage.write_json(self.autosave_path or self.storage.autosave_path, self.to_doc(), durable=False)
        except OSError as e:
            if self.autosave_error is None:
                self.autosave_news = "off"
                log.warning(one_line(f"autosave off: {e.strerror or e} (the game goes on)", 300))
            self.autosave_error, self._tried = e, (self._changes, self.clock())
            return
        if self.autosave_error is not None:
            self.autosave_news = "back"
            log.warning("autosave on again")
        self.autosave_error, self._saved = None, self._changes

    def _retry_due(self) -> bool:
        changes, when = self._tried
        return self._changes - changes >= RETRY_DECISIONS or self.clock() - when >= RETRY_SECONDS

    @property
    def autosaved(self) -> bool:
        """Whether the autosave on disk holds the game as it is now (every decision made)."""
        return self.autosave_enabled and self._saved == self._changes

    def take_autosave_news(self) -> str | None:
        """ "off" (the autosave just failed), "back" (it works again) or None, once."""
        news, self.autosave_news = self.autosave_news, None
        return news

    def save_as(self, name: str):
        path = self.storage.save_path(name)
        self.storage.write_json(path, self.to_doc(name.strip()))  # (the name as typed: the listing shows it)
        return path

    # History ----------------------------------------------------------------------------------
    def _replay_events(self) -> list[Event]:
        """Every event of the game so far (the engine returns events only from apply)."""
        game = new_game(self.game.config, self.rules)
        events = [_first_offer(game)]
        for a in self.game.actions():
            events.extend(game.apply(a))
        return events

    def _rebuild_log(self) -> None:
        if self.net is not None and not self.net.replays:  # a guest's copy: no seed to replay
            self.events, self._lines = [], ("", [])
            self.floor = len(self.actors)
            return
        self.events = self._replay_events()
        self._lines = ("", [])  # (an undo replays the game: its lines are made anew)
        if not self.actors:
            # A loaded game: who made each action, from a replay.
            game = new_game(self.game.config, self.rules)
            game.quiet = True
            for a in self.game.actions():
                self.actors.append(game.to_move)
                game.apply(a)
            self.floor = len(self.actors)


_REVEALING = ("offer", "scoring", "game_over", "auction", "tiles_laid", "special_revealed")  # no undo past news


def _first_offer(game: GameState) -> Event:
    """The event of the first offer, which the engine lays out while creating the game
    (before anyone could receive its events); the same fields as later offers. With the
    auction, the first round's auction instead (its Vikings drawn, the wheel empty)."""
    if game.phase == BID:
        return Event(
            "auction", game.start_player, {"round": 1, "vikings": list(game.auction_vikings), "bag": sum(game.bag)}
        )
    is_ship = game.rules.tile_is_ship
    tiles = list(game.wheel_tile)
    return Event(
        "offer",
        game.start_player,
        {
            "round": 1,
            "islands": sum(t >= 0 and not is_ship[t] for t in tiles),
            "ships": sum(t >= 0 and is_ship[t] for t in tiles),
            "tiles": tiles,
            "vikings": list(game.wheel_viking),
            "bag": sum(game.bag),
        },
    )


def load_doc_text(text: str | bytes, rules, storage=None) -> Match:
    """The match in a table file's text or bytes; SaveError if it is not a sound table."""
    return Match.from_table(read_table(text, rules), storage)


def load_file(path, rules, storage=None) -> Match:
    """The match saved at `path` (the autosave, a named save); SaveError says why not."""
    m = Match.from_table(load_table_file(path, rules), storage)
    if storage is not None and Path(path) == storage.autosave_path:
        m._saved = m._changes  # (continued from the autosave: the file holds it)
    return m
