"""An event is offered only for a game the site can validate: Humankind (deck lists and deck
checks, no rules engine) and the games with a rules engine. A game without one is offered
neither on the new-event form nor by the API, and choosing it is a translated error."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from games.engines import registry
from tests.tournaments.helpers import make_event
from tournaments.forms import EventForm
from tournaments.models.choices import GameKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_anachronism_engine(monkeypatch):
    """As if the site could not validate Anachronism records yet."""
    monkeypatch.delitem(registry.ENGINES, GameKind.ANACHRONISM)


def test_every_game_offered_today_is_one_the_site_validates():
    offered = {value for value, _label in EventForm().fields["game"].choices}
    assert offered == {GameKind.HUMANKIND, *registry.ENGINES}


def test_the_new_event_form_leaves_out_a_game_without_engine(
    no_anachronism_engine, organiser, as_user
):
    body = as_user(organiser).get(reverse("tournaments:event_new")).content.decode()
    assert 'value="qiahn-tactics"' in body and 'value="humankind"' in body
    assert 'value="anachronism"' not in body


def test_choosing_a_game_without_engine_is_a_form_error(no_anachronism_engine):
    form = EventForm(
        data={"name": "Cup", "date": "2026-12-12", "game": "anachronism", "tiebreaks": "dar"}
    )
    assert not form.is_valid()
    assert "game" in form.errors


def test_an_existing_event_keeps_its_game_on_its_form(no_anachronism_engine, organiser):
    event = make_event(organiser, game="anachronism", format="standard")
    offered = {value for value, _label in EventForm(instance=event).fields["game"].choices}
    assert "anachronism" in offered


def test_the_api_refuses_a_game_without_engine(no_anachronism_engine, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    data = {"name": "API Cup", "date": "2026-12-12", "game": "anachronism"}
    with translation.override("es"):
        response = client.post("/api/events/", data, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 400
    assert "anachronism" in str(response.json())
    response = client.post("/api/events/", data | {"game": "qiahn-tactics"}, format="json")
    assert response.status_code == 201, response.json()
