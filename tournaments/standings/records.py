"""Inputs of the standings and each player's record as of a round.

This module owns what a confirmed result means for the players in it: match
points (win 3, draw 1, loss 0), games, and who the opponents were. The
tiebreaks read these records and nothing else.

Choices made here:

* A bye is a ``MatchResult`` with ``player_b=None``. It is a match win 2-0 for
  its player (three match points, two games won) and has no opponent. Report it
  as 2-0-0 or leave the games at 0-0-0; any other score is refused.
* The match winner is whoever won more games (``MatchScore.outcome``), unless an
  ``override`` says otherwise. Overrides exist because a penalty can decide a
  match whatever the games say: ``match_loss_a`` / ``match_loss_b`` (that player
  gets a match loss and the opponent the win) and ``double_loss`` (both get a
  loss and no points, e.g. both players disqualified from the match). The games
  stay as reported and count in the game-win percentages; the usual record for
  a match loss is 0-2.
* A player appears in at most one result per round; a result names two
  different known players; game counts are non-negative. Best-of-N validity is
  checked where reports come in (``tournaments.match_scores``), not here, so
  standings also work for formats with other match lengths.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.core import CoreError, PlayerId
from tournaments.match_scores import MatchOutcome, NegativeGamesError

__all__ = [
    "DuplicatePlayerError",
    "InvalidByeError",
    "InvalidRoundError",
    "MatchResult",
    "Override",
    "PlayerTwiceInRoundError",
    "Record",
    "SelfMatchError",
    "StandingsError",
    "StandingsPlayer",
    "UnknownPlayerError",
    "build_records",
]

WIN_POINTS, DRAW_POINTS = 3, 1


class Override(StrEnum):
    NONE = "none"
    MATCH_LOSS_A = "match_loss_a"
    MATCH_LOSS_B = "match_loss_b"
    DOUBLE_LOSS = "double_loss"


@dataclass(frozen=True, slots=True)
class StandingsPlayer:
    """A registered player. ``dropped_after_round`` (if known) dates the drop."""

    id: PlayerId
    dropped: bool = False
    dropped_after_round: int | None = None
    # What the seeded draw between fully tied players hashes instead of ``id``: a name
    # that is the same on every install (the username), so an event moved to another
    # install (event archives) keeps its standings though its ids change.
    tie_name: str | None = None

    def dropped_as_of(self, round_number: int) -> bool:
        if not self.dropped:
            return False
        return self.dropped_after_round is None or self.dropped_after_round <= round_number


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A confirmed match result (``player_b=None`` for a bye)."""

    round: int
    player_a: PlayerId
    player_b: PlayerId | None
    games_won_a: int = 0
    games_won_b: int = 0
    games_drawn: int = 0
    override: Override = Override.NONE

    @classmethod
    def bye(cls, round_number: int, player: PlayerId) -> MatchResult:
        return cls(round_number, player, None, 2, 0, 0)

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    def outcome(self) -> MatchOutcome | None:
        """Who won the match: a side, a draw, or ``None`` for a double loss."""
        if self.override == Override.NONE:
            if self.player_b is None or self.games_won_a > self.games_won_b:
                return MatchOutcome.A_WINS
            if self.games_won_b > self.games_won_a:
                return MatchOutcome.B_WINS
            return MatchOutcome.DRAW
        return _OVERRIDDEN[self.override]


_A_WINS, _B_WINS, _DRAW = MatchOutcome.A_WINS, MatchOutcome.B_WINS, MatchOutcome.DRAW
_OVERRIDDEN = {
    Override.MATCH_LOSS_A: MatchOutcome.B_WINS,
    Override.MATCH_LOSS_B: MatchOutcome.A_WINS,
    Override.DOUBLE_LOSS: None,
}


@dataclass(frozen=True, slots=True)
class Record:
    """One player's matches and games up to a round. Byes count in wins and games."""

    player: PlayerId
    dropped: bool
    wins: int
    losses: int
    draws: int
    byes: int
    games_won: int
    games_lost: int
    games_drawn: int
    opponents: tuple[PlayerId, ...]

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def match_points(self) -> int:
        return WIN_POINTS * self.wins + DRAW_POINTS * self.draws

    @property
    def games(self) -> int:
        return self.games_won + self.games_lost + self.games_drawn

    @property
    def game_points(self) -> int:
        return WIN_POINTS * self.games_won + DRAW_POINTS * self.games_drawn


class StandingsError(CoreError):
    code = "standings_error"


class DuplicatePlayerError(StandingsError):
    code = "duplicate_player"


class UnknownPlayerError(StandingsError):
    code = "unknown_player"


class SelfMatchError(StandingsError):
    code = "self_match"


class PlayerTwiceInRoundError(StandingsError):
    code = "player_twice_in_round"


class InvalidRoundError(StandingsError):
    code = "invalid_round"


class InvalidByeError(StandingsError):
    code = "invalid_bye"


def _check_result(result: MatchResult, known: set[PlayerId]) -> None:
    if not isinstance(result.round, int) or result.round < 1:
        raise InvalidRoundError(
            f"result {result!r}: round {result.round!r} is not a round number (1 or more)",
            round=result.round,
        )
    for player in (result.player_a, result.player_b):
        if player is not None and player not in known:
            raise UnknownPlayerError(
                f"result {result!r} names player {player!r}, who is not in the event",
                player=player,
                round=result.round,
            )
    if result.player_a == result.player_b:
        raise SelfMatchError(
            f"result {result!r}: a player cannot play a match against themself",
            player=result.player_a,
            round=result.round,
        )
    games = (result.games_won_a, result.games_won_b, result.games_drawn)
    if min(games) < 0:
        raise NegativeGamesError(
            f"result {result!r}: game counts cannot be negative",
            games_won_a=games[0],
            games_won_b=games[1],
            games_drawn=games[2],
        )
    if result.is_bye and (games not in ((2, 0, 0), (0, 0, 0)) or result.override != "none"):
        raise InvalidByeError(
            f"result {result!r}: a bye counts as a 2-0 win; report it as 2-0-0 (or 0-0-0)"
            " and without an override",
            player=result.player_a,
            round=result.round,
        )


def build_records(
    players: Sequence[StandingsPlayer],
    results: Iterable[MatchResult],
    *,
    as_of_round: int | None = None,
) -> dict[PlayerId, Record]:
    """Every player's record from the results of rounds up to ``as_of_round`` (all if None).

    Every result is checked, including those after ``as_of_round``.
    """
    known: set[PlayerId] = set()
    for player in players:
        if player.id in known:
            raise DuplicatePlayerError(f"player {player.id!r} is listed twice", player=player.id)
        known.add(player.id)
    last_round = as_of_round if as_of_round is not None else 1 << 30
    # Per player: wins, losses, draws, byes, games won, games lost, games drawn, opponents.
    tally: dict[PlayerId, list] = {pid: [0, 0, 0, 0, 0, 0, 0, []] for pid in known}
    rosters: dict[int, list[PlayerId]] = {}  # who played in each round
    no_override = Override.NONE
    for result in results:
        rnd, a, b = result.round, result.player_a, result.player_b
        won_a, won_b, drawn = result.games_won_a, result.games_won_b, result.games_drawn
        ta = tally.get(a)
        tb = tally.get(b) if b is not None else None
        if (
            ta is None
            or a == b
            or type(rnd) is not int
            or rnd < 1
            or won_a < 0
            or won_b < 0
            or drawn < 0
            or (tb is None and b is not None)  # an unknown opponent
            or (  # a bye must be 2-0-0 or 0-0-0, without override
                b is None
                and (won_b or drawn or won_a not in (0, 2) or result.override != no_override)
            )
        ):
            _check_result(result, known)
        roster = rosters.get(rnd)
        if roster is None:
            roster = rosters[rnd] = []
        roster.append(a)
        if tb is None:
            if rnd <= last_round:
                ta[0] += 1
                ta[3] += 1
                ta[4] += 2
            continue
        roster.append(b)
        if rnd > last_round:
            continue
        ta[7].append(b)
        tb[7].append(a)
        ta[4] += won_a
        ta[5] += won_b
        ta[6] += drawn
        tb[4] += won_b
        tb[5] += won_a
        tb[6] += drawn
        # MatchResult.outcome(), inlined: this loop is the hot path of the standings.
        if result.override == no_override:
            outcome = _A_WINS if won_a > won_b else _B_WINS if won_b > won_a else _DRAW
        else:
            outcome = _OVERRIDDEN[result.override]
        if outcome is _A_WINS:
            ta[0] += 1
            tb[1] += 1
        elif outcome is _B_WINS:
            ta[1] += 1
            tb[0] += 1
        elif outcome is _DRAW:
            ta[2] += 1
            tb[2] += 1
        else:  # double loss
            ta[1] += 1
            tb[1] += 1
    for rnd, roster in rosters.items():
        if len(set(roster)) != len(roster):
            _twice(rnd, roster)
    return {
        player.id: Record(
            player.id,
            player.dropped_as_of(last_round),
            *tally[player.id][:7],
            opponents=tuple(tally[player.id][7]),
        )
        for player in players
    }


def _twice(rnd: int, roster: list[PlayerId]) -> None:
    seen: set[PlayerId] = set()
    for player in roster:
        if player in seen:
            raise PlayerTwiceInRoundError(
                f"player {player!r} has two results in round {rnd}", player=player, round=rnd
            )
        seen.add(player)
