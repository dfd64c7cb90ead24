"""The round deadline applied by a real Celery worker (its own process, the Redis broker, a
queue of this test's own), at the time the clock says."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from config.deadlines import schedule_at
from tests.celery_worker import own_broker, start_worker, stop_worker, worker_log
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.models import Round
from tournaments.services.clock import ROUND_DEADLINE_TASK, round_start_clock

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def broker(settings):
    yield from own_broker(settings, "clock")


def test_a_worker_calls_time_when_the_deadline_passes(broker):
    url, queue = broker
    event = make_event(make_organiser("clock_orga"))
    judge = add_judge(event, "clock_judge")
    regs = add_players(event, 2)
    round_ = make_round(event, [(regs[0], regs[1])])
    round_start_clock(actor=judge, round_id=round_.pk)
    soon = timezone.now() + timedelta(seconds=2)
    with transaction.atomic():
        Round.objects.filter(pk=round_.pk).update(ends_at=soon)
        schedule_at(ROUND_DEADLINE_TASK, soon)
    worker = start_worker(url, queue)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            round_.refresh_from_db()
            if round_.time_called_at is not None:
                break
            time.sleep(0.2)
    finally:
        stop_worker(worker)
    assert round_.time_called_at is not None, worker_log(worker)
    assert round_.time_called_at >= soon
