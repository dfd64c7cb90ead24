"""The drafter's poll names its event and its pod: a pod that is not the reader's in that
event is a 404, never the reader's own pod under another pod's address."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from drafts.models import Pod
from tests.drafts.helpers import draft_event

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def two_drafts():
    mine, _judge, regs = draft_event(2, auction=False, prefix="lp")
    theirs, _other_judge, _other_regs = draft_event(2, auction=False, prefix="lq")
    return mine, theirs, regs[0].player


def live(event, pod) -> str:
    return reverse("drafts:draft_live", args=[event.pk, pod.pk])


def test_a_pod_of_another_event_is_not_found(two_drafts):
    mine, theirs, drafter = two_drafts
    my_pod = Pod.objects.get(draft__event=mine)
    their_pod = Pod.objects.get(draft__event=theirs)
    client = client_for(drafter)
    assert client.get(live(mine, my_pod), {"v": "0"}).status_code == 200
    # Another event's pod under my event's address, and under its own.
    assert client.get(live(mine, their_pod), {"v": "0"}).status_code == 404
    assert client.get(live(theirs, their_pod), {"v": "0"}).status_code == 404
