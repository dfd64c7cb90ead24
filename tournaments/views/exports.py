"""CSV downloads of an event's players, matches (every game) and standings (every tiebreak).
Judges get everything; everyone else the public export (no unpublished pairings, no drop
reasons)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tournaments.exports import EXPORTS, export_csv
from tournaments.views.common import can_run, get_event


@require_GET
def export(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    if what not in EXPORTS:
        raise Http404
    event = get_event(pk)
    as_of = request.GET.get("round", "")
    as_of_round = int(as_of) if what == "standings" and as_of.isdigit() else None
    if as_of_round is not None and not event.rounds.filter(number=as_of_round).exists():
        raise Http404
    body = export_csv(event, what, as_of_round=as_of_round, public=not can_run(request, event))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    suffix = f"-round-{as_of_round}" if as_of_round else ""
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-{what}{suffix}.csv"'
    return response
