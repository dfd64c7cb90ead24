"""Storing a confirmed result: the match's score and winner, its games, the standings bump.

The statements of the report path are compiled once (``config.row_writes``) and run together
where the database can.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from config import clock
from config.row_writes import RowInsert, RowUpdate
from tournaments import match_scores
from tournaments.happenings import Happening, happened
from tournaments.models import Game, Match, ResultReport
from tournaments.models.choices import MatchStatus, RecordPolicy
from tournaments.services.results.validation import ReportedResult, random_winner_of
from tournaments.services.standings import bump_statement


def _save_games(match: Match, result: ReportedResult, decisions: tuple, *, replace: bool) -> None:
    if replace:
        Game.objects.filter(match=match).delete()
    if not result.games:
        return
    games = []
    for number, (game, decision) in enumerate(zip(result.games, decisions, strict=True), start=1):
        games.append(
            Game(
                match=match,
                number=number,
                random_winner=random_winner_of(game, decision),
                chooser=decision.chooser.value if decision else (game.get("chooser") or ""),
                choice_reason=decision.reason.value if decision else "",
                choice=decision.choice.value if decision else "",
                winner=game["winner"],
                by_penalty=bool(game.get("by_penalty", False)),
                side_a=game.get("side_a", ""),
                score=game.get("score"),
                record=game.get("record")
                if match.round.event.record_policy != RecordPolicy.IGNORE
                else None,
            )
        )
    Game.objects.bulk_create(games)


def store_record(match: Match, result: ReportedResult, decisions: tuple) -> None:
    """The games of a result already confirmed on its score, once the players agree on them
    (any games stored before are replaced)."""
    _save_games(match, result, decisions, replace=True)


OVERRIDE_WINNER = {"match_loss_a": "b", "match_loss_b": "a", "double_loss": ""}


def confirm_result(
    match: Match,
    result: ReportedResult,
    decisions: tuple,
    source: str,
    override: str = "",
    *,
    replace: bool = True,
    with_report: Callable[..., object] | None = None,
) -> None:
    """Store the result; ``replace=False`` when the match never had a result (no old games).
    ``with_report`` writes the confirming player's report together with the confirmation
    and the standings version bump (one statement where the database can)."""
    match.games_won_a, match.games_won_b, match.games_drawn = result.score
    match.status = MatchStatus.CONFIRMED
    match.result_source = source
    match.confirmed_at = clock.now()
    match.override = override
    if override:
        match.winner = OVERRIDE_WINNER[override]
    else:
        outcome = match_scores.MatchScore(*result.score).outcome
        match.winner = "" if outcome == match_scores.MatchOutcome.DRAW else outcome.value
    confirm, bump = report_writes().confirm, bump_statement(match.round.event_id)
    if with_report is None:
        confirm(match, bump)
    else:
        with_report(confirm.statement(match), bump)
    _save_games(match, result, decisions, replace=replace)
    happened(
        match.round.event, Happening.RESULT_CONFIRMED, Happening.STANDINGS_CHANGED, match=match
    )


class ReportWrites:
    """The statements of the report path, compiled once (see ``config.row_writes``)."""

    def __init__(self) -> None:
        report_fields = ["games_won_a", "games_won_b", "games_drawn", "games", "idempotency_key"]
        report_fields += ["reported_by", "updated_at"]
        self.insert_report = RowInsert(ResultReport)
        self.update_report = RowUpdate(ResultReport, report_fields)
        self.match_status = RowUpdate(Match, ["status"])
        self.confirm = RowUpdate(
            Match,
            [
                "games_won_a",
                "games_won_b",
                "games_drawn",
                "status",
                "result_source",
                "confirmed_at",
                "winner",
                "override",
            ],
        )


@functools.cache
def report_writes() -> ReportWrites:
    return ReportWrites()
