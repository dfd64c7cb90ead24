"""API reads are counted per person a minute, with RateLimit-* headers and a 429 beyond."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from config import rate_limit
from config.api_rate import HEADERS as RATE_HEADERS
from tests.config.schema_walk import api_schema
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def limit_3(settings, monkeypatch):
    settings.API_READS_PER_MINUTE = 3
    moment = {"t": 1_800_000_020.0}  # 20 s into a minute
    monkeypatch.setattr(rate_limit, "now", lambda: moment["t"])
    return moment


def test_each_read_says_what_is_left_and_the_one_beyond_is_a_429(limit_3):
    api = APIClient()
    seen = []
    for _ in range(3):
        response = api.get("/api/v1/games/")
        assert response.status_code == 200
        seen.append(tuple(response[h] for h in RATE_HEADERS))
    assert seen == [("3", "2", "40"), ("3", "1", "40"), ("3", "0", "40")]
    refused = api.get("/api/v1/games/")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "40" and refused["RateLimit-Remaining"] == "0"
    assert refused.json()["code"] == "too_many_requests"
    assert "40 seconds" in refused.json()["detail"]
    # The next minute starts afresh.
    limit_3["t"] += 40
    assert api.get("/api/v1/games/").status_code == 200


def test_the_refusal_is_in_the_readers_language(limit_3):
    api = APIClient()
    for _ in range(3):
        api.get("/api/v1/games/")
    refused = api.get("/api/v1/games/", HTTP_ACCEPT_LANGUAGE="es")
    assert "40 segundos" in refused.json()["detail"]


def test_people_are_counted_apart_and_writes_not_at_all(limit_3):
    person = APIClient()
    person.force_authenticate(UserFactory())
    for _ in range(3):
        assert person.get("/api/v1/games/").status_code == 200
    assert person.get("/api/v1/games/").status_code == 429
    # Another person, and an anonymous reader at the same address, still read.
    other = APIClient()
    other.force_authenticate(UserFactory())
    assert other.get("/api/v1/games/")["RateLimit-Remaining"] == "2"
    assert APIClient().get("/api/v1/games/")["RateLimit-Remaining"] == "2"
    # A write is not counted and carries no read headers.
    validate = person.post("/api/v1/games/records/validate/", {}, format="json")
    assert validate.status_code == 200 and not validate.has_header("RateLimit-Limit")


def test_every_read_documents_its_limit():
    for path, item in api_schema()["paths"].items():
        if "get" not in item:
            continue
        responses = item["get"]["responses"]
        assert {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} <= set(
            responses["200"]["headers"]
        ), path
        assert "Retry-After" in responses["429"]["headers"], path
