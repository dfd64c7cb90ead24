"""Names people read on pages are one line of visible text: line breaks, control characters
and invisible formatting characters (bidi overrides, zero-width spaces) are refused with a
translated reason wherever a name is written; real names of every script stay accepted."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from config.names import invisible_character, validate_name
from drafts.models import AuctionDeck
from tests.tournaments.helpers import make_event, make_organiser
from tournaments.models import Event

ACCEPTED = [
    "Zoë O'Brien-Smith",
    "José Ñúñez",
    "Nguyễn Văn Ánh",
    "Ægir Þórsson",
    "李小龍",
    "山田 太郎",
    "김민준",
    "محمد",
    "דוד",
    "می\u200cخواهم",  # Persian: a non-joiner between two letters
    "Pat 😀",
    "👨\u200d👩\u200d👧 Family",  # an emoji joined by zero-width joiners
    "🏳\ufe0f\u200d🌈 Team",
    "👩🏽\u200d💻 Dev",
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scot",  # a subdivision flag
    "Pat\u00a0Player",  # a no-break space is a space
]

REFUSED = [
    "Pat\nPlayer",
    "Pat\rPlayer",
    "Pat\tPlayer",
    "Pat\x00",
    "Pat\x85Player",  # next line (C1 control)
    "Pat\u2028Player",  # line separator
    *(f"Pat{chr(c)}Player" for c in range(0x202A, 0x202F)),  # embeddings and overrides
    *(f"Pat{chr(c)}Player" for c in range(0x2066, 0x206A)),  # isolates
    *(f"Pat{chr(c)}Player" for c in range(0x200B, 0x2010)),  # zero-width, LRM, RLM
    "Pat\u2060Player",  # word joiner
    "\ufeffPat",  # byte-order mark
    "Pat\u00adPlayer",  # soft hyphen
    "Pat\u200d",  # a joiner joining nothing
    "a\u200d😀",  # nor a letter to an emoji
]

RLO = "\u202e"


@pytest.mark.parametrize("name", ACCEPTED)
def test_real_names_are_accepted(name):
    assert invisible_character(name) is None
    validate_name(name)


@pytest.mark.parametrize("name", REFUSED)
def test_names_with_invisible_or_control_characters_are_refused(name):
    assert invisible_character(name) is not None
    with pytest.raises(ValidationError) as refused:
        validate_name(name)
    assert "U+" in refused.value.messages[0]


def test_the_reason_names_the_character_and_is_translated():
    from django.utils import translation

    with translation.override("es"):
        with pytest.raises(ValidationError) as refused:
            validate_name(f"Pat{RLO}Player")
        message = refused.value.messages[0]
    assert "U+202E" in message
    assert "Un nombre no puede" in message


@pytest.mark.django_db
def test_the_api_refuses_a_display_name_with_a_direction_override(player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.patch("/api/me/", {"display_name": f"Pat{RLO}reyalP"}, format="json")
    assert response.status_code == 400
    assert "U+202E" in response.json()["display_name"][0]
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


@pytest.mark.django_db
def test_the_api_still_takes_a_name_in_any_script(player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.patch("/api/me/", {"display_name": "Zoë 李 😀"}, format="json")
    assert response.status_code == 200


@pytest.mark.django_db
def test_the_profile_page_refuses_a_display_name_with_a_line_break(player):
    client = Client()
    client.force_login(player)
    response = client.post(
        reverse("accounts:profile"),
        {"display_name": "Pat\r\nPlayer", "email": "pat@example.org"},
    )
    assert response.status_code == 200
    assert "U+000D" in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


@pytest.mark.django_db
def test_the_api_refuses_an_event_name_and_venue_with_invisible_characters():
    client = APIClient()
    client.force_authenticate(make_organiser())
    response = client.post(
        "/api/events/",
        {"name": f"Spring{RLO} Open", "venue": "Hall\u200b 1", "date": "2026-12-12"},
        format="json",
    )
    assert response.status_code == 400
    assert set(response.json()) >= {"name", "venue"}
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_renaming_an_event_with_a_line_break_is_refused():
    organiser = make_organiser()
    event = make_event(organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    response = client.patch(f"/api/events/{event.pk}/", {"name": "Spring\nOpen"}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()
    event.refresh_from_db()
    assert event.name == "Spring Open"


@pytest.mark.django_db
def test_a_walk_in_with_a_zero_width_space_is_refused():
    organiser = make_organiser()
    event = make_event(organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    response = client.post(
        f"/api/events/{event.pk}/players/", {"display_name": "Pat\u200bPlayer"}, format="json"
    )
    assert response.status_code == 400
    assert "U+200B" in response.json()["display_name"][0]
    assert not event.registrations.exists()


@pytest.mark.django_db
def test_an_auction_deck_name_is_checked_too():
    with pytest.raises(ValidationError) as refused:
        AuctionDeck(name=f"Dragons{RLO}").full_clean()
    assert "name" in refused.value.message_dict
