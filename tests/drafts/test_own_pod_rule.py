"""The own-match rule at a booster draft: a judge who drafts is refused every judge action on
the pod they have a seat in (pause, resume, extend, start the picking, end deck building,
more building time for a seat, a seat to a bot or to a late player, a pack replaced, a
drafter's deck list entered), by the service, the API (403 ``own_match``) and the pages (a
403 page saying why); nothing changes and the refusal is audited. Another judge of the
event does each of them, and the judge who drafts still runs the other pod."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from config.errors import ForbiddenError
from drafts.models import DraftSeat
from tests.drafts.own_pod_cases import POD_CASES, build_pods, pod_case_id, refusals, state
from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry, Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.services.registration import registration_drop

pytestmark = pytest.mark.django_db


@pytest.fixture
def pods(db):
    return build_pods()


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def page_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def ready(case, pods, own: bool):
    pod = pods.pod(own)
    if case.setup is not None:
        case.setup(pods, pod)
    pod.refresh_from_db()
    return pod


def refused_as_expected(case, pods) -> None:
    [(action, target, after)] = refusals()
    assert action == case.action.split(".")[0] + ".refused_own_match"
    assert target == f"pod {pods.mine.number}"
    assert after == {"action": case.action}


# --- the services -------------------------------------------------------------------------
@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_a_judge_who_drafts_is_refused_on_their_pod_and_nothing_changes(case, pods):
    pod = ready(case, pods, own=True)
    before = state()
    with pytest.raises(ForbiddenError) as refused:
        case.service(pods.judge, pods, pod)
    assert refused.value.code == "own_match"
    assert refused.value.message.startswith(f"You have a seat in draft pod {pod.number}")
    assert "another judge must" in refused.value.message
    assert state() == before
    refused_as_expected(case, pods)


@pytest.mark.parametrize("who", ["colleague", "organiser"])
@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_another_judge_or_the_head_judge_does_it(case, who, pods):
    pod = ready(case, pods, own=True)
    before = state()
    case.service(getattr(pods, who), pods, pod)
    assert state() != before
    assert refusals() == []


@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_the_judge_who_drafts_still_runs_the_other_pod(case, pods):
    pod = ready(case, pods, own=False)
    before = state()
    case.service(pods.judge, pods, pod)
    assert state() != before
    assert refusals() == []


# --- the API and the pages ------------------------------------------------------------------
@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_the_api_refuses_a_judge_who_drafts_in_the_pod(case, pods):
    pod = ready(case, pods, own=True)
    before = state()
    response = case.api(api_as(pods.judge), pods, pod)
    assert response.status_code == 403, response.content
    body = response.json()
    assert body["code"] == "own_match"
    assert "another judge must" in body["detail"][0]
    assert state() == before
    refused_as_expected(case, pods)


@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_the_api_lets_another_judge_do_it(case, pods):
    pod = ready(case, pods, own=True)
    before = state()
    response = case.api(api_as(pods.colleague), pods, pod)
    assert response.status_code in (200, 201), response.content
    assert state() != before


@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_the_pages_refuse_a_judge_who_drafts_in_the_pod(case, pods):
    pod = ready(case, pods, own=True)
    before = state()
    response = case.page(page_as(pods.judge), pods, pod)
    assert response.status_code == 403
    assert "another judge must" in response.content.decode()
    assert state() == before
    refused_as_expected(case, pods)


@pytest.mark.parametrize("case", POD_CASES, ids=pod_case_id)
def test_the_pages_let_another_judge_do_it(case, pods):
    pod = ready(case, pods, own=True)
    before = state()
    response = case.page(page_as(pods.colleague), pods, pod)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert state() != before


# --- the reason, the audit log, the console ---------------------------------------------
def test_the_reason_is_in_spanish_too(pods):
    response = api_as(pods.judge).post(
        f"/api/pods/{pods.mine.pk}/extend/",
        {"seconds": 3600},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 403
    assert response.json()["detail"][0] == (
        f"Tienes un asiento en la mesa de draft {pods.mine.number}: otro juez debe dar más "
        "tiempo a esta mesa."
    )


def test_the_audit_log_says_who_was_refused_what(pods):
    api_as(pods.judge).post(f"/api/pods/{pods.mine.pk}/pause/", {}, format="json")
    entries = AuditEntry.objects.filter(action__endswith="refused_own_match")
    [line] = audit_lines(entries, event=pods.event)
    assert line.sentence == (
        f"OP Player 000 has a seat in draft pod {pods.mine.number} and was refused: "
        "another judge must pause this pod."
    )
    assert line.kind == "draft"
    with translation.override("es"):
        [line] = audit_lines(entries, event=pods.event)
    assert line.sentence == (
        f"OP Player 000 tiene un asiento en la mesa de draft {pods.mine.number}: rechazado, "
        "otro juez debe pausar esta mesa."
    )


def test_the_console_tells_the_judge_which_pod_another_judge_runs(pods):
    page = page_as(pods.judge).get(f"/events/{pods.event.pk}/judge/draft/").content.decode()
    assert page.count('data-testid="own-pod"') == 1
    colleague = page_as(pods.colleague).get(f"/events/{pods.event.pk}/judge/draft/")
    assert 'data-testid="own-pod"' not in colleague.content.decode()


# --- a drop hands the seat to a bot: the same rule ------------------------------------------
def test_a_judge_who_drafts_cannot_drop_a_player_of_their_pod_during_the_draft(pods):
    """A drop while the pod drafts hands the seat to a bot: it is a change of the pod's
    seats, refused to a judge seated there."""
    rival = pods.rival(pods.mine)
    before = state()
    with pytest.raises(ForbiddenError) as refused:
        registration_drop(actor=pods.judge, registration_id=rival.registration_id, reason="Ill")
    assert refused.value.code == "own_match"
    assert "another judge must drop this player" in refused.value.message
    assert state() == before
    assert refusals() == [
        (
            "registration.refused_own_match",
            f"pod {pods.mine.number}",
            {"action": "registration.drop"},
        )
    ]
    # another judge does it; the judge drops a player of the other pod, and themself
    registration_drop(actor=pods.colleague, registration_id=rival.registration_id, reason="Ill")
    assert DraftSeat.objects.get(pk=rival.pk).bot
    elsewhere = pods.rival(pods.other)
    registration_drop(actor=pods.judge, registration_id=elsewhere.registration_id, reason="Ill")
    mine = DraftSeat.objects.get(pod=pods.mine, registration__player=pods.judge)
    registration_drop(actor=pods.judge, registration_id=mine.registration_id, reason="Must judge")
    dropped = Registration.objects.filter(status=RegistrationStatus.DROPPED).count()
    assert dropped == 3 and len(refusals()) == 1
