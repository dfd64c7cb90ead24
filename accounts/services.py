"""Writes of the accounts app."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import NotificationKind, NotificationPreferences, User
from config.errors import DomainError

PREFERENCE_FIELDS = frozenset([*NotificationKind.values, "language"])


@transaction.atomic
def notification_preferences_set(
    *, user: User, changes: Mapping[str, object]
) -> NotificationPreferences:
    """Change some of a person's notification preferences (the others keep their values).

    The row is created on the first change; only the named fields are written, so two
    changes at once (two tabs, the page and the API) each keep what they changed."""
    unknown = sorted(set(changes) - PREFERENCE_FIELDS)
    if unknown:
        raise DomainError(
            _("There is no notification preference %(name)s.") % {"name": unknown[0]},
            field=unknown[0],
        )
    preferences, _created = NotificationPreferences.objects.get_or_create(user=user)
    if changes:
        NotificationPreferences.objects.filter(pk=preferences.pk).update(
            **changes, updated_at=timezone.now()
        )
        preferences.refresh_from_db()
    return preferences
