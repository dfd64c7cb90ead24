"""Creating and editing events, and their staff."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError
from tournaments.event_settings import game_and_format_words, setting_applies
from tournaments.models import Event, EventStaff
from tournaments.models.choices import EventFormat, EventStatus, GameKind, RoundKind, StaffRole
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_event
from tournaments.services.permissions import ensure_allowed

# Settings that define what is played: frozen once the first round is paired (the Swiss
# rounds are pinned then, so the event never claims rounds that were not played).
LOCKED_WHEN_RUNNING = {
    "game",
    "format",
    "games_per_match",
    "tiebreaks",
    "qiahn_ruleset",
    "qiahn_squad",
    "goblin_mode",
    "goblin_scoring",
    "min_deck_size",
    "swiss_rounds",
    # The rulings version is pinned from the date when the event starts.
    "date",
}
# Frozen once the top cut is paired.
LOCKED_FROM_TOP_CUT = {"top_cut"}
EDITABLE = {
    "name",
    "date",
    "start_time",
    "venue",
    "swiss_rounds",
    "round_minutes",
    "top_cut",
    "player_cap",
    "record_policy",
    "deck_lists_required",
    "draft_cards_private",
    "play_draw_required",
    *LOCKED_WHEN_RUNNING,
}


def locked_settings(event: Event) -> frozenset[str]:
    """The settings that can no longer change in the event's state (a finished event:
    every one, until it is reopened)."""
    if event.status == EventStatus.REGISTRATION:
        return frozenset()
    if event.status == EventStatus.RUNNING:
        return frozenset(LOCKED_WHEN_RUNNING)
    if event.status == EventStatus.TOP_CUT:
        return frozenset(LOCKED_WHEN_RUNNING | LOCKED_FROM_TOP_CUT)
    return frozenset(EDITABLE)


def refuse_if_finished(event: Event) -> None:
    """A finished event is read-only until a judge reopens it (audited)."""
    if event.status == EventStatus.FINISHED:
        raise ConflictError(
            _("The event is finished: reopen it (an audited decision) to change it."),
            code="event_finished",
        )


# DAR 4.1.3: a booster-draft deck has at least 41 cards; the event cannot change it.
DRAFT_MIN_DECK_SIZE = 41


def _fix_draft_minimum(event: Event, fields: dict[str, Any]) -> None:
    """A booster-draft event's minimum deck size is the DAR's 41: a different value asked
    for is refused naming the field; one left from another format is set back to 41."""
    if event.format != EventFormat.BOOSTER_DRAFT:
        return
    asked = fields.get("min_deck_size", DRAFT_MIN_DECK_SIZE)
    if asked != DRAFT_MIN_DECK_SIZE:
        raise DomainError(
            _("A booster draft's minimum deck size is the DAR's %(min)s cards; it cannot change.")
            % {"min": DRAFT_MIN_DECK_SIZE},
            field="min_deck_size",
            code="draft_minimum_fixed",
        )
    event.min_deck_size = DRAFT_MIN_DECK_SIZE


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


def _refuse_settings_not_applying(event: Event, fields: dict[str, Any], before: Event) -> None:
    """A setting given a value that means nothing for the event's game and format
    (``tournaments.event_settings``) is refused naming it, unless the value is the one
    ``before`` has (the model's defaults for a new event): an API client may send every
    setting. The format is not refused: a game without formats keeps its own."""
    for name, value in fields.items():
        if name == "format" or setting_applies(name, game=event.game, format=event.format):
            continue
        if value == getattr(before, name):
            continue
        label = capfirst(Event._meta.get_field(name).verbose_name)
        raise DomainError(
            _("“%(setting)s” does not apply to this event (%(event)s).")
            % {"setting": label, "event": game_and_format_words(event.game, event.format)},
            field=name,
            code="setting_not_applicable",
        )


@transaction.atomic
def event_create(*, actor: User, name: str, date: date, **fields: Any) -> Event:
    ensure_allowed(actor, "tournaments.create_event")
    _validate_fields(fields)
    event = Event(name=name, date=date, created_by=actor, **fields)
    _fix_draft_minimum(event, fields)
    _refuse_settings_not_applying(event, fields, Event())
    # The DAR's play-or-draw record: required by default in Humankind events.
    if "play_draw_required" not in fields:
        event.play_draw_required = event.game == GameKind.HUMANKIND
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
    changed = {k for k in fields if getattr(event, k) != fields[k]}
    if changed:
        refuse_if_finished(event)
    frozen = sorted(locked_settings(event) & changed)
    if frozen and event.status == EventStatus.TOP_CUT and set(frozen) & LOCKED_FROM_TOP_CUT:
        raise ConflictError(
            _("These settings cannot change once the top cut has started: %(names)s.")
            % {"names": ", ".join(frozen)}
        )
    if frozen:
        raise ConflictError(
            _("These settings cannot change once the event has started: %(names)s.")
            % {"names": ", ".join(frozen)}
        )
    before = {k: str(getattr(event, k)) for k in fields}
    unchanged = Event(**{k: getattr(event, k) for k in fields})
    for key, value in fields.items():
        setattr(event, key, value)
    _fix_draft_minimum(event, fields)
    _refuse_settings_not_applying(event, fields, unchanged)
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
def event_reopen(*, actor: User, event_id: int, reason: str) -> Event:
    """Reopen a finished event so a judge can correct it: back to its top cut (the final
    is confirmed again, then the bracket advanced) or its Swiss rounds. Audited with the
    reason."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status != EventStatus.FINISHED:
        raise ConflictError(_("Only a finished event can be reopened."))
    if not reason.strip():
        raise DomainError(_("Say why the event is reopened."), field="reason")
    has_cut = event.rounds.filter(kind=RoundKind.TOP_CUT).exists()
    event.status = EventStatus.TOP_CUT if has_cut else EventStatus.RUNNING
    event.save(update_fields=["status"])
    audit_record(
        event=event,
        actor=actor,
        action="event.reopen",
        target=str(event),
        before={"status": EventStatus.FINISHED.value},
        after={"status": event.status},
        reason=reason.strip(),
    )
    return event


@transaction.atomic
def staff_set(*, actor: User, event_id: int, user: User, role: str | None) -> None:
    """Make ``user`` a judge or organiser of the event, or (role None) remove them. Neither
    a removal nor a change of role may leave the event without an organiser (409)."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.manage_staff", event)
    current = EventStaff.objects.filter(event=event, user=user).first()
    if role is not None and role not in StaffRole.values:
        raise DomainError(_("Unknown role %(role)r.") % {"role": role}, field="role")
    if role is None and current is None:
        return
    if (
        current is not None
        and current.role == StaffRole.ORGANISER
        and role != StaffRole.ORGANISER
        and event.staff.filter(role=StaffRole.ORGANISER).count() == 1
    ):
        raise ConflictError(_("An event needs at least one organiser."))
    if role is None:
        current.delete()
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
