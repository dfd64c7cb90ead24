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


rules.add_perm("accounts.view_profile", is_self | is_site_admin)
rules.add_perm("accounts.change_profile", is_self | is_site_admin)
rules.add_perm("accounts.access_admin_site", is_site_admin)
