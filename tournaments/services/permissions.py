"""Services enforce the permission rules themselves, so pages, API and commands cannot differ."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


def ensure_allowed(actor, perm: str, obj=None) -> None:
    if actor is None or not actor.has_perm(perm, obj):
        raise PermissionDenied(_("You do not have permission to do this."))
