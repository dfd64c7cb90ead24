"""Creating and editing events, and their staff."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError
from tournaments.models import Event, EventStaff
from tournaments.models.choices import EventStatus, StaffRole
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.permissions import ensure_allowed

# Settings that shape pairings and results: frozen once the first round is paired.
LOCKED_WHEN_RUNNING = {
    "game",
    "format",
    "games_per_match",
    "tiebreaks",
    "qiahn_ruleset",
    "qiahn_squad",
    "min_deck_size",
}
EDITABLE = {
    "name",
    "date",
    "venue",
    "swiss_rounds",
    "round_minutes",
    "top_cut",
    "player_cap",
    "record_policy",
    *LOCKED_WHEN_RUNNING,
}


def _validate_fields(fields: dict[str, Any]) -> None:
    unknown = set(fields) - EDITABLE
    if unknown:
        raise DomainError(
            _("Unknown event settings: %(names)s.") % {"names": ", ".join(sorted(unknown))}
        )
    if "tiebreaks" in fields:
        from tournaments.services.standings import tiebreak_presets

        if fields["tiebreaks"] not in tiebreak_presets():
            raise DomainError(
                _("Unknown tiebreak preset %(name)r.") % {"name": fields["tiebreaks"]},
                field="tiebreaks",
            )


@transaction.atomic
def event_create(*, actor: User, name: str, date: date, **fields: Any) -> Event:
    ensure_allowed(actor, "tournaments.create_event")
    _validate_fields(fields)
    event = Event(name=name, date=date, created_by=actor, **fields)
    event.full_clean()
    event.save()
    EventStaff.objects.create(event=event, user=actor, role=StaffRole.ORGANISER)
    audit_record(event=event, actor=actor, action="event.create", target=str(event))
    return event


@transaction.atomic
def event_update(*, actor: User, event_id: int, **fields: Any) -> Event:
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.change_event", event)
    _validate_fields(fields)
    if event.status != EventStatus.REGISTRATION:
        frozen = sorted(
            k for k in LOCKED_WHEN_RUNNING & set(fields) if getattr(event, k) != fields[k]
        )
        if frozen:
            raise ConflictError(
                _("These settings cannot change once the event has started: %(names)s.")
                % {"names": ", ".join(frozen)}
            )
    before = {k: str(getattr(event, k)) for k in fields}
    for key, value in fields.items():
        setattr(event, key, value)
    event.full_clean()
    event.save()
    audit_record(
        event=event,
        actor=actor,
        action="event.update",
        target=str(event),
        before=before,
        after={k: str(v) for k, v in fields.items()},
    )
    return event


@transaction.atomic
def staff_set(*, actor: User, event_id: int, user: User, role: str | None) -> None:
    """Make ``user`` a judge or organiser of the event, or (role None) remove them."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.manage_staff", event)
    current = EventStaff.objects.filter(event=event, user=user).first()
    if role is None:
        if current is None:
            return
        if (
            current.role == StaffRole.ORGANISER
            and event.staff.filter(role=StaffRole.ORGANISER).count() == 1
        ):
            raise ConflictError(_("An event needs at least one organiser."))
        current.delete()
    elif role not in StaffRole.values:
        raise DomainError(_("Unknown role %(role)r.") % {"role": role}, field="role")
    else:
        try:
            EventStaff.objects.update_or_create(event=event, user=user, defaults={"role": role})
        except IntegrityError as exc:  # pragma: no cover - guarded by the event lock
            raise ConflictError(_("That person already has a role here.")) from exc
    audit_record(
        event=event,
        actor=actor,
        action="event.staff",
        target=user.public_name,
        before=current.role if current else None,
        after=role,
    )
