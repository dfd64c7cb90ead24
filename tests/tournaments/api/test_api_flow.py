"""A small event run entirely through the REST API, and its refusals."""

from __future__ import annotations

import csv
import io

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.helpers import make_organiser
from tournaments.models import Match, Registration

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def organiser():
    return make_organiser("api_orga")


@pytest.fixture
def event_id(organiser):
    response = client_for(organiser).post(
        "/api/events/",
        {
            "name": "API Cup",
            "date": "2026-12-12",
            "swiss_rounds": 2,
            "top_cut": 0,
            # Scores only here (a Humankind event requires the play-or-draw record unless
            # told otherwise: tests/tournaments/services/test_play_draw_record.py).
            "play_draw_required": False,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["play_draw_required"] is False
    return response.json()["id"]


@pytest.fixture
def players(event_id):
    people = [UserFactory(username=f"api{i}", display_name=f"Api Player {i}") for i in range(4)]
    for person in people:
        response = client_for(person).post(f"/api/events/{event_id}/register/")
        assert response.status_code == 201
    return people


def check_in_all(organiser, event_id):
    api = client_for(organiser)
    for reg in api.get(f"/api/v1/events/{event_id}/players/").json()["results"]:
        assert (
            api.post(f"/api/registrations/{reg['id']}/check-in/", {}, format="json").status_code
            == 200
        )


def oriented(match: dict, user, mine: int, theirs: int) -> dict:
    is_a = match["player_a"]["registration_id"] == Registration.objects.get(player=user).pk
    a, b = (mine, theirs) if is_a else (theirs, mine)
    return {"games_won_a": a, "games_won_b": b, "games_drawn": 0}


def test_an_event_through_the_api(organiser, event_id, players):
    api = client_for(organiser)
    check_in_all(organiser, event_id)
    round1 = api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json")
    assert round1.status_code == 201
    round_id = round1.json()["id"]
    # unpublished pairings are hidden from players
    assert client_for(players[0]).get(f"/api/rounds/{round_id}/").status_code == 403
    assert api.post(f"/api/rounds/{round_id}/publish/").json()["status"] == "published"
    clock = api.post(f"/api/rounds/{round_id}/clock/start/").json()
    assert clock["ends_at"] and clock["server_now"]
    detail = client_for(players[0]).get(f"/api/rounds/{round_id}/").json()
    assert len(detail["matches"]) == 2
    by_user = {p.pk: p for p in players}
    for match in detail["matches"]:
        user_a = by_user[
            Registration.objects.get(pk=match["player_a"]["registration_id"]).player_id
        ]
        user_b = by_user[
            Registration.objects.get(pk=match["player_b"]["registration_id"]).player_id
        ]
        r = client_for(user_a).post(
            f"/api/matches/{match['id']}/report/", oriented(match, user_a, 2, 1), format="json"
        )
        assert r.status_code == 200 and r.json()["status"] == "awaiting"
        r = client_for(user_b).post(
            f"/api/matches/{match['id']}/report/", oriented(match, user_b, 1, 2), format="json"
        )
        assert r.status_code == 200 and r.json()["status"] == "confirmed"
    standings = (
        client_for(players[0]).get(f"/api/v1/events/{event_id}/standings/").json()["results"]
    )
    assert [row["match_points"] for row in standings] == [3, 3, 0, 0]
    export = client_for(players[0]).get(f"/api/events/{event_id}/export/standings.csv")
    assert export["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(export.content.decode())))
    assert [r["player"] for r in rows] == [row["player"] for row in standings]
    audit = api.get(f"/api/events/{event_id}/audit/").json()["results"]
    assert {"round.pair", "round.publish", "clock.start"} <= {e["action"] for e in audit}


def test_refusals_have_a_status_and_a_reason(organiser, event_id, players):
    api = client_for(organiser)
    check_in_all(organiser, event_id)
    round_id = api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json").json()["id"]
    api.post(f"/api/rounds/{round_id}/publish/")
    match = Match.objects.filter(round_id=round_id).first()
    player_a = match.player_a.player
    outsider = next(
        p for p in players if p.pk not in {match.player_a.player_id, match.player_b.player_id}
    )

    bad = client_for(player_a).post(
        f"/api/matches/{match.pk}/report/", {"games_won_a": 3, "games_won_b": 0}, format="json"
    )
    assert bad.status_code == 400
    assert "impossible in best of 3" in bad.json()["score"][0]
    wrong_field = client_for(player_a).post(
        f"/api/matches/{match.pk}/report/", {"games_won_a": "two"}, format="json"
    )
    assert wrong_field.status_code == 400 and "games_won_a" in wrong_field.json()
    assert (
        client_for(outsider)
        .post(
            f"/api/matches/{match.pk}/report/", {"games_won_a": 2, "games_won_b": 0}, format="json"
        )
        .status_code
        == 403
    )
    assert (
        client_for(player_a)
        .post("/api/matches/999999/report/", {"games_won_a": 2, "games_won_b": 0}, format="json")
        .status_code
        == 404
    )
    missing = api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json")
    assert missing.status_code == 409
    assert missing.json()["missing_tables"] == [1, 2]
    assert "tables 1, 2" in missing.json()["detail"][0]
    malformed = client_for(player_a).generic(
        "POST", f"/api/matches/{match.pk}/report/", "{", content_type="application/json"
    )
    assert malformed.status_code == 400
    match.refresh_from_db()
    assert match.status == "pending" and not match.reports.exists()


def test_anonymous_can_read_but_not_write(event_id):
    anon = APIClient()
    assert anon.get(f"/api/events/{event_id}/").status_code == 200
    assert anon.get(f"/api/events/{event_id}/standings/").status_code == 200
    assert anon.post(f"/api/events/{event_id}/register/").status_code in {401, 403}
    assert anon.patch(f"/api/events/{event_id}/", {"name": "X"}, format="json").status_code in {
        401,
        403,
    }


def test_only_organisers_create_events():
    response = client_for(UserFactory(username="nobody")).post(
        "/api/events/", {"name": "Mine", "date": "2026-12-12"}, format="json"
    )
    assert response.status_code == 403


def test_settings_that_shape_results_freeze_once_running(organiser, event_id, players):
    api = client_for(organiser)
    check_in_all(organiser, event_id)
    api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json")
    response = api.patch(f"/api/events/{event_id}/", {"games_per_match": 5}, format="json")
    assert response.status_code == 409
    assert (
        api.patch(f"/api/events/{event_id}/", {"venue": "Hall B"}, format="json").status_code == 200
    )
    bad = api.patch(f"/api/events/{event_id}/", {"tiebreaks": "nonsense"}, format="json")
    assert bad.status_code == 400 and "tiebreaks" in bad.json()


def test_drop_reasons_are_for_judges_only(organiser, event_id, players):
    api = client_for(organiser)
    check_in_all(organiser, event_id)
    api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json")
    reg = Registration.objects.get(player=players[0])
    dropped = api.post(
        f"/api/registrations/{reg.pk}/drop/", {"reason": "Disqualified: marked"}, format="json"
    )
    assert dropped.json()["drop_reason"] == "Disqualified: marked"
    public = {
        r["id"]: r for r in APIClient().get(f"/api/v1/events/{event_id}/players/").json()["results"]
    }
    assert public[reg.pk]["status"] == "dropped" and public[reg.pk]["drop_reason"] == ""
    judged = {r["id"]: r for r in api.get(f"/api/v1/events/{event_id}/players/").json()["results"]}
    assert judged[reg.pk]["drop_reason"] == "Disqualified: marked"
    # the round was still a draft: the drop counts from before it
    assert judged[reg.pk]["dropped_after_round"] == 0


def test_a_withdrawal_before_the_start_answers_204_as_documented(event_id, players):
    reg = Registration.objects.get(event_id=event_id, player=players[0])
    response = client_for(players[0]).post(
        f"/api/registrations/{reg.pk}/drop/", {"reason": ""}, format="json"
    )
    assert response.status_code == 204 and response.content == b""
    assert not Registration.objects.filter(pk=reg.pk).exists()


def test_the_report_response_has_the_documented_shape(organiser, event_id, players):
    from tournaments.api.serializers import ReportOut, report_payload

    api = client_for(organiser)
    check_in_all(organiser, event_id)
    round_id = api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json").json()["id"]
    api.post(f"/api/rounds/{round_id}/publish/")
    match = Match.objects.filter(round_id=round_id).first()
    for user in (match.player_a.player, match.player_b.player):
        response = client_for(user).post(
            f"/api/matches/{match.pk}/report/", {"games_won_a": 2, "games_won_b": 1}, format="json"
        )
    match.refresh_from_db()
    assert response.json() == ReportOut(match).data == report_payload(match)
    assert response.json()["status"] == "confirmed"


BEYOND_64_BITS = str(2**63)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/matches/{id}/report/"),
        ("post", "/api/matches/{id}/extend/"),
        ("post", "/api/rounds/{id}/clock/start/"),
        ("get", "/api/events/{id}/"),
        ("get", "/events/{id}/"),
    ],
)
def test_an_id_past_64_bits_is_not_found(organiser, method, path):
    """Such an id would make the database refuse the query (a server error); it cannot
    name anything, so the path does not match."""
    body = {"seconds": 60, "games_won_a": 2, "games_won_b": 0, "games_drawn": 0}
    for id_ in (BEYOND_64_BITS, str(2**63 - 1)):
        response = getattr(client_for(organiser), method)(path.format(id=id_), body, format="json")
        assert response.status_code == 404, (id_, response.content[:200])


def test_a_huge_page_size_is_capped(organiser, event_id, players):
    api = client_for(organiser)
    response = api.get(f"/api/events/{event_id}/audit/", {"limit": "9" * 40})
    assert response.status_code == 200
    assert 0 < len(response.json()["results"]) <= 1000


def test_the_event_list_filters_by_known_values_and_names_the_others(event_id):
    api = APIClient()
    assert [
        e["id"] for e in api.get("/api/events/", {"status": "registration"}).json()["results"]
    ] == [event_id]
    assert api.get("/api/events/", {"status": "running"}).json()["results"] == []
    response = api.get("/api/events/", {"game": "chess"}, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 400
    body = response.json()
    assert "chess" in str(body) and "humankind" in str(body)


def test_a_fixed_table_past_the_column_is_a_400(organiser, event_id, players):
    reg = Registration.objects.filter(event_id=event_id).first()
    response = client_for(organiser).post(
        f"/api/registrations/{reg.pk}/fixed-table/", {"table": 2**31}, format="json"
    )
    assert response.status_code == 400
    assert "table" in response.json()


def test_a_reused_idempotency_key_with_another_score_is_a_409(organiser, event_id, players):
    api = client_for(organiser)
    check_in_all(organiser, event_id)
    round_id = api.post(f"/api/events/{event_id}/rounds/pair/", {}, format="json").json()["id"]
    api.post(f"/api/rounds/{round_id}/publish/")
    match = Match.objects.filter(round_id=round_id).first()
    player = client_for(match.player_a.player)
    url = f"/api/matches/{match.pk}/report/"
    first = {"games_won_a": 2, "games_won_b": 1, "idempotency_key": "k-1"}
    assert player.post(url, first, format="json").status_code == 200
    assert player.post(url, first, format="json").status_code == 200  # a retry
    changed = player.post(url, {**first, "games_won_b": 0}, format="json")
    assert changed.status_code == 409
    assert changed.json()["code"] == "idempotency_key_reused"
    assert "2-1-0" in changed.json()["idempotency_key"][0]
    [stored] = match.reports.all()
    assert stored.score == (2, 1, 0)
    # A new key changes the report, as before.
    fresh = player.post(url, {**first, "games_won_b": 0, "idempotency_key": "k-2"}, format="json")
    assert fresh.status_code == 200
    assert match.reports.get().score == (2, 0, 0)


def test_an_event_named_as_long_as_the_api_allows_is_created_and_renamed(organiser):
    api = client_for(organiser)
    name = "N" * 120
    created = api.post(
        "/api/events/", {"name": name, "date": "2026-12-12", "swiss_rounds": 2}, format="json"
    )
    assert created.status_code == 201, created.json()
    renamed = api.patch(f"/api/events/{created.json()['id']}/", {"name": "M" * 120}, format="json")
    assert renamed.status_code == 200, renamed.json()
    assert renamed.json()["name"] == "M" * 120
