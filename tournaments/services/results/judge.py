"""Judges enter or override a result, at any time; audited with before and after.

Never on a match the judge plays in (``tournaments.services.own_match``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError
from tournaments import match_scores
from tournaments.models import Game, Match, ResultReport
from tournaments.models.choices import MatchStatus, ResultSource, RoundKind, RoundStatus
from tournaments.services.audit import audit_record
from tournaments.services.events import refuse_if_finished
from tournaments.services.locking import lock_match
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.permissions import ensure_allowed
from tournaments.services.results.storing import OVERRIDE_WINNER, confirm_result
from tournaments.services.results.validation import ReportedResult, validate_result


def result_snapshot(match: Match) -> dict[str, Any]:
    """What the audit log keeps of a match's result."""
    return {
        "status": match.status,
        "games_won_a": match.games_won_a,
        "games_won_b": match.games_won_b,
        "games_drawn": match.games_drawn,
        "source": match.result_source,
        "override": match.override,
    }


@judge_action("result.set")
def refuse_own_match(actor: User, match: Match) -> None:
    """The result page's refusal of a judge who plays in the match, audited like the
    service's (``tournaments.services.own_match``)."""
    refuse_if_party(actor, event=match.round.event, match=match)


@judge_action("result.set")
@transaction.atomic
def match_set_result(
    *,
    actor: User,
    match_id: int,
    result: ReportedResult,
    reason: str = "",
    source: str = ResultSource.JUDGE,
    override: str = "",
) -> Match:
    """A judge enters or overrides a result, at any time; audited with before and after.
    Never the judge's own match (``tournaments.services.own_match``)."""
    match = lock_match(match_id)
    ensure_allowed(actor, "tournaments.run_event", match.round.event)
    refuse_if_party(actor, event=match.round.event, match=match)
    refuse_if_finished(match.round.event)
    if match.is_bye:
        raise ConflictError(_("A bye has no result to change."))
    if match.round.status == RoundStatus.DRAFT:
        raise ConflictError(_("The pairings of this round are not published yet."))
    decisions = validate_result(match, result, override=override)
    _refuse_changing_a_decided_bracket(match, result)
    before = result_snapshot(match)
    ResultReport.objects.create(
        match=match,
        registration=None,
        reported_by=actor,
        games_won_a=result.games_won_a,
        games_won_b=result.games_won_b,
        games_drawn=result.games_drawn,
        games=result.games,
    )
    if override and override not in OVERRIDE_WINNER:
        raise DomainError(
            _("Unknown match outcome %(value)r.") % {"value": override}, field="override"
        )
    # A score alone keeps the players' game-by-game record when it agrees with it; a
    # different score replaces that record, and the audit entry counts the games dropped.
    stored = list(Game.objects.filter(match=match).values_list("winner", flat=True))
    keep = not result.games and _score_of_winners(stored) == result.score
    confirm_result(match, result, decisions, source, override, replace=not keep)
    after = result_snapshot(match)
    match.games_replaced = 0 if keep or result.games else len(stored)
    if match.games_replaced:
        after["games_replaced"] = match.games_replaced
    audit_record(
        event=match.round.event,
        actor=actor,
        action="result.set",
        target=f"round {match.round.number} table {match.table}",
        before=before,
        after=after,
        reason=reason,
    )
    return match


def _score_of_winners(winners: list[str]) -> tuple[int, int, int] | None:
    """The score stored games add up to (games won by A, by B, drawn); None without games."""
    if not winners:
        return None
    return (winners.count("a"), winners.count("b"), winners.count("draw"))


def _refuse_changing_a_decided_bracket(match: Match, result: ReportedResult) -> None:
    if match.round.kind != RoundKind.TOP_CUT or match.status != MatchStatus.CONFIRMED:
        return
    outcome = match_scores.MatchScore(*result.score).outcome.value
    later = match.round.event.rounds.filter(number__gt=match.round.number).exists()
    if later and outcome != match.winner:
        raise ConflictError(
            _(
                "The next bracket round is already paired; this change would "
                "send a different player through."
            )
        )
