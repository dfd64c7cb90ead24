"""``GET /api/rulings/versions/{number}/impact/``: admins only, documented in the schema."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decklists.services.lists import deck_list_submit
from rulings import selectors
from rulings.models import Card
from rulings.services import document_entry_save, document_version_start_draft
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(rulings_data, site_admin, make_event, register, player):
    event = make_event(date=timezone.localdate() + dt.timedelta(days=5), name="Liga")
    register(event, player)
    deck_list_submit(event=event, player=player, text=quimera_list(), actor=player)
    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    suero = Card.objects.get(edition__code="DV", number=110)
    document_entry_save(version=draft, section="banned_list", card=suero, formats=["monofaccion"])
    return draft


def test_an_admin_reads_the_impact_of_a_draft(draft, site_admin, player):
    api = APIClient()
    api.force_authenticate(site_admin)
    response = api.get(f"/api/v1/rulings/versions/{draft.number}/impact/")
    assert response.status_code == 200
    data = response.json()
    assert data["status"] == "draft" and data["base_version"] == 1
    assert data["in_force_from"] == (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    assert data["illegal_count"] == 1
    [event] = data["affected"]
    assert event["name"] == "Liga" and event["illegal_count"] == 1
    assert event["lists"][0]["player_id"] == player.pk
    assert event["lists"][0]["banned"] == ["Suero Verde (DV 110/280)"]
    # A later publication date: the event is then before the version comes into force.
    later = (timezone.localdate() + dt.timedelta(days=10)).isoformat()
    assert (
        api.get(f"/api/v1/rulings/versions/{draft.number}/impact/", {"published_on": later}).json()[
            "affected"
        ]
        == []
    )


def test_bad_dates_are_a_400(draft, site_admin):
    api = APIClient()
    api.force_authenticate(site_admin)
    url = f"/api/v1/rulings/versions/{draft.number}/impact/"
    assert api.get(url, {"published_on": "soon"}).status_code == 400
    past = (timezone.localdate() - dt.timedelta(days=1)).isoformat()
    response = api.get(url, {"published_on": past})
    assert response.status_code == 400 and "published_on" in response.json()


def test_only_admins_read_the_impact(draft, player):
    api = APIClient()
    assert api.get(f"/api/v1/rulings/versions/{draft.number}/impact/").status_code in (401, 403)
    api.force_authenticate(player)
    assert api.get(f"/api/v1/rulings/versions/{draft.number}/impact/").status_code == 403


def test_the_schema_documents_the_impact(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/rulings/versions/{number}/impact/"]["get"]
    assert set(operation["responses"]) >= {"200", "403", "404"}
    assert "published_on" in {p["name"] for p in operation["parameters"]}
