"""The deck-list field's card names: what a player types on a line finds the catalogue's cards
(case and accents ignored), names that start with it first, cards banned in the event's
format last and marked; each suggestion completes a line the deck-list parser reads as that
one card; a few searches a minute per person, refused beyond with the reason in the
reader's language."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from config import rate_limit
from rulings.deckcheck import parse_deck_list
from rulings.models import Card, Edition
from rulings.selectors import card_index

pytestmark = pytest.mark.django_db

WINDOW_START = 28_000_000 * 60  # a minute's start on the patched clock


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=10))


@pytest.fixture
def clock(monkeypatch):
    """The rate limit's clock, 15 s into a minute."""
    now = {"t": WINDOW_START + 15.0}
    monkeypatch.setattr(rate_limit, "now", lambda: now["t"])
    return now


def suggest(client, event, q, *, lang=""):
    prefix = f"/{lang}" if lang else ""
    return client.get(f"{prefix}/rulings/events/{event.pk}/deck/cards/", {"q": q})


def test_a_name_typed_without_accents_finds_the_card(client, player, event):
    client.force_login(player)
    response = suggest(client, event, "hibrido")
    assert response.status_code == 200
    [found] = response.json()["results"]
    assert found == {
        "value": "Híbrido del Pantano",
        "label": "Híbrido del Pantano (DV 104/280)",
        "banned": False,
    }


def test_names_that_start_with_the_text_come_before_those_that_hold_it(client, player, event):
    client.force_login(player)
    values = [r["value"] for r in suggest(client, event, "santuario de").json()["results"]]
    assert values[0].startswith("Santuario de")
    assert len(values) == 8  # at most eight
    Card.objects.create(
        edition=Edition.objects.create(code="ZX", name="Extra", set_size=40),
        number=29,
        name="Viejo Santuario del Eco",
        type="personaje",
        cost=2,
    )
    values = [r["value"] for r in suggest(client, event, "santuario del").json()["results"]]
    assert values == [
        "Santuario del Acuario Roto",
        "Santuario del Centro Comercial",
        "Santuario del Huerto Urbano",
        "Santuario del Invernadero",
        "Santuario del Metro Abandonado",
        "Viejo Santuario del Eco",
    ]


def test_a_card_banned_in_the_events_format_comes_last_and_is_marked(client, player, event):
    client.force_login(player)
    Card.objects.create(
        edition=Edition.objects.create(code="ZX", name="Extra", set_size=40),
        number=28,
        name="Puentes Colgados",
        type="personaje",
        cost=1,
    )
    results = suggest(client, event, "puentes col").json()["results"]
    assert [(r["value"], r["banned"]) for r in results] == [
        ("Puentes Colgados", False),
        ("Puentes Colgantes", True),
    ]


def test_reprints_are_suggested_with_their_reference_so_the_line_names_one_card(
    client, player, event
):
    reprints = Edition.objects.create(code="RP", name="Reprints", set_size=10)
    Card.objects.create(edition=reprints, number=1, name="Garphades", type="personaje", cost=3)
    client.force_login(player)
    results = suggest(client, event, "GARPH").json()["results"]
    assert [r["value"] for r in results] == ["Garphades (DV 6/280)", "Garphades (RP 1/10)"]
    for r in results:
        parsed = parse_deck_list(f"3 {r['value']}", card_index())
        assert parsed.ok and len(parsed.lines) == 1


def test_every_suggested_value_completes_a_line_the_parser_reads(client, player, event):
    client.force_login(player)
    for text in ("santuario", "quimera", "rata", "esporas", "golpe"):
        for r in suggest(client, event, text).json()["results"]:
            parsed = parse_deck_list(f"2 {r['value']}", card_index())
            assert parsed.ok, (r, parsed.errors)
            assert parsed.lines[0].card.name in r["label"]


def test_too_little_text_an_event_without_lists_and_nobody_signed_in(
    client, player, event, make_event
):
    assert suggest(client, event, "garph").status_code == 302  # to the login page
    client.force_login(player)
    assert suggest(client, event, "g").json() == {"results": []}
    standard = make_event(date=event.date, format="standard")
    assert suggest(client, standard, "garph").json() == {"results": []}
    assert client.get("/rulings/events/999999/deck/cards/", {"q": "garph"}).status_code == 404
    assert client.post(f"/rulings/events/{event.pk}/deck/cards/", {"q": "garph"}).status_code == 405


def test_searches_beyond_the_minutes_allowance_are_refused_in_the_readers_language(
    client, player, other_player, event, settings, clock
):
    settings.CARD_SEARCHES_PER_MINUTE = 2
    client.force_login(player)
    for _ in range(2):
        assert suggest(client, event, "garph").status_code == 200
    refused = suggest(client, event, "garph")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "45"
    assert refused.json() == {
        "detail": "Too many searches in a row: try again in 45 seconds.",
        "code": "too_many_searches",
        "results": [],
    }
    spanish = suggest(client, event, "garph", lang="es")
    assert spanish.json()["detail"] == (
        "Demasiadas búsquedas seguidas: vuelve a intentarlo dentro de 45 segundos."
    )
    client.force_login(other_player)  # each person has their own allowance
    assert suggest(client, event, "garph").status_code == 200
    clock["t"] = WINDOW_START + 60.0
    client.force_login(player)
    assert suggest(client, event, "garph").status_code == 200


def test_the_deck_list_page_offers_the_completion_and_keeps_the_plain_field(
    client, player, event, register
):
    register(event, player)
    client.force_login(player)
    page = client.get(f"/es/rulings/events/{event.pk}/deck/").content.decode()
    assert f'data-card-url="/es/rulings/events/{event.pk}/deck/cards/"' in page
    assert 'data-banned-text="prohibida en este formato"' in page
    assert "/static/js/decklist.js" in page
    assert '<textarea name="text"' in page
