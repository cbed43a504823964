"""Starting, resuming, leaving and ending the lesson.

The lesson's game is a normal Match that autosaves after every decision, into a file of
its own (`Storage.lesson_game_path`, so a real game in progress is never overwritten);
beside it `Storage.lesson_path` keeps the step the lesson is at. "Learn to play" resumes
from both if they load, and starts the deal afresh otherwise.
"""

from __future__ import annotations

import logging

from vikings.content.data import load_lesson
from vikings.engine import new_game
from vikings.ui import flow
from vikings.ui.lesson.coach import PROGRESS_VERSION, Coach
from vikings.ui.table.match import Match, Seat, load_file

log = logging.getLogger("vikings")

SEATS = (("Astrid", "person", "purple"), ("Ragna", "{bot}", "orange"))


class LessonSession:
    def __init__(self, app, match: Match, coach: Coach):
        self.app = app
        self.match = match
        self.coach = coach
        match.coach = coach

    # Starting ------------------------------------------------------------------------------
    @classmethod
    def start(cls, app, fresh: bool = False) -> LessonSession:
        """Open the lesson at the table: where it stopped, or from its first step."""
        lesson = load_lesson(app.rules)
        storage = app.storage
        resumed = None if fresh else cls._resume(app, lesson)
        if resumed is not None:
            match, index = resumed
        else:
            seats = [(n, k.format(bot=lesson["bot"]), c) for n, k, c in SEATS]
            if lesson["person"] == 1:
                seats.reverse()
            match = Match.new(
                seats, app.rules, seed=lesson["seed"], start_player=lesson["person"], storage=storage, autosave=False
            )
            index = 0
        match.autosave_path = storage.lesson_game_path
        match.autosave_enabled = True
        coach = Coach(lesson, app.rules, index, save=lambda i: cls._save_progress(storage, i))
        coach.handed_over = not match.seats[lesson["person"]].is_person
        session = cls(app, match, coach)
        match.autosave()
        if resumed is not None:
            session._show_again()
        coach.update(match)
        cls._save_progress(storage, coach.index)
        flow.enter_game(app, match)
        from vikings.ui.lesson.overlay import LessonOverlay

        app.scenes.push(LessonOverlay(app, session))
        return session

    @staticmethod
    def _resume(app, lesson):
        """(match, step index) of a lesson left earlier, or None (nothing saved, or a save
        that does not belong to this lesson: it is started afresh)."""
        storage = app.storage
        try:
            doc = storage.read_json(storage.lesson_path)
            match = load_file(storage.lesson_game_path, app.rules, storage)
        except (OSError, ValueError, Exception) as e:  # noqa: BLE001 - a broken file only restarts the lesson
            if storage.lesson_path.exists():
                log.warning("the lesson cannot be resumed, starting afresh: %s", e)
            return None
        index = doc.get("step") if isinstance(doc, dict) and doc.get("version") == PROGRESS_VERSION else None
        played = match.game.actions()
        script = lesson["script"]
        if (
            not isinstance(index, int)
            or match.game.config.seed != lesson["seed"]
            or list(played[: len(script)]) != list(script[: len(played)])
        ):
            return None
        return match, index

    def _show_again(self) -> None:
        """A step waiting on the last decision's events (a scoring, say) needs them shown:
        a loaded game has none pending, so they are queued again."""
        c, m = self.coach, self.match
        s = c.step
        actions = m.game.actions()
        if s is None or s.event is None or not actions:
            return
        if s.at != len(actions) if s.at is not None else not m.game.is_over:
            return  # (a step after the script waits on the game's end)
        game = new_game(m.game.config, m.rules)
        game.quiet = True
        for a in actions[:-1]:
            game.apply(a)
        game.quiet = False
        m.pending.extend(game.apply(actions[-1]))

    @staticmethod
    def _save_progress(storage, index: int) -> None:
        try:
            storage.write_json(storage.lesson_path, {"version": PROGRESS_VERSION, "step": index}, durable=False)
        except OSError as e:  # the lesson goes on (its game's autosave says so at the table)
            log.warning("the lesson's step is not saved: %s", e.strerror or e)

    # Leaving -------------------------------------------------------------------------------
    def leave(self) -> None:
        """Back to the title; the lesson stays saved."""
        base = self.app.scenes.base
        flow.leave_game(self.app, base.ctx)

    def end(self) -> None:
        """Skip or finish: the lesson's files go, and a real game is set up."""
        self.match.close()
        storage = self.app.storage
        for path in (storage.lesson_path, storage.lesson_game_path):
            try:
                path.unlink()
            except OSError:
                pass
        self.app.match = None
        flow.show(self.app, "setup")

    def hand_over(self) -> None:
        """The bot plays the person's seat to the end (the final scoring comes up soon)."""
        m, c = self.match, self.coach
        p = c.person
        m.seats = tuple(Seat(s.name, c.lesson["bot"], s.colour) if i == p else s for i, s in enumerate(m.seats))
        c.handed_over = True
        c.next(m)
        m.autosave()
        self.app.invalidate()


def has_saved_lesson(storage) -> bool:
    return storage.lesson_path.exists() and storage.lesson_game_path.exists()


__all__ = ["LessonSession", "Seat", "has_saved_lesson"]
