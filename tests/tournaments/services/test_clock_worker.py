"""The round deadline applied by a real Celery worker, at the time the clock says."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction
from django.utils import timezone

from config.celery import app
from config.deadlines import schedule_at
from tests.celery_worker import own_queue
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Round
from tournaments.services.clock import ROUND_DEADLINE_TASK, round_start_clock

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def broker(settings):
    settings.CELERY_BROKER_URL = settings.CELERY_BROKER_URL or "memory://"
    previous = app.conf.broker_url
    app.conf.broker_url = settings.CELERY_BROKER_URL
    with own_queue("clock") as queue:
        yield queue
    app.conf.broker_url = previous


def test_a_worker_calls_time_when_the_deadline_passes(broker):
    event = make_event(make_organiser("clock_orga"))
    judge = add_judge(event, "clock_judge")
    regs = add_players(event, 2)
    round_ = make_round(event, [(regs[0], regs[1])])
    round_start_clock(actor=judge, round_id=round_.pk)
    soon = timezone.now() + timedelta(seconds=2)
    with transaction.atomic():
        Round.objects.filter(pk=round_.pk).update(ends_at=soon)
        schedule_at(ROUND_DEADLINE_TASK, soon)
    with start_worker(
        app, perform_ping_check=False, pool="solo", loglevel="WARNING", queues=[broker]
    ):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            round_.refresh_from_db()
            if round_.time_called_at is not None:
                break
            time.sleep(0.2)
    assert round_.time_called_at is not None
    assert round_.time_called_at >= soon
