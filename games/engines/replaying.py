"""The replay run every engine shares: steps, then the score, then the verdict.

Each game drives its own state through a parsed record (its ``run``); what is
the same for every game is how the outcome becomes a :class:`Verdict`: the
first illegal step refuses the record with the rounds replayed so far, a
legal record whose recorded result is not the replayed one is refused with
both, and anything else is valid with the replayed result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from games.engines.errors import IllegalStepError, ResultMismatchError
from games.engines.verdict import RoundReport, Verdict


class Replayable(Protocol):
    """A game state a record drives: its round reports so far and its final score."""

    reports: Sequence[RoundReport]

    def score(self) -> Mapping[str, Any]: ...


def run_to_verdict(
    game_key: str,
    game: Replayable,
    run: Callable[[], None],
    recorded: Mapping[str, Any],
    settings: Mapping[str, Any],
    mismatch: Callable[[Mapping[str, Any], Mapping[str, Any]], ResultMismatchError] | None = None,
) -> Verdict:
    """Run ``run`` (which applies the record's steps to ``game``) and judge the outcome.

    ``mismatch`` builds the error for a legal record whose ``recorded`` result is
    not the replayed score (by default :class:`ResultMismatchError`).
    """
    try:
        run()
    except IllegalStepError as err:
        return Verdict(game_key, False, error=err, rounds=game.reports, settings=settings)
    score = game.score()
    if score != recorded:
        error = mismatch(recorded, score) if mismatch else ResultMismatchError(recorded, score)
        return Verdict(
            game_key,
            False,
            error=error,
            rounds=game.reports,
            replayed=score,
            settings=settings,
        )
    return Verdict(game_key, True, result=score, rounds=game.reports, settings=settings)
