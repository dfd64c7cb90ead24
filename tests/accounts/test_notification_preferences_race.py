"""Simultaneous first changes to one person's notification preferences (two tabs, the page
and a phone on the API): every request succeeds, one row is made, and each keeps what it
changed. Real connections, on PostgreSQL in CI."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection
from rest_framework.test import APIClient

from accounts.models import NotificationKind, NotificationPreferences
from tests.factories import UserFactory

pytestmark = [pytest.mark.concurrency, pytest.mark.django_db(transaction=True)]


def test_simultaneous_first_changes_each_keep_their_own_switch():
    user = UserFactory(username="two_tabs")
    changes = [
        {"registration_confirmed": False},
        {"pairings_published": True},
        {"deck_problem": False},
        {"result_disputed": False},
        {"judge_call_answered": False},
        {"opponent_dropped": False},
        {"deck_list_due": False},
        {"rulings_list_illegal": False},
        {"rulings_event_lists": False},
        {"language": "es"},
    ]
    barrier = threading.Barrier(len(changes))
    statuses = [0] * len(changes)

    def run(i: int) -> None:
        try:
            client = APIClient()
            client.force_authenticate(user)
            barrier.wait(timeout=10)
            statuses[i] = client.patch(
                "/api/me/notifications/", changes[i], format="json"
            ).status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(changes))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    close_old_connections()
    assert statuses == [200] * len(changes)
    [row] = NotificationPreferences.objects.filter(user=user)
    assert {k: row.wants(k) for k in NotificationKind.values} == {
        "registration_confirmed": False,
        "pairings_published": True,
        "deck_problem": False,
        "result_disputed": False,
        "judge_call_answered": False,
        "opponent_dropped": False,
        "deck_list_due": False,
        "rulings_list_illegal": False,
        "rulings_event_lists": False,
    }
    assert row.language == "es"
