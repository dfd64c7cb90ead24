"""The round clock: a deadline in the database, never a countdown in a process.

Starting the clock stores ``ends_at`` and asks a worker to call time at that
instant; the deadline sweep and every read of a round apply it too, with one
conditional UPDATE, so it is applied exactly once whoever comes first.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from accounts.models import User
from config import clock
from config.deadlines import schedule_at
from config.errors import ConflictError, DomainError
from tournaments.live import announce_change, expect_deadline
from tournaments.models import Round
from tournaments.models.choices import MatchStatus, RoundStatus
from tournaments.services.audit import audit_record
from tournaments.services.locking import lock_match, lock_round
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.permissions import ensure_allowed

if TYPE_CHECKING:
    from tournaments.models import Match

ROUND_DEADLINE_TASK = "tournaments.tasks.apply_round_deadlines"
MAX_EXTENSION = timedelta(hours=2)


def apply_round_deadlines(now: datetime | None = None) -> int:
    """Call time on every round whose clock ran out. Idempotent; returns how many it called.

    Time is called at the deadline, not when this runs: a worker that died or a read that
    came late must not lengthen the round in the record. The events' open pages learn of
    it (``tournaments.live``)."""
    now = now or clock.now()
    expired = Round.objects.filter(
        ends_at__lte=now,
        time_called_at__isnull=True,
        paused_remaining__isnull=True,
    )
    with transaction.atomic():
        rounds = dict(expired.values_list("pk", "event_id"))
        if not rounds:
            return 0
        called = expired.filter(pk__in=rounds).update(time_called_at=F("ends_at"))
        for event_id in set(rounds.values()):
            announce_change(event_id)
            expect_deadline(event_id, None)
    return called


def refresh_round_clock(round_: Round, now: datetime | None = None) -> Round:
    """The lazy path: a read of a round applies its expired deadline first."""
    now = now or clock.now()
    if (
        round_.ends_at is not None
        and round_.time_called_at is None
        and round_.paused_remaining is None
        and round_.ends_at <= now
    ):
        called = Round.objects.filter(
            pk=round_.pk,
            time_called_at__isnull=True,
            paused_remaining__isnull=True,
            ends_at__lte=now,
        ).update(time_called_at=F("ends_at"))
        if called:
            announce_change(round_.event_id)
            expect_deadline(round_.event_id, None)
        round_.refresh_from_db(fields=["time_called_at", "ends_at", "paused_remaining"])
    return round_


def _running(round_: Round) -> None:
    if round_.status != RoundStatus.PUBLISHED:
        raise ConflictError(_("The round is not in progress."))
    if round_.started_at is None:
        raise ConflictError(_("The round clock has not started."))


def _set_deadline(round_: Round, ends_at: datetime) -> None:
    round_.ends_at = ends_at
    round_.time_called_at = None
    schedule_at(ROUND_DEADLINE_TASK, ends_at)
    expect_deadline(round_.event_id, ends_at)


@transaction.atomic
def round_start_clock(*, actor: User, round_id: int) -> Round:
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", round_.event)
    if round_.status != RoundStatus.PUBLISHED:
        raise ConflictError(_("Publish the pairings before starting the clock."))
    if round_.started_at is not None:
        return round_  # idempotent
    now = clock.now()
    round_.started_at = now
    _set_deadline(round_, now + timedelta(minutes=round_.event.round_minutes))
    round_.save(update_fields=["started_at", "ends_at", "time_called_at"])
    audit_record(
        event=round_.event,
        actor=actor,
        action="clock.start",
        target=f"round {round_.number}",
        after={"ends_at": round_.ends_at.isoformat()},
    )
    return round_


@transaction.atomic
def round_pause_clock(*, actor: User, round_id: int) -> Round:
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", round_.event)
    _running(round_)
    if round_.paused_remaining is not None:
        return round_
    now = clock.now()
    round_.paused_remaining = max(round_.ends_at - now, timedelta(0))
    round_.ends_at = None
    expect_deadline(round_.event_id, None)
    round_.save(update_fields=["paused_remaining", "ends_at"])
    audit_record(
        event=round_.event,
        actor=actor,
        action="clock.pause",
        target=f"round {round_.number}",
        after={"remaining_seconds": int(round_.paused_remaining.total_seconds())},
    )
    return round_


@transaction.atomic
def round_resume_clock(*, actor: User, round_id: int) -> Round:
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", round_.event)
    _running(round_)
    if round_.paused_remaining is None:
        return round_
    _set_deadline(round_, clock.now() + round_.paused_remaining)
    round_.paused_remaining = None
    round_.save(update_fields=["paused_remaining", "ends_at", "time_called_at"])
    audit_record(
        event=round_.event,
        actor=actor,
        action="clock.resume",
        target=f"round {round_.number}",
        after={"ends_at": round_.ends_at.isoformat()},
    )
    return round_


@transaction.atomic
def round_adjust_clock(*, actor: User, round_id: int, seconds: int) -> Round:
    """Add (or, negative, remove) time for the whole round."""
    round_ = lock_round(round_id)
    ensure_allowed(actor, "tournaments.run_event", round_.event)
    _running(round_)
    if abs(seconds) > MAX_EXTENSION.total_seconds():
        raise DomainError(_("Adjust the clock by at most two hours at a time."), field="seconds")
    delta = timedelta(seconds=seconds)
    if round_.paused_remaining is not None:
        round_.paused_remaining = max(round_.paused_remaining + delta, timedelta(0))
    else:
        base = round_.ends_at if round_.time_called_at is None else max(round_.ends_at, clock.now())
        _set_deadline(round_, base + delta)
    round_.save(update_fields=["paused_remaining", "ends_at", "time_called_at"])
    audit_record(
        event=round_.event,
        actor=actor,
        action="clock.adjust",
        target=f"round {round_.number}",
        after={"seconds": seconds},
    )
    return round_


@judge_action("clock.extend_table")
@transaction.atomic
def match_extend_time(*, actor: User, match_id: int, seconds: int, reason: str = "") -> Match:
    """A time extension for one table (e.g. after a long judge call)."""
    match = lock_match(match_id)
    ensure_allowed(actor, "tournaments.run_event", match.round.event)
    refuse_if_party(actor, event=match.round.event, match=match)
    if match.round.status != RoundStatus.PUBLISHED:
        raise ConflictError(_("The round is not in progress."))
    if match.is_bye or match.status == MatchStatus.CONFIRMED:
        raise ConflictError(
            _("Table %(t)s has finished: only matches still playing get extensions.")
            % {"t": match.table}
        )
    if not 0 < seconds <= MAX_EXTENSION.total_seconds():
        raise DomainError(_("An extension is between 1 second and two hours."), field="seconds")
    before = match.extension_seconds
    match.extension_seconds = min(before + seconds, int(MAX_EXTENSION.total_seconds()))
    match.save(update_fields=["extension_seconds"])
    audit_record(
        event=match.round.event,
        actor=actor,
        action="clock.extend_table",
        target=f"round {match.round.number} table {match.table}",
        before=before,
        after=match.extension_seconds,
        reason=reason,
    )
    return match
