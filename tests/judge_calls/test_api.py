"""Judge calls through the REST API: a player calls, judges claim (one wins), escalate and
resolve; who sees which calls; refusals in the one error shape."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Penalty

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def world():
    organiser = make_organiser("calls_api_orga")
    event = make_event(organiser)
    judge = add_judge(event, "calls_api_judge")
    regs = add_players(event, 4)
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    tables = list(round_.matches.order_by("table"))
    return {"event": event, "organiser": organiser, "judge": judge, "regs": regs, "tables": tables}


def call(world, reg_index=0, table_index=0, **body):
    regs, tables = world["regs"], world["tables"]
    return client_for(regs[reg_index].player).post(
        f"/api/matches/{tables[table_index].pk}/judge-calls/",
        {"reason": "rules_question", **body},
        format="json",
    )


def test_a_call_claimed_and_answered_with_an_extension(world):
    created = call(world, note="Does flying block reach?")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["state"] == "waiting" and body["table"] == 1 and body["round"] == 1
    assert body["caller"] == world["regs"][0].name and body["claimed_by"] is None
    judge = client_for(world["judge"])
    claimed = judge.post(f"/api/judge-calls/{body['id']}/claim/")
    assert claimed.status_code == 200
    assert claimed.json()["claimed_by"] == world["judge"].public_name
    resolved = judge.post(
        f"/api/judge-calls/{body['id']}/resolve/",
        {"outcome": "time_extension", "extension_minutes": 3},
        format="json",
    )
    assert resolved.status_code == 200, resolved.json()
    assert resolved.json()["state"] == "resolved" and resolved.json()["extension_minutes"] == 3
    world["tables"][0].refresh_from_db()
    assert world["tables"][0].extension_seconds == 180


def test_a_second_judge_claiming_gets_409_with_the_holder(world):
    call_id = call(world).json()["id"]
    client_for(world["judge"]).post(f"/api/judge-calls/{call_id}/claim/")
    other = add_judge(world["event"], "calls_api_other")
    refused = client_for(other).post(f"/api/judge-calls/{call_id}/claim/")
    assert refused.status_code == 409
    assert refused.json() == {
        "detail": [f"{world['judge'].public_name} has already claimed this call."],
        "code": "call_claimed",
    }


def test_escalated_calls_are_the_head_judges(world):
    call_id = call(world).json()["id"]
    judge = client_for(world["judge"])
    assert (
        judge.post(f"/api/judge-calls/{call_id}/escalate/", {"note": "Tricky"}).json()["state"]
        == "escalated"
    )
    assert judge.post(f"/api/judge-calls/{call_id}/claim/").status_code == 403
    head = client_for(world["organiser"])
    answer = head.post(
        f"/api/judge-calls/{call_id}/resolve/",
        {
            "outcome": "penalty",
            "registration_id": world["regs"][1].pk,
            "kind": "warning",
            "reason": "Drawing extra cards",
        },
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["penalty_id"] == Penalty.objects.get().pk


def test_a_player_sees_only_their_own_calls_and_staff_see_all(world):
    mine = call(world).json()["id"]
    theirs = call(world, reg_index=2, table_index=1).json()["id"]
    url = f"/api/events/{world['event'].pk}/judge-calls/"
    player = client_for(world["regs"][0].player)
    assert [c["id"] for c in player.get(url).json()["results"]] == [mine]
    assert player.get(f"/api/judge-calls/{theirs}/").status_code == 404
    assert player.get(f"/api/judge-calls/{mine}/").status_code == 200
    assert [c["id"] for c in client_for(world["judge"]).get(url).json()["results"]] == [
        mine,
        theirs,
    ]
    client_for(world["regs"][2].player).post(f"/api/judge-calls/{theirs}/cancel/")
    open_calls = client_for(world["judge"]).get(f"{url}?open=true").json()["results"]
    assert [c["id"] for c in open_calls] == [mine]
    assert APIClient().get(url).json()["results"] == []  # anonymous: nobody's calls


def test_refusals_change_nothing(world):
    assert call(world, reason="bored").status_code == 400
    assert call(world, reg_index=2).status_code == 403  # not at that table
    call_id = call(world).json()["id"]
    judge = client_for(world["judge"])
    bad = judge.post(
        f"/api/judge-calls/{call_id}/resolve/",
        {"outcome": "time_extension", "extension_minutes": 500},
        format="json",
    )
    assert bad.status_code == 400 and "extension_minutes" in bad.json()
    missing = judge.post(
        f"/api/judge-calls/{call_id}/resolve/", {"outcome": "time_extension"}, format="json"
    )
    assert missing.status_code == 400 and "extension_minutes" in missing.json()
    assert (
        client_for(world["regs"][0].player).post(f"/api/judge-calls/{call_id}/claim/").status_code
        == 403
    )
    assert judge.post("/api/judge-calls/999999/claim/").status_code == 404
    assert judge.get(f"/api/judge-calls/{call_id}/").json()["state"] == "waiting"
