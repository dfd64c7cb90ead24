"""The permission rules, role by action: one table, every cell asserted."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "other_player", "site_admin")

# action -> roles allowed (the object is the player's own account)
TABLE = {
    "accounts.view_profile": {"player", "site_admin"},
    "accounts.change_profile": {"player", "site_admin"},
    "accounts.access_admin_site": {"site_admin"},
}


@pytest.fixture
def people():
    from django.contrib.auth.models import AnonymousUser

    return {
        "anonymous": AnonymousUser(),
        "player": UserFactory(username="p1"),
        "other_player": UserFactory(username="p2"),
        "site_admin": UserFactory(username="root", is_staff=True, is_superuser=True),
    }


@pytest.mark.parametrize("action", sorted(TABLE))
@pytest.mark.parametrize("role", ROLES)
def test_role_by_action(people, role, action):
    subject = people["player"]
    allowed = role in TABLE[action]
    assert people[role].has_perm(action, subject) is allowed


def test_inactive_staff_is_not_an_admin(people):
    people["site_admin"].is_active = False
    assert not people["site_admin"].has_perm("accounts.access_admin_site")
