from __future__ import annotations

from django.http import HttpRequest

from accounts.navigation import entries_for


def navigation(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None:
        return {"nav_entries": []}
    return {"nav_entries": entries_for(user)}
