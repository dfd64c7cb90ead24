"""An event's archive as a download (the page's link; the API and the commands have theirs)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from archives.services import archive_json, event_archive_export
from config.errors import DomainError
from tournaments.views.common import get_event, require


@login_required
@require_GET
def archive(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's archive (``docs/archives.md``): the event's judges and site admins only,
    since it holds everything judges see (drop reasons, penalties, the audit log)."""
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    try:
        body = archive_json(event_archive_export(event_id=event.pk))
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("tournaments:event_detail", pk=event.pk)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-archive.json"'
    return response
