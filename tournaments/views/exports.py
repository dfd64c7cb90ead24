"""Downloads of an event's players, matches (every game), standings (every tiebreak),
penalties and audit log: as CSV (the machine format) or as a spreadsheet (headers in the
reader's language). What each reader gets is their ``EventVisibility``, as on every other
path. Also the event's archive, for its judges."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from config.errors import DomainError
from tournaments.exports import XLSX_EXPORTS, export_csv, export_names, export_xlsx
from tournaments.services.archive import archive_json, event_archive_export
from tournaments.views.common import get_event, require
from tournaments.visibility import visibility_for
from tournaments.xlsx_cells import CONTENT_TYPE as XLSX_CONTENT_TYPE


@require_GET
def export(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    return _download(request, pk, what, "csv")


@require_GET
def export_spreadsheet(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    return _download(request, pk, what, "xlsx")


def _download(request: HttpRequest, pk: int, what: str, extension: str) -> HttpResponse:
    if what not in (export_names() if extension == "csv" else XLSX_EXPORTS):
        raise Http404
    event = get_event(pk)
    as_of = request.GET.get("round", "")
    as_of_round = int(as_of) if what == "standings" and as_of.isdigit() else None
    if as_of_round is not None and not event.rounds.filter(number=as_of_round).exists():
        raise Http404
    visibility = visibility_for(request.user, event)
    if extension == "csv":
        body = export_csv(event, what, visibility=visibility, as_of_round=as_of_round)
        response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    else:
        body = export_xlsx(event, what, visibility=visibility, as_of_round=as_of_round)
        response = HttpResponse(body, content_type=XLSX_CONTENT_TYPE)
    suffix = f"-round-{as_of_round}" if as_of_round else ""
    response["Content-Disposition"] = (
        f'attachment; filename="event-{event.pk}-{what}{suffix}.{extension}"'
    )
    return response


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
