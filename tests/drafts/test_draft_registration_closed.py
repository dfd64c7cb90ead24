"""A booster draft closes players' own registration when its draft starts: the home page no
longer offers it, the event page says why, and registering by the page or the API is
refused (409) with a translated message. A judge may still add a player."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from drafts.services import draft_start
from tests.drafts.helpers import draft_event
from tests.factories import UserFactory
from tournaments.models import Event, Registration
from tournaments.services.registration import registration_add

pytestmark = pytest.mark.django_db


def client_for(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


@pytest.fixture
def draft():
    """A booster draft a week ahead with two players checked in, not started yet."""
    event, judge, _regs = draft_event(2, start=False, prefix="rc")
    Event.objects.filter(pk=event.pk).update(date=timezone.localdate() + dt.timedelta(days=7))
    event.refresh_from_db()
    return event, judge


def upcoming_ids(client: Client) -> set[str]:
    html = client.get(reverse("home")).content.decode()
    return set(re.findall(r'data-testid="upcoming-event" data-event="(\d+)"', html))


def test_registration_is_open_until_the_draft_starts(draft):
    event, _judge = draft
    newcomer = UserFactory(username="early")
    client = client_for(newcomer)
    assert str(event.pk) in upcoming_ids(client)
    detail = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert 'data-testid="register"' in detail
    response = client.post(reverse("tournaments:register", args=[event.pk]))
    assert response.status_code == 302
    assert Registration.objects.filter(event=event, player=newcomer).exists()


@pytest.fixture
def started(draft):
    """The same draft, started; its judge; and a player who has not registered."""
    event, judge = draft
    draft_start(actor=judge, event_id=event.pk)
    return event, judge, UserFactory(username="late")


CLOSED = "The draft has started, so registration is closed; ask a judge for a late entry."


def test_the_home_page_no_longer_lists_it_as_open_for_registration(started):
    event, _judge, late = started
    assert str(event.pk) not in upcoming_ids(client_for(late))


def test_the_event_page_says_why_instead_of_offering_the_button(started):
    event, _judge, late = started
    url = reverse("tournaments:event_detail", args=[event.pk])
    detail = client_for(late).get(url).content.decode()
    assert 'data-testid="register"' not in detail
    assert CLOSED in detail
    spanish = client_for(late, "es").get(url, follow=True).content.decode()
    assert "El draft ha empezado, así que la inscripción está cerrada" in spanish


def test_the_pages_register_action_is_refused(started):
    event, _judge, late = started
    posted = client_for(late).post(reverse("tournaments:register", args=[event.pk]))
    assert posted.status_code == 409
    assert CLOSED in posted.content.decode()
    assert not Registration.objects.filter(event=event, player=late).exists()


def test_the_api_refuses_with_409_and_a_translated_message(started):
    event, _judge, late = started
    api = APIClient()
    api.force_authenticate(late)
    answer = api.post(f"/api/events/{event.pk}/register/", HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 409
    assert answer.json()["code"] == "registration_closed"
    assert "El draft ha empezado" in answer.json()["detail"][0]
    assert not Registration.objects.filter(event=event, player=late).exists()


def test_a_judge_still_adds_a_late_player_after_the_draft_started(started):
    event, judge, _late = started
    registration = registration_add(actor=judge, event_id=event.pk, display_name="Walk In")
    assert registration.status == "registered"


# --- the draft's start racing a player's registration -------------------------------------
@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
@pytest.mark.parametrize("trial", range(3))
def test_a_registration_racing_the_drafts_start_is_before_it_or_refused(trial):
    from config.errors import DomainError
    from drafts.models import Draft, DraftSeat
    from tests.tournaments.services.test_concurrency import race
    from tournaments.services.registration import registration_register

    event, judge, _regs = draft_event(2, start=False, prefix=f"race{trial}")
    late = UserFactory(username=f"racer{trial}")
    registered, started = race(
        lambda: registration_register(actor=late, event_id=event.pk),
        lambda: draft_start(actor=judge, event_id=event.pk),
    )
    assert not isinstance(started, Exception), started
    assert Draft.objects.get(event=event).started_at is not None
    if isinstance(registered, Exception):
        # the start came first: refused, nothing written
        assert isinstance(registered, DomainError) and registered.code == "registration_closed"
        assert not Registration.objects.filter(event=event, player=late).exists()
    else:
        # the registration came first: a player the draft did not seat (not checked in)
        assert registered.status == "registered"
        assert not DraftSeat.objects.filter(registration=registered).exists()
