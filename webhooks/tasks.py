"""Celery tasks of the webhooks: one delivery after its commit, and the beat's sweep of every
delivery due (those that waited without a broker, and the retries)."""

from __future__ import annotations

from celery import shared_task

from webhooks import sending


@shared_task(name="webhooks.tasks.send_delivery", ignore_result=True)
def send_delivery(*, delivery_id: int) -> bool:
    """Send one delivery if it is still due (``webhooks.sending.send_one``)."""
    return sending.send_one(delivery_id)


@shared_task(name="webhooks.tasks.send_due_deliveries", ignore_result=True)
def send_due_deliveries() -> int:
    """Send every delivery due now (``webhooks.sending.send_due``)."""
    return sending.send_due()
