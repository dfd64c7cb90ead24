"""The deck builder for thumbs: the deck shown and the rest of the pool as two lists, the
faction of the drafter's Sanctuary first, a countdown (not a clock time), and the bid's
words in both languages."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from drafts.models import CardInstance, CardSource, DraftSeat
from drafts.services.flow import auction_of
from rulings.models import Card
from tests.drafts.helpers import draft_event
from tests.drafts.test_building_defaults import client_for, play_out, won

pytestmark = pytest.mark.django_db


def test_the_builder_lists_the_deck_then_the_pool_own_faction_first_with_a_countdown():
    event, _judge, regs = draft_event(1, bots=1, prefix="bt", building_seconds=900)
    play_out(event)
    seat = DraftSeat.objects.get(registration=regs[0])
    html = client_for(regs[0].player).get(reverse("drafts:draft_deck", args=[event.pk]))
    html = html.content.decode()
    deck_part, pool_part = html.split('data-zone="pool"')
    deck_ids = {int(i) for i in re.findall(r'name="card_(\d+)"', deck_part)}
    assert deck_ids == set(won(seat))  # the won deck, and nothing else, in the deck list
    sanctuary = Card.objects.get(pk__in=list(won(seat)), type="santuario")
    factions = re.findall(
        r'data-testid="pool-card" data-card-name="[^"]*" data-faction="(\w*)"', html
    )
    assert factions[0] == sanctuary.faction
    pool_factions = re.findall(r'data-faction="(\w*)"', pool_part)
    own = [f == sanctuary.faction for f in pool_factions]
    assert own == sorted(own, reverse=True)  # the own faction's cards first in the pool too
    assert 'class="countdown"' in html and "data-deadline=" in html
    assert "Your time ends at" not in html
    assert html.count('data-copies-step="1"') == len(re.findall(r'name="card_\d+"', html))


def test_the_bid_is_said_in_words_in_english_and_spanish():
    event, _judge, regs = draft_event(1, bots=3, prefix="bw")
    seat = DraftSeat.objects.get(registration=regs[0])
    assert auction_of(seat.pod).to_act == seat.position
    url = reverse("drafts:my_draft", args=[event.pk])
    english = client_for(regs[0].player).get(url).content.decode()
    assert 'data-words-other="You bid __N__ points"' in english
    assert 'data-words-one="You bid 1 point"' in english
    spanish = Client()
    spanish.force_login(regs[0].player)
    html = spanish.get("/es" + url).content.decode()
    assert 'data-words-other="Pujas __N__ puntos"' in html
    assert 'data-words-one="Pujas 1 punto"' in html
    # the field starts empty, the minimum as its placeholder
    field = re.search(r'<input type="number" name="amount"[^>]*>', english).group(0)
    assert "value=" not in field and 'placeholder="' in field
    assert CardInstance.objects.filter(owner=seat, source=CardSource.AUCTION).count() == 0
