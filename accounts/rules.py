"""Site-wide roles. Event roles (judge, organiser) live in tournaments/rules.py.

Every permission decision of the project is a rule registered with the
``rules`` package; pages, the API and the admin ask ``user.has_perm(name, obj)``
and never test roles themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules
from django.db.models import Exists, OuterRef

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser
    from django.db.models import QuerySet

    from accounts.models import User


@rules.predicate
def is_site_admin(user: User | AnonymousUser) -> bool:
    return bool(user.is_authenticated and user.is_active and (user.is_superuser or user.is_staff))


@rules.predicate
def is_self(user: User | AnonymousUser, other: User | None) -> bool:
    return other is not None and user.is_authenticated and user.pk == other.pk


def without_site_role(people: QuerySet[User]) -> QuerySet[User]:
    """Those of ``people`` the site trusts with nothing more than playing: not staff or
    superuser, in no group (the organisers, for one) and holding no permission of their
    own. The one definition of a site role; ``has_site_role`` asks it of one account."""
    from accounts.models import User

    return (
        people.filter(is_staff=False, is_superuser=False)
        .exclude(Exists(User.groups.through.objects.filter(user_id=OuterRef("pk"))))
        .exclude(Exists(User.user_permissions.through.objects.filter(user_id=OuterRef("pk"))))
    )


def has_site_role(person: User) -> bool:
    """Whether the site trusts this account with more than playing (``without_site_role``).
    Such an account is entered in events only by its holder, and only a site admin lifts its
    login lockout (judges' staff roles at events count too: ``tournaments.rules``)."""
    from accounts.models import User

    return not without_site_role(User.objects.filter(pk=person.pk)).exists()


rules.add_perm("accounts.view_profile", is_self | is_site_admin)
rules.add_perm("accounts.change_profile", is_self | is_site_admin)
rules.add_perm("accounts.access_admin_site", is_site_admin)
