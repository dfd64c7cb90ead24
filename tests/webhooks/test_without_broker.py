"""The embedded default has no broker: a delivery waits in the database, and the beat's task
(what a worker runs) or ``manage.py send_webhooks`` sends it; with a broker, a task is queued
for it once the action commits, and never before."""

from __future__ import annotations

from io import StringIO
from unittest import mock

from django.core.management import call_command

from config.celery import app
from tournaments.services.rounds import round_pair_next, round_publish
from webhooks.models import DeliveryStatus, WebhookDelivery
from webhooks.tasks import send_delivery, send_due_deliveries


def _publish(judge, event):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)


def test_without_a_broker_deliveries_wait_for_the_worker(
    settings, event, judge, regs, endpoint, receiver, django_capture_on_commit_callbacks
):
    settings.CELERY_BROKER_URL = ""
    with mock.patch.object(app, "send_task") as send_task:
        with django_capture_on_commit_callbacks(execute=True):
            _publish(judge, event)
        send_task.assert_not_called()
    delivery = WebhookDelivery.objects.get(kind="round.published")
    assert delivery.status == DeliveryStatus.PENDING and not receiver.received
    assert send_due_deliveries.apply().get() == 1
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.SUCCEEDED
    assert receiver.kinds() == ["round.published"]


def test_the_command_sends_what_waits(event, judge, regs, endpoint, receiver):
    _publish(judge, event)
    out = StringIO()
    call_command("send_webhooks", stdout=out)
    assert "1 deliveries attempted" in out.getvalue()
    assert receiver.kinds() == ["round.published"]


def test_with_a_broker_a_task_is_queued_after_the_commit(
    settings, event, judge, regs, endpoint, receiver, django_capture_on_commit_callbacks
):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    with mock.patch.object(app, "send_task") as send_task:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            _publish(judge, event)
        send_task.assert_not_called()  # not before the commit
        for callback in callbacks:
            callback()
    delivery = WebhookDelivery.objects.get(kind="round.published")
    send_task.assert_any_call(
        "webhooks.tasks.send_delivery", kwargs={"delivery_id": delivery.pk}, retry=False
    )
    # The worker's task sends it once; a second run (a duplicate task) finds nothing due.
    assert send_delivery.apply(kwargs={"delivery_id": delivery.pk}).get() is True
    assert send_delivery.apply(kwargs={"delivery_id": delivery.pk}).get() is False
    assert receiver.kinds() == ["round.published"]
