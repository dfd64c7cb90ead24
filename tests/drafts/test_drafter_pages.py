"""The drafter's pages (issue 24): the pick page's select-then-take, cards with their
labels in the reader's language, the builder reopening on the deck as last saved or
submitted, bots named by seat, the event reading "Drafting", and the console's column of
who has a deck in."""

from __future__ import annotations

import csv
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decklists.models import DeckList
from drafts.models import CardInstance, DraftPhase, DraftSeat, Pick, Pod
from drafts.services import draft_start
from drafts.services.reading import pod_version
from tests.drafts.helpers import draft_event, move_deadline

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
    url = reverse("drafts:draft_deck", args=[event.pk])
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
    url = reverse("drafts:draft_deck", args=[event.pk])
    play_out(event)
    start = deck_fields(client.get(url).content.decode())
    deck = trimmed_to(start, 42)
    assert client.post(url, deck).status_code == 302
    # the seat has no saved deck (a deck submitted before the builder kept one)
    DraftSeat.objects.filter(registration=regs[0]).update(saved_deck=None)
    again = deck_fields(client.get(url).content.decode())
    assert sum(again.values()) == 42 and again == deck


def pack_cards(html: str) -> list[str]:
    found = r'<label class="pack-card[^"]*" data-testid="pack-card".*?</label>'
    return re.findall(found, html, re.S)


def test_the_pick_page_chooses_then_takes_and_names_cards_in_the_readers_language():
    # given a player drafting, whose page is in Spanish
    event, _judge, regs = draft_event(1, bots=1, auction=False, prefix="pl")
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.DRAFTING
    page = client_for(regs[0].player, "es")
    # when they open the pick page
    response = page.get(reverse("drafts:my_draft", args=[event.pk]), follow=True)
    html = response.content.decode()
    cards = pack_cards(html)
    # then each card is a choice, not a pick: a radio, and one button takes the chosen card
    assert len(cards) == 12
    assert all('type="radio" name="card_instance"' in c for c in cards)
    assert 'type="submit" name="card_instance"' not in html
    assert 'data-testid="take-card"' in html and "Tomar la carta elegida" in html
    assert 'data-take-template="Tomar %(card)s"' in html
    # and each card says its type and rarity with the catalogue's Spanish labels, no codes
    seat = DraftSeat.objects.get(registration=regs[0])
    ids = [int(v) for v in re.findall(r'name="card_instance" value="(\d+)"', html)]
    by_id = {c.pk: c.card for c in CardInstance.objects.filter(pk__in=ids).select_related("card")}
    labels = {"common": "Común", "uncommon": "Infrecuente", "rare": "Rara"}
    for text, card_id in zip(cards, ids, strict=True):
        card = by_id[card_id]
        rarity = re.search(r'data-testid="card-rarity">([^<]*)<', text).group(1)
        assert rarity == labels[card.rarity]
        kind = re.search(r'data-testid="card-type">([^<]*)<', text).group(1)
        assert kind == str(card.get_type_display()) and kind != card.type
        if card.faction:
            faction = re.search(r'data-testid="card-faction">([^<]*)<', text).group(1)
            assert faction == card.get_faction_display()
        if card.cost is not None:
            assert f"coste {card.cost}" in text
    assert seat.pod_id == pod.pk
    # the countdown stays in view: the page's head is sticky in the draft's stylesheet
    from django.contrib.staticfiles import finders

    with open(finders.find("css/draft.css"), encoding="utf-8") as sheet:
        css = sheet.read()
    assert re.search(r"\.draft-head\s*\{[^}]*position:\s*sticky", css)


def test_the_pick_post_still_names_pack_and_pick_number_and_takes_the_chosen_card():
    event, _judge, regs = draft_event(1, bots=1, auction=False, prefix="pp2")
    page = client_for(regs[0].player)
    url = reverse("drafts:my_draft", args=[event.pk])
    html = page.get(url).content.decode()
    ids = [int(v) for v in re.findall(r'name="card_instance" value="(\d+)"', html)]
    # the button with no card chosen (a form sent without the browser's check) changes nothing
    none = page.post(
        reverse("drafts:draft_pick", args=[event.pk]), {"pack_round": 1, "pick_number": 1}
    )
    assert none.status_code == 400 and not Pick.objects.filter(seat__registration=regs[0]).exists()
    done = page.post(
        reverse("drafts:draft_pick", args=[event.pk]),
        {"pack_round": 1, "pick_number": 1, "card_instance": ids[3]},
    )
    assert done.status_code == 302
    assert Pick.objects.get(seat__registration=regs[0]).card_instance_id == ids[3]


def test_bots_are_named_by_seat_on_the_console_the_auction_and_the_exports():
    # given a pod of two players and two bots at the auction
    event, judge, regs = draft_event(2, bots=2, prefix="bn")
    pod = Pod.objects.get(draft__event=event)
    bots = list(pod.seats.filter(registration__isnull=True).order_by("position"))
    assert len(bots) == 2
    names = [f"Bot, seat {b.position + 1}" for b in bots]
    # the judge's console names each bot by its seat, in English and in Spanish
    console = reverse("drafts:draft_console", args=[event.pk])
    page = client_for(judge).get(console).content.decode()
    assert all(name in page for name in names) and "empty seat" not in page
    # the drafter's auction page too
    mine = client_for(regs[0].player).get(reverse("drafts:my_draft", args=[event.pk]))
    html = mine.content.decode()
    assert "empty seat" not in html
    # and the picks export (judges read every seat)
    play_out(event)
    export = client_for(judge).get(reverse("tournaments:export", args=[event.pk, "picks"]))
    text = b"".join(export.streaming_content if export.streaming else [export.content]).decode()
    players = {row[2] for row in list(csv.reader(text.splitlines()))[1:]}
    assert set(names) <= players and "bot" not in players
    # in Spanish too
    spanish = client_for(judge, "es").get(console, follow=True).content.decode()
    assert f"Bot, asiento {bots[0].position + 1}" in spanish


def test_the_event_reads_drafting_once_its_draft_has_started_until_round_1():
    event, judge, _regs = draft_event(2, bots=0, start=False, prefix="st")
    client = client_for(judge)
    detail = reverse("tournaments:event_detail", args=[event.pk])
    badge = re.compile(r'data-testid="event-status">([^<]*)<')
    assert badge.search(client.get(detail).content.decode()).group(1) == "Registration"
    draft_start(actor=judge, event_id=event.pk)
    assert badge.search(client.get(detail).content.decode()).group(1) == "Drafting"
    # the lists of events say it too: the judge's desk and the public list
    desk = client.get(reverse("tournaments:judge_desk")).content.decode()
    assert "Drafting" in desk
    listed = client.get(reverse("tournaments:event_list")).content.decode()
    assert "Drafting" in listed
    es = client_for(judge, "es").get(detail, follow=True).content.decode()
    assert badge.search(es).group(1) == "Draft en curso"


def test_the_console_shows_who_has_a_deck_in_during_building():
    # given a pod of three players building: one submitted, one saved only, one nothing
    event, judge, regs = draft_event(3, bots=1, prefix="dk")
    play_out(event)
    url = reverse("drafts:draft_deck", args=[event.pk])
    first = client_for(regs[0].player)
    deck = deck_fields(first.get(url).content.decode())  # the auction deck as won
    assert first.post(url, deck).status_code == 302
    second = client_for(regs[1].player)
    fields = deck_fields(second.get(url).content.decode())
    saved = second.post(reverse("drafts:draft_deck_save", args=[event.pk]), fields)
    assert saved.status_code == 204
    seats = {r.pk: DraftSeat.objects.get(registration=r).pk for r in regs}
    console = reverse("drafts:draft_console", args=[event.pk])
    page = client_for(judge).get(console).content.decode()

    def deck_in(reg) -> str:
        found = re.search(rf'data-testid="deck-in-{seats[reg.pk]}" data-deck-in="(\w*)"', page)
        return found.group(1) if found else ""

    assert [deck_in(r) for r in regs] == ["submitted", "saved", "nothing"]
    assert "Saved only" in page and "Nothing yet" in page
    # a seat whose building ended with no legal deck says so
    DraftSeat.objects.filter(pk=seats[regs[2].pk]).update(deck_state="no_legal_deck")
    page = client_for(judge).get(console).content.decode()
    assert deck_in(regs[2]) == "no_legal_deck"


def test_the_console_poll_sees_a_deck_list_come_in():
    event, judge, regs = draft_event(1, bots=1, prefix="dv")
    play_out(event)
    desk = client_for(judge)
    live = reverse("drafts:draft_console_live", args=[event.pk])
    page = desk.get(reverse("drafts:draft_console", args=[event.pk])).content.decode()
    version = page.split('data-version="')[1].split('"')[0]
    assert desk.get(live, {"v": version}).status_code == 204
    player = client_for(regs[0].player)
    url = reverse("drafts:draft_deck", args=[event.pk])
    fields = deck_fields(player.get(url).content.decode())
    player.post(reverse("drafts:draft_deck_save", args=[event.pk]), fields)
    assert desk.get(live, {"v": version}).status_code == 200
