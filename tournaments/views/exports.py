"""CSV downloads of an event's players, matches (every game) and standings (every tiebreak).
What each reader gets is their ``EventVisibility``, as on every other path."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tournaments.exports import EXPORTS, export_csv
from tournaments.views.common import get_event
from tournaments.visibility import visibility_for


@require_GET
def export(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    if what not in EXPORTS:
        raise Http404
    event = get_event(pk)
    as_of = request.GET.get("round", "")
    as_of_round = int(as_of) if what == "standings" and as_of.isdigit() else None
    if as_of_round is not None and not event.rounds.filter(number=as_of_round).exists():
        raise Http404
    visibility = visibility_for(request.user, event)
    body = export_csv(event, what, visibility=visibility, as_of_round=as_of_round)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    suffix = f"-round-{as_of_round}" if as_of_round else ""
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-{what}{suffix}.csv"'
    return response
