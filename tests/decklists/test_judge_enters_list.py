"""A judge enters a walk-in's deck list for them (page, upload and API): checked and locked
like the player's own list, audited with who entered it; nobody else may."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.errors import ConflictError, ForbiddenError
from decklists import selectors
from decklists.models import DeckList
from decklists.services.lists import deck_list_submit
from tests.rulings_fixtures import quimera_list
from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry
from tournaments.services.registration import registration_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=30), deck_lists_required=True)


@pytest.fixture
def judge(event, judge_of):
    return judge_of(event)


@pytest.fixture
def walk_in(event, judge):
    return registration_add(actor=judge, event_id=event.pk, display_name="Walter Walkin").player


def test_a_judge_enters_a_walk_ins_list_and_it_is_audited(event, judge, walk_in):
    deck_list, _ = deck_list_submit(event=event, player=walk_in, text=quimera_list(), actor=judge)
    assert deck_list.submitted_by == judge and deck_list.card_count == 41
    assert selectors.deck_check_for(deck_list).check.legal
    entry = AuditEntry.objects.get(action="deck_list.enter")
    assert (entry.actor, entry.target, entry.after) == (judge, "Walter Walkin", {"cards": 41})
    [line] = audit_lines([entry], event=event)
    assert line.sentence == "Judy Judge entered the deck list of Walter Walkin: 41 cards."
    assert line.kind == "decks"


def test_a_player_cannot_enter_another_players_list(event, walk_in, player, register):
    register(event, player)
    with pytest.raises(ForbiddenError):
        deck_list_submit(event=event, player=walk_in, text=quimera_list(), actor=player)
    assert not DeckList.objects.exists()


def test_the_judges_entry_locks_like_the_players_own(event, judge, walk_in):
    event.status = "running"
    event.save()
    with pytest.raises(ConflictError):
        deck_list_submit(event=event, player=walk_in, text=quimera_list(), actor=judge)
    assert not AuditEntry.objects.filter(action="deck_list.enter").exists()


def test_the_deck_list_page_offers_to_enter_a_walk_ins_list(
    client, event, judge, walk_in, password
):
    client.login(request=HttpRequest(), username=judge.username, password=password)
    page = client.get(reverse("decklists:event_decks", args=[event.pk])).content.decode()
    url = reverse("decklists:player_deck", args=[event.pk, walk_in.pk])
    assert url in page
    assert client.get(url).status_code == 200
    bad = client.post(url, {"text": "4 Nadie"})
    assert bad.status_code == 400 and not DeckList.objects.exists()
    assert client.post(url, {"text": quimera_list()}).status_code == 302
    assert DeckList.objects.get(player=walk_in).submitted_by == judge


def test_a_judge_uploads_a_list_as_a_text_file(client, event, judge, walk_in, password):
    client.login(request=HttpRequest(), username=judge.username, password=password)
    upload = SimpleUploadedFile("deck.txt", quimera_list().encode("utf-8-sig"))
    response = client.post(
        reverse("decklists:player_deck", args=[event.pk, walk_in.pk]), {"upload": upload}
    )
    assert response.status_code == 302
    assert DeckList.objects.get(player=walk_in).card_count == 41
    binary = SimpleUploadedFile("deck.png", b"\x89PNG\xff\xfe\x00")
    response = client.post(
        reverse("decklists:player_deck", args=[event.pk, walk_in.pk]), {"upload": binary}
    )
    assert response.status_code == 400 and "not plain text" in response.content.decode()


def test_a_player_gets_403_on_the_judges_page(client, event, walk_in, player, password):
    client.login(request=HttpRequest(), username=player.username, password=password)
    url = reverse("decklists:player_deck", args=[event.pk, walk_in.pk])
    assert client.post(url, {"text": quimera_list()}).status_code == 403
    assert not DeckList.objects.exists()


def test_the_api_enters_a_list_for_a_player(event, judge, walk_in, player):
    api = APIClient()
    url = f"/api/rulings/events/{event.pk}/deck-lists/{walk_in.pk}/"
    api.force_authenticate(player)
    assert api.post(url, {"text": quimera_list()}, format="json").status_code == 403
    api.force_authenticate(judge)
    response = api.post(url, {"text": quimera_list()}, format="json")
    assert response.status_code == 200, response.content
    assert DeckList.objects.get(player=walk_in).submitted_by == judge
    bad = api.post(url, {"text": "4 Nadie"}, format="json")
    assert bad.status_code == 400


# An uploaded list gets the typed text's checks: a NUL byte (even on a comment line, which
# the parser skips), another control character, bytes that are not UTF-8 (an encoded lone
# surrogate among them), or more text than a list may hold is a form error, nothing saved.
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ((quimera_list() + "\n# sideboard\x00\n").encode(), "Null characters are not allowed."),
        ((quimera_list() + "\n# bell \x07\n").encode(), "contains a control character (U+0007)"),
        (quimera_list().encode() + b"\n# \xed\xa0\x80\n", "not plain text (UTF-8)"),
        (b"# " + b"x" * 40_000 + b"\n", "at most 32000 characters"),
    ],
    ids=["nul", "control", "surrogate", "too-long"],
)
def test_a_bad_upload_is_a_form_error_and_saves_nothing(
    client, event, judge, walk_in, password, body, message
):
    client.login(request=HttpRequest(), username=judge.username, password=password)
    url = reverse("decklists:player_deck", args=[event.pk, walk_in.pk])
    response = client.post(url, {"upload": SimpleUploadedFile("deck.txt", body)})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not DeckList.objects.exists()


def test_typed_text_and_the_api_refuse_the_same_nul_byte(client, event, judge, walk_in, password):
    client.login(request=HttpRequest(), username=judge.username, password=password)
    text = quimera_list() + "\n# sideboard\x00\n"
    typed = client.post(
        reverse("decklists:player_deck", args=[event.pk, walk_in.pk]), {"text": text}
    )
    assert typed.status_code == 400
    assert "Null characters are not allowed." in typed.content.decode()
    api = APIClient()
    api.force_authenticate(judge)
    url = f"/api/rulings/events/{event.pk}/deck-lists/{walk_in.pk}/"
    assert api.post(url, {"text": text}, format="json").status_code == 400
    bell = api.post(url, {"text": quimera_list() + "\n# bell \x07\n"}, format="json")
    assert bell.status_code == 400 and bell.json()["code"] == "deck_list_invalid"
    assert not DeckList.objects.exists()
