"""Only an endpoint's owner sees and manages it, on its pages and through the API: another
organiser, the event's judge or a player gets a 404 (the endpoint does not exist for them),
and only an event's organisers may register one for it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_organiser
from webhooks.models import WebhookDelivery, WebhookEndpoint
from webhooks.sending import send_due
from webhooks.services import endpoint_ping


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def strangers(event, judge, regs):
    return {
        "another organiser": make_organiser("stranger"),
        "the event's judge": judge,
        "a player": regs[0].player,
    }


def test_nobody_else_reads_or_changes_an_endpoint(endpoint, strangers, as_user):
    delivery = endpoint_ping(actor=endpoint.owner, endpoint_id=endpoint.pk)
    page = reverse("webhooks:endpoint", args=[endpoint.pk])
    for who, user in strangers.items():
        client = as_user(user)
        assert client.get(page).status_code == 404, who
        for action in ("rotate", "delete", "ping", "save"):
            assert client.post(page, {"action": action}).status_code == 404, (who, action)
        api = api_for(user)
        assert api.get(f"/api/v1/webhooks/{endpoint.pk}/").status_code == 404, who
        assert api.patch(f"/api/v1/webhooks/{endpoint.pk}/", {"active": False}).status_code == 404
        assert api.delete(f"/api/v1/webhooks/{endpoint.pk}/").status_code == 404
        assert api.post(f"/api/v1/webhooks/{endpoint.pk}/rotate-secret/").status_code == 404
        assert api.get(f"/api/v1/webhooks/{endpoint.pk}/deliveries/").status_code == 404
        redeliver = f"/api/v1/webhook-deliveries/{delivery.pk}/redeliver/"
        assert api.post(redeliver).status_code == 404, who
        assert api.get("/api/v1/webhooks/").json()["results"] == [], who
    endpoint.refresh_from_db()
    assert endpoint.active
    assert WebhookDelivery.objects.count() == 1
    assert APIClient().get("/api/v1/webhooks/").status_code in (401, 403)


def test_only_the_events_organisers_register_one_for_it(event, strangers, as_user, receiver):
    page = reverse("webhooks:event_webhooks", args=[event.pk])
    for who, user in strangers.items():
        assert as_user(user).get(page).status_code == 403, who
        answer = api_for(user).post(
            "/api/v1/webhooks/", {"url": receiver.url, "event_id": event.pk}, format="json"
        )
        assert answer.status_code == 403, who
    # A player is no organiser at all: not even for "all their events".
    answer = api_for(strangers["a player"]).post(
        "/api/v1/webhooks/", {"url": receiver.url}, format="json"
    )
    assert answer.status_code == 403
    assert not WebhookEndpoint.objects.exists()


def test_the_owner_manages_it_through_the_api(organiser, event, receiver):
    api = api_for(organiser)
    created = api.post(
        "/api/v1/webhooks/",
        {"url": receiver.url, "event_id": event.pk, "kinds": ["round.published"]},
        format="json",
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["secret"].startswith("whsec_")
    endpoint_id = body["id"]
    read = api.get(f"/api/v1/webhooks/{endpoint_id}/").json()
    assert "secret" not in read  # answered once
    assert read["kinds"] == ["round.published"]
    rotated = api.post(f"/api/v1/webhooks/{endpoint_id}/rotate-secret/").json()
    assert rotated["secret"] != body["secret"]
    ping = api.post(f"/api/v1/webhooks/{endpoint_id}/ping/")
    assert ping.status_code == 202
    assert send_due() == 1
    # During the rotation both secrets sign.
    assert receiver.received[0].headers["Webhook-Signature"].count("v1=") == 2
    listed = api.get(f"/api/v1/webhooks/{endpoint_id}/deliveries/").json()["results"]
    assert listed[0]["status"] == "succeeded" and listed[0]["response_status"] == 200
    redelivered = api.post(f"/api/v1/webhook-deliveries/{listed[0]['id']}/redeliver/")
    assert redelivered.status_code == 202 and redelivered.json()["status"] == "pending"
    refused = api.patch(f"/api/v1/webhooks/{endpoint_id}/", {"url": "ftp://x/"}, format="json")
    assert refused.status_code == 400 and "url" in refused.json()
    bad_kind = api.patch(f"/api/v1/webhooks/{endpoint_id}/", {"kinds": ["nope"]}, format="json")
    assert bad_kind.status_code == 400
    assert api.delete(f"/api/v1/webhooks/{endpoint_id}/").status_code == 204
    assert not WebhookEndpoint.objects.exists()


def test_the_owner_adds_one_on_the_events_page(organiser, event, as_user, receiver):
    client = as_user(organiser)
    page = reverse("webhooks:event_webhooks", args=[event.pk])
    assert 'data-testid="tab-webhooks"' in client.get(page).content.decode()
    bad = client.post(page, {"url": "gopher://x/", "kinds": ["round.published"]})
    assert bad.status_code == 400
    assert not WebhookEndpoint.objects.exists()
    added = client.post(page, {"url": receiver.url, "kinds": ["round.published"], "active": "on"})
    endpoint = WebhookEndpoint.objects.get()
    assert added.status_code == 302 and endpoint.event_id == event.pk
    detail = client.get(reverse("webhooks:endpoint", args=[endpoint.pk])).content.decode()
    assert endpoint.secret in detail
