"""Deck checks as recorded acts: a judge records whose deck was checked, in which round, when,
by whom, what was found and the penalty given, if any. Locks: the event row first (the
documented order), nothing else is locked: a check adds rows (itself and the list as it
was checked) and changes none."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import DomainError
from decklists.models import DeckCheck, DeckCheckEntry, DeckCheckOutcome, DeckList
from tournaments.models import Penalty, Registration, Round
from tournaments.models.choices import RoundStatus
from tournaments.notifications import notify_deck_problem
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.permissions import ensure_allowed

if TYPE_CHECKING:
    from accounts.models import User
    from tournaments.models import Event

MAX_NOTE = 500
# A check may be recorded after the fact, never ahead of time (a few minutes of clock skew).
FUTURE_SLACK = dt.timedelta(minutes=5)


def current_round(event: Event) -> Round | None:
    """The round a check made now belongs to: the latest published or finished round."""
    return (
        event.rounds.exclude(status=RoundStatus.DRAFT).order_by("-number").first()
        if event.pk
        else None
    )


@judge_action("deck_check.record")
@transaction.atomic
def deck_check_record(
    *,
    actor: User,
    event_id: int,
    registration_id: int,
    outcome: str,
    note: str = "",
    round_id: int | None = None,
    penalty_id: int | None = None,
    checked_at: dt.datetime | None = None,
    drawn_at_random: bool = False,
) -> DeckCheck:
    """Record a deck check of one player of the event.

    The round defaults to the current one; ``checked_at`` to now (a time in the future is
    refused). Discrepancies need a note. A linked penalty must be one of this player's
    penalties in this event. The check is in the audit log."""
    event = lock_event(event_id)
    ensure_allowed(actor, "decklists.run_deck_checks", event)
    registration = (
        Registration.objects.select_related("player")
        .filter(pk=registration_id, event=event)
        .first()
    )
    if registration is None:
        raise DomainError(_("That player is not registered for this event."), field="registration")
    refuse_if_party(actor, event=event, registration=registration)
    if outcome not in DeckCheckOutcome.values:
        raise DomainError(_("Choose the outcome of the check."), field="outcome")
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise DomainError(
            _("The note is too long (at most %(limit)s characters).") % {"limit": MAX_NOTE},
            field="note",
        )
    if outcome == DeckCheckOutcome.DISCREPANCIES and not note:
        raise DomainError(_("Describe the discrepancies found."), field="note")
    if round_id is None:
        round_ = current_round(event)
    else:
        round_ = Round.objects.filter(pk=round_id, event=event).first()
        if round_ is None:
            raise DomainError(_("That round is not a round of this event."), field="round")
    penalty = None
    if penalty_id is not None:
        penalty = Penalty.objects.filter(
            pk=penalty_id, event=event, registration=registration
        ).first()
        if penalty is None:
            raise DomainError(
                _("That penalty was not given to this player in this event."), field="penalty"
            )
    now = timezone.now()
    checked_at = checked_at or now
    if checked_at > now + FUTURE_SLACK:
        raise DomainError(_("A deck check cannot be recorded ahead of time."), field="checked_at")
    # The list as it stands now is kept with the check: a list replaced later (before the
    # event starts lists may still change) does not change what was checked. Under the
    # event's lock, which a list's submission takes first too.
    deck_list = (
        DeckList.objects.filter(event=event, player_id=registration.player_id)
        .prefetch_related("entries")
        .first()
    )
    check = DeckCheck.objects.create(
        event=event,
        registration=registration,
        round=round_,
        deck_list=deck_list,
        drawn_at_random=drawn_at_random,
        checked_at=checked_at,
        checked_by=actor,
        outcome=outcome,
        note=note,
        penalty=penalty,
        checked_text=deck_list.text if deck_list is not None else "",
    )
    if deck_list is not None:
        DeckCheckEntry.objects.bulk_create(
            DeckCheckEntry(deck_check=check, card_id=e.card_id, quantity=e.quantity, line=e.line)
            for e in deck_list.entries.all()
        )
    audit_record(
        event=event,
        actor=actor,
        action="deck_check.record",
        target=registration.player.public_name,
        after={
            "registration": registration.pk,
            "round": round_.number if round_ else None,
            "outcome": outcome,
            "note": note,
            "penalty": penalty.pk if penalty else None,
            "drawn_at_random": drawn_at_random,
        },
    )
    if outcome == DeckCheckOutcome.DISCREPANCIES:
        notify_deck_problem(
            registration_id=registration.pk, round_number=round_.number if round_ else None
        )
    return check
