"""Judge calls, step by step: who may do what, in which state, and what a repeat does."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import translation

from config.errors import ConflictError, DomainError, ForbiddenError
from judge_calls import services as calls
from judge_calls.models import JudgeCall, JudgeCallState
from judge_calls.services import (
    judge_call_cancel,
    judge_call_claim,
    judge_call_create,
    judge_call_escalate,
    judge_call_release,
    judge_call_resolve,
)
from tests.tournaments.helpers import add_judge, make_round
from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry, Penalty
from tournaments.models.choices import MatchStatus, PenaltyKind, RoundStatus


@pytest.fixture
def table(event, regs):
    """Round 1 in progress; table 1 is regs[0] vs regs[1]."""
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], None)])
    return round_.matches.get(table=1)


@pytest.fixture
def call(table, regs):
    return judge_call_create(
        actor=regs[0].player, match_id=table.pk, reason="rules_question", note="Flying blocker?"
    )


def actions(event) -> list[str]:
    return list(
        AuditEntry.objects.filter(event=event, action__startswith="judge_call.")
        .order_by("pk")
        .values_list("action", flat=True)
    )


# --- creating -----------------------------------------------------------------------------
def test_a_player_calls_a_judge_to_their_table(event, table, regs, call):
    assert call.state == JudgeCallState.WAITING
    assert (call.match, call.round, call.caller, call.event) == (
        table,
        table.round,
        regs[0],
        event,
    )
    assert call.note == "Flying blocker?"
    assert actions(event) == ["judge_call.create"]


def test_calling_twice_queues_one_call(table, regs, call):
    again = judge_call_create(actor=regs[0].player, match_id=table.pk, reason="other")
    assert again.pk == call.pk
    assert JudgeCall.objects.count() == 1


def test_the_opponent_may_call_too(table, regs, call):
    other = judge_call_create(actor=regs[1].player, match_id=table.pk, reason="result_dispute")
    assert other.pk != call.pk


def test_someone_not_at_the_table_cannot_call(table, regs, judge):
    with pytest.raises(ForbiddenError):
        judge_call_create(actor=regs[2].player, match_id=table.pk, reason="other")
    with pytest.raises(ForbiddenError):
        judge_call_create(actor=judge, match_id=table.pk, reason="other")
    assert not JudgeCall.objects.exists()


def test_a_bad_reason_or_a_long_note_is_refused(table, regs):
    with pytest.raises(DomainError) as bad:
        judge_call_create(actor=regs[0].player, match_id=table.pk, reason="bored")
    assert bad.value.field == "reason"
    with pytest.raises(DomainError) as long:
        judge_call_create(actor=regs[0].player, match_id=table.pk, reason="other", note="x" * 201)
    assert long.value.field == "note"
    assert not JudgeCall.objects.exists()


def test_no_call_from_a_bye_or_an_unpublished_round(event, regs, table):
    bye = table.round.matches.get(table=3)
    with pytest.raises(ConflictError):
        judge_call_create(actor=regs[4].player, match_id=bye.pk, reason="other")
    table.round.status = RoundStatus.FINISHED
    table.round.save()
    with pytest.raises(ConflictError):
        judge_call_create(actor=regs[0].player, match_id=table.pk, reason="other")
    assert not JudgeCall.objects.exists()


def test_the_database_refuses_a_second_open_call_for_the_same_player(call):
    with pytest.raises(IntegrityError), transaction.atomic():
        JudgeCall.objects.create(
            event=call.event,
            round=call.round,
            match=call.match,
            caller=call.caller,
            reason="other",
        )


def test_the_database_refuses_a_claimed_call_without_a_claimer(call):
    with pytest.raises(IntegrityError), transaction.atomic():
        JudgeCall.objects.filter(pk=call.pk).update(state=JudgeCallState.CLAIMED)


def test_the_database_refuses_a_resolved_call_without_an_outcome(call, judge):
    with pytest.raises(IntegrityError), transaction.atomic():
        JudgeCall.objects.filter(pk=call.pk).update(state=JudgeCallState.RESOLVED)


# --- claiming, releasing ------------------------------------------------------------------
def test_a_judge_claims_a_call(call, judge, event):
    claimed = judge_call_claim(actor=judge, call_id=call.pk)
    assert claimed.state == JudgeCallState.CLAIMED
    assert claimed.claimed_by == judge
    assert claimed.claimed_at is not None and claimed.answered_at == claimed.claimed_at
    assert actions(event) == ["judge_call.create", "judge_call.claim"]


def test_a_double_tap_on_claim_changes_nothing(call, judge, event):
    first = judge_call_claim(actor=judge, call_id=call.pk)
    second = judge_call_claim(actor=judge, call_id=call.pk)
    assert second.claimed_at == first.claimed_at
    assert actions(event).count("judge_call.claim") == 1


def test_a_second_judge_is_told_who_has_the_call(call, judge, event):
    other = add_judge(event, "second")
    judge_call_claim(actor=judge, call_id=call.pk)
    with pytest.raises(ConflictError) as refused:
        judge_call_claim(actor=other, call_id=call.pk)
    assert "Judge judy" in refused.value.message
    call.refresh_from_db()
    assert call.claimed_by == judge


def test_a_player_cannot_claim(call, regs):
    with pytest.raises(PermissionDenied):
        judge_call_claim(actor=regs[2].player, call_id=call.pk)


def test_release_puts_the_call_back_in_the_queue(call, judge, event):
    judge_call_claim(actor=judge, call_id=call.pk)
    released = judge_call_release(actor=judge, call_id=call.pk)
    assert released.state == JudgeCallState.WAITING
    assert released.claimed_by is None
    assert released.answered_at is not None  # the wait ended at the first claim
    assert judge_call_release(actor=judge, call_id=call.pk).state == JudgeCallState.WAITING
    assert actions(event).count("judge_call.release") == 1


def test_another_judge_cannot_release_but_the_head_judge_can(call, judge, event, organiser):
    other = add_judge(event, "second")
    judge_call_claim(actor=judge, call_id=call.pk)
    with pytest.raises(ConflictError):
        judge_call_release(actor=other, call_id=call.pk)
    assert judge_call_release(actor=organiser, call_id=call.pk).state == JudgeCallState.WAITING


# --- escalating ---------------------------------------------------------------------------
def test_escalate_hands_the_call_to_the_head_judge(call, judge, event, organiser):
    judge_call_claim(actor=judge, call_id=call.pk)
    escalated = judge_call_escalate(actor=judge, call_id=call.pk)
    assert escalated.state == JudgeCallState.ESCALATED
    assert escalated.escalated_by == judge and escalated.escalated_at is not None
    assert escalated.claimed_by is None
    assert judge_call_escalate(actor=judge, call_id=call.pk).state == JudgeCallState.ESCALATED
    assert actions(event).count("judge_call.escalate") == 1
    with pytest.raises(ForbiddenError):
        judge_call_claim(actor=add_judge(event, "second"), call_id=call.pk)
    with pytest.raises(ForbiddenError):
        judge_call_resolve(actor=judge, call_id=call.pk, outcome="ruling")
    head = judge_call_claim(actor=organiser, call_id=call.pk)
    assert head.state == JudgeCallState.CLAIMED and head.claimed_by == organiser
    # Released by the head judge, it goes back to the head judge's queue.
    assert judge_call_release(actor=organiser, call_id=call.pk).state == JudgeCallState.ESCALATED
    done = judge_call_resolve(actor=organiser, call_id=call.pk, outcome="ruling", ruling="No.")
    assert done.state == JudgeCallState.RESOLVED


# --- resolving ----------------------------------------------------------------------------
def test_resolve_with_a_ruling(call, judge, event):
    judge_call_claim(actor=judge, call_id=call.pk)
    done = judge_call_resolve(
        actor=judge, call_id=call.pk, outcome="ruling", ruling="Flying creatures can block."
    )
    assert done.state == JudgeCallState.RESOLVED
    assert done.outcome == "ruling" and done.ruling == "Flying creatures can block."
    assert done.resolved_by == judge and done.resolved_at >= done.claimed_at


def test_a_waiting_call_is_claimed_and_answered_in_one_step(call, judge):
    done = judge_call_resolve(actor=judge, call_id=call.pk, outcome="no_action")
    assert done.claimed_by == judge
    assert done.answered_at == done.resolved_at


def test_resolve_with_a_time_extension_goes_through_the_clock(call, judge, table, event):
    judge_call_claim(actor=judge, call_id=call.pk)
    done = judge_call_resolve(
        actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=3
    )
    assert done.extension_minutes == 3
    table.refresh_from_db()
    assert table.extension_seconds == 180
    assert "clock.extend_table" in set(AuditEntry.objects.values_list("action", flat=True))
    # A double tap: the table keeps one extension.
    again = judge_call_resolve(
        actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=3
    )
    assert again.resolved_at == done.resolved_at
    table.refresh_from_db()
    assert table.extension_seconds == 180
    assert actions(event).count("judge_call.resolve") == 1


@pytest.mark.parametrize("minutes", [None, 0, -2, 61, "abc"])
def test_a_bad_extension_changes_nothing(call, judge, table, minutes):
    with pytest.raises(DomainError) as refused:
        judge_call_resolve(
            actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=minutes
        )
    assert refused.value.field == "extension_minutes"
    call.refresh_from_db()
    table.refresh_from_db()
    assert call.state == JudgeCallState.WAITING and table.extension_seconds == 0


def test_an_extension_for_a_finished_match_is_refused_and_nothing_changes(call, judge, table):
    table.status = MatchStatus.CONFIRMED
    table.games_won_a, table.games_won_b, table.games_drawn = 2, 0, 0
    table.save()
    with pytest.raises(ConflictError):
        judge_call_resolve(
            actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=3
        )
    call.refresh_from_db()
    assert call.state == JudgeCallState.WAITING


def test_resolve_with_a_penalty_goes_through_the_penalties_service(call, judge, regs, event):
    judge_call_claim(actor=judge, call_id=call.pk)
    done = judge_call_resolve(
        actor=judge,
        call_id=call.pk,
        outcome="penalty",
        penalty_registration_id=regs[1].pk,
        penalty_kind=PenaltyKind.WARNING,
        penalty_reason="Looked at the opponent's hand",
    )
    penalty = Penalty.objects.get()
    assert done.penalty == penalty
    assert penalty.registration == regs[1] and penalty.match == call.match
    assert penalty.kind == PenaltyKind.WARNING
    assert "penalty.warning" in actions_all(event)


def actions_all(event) -> list[str]:
    return list(AuditEntry.objects.filter(event=event).values_list("action", flat=True))


def test_a_penalty_for_someone_not_at_the_table_is_refused(call, judge, regs):
    with pytest.raises(DomainError) as refused:
        judge_call_resolve(
            actor=judge,
            call_id=call.pk,
            outcome="penalty",
            penalty_registration_id=regs[2].pk,
            penalty_kind=PenaltyKind.WARNING,
            penalty_reason="x",
        )
    assert refused.value.field == "penalty_registration_id"
    assert not Penalty.objects.exists()


def test_an_unknown_outcome_is_refused(call, judge):
    with pytest.raises(DomainError) as refused:
        judge_call_resolve(actor=judge, call_id=call.pk, outcome="shrug")
    assert refused.value.field == "outcome"


def test_another_judge_cannot_resolve_a_claimed_call(call, judge, event):
    judge_call_claim(actor=judge, call_id=call.pk)
    with pytest.raises(ConflictError):
        judge_call_resolve(actor=add_judge(event, "second"), call_id=call.pk, outcome="ruling")


def test_a_resolved_call_cannot_be_answered_otherwise_claimed_or_cancelled(call, judge, regs):
    judge_call_resolve(actor=judge, call_id=call.pk, outcome="ruling")
    with pytest.raises(ConflictError):
        judge_call_resolve(actor=judge, call_id=call.pk, outcome="no_action")
    with pytest.raises(ConflictError):
        judge_call_claim(actor=judge, call_id=call.pk)
    with pytest.raises(ConflictError):
        judge_call_cancel(actor=regs[0].player, call_id=call.pk)


def test_resolving_tells_the_caller_once(call, judge, regs, monkeypatch):
    answered: list[dict] = []
    monkeypatch.setattr(calls, "notify_judge_call_answered", lambda **kw: answered.append(kw))
    judge_call_resolve(
        actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=3, ruling="Slow"
    )
    judge_call_resolve(actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=3)
    assert answered == [
        {
            "user_id": regs[0].player_id,
            "event_id": call.event_id,
            "match_id": call.match_id,
            "outcome_text": "Slow",
            "extension_minutes": 3,
        }
    ]


# --- cancelling ---------------------------------------------------------------------------
def test_the_player_cancels_their_call(call, regs, judge, table, event):
    judge_call_claim(actor=judge, call_id=call.pk)
    cancelled = judge_call_cancel(actor=regs[0].player, call_id=call.pk)
    assert cancelled.state == JudgeCallState.CANCELLED and cancelled.cancelled_at is not None
    assert cancelled.claimed_by is None
    assert judge_call_cancel(actor=regs[0].player, call_id=call.pk).state == "cancelled"
    assert actions(event).count("judge_call.cancel") == 1
    # A new call may follow.
    again = judge_call_create(actor=regs[0].player, match_id=table.pk, reason="other")
    assert again.pk != call.pk


def test_nobody_else_cancels_a_players_call(call, regs, judge):
    for someone in (regs[1].player, judge):
        with pytest.raises(PermissionDenied):
            judge_call_cancel(actor=someone, call_id=call.pk)


# --- the audit log ------------------------------------------------------------------------
def test_every_step_reads_as_a_sentence_in_english_and_spanish(call, judge, event, organiser):
    judge_call_claim(actor=judge, call_id=call.pk)
    judge_call_escalate(actor=judge, call_id=call.pk)
    judge_call_resolve(
        actor=organiser, call_id=call.pk, outcome="time_extension", extension_minutes=3
    )
    entries = list(AuditEntry.objects.filter(action__startswith="judge_call.").order_by("pk"))
    with translation.override("en"):
        english = [line.sentence for line in audit_lines(entries, event=event)]
    with translation.override("es"):
        spanish = [line.sentence for line in audit_lines(entries, event=event)]
    assert english == [
        "P Player 000 called a judge to round 1, table 1 (rules question).",
        "Judge judy claimed the judge call of P Player 000 at round 1, table 1.",
        "Judge judy escalated the judge call of P Player 000 at round 1, table 1 to the head "
        "judge.",
        "Organiser orga answered the judge call of P Player 000 at round 1, table 1: a time "
        "extension of 3 minutes.",
    ]
    assert spanish[0] == "P Player 000 llamó a un juez en ronda 1, mesa 1 (duda de reglas)."
    assert all(s not in english for s in spanish)
    assert all(e.after["at"] for e in entries)
