"""Reminders before a constructed event's deck lists are due: a day and two hours before the
deadline, each registered player whose list is missing or not legal is mailed once per
stage, in their language and under their e-mail preferences, by the deadline sweep at any
moment and as often as it runs. Time is the sweep's ``now``, never the wall clock."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from accounts.models import NotificationKind
from accounts.services import notification_preferences_set
from config import deadlines
from decklists.deadlines import deck_list_due
from decklists.models import DeckListReminder
from decklists.services.lists import deck_list_submit
from decklists.services.reminders import deck_list_reminders_send
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list
from tournaments.models import Registration
from tournaments.models.choices import RegistrationStatus

pytestmark = pytest.mark.django_db

SITE = "https://events.example.org"
EVENT_DAY = dt.date(2030, 3, 9)  # a Saturday
HOUR = dt.timedelta(hours=1)


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE
    settings.CELERY_BROKER_URL = ""  # the embedded default: mails leave after the commit


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=EVENT_DAY, name="Liga de marzo")


@pytest.fixture
def players(event, register):
    """Three registered players: no list, a list that is not legal, a legal list."""
    missing = UserFactory(username="nolist", display_name="Nora Nolist")
    illegal = UserFactory(username="short", display_name="Sara Short")
    legal = UserFactory(username="ready", display_name="Rita Ready")
    for user in (missing, illegal, legal):
        register(event, user)
    deck_list_submit(event=event, player=illegal, text=quimera_list(size=30), actor=illegal)
    deck_list_submit(event=event, player=legal, text=quimera_list(), actor=legal)
    return {"missing": missing, "illegal": illegal, "legal": legal}


@pytest.fixture
def sweep(django_capture_on_commit_callbacks):
    """One sweep at ``now`` as a committed transaction; the mails it sent."""

    def run(now: dt.datetime) -> list:
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            deck_list_reminders_send(now)
        return list(mail.outbox)

    return run


def recipients(messages) -> set[str]:
    return {m.to[0] for m in messages}


def test_the_deadline_is_the_start_of_the_events_day_in_the_sites_time_zone(event):
    due = deck_list_due(event)
    assert due.isoformat() == "2030-03-09T00:00:00+01:00"  # Europe/Madrid in winter


def test_an_event_with_a_start_time_takes_its_lists_until_it_starts(event, players, sweep):
    event.start_time = dt.time(18, 30)
    event.save()
    due = deck_list_due(event)
    assert due.isoformat() == "2030-03-09T18:30:00+01:00"
    # A day before 18:30, not a day before midnight: nothing yet at 18:29 the day before.
    sweep(due - 24 * HOUR - dt.timedelta(minutes=1))
    assert not mail.outbox
    sweep(due - 24 * HOUR)
    assert len(mail.outbox) == 2


def test_a_day_before_the_missing_and_the_illegal_lists_are_reminded_once(event, players, sweep):
    due = deck_list_due(event)
    assert sweep(due - 25 * HOUR) == []  # too early
    sent = sweep(due - 23 * HOUR)
    assert recipients(sent) == {players["missing"].email, players["illegal"].email}
    by_player = {m.to[0]: m for m in sent}
    missing = by_player[players["missing"].email]
    assert missing.subject == (
        "Liga de marzo: your deck list is due Saturday 9 March 2030, 00:00 CET"
    )
    assert "You have not submitted your deck list for Liga de marzo yet." in missing.body
    assert f"{SITE}/rulings/events/{event.pk}/deck/" in missing.body
    illegal = by_player[players["illegal"].email]
    assert "Your deck list for Liga de marzo is not legal yet" in illegal.body
    # The sweep runs again and again: nothing more for this stage.
    assert sweep(due - 23 * HOUR) == []
    assert sweep(due - 3 * HOUR) == []
    # Two hours before: once more, to whoever still has no legal list.
    deck_list_submit(
        event=event, player=players["illegal"], text=quimera_list(), actor=players["illegal"]
    )
    assert recipients(sweep(due - 2 * HOUR)) == {players["missing"].email}
    assert sweep(due - HOUR) == []
    # Once due, no more reminders (lists are still taken until round 1 is paired).
    assert sweep(due + HOUR) == []
    assert DeckListReminder.objects.filter(sent=True).count() == 3


def test_a_late_sweep_sends_the_latest_stage_once_not_every_one_it_missed(event, players, sweep):
    due = deck_list_due(event)
    sent = sweep(due - HOUR)
    assert recipients(sent) == {players["missing"].email, players["illegal"].email}
    assert len(sent) == 2
    assert sweep(due - HOUR / 2) == []


def test_the_reminder_follows_the_preferences_and_the_language(event, players, sweep):
    notification_preferences_set(
        user=players["missing"], changes={NotificationKind.DECK_LIST_DUE: False}
    )
    notification_preferences_set(user=players["illegal"], changes={"language": "es"})
    [message] = sweep(deck_list_due(event) - 23 * HOUR)
    assert message.to == [players["illegal"].email]
    assert message.subject == (
        "Liga de marzo: el plazo de tu lista de mazo acaba el sábado 9 de marzo de 2030, 00:00 CET"
    )
    assert "Tu lista de mazo para Liga de marzo todavía no es legal" in message.body


def test_players_who_left_and_events_that_take_no_constructed_lists_get_nothing(
    event, players, sweep, make_event, register
):
    Registration.objects.filter(event=event, player=players["missing"]).update(
        status=RegistrationStatus.DROPPED
    )
    sealed = make_event(date=EVENT_DAY, format="sealed", name="Sellado")
    standard = make_event(date=EVENT_DAY, format="standard", name="Estándar")
    started = make_event(date=EVENT_DAY, name="Empezado", status="running")
    for other in (sealed, standard, started):
        register(other, players["missing"])
    assert deck_list_due(sealed) is None and deck_list_due(standard) is None
    assert recipients(sweep(deck_list_due(event) - 23 * HOUR)) == {players["illegal"].email}


def test_a_moved_event_is_reminded_again_before_its_new_deadline(event, players, sweep):
    due = deck_list_due(event)
    assert len(sweep(due - 23 * HOUR)) == 2
    event.date = EVENT_DAY + dt.timedelta(days=7)
    event.save(update_fields=["date"])
    new_due = deck_list_due(event)
    assert sweep(due - 22 * HOUR) == []
    assert len(sweep(new_due - 23 * HOUR)) == 2


def test_the_deadline_sweep_runs_the_reminders(event, players, django_capture_on_commit_callbacks):
    assert "decklists.deck_list_reminders" in deadlines.registered()
    with django_capture_on_commit_callbacks(execute=True):
        settled = deadlines.apply_expired(deck_list_due(event) - 23 * HOUR)
    assert settled["decklists.deck_list_reminders"] == 2
    assert len(mail.outbox) == 2
