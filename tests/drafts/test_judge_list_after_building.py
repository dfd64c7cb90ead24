"""A judge's entry of a drafter's deck list once the seat's deck-building time is over is
refused (409 ``building_over``): the list would not be the seat's deck, which stays "no
legal deck". The judge gives the seat more time first (an explicit, audited decision) and
then enters the list; the refusal says so and the page links to that form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from decklists.models import DeckList
from drafts.models import DeckState, DraftPhase, DraftSeat
from drafts.services import pod_end_building, seat_extend_building
from drafts.services.pools import record_pool
from rulings.models import Card
from tests.drafts.own_pod_cases import build_pods
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def legal_list(pods, seat: DraftSeat) -> str:
    """A 41-card deck in the seat's recorded pool: a Sanctuary and 40 copies of a card."""
    sanctuary = Card.objects.filter(type="santuario").select_related("edition")[0]
    other = Card.objects.exclude(type="santuario").select_related("edition")[0]
    record_pool(pods.event.pk, seat.registration.player_id, {sanctuary.pk: 1, other.pk: 40})
    return f"1 {sanctuary.edition.code} {sanctuary.number}\n40 {other.edition.code} {other.number}"


@pytest.fixture
def over(db):
    """Pod ``other`` (the colleague's to run) built decks and a judge ended its building: the
    rival had nothing in and has no legal deck."""
    pods = build_pods()
    pod = pods.other
    type(pod).objects.filter(pk=pod.pk).update(phase=DraftPhase.BUILDING)
    seat = pods.rival(pod)
    text = legal_list(pods, seat)
    pod_end_building(actor=pods.colleague, pod_id=pod.pk, reason="Time")
    seat.refresh_from_db()
    assert seat.deck_state == DeckState.NO_LEGAL_DECK
    return pods, seat, text


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def url(pods, seat) -> str:
    return f"/api/rulings/events/{pods.event.pk}/deck-lists/{seat.registration.player_id}/"


def test_the_api_refuses_a_list_after_the_seats_building_time(over):
    pods, seat, text = over
    entries = AuditEntry.objects.count()
    response = api_as(pods.colleague).post(url(pods, seat), {"text": text}, format="json")
    assert response.status_code == 409, response.content
    body = response.json()
    assert body["code"] == "building_over"
    assert "Extend the seat first" in body["detail"][0]
    assert (body["pod_id"], body["seat_id"]) == (pods.other.pk, seat.pk)
    assert not DeckList.objects.filter(player=seat.registration.player).exists()
    seat.refresh_from_db()
    assert seat.deck_state == DeckState.NO_LEGAL_DECK
    assert AuditEntry.objects.count() == entries
    spanish = api_as(pods.colleague).post(
        url(pods, seat), {"text": text}, format="json", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert spanish.status_code == 409
    assert "Dale antes más tiempo al asiento" in spanish.json()["detail"][0]


def test_the_page_says_why_and_links_to_the_seats_extension(over):
    pods, seat, text = over
    client = Client()
    client.force_login(pods.colleague)
    page = reverse(
        "decklists:player_deck",
        kwargs={"event_id": pods.event.pk, "player_id": seat.registration.player_id},
    )
    response = client.post(page, {"text": text})
    assert response.status_code == 409
    html = response.content.decode()
    assert "Extend the seat first" in html
    console = reverse("drafts:draft_console", args=[pods.event.pk])
    link = f"{console}?seat={seat.pk}#extend-seat-pod-{pods.other.pk}"
    assert f'href="{link}"' in html
    assert not DeckList.objects.filter(player=seat.registration.player).exists()
    # the link opens the console's form for that seat, the seat chosen
    form = client.get(link.split("#")[0]).content.decode()
    assert f'id="extend-seat-pod-{pods.other.pk}"' in form
    assert f'<option value="{seat.pk}" selected>' in form
    with translation.override("es"):  # the Spanish address of the page
        in_spanish = reverse(
            "decklists:player_deck",
            kwargs={"event_id": pods.event.pk, "player_id": seat.registration.player_id},
        )
    with_spanish = client.post(in_spanish, {"text": text})
    assert "da al asiento más tiempo de construcción de mazo" in with_spanish.content.decode()


def test_once_the_seat_is_extended_the_list_is_entered_and_becomes_its_deck(over):
    pods, seat, text = over
    seat_extend_building(
        actor=pods.colleague, pod_id=pods.other.pk, seat_id=seat.pk, seconds=600, reason="Late"
    )
    assert AuditEntry.objects.filter(action="draft.extend_seat_building").count() == 1
    response = api_as(pods.colleague).post(url(pods, seat), {"text": text}, format="json")
    assert response.status_code == 200, response.content
    assert AuditEntry.objects.filter(action="deck_list.enter").count() == 1
    pod_end_building(actor=pods.colleague, pod_id=pods.other.pk, reason="Entered")
    seat.refresh_from_db()
    assert seat.deck_state == DeckState.DECK
