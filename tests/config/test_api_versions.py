"""/api/v1/ is the API; /api/ answers the same, deprecated, for a while."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from config.api_versions import UNVERSIONED
from tests.tournaments.helpers import make_event, make_organiser

pytestmark = pytest.mark.django_db


def test_the_versioned_api_answers_without_deprecation():
    response = APIClient().get("/api/v1/games/")
    assert response.status_code == 200
    for header in ("Deprecation", "Sunset"):
        assert not response.has_header(header)


def test_the_unversioned_api_answers_the_same_and_says_it_is_deprecated():
    make_event(make_organiser())
    versioned = APIClient().get("/api/v1/events/")
    unversioned = APIClient().get("/api/events/")
    assert unversioned.status_code == 200
    assert unversioned.json() == versioned.json()
    assert unversioned["Deprecation"].startswith("@") and int(unversioned["Deprecation"][1:]) > 0
    assert unversioned["Sunset"].endswith(" GMT")
    assert unversioned["Link"] == '</api/v1/events/>; rel="successor-version"'


def test_refusals_and_writes_under_the_unversioned_prefix_are_deprecated_too():
    missing = APIClient().get("/api/events/999999999/")
    assert missing.status_code == 404 and missing.has_header("Deprecation")
    unknown = APIClient().get("/api/nothing-here/")
    assert unknown.status_code == 404 and "/api/nothing-here/" in unknown.json()["detail"]
    assert (
        APIClient().get("/api/v1/nothing-here/").json()["detail"].endswith("/api/v1/nothing-here/.")
    )


def test_a_page_keeps_its_links_beside_the_successor():
    organiser = make_organiser()
    for n in range(3):
        make_event(organiser, name=f"Cup {n}")
    response = APIClient().get("/api/events/?limit=1")
    assert 'rel="next"' in response["Link"] and 'rel="successor-version"' in response["Link"]
    assert response.json()["next"].startswith("http://testserver/api/events/?")


def test_route_names_reverse_to_the_versioned_api_and_to_either_on_request():
    assert reverse("api:event-list") == "/api/v1/events/"
    assert reverse("api:event-list", current_app=UNVERSIONED) == "/api/events/"
    assert reverse(f"{UNVERSIONED}:event-list") == "/api/events/"


def test_the_index_links_the_prefix_it_was_asked_through():
    assert APIClient().get("/api/v1/").json()["schema"] == "http://testserver/api/v1/schema/"
    assert APIClient().get("/api/").json()["schema"] == "http://testserver/api/schema/"


def test_the_schema_describes_the_versioned_paths_only_at_both_addresses():
    versioned = APIClient().get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    unversioned = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert versioned["paths"] == unversioned["paths"]
    assert versioned["paths"] and all(p.startswith("/api/v1/") for p in versioned["paths"])
