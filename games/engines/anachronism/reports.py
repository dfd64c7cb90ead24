"""What happened in each assault (reveals, initiative, discards, effects, actions), for replays."""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engines.anachronism.combat import Dice
from games.engines.anachronism.types import NORTH, SOUTH


class Step(NamedTuple):
    """One step of an assault as the replay shows it."""

    side: str | None
    kind: str
    detail: dict[str, Any]


class AssaultReport:
    """What happened in one assault: reveals, initiative, discards, effects and actions."""

    __slots__ = ("discards", "first", "initiative_rolls", "life", "number", "revealed", "steps")

    def __init__(self, number: int) -> None:
        self.number = number
        self.revealed: dict[str, str | None] = {NORTH: None, SOUTH: None}
        self.first: str | None = None
        self.initiative_rolls: list[tuple[Dice, Dice]] = []
        self.discards: dict[str, list[str]] = {NORTH: [], SOUTH: []}
        self.steps: list[Step] = []
        self.life: dict[str, int] = {}

    def copy(self) -> AssaultReport:
        new = AssaultReport(self.number)
        new.revealed = dict(self.revealed)
        new.first = self.first
        new.initiative_rolls = list(self.initiative_rolls)
        new.discards = {side: list(cards) for side, cards in self.discards.items()}
        new.steps = list(self.steps)
        new.life = dict(self.life)
        return new

    def as_dict(self) -> dict[str, Any]:
        return {
            "assault": self.number,
            "revealed": dict(self.revealed),
            "first": self.first,
            "initiative_rolls": [
                {NORTH: list(n), SOUTH: list(s)} for n, s in self.initiative_rolls
            ],
            "discards": {side: list(cards) for side, cards in self.discards.items()},
            "steps": [{"side": s.side, "kind": s.kind, **s.detail} for s in self.steps],
            "life": dict(self.life),
        }
