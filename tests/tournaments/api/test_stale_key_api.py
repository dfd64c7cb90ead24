"""A late retry of an earlier report through the API: ``POST /api/matches/<id>/report/``
answers 409 ``idempotency_key_stale`` with the report that stands, and changes nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tournaments.models import ResultReport

pytestmark = pytest.mark.django_db


@pytest.fixture
def table1():
    event = make_event(make_organiser("skapi_orga"))
    regs = add_players(event, 2, prefix="skapi")
    return make_round(event, [(regs[0], regs[1])]).matches.get(table=1), regs


def test_an_earlier_key_sent_again_is_a_409_with_the_current_report(table1):
    match, regs = table1
    client = APIClient()
    client.force_authenticate(regs[0].player)
    url = f"/api/matches/{match.pk}/report/"
    first = {"games_won_a": 2, "games_won_b": 0, "idempotency_key": "k1"}
    correction = {"games_won_a": 0, "games_won_b": 2, "idempotency_key": "k2"}
    assert client.post(url, first, format="json").status_code == 200
    assert client.post(url, correction, format="json").status_code == 200
    late = client.post(url, first, format="json")
    assert late.status_code == 409
    body = late.json()
    assert body["code"] == "idempotency_key_stale"
    assert "Your current report is 0-2." in body["idempotency_key"][0]
    assert body["report"] == {
        "games_won_a": 0,
        "games_won_b": 2,
        "games_drawn": 0,
        "games": [],
        "idempotency_key": "k2",
    }
    assert ResultReport.objects.get(match=match).score == (0, 2, 0)
    # The latest key again: 200 with the current state, nothing changed.
    again = client.post(url, correction, format="json")
    assert again.status_code == 200 and again.json()["status"] == "awaiting"
    assert ResultReport.objects.get(match=match).score == (0, 2, 0)


def test_the_refusal_is_in_the_callers_language(table1):
    match, regs = table1
    client = APIClient()
    client.force_authenticate(regs[0].player)
    url = f"/api/matches/{match.pk}/report/"
    client.post(url, {"games_won_a": 2, "games_won_b": 0, "idempotency_key": "k1"}, format="json")
    client.post(url, {"games_won_a": 0, "games_won_b": 2, "idempotency_key": "k2"}, format="json")
    late = client.post(
        url,
        {"games_won_a": 2, "games_won_b": 0, "idempotency_key": "k1"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert late.status_code == 409
    assert "0-2" in late.json()["idempotency_key"][0]
    assert "nothing changed" not in late.json()["idempotency_key"][0]
