"""The Celery side: the sweep task runs on a real worker through the configured broker
(Redis in CI, the in-memory transport on the embedded default), and scheduling is a
no-op without a broker."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction
from django.utils import timezone

from config import deadlines
from config.celery import app
from tests.celery_worker import own_queue


@pytest.fixture
def app_and_queue(settings):
    broker = settings.CELERY_BROKER_URL or "memory://"
    previous = app.conf.broker_url
    app.conf.broker_url = broker
    app.conf.task_always_eager = False
    with own_queue("sweep") as queue:
        yield app, queue
    app.conf.broker_url = previous


@pytest.fixture
def recording_applier():
    calls: list = []
    done = threading.Event()

    def applier(now):
        calls.append(now)
        done.set()
        return 1

    deadlines.register("test.recording", applier)
    yield calls, done
    deadlines._appliers.pop("test.recording", None)


def test_deadline_sweep_runs_on_a_real_worker(app_and_queue, recording_applier):
    calls, done = recording_applier
    celery_app, queue = app_and_queue
    with start_worker(
        celery_app, perform_ping_check=False, pool="solo", loglevel="WARNING", queues=[queue]
    ):
        celery_app.send_task("config.tasks.deadline_sweep", queue=queue)
        assert done.wait(timeout=20), "the worker never ran the sweep"
    assert len(calls) >= 1


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
