"""The metagame pages: the desk's (site admins, every event) and the public one (finished
events whose lists are public, rows of 8 lists or more), with CSV and .xlsx downloads."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.rules import is_site_admin
from metagame import tables
from metagame.charts import chart_data
from metagame.filters import filters_from
from metagame.selectors import FORMATS, Filters, Metagame, metagame_for
from tournaments.models import Event
from tournaments.models.choices import EventFormat, GameKind
from tournaments.xlsx_cells import CONTENT_TYPE


def _filters(request: HttpRequest, *, public: bool) -> Filters:
    params = request.GET.dict()
    events = request.GET.getlist("event")
    filters = filters_from(params, events, public=public)
    if filters.event_ids and "format" not in params:
        # An event's own breakdown: its game and format unless the reader chose others.
        first = Event.objects.filter(pk=filters.event_ids[0]).values("game", "format").first()
        if first and first["format"] in FORMATS:
            filters = filters_from(
                {**params, "game": first["game"], "format": first["format"]}, events, public=public
            )
    return filters


def _page(request: HttpRequest, *, public: bool) -> HttpResponse:
    filters = _filters(request, public=public)
    meta = metagame_for(filters)
    all_tables = tables.tables_of(meta)
    shown = {
        name: [
            [tables.text_cell(v, fraction=i in t.fractions) for i, v in enumerate(row)]
            for row in t.rows
        ]
        for name, t in all_tables.items()
    }
    query = request.GET.copy()
    return render(
        request,
        "metagame/metagame.html",
        {
            "meta": meta,
            "public": public,
            "can_desk": is_site_admin(request.user),
            "tables": all_tables,
            "shown": shown,
            "heat": _heat(meta),
            "charts": chart_data(meta),
            "query": query.urlencode(),
            "games": GameKind.choices,
            "formats": [(v, label) for v, label in EventFormat.choices if v in FORMATS],
            "filters": filters,
            "title": _("Metagame") if public else _("Metagame (all events)"),
        },
    )


def _heat(meta: Metagame) -> list[dict]:
    """The matchup table as rows of cells, each with its text and a colour class (a step of
    10 points of win rate), so the heat map is a table a screen reader reads as one."""
    table = meta.matchup
    rows = []
    for mine in table.keys:
        cells = []
        for theirs in table.keys:
            if mine == theirs:
                n = table.mirrors[mine]
                cells.append({"text": _("mirror: %(n)s") % {"n": n}, "css": "heat-mirror"})
                continue
            win = table.cell(mine, theirs)
            if not win.matches:
                cells.append({"text": "—", "css": ""})
                continue
            step = min(9, int(win.rate * 10))
            cells.append({"text": f"{win.rate * 100:.0f}% ({win.matches})", "css": f"heat-{step}"})
        rows.append({"label": meta.label(mine), "cells": cells})
    return rows


def _download(request: HttpRequest, table: str, kind: str, *, public: bool) -> HttpResponse:
    filters = _filters(request, public=public)
    found = tables.tables_of(metagame_for(filters)).get(table)
    if found is None:
        raise Http404(_("There is no such table."))
    name = f"metagame-{filters.format}-{found.name}.{kind}"
    if kind == "xlsx":
        response = HttpResponse(tables.xlsx_bytes(found), content_type=CONTENT_TYPE)
    else:
        response = HttpResponse(tables.csv_text(found), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _admin_only(request: HttpRequest) -> None:
    if not is_site_admin(request.user):
        raise PermissionDenied


def metagame_admin(request: HttpRequest) -> HttpResponse:
    _admin_only(request)
    return _page(request, public=False)


def metagame_public(request: HttpRequest) -> HttpResponse:
    return _page(request, public=True)


def admin_csv(request: HttpRequest, table: str) -> HttpResponse:
    _admin_only(request)
    return _download(request, table, "csv", public=False)


def admin_xlsx(request: HttpRequest, table: str) -> HttpResponse:
    _admin_only(request)
    return _download(request, table, "xlsx", public=False)


def public_csv(request: HttpRequest, table: str) -> HttpResponse:
    return _download(request, table, "csv", public=True)


def public_xlsx(request: HttpRequest, table: str) -> HttpResponse:
    return _download(request, table, "xlsx", public=True)
