"""A judge who also plays in the event never decides their own match: another judge must.
Every path is refused with the reason, and every attempt is in the audit log."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from config.errors import ForbiddenError
from tests.tournaments.helpers import add_judge, make_round
from tournaments.models import AuditEntry, EventStaff
from tournaments.models.choices import MatchStatus, PenaltyKind, StaffRole
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_report, match_set_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing_judge_match(event, regs):
    """The first player is also a judge of the event; their match is table 1."""
    EventStaff.objects.create(event=event, user=regs[0].player, role=StaffRole.JUDGE)
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    return regs[0].player, round_.matches.get(table=1), round_.matches.get(table=2)


def refusals() -> int:
    return AuditEntry.objects.filter(action="result.refused_own_match").count()


def test_the_service_refuses_and_audits(playing_judge_match):
    judge, own, _other = playing_judge_match
    with pytest.raises(ForbiddenError, match="another judge"):
        match_set_result(actor=judge, match_id=own.pk, result=ReportedResult(2, 0))
    own.refresh_from_db()
    assert own.status == MatchStatus.PENDING
    assert refusals() == 1


def test_the_judge_still_runs_other_tables_and_reports_as_a_player(playing_judge_match, regs):
    judge, own, other = playing_judge_match
    match_set_result(actor=judge, match_id=other.pk, result=ReportedResult(2, 1))
    match_report(actor=judge, match_id=own.pk, result=ReportedResult(2, 1))
    confirmed = match_report(actor=regs[1].player, match_id=own.pk, result=ReportedResult(2, 1))
    assert confirmed.status == MatchStatus.CONFIRMED
    assert refusals() == 0


def test_another_judge_settles_it(playing_judge_match, event):
    _judge, own, _other = playing_judge_match
    colleague = add_judge(event, "colleague")
    match = match_set_result(actor=colleague, match_id=own.pk, result=ReportedResult(2, 0))
    assert match.status == MatchStatus.CONFIRMED


def test_a_match_loss_for_the_opponent_is_refused_too(playing_judge_match, regs):
    judge, own, _other = playing_judge_match
    with pytest.raises(ForbiddenError):
        penalty_issue(
            actor=judge,
            registration_id=regs[1].pk,
            kind=PenaltyKind.MATCH_LOSS,
            reason="slow play",
            match_id=own.pk,
        )
    own.refresh_from_db()
    assert own.status == MatchStatus.PENDING


def test_the_result_page_says_why_and_audits_a_post(playing_judge_match, client):
    judge, own, _other = playing_judge_match
    client.force_login(judge)
    url = reverse("tournaments:result", args=[own.pk])
    page = client.get(url)
    assert page.status_code == 403
    assert "another judge must enter or confirm" in page.content.decode()
    assert refusals() == 0
    posted = client.post(url, {"games_won_a": 2, "games_won_b": 0, "reason": "mine"})
    assert posted.status_code == 403
    assert refusals() == 1
    own.refresh_from_db()
    assert own.status == MatchStatus.PENDING


def test_the_api_answers_403_with_the_reason(playing_judge_match):
    judge, own, _other = playing_judge_match
    api = APIClient()
    api.force_authenticate(judge)
    response = api.post(
        f"/api/matches/{own.pk}/result/", {"games_won_a": 2, "games_won_b": 0}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["code"] == "own_match"
    assert "another judge" in response.json()["detail"][0]
    assert refusals() == 1
