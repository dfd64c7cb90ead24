"""The values the Swiss pairing core takes and gives: players in, pairings with flags out.

Flags explain a pairing as data: a stable ``FlagCode`` plus JSON-friendly
params, so the site stores them (``Match.flags`` holds ``[flag.as_dict()]``)
and shows a translated sentence per code. Problems found in a judge-edited
pairing use the same shape, with a severity.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tournaments.core import PlayerId

__all__ = [
    "ByeReason",
    "Flag",
    "FlagCode",
    "Pairing",
    "PairingCheck",
    "Player",
    "Problem",
    "ProblemCode",
    "RoundPairings",
    "Severity",
]


@dataclass(frozen=True, slots=True)
class Player:
    """A player as the pairing sees them before a round.

    ``rank`` is the player's place in the current standings (1 = first); ranks
    must be distinct among players who have not dropped. ``opponents`` holds
    everyone they already played (byes are not opponents).
    """

    id: PlayerId
    points: int
    rank: int
    opponents: frozenset[PlayerId] = frozenset()
    had_bye: bool = False
    dropped: bool = False
    fixed_table: int | None = None


class FlagCode(StrEnum):
    PAIRED_DOWN = "paired_down"  # params: player, from_points, to_points
    BYE = "bye"  # params: reason (a ByeReason), had_bye_before, [preferred_player]
    REMATCH_FORCED = "rematch_forced"  # no rematch-free pairing existed
    REMATCH = "rematch"  # a rematch a rematch-free pairing would have avoided
    FIXED_TABLE = "fixed_table"  # params: player, table
    FIXED_TABLE_CONFLICT = "fixed_table_conflict"  # params: player, table (not honoured)
    OTHER_POD = "other_pod"  # params: players (a draft's odd ones out of two pods)
    NO_LEGAL_DECK = "no_legal_deck"  # params: player (a drafter with no legal deck)


class ByeReason(StrEnum):
    RANDOM_FIRST_ROUND = "random_first_round"
    LOWEST_RANKED_WITHOUT_BYE = "lowest_ranked_without_bye"
    EVERYONE_HAD_BYE = "everyone_had_bye"
    AVOIDS_REMATCH = "avoids_rematch"
    JUDGE_ASSIGNED = "judge_assigned"


def _plain(params: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """Params as JSON-ready data (tuples of ids become lists)."""
    return {key: list(value) if isinstance(value, tuple) else value for key, value in params}


@dataclass(frozen=True, slots=True)
class Flag:
    """Why a pairing is what it is: a stable code and its params (immutable, hashable)."""

    code: FlagCode
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, code: FlagCode, **params: Any) -> Flag:
        return cls(code, tuple(sorted(params.items())))

    def param(self, name: str) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, "params": _plain(self.params)}


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round. ``player_b`` is ``None`` for the bye.

    Player A has at least as many points as player B (the better-ranked of
    the two when equal).
    """

    table: int
    player_a: PlayerId
    player_b: PlayerId | None
    flags: tuple[Flag, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    def has(self, code: FlagCode) -> bool:
        return any(flag.code == code for flag in self.flags)


@dataclass(frozen=True, slots=True)
class RoundPairings:
    """The pairings of a round, top table first and the bye last.

    ``exact_solves`` counts the exact matchings the core had to run (0 when the
    fast pairing proved itself optimal); kept for audit and diagnostics.
    """

    round_number: int
    seed: int | str
    pairings: tuple[Pairing, ...]
    exact_solves: int = 0


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class ProblemCode(StrEnum):
    PLAYER_TWICE = "player_twice"
    MISSING_PLAYER = "missing_player"
    UNKNOWN_PLAYER = "unknown_player"
    DROPPED_PLAYER_PAIRED = "dropped_player_paired"
    SELF_PAIRED = "self_paired"
    REMATCH = "rematch"  # warning when no rematch-free pairing exists
    SEVERAL_BYES = "several_byes"
    SECOND_BYE = "second_bye"  # warning: another player had no bye yet
    TABLE_TWICE = "table_twice"
    FIXED_TABLE_IGNORED = "fixed_table_ignored"  # warning


@dataclass(frozen=True, slots=True)
class Problem:
    code: ProblemCode
    severity: Severity
    params: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code.value,
            "severity": self.severity.value,
            "params": _plain(self.params),
        }


@dataclass(frozen=True, slots=True)
class PairingCheck:
    """A judge-edited pairing, re-flagged, and what is wrong with it."""

    pairings: tuple[Pairing, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not any(p.severity == Severity.ERROR for p in self.problems)
