"""A pod's passed deadline applied: by the worker's task, the sweep, and every read of the
pod (each idempotent, under the pod's row lock)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from config import clock
from drafts.models import DraftPhase, Pod
from drafts.services.clock import expired_pod_ids
from drafts.services.flow import settle_pod


def apply_draft_deadlines(now: datetime | None = None) -> int:
    """Apply every pod deadline that has passed; idempotent. Returns how many pods moved.
    Each pod in its own transaction, so one pod's trouble never holds another."""
    now = now or clock.now()
    moved = 0
    for pod_id in expired_pod_ids(now):
        with transaction.atomic():
            moved += int(settle_pod(pod_id, now))
    return moved


def settle_if_expired(pod_id: int, now: datetime | None = None) -> bool:
    """The read path: a cheap unlocked look, and only if the pod's deadline has passed, its
    own transaction to apply it (under the row lock, so a racing worker changes nothing)."""
    now = now or clock.now()
    row = (
        Pod.objects.filter(pk=pod_id, deadline__lte=now, paused_remaining__isnull=True)
        .exclude(phase=DraftPhase.DONE)
        .exists()
    )
    if not row:
        return False
    with transaction.atomic():
        return settle_pod(pod_id, now)
