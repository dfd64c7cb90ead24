"""A draft's public state through the API (GET /api/events/{id}/draft/): the same for every
reader, with no card and no pick in it; its options are set through the API until it
starts; a drafter's seat names its pod by the id the pod routes take."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from config.clock import simulated_clock
from drafts.models import Pod
from tests.drafts.helpers import draft_event
from tests.tournaments.helpers import make_organiser

pytestmark = pytest.mark.django_db

POD_KEYS = {
    "id",
    "number",
    "phase",
    "pack_round",
    "pick_number",
    "direction",
    "deadline",
    "remaining_seconds",
    "paused",
    "version",
    "seats",
}


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_every_reader_reads_the_same_state_with_no_card_in_it():
    event, judge, regs = draft_event(4, auction=False, prefix="st")
    url = f"/api/events/{event.pk}/draft/"
    with simulated_clock():
        seen = [client_for(u).get(url) for u in (None, regs[0].player, judge)]
    assert [r.status_code for r in seen] == [200, 200, 200]
    bodies = [r.json() for r in seen]
    assert bodies[0] == bodies[1] == bodies[2]
    (pod,) = bodies[0]["pods"]
    assert set(pod) == POD_KEYS
    assert (pod["phase"], pod["direction"]) == ("drafting", "left")
    assert [s["number"] for s in pod["seats"]] == [1, 2, 3, 4]
    assert {s["registration_id"] for s in pod["seats"]} == {r.pk for r in regs}
    assert set(pod["seats"][0]) == {"id", "number", "name", "bot", "registration_id"}
    assert bodies[0]["pack_editions"] == ["DV", "DV", "SU", "SU"]
    assert "seed" not in bodies[0]


def test_options_are_the_organiser_s_until_the_draft_starts():
    organiser = make_organiser("op_orga")
    event, judge, regs = draft_event(2, start=False, prefix="op", organiser=organiser)
    url = f"/api/events/{event.pk}/draft/"
    body = {"pack_editions": ["SU", "SU", "DV", "DV"], "bots": 2}
    assert client_for(regs[0].player).patch(url, body, format="json").status_code == 403
    assert client_for().patch(url, body, format="json").status_code in {401, 403}
    unknown = {"pack_editions": ["XX", "SU", "DV", "DV"]}
    bad = client_for(organiser).patch(url, unknown, format="json")
    assert bad.status_code == 400 and "XX" in bad.json()["pack_editions"][0]
    assert client_for().get(url).json()["pack_editions"] == ["DV", "DV", "SU", "SU"]
    changed = client_for(organiser).patch(url, body, format="json")
    assert changed.status_code == 200
    assert (changed.json()["pack_editions"], changed.json()["bots"]) == (body["pack_editions"], 2)
    assert client_for(judge).post(f"/api/events/{event.pk}/draft/start/").status_code == 201
    late = client_for(organiser).patch(url, {"bots": 0}, format="json")
    assert (late.status_code, late.json()["code"]) == (409, "conflict")
    state = client_for().get(url).json()
    assert state["bots"] == 2 and len(state["pods"][0]["seats"]) == 4


def test_an_event_without_a_draft_has_no_state():
    event, _judge, _regs = draft_event(2, start=False, prefix="nd")
    Pod.objects.filter(draft__event=event).delete()
    event.draft.delete()
    response = client_for().get(f"/api/events/{event.pk}/draft/")
    assert response.status_code == 404 and response.json()["detail"]


def test_a_seat_names_its_pod_by_the_id_the_pod_routes_take():
    """Pausing "pod 1" of a new draft paused another event's pod: the seat said its pod's
    number where the routes take the pod's id."""
    draft_event(2, auction=False, prefix="p1")  # an earlier event's pod 1
    event, judge, regs = draft_event(2, auction=False, prefix="p2")
    own = Pod.objects.get(draft__event=event)
    seat = client_for(regs[0].player).get(f"/api/events/{event.pk}/draft/my-seat/").json()
    assert (seat["pod"], seat["pod_number"]) == (own.pk, 1) and own.pk != 1
    assert client_for(judge).post(f"/api/pods/{seat['pod']}/pause/").status_code == 200
    paused = {p.pk: p.is_paused for p in Pod.objects.all()}
    assert paused == {pk: pk == own.pk for pk in paused}
