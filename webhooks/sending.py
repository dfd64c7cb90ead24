"""Sending deliveries: a worker claims the due ones, posts each signed, and records the
answer; a failure is tried again with backoff (``webhooks.core.backoff``).

A delivery is a row before it is a request. It is queued by the action's transaction and a
task is sent to the broker after the commit (``queue_deliveries``); the beat task
``webhooks.tasks.send_due_deliveries`` (and ``manage.py send_webhooks``) sends whatever is
due, so with no broker, or a broker that lost the task, deliveries wait in the database and
go out when a worker (or the command) runs.

Claiming is the database's business: the due rows are read with
``select_for_update(skip_locked=True)`` (two workers never wait on, nor take, the same row on
PostgreSQL) and each is taken by a conditional update of its attempt count, which also
holds on SQLite. A claim moves the row's ``next_attempt_at`` a lease ahead, so a worker
that dies mid-request leaves the delivery to be tried again once the lease ends; nothing
is held open while the request runs.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F

from config import clock
from config.deadlines import broker_configured
from webhooks import transport
from webhooks.core import backoff, signing
from webhooks.models import ERROR_CHARS, RESPONSE_EXCERPT_CHARS, DeliveryStatus, WebhookDelivery

log = logging.getLogger(__name__)

SEND_TASK = "webhooks.tasks.send_delivery"
# How long a claim keeps other workers off a delivery: longer than one attempt can take.
LEASE_SECONDS = 120
USER_AGENT = "opmanager-webhooks/1"


def queue_deliveries(delivery_ids: list[int]) -> None:
    """Ask a worker to send these now, once the current transaction commits. Without a
    broker (or with one that is down) they wait for the beat task or the command."""
    if not delivery_ids or not broker_configured():
        return

    def send() -> None:
        from config.celery import app

        for delivery_id in delivery_ids:
            try:
                app.send_task(SEND_TASK, kwargs={"delivery_id": delivery_id}, retry=False)
            except Exception:  # the broker is optional: the beat task sends it later
                log.warning("could not queue webhook delivery %s", delivery_id, exc_info=True)
                return

    transaction.on_commit(send)


def _schedule_retry(delivery_id: int, eta: datetime) -> None:
    from config.deadlines import schedule_at

    schedule_at(SEND_TASK, eta, delivery_id=delivery_id)


def claim_due(
    *, now: datetime | None = None, limit: int = 20, delivery_id: int | None = None
) -> list[WebhookDelivery]:
    """Take up to ``limit`` due deliveries (or the one named) for this worker: each is
    counted as an attempt and leased, in one short transaction."""
    now = now or clock.now()
    claimed: list[WebhookDelivery] = []
    with transaction.atomic():
        due = WebhookDelivery.objects.filter(
            status=DeliveryStatus.PENDING, next_attempt_at__lte=now
        )
        if delivery_id is not None:
            due = due.filter(pk=delivery_id)
        rows = list(
            due.order_by("next_attempt_at", "pk")
            .select_for_update(skip_locked=True, of=("self",))
            .select_related("endpoint")[:limit]
        )
        lease = now + timedelta(seconds=LEASE_SECONDS)
        for row in rows:
            taken = WebhookDelivery.objects.filter(
                pk=row.pk,
                status=DeliveryStatus.PENDING,
                attempts=row.attempts,
                next_attempt_at__lte=now,
            ).update(attempts=F("attempts") + 1, next_attempt_at=lease, last_attempt_at=now)
            if taken:
                row.attempts += 1
                row.next_attempt_at, row.last_attempt_at = lease, now
                claimed.append(row)
    return claimed


def body_of(delivery: WebhookDelivery) -> bytes:
    """The bytes sent (and signed): the payload as compact JSON."""
    return json.dumps(delivery.payload, separators=(",", ":"), ensure_ascii=False).encode()


def signing_secrets(delivery: WebhookDelivery, now: datetime) -> list[str]:
    endpoint = delivery.endpoint
    secrets = [endpoint.secret]
    if (
        endpoint.previous_secret
        and endpoint.previous_secret_until
        and (endpoint.previous_secret_until > now)
    ):
        secrets.append(endpoint.previous_secret)
    return secrets


def request_of(delivery: WebhookDelivery, now: datetime) -> tuple[dict[str, str], bytes]:
    """The headers and body of one attempt, signed at ``now``."""
    body = body_of(delivery)
    timestamp = int(now.timestamp())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        signing.ID_HEADER: str(delivery.uid),
        signing.KIND_HEADER: delivery.kind,
        signing.SIGNATURE_HEADER: signing.signature_header(
            signing_secrets(delivery, now), timestamp, body
        ),
    }
    return headers, body


def attempt(delivery: WebhookDelivery) -> WebhookDelivery:
    """Send one claimed delivery and record what came of it."""
    now = clock.now()
    headers, body = request_of(delivery, now)
    status, answer, error = None, "", ""
    try:
        response = transport.post(
            delivery.endpoint.url,
            headers=headers,
            body=body,
            allow_private=settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
        )
        status = response.status
        answer = response.body.decode("utf-8", "replace")[:RESPONSE_EXCERPT_CHARS]
    except transport.DeliveryError as exc:
        error = str(exc)[:ERROR_CHARS]
    return record_outcome(delivery, status=status, answer=answer, error=error)


def record_outcome(
    delivery: WebhookDelivery, *, status: int | None, answer: str, error: str
) -> WebhookDelivery:
    """Store the answer; a success ends the delivery, a failure schedules the next try (or
    gives it up). Only while the claim is still this worker's (same attempt count)."""
    now = clock.now()
    delivered = status is not None and backoff.success(status)
    failures = 0 if delivered else delivery.failures + 1
    fields: dict[str, object] = {
        "response_status": status,
        "response_body": answer.replace("\x00", ""),
        "error": error.replace("\x00", ""),
        "failures": failures,
    }
    if delivered:
        fields |= {"status": DeliveryStatus.SUCCEEDED, "delivered_at": now, "next_attempt_at": None}
    else:
        delay = backoff.next_delay(failures)
        if delay is None:
            fields |= {"status": DeliveryStatus.FAILED, "next_attempt_at": None}
        else:
            fields |= {"next_attempt_at": now + timedelta(seconds=delay)}
    with transaction.atomic():
        updated = WebhookDelivery.objects.filter(
            pk=delivery.pk, attempts=delivery.attempts, status=DeliveryStatus.PENDING
        ).update(**fields)
        if updated and fields.get("next_attempt_at"):
            _schedule_retry(delivery.pk, fields["next_attempt_at"])  # type: ignore[arg-type]
    for name, value in fields.items():
        setattr(delivery, name, value)
    return delivery


def send_due(*, now: datetime | None = None, limit: int = 100) -> int:
    """Send the deliveries due at ``now`` (at most ``limit``); how many were attempted."""
    sent = 0
    while sent < limit:
        batch = claim_due(now=now, limit=min(20, limit - sent))
        if not batch:
            break
        for delivery in batch:
            attempt(delivery)
        sent += len(batch)
    return sent


def send_one(delivery_id: int) -> bool:
    """Send one delivery if it is due (the task queued after its commit); False when
    another worker has it, it is not due, or it is settled."""
    claimed = claim_due(delivery_id=delivery_id, limit=1)
    for delivery in claimed:
        attempt(delivery)
    return bool(claimed)
