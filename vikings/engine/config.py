"""How a game is set up: the players, the seed, the advanced options, the rules' edition."""

from __future__ import annotations

from dataclasses import dataclass

from vikings.engine.phases import RULES_VERSION

MAX_HANDICAP = 20  # most extra starting Gold the house rule gives a seat


@dataclass(frozen=True)
class GameConfig:
    """How a game is set up. `start_player` None: drawn at random from the seed.
    `rules_version`: the edition of the rules (phases.RULES_VERSION; 1 only for old saves).
    `handicap`: the house rule of extra starting Gold, one number a seat (empty: none; see
    docs/rulings.md)."""

    players: tuple[str, ...]
    seed: int = 0
    start_player: int | None = None
    options: frozenset[str] = frozenset()  # advanced-game options: any of phases.OPTIONS
    rules_version: int = RULES_VERSION
    handicap: tuple[int, ...] = ()  # extra starting Gold per seat (house rule)

    def to_json(self) -> dict[str, object]:
        doc: dict[str, object] = {
            "players": list(self.players),
            "seed": self.seed,
            "start_player": self.start_player,
            "options": sorted(self.options),
        }
        if self.rules_version != 1:  # version 1 predates the field: its saves have none
            doc["rules_version"] = self.rules_version
        if any(self.handicap):  # written only when used: saves without it read as before
            doc["handicap"] = list(self.handicap)
        return doc
