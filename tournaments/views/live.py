"""The poll behind live pages (see ``tournaments.live``): no database query, no session."""

from __future__ import annotations

import time

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_GET

from tournaments.live import live_version


@require_GET
def event_live(request: HttpRequest, pk: int) -> HttpResponse:
    """``204`` while the event's live number is the ``?v=`` the page shows, else the new
    number as ``{"v": n}``. The number is opaque (it says only that something changed), so
    the poll needs neither the event row nor the reader's role."""
    version = live_version(pk)
    response: HttpResponse
    if request.GET.get("v") == str(version):
        response = HttpResponse(status=204)
    else:
        response = JsonResponse({"v": version})
    add_never_cache_headers(response)
    # The server's clock in milliseconds, for the page's countdowns (static/js/site.js): a
    # page reloaded from the browser's cache shows the server time of its first load.
    response["X-Server-Time"] = str(time.time_ns() // 1_000_000)
    return response
