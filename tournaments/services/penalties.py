"""Penalties: warnings, game losses, match losses and disqualifications, each for an
infraction and in a round, all audited. A game loss given too late for the player's match
waits for their next match (``attach_next_match_penalties``)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError
from tournaments import match_scores
from tournaments.event_settings import game_and_format_words
from tournaments.infractions import get_infraction
from tournaments.models import Event, Match, Penalty, Round
from tournaments.models.choices import (
    MatchStatus,
    PenaltyKind,
    ResultSource,
    RoundStatus,
)
from tournaments.services.audit import audit_record
from tournaments.services.events import refuse_if_finished
from tournaments.services.locking import (
    event_of_registration,
    lock_event,
    lock_match,
    lock_registration,
)
from tournaments.services.own_match import judge_action, refuse_if_party
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


def _latest_round(event_id: int) -> Round | None:
    """The round in progress or last played (a published one), when a penalty is given."""
    return (
        Round.objects.filter(event_id=event_id)
        .exclude(status=RoundStatus.DRAFT)
        .order_by("-number")
        .first()
    )


def _next_game(match: Match, requested: int | None, best_of: int) -> int:
    """The game a game loss applies to: the next game to be played in the match. Games an
    earlier game loss took are over, so the next one comes after the last of them; a judge
    who knows more games were played names the game."""
    taken = sorted(
        Penalty.objects.filter(match=match, kind=PenaltyKind.GAME_LOSS).values_list(
            "game_number", flat=True
        )
    )
    taken = [n for n in taken if n]
    number = requested or (max(taken) + 1 if taken else 1)
    if number < 1 or number > best_of:
        raise DomainError(
            _("A game loss applies to one of the match's games."), field="game_number"
        )
    if number in taken:
        raise ConflictError(
            _("Game %(n)s of this match is already lost to a game loss.") % {"n": number},
            field="game_number",
        )
    return number


def _checked_kind(
    event: Event, infraction: str, kind: str, deviation_reason: str
) -> tuple[str, str]:
    """The penalty for the infraction (its default unless the judge chose another, with a
    reason), and the reason kept for a different one. An infraction of another game or
    format than the event's is refused (``Infraction.applies``)."""
    found = None
    if infraction:
        found = get_infraction(infraction)
        if found is None:
            raise DomainError(
                _("Unknown infraction %(code)r.") % {"code": infraction}, field="infraction"
            )
        if not found.applies(game=event.game, format=event.format):
            raise DomainError(
                _("“%(infraction)s” is not an infraction of this event (%(event)s).")
                % {
                    "infraction": found.label,
                    "event": game_and_format_words(event.game, event.format),
                },
                field="infraction",
                code="infraction_not_applicable",
            )
    kind = kind or (found.default if found else "")
    if not kind:
        raise DomainError(_("Choose the infraction."), field="infraction")
    if kind not in PenaltyKind.values:
        raise DomainError(_("Unknown penalty %(kind)r.") % {"kind": kind}, field="kind")
    if found is None or kind == found.default:
        return kind, ""
    if not deviation_reason.strip():
        raise DomainError(
            _(
                "The usual penalty for “%(infraction)s” is a %(default)s: say why you give "
                "a %(kind)s instead."
            )
            % {
                "infraction": found.label,
                "default": PenaltyKind(found.default).label.lower(),
                "kind": PenaltyKind(kind).label.lower(),
            },
            field="deviation_reason",
        )
    return kind, deviation_reason.strip()


@judge_action("penalty.issue")
@transaction.atomic
def penalty_issue(
    *,
    actor: User,
    registration_id: int,
    reason: str,
    kind: str = "",
    infraction: str = "",
    deviation_reason: str = "",
    match_id: int | None = None,
    game_number: int | None = None,
) -> Penalty:
    """Record a penalty for an infraction: its default penalty unless the judge raises or
    lowers it (``kind``) with a ``deviation_reason``. A game loss takes the next game to be
    played in the player's match; given after that match was confirmed (or between
    rounds), it applies to the player's next match, from game 1. The round it was given in
    is recorded."""
    # The documented lock order: event, then the match, then the registration.
    event = lock_event(event_of_registration(registration_id))
    ensure_allowed(actor, "tournaments.run_event", event)
    refuse_if_finished(event)
    kind, deviation_reason = _checked_kind(event, infraction, kind, deviation_reason)
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
    refuse_if_party(actor, event=event, match=match, registration=registration)
    if match is not None and (
        match.round.event_id != event.pk or match.side_of(registration.pk) is None
    ):
        raise DomainError(_("That match is not this player's."), field="match")
    if kind == PenaltyKind.MATCH_LOSS and match is None:
        raise ConflictError(_("This player has no match in progress to apply it to."))
    if match is not None and match.is_bye and kind != PenaltyKind.WARNING:
        raise ConflictError(_("A bye cannot be lost."))
    unpublished = match is not None and match.round.status == RoundStatus.DRAFT
    round_ = _latest_round(event.pk) if match is None or unpublished else match.round
    next_match = False
    if kind != PenaltyKind.GAME_LOSS:
        game_number = None  # only a game loss names a game (the form says so)
    elif unpublished:
        # The player's next match is already paired (not yet published): its first game.
        next_match, game_number = True, _next_game(match, None, event.games_per_match)
    elif match is None or match.status == MatchStatus.CONFIRMED:
        # Too late for this match: the loss is the first game of the player's next match.
        if not registration.is_active:
            raise ConflictError(_("This player has left the event: there is no next match."))
        match, next_match, game_number = None, True, 1
    else:
        game_number = _next_game(match, game_number, event.games_per_match)
    penalty = Penalty.objects.create(
        event=event,
        registration=registration,
        match=match,
        round=round_,
        infraction=infraction,
        kind=kind,
        deviation_reason=deviation_reason,
        game_number=game_number,
        next_match=next_match,
        reason=reason.strip(),
        issued_by=actor,
    )
    audit_record(
        event=event,
        actor=actor,
        action=f"penalty.{kind}",
        target=registration.name,
        after={
            "match": match.pk if match else None,
            "game": game_number,
            "round": round_.number if round_ else None,
            "infraction": infraction,
            "next_match": next_match,
            "deviation_reason": deviation_reason,
        },
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


def attach_next_match_penalties(round_: Round) -> None:
    """Give each game loss waiting for a player's next match to their match in ``round_``
    (call it while holding the event, after the round's matches are written). A bye cannot
    be lost: the penalty waits for the match after it."""
    waiting = Penalty.objects.filter(event_id=round_.event_id, next_match=True, match__isnull=True)
    for penalty in waiting:
        match = (
            Match.objects.filter(round=round_, seats__registration_id=penalty.registration_id)
            .exclude(player_b__isnull=True)
            .first()
        )
        if match is not None:
            penalty.match = match
            penalty.save(update_fields=["match"])
