"""The judge's draft API beyond pause/resume/extend/seat-bot: start the picking after the
review, replace a pack before picking from it starts; refusals say why and change nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from drafts.models import CardInstance, DraftPhase, Pack, Pod
from tests.drafts.helpers import draft_event
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_judge_starts_the_picking_of_a_pod_in_review():
    # given a paper draft waiting in review
    event, judge, regs = draft_event(4, paper=True, pack_editions=[], prefix="bp")
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.REVIEW
    url = f"/api/pods/{pod.pk}/begin-picking/"
    # a player may not
    assert client_for(regs[0].player).post(url).status_code == 403
    # the judge may: the first step's timer runs
    response = client_for(judge).post(url)
    assert response.status_code == 200
    body = response.json()
    assert body["phase"] == "drafting" and (body["pack_round"], body["pick_number"]) == (1, 1)
    assert body["deadline"] is not None
    # a second time is refused with the reason, nothing changes
    again = client_for(judge).post(url)
    assert again.status_code == 409 and "only after the deck auction" in str(again.json())
    assert AuditEntry.objects.filter(event=event, action="draft.begin_picking").count() == 1


def test_a_judge_replaces_a_pack_until_picking_from_it_starts():
    event, judge, regs = draft_event(2, auction=False, prefix="rp")
    pod = Pod.objects.get(draft__event=event)
    later = Pack.objects.get(pod=pod, pack_round=3, opener__position=0)
    old_cards = set(CardInstance.objects.filter(pack=later).values_list("pk", flat=True))
    url = f"/api/packs/{later.pk}/replace/"
    assert client_for(regs[0].player).post(url, {}, format="json").status_code == 403
    response = client_for(judge).post(url, {"reason": "eleven cards"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["replaced"] == later.pk and body["cards"] == 12
    later.refresh_from_db()
    assert later.replaced
    assert not CardInstance.objects.filter(pk__in=old_cards).exists()
    assert CardInstance.objects.filter(pack_id=body["pack"]).count() == 12
    # the same pack again is refused
    assert client_for(judge).post(url, {}, format="json").status_code == 409
    # a pack someone has picked from is refused, and nothing changes
    player = client_for(regs[0].player)
    state = player.get(f"/api/events/{event.pk}/draft/my-seat/").json()
    picked = player.post(
        f"/api/events/{event.pk}/draft/pick/",
        {"pack_round": 1, "pick_number": 1, "card_instance": state["pack"][0]["id"]},
        format="json",
    )
    assert picked.status_code == 200
    first = Pack.objects.get(pod=pod, cards__pk=state["pack"][1]["id"])
    refused = client_for(judge).post(f"/api/packs/{first.pk}/replace/", {}, format="json")
    assert refused.status_code == 409 and "has started" in str(refused.json())
    first.refresh_from_db()
    assert not first.replaced
    # unknown pack: 404; a reason too long: 400 naming the field
    missing = client_for(judge).post("/api/packs/999999/replace/", {}, format="json")
    assert missing.status_code == 404
    long_reason = client_for(judge).post(
        f"/api/packs/{first.pk}/replace/", {"reason": "x" * 301}, format="json"
    )
    assert long_reason.status_code == 400 and "reason" in long_reason.json()
