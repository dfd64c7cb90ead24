"""The one-tap confirmation through the API: ``POST /api/matches/<id>/confirm/``."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Match, ResultReport
from tournaments.models.choices import MatchStatus
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def reported():
    """Table 1, player A reported a 2-1 win."""
    event = make_event(make_organiser("capi_orga"))
    judge = add_judge(event, "capi_judge")
    regs = add_players(event, 4, prefix="capi")
    match = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1))
    return judge, regs, match


def url(match: Match) -> str:
    return f"/api/matches/{match.pk}/confirm/"


SEEN = {"games_won_a": 2, "games_won_b": 1, "games_drawn": 0}


def test_the_opponent_confirms_once(reported):
    _judge, regs, match = reported
    api = client_for(regs[1].player)
    first = api.post(url(match), SEEN, format="json")
    assert first.status_code == 200, first.json()
    body = first.json()
    assert (body["status"], body["winner"], body["changed"]) == ("confirmed", "a", True)
    assert set(body) == {
        "id",
        "status",
        "games_won_a",
        "games_won_b",
        "games_drawn",
        "winner",
        "confirmed_at",
        "changed",
    }
    again = api.post(url(match), SEEN, format="json")
    assert again.status_code == 200
    assert again.json() == {**body, "changed": False}
    assert ResultReport.objects.filter(match=match).count() == 2


def test_a_changed_report_is_a_409_with_its_code(reported):
    _judge, regs, match = reported
    response = client_for(regs[1].player).post(
        url(match), {**SEEN, "games_won_b": 0}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "report_changed"
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING


@pytest.mark.parametrize(
    ("body", "field"), [({}, "games_won_a"), ({**SEEN, "games_won_b": "two"}, "games_won_b")]
)
def test_bad_input_is_a_400_naming_the_field(reported, body, field):
    _judge, regs, match = reported
    response = client_for(regs[1].player).post(url(match), body, format="json")
    assert response.status_code == 400
    assert field in response.json()


def test_outsiders_and_judges_are_refused(reported):
    judge, regs, match = reported
    assert client_for(regs[2].player).post(url(match), SEEN, format="json").status_code == 403
    assert client_for(judge).post(url(match), SEEN, format="json").status_code == 409
    assert client_for().post(url(match), SEEN, format="json").status_code in (401, 403)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING


def test_the_schema_documents_it():
    schema = client_for().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/matches/{id}/confirm/"]["post"]
    assert {"200", "400", "403", "404", "409"} <= set(operation["responses"])
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert "changed" in schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["properties"]
