"""Two deadline sweeps at the same instant (the beat's and the ``sweep_deadlines`` command's,
or two workers), on real connections: each reminder leaves once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from decklists.deadlines import deck_list_due
from decklists.models import DeckListReminder
from decklists.services.reminders import deck_list_reminders_send
from tests.factories import UserFactory
from tests.tournaments.services.test_concurrency import race

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture(autouse=True)
def _no_broker(settings):
    settings.CELERY_BROKER_URL = ""  # mails leave after each sweep's commit


def test_two_sweeps_at_once_send_each_reminder_once(rulings_data, make_event, register):
    event = make_event(date=dt.date(2030, 3, 9), name="Liga de marzo")
    players = [UserFactory(username=f"racer{i}") for i in range(4)]
    for player in players:
        register(event, player)
    now = deck_list_due(event) - dt.timedelta(hours=23)
    mail.outbox.clear()

    outcomes = race(lambda: deck_list_reminders_send(now), lambda: deck_list_reminders_send(now))

    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert sum(outcomes) == 4
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.email for p in players)
    assert DeckListReminder.objects.filter(sent=True).count() == 4
