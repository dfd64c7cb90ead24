"""The event forms show the settings of the game and format chosen, in groups, and the
event has a start time.

The settings are grouped (the event, game and format, rounds, deck lists, booster draft,
results, the Qíahn games), each marked with the games and formats it is for, so the page
can hide what does not apply; without scripts every group shows, with a note. The form
ignores a setting that does not apply (a draft's privacy in a constructed event, a Qíahn
ruleset in a Humankind one), and the service refuses it through the API (400
``setting_not_applicable``) unless it has the value the event already has. The start time
(the venue's time zone) is in the form, the API (``start_time``, ``starts_at`` with its
offset), the event's pages, the event archive and the demo data."""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event
from tournaments.forms import EventForm
from tournaments.models import Event
from tournaments.models.choices import EventFormat, GameKind

pytestmark = pytest.mark.django_db

NEW = reverse("tournaments:event_new")


def _new_event_data(**changes) -> dict[str, str]:
    """Every field of the new-event form as a browser without scripts sends it: the
    defaults, with ``changes``."""
    form = EventForm()
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else str(value)
    data.update(name="Liga de los jueves", date="2026-12-05")
    for name, value in changes.items():
        if value is False:
            data.pop(name, None)
        else:
            data[name] = "on" if value is True else value
    return data


def _create(client, **changes) -> Event:
    response = client.post(NEW, _new_event_data(**changes))
    assert response.status_code == 302, response.content.decode()[:3000]
    return Event.objects.get(pk=int(re.search(r"/events/(\d+)/", response.url).group(1)))


def test_the_new_event_form_groups_its_settings_and_marks_their_scope(organiser, as_user):
    page = as_user(organiser).get(NEW).content.decode()
    groups = re.findall(r'data-settings-group="(\w+)"', page)
    assert groups == ["event", "game", "rounds", "decks", "draft", "reports", "qiahn"]
    draft = re.search(r'<fieldset[^>]*data-settings-group="draft".*?</fieldset>', page, re.S)
    assert 'data-formats="booster-draft"' in draft.group(0)
    assert 'name="draft_cards_private"' in draft.group(0)
    decks = re.search(r'<fieldset[^>]*data-settings-group="decks".*?</fieldset>', page, re.S)
    assert 'data-formats="monofaccion multifaccion sealed"' in decks.group(0)
    assert re.search(r'<input type="time" name="start_time"[^>]*id="id_start_time"', page)
    assert "Europe/Madrid" in page  # the start time's time zone
    assert 'data-testid="settings-note"' in page


def test_a_constructed_humankind_event_ignores_draft_and_qiahn_settings(organiser, as_user):
    event = _create(
        as_user(organiser),
        format=EventFormat.MONOFACCION,
        start_time="10:30",
        draft_cards_private=True,
        qiahn_ruleset="family-1",
        qiahn_squad="6",
        record_policy="require",
        goblin_mode="covered",
        deck_lists_required=True,
        min_deck_size="50",
    )
    assert event.start_time == dt.time(10, 30)
    assert not event.draft_cards_private
    assert (event.qiahn_ruleset, event.qiahn_squad) == ("rulebook-1", 3)
    assert (event.record_policy, event.goblin_mode) == ("accept", "open")
    assert event.deck_lists_required and event.min_deck_size == 50


def test_a_booster_draft_keeps_its_privacy_and_the_dars_minimum(organiser, as_user):
    event = _create(
        as_user(organiser),
        format=EventFormat.BOOSTER_DRAFT,
        draft_cards_private=True,
        min_deck_size="60",
    )
    assert event.draft_cards_private and event.min_deck_size == 41


def test_a_qiahn_event_ignores_the_humankind_settings(organiser, as_user):
    event = _create(
        as_user(organiser),
        game=GameKind.QIAHN_TACTICS,
        format=EventFormat.MONOFACCION,
        deck_lists_required=True,
        min_deck_size="60",
        play_draw_required=True,
        qiahn_squad="6",
    )
    assert event.format == EventFormat.STANDARD  # a game without formats
    assert not event.deck_lists_required and event.min_deck_size == 41
    assert not event.play_draw_required and event.qiahn_squad == 6


def test_an_events_settings_page_saves_the_settings_of_its_new_format(organiser, as_user):
    event = make_event(organiser, start_time=dt.time(9, 0))
    form = EventForm(instance=event)
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is True:
            data[name] = "on"
        elif value is not False and value is not None:
            data[name] = str(value)
    data.update(format=EventFormat.BOOSTER_DRAFT, draft_cards_private="on", start_time="17:45")
    client = as_user(organiser)
    response = client.post(reverse("tournaments:event_edit", args=[event.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    event.refresh_from_db()
    assert event.format == EventFormat.BOOSTER_DRAFT and event.draft_cards_private
    assert event.start_time == dt.time(17, 45)
    page = client.get(reverse("tournaments:event_edit", args=[event.pk])).content.decode()
    assert re.search(r'<input type="time" name="start_time" value="17:45"', page)


def test_the_event_pages_show_the_start_time(organiser, as_user):
    event = make_event(organiser, start_time=dt.time(18, 30), date=dt.date(2026, 12, 5))
    page = as_user().get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert '<time datetime="2026-12-05T18:30:00+01:00" data-testid="event-when">' in page
    assert "· 18:30</time>" in page
    listing = as_user().get(reverse("tournaments:event_list")).content.decode()
    assert "· 18:30</time>" in listing
    without = make_event(organiser, name="No time yet")
    page = as_user().get(reverse("tournaments:event_detail", args=[without.pk])).content
    assert '<time datetime="2026-12-05" data-testid="event-when">' in page.decode()


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_takes_and_gives_the_start_time(organiser):
    client = _api(organiser)
    body = {"name": "Liga", "date": "2026-07-04", "start_time": "10:15"}
    created = client.post("/api/events/", body, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["start_time"] == "10:15"
    assert created.json()["starts_at"] == "2026-07-04T10:15:00+02:00"  # summer time
    pk = created.json()["id"]
    changed = client.patch(f"/api/events/{pk}/", {"start_time": None}, format="json")
    assert changed.status_code == 200 and changed.json()["starts_at"] is None
    bad = client.patch(f"/api/events/{pk}/", {"start_time": "25:00"}, format="json")
    assert bad.status_code == 400 and "start_time" in bad.json()


def test_the_api_refuses_a_setting_of_another_format(organiser):
    client = _api(organiser)
    body = {"name": "Liga", "date": "2026-12-05", "draft_cards_private": True}
    refused = client.post("/api/events/", body, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] == "setting_not_applicable"
    assert "Humankind · Constructed: Monofacción" in refused.json()["draft_cards_private"][0]
    with translation.override("es"):
        refused = client.post("/api/events/", body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert "no corresponde a este evento" in refused.json()["draft_cards_private"][0]
    assert not Event.objects.exists()
    # Its default value is not refused (a client may send every setting).
    body.update(draft_cards_private=False, qiahn_ruleset="rulebook-1")
    created = client.post("/api/events/", body, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    refused = client.patch(f"/api/events/{pk}/", {"qiahn_squad": 6}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "setting_not_applicable"
    switched = client.patch(
        f"/api/events/{pk}/", {"format": "booster-draft", "draft_cards_private": True}
    )
    assert switched.status_code == 200 and switched.json()["draft_cards_private"] is True


def test_the_archive_keeps_the_start_time(organiser):
    from archives.services import archive_json, event_archive_export, event_archive_import

    event = make_event(organiser, start_time=dt.time(18, 30))
    archive = event_archive_export(event_id=event.pk)
    (record,) = [r for r in archive["records"].values() if r["type"] == "event"]
    assert record["start_time"] == "18:30:00"
    Event.objects.filter(pk=event.pk).delete()
    event_archive_import(data=archive_json(archive))
    assert Event.objects.get(uid=event.uid).start_time == dt.time(18, 30)
    # An archive written before events had a start time reads as none.
    del record["start_time"]
    Event.objects.filter(uid=event.uid).delete()
    event_archive_import(data=archive_json(archive))
    assert Event.objects.get(uid=event.uid).start_time is None


def test_the_demo_events_have_start_times(db):
    call_command("demo_data", stdout=io.StringIO())
    events = Event.objects.filter(name__startswith="Demo:")
    assert events.count() >= 3
    assert all(e.start_time is not None for e in events)
