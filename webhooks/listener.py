"""Deliveries written when something happens at an event (``tournaments.happenings``):
inside the action's transaction, one row per endpoint that listens and subscribes to the
kind, sent after the commit."""

from __future__ import annotations

import uuid
from typing import Any

from config import clock
from tournaments.models import Event
from tournaments.visibility import visibility_for
from webhooks import payloads
from webhooks.models import WebhookDelivery
from webhooks.selectors import listening_endpoints
from webhooks.sending import queue_deliveries


def on_happened(sender: object, *, event: Event, kinds: list[str], **objects: Any) -> None:
    """Write the deliveries of ``kinds`` at ``event`` (connected in ``WebhooksConfig``). One
    query when no endpoint listens, the common case on the report path."""
    endpoints = listening_endpoints(event)
    if not endpoints:
        return
    now = clock.now()
    bodies: dict[tuple[str, object], dict[str, Any]] = {}
    deliveries: list[WebhookDelivery] = []
    for endpoint in endpoints:
        wanted = [str(kind) for kind in kinds if str(kind) in endpoint.kinds]
        if not wanted:
            continue
        # The owner's view of the event decides what the body may say.
        visibility = visibility_for(endpoint.owner, event)
        for kind in wanted:
            key = (kind, visibility)
            if key not in bodies:
                bodies[key] = payloads.data_for(kind, event, visibility, objects)
            uid = uuid.uuid4()
            deliveries.append(
                WebhookDelivery(
                    uid=uid,
                    endpoint=endpoint,
                    event=event,
                    kind=kind,
                    payload=payloads.envelope(
                        uid=str(uid), kind=kind, event=event, data=bodies[key]
                    ),
                    next_attempt_at=now,
                )
            )
    if not deliveries:
        return
    created = WebhookDelivery.objects.bulk_create(deliveries)
    ids = [d.pk for d in created if d.pk is not None]
    if len(ids) < len(created):  # backends that return no ids from a bulk insert
        ids = list(
            WebhookDelivery.objects.filter(uid__in=[d.uid for d in created]).values_list(
                "pk", flat=True
            )
        )
    queue_deliveries(ids)
