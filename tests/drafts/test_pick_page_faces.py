"""Cards worth reading (issue 33, item 8): the pick page draws each card of the pack with its
picture's thumbnail (loaded lazily, its size given, the card's name as its text, the full
picture a tap away) or, for a card without a picture, its rules text, in the reader's
language; the builder, deck lists and deck checks draw cards the same way."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db.models import Value
from django.db.models.functions import Concat
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from drafts.models import DraftPhase, Pod
from drafts.services.reading import pod_version
from rulings.models import Card
from tests.drafts.helpers import draft_event, move_deadline
from tests.rulings.pictures import give_odd_cards_a_picture

pytestmark = pytest.mark.django_db


def client_for(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def give_texts_and_pictures() -> None:
    """Every card a text in both languages; the cards with an odd number a picture."""
    Card.objects.update(
        text_es=Concat(Value("Texto de "), "name"), text_en=Concat(Value("Text of "), "name")
    )
    give_odd_cards_a_picture()


def pack_cards(html: str) -> list[str]:
    return re.findall(
        r'<label class="pack-card[^"]*" data-testid="pack-card".*?</label>', html, re.S
    )


def name_of(markup: str) -> str:
    return re.search(r'data-card-name="([^"]*)"', markup).group(1)


def test_the_pick_page_shows_pictures_and_falls_back_to_the_text():
    event, _judge, regs = draft_event(1, bots=1, auction=False, prefix="pf")
    give_texts_and_pictures()
    html = client_for(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk])).content
    cards = pack_cards(html.decode())
    assert len(cards) == 12
    pictured = {c.name for c in Card.objects.exclude(thumbnail="")}
    seen = {"picture": 0, "text": 0}
    for markup in cards:
        name = name_of(markup)
        if name in pictured:
            seen["picture"] += 1
            img = re.search(r"<img [^>]*>", markup).group(0)
            assert 'loading="lazy"' in img and 'width="160"' in img and 'height="224"' in img
            assert f'alt="{name}"' in img and 'src="/media/cards/' in img
            # the full picture on demand, the text kept for screen readers
            assert re.search(r'<a class="card-thumb" href="/media/cards/[0-9a-f]+\.webp"', markup)
            assert f'card-text visually-hidden" data-testid="card-text">Text of {name}<' in markup
        else:
            seen["text"] += 1
            assert "<img" not in markup
            assert f'class="card-text" data-testid="card-text">Text of {name}<' in markup
    assert seen["picture"] and seen["text"]  # a pack of 12 holds both kinds


def test_the_text_is_in_the_readers_language_spanish_where_there_is_no_english():
    event, _judge, regs = draft_event(1, bots=1, auction=False, prefix="pl")
    Card.objects.update(text_es=Concat(Value("Texto de "), "name"), text_en="")
    english = client_for(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk]))
    for markup in pack_cards(english.content.decode()):
        assert f">Texto de {name_of(markup)}<" in markup
    Card.objects.update(text_en=Concat(Value("Text of "), "name"))
    spanish = client_for(regs[0].player, "es").get(
        reverse("drafts:my_draft", args=[event.pk]), follow=True
    )
    for markup in pack_cards(spanish.content.decode()):
        assert f">Texto de {name_of(markup)}<" in markup


def test_a_card_with_neither_text_nor_picture_shows_its_name_as_before():
    event, _judge, regs = draft_event(1, bots=1, auction=False, prefix="pn")
    Card.objects.update(text_es="", text_en="")
    html = client_for(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk])).content
    for markup in pack_cards(html.decode()):
        assert f'<span class="card-name">{name_of(markup)}</span>' in markup
        assert "card-text" not in markup and "<img" not in markup


def test_the_builder_draws_the_pool_with_the_card_faces():
    event, _judge, regs = draft_event(1, bots=1, prefix="pb")
    give_texts_and_pictures()
    pod = Pod.objects.get(draft__event=event)
    for _i in range(200):
        pod.refresh_from_db()
        if pod.phase in (DraftPhase.BUILDING, DraftPhase.DONE):
            break
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    html = client_for(regs[0].player).get(reverse("drafts:draft_deck", args=[event.pk]))
    body = html.content.decode()
    assert body.count('class="card-face compact') >= 10
    assert 'loading="lazy"' in body and 'data-testid="card-text">Text of ' in body
