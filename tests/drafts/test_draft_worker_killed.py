"""A real Celery worker (its own process, Redis broker, the test database) applies a pick
step's deadline, is killed with SIGKILL in the middle of the draft while it holds the next
step's task, and the draft still finishes: the beat sweep and plain reads of the pod apply
every deadline that follows, each exactly once."""

from __future__ import annotations

import signal
import time
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from config.deadlines import schedule_at
from drafts.models import CardInstance, CardSource, DraftPhase, Pick, PickKind, Pod
from drafts.services import apply_draft_deadlines
from drafts.services.clock import DRAFT_DEADLINE_TASK
from drafts.services.reading import pod_version
from tests.celery_worker import own_broker, start_worker
from tests.drafts.helpers import draft_event, move_deadline
from tests.drafts.test_draft_services import conserved

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def broker(settings):
    yield from own_broker(settings, "draft-kill")


def step_of(pod_id: int) -> tuple[str, int, int]:
    """Where the pod is, read without applying anything (no lazy settle)."""
    return tuple(
        Pod.objects.filter(pk=pod_id).values_list("phase", "pack_round", "pick_number").get()
    )


def deadline_in(pod_id: int, seconds: float) -> None:
    """The step's deadline moved to ``seconds`` from now and its task scheduled, as the
    services do when a step opens (on commit)."""
    at = timezone.now() + timedelta(seconds=seconds)
    with transaction.atomic():
        move_deadline(pod_id, at)
        schedule_at(DRAFT_DEADLINE_TASK, at)


def wait_for(condition, seconds: float) -> bool:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_the_draft_finishes_after_the_worker_is_killed_mid_draft(broker):
    url, queue = broker
    event, _judge, _regs = draft_event(2, auction=False, review_seconds=0, prefix="wk")
    pod = Pod.objects.get(draft__event=event)
    assert step_of(pod.pk) == (DraftPhase.DRAFTING, 1, 1)
    worker = start_worker(url, queue)
    try:
        # The worker is up and applies the first step's deadline on time.
        deadline_in(pod.pk, 3)
        assert wait_for(lambda: step_of(pod.pk) == (DraftPhase.DRAFTING, 1, 2), 60), (
            "the worker did not apply the first deadline"
        )
        assert Pick.objects.filter(pod=pod, kind=PickKind.TIMEOUT).count() == 2
        # It takes the next step's task (an ETA task it holds until the deadline) and is
        # killed before it can run it.
        deadline_in(pod.pk, 3)
        time.sleep(1.5)
        worker.send_signal(signal.SIGKILL)
        assert worker.wait(10) == -signal.SIGKILL
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait(10)
    # The deadline passes and nobody applies it: the worker was what moved the pod.
    time.sleep(2)
    assert step_of(pod.pk) == (DraftPhase.DRAFTING, 1, 2)
    # The beat sweep applies it.
    assert apply_draft_deadlines() == 1
    assert step_of(pod.pk) == (DraftPhase.DRAFTING, 1, 3)
    # Every later step times out and is applied by a plain read of the pod (the poll).
    steps = 0
    while step_of(pod.pk)[0] == DraftPhase.DRAFTING:
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
        steps += 1
        assert steps <= 48
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.BUILDING
    # Deck building's deadline too, by the sweep.
    move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
    assert apply_draft_deadlines() == 1
    assert apply_draft_deadlines() == 0
    pod.refresh_from_db()
    assert pod.phase == DraftPhase.DONE
    # 2 seats x 4 packs x 12 cards, each taken once: timeouts, and the last cards at once.
    assert Pick.objects.filter(pod=pod).count() == 2 * 48
    assert Pick.objects.filter(pod=pod, kind=PickKind.LAST).count() == 2 * 4
    assert Pick.objects.filter(pod=pod, kind=PickKind.TIMEOUT).count() == 2 * 44
    assert not CardInstance.objects.filter(pod=pod, pack__isnull=False).exists()
    assert CardInstance.objects.filter(pod=pod, source=CardSource.DRAFT).count() == 2 * 48
    conserved(pod)
