"""The drafter's pages (issue 24): the pick page's select-then-take, cards with their
labels in the reader's language, the builder reopening on the deck as last saved or
submitted, bots named by seat, the event reading "Drafting", and the console's column of
who has a deck in."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from rulings.models import DeckList
from tests.tournaments.draft.helpers import draft_event, move_deadline
from tournaments.models import DraftSeat, Pod
from tournaments.models.draft import DraftPhase
from tournaments.services.drafts.reading import pod_version

pytestmark = pytest.mark.django_db


def client_for(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def play_out(event) -> Pod:
    """Every step times out until the pod is building."""
    pod = Pod.objects.get(draft__event=event)
    for _i in range(200):
        pod.refresh_from_db()
        if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
            break
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    assert pod.phase == DraftPhase.BUILDING
    return pod


def deck_fields(html: str) -> dict[str, int]:
    return {k: int(v) for k, v in re.findall(r'name="(card_\d+)" id="[^"]+" value="(\d+)"', html)}


def trimmed_to(fields: dict[str, int], size: int) -> dict[str, int]:
    """The deck with cards taken off the biggest lines until it has ``size`` cards."""
    deck = dict(fields)
    excess = sum(deck.values()) - size
    for key in sorted(deck, key=lambda k: -deck[k]):
        cut = min(deck[key] - 1, excess)
        if cut > 0:
            deck[key] -= cut
            excess -= cut
    assert sum(deck.values()) == size
    return deck


def test_the_builder_reopens_on_the_deck_submitted_not_the_auction_deck():
    event, _judge, regs = draft_event(1, bots=1, prefix="rb")
    player = regs[0].player
    client = client_for(player)
    url = reverse("tournaments:draft_deck", args=[event.pk])
    play_out(event)
    start = deck_fields(client.get(url).content.decode())
    assert sum(start.values()) > 41
    deck = trimmed_to(start, 41)
    assert client.post(url, deck).status_code == 302
    assert DeckList.objects.get(event=event, player=player).card_count == 41
    # when the player reopens the builder
    again = deck_fields(client.get(url).content.decode())
    # then it holds the 41 cards submitted
    assert sum(again.values()) == 41 and again == deck


def test_the_builder_reopens_on_a_deck_list_sent_through_the_deck_list_page():
    event, _judge, regs = draft_event(1, bots=1, prefix="rl")
    player = regs[0].player
    client = client_for(player)
    url = reverse("tournaments:draft_deck", args=[event.pk])
    play_out(event)
    start = deck_fields(client.get(url).content.decode())
    deck = trimmed_to(start, 42)
    assert client.post(url, deck).status_code == 302
    # the seat has no saved deck (a deck submitted before the builder kept one)
    DraftSeat.objects.filter(registration=regs[0]).update(saved_deck=None)
    again = deck_fields(client.get(url).content.decode())
    assert sum(again.values()) == 42 and again == deck
