"""The drafters' poll reads its pod from the shared cache while the cached answer holds:
no query for an unchanged pod, the new version as soon as a change commits, the pod itself
once its deadline has passed (which applies it) or after a rolled-back change."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from drafts.models import Pod
from drafts.services.flow import save_pod
from drafts.services.poll_state import cached_version
from drafts.services.reading import pod_version
from tests.drafts.helpers import draft_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def pod():
    event, _judge, _regs = draft_event(2, auction=False, prefix="pc")
    return Pod.objects.get(draft__event=event)


def test_an_unchanged_pod_is_polled_without_a_query(pod, django_assert_num_queries):
    live = reverse("drafts:draft_live", args=[pod.draft.event_id, pod.pk])
    assert Client().get(live, {"v": pod.version}).status_code == 204  # reads the pod once
    with django_assert_num_queries(0):
        for _ in range(3):
            assert Client().get(live, {"v": pod.version}).status_code == 204


def test_a_committed_change_is_polled_at_once(pod, django_capture_on_commit_callbacks):
    pod_version(pod.pk)  # cached
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        pod.version += 1
        save_pod(pod)
    assert cached_version(pod.pk, timezone.now()) == pod.version
    assert pod_version(pod.pk) == pod.version


def test_a_rolled_back_change_leaves_the_old_version(pod, django_capture_on_commit_callbacks):
    before = pod.version
    pod_version(pod.pk)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        pod.version += 1
        save_pod(pod)
        raise RuntimeError
    assert pod_version(pod.pk) == before


def test_a_cached_answer_ends_at_the_deadline(pod):
    pod_version(pod.pk)
    assert cached_version(pod.pk, pod.deadline - timedelta(seconds=1)) == pod.version
    assert cached_version(pod.pk, pod.deadline) is None  # the poll must read (and apply) it
