"""Two workers sending at the same instant never take the same delivery: the due rows are
read with ``select_for_update(skip_locked=True)`` and taken by a conditional update (real
connections, one per thread; on PostgreSQL the row locks decide)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.tournaments.helpers import make_event, make_organiser
from tests.tournaments.services.test_concurrency import race
from webhooks.models import WebhookDelivery, WebhookEndpoint
from webhooks.sending import claim_due

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def waiting():
    organiser = make_organiser("race_hooks")
    event = make_event(organiser)
    endpoint = WebhookEndpoint.objects.create(
        owner=organiser, event=event, url="http://127.0.0.1:9/", kinds=["round.published"]
    )
    now = timezone.now()
    WebhookDelivery.objects.bulk_create(
        WebhookDelivery(
            endpoint=endpoint, event=event, kind="ping", payload={}, next_attempt_at=now
        )
        for _ in range(30)
    )
    return list(WebhookDelivery.objects.values_list("pk", flat=True))


def test_two_workers_sweeping_at_once_share_the_queue_without_overlap(waiting):
    outcomes = race(lambda: claim_due(limit=30), lambda: claim_due(limit=30))
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    first, second = ({d.pk for d in outcome} for outcome in outcomes)
    assert not first & second
    assert first | second == set(waiting)
    assert set(WebhookDelivery.objects.values_list("attempts", flat=True)) == {1}


def test_the_task_and_the_sweep_never_both_take_one_delivery(waiting):
    one = waiting[0]
    outcomes = race(
        lambda: claim_due(delivery_id=one, limit=1), lambda: claim_due(delivery_id=one, limit=1)
    )
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert sorted(len(o) for o in outcomes) == [0, 1]
    assert WebhookDelivery.objects.get(pk=one).attempts == 1
