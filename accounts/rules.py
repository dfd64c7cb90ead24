"""Site-wide roles. Event roles (judge, organiser) live in tournaments/rules.py.

Every permission decision of the project is a rule registered with the
``rules`` package; pages, the API and the admin ask ``user.has_perm(name, obj)``
and never test roles themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


@rules.predicate
def is_site_admin(user: User | AnonymousUser) -> bool:
    return bool(user.is_authenticated and user.is_active and (user.is_superuser or user.is_staff))


@rules.predicate
def is_self(user: User | AnonymousUser, other: User | None) -> bool:
    return other is not None and user.is_authenticated and user.pk == other.pk


def has_site_role(person: User) -> bool:
    """Whether the site trusts this account with more than playing: staff or superuser, a
    member of any group (the organisers, for one) or holding a permission of its own. Such
    an account is entered in events only by its holder, and only a site admin lifts its
    login lockout (judges' staff roles at events count too: ``tournaments.rules``)."""
    return bool(
        person.is_staff
        or person.is_superuser
        or person.groups.exists()
        or person.user_permissions.exists()
    )


@rules.predicate
def has_no_site_role(user: User | AnonymousUser, person: User | None) -> bool:
    return person is not None and not has_site_role(person)


rules.add_perm("accounts.view_profile", is_self | is_site_admin)
rules.add_perm("accounts.change_profile", is_self | is_site_admin)
rules.add_perm("accounts.access_admin_site", is_site_admin)
