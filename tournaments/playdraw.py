"""Who chooses to play first or second in each game of a match (the DAR "partir o robar" rule).

This module owns the rule and the check of a reported sequence of games. The
site stores, per game, who chose, why, the choice and the winner (the ``Game``
model); this core says who had to choose and refuses a report in which the
wrong player chose.

The rule, as the project reads it (docs/readings.md, Humankind: "Play or draw"):

* Game 1, game 3 and every game after the third: the player who won a random
  method held for that game (coin or die, recorded) chooses.
* Game 2: the player who lost game 1 chooses, also when game 1 was lost to a
  penalty (a game loss for an infraction). If game 1 was a draw, the player who
  chose in game 1 chooses again.
* The chooser picks ``first`` (plays first and does not draw in their first
  Communion) or ``second``. A chooser who declares nothing plays first.

A game given as a loss by penalty before it started has no chooser: report it
with ``by_penalty=True`` and no ``chooser``; its ``PlayDraw`` is ``None`` unless
the random winner for it is known.

Sides are ``"a"`` and ``"b"`` (the match's player A and player B), as in the
``Match`` model; plain strings are accepted wherever a ``Side`` is expected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.core import CoreError
from tournaments.match_scores import MatchScore, wins_needed

__all__ = [
    "Choice",
    "ChooserReason",
    "GameAfterMatchEndError",
    "GameReport",
    "InvalidGameReportError",
    "MissingRandomWinnerError",
    "PenaltyDrawError",
    "PlayDraw",
    "PlayDrawError",
    "Side",
    "WrongChooserError",
    "check_games",
    "chooser_for_game",
    "decide",
    "first_player",
    "score_of",
    "winner_orders",
]


class Side(StrEnum):
    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class Choice(StrEnum):
    FIRST = "first"
    SECOND = "second"


class ChooserReason(StrEnum):
    """Why a player chooses; stored with the game (at most 30 characters each)."""

    WON_RANDOM_METHOD = "won_random_method"
    LOST_GAME_1 = "lost_game_1"
    LOST_GAME_1_BY_PENALTY = "lost_game_1_by_penalty"
    CHOSE_IN_DRAWN_GAME_1 = "chose_in_drawn_game_1"


RULE_TEXT: Mapping[ChooserReason, str] = {
    ChooserReason.WON_RANDOM_METHOD: (
        "in games 1 and 3, and in any game after the third, the player who won the random"
        " method (coin or die) held for that game chooses to play first or second"
    ),
    ChooserReason.LOST_GAME_1: (
        "in game 2 the player who lost game 1 chooses, even when that loss was a penalty"
    ),
    ChooserReason.LOST_GAME_1_BY_PENALTY: (
        "in game 2 the player who lost game 1 chooses, even when that loss was a penalty"
    ),
    ChooserReason.CHOSE_IN_DRAWN_GAME_1: (
        "game 1 was a draw, so the player who chose in game 1 chooses again in game 2"
    ),
}

_WINNERS = frozenset({"a", "b", "draw"})


@dataclass(frozen=True, slots=True)
class GameReport:
    """One reported game: its winner (``"a"``, ``"b"`` or ``"draw"``) and the choice made."""

    winner: str
    chooser: Side | str | None = None
    choice: Choice | str | None = None
    by_penalty: bool = False


@dataclass(frozen=True, slots=True)
class PlayDraw:
    """Who chose in a game, why, what they chose (``first`` if nothing was declared)."""

    game: int
    chooser: Side
    reason: ChooserReason
    choice: Choice
    declared: bool
    first: Side


class PlayDrawError(CoreError):
    code = "play_draw_error"


class WrongChooserError(PlayDrawError):
    code = "wrong_chooser"


class MissingRandomWinnerError(PlayDrawError):
    code = "missing_random_winner"


class GameAfterMatchEndError(PlayDrawError):
    code = "game_after_match_end"


class PenaltyDrawError(PlayDrawError):
    code = "penalty_draw"


class InvalidGameReportError(PlayDrawError):
    code = "invalid_game_report"


def _side(value: Side | str, *, game: int, field: str) -> Side:
    try:
        return Side(value)
    except ValueError:
        raise InvalidGameReportError(
            f"game {game}: {field} {value!r} is not a side (expected 'a' or 'b')",
            game=game,
            field=field,
            value=str(value),
        ) from None


def _choice(value: Choice | str | None, *, game: int) -> Choice | None:
    if value is None:
        return None
    try:
        return Choice(value)
    except ValueError:
        raise InvalidGameReportError(
            f"game {game}: choice {value!r} is not 'first' or 'second'",
            game=game,
            field="choice",
            value=str(value),
        ) from None


def chooser_for_game(
    game: int,
    earlier: Sequence[GameReport],
    *,
    random_winners: Mapping[int, Side | str],
) -> tuple[Side, ChooserReason]:
    """Who chooses play or draw in game ``game`` and why.

    ``earlier`` holds at least game 1 when ``game`` is 2. ``random_winners``
    maps a game number to the winner of the random method held for it; it is
    needed for game 1, for game 2 after a drawn game 1, and for games 3 on.
    """
    if game < 1:
        raise InvalidGameReportError(
            f"game number {game} is not a game (games are numbered from 1)",
            game=game,
            field="game",
            value=game,
        )
    if game == 2:
        if not earlier:
            raise InvalidGameReportError(
                "game 2: the result of game 1 is needed to know who chooses",
                game=2,
                field="earlier",
                value=0,
            )
        first_game = earlier[0]
        if first_game.winner == "draw":
            return _random_winner(1, random_winners), ChooserReason.CHOSE_IN_DRAWN_GAME_1
        loser = _side(first_game.winner, game=1, field="winner").other
        reason = (
            ChooserReason.LOST_GAME_1_BY_PENALTY
            if first_game.by_penalty
            else ChooserReason.LOST_GAME_1
        )
        return loser, reason
    return _random_winner(game, random_winners), ChooserReason.WON_RANDOM_METHOD


def _random_winner(game: int, random_winners: Mapping[int, Side | str]) -> Side:
    if game not in random_winners:
        raise MissingRandomWinnerError(
            f"game {game}: the winner of the random method for game {game} is needed:"
            f" {RULE_TEXT[ChooserReason.WON_RANDOM_METHOD]}",
            game=game,
        )
    return _side(random_winners[game], game=game, field="random winner")


def first_player(chooser: Side | str, choice: Choice | str | None) -> Side:
    """Who plays first: the chooser, unless they chose ``second`` (no choice = first)."""
    side = Side(chooser)
    return side.other if choice is not None and Choice(choice) is Choice.SECOND else side


def decide(
    game: int,
    earlier: Sequence[GameReport],
    *,
    random_winners: Mapping[int, Side | str],
    choice: Choice | str | None = None,
) -> PlayDraw:
    """The play-or-draw decision for game ``game``, given the games before it."""
    chooser, reason = chooser_for_game(game, earlier, random_winners=random_winners)
    declared = _choice(choice, game=game)
    effective = declared or Choice.FIRST
    return PlayDraw(
        game=game,
        chooser=chooser,
        reason=reason,
        choice=effective,
        declared=declared is not None,
        first=first_player(chooser, effective),
    )


def score_of(games: Sequence[GameReport]) -> MatchScore:
    """The match score a sequence of games adds up to."""
    won_a = sum(1 for g in games if g.winner == "a")
    won_b = sum(1 for g in games if g.winner == "b")
    return MatchScore(won_a, won_b, len(games) - won_a - won_b)


def winner_orders(
    won: Mapping[str, int],
    draws: int,
    *,
    best_of: int = 3,
    fixed: Mapping[int, str] | None = None,
) -> list[tuple[str, ...]]:
    """Every order of game winners a score can come from: ``won`` maps the two sides (any two
    labels) to their games won, ``draws`` is the drawn games (``"draw"``). No game follows
    the one that won the match; ``fixed`` maps game numbers to a winner known beforehand (a
    game lost by penalty). A report form asks who won a game only where these orders differ."""
    need = wins_needed(best_of)
    fixed = fixed or {}
    sides = list(won)
    orders: list[tuple[str, ...]] = []

    def extend(order: tuple[str, ...], left: dict[str, int]) -> None:
        if not any(left.values()):
            orders.append(order)
            return
        if any(order.count(side) >= need for side in sides):
            return  # the match was already over: no further game
        for winner in (*sides, "draw"):
            if left[winner] and fixed.get(len(order) + 1, winner) == winner:
                extend((*order, winner), {**left, winner: left[winner] - 1})

    extend((), {**{side: won[side] for side in sides}, "draw": draws})
    return orders


def check_games(
    games: Sequence[GameReport],
    *,
    random_winners: Mapping[int, Side | str],
    best_of: int = 3,
) -> tuple[PlayDraw | None, ...]:
    """Check a reported sequence of games (game 1 first); return each game's decision.

    Refuses: a winner that is not a/b/draw, a penalty game reported as a draw, a
    game after a player already won the match, and a game whose reported
    chooser is not the player the rule names (``WrongChooserError``). An
    unreported chooser is filled in. A game lost by penalty with no chooser
    yields ``None`` when its random winner is unknown (it was never started).
    """
    need = wins_needed(best_of)
    decisions: list[PlayDraw | None] = []
    wins = {"a": 0, "b": 0}
    for index, report in enumerate(games):
        number = index + 1
        if report.winner not in _WINNERS:
            raise InvalidGameReportError(
                f"game {number}: winner {report.winner!r} is not 'a', 'b' or 'draw'",
                game=number,
                field="winner",
                value=str(report.winner),
            )
        if max(wins.values()) >= need:
            raise GameAfterMatchEndError(
                f"game {number} was reported, but the match ended when a player won {need}"
                f" games in best of {best_of}",
                game=number,
                best_of=best_of,
            )
        if report.by_penalty and report.winner == "draw":
            raise PenaltyDrawError(
                f"game {number} is reported as lost by penalty but also as a draw:"
                " a game loss has a loser",
                game=number,
            )
        decisions.append(_checked_decision(number, report, games[:index], random_winners))
        if report.winner != "draw":
            wins[report.winner] += 1
    return tuple(decisions)


def _checked_decision(
    number: int,
    report: GameReport,
    earlier: Sequence[GameReport],
    random_winners: Mapping[int, Side | str],
) -> PlayDraw | None:
    unplayed_penalty = report.by_penalty and report.chooser is None
    if unplayed_penalty and number != 2 and number not in random_winners:
        return None
    decision = decide(number, earlier, random_winners=random_winners, choice=report.choice)
    if report.chooser is not None:
        reported = _side(report.chooser, game=number, field="chooser")
        if reported is not decision.chooser:
            raise WrongChooserError(
                f"game {number}: player {reported.value} chose play or draw, but player"
                f" {decision.chooser.value} must choose: {RULE_TEXT[decision.reason]}",
                game=number,
                reported=reported.value,
                expected=decision.chooser.value,
                reason=decision.reason.value,
            )
    return decision
