"""Registration, walk-ins and late entries, check-in, fixed tables and drops."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.services import login_unlock, password_reset_hint
from config import clock
from config.errors import ConflictError, DomainError, ForbiddenError
from config.names import validate_name
from tournaments.extensions import hooks
from tournaments.happenings import Happening, happened
from tournaments.live import announce_change
from tournaments.models import AuditEntry, Registration, RegistrationOrigin, Round
from tournaments.models.choices import EventStatus, RegistrationStatus, RoundStatus
from tournaments.notifications import notify_entered_by_someone_else, notify_registration_confirmed
from tournaments.rules import holder_is_plain_player, may_enter_player
from tournaments.selectors import registration_closed_by
from tournaments.services.audit import audit_record
from tournaments.services.drops import lock_dropped_match, match_settle_after_drop
from tournaments.services.locking import event_of_registration, lock_event, lock_registration
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.permissions import ensure_allowed
from tournaments.services.standings import bump_results_version

if TYPE_CHECKING:
    from tournaments.models import Event

ACTIVE = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)
# More tables than the largest events use; also keeps the number inside the column.
MAX_FIXED_TABLE = 9999


def _ensure_room(event: Event) -> None:
    if event.player_cap is None:
        return
    taken = event.registrations.filter(status__in=ACTIVE).count()
    if taken >= event.player_cap:
        raise ConflictError(_("The event is full (%(cap)s players).") % {"cap": event.player_cap})


def _create(event: Event, player: User, *, actor: User, **fields) -> Registration:
    try:
        with transaction.atomic():
            registration = Registration.objects.create(event=event, player=player, **fields)
    except IntegrityError as exc:
        raise ConflictError(
            _("%(name)s is already registered for this event.") % {"name": player.public_name}
        ) from exc
    RegistrationOrigin.objects.create(
        registration=registration, self_registered=actor.pk == player.pk, added_by=actor
    )
    return registration


@transaction.atomic
def registration_register(*, actor: User, event_id: int) -> Registration:
    """A player registers themself while registration is open."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.register", event)
    if event.status != EventStatus.REGISTRATION:
        raise ConflictError(_("Registration is closed; ask a judge for a late entry."))
    closed = registration_closed_by(event)
    if closed is not None:
        raise ConflictError(closed, code="registration_closed")
    existing = event.registrations.filter(player=actor).first()
    if existing is not None:
        if existing.status in ACTIVE:
            return existing  # idempotent: registering twice is registering once
        raise ConflictError(_("You left this event; ask a judge to re-enter you."))
    _ensure_room(event)
    announce_change(event.pk)
    registration = _create(event, actor, actor=actor)
    notify_registration_confirmed(registration_id=registration.pk)
    return registration


def _guest_player(display_name: str) -> User:
    name = display_name.strip()
    if not name:
        raise DomainError(_("Give the walk-in player's name."), field="display_name")
    try:
        validate_name(name)
    except ValidationError as exc:
        raise DomainError(exc.messages[0], field="display_name", code=exc.code) from None
    username = f"guest-{get_random_string(10).lower()}"
    user = User(username=username, display_name=name[:80], email=f"{username}@guest.invalid")
    user.set_unusable_password()
    user.save()
    return user


@transaction.atomic
def registration_add(
    *, actor: User, event_id: int, player: User | None = None, display_name: str = ""
) -> Registration:
    """A judge adds a player: an existing account or a walk-in by name. Once the event runs
    this is a late entry, who joins from the next round with no points for the missed ones.
    An account with a site role or a staff role at any event is entered by nobody but its
    holder; anyone else entered is told so (a mail and a notice on their events page)."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if player is not None and not may_enter_player.test(actor, player):
        raise ForbiddenError(
            _(
                "%(name)s has a site role or is staff at an event: only they can register "
                "themselves for an event."
            )
            % {"name": player.public_name},
            field="player",
        )
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise ConflictError(_("The Swiss rounds are over; nobody can enter now."))
    _ensure_room(event)
    player = player or _guest_player(display_name)
    running = event.status == EventStatus.RUNNING
    next_round = (
        Round.objects.filter(event=event)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    ) + 1
    registration = _create(
        event,
        player,
        actor=actor,
        late_entry=running,
        first_round=next_round if running else 1,
        status=RegistrationStatus.CHECKED_IN if running else RegistrationStatus.REGISTERED,
        checked_in_at=clock.now() if running else None,
    )
    audit_record(
        event=event,
        actor=actor,
        action="registration.add",
        target=player.public_name,
        after={"late_entry": running, "first_round": registration.first_round},
    )
    if player.pk == actor.pk:
        notify_registration_confirmed(registration_id=registration.pk)
    else:
        notify_entered_by_someone_else(registration_id=registration.pk)
    return registration


@dataclass(frozen=True)
class LineEntry:
    """One confirmed line of a bulk add: the account it adds, or ``None`` for a walk-in
    named by the line."""

    line: str
    player: User | None = None


@dataclass(frozen=True)
class LinesAdded:
    """What a confirmed bulk add did: the registrations made, or, when the same
    confirmation came again (``repeat``), the names it had added then."""

    registrations: tuple[Registration, ...] = ()
    repeat: bool = False
    names: tuple[str, ...] = ()


def registration_add_lines(
    *, actor: User, event_id: int, entries: list[LineEntry], batch: uuid.UUID
) -> LinesAdded:
    """Add the players of a bulk add the judge confirmed (``people.bulk_add_preview``
    shows what each line names; nothing is created before): all of them in one
    transaction, each as ``registration_add`` adds one, or none if one is refused (the
    refusal names its line). ``batch`` is the confirmation's key, given when the preview is
    shown: the same confirmation sent again (a double tap, a reload) adds nobody and says
    whom it had added (the uid of the batch's audit entry, unique in the database)."""
    with transaction.atomic():
        event = lock_event(event_id)
        ensure_allowed(actor, "tournaments.run_event", event)
        done = AuditEntry.objects.filter(uid=batch).first()
        if done is not None:
            if done.event_id != event.pk or done.action != "registration.add_lines":
                raise ConflictError(_("This list was already sent; check the players again."))
            names = (done.after or {}).get("players") or []
            return LinesAdded(repeat=True, names=tuple(str(n) for n in names))
        if not entries:
            raise DomainError(_("No line is to be added: choose a player or a walk-in."))
        registrations = []
        for entry in entries:
            try:
                registrations.append(
                    registration_add(
                        actor=actor,
                        event_id=event_id,
                        player=entry.player,
                        display_name="" if entry.player is not None else entry.line,
                    )
                )
            except DomainError as exc:  # said with its line; every line is undone
                message = _("“%(line)s”: %(error)s") % {"line": entry.line, "error": exc.message}
                raise type(exc)(message, code=exc.code, extra=exc.extra) from exc
        try:
            with transaction.atomic():
                audit_record(
                    event=event,
                    actor=actor,
                    action="registration.add_lines",
                    target=event.name,
                    after={"players": [r.name for r in registrations]},
                    uid=batch,
                )
        except IntegrityError as exc:  # the same key at the same instant, past the lock
            raise ConflictError(_("This list was already sent; check the players again.")) from exc
    return LinesAdded(registrations=tuple(registrations))


@transaction.atomic
def registration_check_in(
    *, actor: User, registration_id: int, checked_in: bool = True
) -> Registration:
    lock_event(event_of_registration(registration_id))
    registration = lock_registration(registration_id)
    ensure_allowed(actor, "tournaments.run_event", registration.event)
    if registration.event.status != EventStatus.REGISTRATION:
        raise ConflictError(_("Check-in is over: the event has started."))
    if registration.status not in ACTIVE:
        raise ConflictError(_("%(name)s is no longer in the event.") % {"name": registration.name})
    if checked_in and registration.status != RegistrationStatus.CHECKED_IN:
        hooks.refuse_check_in([registration])
    registration.status = (
        RegistrationStatus.CHECKED_IN if checked_in else RegistrationStatus.REGISTERED
    )
    registration.checked_in_at = clock.now() if checked_in else None
    registration.save(update_fields=["status", "checked_in_at"])
    return registration


@transaction.atomic
def registration_check_in_all(*, actor: User, event_id: int) -> int:
    """Check in every registered player of an event at once (one audit entry naming them);
    how many were checked in. Only before the first round, like one check-in."""
    event = lock_event(event_id)
    ensure_allowed(actor, "tournaments.run_event", event)
    if event.status != EventStatus.REGISTRATION:
        raise ConflictError(_("Check-in is over: the event has started."))
    waiting = list(
        event.registrations.select_related("player")
        .filter(status=RegistrationStatus.REGISTERED)
        .order_by("pk")
        .select_for_update()
    )
    if not waiting:
        return 0
    hooks.refuse_check_in(waiting)
    now = clock.now()
    Registration.objects.filter(pk__in=[r.pk for r in waiting]).update(
        status=RegistrationStatus.CHECKED_IN, checked_in_at=now
    )
    audit_record(
        event=event,
        actor=actor,
        action="registration.check_in_all",
        target=event.name,
        after={"players": [r.name for r in waiting]},
    )
    return len(waiting)


@judge_action("registration.drop")
@transaction.atomic
def registration_drop(
    *, actor: User, registration_id: int, reason: str = "", disqualified: bool = False
) -> Registration:
    """Drop a player (themself, or a judge with a reason). A dropped player is never paired
    again and stays in the standings. Their match of the round being played is conceded to
    the opponent when nothing of it is known yet, else left for a judge; the opponent is told
    (``tournaments.services.drops``)."""
    lock_event(event_of_registration(registration_id))
    # What the player holds elsewhere (a draft seat) is locked after the event and before
    # the registration; so is their match of the round being played.
    held = [(hook, hook.lock_for_drop(registration_id)) for hook in hooks.drop_hooks]
    held = [(hook, token) for hook, token in held if token is not None]
    open_match = lock_dropped_match(registration_id)
    registration = lock_registration(registration_id)
    event = registration.event
    ensure_allowed(actor, "tournaments.drop_registration", registration)
    if actor.pk != registration.player_id:  # dropping oneself is the player's own action
        refuse_if_party(actor, event=event, registration=registration)
    by_player = actor.pk == registration.player_id and not actor.has_perm(
        "tournaments.run_event", event
    )
    if not by_player and not reason.strip():
        raise DomainError(_("A judge must give a reason for the drop."), field="reason")
    if registration.status == RegistrationStatus.DROPPED:
        return registration  # idempotent
    if registration.status not in ACTIVE:
        raise ConflictError(_("%(name)s is no longer in the event.") % {"name": registration.name})
    if event.status == EventStatus.FINISHED:
        raise ConflictError(_("The event is over."))
    if event.status == EventStatus.REGISTRATION and not held:
        # Before the first round a drop is simply leaving the event (a drafter keeps the
        # seat, which a bot takes over: the pod's cards stay where they are).
        registration.delete()
        audit_record(
            event=event,
            actor=actor,
            action="registration.withdraw",
            target=registration.name,
            after={"self": True} if actor.pk == registration.player_id else None,
            reason=reason,
        )
        return registration
    # Unpublished pairings do not count: a judge pairs that round again without the player.
    last_round = (
        Round.objects.filter(event=event)
        .exclude(status=RoundStatus.DRAFT)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    )
    for hook, token in held:
        hook.dropped(actor=actor, held=token, registration_id=registration.pk, reason=reason)
    registration.status = RegistrationStatus.DROPPED
    registration.dropped_at = clock.now()
    registration.dropped_after_round = last_round
    registration.drop_reason = reason.strip()[:200]
    registration.dropped_by = actor
    registration.disqualified = disqualified
    registration.save()
    bump_results_version(event.pk)
    audit_record(
        event=event,
        actor=actor,
        action="registration.disqualify" if disqualified else "registration.drop",
        target=registration.name,
        before={"status": "active"},
        after={
            "status": "dropped",
            "after_round": last_round,
            **({"self": True} if actor.pk == registration.player_id else {}),
        },
        reason=reason,
    )
    happened(
        event, Happening.PLAYER_DROPPED, Happening.STANDINGS_CHANGED, registration=registration
    )
    if open_match is not None:
        match_settle_after_drop(actor=actor, match=open_match, registration=registration)
    return registration


@transaction.atomic
def registration_set_fixed_table(
    *, actor: User, registration_id: int, table: int | None
) -> Registration:
    lock_event(event_of_registration(registration_id))
    registration = lock_registration(registration_id)
    ensure_allowed(actor, "tournaments.run_event", registration.event)
    if table is not None and not 1 <= table <= MAX_FIXED_TABLE:
        raise DomainError(
            _("Table numbers go from 1 to %(max)s.") % {"max": MAX_FIXED_TABLE}, field="fixed_table"
        )
    before = registration.fixed_table
    registration.fixed_table = table
    try:
        with transaction.atomic():
            registration.save(update_fields=["fixed_table"])
    except IntegrityError as exc:
        raise ConflictError(
            _("Table %(table)s is already fixed for another player.") % {"table": table}
        ) from exc
    audit_record(
        event=registration.event,
        actor=actor,
        action="registration.fixed_table",
        target=registration.name,
        before=before,
        after=table,
    )
    return registration


@transaction.atomic
def registration_unlock_login(*, actor: User, registration_id: int) -> Registration:
    """Lift a player's login lockout (too many failed logins) from their event, so they can
    log in at once; audited, and the player is mailed.

    A site admin may for anyone. A judge of the event only for a plain player (no site
    role, staff at no event) who registered themself, and once per account and day
    (``accounts.services.login_unlock``): a judge must not be able to give unlimited
    guesses at someone else's password. Anyone refused is told of the reset by e-mail."""
    registration = lock_registration(registration_id)
    event = registration.event
    ensure_allowed(actor, "tournaments.run_event", event)
    if not actor.has_perm("tournaments.unlock_login", registration):
        name = {"name": registration.name}
        if not holder_is_plain_player(actor, registration):
            reason = _(
                "Only a site admin can lift the login lockout of %(name)s: the account has a "
                "site role or is staff at an event."
            )
        else:
            reason = _(
                "%(name)s did not register themselves for this event, so only a site admin "
                "can lift their login lockout."
            )
        raise ForbiddenError(reason % name + " " + password_reset_hint())
    login_unlock(actor=actor, account=registration.player, event_name=event.name)
    audit_record(
        event=event,
        actor=actor,
        action="registration.login_unlocked",
        target=registration.name,
    )
    return registration
