"""The pick request and the drafter's polled fragment run a fixed, small number of queries
whatever the size of the pod (64 pods of 8 pick at once: each query counts), and a pick
that leaves its step open re-renders nobody else's page."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from drafts.models import DraftSeat, Pick, Pod
from drafts.services.flow import step_view
from drafts.services.reading import event_draft_version
from tests.drafts.helpers import draft_event

pytestmark = pytest.mark.django_db

# Pick (API, authenticated): the seat, the pod's lock (which also applies an expired
# deadline), the seats with who has picked, the pack in front of the seat, the pick written,
# the card moved, the reader's visibility (and the savepoint around the service).
OPEN_PICK_BUDGET = 10
# The last pick of a step also reads the whole step (its packs and cards), passes the packs
# (the next step's packs are the same ones, passed on: not read again) and saves the pod.
CLOSING_PICK_BUDGET = 12
# The polled fragment after the pod moved: the pod's version (when not in the cache), the
# user (the session is read through the cache), the seat with its pod, the reader's
# visibility (two), the seats with who has picked, the pack in front of the seat.
FRAGMENT_BUDGET = 7


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def seats_of(event) -> list[DraftSeat]:
    return list(
        DraftSeat.objects.filter(pod__draft__event=event)
        .select_related("registration__player")
        .order_by("position")
    )


def pick(event, seat: DraftSeat) -> tuple[int, dict]:
    pod = Pod.objects.get(pk=seat.pod_id)
    card = step_view(pod).cards[seat.pk][0]
    with CaptureQueriesContext(connection) as ctx:
        response = api_for(seat.registration.player).post(
            f"/api/events/{event.pk}/draft/pick/",
            {
                "pack_round": pod.pack_round,
                "pick_number": pod.pick_number,
                "card_instance": card.pk,
            },
            format="json",
        )
    assert response.status_code == 200, response.content
    return len(ctx.captured_queries), response.json()


def fragment_queries(event, seat: DraftSeat) -> int:
    client = Client()
    client.force_login(seat.registration.player)
    live = reverse("drafts:draft_live", args=[event.pk, seat.pod_id])
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(live, {"v": "0"})
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("players", [4, 8])
def test_a_pick_and_the_fragment_stay_within_their_budgets(players):
    event, _judge, _regs = draft_event(
        players, auction=False, review_seconds=0, prefix=f"q{players}"
    )
    seats = seats_of(event)
    pod = Pod.objects.get(draft__event=event)
    version = pod.version
    console = event_draft_version(event)
    # every pick but the last of the step: small, and nobody else's page changes
    for seat in seats[:-1]:
        count, state = pick(event, seat)
        assert count <= OPEN_PICK_BUDGET, count
        assert state["picked_this_step"] is True and state["pack"] == []
        assert state["pick_number"] == 1
        pod.refresh_from_db()
        assert pod.version == version
    # but the judges' console sees the picks come in
    assert event_draft_version(event) != console
    # the last pick of the step passes the packs: the answer is the next pack already
    count, state = pick(event, seats[-1])
    assert count <= CLOSING_PICK_BUDGET, count
    assert state["pick_number"] == 2 and state["picked_this_step"] is False
    assert len(state["pack"]) == 11
    pod.refresh_from_db()
    assert pod.version > version
    assert Pick.objects.filter(pod=pod).count() == players
    # the fragment of the moved pod
    assert fragment_queries(event, seats[0]) <= FRAGMENT_BUDGET


def test_the_counts_do_not_grow_with_the_pod():
    small, _j, _r = draft_event(2, auction=False, review_seconds=0, prefix="qs")
    big, _j, _r = draft_event(8, auction=False, review_seconds=0, prefix="qb")
    small_seats, big_seats = seats_of(small), seats_of(big)
    assert pick(small, small_seats[0])[0] == pick(big, big_seats[0])[0]
    assert fragment_queries(small, small_seats[1]) == fragment_queries(big, big_seats[1])
