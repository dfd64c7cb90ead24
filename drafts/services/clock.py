"""The draft's deadlines: one per pod (the pick step, the auction turn, the review, deck
building), a timestamp in the database. A worker task scheduled on commit, the beat sweep
(``config.deadlines``) and every read of a pod apply an expired one, each under the pod's
row lock, so it is applied exactly once whoever comes first and a draft never stalls."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q

from config.deadlines import schedule_at
from drafts.models import DraftPhase, Pod

DRAFT_DEADLINE_TASK = "tournaments.tasks.apply_draft_deadlines"


def set_deadline(pod: Pod, seconds: float, now: datetime) -> None:
    """Start the clock of the pod's next wait; a paused pod keeps it paused, full length."""
    pod.version += 1
    if pod.paused_remaining is not None:
        pod.paused_remaining = timedelta(seconds=seconds)
        pod.deadline = None
        return
    pod.deadline = now + timedelta(seconds=seconds)
    schedule_at(DRAFT_DEADLINE_TASK, pod.deadline)


def clear_deadline(pod: Pod) -> None:
    pod.version += 1
    pod.deadline = None
    if pod.paused_remaining is not None:
        pod.paused_remaining = timedelta(0)


def expired(pod: Pod, now: datetime) -> bool:
    return (
        pod.phase != DraftPhase.DONE
        and pod.paused_remaining is None
        and pod.deadline is not None
        and pod.deadline <= now
    )


def expired_pod_ids(now: datetime) -> list[int]:
    return list(
        Pod.objects.filter(Q(deadline__lte=now), paused_remaining__isnull=True)
        .exclude(phase=DraftPhase.DONE)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
