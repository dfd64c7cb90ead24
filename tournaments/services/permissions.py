"""Services enforce the permission rules themselves, so pages, API and commands cannot differ."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser
    from django.db.models import Model

    from accounts.models import User


def ensure_allowed(actor: User | AnonymousUser | None, perm: str, obj: Model | None = None) -> None:
    if actor is None or not actor.has_perm(perm, obj):
        raise PermissionDenied(_("You do not have permission to do this."))
