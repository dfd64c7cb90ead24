"""Changing an e-mail address through the API: a lost race is a 400, like sign-up."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection
from rest_framework.test import APIClient

from accounts.models import User
from tests.factories import UserFactory


def patch_email(user: User, email: str):
    client = APIClient()
    client.force_authenticate(user)
    return client.patch("/api/me/", {"email": email}, format="json")


@pytest.mark.django_db
def test_an_address_taken_between_the_check_and_the_save_is_a_400(player, monkeypatch):
    """The window the check cannot close: another account takes the address meanwhile."""
    UserFactory(username="quick", email="new@example.org")
    monkeypatch.setattr("accounts.api.email_in_use", lambda *args, **kwargs: False)
    response = patch_email(player, "NEW@example.org")
    assert response.status_code == 400
    assert "already exists" in response.json()["email"][0]
    player.refresh_from_db()
    assert player.email != "NEW@example.org"


@pytest.mark.concurrency
@pytest.mark.django_db(transaction=True)
def test_ten_simultaneous_changes_to_one_address():
    users = [UserFactory(username=f"racer{i}") for i in range(10)]
    barrier = threading.Barrier(len(users))
    statuses: list[int] = [0] * len(users)

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            statuses[i] = patch_email(users[i], "shared@example.org").status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(users))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    close_old_connections()
    assert sorted(statuses) == [200] + [400] * 9
    assert User.objects.filter(email__iexact="shared@example.org").count() == 1
