from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.navigation import entries_for


def navigation(request: HttpRequest) -> dict[str, object]:
    """The menu for the reader, worked out only when a template shows it (a page's polled
    fragment does not)."""
    user = getattr(request, "user", None)
    if user is None:
        return {"nav_entries": []}
    return {"nav_entries": SimpleLazyObject(lambda: entries_for(user))}
