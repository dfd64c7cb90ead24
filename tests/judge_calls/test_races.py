"""Judge calls raced on real connections: two judges claim at once, a player taps twice, a
judge answers while the player cancels, a penalty answer meets a result report."""

from __future__ import annotations

import pytest

from config.errors import ConflictError, DomainError
from judge_calls.models import JudgeCall, JudgeCallState
from judge_calls.services import (
    judge_call_cancel,
    judge_call_claim,
    judge_call_create,
    judge_call_escalate,
    judge_call_resolve,
)
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments.models import AuditEntry, Match, Penalty
from tournaments.models.choices import PenaltyKind
from tournaments.services.clock import match_extend_time
from tournaments.services.results import ReportedResult, match_report

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def setting():
    organiser = make_organiser("call_orga")
    event = make_event(organiser)
    judges = [add_judge(event, "call_judge_a"), add_judge(event, "call_judge_b")]
    regs = add_players(event, 4)
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    match = round_.matches.get(table=1)
    call = judge_call_create(actor=regs[0].player, match_id=match.pk, reason="rules_question")
    return event, judges, regs, match, call


def test_two_judges_claim_at_once_and_exactly_one_wins(setting):
    _event, judges, _regs, _match, call = setting
    outcomes = race(
        lambda: judge_call_claim(actor=judges[0], call_id=call.pk),
        lambda: judge_call_claim(actor=judges[1], call_id=call.pk),
    )
    winners = [o for o in outcomes if isinstance(o, JudgeCall)]
    losers = [o for o in outcomes if isinstance(o, ConflictError)]
    assert len(winners) == 1 and len(losers) == 1, outcomes
    call.refresh_from_db()
    assert call.claimed_by_id == winners[0].claimed_by_id
    winner_name = winners[0].claimed_by.public_name
    assert losers[0].message == f"{winner_name} has already claimed this call."
    assert AuditEntry.objects.filter(action="judge_call.claim").count() == 1


def test_a_double_tap_on_call_a_judge_queues_one_call(setting):
    _event, _judges, regs, match, call = setting
    judge_call_cancel(actor=regs[0].player, call_id=call.pk)
    outcomes = race(
        *[
            lambda: judge_call_create(actor=regs[0].player, match_id=match.pk, reason="other")
            for _ in range(3)
        ]
    )
    assert all(isinstance(o, JudgeCall) for o in outcomes), outcomes
    assert len({o.pk for o in outcomes}) == 1
    assert JudgeCall.objects.filter(state=JudgeCallState.WAITING).count() == 1


def test_an_extension_meets_the_players_cancel(setting):
    _event, judges, regs, match, call = setting
    outcomes = race(
        lambda: judge_call_resolve(
            actor=judges[0], call_id=call.pk, outcome="time_extension", extension_minutes=3
        ),
        lambda: judge_call_cancel(actor=regs[0].player, call_id=call.pk),
    )
    call.refresh_from_db()
    match.refresh_from_db()
    if call.state == JudgeCallState.RESOLVED:
        assert isinstance(outcomes[1], ConflictError), outcomes
        assert match.extension_seconds == 180
    else:
        assert call.state == JudgeCallState.CANCELLED
        assert isinstance(outcomes[0], ConflictError), outcomes
        assert match.extension_seconds == 0


def test_an_answer_meets_a_claim_by_another_judge(setting):
    _event, judges, _regs, match, call = setting
    outcomes = race(
        lambda: judge_call_resolve(
            actor=judges[0], call_id=call.pk, outcome="time_extension", extension_minutes=2
        ),
        lambda: judge_call_claim(actor=judges[1], call_id=call.pk),
    )
    assert sum(isinstance(o, JudgeCall) for o in outcomes) == 1, outcomes
    assert sum(isinstance(o, DomainError) for o in outcomes) == 1, outcomes
    match.refresh_from_db()
    call.refresh_from_db()
    assert match.extension_seconds == (120 if call.state == JudgeCallState.RESOLVED else 0)


def test_a_match_loss_answer_meets_the_players_reports(setting):
    _event, judges, regs, match, call = setting
    outcomes = race(
        lambda: judge_call_resolve(
            actor=judges[0],
            call_id=call.pk,
            outcome="penalty",
            penalty_registration_id=regs[1].pk,
            penalty_kind=PenaltyKind.MATCH_LOSS,
            penalty_reason="Marked cards",
        ),
        lambda: match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(2, 0)),
        lambda: match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(0, 2)),
    )
    # No deadlock and no server error: each call either did its work or was refused.
    assert all(not isinstance(o, Exception) or isinstance(o, DomainError) for o in outcomes), (
        outcomes
    )
    assert Match.objects.get(pk=match.pk).status == "confirmed"
    assert Penalty.objects.count() == (1 if isinstance(outcomes[0], JudgeCall) else 0)


def test_an_escalation_meets_another_judges_claim(setting):
    _event, judges, _regs, _match, call = setting
    outcomes = race(
        lambda: judge_call_escalate(actor=judges[0], call_id=call.pk),
        lambda: judge_call_claim(actor=judges[1], call_id=call.pk),
    )
    call.refresh_from_db()
    if call.state == JudgeCallState.ESCALATED:
        # Escalated first: the claim was refused (only the head judge takes it now).
        assert isinstance(outcomes[1], DomainError), outcomes
    else:
        assert call.state == JudgeCallState.CLAIMED and call.claimed_by == judges[1]
        assert isinstance(outcomes[0], ConflictError), outcomes


def test_a_call_extension_and_a_dashboard_extension_add_up(setting):
    _event, judges, _regs, match, call = setting
    outcomes = race(
        lambda: judge_call_resolve(
            actor=judges[0], call_id=call.pk, outcome="time_extension", extension_minutes=3
        ),
        lambda: match_extend_time(actor=judges[1], match_id=match.pk, seconds=120),
    )
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    match.refresh_from_db()
    assert match.extension_seconds == 300
