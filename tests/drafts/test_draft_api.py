"""The draft API: the reader's seat shows only the pack in front of them; a pick names its
step; bad input is a 400 with the field, a stale step a 409 with the reason."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from drafts.models import Pick, Pod
from tests.drafts.helpers import draft_event

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_player_sees_their_pack_picks_by_step_and_gets_reasons():
    event, judge, regs = draft_event(2, auction=False)
    player = regs[0].player
    api = client_for(player)
    state = api.get(f"/api/events/{event.pk}/draft/my-seat/").json()
    assert state["phase"] == "drafting" and len(state["pack"]) == 12
    assert state["pool"] is None and state["remaining_seconds"] > 40
    card = state["pack"][0]["id"]
    url = f"/api/events/{event.pk}/draft/pick/"
    bad = api.post(url, {"pack_round": 9, "pick_number": 1, "card_instance": card}, format="json")
    assert bad.status_code == 400 and "pack_round" in bad.json()
    ok = api.post(url, {"pack_round": 1, "pick_number": 1, "card_instance": card}, format="json")
    assert ok.status_code == 200 and ok.json()["picked_this_step"] is True
    again = api.post(url, {"pack_round": 1, "pick_number": 1, "card_instance": card}, format="json")
    assert again.status_code == 409 and "already picked" in str(again.json())
    assert Pick.objects.filter(seat__registration=regs[0]).count() == 1
    pod = Pod.objects.get(draft__event=event)
    pause = client_for(player).post(f"/api/pods/{pod.pk}/pause/")
    assert pause.status_code == 403
    assert client_for(judge).post(f"/api/pods/{pod.pk}/pause/").status_code == 200
    outsider = client_for(judge).get(f"/api/events/{event.pk}/draft/my-seat/")
    assert outsider.status_code == 404


def test_the_schema_describes_the_draft_endpoints():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert "/api/v1/events/{id}/draft/pick/" in schema["paths"]
