"""A player who was not checked in when the draft started has no seat: check-in is refused
then (they would be in no pod, and round 1 pairs by pods). A judge either seats them in a
bot's empty seat before that pod's picking starts, or enters them for the Swiss rounds
with a deck list they have submitted (they are then paired with the pods' odd ones out).
Both are audited; both lock the event, then the pod (when there is one), then the
registration."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.errors import ConflictError, DomainError, NotFoundError
from drafts.models import Draft, DraftPhase, DraftSeat
from drafts.services.flow import save_pod, settle
from drafts.services.judge import _event_of_pod
from drafts.services.locking import lock_pod
from drafts.services.seated import refuse_if_seated
from tournaments.models import Registration
from tournaments.models.choices import EventFormat, EventStatus, RegistrationStatus
from tournaments.services.audit import audit_record
from tournaments.services.locking import event_of_registration, lock_event, lock_registration
from tournaments.services.own_match import judge_action
from tournaments.services.permissions import ensure_allowed

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)


def draft_has_started(event_id: int) -> bool:
    return Draft.objects.filter(
        event_id=event_id,
        event__format=EventFormat.BOOSTER_DRAFT,
        started_at__isnull=False,
    ).exists()


def refuse_check_in_without_seat(registrations: Sequence[Registration]) -> None:
    """Check-in (of these players of one event) once the draft has started would leave a
    player with no seat in no pod: refused, saying what a judge can do instead. Two queries
    however many players are checked in at once."""
    if not registrations or not draft_has_started(registrations[0].event_id):
        return
    seated = set(
        DraftSeat.objects.filter(registration__in=registrations).values_list(
            "registration_id", flat=True
        )
    )
    for registration in registrations:
        if registration.pk in seated:
            continue
        raise ConflictError(
            _(
                "The draft has started and %(name)s has no seat, so checking in would leave "
                "them out of round 1. A judge can seat them in a bot's seat of a pod whose "
                "picking has not started (draft console), or, once they have submitted a deck "
                "list, enter them for the Swiss rounds."
            )
            % {"name": registration.name},
            code="draft_started_no_seat",
        )


def _late_registration(registration_id: int, event_id: int) -> Registration:
    registration = lock_registration(registration_id)
    if registration.event_id != event_id:
        raise NotFoundError(_("There is no such registration."))
    if registration.status not in ACTIVE:
        raise ConflictError(_("%(name)s is no longer in the event.") % {"name": registration.name})
    if DraftSeat.objects.filter(registration=registration).exists():
        raise ConflictError(
            _("%(name)s already has a seat in the draft.") % {"name": registration.name},
            code="already_seated",
        )
    return registration


def _check_in(registration: Registration) -> None:
    registration.status = RegistrationStatus.CHECKED_IN
    registration.checked_in_at = registration.checked_in_at or clock.now()
    registration.save(update_fields=["status", "checked_in_at"])


@judge_action("draft.seat_player")
@transaction.atomic
def seat_assign_player(
    *, actor: User, pod_id: int, seat_id: int, registration_id: int, reason: str = ""
) -> DraftSeat:
    """Seat a player who has no seat in a bot's empty seat, before the pod's picking starts
    (they take over whatever the bot holds, such as a deck won at the auction); the player
    is checked in."""
    event = lock_event(_event_of_pod(pod_id))
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status != EventStatus.REGISTRATION:
        raise ConflictError(_("The Swiss rounds have started; the draft is over."))
    pod = lock_pod(pod_id)
    pod.draft.event = event
    refuse_if_seated(actor, pod)  # not by a judge who drafts in this pod
    if settle(pod, clock.now()):
        save_pod(pod)
    if pod.phase not in (DraftPhase.AUCTION, DraftPhase.REVIEW):
        raise ConflictError(
            _("The picking has started at this pod: a new player can no longer take a seat."),
            code="picking_started",
        )
    seat = DraftSeat.objects.filter(pod=pod, pk=seat_id).first()
    if seat is None:
        raise NotFoundError(_("There is no such seat at this pod."))
    if seat.registration_id is not None:
        raise ConflictError(_("This seat is a player's, not an empty bot seat."), code="seat_taken")
    registration = _late_registration(registration_id, event.pk)
    seat.registration = registration
    seat.bot = False
    seat.save(update_fields=["registration", "bot"])
    _check_in(registration)
    pod.version += 1
    save_pod(pod)
    audit_record(
        event=event,
        actor=actor,
        action="draft.seat_player",
        target=f"pod {pod.number}",
        after={"seat": seat.position + 1, "player": registration.name},
        reason=reason,
    )
    return seat


@transaction.atomic
def draft_enter_without_seat(*, actor: User, registration_id: int, reason: str) -> Registration:
    """Enter a player with no seat for the Swiss rounds (checked in; paired from round 1
    with the pods' odd ones out), once they have submitted a deck list; a reason is kept
    in the audit log."""
    from decklists.models import DeckList

    event = lock_event(event_of_registration(registration_id))
    ensure_allowed(actor, "tournaments.run_event", event)
    if not reason.strip():
        raise DomainError(_("Say why the player joins without a seat."), field="reason")
    if event.status != EventStatus.REGISTRATION:
        raise ConflictError(
            _("Round 1 is paired: add the player as a late entry instead."), code="event_running"
        )
    registration = _late_registration(registration_id, event.pk)
    if not DeckList.objects.filter(event=event, player_id=registration.player_id).exists():
        raise ConflictError(
            _("%(name)s has no deck list: they submit one first.") % {"name": registration.name},
            code="no_deck_list",
        )
    _check_in(registration)
    audit_record(
        event=event,
        actor=actor,
        action="draft.enter_without_seat",
        target=registration.name,
        reason=reason,
    )
    return registration
