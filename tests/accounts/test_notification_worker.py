"""A real Celery worker (its own process, the Redis broker, the test database) sends the
mail of a registration made in this process: queued on commit, rendered and sent by the
worker through Django's file-based e-mail backend, which the test reads."""

from __future__ import annotations

import email
import email.policy
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from accounts.services import notification_preferences_set
from config.celery import app
from tests.factories import UserFactory
from tests.tournaments.draft.helpers import database_url
from tests.tournaments.helpers import make_event, make_organiser
from tournaments.services.registration import registration_register

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]

ROOT = Path(__file__).resolve().parents[2]


def use_broker(url: str) -> None:
    """Point the Celery app at ``url``, dropping the connections it keeps to the last one
    (another test may have used another broker in this process)."""
    app.conf.broker_url = url
    app._pool = None
    app.amqp._producer_pool = None


def redis_url() -> str:
    url = settings.CELERY_BROKER_URL or ""
    return url if url.startswith("redis://") else "redis://127.0.0.1:6379/12"


def reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), 1).close()
    except OSError:
        return False
    return True


@pytest.fixture
def broker(settings):
    url = redis_url()
    if not reachable(url):
        pytest.skip(f"no Redis at {url}")
    queue = f"notify-{os.getpid()}-{time.monotonic_ns()}"
    settings.CELERY_BROKER_URL = url
    previous = (app.conf.broker_url, app.conf.task_default_queue)
    use_broker(url)
    app.conf.task_default_queue = queue  # this test's worker alone takes its tasks
    yield url, queue
    use_broker(previous[0])
    app.conf.task_default_queue = previous[1]


@pytest.fixture
def worker(broker, tmp_path):
    url, queue = broker
    outbox = tmp_path / "mail"
    outbox.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": url,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(outbox),
        "SITE_URL": "https://events.example.org",
    }
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo"),
            *("--queues", queue, "--loglevel", "WARNING", "--without-gossip"),
            *("--without-mingle", "--without-heartbeat"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield outbox
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def test_a_real_worker_sends_the_registration_mail_in_the_players_language(worker):
    event = make_event(make_organiser(), name="Winter Open")
    player = UserFactory(username="worker_mail", display_name="Rosa")
    notification_preferences_set(user=player, changes={"language": "es"})
    registration_register(actor=player, event_id=event.pk)
    until = time.monotonic() + 60
    while time.monotonic() < until and not any(worker.iterdir()):
        time.sleep(0.2)
    files = list(worker.iterdir())
    assert files, "the worker sent no mail within 60 s"
    time.sleep(0.5)  # the backend may still be writing the file
    [path] = files
    raw = path.read_bytes().split(b"\n" + b"-" * 79)[0]
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert message["To"] == player.email
    assert message["Subject"] == "Tu inscripción en Winter Open está confirmada"
    parts = {
        part.get_content_type(): part.get_content()
        for part in message.walk()
        if not part.is_multipart()
    }
    assert f"https://events.example.org/es/events/{event.pk}/" in parts["text/plain"]
    assert "Hola, Rosa:" in parts["text/html"]
