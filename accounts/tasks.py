"""Celery tasks of the accounts app."""

from __future__ import annotations

from collections.abc import Mapping
from smtplib import SMTPException
from typing import Any

from celery import shared_task
from django.conf import settings

from accounts.notification_mail import deliver


@shared_task(
    name="accounts.tasks.send_notification",
    ignore_result=True,
    # A mail server that is down, refuses for now or times out: try again 1 s, 2 s, 4 s ...
    # later (with jitter, at most 10 minutes apart). SMTPException is an OSError too.
    autoretry_for=(SMTPException, OSError),
    retry_backoff=True,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=settings.NOTIFICATION_MAX_RETRIES,
)
def send_notification(
    *, kind: str, user_id: int, context: Mapping[str, Any], link: list[Any] | None = None
) -> bool:
    """Send one notification mail (``accounts.notification_mail.deliver``)."""
    return deliver(kind=kind, user_id=user_id, context=context, link=link)
