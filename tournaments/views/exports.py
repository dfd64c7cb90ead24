"""Downloads of an event's players, matches (every game), standings (every tiebreak),
penalties and audit log: as CSV (the machine format) or as a spreadsheet (headers in the
reader's language). What each reader gets is their ``EventVisibility``, as on every other
path. Also the event's archive, for its judges."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tournaments.exports import XLSX_EXPORTS, export_csv, export_filename, export_names, export_xlsx
from tournaments.views.common import get_event
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
    filename = export_filename(event, what, extension, as_of_round=as_of_round)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
