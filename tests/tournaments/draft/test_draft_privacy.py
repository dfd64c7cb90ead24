"""Who reads a booster draft's pools and pick log (a drafter their own, judges all, everyone
else once the event is finished unless the event keeps them private), the pool check of
every deck-list route of a draft event, the auction log's numbering and destinations, and
the DAR's draft infractions."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournaments.draft.helpers import draft_event, move_deadline
from tournaments.models import Event, Pod
from tournaments.models.choices import EventStatus
from tournaments.models.draft import DraftPhase
from tournaments.services.drafts.reading import pod_version

pytestmark = pytest.mark.django_db


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def web(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def play_out(event: Event) -> None:
    """Every pod of the event drafts to the end by its deadlines (everyone times out)."""
    for pod in Pod.objects.filter(draft__event=event):
        for _i in range(300):
            pod.refresh_from_db()
            if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
                break
            move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
            pod_version(pod.pk)
        assert pod.phase == DraftPhase.BUILDING


def drafted_event(prefix: str, **options):
    """Two players and two bots, drafted to the end; the Swiss rounds are running."""
    event, judge, regs = draft_event(2, bots=2, auction=False, prefix=prefix, **options)
    play_out(event)
    Event.objects.filter(pk=event.pk).update(status=EventStatus.RUNNING)
    return Event.objects.get(pk=event.pk), judge, regs


def csv_of(client, event: Event, what: str, *, via_api: bool = False) -> list[dict[str, str]]:
    url = (
        f"/api/events/{event.pk}/export/{what}.csv"
        if via_api
        else reverse("tournaments:export", args=[event.pk, what])
    )
    response = client.get(url)
    assert response.status_code == 200
    return rows(response.content.decode())


# --- item 5: pools and pick logs --------------------------------------------------------------
@pytest.mark.parametrize("via_api", [False, True])
def test_event_in_swiss_rounds_pools_and_picks_are_the_drafters_own_and_the_judges(via_api):
    # given an event whose pod has finished drafting and whose Swiss rounds run
    event, judge, regs = drafted_event(f"pv{int(via_api)}")
    me = regs[0]
    client = api if via_api else web
    for what in ("pools", "picks"):
        # then an anonymous reader and a stranger get the header only
        assert csv_of(client(), event, what, via_api=via_api) == []
        # a drafter gets their own seat's rows, and only those
        mine = csv_of(client(me.player), event, what, via_api=via_api)
        assert mine and {r["player"] for r in mine} == {me.player.public_name}
        # a judge gets every seat
        everything = csv_of(client(judge), event, what, via_api=via_api)
        assert len({r["seat"] for r in everything}) == 4
    # when the event is finished everyone reads them
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    assert len({r["seat"] for r in csv_of(client(), event, "pools", via_api=via_api)}) == 4
    assert len({r["seat"] for r in csv_of(client(), event, "picks", via_api=via_api)}) == 4


def test_event_kept_private_shows_pools_to_nobody_else_even_when_finished():
    event, judge, regs = drafted_event("pk")
    Event.objects.filter(pk=event.pk).update(
        status=EventStatus.FINISHED, draft_cards_private=True
    )
    assert csv_of(web(), event, "pools") == []
    assert csv_of(web(regs[1].player), event, "picks") != []
    assert {r["player"] for r in csv_of(web(regs[1].player), event, "picks")} == {
        regs[1].player.public_name
    }
    assert len({r["seat"] for r in csv_of(web(judge), event, "pools")}) == 4


def test_the_keep_private_option_is_an_event_setting_of_the_form_and_the_api():
    event, _judge, _regs = draft_event(1, bots=1, auction=False, start=False, prefix="po")
    organiser = event.created_by
    edit = web(organiser).get(reverse("tournaments:event_edit", args=[event.pk]))
    assert 'name="draft_cards_private"' in edit.content.decode()
    answer = api(organiser).patch(
        f"/api/events/{event.pk}/", {"draft_cards_private": True}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["draft_cards_private"] is True
    assert Event.objects.get(pk=event.pk).draft_cards_private is True


def test_a_drafters_page_shows_their_picks_but_a_strangers_shows_none():
    event, _judge, regs = drafted_event("pp")
    page = web(regs[0].player).get(reverse("tournaments:my_draft", args=[event.pk]))
    assert 'data-testid="pick-log"' in page.content.decode()
