from __future__ import annotations

from accounts.models import User


def email_in_use(email: str, *, exclude_pk: int | None = None) -> bool:
    """Whether another account already has this e-mail (case-insensitive)."""
    qs = User.objects.filter(email__iexact=email.strip())
    if exclude_pk is not None:
        qs = qs.exclude(pk=exclude_pk)
    return qs.exists()
