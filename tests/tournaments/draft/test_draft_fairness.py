"""A booster draft run fairly as an event: the DAR's fixed 41-card minimum, any number of
copies, deck building timed, round 1 waiting for deck building, no late player left out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.errors import DomainError
from rulings.models import Card
from tests.tournaments.draft.helpers import draft_event, move_deadline
from tests.tournaments.helpers import make_event, make_organiser
from tournaments.models import CardInstance, DraftSeat, Pod
from tournaments.models.choices import EventFormat
from tournaments.models.draft import CardSource, DraftPhase
from tournaments.services.drafts import apply_draft_deadlines, draft_deck_submit
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


def expire(pod: Pod) -> None:
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    apply_draft_deadlines()
    pod.refresh_from_db()


def to_building(players: int = 2, **options) -> tuple:
    options.setdefault("auction", False)
    options.setdefault("review_seconds", 0)
    event, judge, regs = draft_event(players, **options)
    for pod in Pod.objects.filter(draft__event=event):
        while pod.phase == DraftPhase.DRAFTING:  # every step times out
            expire(pod)
        assert pod.phase == DraftPhase.BUILDING
    return event, judge, regs


def legal_deck(seat: DraftSeat, *, extra_copies: int = 0) -> dict[int, int]:
    """A 41-card deck for the seat: one Sanctuary and 40 copies of one other card, put in
    its pool (any number of copies is legal in a draft deck)."""
    sanctuary = Card.objects.filter(type="santuario").order_by("pk").first()
    other = Card.objects.exclude(type="santuario").order_by("pk").first()
    copies = 40 + extra_copies
    CardInstance.objects.bulk_create(
        [
            CardInstance(pod=seat.pod, card=other, owner=seat, source=CardSource.AUCTION)
            for _ in range(copies)
        ]
        + [CardInstance(pod=seat.pod, card=sanctuary, owner=seat, source=CardSource.AUCTION)]
    )
    return {sanctuary.pk: 1, other.pk: copies}


# --- 8. any number of copies -------------------------------------------------------------
def test_a_draft_deck_takes_a_hundred_copies_of_one_title():
    event, _judge, regs = to_building(2, prefix="cp")
    seat = DraftSeat.objects.get(registration=regs[0])
    deck = legal_deck(seat, extra_copies=60)  # 100 copies of one card
    deck_list, _parsed = draft_deck_submit(actor=regs[0].player, event_id=event.pk, quantities=deck)
    assert deck_list.card_count == 101
    assert max(e.quantity for e in deck_list.entries.all()) == 100


def test_the_parser_bound_stays_for_constructed_and_hostile_counts():
    from rulings.deckcheck import MAX_POOL_LINE_QUANTITY, parse_deck_list
    from rulings.demo import load_rulings_data
    from rulings.selectors import card_index

    load_rulings_data(sample=True)
    index = card_index()
    card = Card.objects.exclude(type="santuario").select_related("edition").first()
    line = f"100 {card.edition.code} {card.number}"
    assert not parse_deck_list(line, index).ok  # constructed: 99 at most on a line
    assert parse_deck_list(line, index, max_quantity=MAX_POOL_LINE_QUANTITY).ok
    huge = f"{10**40} {card.edition.code} {card.number}"
    parsed = parse_deck_list(huge, index, max_quantity=MAX_POOL_LINE_QUANTITY)
    assert [e.code for e in parsed.errors] == ["bad_quantity"]


# --- 4. the 41-card minimum is the DAR's -------------------------------------------------
@pytest.mark.parametrize("size", [20, 60])
def test_a_draft_event_refuses_another_minimum_in_the_service(size):
    organiser = make_organiser("min_orga")
    with pytest.raises(DomainError) as refused:
        make_event(organiser, format=EventFormat.BOOSTER_DRAFT, min_deck_size=size)
    assert refused.value.field == "min_deck_size"
    event = make_event(organiser, format=EventFormat.BOOSTER_DRAFT)
    assert event.min_deck_size == 41
    with pytest.raises(DomainError):
        event_update(actor=organiser, event_id=event.pk, min_deck_size=size)
    # switching a constructed event of 60 cards to a draft brings it back to 41
    other = make_event(organiser, name="Constructed", min_deck_size=60)
    event_update(actor=organiser, event_id=other.pk, format=EventFormat.BOOSTER_DRAFT)
    other.refresh_from_db()
    assert other.min_deck_size == 41


@pytest.mark.parametrize("size", [20, 60])
def test_the_api_refuses_another_minimum_for_a_draft_naming_the_field(size):
    organiser = make_organiser("min_api")
    api = APIClient()
    api.force_authenticate(organiser)
    created = api.post(
        "/api/events/",
        {"name": "Draft", "date": "2026-12-12", "format": "booster-draft", "min_deck_size": size},
        format="json",
    )
    assert created.status_code == 400 and "min_deck_size" in created.json()
    event = make_event(organiser, format=EventFormat.BOOSTER_DRAFT)
    patched = api.patch(f"/api/events/{event.pk}/", {"min_deck_size": size}, format="json")
    assert patched.status_code == 400 and "min_deck_size" in patched.json()
    event.refresh_from_db()
    assert event.min_deck_size == 41


def test_a_draft_events_settings_page_does_not_offer_the_minimum():
    organiser = make_organiser("min_page")
    event = make_event(organiser, format=EventFormat.BOOSTER_DRAFT)
    client = Client()
    client.force_login(organiser)
    body = client.get(reverse("tournaments:event_edit", args=[event.pk])).content.decode()
    assert 'name="format"' in body and 'name="min_deck_size"' not in body
