"""The own-match rule on every path: each judge action on a match, tried through the API and
through the pages by a judge who plays in it, is refused with the reason (403 ``own_match``
in the API's one error shape; a 403 page, or a message on the live page it goes back to)
and changes nothing; another judge of the event does it through the same path."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_organiser
from tests.tournaments.own_match_cases import CASES, build_table, case_id, refusals, state

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(db):
    return build_table(make_organiser())


@pytest.fixture
def catalogue(request):
    def load(case):
        if case.needs_catalogue:
            request.getfixturevalue("rulings_data")

    return load


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def page_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_api_refuses_a_judge_who_plays(case, table, catalogue):
    catalogue(case)
    before = state()
    response = case.api(api_as(table.judge), table)
    assert response.status_code == 403, response.content
    body = response.json()
    assert body["code"] == "own_match"
    assert "another judge must" in body["detail"][0]
    assert state() == before
    assert [after for _action, _target, after in refusals()] == [{"action": case.action}]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_api_lets_another_judge_do_it(case, table, catalogue):
    catalogue(case)
    before = state()
    response = case.api(api_as(table.colleague), table)
    assert response.status_code in (200, 201), response.content
    assert state() != before


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_pages_refuse_a_judge_who_plays(case, table, catalogue):
    catalogue(case)
    before = state()
    client = page_as(table.judge)
    response = case.page(client, table)
    if case.page_redirects:
        assert response.status_code == 302
        response = client.get(response["Location"])
    else:
        assert response.status_code == 403
    assert "another judge must" in response.content.decode()
    assert state() == before
    assert [after for _action, _target, after in refusals()] == [{"action": case.action}]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_pages_let_another_judge_do_it(case, table, catalogue):
    catalogue(case)
    before = state()
    response = case.page(page_as(table.colleague), table)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert state() != before


def test_the_reason_is_in_spanish_too(table):
    client = api_as(table.judge)
    response = client.post(
        f"/api/matches/{table.match.pk}/extend/",
        {"seconds": 60},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 403
    assert "otro juez" in response.json()["detail"][0]


def test_the_audit_log_says_who_was_refused_what(table):
    from django.utils import translation

    from tournaments.audit_presenter import audit_lines
    from tournaments.models import AuditEntry

    api_as(table.judge).post(
        f"/api/matches/{table.match.pk}/extend/", {"seconds": 60}, format="json"
    )
    entries = AuditEntry.objects.filter(action__endswith="refused_own_match")
    [line] = audit_lines(entries, event=table.event)
    assert line.sentence == (
        "P Player 000 plays in round 1, table 1 and was refused: "
        "another judge must extend this table's time."
    )
    assert line.kind == "clock" and line.round_number == 1
    with translation.override("es"):
        [line] = audit_lines(entries, event=table.event)
    assert "otro juez debe dar tiempo extra a esta mesa" in line.sentence
