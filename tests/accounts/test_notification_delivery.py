"""How notification mails leave: through the broker once the transaction commits, retried
with backoff by the worker while the mail server fails; sent at once, after the commit,
when there is no broker or it is down; never an error for the request."""

from __future__ import annotations

import time
from smtplib import SMTPException, SMTPServerDisconnected

import pytest
from celery.contrib.testing.worker import start_worker
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction

from accounts.notification_mail import deliver
from accounts.services import notification_preferences_set
from accounts.tasks import send_notification
from config.celery import app
from tests.factories import UserFactory
from tests.tournaments.helpers import make_event, make_organiser
from tournaments.services.registration import registration_register


class FlakyBackend(BaseEmailBackend):
    """A mail server that drops the connection ``failures`` times, then accepts."""

    failures = 0
    attempts = 0

    def send_messages(self, email_messages):
        type(self).attempts += 1
        if type(self).failures > 0:
            type(self).failures -= 1
            raise SMTPServerDisconnected("connection unexpectedly closed")
        mail.outbox.extend(email_messages)
        return len(email_messages)


def use_broker(url: str) -> None:
    """Point the Celery app at ``url``, dropping the connections it keeps to the last one
    (another test may have used another broker in this process)."""
    app.conf.broker_url = url
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def flaky(settings):
    settings.EMAIL_BACKEND = f"{__name__}.FlakyBackend"
    FlakyBackend.failures = 0
    FlakyBackend.attempts = 0
    return FlakyBackend


@pytest.fixture
def broker(settings):
    settings.CELERY_BROKER_URL = "memory://"
    previous = app.conf.broker_url
    use_broker("memory://")
    app.conf.task_always_eager = False
    yield app
    use_broker(previous)


@pytest.fixture
def event(db):
    return make_event(make_organiser(), name="Winter Open")


def wait_for(condition, seconds: float) -> bool:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.django_db(transaction=True)
def test_with_a_broker_the_task_is_queued_on_commit_only(broker, event, monkeypatch):
    queued: list[dict] = []
    monkeypatch.setattr(send_notification, "apply_async", lambda **kw: queued.append(kw))
    player = UserFactory(username="q1")
    with pytest.raises(RuntimeError), transaction.atomic():
        registration_register(actor=player, event_id=event.pk)
        raise RuntimeError("rolled back")
    assert queued == []
    with transaction.atomic():
        registration_register(actor=player, event_id=event.pk)
        assert queued == []
    [job] = queued
    assert job["retry"] is False  # a broker that is down must not hold the request
    assert job["kwargs"]["kind"] == "registration_confirmed"
    assert job["kwargs"]["user_id"] == player.pk
    assert job["kwargs"]["link"] == ["tournaments:event_detail", {"pk": event.pk}]
    assert mail.outbox == []  # the worker sends it, not the request


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_is_down_does_not_lose_the_mail_or_break_the_request(
    broker, event, monkeypatch
):
    def down(**kwargs):
        raise ConnectionRefusedError("no broker at memory://")

    monkeypatch.setattr(send_notification, "apply_async", down)
    player = UserFactory(username="q2")
    registration_register(actor=player, event_id=event.pk)
    assert [m.to for m in mail.outbox] == [[player.email]]


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_failing_mail_server_is_logged_not_raised(
    settings, event, flaky, caplog
):
    settings.CELERY_BROKER_URL = ""
    flaky.failures = 1
    player = UserFactory(username="q3")
    registration = registration_register(actor=player, event_id=event.pk)
    assert registration.pk  # the request went through
    assert mail.outbox == []
    assert flaky.attempts == 1
    assert "could not send the registration_confirmed mail" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_the_worker_retries_a_failing_mail_server_with_backoff(broker, event, flaky):
    flaky.failures = 2
    player = UserFactory(username="q4")
    with start_worker(broker, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        registration_register(actor=player, event_id=event.pk)
        # a bound for a busy machine, not a speed check: the wait ends as soon as the mail is out
        assert wait_for(lambda: len(mail.outbox) == 1, 120), "the mail never went out"
    assert flaky.attempts == 3  # two failures, each retried, then sent
    assert mail.outbox[0].to == [player.email]


def test_the_task_retries_mail_server_and_connection_errors_only():
    assert send_notification.autoretry_for == (SMTPException, OSError)
    assert send_notification.retry_backoff is True
    assert send_notification.retry_jitter is True
    assert send_notification.max_retries >= 5


@pytest.mark.django_db
def test_a_mail_queued_before_the_person_turned_it_off_is_not_sent(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    player = UserFactory(username="q5")
    notification_preferences_set(user=player, changes={"registration_confirmed": False})
    job = {"kind": "registration_confirmed", "user_id": player.pk, "context": {}}
    assert deliver(**job, link=None) is False
    assert mail.outbox == []


@pytest.mark.django_db
def test_without_site_url_links_point_at_the_development_address_and_deploy_checks_warn(
    settings,
):
    from django.core.checks import run_checks

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = ""
    player = UserFactory(username="q6")
    link = ["accounts:profile", {}]
    assert deliver(kind="registration_confirmed", user_id=player.pk, context={}, link=link)
    assert "http://localhost:8000/accounts/profile/" in mail.outbox[0].body
    warnings = run_checks(include_deployment_checks=True)
    assert "accounts.W001" in {w.id for w in warnings}
    settings.SITE_URL = "https://events.example.org"
    assert "accounts.W001" not in {w.id for w in run_checks(include_deployment_checks=True)}
