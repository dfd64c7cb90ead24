"""The Idempotency-Key header: a POST sent again is answered once, on every POST route."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import Group
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from config.clock import simulated_clock
from idempotency.middleware import NOT_STORED, honours_key
from idempotency.models import IdempotencyKey
from idempotency.services import Outcome, idempotency_key_claim, request_fingerprint
from tests.config.schema_walk import api_schema
from tests.factories import UserFactory
from tests.tournaments.helpers import make_organiser
from tournaments.models import Event
from tournaments.rules import ORGANISERS_GROUP

pytestmark = pytest.mark.django_db

EVENT = {"name": "Key Cup", "date": "2026-12-12", "swiss_rounds": 2, "top_cut": 0}


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def organiser():
    return make_organiser("key_orga")


def create(client, body=EVENT, key="k-1", **headers):
    return client.post("/api/v1/events/", body, format="json", HTTP_IDEMPOTENCY_KEY=key, **headers)


def test_a_create_sent_twice_with_one_key_makes_one_event_and_replays_the_answer(organiser):
    api = client_for(organiser)
    first = create(api)
    again = create(api)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true" and not first.has_header("Idempotent-Replayed")
    assert again["Content-Type"] == first["Content-Type"]
    assert Event.objects.filter(name="Key Cup").count() == 1
    # Without the header, or with another key, the same body is another event.
    assert create(api, key="k-2").status_code == 201
    assert Event.objects.filter(name="Key Cup").count() == 2


def test_a_key_is_the_callers_own(organiser):
    other = make_organiser("key_orga_2")
    create(client_for(organiser))
    theirs = create(client_for(other))
    assert theirs.status_code == 201 and not theirs.has_header("Idempotent-Replayed")
    assert Event.objects.filter(name="Key Cup").count() == 2


def test_a_key_sent_with_another_body_is_a_409_that_changes_nothing(organiser):
    api = client_for(organiser)
    create(api)
    refused = create(api, body={**EVENT, "name": "Other Cup"})
    assert refused.status_code == 409
    assert refused.json()["code"] == "idempotency_key_reused"
    assert "another request" in refused.json()["detail"]
    assert not Event.objects.filter(name="Other Cup").exists()
    # The same on another route.
    event_id = Event.objects.get(name="Key Cup").pk
    other_route = api.post(
        f"/api/v1/events/{event_id}/finish/", {}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert other_route.status_code == 409


def test_the_refusal_is_in_the_readers_language(organiser):
    api = client_for(organiser)
    create(api)
    refused = create(api, body={**EVENT, "name": "Otra"}, HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 409
    assert "otra petición" in refused.json()["detail"]


def test_a_duplicate_while_the_first_runs_is_told_it_is_in_progress(organiser):
    body = b'{"name":"Key Cup","date":"2026-12-12","swiss_rounds":2,"top_cut":0}'
    fingerprint = request_fingerprint(method="POST", path="/api/v1/events/", body=body)
    claim = idempotency_key_claim(user_id=organiser.pk, key="k-1", fingerprint=fingerprint)
    assert claim.outcome is Outcome.CLAIMED
    response = client_for(organiser).post(
        "/api/v1/events/", body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_key_in_progress"
    assert not Event.objects.filter(name="Key Cup").exists()


def test_the_database_lets_one_claim_of_a_key_through():
    user = UserFactory()
    first = idempotency_key_claim(user_id=user.pk, key="k", fingerprint="f")
    second = idempotency_key_claim(user_id=user.pk, key="k", fingerprint="f")
    assert (first.outcome, second.outcome) == (Outcome.CLAIMED, Outcome.IN_PROGRESS)
    assert IdempotencyKey.objects.filter(user=user, key="k").count() == 1


def test_a_key_expires_after_24_hours(organiser):
    api = client_for(organiser)
    start = dt.datetime(2026, 12, 1, 9, tzinfo=dt.UTC)
    with simulated_clock(start) as clock:
        create(api)
        clock.advance(23 * 3600)
        assert create(api)["Idempotent-Replayed"] == "true"
        clock.advance(2 * 3600)
        fresh = create(api, body={**EVENT, "name": "Later Cup"})
    assert fresh.status_code == 201 and not fresh.has_header("Idempotent-Replayed")
    assert Event.objects.filter(name="Later Cup").count() == 1


def test_answers_that_invite_a_retry_are_not_kept():
    player = UserFactory()
    refused = create(client_for(player))
    assert refused.status_code == 403
    assert not IdempotencyKey.objects.exists()
    # Made an organiser, the same request with the same key now runs.
    player.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    assert create(client_for(player)).status_code == 201


def test_a_bad_key_is_a_400():
    response = create(client_for(UserFactory()), key="x" * 256)
    assert response.status_code == 400 and response.json()["code"] == "bad_idempotency_key"


def test_anonymous_posts_and_the_login_keep_no_answer():
    anon = APIClient()
    body = {"username": "nobody", "password": "wrong"}
    for _ in range(2):
        response = anon.post("/api/v1/auth/token/", body, format="json", HTTP_IDEMPOTENCY_KEY="k")
        assert not response.has_header("Idempotent-Replayed")
    assert not IdempotencyKey.objects.exists()


# --- every POST route ------------------------------------------------------------------------
def _post_routes() -> list[tuple[str, str, object]]:
    """(path with every id filled in, path as the schema writes it, view) of each POST
    route under /api/v1/."""
    routes = []

    def walk(patterns, prefix):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                view_class = getattr(entry.callback, "cls", None)
                if view_class is not None and hasattr(view_class, "post"):
                    route = "/" + prefix + str(entry.pattern)
                    path = re.sub(r"<id:\w+>", "999999999", route)
                    templated = re.sub(r"<id:(\w+)>", r"{\1}", route).replace("{pk}", "{id}")
                    routes.append((path, templated, entry.callback))

    walk(get_resolver().url_patterns, "")
    return [route for route in routes if route[0].startswith("/api/v1/")]


def test_every_post_route_of_the_api_honours_the_key_and_documents_it():
    routes = _post_routes()
    assert len(routes) > 40
    schema = api_schema()
    admin = UserFactory(is_staff=True, is_superuser=True)
    api = client_for(admin)
    for index, (path, templated, view) in enumerate(routes):
        key = f"walk-{index}"
        parameters = {p["name"] for p in schema["paths"][templated]["post"].get("parameters", [])}
        if path == "/api/v1/auth/token/":
            assert not honours_key(view) and "Idempotency-Key" not in parameters
            continue
        assert honours_key(view), path
        assert "Idempotency-Key" in parameters, path
        first = api.post(path, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
        again = api.post(path, {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
        if first.status_code in NOT_STORED or first.status_code >= 500:
            assert not again.has_header("Idempotent-Replayed"), path
        else:
            assert again["Idempotent-Replayed"] == "true", (path, first.status_code)
            assert again.status_code == first.status_code, path
            assert again.content == first.content, path


def test_the_hourly_purge_deletes_keys_past_their_day():
    from idempotency.tasks import purge_expired_keys

    user = UserFactory()
    start = dt.datetime(2026, 12, 1, 9, tzinfo=dt.UTC)
    with simulated_clock(start) as clock:
        idempotency_key_claim(user_id=user.pk, key="old", fingerprint="f")
        clock.advance(20 * 3600)
        idempotency_key_claim(user_id=user.pk, key="new", fingerprint="f")
        clock.advance(4 * 3600)
        assert purge_expired_keys() == 1
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["new"]
