from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings

from accounts.models import (
    NOTIFICATION_DEFAULTS,
    NotificationKind,
    NotificationPreferences,
    SecurityNotice,
    User,
)


def notification_kind(kind: str) -> str:
    """The kind's value: a ``NotificationKind`` or a ``SecurityNotice``; ``ValueError`` for
    anything else."""
    if kind in SecurityNotice.values:
        return SecurityNotice(kind).value
    return NotificationKind(kind).value


def email_in_use(email: str, *, exclude_pk: int | None = None) -> bool:
    """Whether another account already has this e-mail (case-insensitive)."""
    qs = User.objects.filter(email__iexact=email.strip())
    if exclude_pk is not None:
        qs = qs.exclude(pk=exclude_pk)
    return qs.exists()


def notification_recipients(*, kind: str, user_ids: Iterable[int]) -> list[int]:
    """Of ``user_ids``, who gets a ``kind`` mail: active accounts with a real address (not a
    walk-in guest's ``.invalid`` one) that did not turn the kind off (or, for a kind that is
    off by default, turned it on). A security notice cannot be turned off."""
    kind = notification_kind(kind)
    people = (
        User.objects.filter(pk__in=list(user_ids), is_active=True)
        .exclude(email="")
        .exclude(email__iendswith=".invalid")
    )
    field = f"notification_preferences__{kind}"
    if kind not in SecurityNotice.values:
        if NOTIFICATION_DEFAULTS[kind]:
            people = people.exclude(**{field: False})
        else:
            people = people.filter(**{field: True})
    return list(people.order_by("pk").values_list("pk", flat=True))


def notification_preferences_of(user: User) -> NotificationPreferences:
    """The person's preferences: their row, or an unsaved one with the defaults."""
    found = NotificationPreferences.objects.filter(user=user).first()
    return found or NotificationPreferences(user=user)


def notification_language(user_id: int) -> str:
    """The language of a person's mails: their choice, else the site's."""
    chosen = (
        NotificationPreferences.objects.filter(user_id=user_id)
        .values_list("language", flat=True)
        .first()
    )
    return chosen or settings.LANGUAGE_CODE
