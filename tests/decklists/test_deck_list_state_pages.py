"""A registered player sees where their deck list stands and when it is due: on the event
page, on My events and on their deck-list page, in English and Spanish. A constructed
event's lists are due when the event starts; late, the pages say lists are still taken until
round 1 is paired; once it is paired, that they are locked."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from decklists.deadlines import deck_list_state
from decklists.services.lists import deck_list_submit
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db

EVENT_DAY = dt.date(2030, 3, 9)  # a Saturday


def text_of(html: str, testid: str) -> str:
    match = re.search(rf'<[a-z]+ [^>]*data-testid="{testid}"[^>]*>(.*?)</(p|section)>', html, re.S)
    assert match, f"no {testid}"
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split())


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=EVENT_DAY, name="Liga de marzo")


@pytest.fixture
def entrant(event, player, register):
    register(event, player)
    return player


def test_the_event_page_says_the_list_is_missing_and_when_it_is_due(client, event, entrant):
    client.force_login(entrant)
    html = client.get(f"/events/{event.pk}/").content.decode()
    state = text_of(html, "deck-list-state")
    assert state.startswith("Deck list: Missing Due in ")
    assert state.endswith("(Saturday 9 March 2030, 00:00 CET). Submit my list")
    assert f'href="/rulings/events/{event.pk}/deck/" data-testid="deck-list-link"' in html
    spanish = text_of(client.get(f"/es/events/{event.pk}/").content.decode(), "deck-list-state")
    assert spanish.startswith("Lista de mazo: Sin lista El plazo acaba dentro de ")
    assert spanish.endswith("(sábado 9 de marzo de 2030, 00:00 CET). Enviar mi lista")


def test_a_submitted_list_shows_whether_it_is_legal(client, event, entrant):
    client.force_login(entrant)
    deck_list_submit(event=event, player=entrant, text=quimera_list(size=30), actor=entrant)
    state = text_of(client.get(f"/events/{event.pk}/").content.decode(), "deck-list-state")
    assert state.startswith("Deck list: Not legal Due in ")
    assert state.endswith("My deck list")
    deck_list_submit(event=event, player=entrant, text=quimera_list(), actor=entrant)
    state = text_of(client.get(f"/es/events/{event.pk}/").content.decode(), "deck-list-state")
    assert state.startswith("Lista de mazo: Legal El plazo acaba dentro de ")


def test_a_late_list_is_still_taken_until_round_1_and_then_locked(
    client, make_event, player, register
):
    today = make_event(date=timezone.localdate(), name="Hoy")
    register(today, player)
    client.force_login(player)
    state = text_of(client.get(f"/events/{today.pk}/").content.decode(), "deck-list-state")
    assert re.fullmatch(
        r"Deck list: Missing It was due \w+ \d+ \w+ \d{4}, 00:00 CES?T; lists are still taken "
        r"until round 1 is paired\. Submit my list",
        state,
    ), state
    spanish = text_of(client.get(f"/es/events/{today.pk}/").content.decode(), "deck-list-state")
    assert "El plazo acabó el " in spanish and "hasta que se empareje la ronda 1" in spanish
    today.status = "running"
    today.save(update_fields=["status"])
    state = text_of(client.get(f"/events/{today.pk}/").content.decode(), "deck-list-state")
    assert state == "Deck list: Missing Deck lists are locked: the event has started."


def test_nothing_for_others_nor_for_events_without_lists(
    client, event, entrant, other_player, make_event, register
):
    state = 'data-testid="deck-list-state"'
    assert state not in client.get(f"/events/{event.pk}/").content.decode()
    client.force_login(other_player)
    assert state not in client.get(f"/events/{event.pk}/").content.decode()
    standard = make_event(date=EVENT_DAY, format="standard")
    register(standard, other_player)
    html = client.get(f"/events/{standard.pk}/").content.decode()
    assert 'data-testid="deck-list-state"' not in html


def test_a_sealed_event_shows_the_state_without_a_deadline(client, make_event, player, register):
    sealed = make_event(date=EVENT_DAY, format="sealed")
    register(sealed, player)
    client.force_login(player)
    state = text_of(client.get(f"/events/{sealed.pk}/").content.decode(), "deck-list-state")
    assert state == "Deck list: Missing Submit my list"
    assert deck_list_state(sealed, player).due is None


def test_my_events_lists_my_deck_lists_due_with_their_state(
    client, event, entrant, make_event, register
):
    running = make_event(date=EVENT_DAY, name="Ya empezado", status="running")
    register(running, entrant)
    deck_list_submit(event=event, player=entrant, text=quimera_list(), actor=entrant)
    client.force_login(entrant)
    html = client.get("/events/mine/").content.decode()
    section = text_of(html, "my-deck-lists")
    assert section.startswith("My deck lists Liga de marzo")
    assert "Legal Due in " in section
    assert "(Saturday 9 March 2030, 00:00 CET). My deck list" in section
    assert "Ya empezado" not in section
    spanish = text_of(client.get("/es/events/mine/").content.decode(), "my-deck-lists")
    assert spanish.startswith("Mis listas de mazo Liga de marzo")
    assert "(sábado 9 de marzo de 2030, 00:00 CET). Mi lista de mazo" in spanish


def test_the_deck_list_page_shows_the_deadline(client, event, entrant):
    client.force_login(entrant)
    html = client.get(f"/rulings/events/{event.pk}/deck/").content.decode()
    state = text_of(html, "deck-list-state")
    assert state.startswith("Deck list: Missing Due in ")
    assert state.endswith("(Saturday 9 March 2030, 00:00 CET).")
