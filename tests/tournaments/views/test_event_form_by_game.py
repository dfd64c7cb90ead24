"""An event's settings page shows only the settings of its game (no Qíahn fields on a
Humankind event, no deck-list fields on a Qíahn event); a new event's form marks each
game-specific setting with its games, for the page to show those of the game chosen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event

pytestmark = pytest.mark.django_db


def test_a_humankind_event_has_no_qiahn_settings(event, organiser, as_user):
    page = as_user(organiser).get(reverse("tournaments:event_edit", args=[event.pk]))
    body = page.content.decode()
    assert 'name="min_deck_size"' in body and 'name="deck_lists_required"' in body
    assert 'name="qiahn_ruleset"' not in body and 'name="qiahn_squad"' not in body
    assert 'name="record_policy"' not in body


def test_a_qiahn_event_has_no_deck_list_settings(organiser, as_user):
    qiahn = make_event(organiser, game="qiahn-tactics", format="standard")
    body = as_user(organiser).get(reverse("tournaments:event_edit", args=[qiahn.pk]))
    body = body.content.decode()
    assert 'name="qiahn_ruleset"' in body and 'name="record_policy"' in body
    assert 'name="min_deck_size"' not in body and 'name="deck_lists_required"' not in body
    assert 'name="format"' not in body


def test_saving_a_humankind_event_leaves_the_hidden_settings_alone(event, organiser, as_user):
    from tournaments.forms import EventForm

    form = EventForm(instance=event)
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["name"] = "Renamed"
    data["deck_lists_required"] = "on"
    response = as_user(organiser).post(reverse("tournaments:event_edit", args=[event.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.name == "Renamed" and event.deck_lists_required
    assert event.qiahn_ruleset == "rulebook-1"


def test_a_new_event_form_marks_settings_with_their_games(organiser, as_user):
    body = as_user(organiser).get(reverse("tournaments:event_new")).content.decode()
    assert 'data-games="humankind"' in body
    assert 'data-games="qiahn-goblin-ii qiahn-tactics"' in body
