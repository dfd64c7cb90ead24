"""Penalties: warnings, game losses, match losses and disqualifications, all audited."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError
from tournaments import match_scores
from tournaments.models import Match, Penalty
from tournaments.models.choices import MatchStatus, PenaltyKind, ResultSource
from tournaments.services.audit import audit_record
from tournaments.services.events import refuse_if_finished
from tournaments.services.locking import (
    event_of_registration,
    lock_event,
    lock_match,
    lock_registration,
)
from tournaments.services.permissions import ensure_allowed
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_set_result


def _current_match(registration_id: int) -> Match | None:
    """The player's match in the latest round, if it still has no confirmed result (read
    before the match is locked: the caller checks its state again under the lock)."""
    return (
        Match.objects.filter(seats__registration_id=registration_id)
        .exclude(status=MatchStatus.CONFIRMED)
        .exclude(player_b__isnull=True)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )


def _match_loss_result(match: Match, loser_side: str, best_of: int) -> ReportedResult:
    need = match_scores.wins_needed(best_of)
    return ReportedResult(0, need) if loser_side == "a" else ReportedResult(need, 0)


@transaction.atomic
def penalty_issue(
    *,
    actor: User,
    registration_id: int,
    kind: str,
    reason: str,
    match_id: int | None = None,
    game_number: int | None = None,
) -> Penalty:
    # The documented lock order: event, then the match, then the registration.
    event = lock_event(event_of_registration(registration_id))
    ensure_allowed(actor, "tournaments.run_event", event)
    refuse_if_finished(event)
    if kind not in PenaltyKind.values:
        raise DomainError(_("Unknown penalty %(kind)r.") % {"kind": kind}, field="kind")
    if not reason.strip():
        raise DomainError(_("Give the reason for the penalty."), field="reason")
    match = None
    if match_id is not None:
        match = lock_match(match_id)
    elif kind in (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS, PenaltyKind.DISQUALIFICATION):
        current = _current_match(registration_id)
        if current is not None:
            match = lock_match(current.pk)
    registration = lock_registration(registration_id)
    if match is not None and (
        match.round.event_id != event.pk or match.side_of(registration.pk) is None
    ):
        raise DomainError(_("That match is not this player's."), field="match")
    if kind in (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS) and match is None:
        raise ConflictError(_("This player has no match in progress to apply it to."))
    if match is not None and match.is_bye and kind != PenaltyKind.WARNING:
        raise ConflictError(_("A bye cannot be lost."))
    if kind != PenaltyKind.GAME_LOSS:
        game_number = None  # only a game loss names a game (the form says so)
    else:
        if match.status == MatchStatus.CONFIRMED:
            raise ConflictError(_("The match already has a confirmed result."))
        already = Penalty.objects.filter(match=match, kind=PenaltyKind.GAME_LOSS).count()
        game_number = game_number or already + 1
        if game_number < 1 or game_number > event.games_per_match:
            raise DomainError(
                _("A game loss applies to one of the match's games."), field="game_number"
            )
    penalty = Penalty.objects.create(
        event=event,
        registration=registration,
        match=match,
        kind=kind,
        game_number=game_number,
        reason=reason.strip(),
        issued_by=actor,
    )
    audit_record(
        event=event,
        actor=actor,
        action=f"penalty.{kind}",
        target=registration.name,
        after={"match": match.pk if match else None, "game": game_number},
        reason=reason,
    )
    if kind in (PenaltyKind.MATCH_LOSS, PenaltyKind.DISQUALIFICATION) and match is not None:
        side = match.side_of(registration.pk)
        if match.status != MatchStatus.CONFIRMED or kind == PenaltyKind.MATCH_LOSS:
            match_set_result(
                actor=actor,
                match_id=match.pk,
                result=_match_loss_result(match, side, event.games_per_match),
                reason=reason,
                source=ResultSource.PENALTY,
                override=f"match_loss_{side}",
            )
    if kind == PenaltyKind.DISQUALIFICATION:
        registration_drop(
            actor=actor, registration_id=registration.pk, reason=reason, disqualified=True
        )
    return penalty
