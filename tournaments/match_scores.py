"""Which game scores a match report can have, and what a score means.

This module owns the arithmetic of a best-of-N match with drawn games. Other
modules (standings, result reports, the play-or-draw checker) ask it whether a
score ``(games_won_a, games_won_b, games_drawn)`` can happen and who won.

The reading (see docs/readings.md, Humankind: "Matches"):

* A match is best of N games, N odd (1, 3 or 5). The first player to win
  ``W = (N + 1) // 2`` games wins the match, and no further game is played.
* A drawn game counts for nobody. After a draw the players go on with another
  game (games after the third follow the game-3 play-or-draw rule), so drawn
  games have no upper bound of their own.
* The round can end on time with the match unfinished: then neither player
  reached W wins, and the match goes to whoever won more games (1-0 is a match
  win, 1-1-1 and 0-0-0 are draws).

So ``(a, b, d)`` is possible exactly when ``a, b, d >= 0``, ``a <= W``,
``b <= W`` and not both ``a == W`` and ``b == W``. Events that also cap the
number of games in a match pass ``max_games``; then ``a + b + d <= max_games``.
For best of three: 2-0, 2-1, 2-1-1, 1-0, 1-0-2, 1-1-1, 0-0-1, 0-0-0 are
possible; 3-0, 2-2 and negative counts are not.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from tournaments.core import CoreError

__all__ = [
    "BothPlayersWonError",
    "InvalidBestOfError",
    "MatchOutcome",
    "MatchScore",
    "MatchScoreError",
    "NegativeGamesError",
    "TooManyGamesError",
    "TooManyWinsError",
    "check_score",
    "is_finished",
    "is_possible",
    "possible_scores",
    "wins_needed",
]


class MatchOutcome(StrEnum):
    A_WINS = "a"
    B_WINS = "b"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Games won by each player and drawn games, as a match report gives them."""

    games_won_a: int
    games_won_b: int
    games_drawn: int = 0

    def __str__(self) -> str:
        return f"{self.games_won_a}-{self.games_won_b}-{self.games_drawn}"

    @property
    def games(self) -> int:
        return self.games_won_a + self.games_won_b + self.games_drawn

    @property
    def outcome(self) -> MatchOutcome:
        """More games won wins the match; equal is a draw (whether finished or not)."""
        if self.games_won_a > self.games_won_b:
            return MatchOutcome.A_WINS
        if self.games_won_b > self.games_won_a:
            return MatchOutcome.B_WINS
        return MatchOutcome.DRAW


class MatchScoreError(CoreError):
    code = "match_score_error"


class InvalidBestOfError(MatchScoreError):
    code = "invalid_best_of"


class NegativeGamesError(MatchScoreError):
    code = "negative_games"


class TooManyWinsError(MatchScoreError):
    code = "too_many_wins"


class BothPlayersWonError(MatchScoreError):
    code = "both_players_won"


class TooManyGamesError(MatchScoreError):
    code = "too_many_games"


def wins_needed(best_of: int) -> int:
    """Games a player must win to take a best-of-``best_of`` match (2 in best of three)."""
    if not isinstance(best_of, int) or best_of < 1 or best_of % 2 == 0:
        raise InvalidBestOfError(
            f"best of {best_of!r} is not a match length: it must be an odd number of games"
            " (1, 3, 5, ...)",
            best_of=best_of,
        )
    return (best_of + 1) // 2


def check_score(score: MatchScore, *, best_of: int = 3, max_games: int | None = None) -> MatchScore:
    """Return ``score`` if a best-of-``best_of`` match can end with it; raise otherwise."""
    need = wins_needed(best_of)
    a, b, d = score.games_won_a, score.games_won_b, score.games_drawn
    if min(a, b, d) < 0:
        raise NegativeGamesError(
            f"score {a}-{b}-{d}: game counts cannot be negative",
            games_won_a=a,
            games_won_b=b,
            games_drawn=d,
        )
    if a > need or b > need:
        raise TooManyWinsError(
            f"score {a}-{b}-{d} is impossible in best of {best_of}: the match ends as soon"
            f" as a player wins {need} games",
            games_won_a=a,
            games_won_b=b,
            games_drawn=d,
            best_of=best_of,
            wins_needed=need,
        )
    if a == need and b == need:
        raise BothPlayersWonError(
            f"score {a}-{b}-{d} is impossible in best of {best_of}: only one player can"
            f" reach {need} game wins",
            games_won_a=a,
            games_won_b=b,
            games_drawn=d,
            best_of=best_of,
            wins_needed=need,
        )
    if max_games is not None and a + b + d > max_games:
        raise TooManyGamesError(
            f"score {a}-{b}-{d} has {a + b + d} games, more than the {max_games} this event"
            " allows in a match",
            games_won_a=a,
            games_won_b=b,
            games_drawn=d,
            max_games=max_games,
        )
    return score


def is_possible(score: MatchScore, *, best_of: int = 3, max_games: int | None = None) -> bool:
    """Whether ``check_score`` accepts ``score`` (``best_of`` itself must be valid)."""
    wins_needed(best_of)
    try:
        check_score(score, best_of=best_of, max_games=max_games)
    except MatchScoreError:
        return False
    return True


def is_finished(score: MatchScore, *, best_of: int = 3) -> bool:
    """Whether a player reached the wins needed (otherwise the match ended on time)."""
    need = wins_needed(best_of)
    return max(score.games_won_a, score.games_won_b) == need


def possible_scores(*, best_of: int = 3, max_games: int) -> tuple[MatchScore, ...]:
    """Every possible score with at most ``max_games`` games, in a fixed order."""
    need = wins_needed(best_of)

    def scores() -> Iterator[MatchScore]:
        for a in range(need + 1):
            for b in range(need + 1):
                if a == need and b == need:
                    continue
                for d in range(max_games - a - b + 1):
                    yield MatchScore(a, b, d)

    return tuple(scores())
