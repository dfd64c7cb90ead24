"""Judge calls: a player calls a judge to their table; judges claim the call (one at a time),
release it, escalate it to the head judge, and resolve it with an outcome (a ruling, a time
extension for that table through the clock service, a penalty through the penalties
service). Every step is audited with its time and wakes the event's live pages.

The head judge is the event's organiser (``tournaments.head_judge``): an escalated call is
claimed and resolved only by them (or a site admin). Repeating a step that is already done
(a double tap) changes nothing and returns the call as it is.

Lock order (``tournaments.services.locking``): resolving holds the event (a penalty only),
then the match, then the call; every other step locks the call alone, or, creating one,
the match.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ConflictError, DomainError, ForbiddenError, NotFoundError
from judge_calls.models import (
    MAX_CALL_EXTENSION_MINUTES,
    JudgeCall,
    JudgeCallOutcome,
    JudgeCallReason,
    JudgeCallState,
)
from tournaments.models import Match
from tournaments.models.choices import RoundStatus
from tournaments.notifications import notify_judge_call_answered
from tournaments.services.audit import audit_record
from tournaments.services.clock import match_extend_time
from tournaments.services.events import refuse_if_finished
from tournaments.services.locking import lock_event, lock_match, lock_row
from tournaments.services.own_match import judge_action, refuse_if_party
from tournaments.services.penalties import penalty_issue
from tournaments.services.permissions import ensure_allowed

NOTE_MAX = 200
RULING_MAX = 300


# --- helpers -------------------------------------------------------------------------------
def _target(call: JudgeCall) -> str:
    """The audit target: the table, so the log names its players and filters by round."""
    return f"round {call.round.number} table {call.match.table}"


def lock_judge_call(call_id: int) -> JudgeCall:
    return lock_row(
        # The match's players too: a judge who plays in it may not answer it (own_match).
        JudgeCall.objects.select_related(
            "event", "round", "match__player_a", "match__player_b", "caller__player"
        ),
        call_id,
        _("There is no such judge call."),
    )


def _audit(call: JudgeCall, *, actor: User, action: str, reason: str = "", **after: object) -> None:
    audit_record(
        event=call.event,
        actor=actor,
        action=f"judge_call.{action}",
        target=_target(call),
        after={
            "call": call.pk,
            "reason": call.reason,
            "caller": call.caller.name,
            "at": timezone.now().isoformat(),
            **after,
        },
        reason=reason,
    )


def _is_head_judge(actor: User, call: JudgeCall) -> bool:
    return actor.has_perm("tournaments.head_judge", call.event)


def _judge_name(user: User | None) -> str:
    return user.public_name if user is not None else "—"


def _refuse_if_closed(call: JudgeCall) -> None:
    if call.state == JudgeCallState.RESOLVED:
        raise ConflictError(_("This judge call has already been answered."), code="call_closed")
    if call.state == JudgeCallState.CANCELLED:
        raise ConflictError(_("The player cancelled this judge call."), code="call_closed")


def _refuse_if_held_by_another(actor: User, call: JudgeCall) -> None:
    """A claimed call is its judge's until they release it (the head judge may take over)."""
    if (
        call.state == JudgeCallState.CLAIMED
        and call.claimed_by_id != actor.pk
        and not _is_head_judge(actor, call)
    ):
        raise ConflictError(
            _("%(judge)s has already claimed this call.") % {"judge": _judge_name(call.claimed_by)},
            code="call_claimed",
        )


def _refuse_if_escalated(actor: User, call: JudgeCall) -> None:
    if call.state == JudgeCallState.ESCALATED and not _is_head_judge(actor, call):
        raise ForbiddenError(
            _("This call was escalated to the head judge: only the head judge can take it."),
            code="call_escalated",
        )


def no_such_call_message() -> str:
    return _("There is no such judge call.")


def _unlocked_ids(call_id: int) -> tuple[int, int]:
    """The call's event and match, read without a lock so they can be locked first."""
    row = JudgeCall.objects.filter(pk=call_id).values_list("event_id", "match_id").first()
    if row is None:
        raise NotFoundError(no_such_call_message())
    return row


# --- the player's steps --------------------------------------------------------------------
@transaction.atomic
def judge_call_create(*, actor: User, match_id: int, reason: str, note: str = "") -> JudgeCall:
    """A player of the match calls a judge to its table. While their call is open, calling
    again returns it unchanged (one call per match and player)."""
    if reason not in JudgeCallReason.values:
        raise DomainError(_("Choose why you are calling a judge."), field="reason")
    note = (note or "").strip()
    if len(note) > NOTE_MAX:
        raise DomainError(_("Keep the note to %(n)s characters.") % {"n": NOTE_MAX}, field="note")
    match: Match = lock_match(match_id)
    event = match.round.event
    caller = next(
        (r for r in (match.player_a, match.player_b) if r is not None and r.player_id == actor.pk),
        None,
    )
    if caller is None:
        raise ForbiddenError(_("Only a player of this match can call a judge to its table."))
    ensure_allowed(actor, "tournaments.call_judge", caller)
    refuse_if_finished(event)
    if match.round.status != RoundStatus.PUBLISHED:
        raise ConflictError(_("The round is not in progress."))
    if match.is_bye:
        raise ConflictError(_("You have a bye: there is no table to call a judge to."))
    existing = (
        JudgeCall.objects.filter(match=match, caller=caller, state__in=_open_states())
        .select_related("event", "round", "match", "caller__player", "claimed_by")
        .first()
    )
    if existing is not None:
        return existing
    call = JudgeCall.objects.create(
        event=event, round=match.round, match=match, caller=caller, reason=reason, note=note
    )
    call.event, call.round, call.match, call.caller = event, match.round, match, caller
    _audit(call, actor=actor, action="create", reason=note)
    return call


@transaction.atomic
def judge_call_cancel(*, actor: User, call_id: int) -> JudgeCall:
    """The player who called withdraws the call (a judge is no longer needed)."""
    call = lock_judge_call(call_id)
    ensure_allowed(actor, "tournaments.call_judge", call.caller)
    if call.state == JudgeCallState.CANCELLED:
        return call
    if call.state == JudgeCallState.RESOLVED:
        raise ConflictError(_("This judge call has already been answered."), code="call_closed")
    call.state = JudgeCallState.CANCELLED
    call.cancelled_at = timezone.now()
    call.claimed_by = None
    call.claimed_at = None
    call.save()
    _audit(call, actor=actor, action="cancel")
    return call


# --- the judges' steps ---------------------------------------------------------------------
@judge_action("judge_call.claim")
@transaction.atomic
def judge_call_claim(*, actor: User, call_id: int) -> JudgeCall:
    """A judge takes the call: exactly one judge holds it. A judge who already holds it
    gets it back unchanged; anybody else is refused with the holder's name."""
    call = lock_judge_call(call_id)
    ensure_allowed(actor, "tournaments.run_event", call.event)
    refuse_if_party(actor, event=call.event, match=call.match)
    if call.state == JudgeCallState.CLAIMED and call.claimed_by_id == actor.pk:
        return call
    _refuse_if_closed(call)
    if call.state == JudgeCallState.CLAIMED:
        raise ConflictError(
            _("%(judge)s has already claimed this call.") % {"judge": _judge_name(call.claimed_by)},
            code="call_claimed",
        )
    _refuse_if_escalated(actor, call)
    now = timezone.now()
    call.state = JudgeCallState.CLAIMED
    call.claimed_by = actor
    call.claimed_at = now
    call.answered_at = call.answered_at or now
    call.save()
    _audit(call, actor=actor, action="claim")
    return call


@transaction.atomic
def judge_call_release(*, actor: User, call_id: int) -> JudgeCall:
    """The judge who holds the call gives it back to the queue (to the head judge's, if it
    had been escalated)."""
    call = lock_judge_call(call_id)
    ensure_allowed(actor, "tournaments.run_event", call.event)
    if call.state in (JudgeCallState.WAITING, JudgeCallState.ESCALATED):
        return call
    _refuse_if_closed(call)
    _refuse_if_held_by_another(actor, call)
    call.state = (
        JudgeCallState.ESCALATED if call.escalated_at is not None else JudgeCallState.WAITING
    )
    call.claimed_by = None
    call.claimed_at = None
    call.save()
    _audit(call, actor=actor, action="release")
    return call


@judge_action("judge_call.escalate")
@transaction.atomic
def judge_call_escalate(*, actor: User, call_id: int, note: str = "") -> JudgeCall:
    """Hand the call to the head judge: it leaves the judge who held it and waits for the
    head judge to claim or resolve it."""
    call = lock_judge_call(call_id)
    ensure_allowed(actor, "tournaments.run_event", call.event)
    refuse_if_party(actor, event=call.event, match=call.match)
    if call.state == JudgeCallState.ESCALATED:
        return call
    _refuse_if_closed(call)
    _refuse_if_held_by_another(actor, call)
    call.state = JudgeCallState.ESCALATED
    call.escalated_by = actor
    call.escalated_at = timezone.now()
    call.claimed_by = None
    call.claimed_at = None
    call.save()
    _audit(call, actor=actor, action="escalate", reason=(note or "").strip())
    return call


def _extension_minutes(value: object) -> int:
    try:
        minutes = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        minutes = 0
    if not 1 <= minutes <= MAX_CALL_EXTENSION_MINUTES:
        raise DomainError(
            _("A time extension is between 1 and %(n)s minutes.")
            % {"n": MAX_CALL_EXTENSION_MINUTES},
            field="extension_minutes",
        )
    return minutes


@judge_action("judge_call.resolve")
@transaction.atomic
def judge_call_resolve(
    *,
    actor: User,
    call_id: int,
    outcome: str,
    ruling: str = "",
    extension_minutes: int | None = None,
    penalty_registration_id: int | None = None,
    penalty_infraction: str = "",
    penalty_kind: str = "",
    penalty_reason: str = "",
    penalty_deviation_reason: str = "",
) -> JudgeCall:
    """Answer the call. ``time_extension`` gives the table ``extension_minutes`` more
    through the clock service; ``penalty`` gives one of the match's players a penalty
    through the penalties service (its infraction, or kind, and reason). A waiting call is
    claimed and answered in one step. Answering again with the same outcome (a double tap)
    changes nothing."""
    if outcome not in JudgeCallOutcome.values:
        raise DomainError(_("Choose the outcome of the call."), field="outcome")
    ruling = (ruling or "").strip()
    if len(ruling) > RULING_MAX:
        raise DomainError(
            _("Keep the ruling to %(n)s characters.") % {"n": RULING_MAX}, field="ruling"
        )
    event_id, match_id = _unlocked_ids(call_id)
    if outcome == JudgeCallOutcome.PENALTY:
        lock_event(event_id)  # the penalties service locks the event before the match
    lock_match(match_id)
    call = lock_judge_call(call_id)
    ensure_allowed(actor, "tournaments.run_event", call.event)
    refuse_if_party(actor, event=call.event, match=call.match)
    if call.state == JudgeCallState.RESOLVED and call.outcome == outcome:
        return call  # a double tap
    _refuse_if_closed(call)
    _refuse_if_held_by_another(actor, call)
    _refuse_if_escalated(actor, call)
    minutes = None
    penalty = None
    if outcome == JudgeCallOutcome.TIME_EXTENSION:
        minutes = _extension_minutes(extension_minutes)
        match_extend_time(actor=actor, match_id=call.match_id, seconds=minutes * 60, reason=ruling)
    elif outcome == JudgeCallOutcome.PENALTY:
        players = {call.match.player_a_id, call.match.player_b_id} - {None}
        if penalty_registration_id not in players:
            raise DomainError(
                _("Choose which player of the match gets the penalty."),
                field="penalty_registration_id",
            )
        penalty = penalty_issue(
            actor=actor,
            registration_id=penalty_registration_id,
            reason=penalty_reason.strip() or ruling,
            kind=penalty_kind,
            infraction=penalty_infraction,
            deviation_reason=penalty_deviation_reason,
            match_id=call.match_id,
        )
    now = timezone.now()
    call.state = JudgeCallState.RESOLVED
    call.outcome = outcome
    call.extension_minutes = minutes
    call.penalty = penalty
    call.ruling = ruling
    call.resolved_by = actor
    call.resolved_at = now
    call.answered_at = call.answered_at or now
    call.claimed_by = call.claimed_by or actor
    call.claimed_at = call.claimed_at or now
    call.save()
    _audit(
        call,
        actor=actor,
        action="resolve",
        reason=ruling,
        outcome=outcome,
        minutes=minutes,
        penalty=penalty.pk if penalty else None,
    )
    # The player learns of the answer by e-mail too (sent after the commit, if they want it).
    notify_judge_call_answered(
        user_id=call.caller.player_id,
        event_id=call.event_id,
        match_id=call.match_id,
        outcome_text=ruling,
        extension_minutes=minutes,
    )
    return call


def _open_states() -> list[str]:
    return [JudgeCallState.WAITING, JudgeCallState.CLAIMED, JudgeCallState.ESCALATED]
