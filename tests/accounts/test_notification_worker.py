"""A real Celery worker (its own process, the Redis broker, the test database) sends the
mail of a registration made in this process: queued on commit, rendered and sent by the
worker through Django's file-based e-mail backend, which the test reads."""

from __future__ import annotations

import email
import email.policy
import time

import pytest

from accounts.services import notification_preferences_set
from tests.celery_worker import own_broker, start_worker, stop_worker
from tests.factories import UserFactory
from tests.tournaments.helpers import make_event, make_organiser
from tournaments.services.registration import registration_register

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def broker(settings):
    yield from own_broker(settings, "notify")


@pytest.fixture
def worker(broker, tmp_path):
    url, queue = broker
    outbox = tmp_path / "mail"
    outbox.mkdir()
    process = start_worker(
        url,
        queue,
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(outbox),
        SITE_URL="https://events.example.org",
    )
    try:
        yield outbox
    finally:
        stop_worker(process)


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
