"""The rulings API: read-only document and catalogue, deck-list submission and checks."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decklists.models import DeckList
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_versions_and_the_version_in_force(api, rulings_data):
    versions = api.get("/api/rulings/versions/").json()
    assert versions["count"] == 1
    assert versions["results"][0]["in_force_from"] == "2006-11-18"
    in_force = api.get("/api/rulings/versions/in-force/", {"date": "2010-01-01"}).json()
    assert in_force["number"] == 1
    banned = [e for e in in_force["entries"] if e["section"] == "banned_list"]
    assert banned == [
        {
            "section": "banned_list",
            "key": "EV 155",
            "card": {
                "edition": "EV",
                "number": 155,
                "name": "Puentes Colgantes",
                "ref": "EV 155/255",
            },
            "formats": [],
            "title_en": "",
            "title_es": "",
            "text_en": "",
            "text_es": "",
        }
    ]
    assert api.get("/api/rulings/versions/in-force/", {"date": "2006-11-17"}).status_code == 404
    bad = api.get("/api/rulings/versions/in-force/", {"date": "yesterday"})
    assert bad.status_code == 400 and "date" in bad.json()


def test_diff_and_catalogue(api, rulings_data):
    diff = api.get("/api/rulings/diff/", {"from": 1, "to": 1}).json()
    assert diff["counts"] == {"added": 0, "removed": 0, "changed": 0}
    assert api.get("/api/rulings/diff/", {"from": "x", "to": 1}).status_code == 400
    assert api.get("/api/rulings/diff/", {"from": 1, "to": 7}).status_code == 404
    editions = api.get("/api/rulings/editions/").json()
    assert [e["code"] for e in editions["results"]] == ["DV", "EV", "SU"]
    cards = api.get("/api/rulings/cards/", {"q": "garph"}).json()
    assert cards["results"][0]["ref"] == "DV 6/280"


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=3))


def test_submit_a_list_by_text_then_read_it_back(api, event, player, register):
    register(event, player)
    api.force_authenticate(player)
    response = api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/", {"text": quimera_list()}, format="json"
    )
    assert response.status_code == 200, response.json()
    data = response.json()
    assert data["check"]["legal"] is True and data["check"]["card_count"] == 41
    assert data["check"]["rulings_version"] == 1
    mine = api.get(f"/api/rulings/events/{event.pk}/deck-list/").json()
    assert mine["id"] == data["id"] and len(mine["entries"]) == 11


def test_submit_by_entries(api, event, player, register):
    register(event, player)
    api.force_authenticate(player)
    response = api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/",
        {
            "entries": [
                {"quantity": 1, "edition": "DV", "number": 101},
                {"quantity": 4, "name": "Garphades"},
            ]
        },
        format="json",
    )
    assert response.status_code == 200
    check = response.json()["check"]
    # The sources do not give Garphades' faction: no off-faction error, a warning instead.
    assert [e["code"] for e in check["errors"]] == ["deck_too_small"]
    assert [w["code"] for w in check["warnings"]] == ["watched_card", "faction_unknown"]


def test_every_bad_line_is_a_400_item_and_nothing_is_saved(api, event, player, register):
    register(event, player)
    api.force_authenticate(player)
    response = api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/",
        {"text": "1 Santuario\n0 Garphades\n3 DV 999"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "deck_list_invalid"
    assert [(e["line"], e["code"]) for e in body["errors"]] == [
        (1, "ambiguous_name"),
        (2, "bad_quantity"),
        (3, "unknown_card_ref"),
    ]
    assert len(body["errors"][0]["candidates"]) == 8
    assert "text" in body
    assert not DeckList.objects.exists()


def test_submission_errors_in_spanish(api, event, player, register):
    register(event, player)
    api.force_authenticate(player)
    response = api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/",
        {"text": "2 Nadie"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.json()["errors"][0]["message"] == "Línea 1: ninguna carta se llama «Nadie»."


def test_bad_request_shapes(api, event, player, register):
    register(event, player)
    api.force_authenticate(player)
    url = f"/api/rulings/events/{event.pk}/deck-list/submit/"
    assert api.post(url, {}, format="json").status_code == 400
    assert api.post(url, {"text": "x" * 40_000}, format="json").status_code == 400
    assert (
        api.post(
            url, {"entries": [{"quantity": -1, "name": "Garphades"}]}, format="json"
        ).status_code
        == 400
    )
    event.status = "running"
    event.save()
    assert api.post(url, {"text": quimera_list()}, format="json").status_code == 409


def test_anonymous_cannot_submit(api, event):
    response = api.post(f"/api/rulings/events/{event.pk}/deck-list/submit/", {"text": "1 DV 6"})
    assert response.status_code in (401, 403)


def test_judges_list_and_draw(api, event, player, other_player, register, judge_of):
    judge = judge_of(event)
    register(event, player)
    api.force_authenticate(player)
    api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/", {"text": quimera_list()}, format="json"
    )
    assert api.get(f"/api/rulings/events/{event.pk}/deck-lists/").status_code == 403
    api.force_authenticate(judge)
    rows = api.get(f"/api/v1/rulings/events/{event.pk}/deck-lists/").json()["results"]
    assert [(r["player_name"], r["legal"]) for r in rows] == [("Pat Player", True)]
    drawn = api.post(
        f"/api/rulings/events/{event.pk}/deck-checks/random/", {"count": 2}, format="json"
    )
    assert drawn.status_code == 201 and len(drawn.json()["deck_lists"]) == 1
    detail = api.get(f"/api/rulings/deck-lists/{rows[0]['id']}/")
    assert detail.status_code == 200
    api.force_authenticate(other_player)
    assert api.get(f"/api/rulings/deck-lists/{rows[0]['id']}/").status_code == 403


def test_schema_documents_the_rulings_api(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/v1/rulings/events/{event_id}/deck-list/submit/" in schema


@pytest.mark.parametrize("name", ["Garphades\n4 Sartre", "Garph\u2028ades", "Garph\x07ades"])
def test_an_entry_name_with_a_control_character_is_refused(api, event, player, register, name):
    register(event, player)
    api.force_authenticate(player)
    response = api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/",
        {
            "entries": [
                {"quantity": 1, "edition": "DV", "number": 101},
                {"quantity": 4, "name": name},
            ]
        },
        format="json",
    )
    assert response.status_code == 400
    assert "Control characters" in str(response.json())
    assert not DeckList.objects.filter(event=event).exists()


def test_six_hundred_entries_with_line_breaks_cannot_make_more_lines(api, event, player, register):
    register(event, player)
    api.force_authenticate(player)
    entries = [{"quantity": 1, "name": "Garphades\n1 Garphades"}] * 600
    response = api.post(
        f"/api/rulings/events/{event.pk}/deck-list/submit/", {"entries": entries}, format="json"
    )
    assert response.status_code == 400
    assert not DeckList.objects.filter(event=event).exists()
