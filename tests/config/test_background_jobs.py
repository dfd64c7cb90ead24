"""The Celery side: the sweep task runs on a real worker process through the Redis broker,
and scheduling is a no-op without a broker."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from config import deadlines
from config.celery import app
from tests.celery_worker import own_broker, start_worker, stop_worker
from tests.tournaments.helpers import add_players, make_event, make_organiser, make_round
from tournaments.models import Round


@pytest.fixture
def broker(settings):
    yield from own_broker(settings, "sweep")


@pytest.fixture
def recording_applier():
    calls: list = []

    def applier(now):
        calls.append(now)
        return 1

    deadlines.register("test.recording", applier)
    yield calls
    deadlines._appliers.pop("test.recording", None)


@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
def test_deadline_sweep_runs_on_a_real_worker(broker):
    """The sweep, sent to a worker process, applies a round deadline nobody scheduled."""
    url, queue = broker
    event = make_event(make_organiser("sweep_orga"))
    regs = add_players(event, 2)
    round_ = make_round(event, [(regs[0], regs[1])])
    past = timezone.now() - timedelta(seconds=5)
    Round.objects.filter(pk=round_.pk).update(started_at=past, ends_at=past)
    worker = start_worker(url, queue)
    try:
        app.send_task("config.tasks.deadline_sweep", queue=queue)
        until = time.monotonic() + 60
        while time.monotonic() < until and not _called(round_.pk):
            time.sleep(0.2)
    finally:
        stop_worker(worker)
    assert _called(round_.pk), "the worker never ran the sweep"


def _called(round_id: int) -> bool:
    return Round.objects.filter(pk=round_id, time_called_at__isnull=False).exists()


def test_beat_schedule_has_the_deadline_sweep():
    entry = app.conf.beat_schedule["deadline-sweep"]
    assert entry["task"] == "config.tasks.deadline_sweep"
    assert entry["schedule"] > 0


@pytest.mark.django_db
def test_schedule_without_broker_sends_nothing(settings, monkeypatch):
    settings.CELERY_BROKER_URL = ""
    sent: list = []
    monkeypatch.setattr(app, "send_task", lambda *a, **k: sent.append((a, k)))
    with transaction.atomic():
        deadlines.schedule_at("config.tasks.deadline_sweep", timezone.now())
    assert sent == []


@pytest.mark.django_db(transaction=True)
def test_schedule_with_broker_sends_on_commit_only(settings, monkeypatch):
    settings.CELERY_BROKER_URL = "memory://"
    sent: list = []
    monkeypatch.setattr(app, "send_task", lambda *a, **k: sent.append((a, k)))
    eta = timezone.now() + timedelta(minutes=5)
    try:
        with transaction.atomic():
            deadlines.schedule_at("config.tasks.deadline_sweep", eta)
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    assert sent == []
    with transaction.atomic():
        deadlines.schedule_at("config.tasks.deadline_sweep", eta)
        assert sent == []
    assert sent == [(("config.tasks.deadline_sweep",), {"kwargs": {}, "eta": eta, "retry": False})]


@pytest.mark.django_db
def test_sweep_command_prints_each_applier(recording_applier, capsys):
    from django.core.management import call_command

    call_command("sweep_deadlines")
    assert "test.recording: 1" in capsys.readouterr().out
