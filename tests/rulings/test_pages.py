"""Server-rendered rulings pages: the document, history, diff, feed, cards, deck lists."""

from __future__ import annotations

import datetime as dt

import pytest
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from decklists.models import DeckList
from decklists.services.lists import deck_list_submit
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return response.content.decode()


def test_the_version_in_force_today(client, rulings_data):
    response = client.get(reverse("rulings:current"))
    assert response.status_code == 200
    body = text_of(response)
    assert "Puentes Colgantes" in body and "EV 155/255" in body
    assert "Every format" in body
    assert "First-turn attack rule" in body
    assert 'data-testid="version-number">1<' in body


def test_the_document_in_spanish(client, rulings_data):
    response = client.get("/es/rulings/")
    body = text_of(response)
    assert "Regla de ataque del primer turno" in body
    assert "Lista prohibida" in body or "Cartas prohibidas" in body


def test_the_version_on_a_date(client, rulings_data):
    before = client.get(reverse("rulings:on_date"), {"date": "2006-11-17"})
    assert 'data-testid="no-version"' in text_of(before)
    after = client.get(reverse("rulings:on_date"), {"date": "2006-11-18"})
    assert 'data-testid="version-number">1<' in text_of(after)
    bad = client.get(reverse("rulings:on_date"), {"date": "17/11/2006"})
    assert bad.status_code == 400
    assert "Enter a valid date" in text_of(bad)


def test_history_diff_and_feed(client, rulings_data):
    assert "history-1" in text_of(client.get(reverse("rulings:history")))
    diff = client.get(reverse("rulings:diff"), {"from": 0, "to": 1})
    assert diff.status_code == 200 and "28 added" in text_of(diff)
    assert client.get(reverse("rulings:diff"), {"from": 1, "to": 9}).status_code == 400
    feed = client.get(reverse("rulings:feed"))
    assert feed.status_code == 200
    assert b"Version 1, published 2006-11-17" in feed.content
    assert client.get(reverse("rulings:version", args=[1])).status_code == 200
    assert client.get(reverse("rulings:version", args=[5])).status_code == 404


def test_pages_work_before_any_data(client, db):
    assert client.get(reverse("rulings:current")).status_code == 200
    assert client.get(reverse("rulings:history")).status_code == 200
    assert client.get(reverse("rulings:feed")).status_code == 200


def test_card_catalogue_search(client, rulings_data):
    response = client.get(reverse("rulings:cards"), {"q": "santuario", "edition": "SU"})
    body = text_of(response)
    assert "Santuario del Metro Abandonado" in body and "Santuario de la Fosa" not in body
    assert "sample" in body


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=10), name="Liga de Invierno")


def test_player_submits_a_list_and_sees_its_check(client, event, player, register, password):
    register(event, player)
    client.login(request=HttpRequest(), username=player.username, password=password)
    url = reverse("decklists:my_deck", args=[event.pk])
    assert client.get(url).status_code == 200
    response = client.post(url, {"text": quimera_list(size=40, extra="1 Puentes Colgantes")})
    assert response.status_code == 302
    page = text_of(client.get(url))
    assert "Not legal" in page
    assert "Puentes Colgantes (EV 155/255) is banned in Monofacción" in page


def test_bad_lines_are_listed_one_by_one_and_nothing_is_saved(
    client, event, player, register, password
):
    register(event, player)
    client.login(request=HttpRequest(), username=player.username, password=password)
    response = client.post(
        reverse("decklists:my_deck", args=[event.pk]), {"text": "4 Garphades\n-1 Sartre\n2 Nadie"}
    )
    assert response.status_code == 400
    body = text_of(response)
    assert "Line 2: “-1” is not a valid quantity" in body
    assert "Line 3: no card is called “Nadie”." in body
    assert not DeckList.objects.exists()


def test_bad_lines_in_spanish(client, event, player, register, password):
    register(event, player)
    client.login(request=HttpRequest(), username=player.username, password=password)
    response = client.post(f"/es/rulings/events/{event.pk}/deck/", {"text": "2 Nadie"})
    assert "Línea 1: ninguna carta se llama «Nadie»." in text_of(response)


def test_anonymous_players_are_sent_to_log_in(client, event):
    response = client.get(reverse("decklists:my_deck", args=[event.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_judges_see_every_list_players_only_their_own(
    client, event, player, other_player, register, judge_of, password
):
    judge = judge_of(event)
    for who in (player, other_player):
        register(event, who)
    mine, _ = deck_list_submit(event=event, player=player, text=quimera_list(), actor=player)
    theirs, _ = deck_list_submit(
        event=event, player=other_player, text=quimera_list(size=30), actor=other_player
    )

    client.login(request=HttpRequest(), username=player.username, password=password)
    assert client.get(reverse("decklists:deck_detail", args=[mine.pk])).status_code == 200
    assert client.get(reverse("decklists:deck_detail", args=[theirs.pk])).status_code == 403
    assert client.get(reverse("decklists:event_decks", args=[event.pk])).status_code == 403

    client.login(request=HttpRequest(), username=judge.username, password=password)
    page = client.get(reverse("decklists:event_decks", args=[event.pk]))
    assert page.status_code == 200
    assert "2 lists, 1 not legal" in " ".join(text_of(page).split())
    assert client.get(reverse("decklists:deck_detail", args=[theirs.pk])).status_code == 200
    printed = client.get(reverse("decklists:deck_print", args=[theirs.pk]))
    assert printed.status_code == 200 and "Player's signature" in text_of(printed)
    response = client.post(reverse("decklists:random_pick", args=[event.pk]), {"count": 1})
    assert response.status_code == 302
    assert "Draw 1:" in text_of(client.get(reverse("decklists:event_decks", args=[event.pk])))


def test_locked_lists_show_no_form(client, event, player, register, password):
    register(event, player)
    event.status = "running"
    event.save()
    client.login(request=HttpRequest(), username=player.username, password=password)
    body = text_of(client.get(reverse("decklists:my_deck", args=[event.pk])))
    assert 'data-testid="locked"' in body and 'data-testid="deck-form"' not in body
    response = client.post(reverse("decklists:my_deck", args=[event.pk]), {"text": quimera_list()})
    assert response.status_code == 409


def test_judge_sets_a_card_pool(
    client, rulings_data, make_event, player, register, judge_of, password
):
    sealed = make_event(date=timezone.localdate(), format="sealed")
    register(sealed, player)
    judge = judge_of(sealed)
    client.login(request=HttpRequest(), username=judge.username, password=password)
    url = reverse("decklists:card_pool", args=[sealed.pk, player.pk])
    assert client.get(url).status_code == 200
    assert client.post(url, {"text": "3 Nadie", "source": "sealed"}).status_code == 400
    assert client.post(url, {"text": quimera_list(), "source": "sealed"}).status_code == 302
    other = UserFactory()
    client.login(request=HttpRequest(), username=other.username, password=password)
    assert client.get(url).status_code == 403


def test_navigation_links_to_the_rulings(client, db):
    body = text_of(client.get("/"))
    assert 'data-nav="rulings"' in body and 'data-nav="cards"' in body
