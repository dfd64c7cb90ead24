"""Print views: pairings by table and by name, result slips, standings; A4 and Letter."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.site_url import local_origin
from tournaments import selectors
from tournaments.views.common import get_event, require
from tournaments.views.event import (
    by_name_rows,
    chosen_round,
    points_before,
    standings_context,
)
from tournaments.visibility import visibility_for


def _context(request: HttpRequest, pk: int) -> dict:
    event = get_event(pk)
    round_, _rounds = chosen_round(request, event)
    context = {"event": event, "round": round_, "visibility": visibility_for(request.user, event)}
    if round_ is not None:
        context["points"] = points_before(event, round_)
    return context


@require_GET
def pairings_by_table(request: HttpRequest, pk: int) -> HttpResponse:
    context = _context(request, pk)
    round_ = context["round"]
    context["matches"] = list(selectors.round_matches(round_)) if round_ else []
    return render(request, "tournaments/print/pairings_by_table.html", context)


@require_GET
def pairings_by_name(request: HttpRequest, pk: int) -> HttpResponse:
    context = _context(request, pk)
    round_ = context["round"]
    context["rows"] = by_name_rows(round_) if round_ else []
    return render(request, "tournaments/print/pairings_by_name.html", context)


@login_required
@require_GET
def slips(request: HttpRequest, pk: int) -> HttpResponse:
    require(request, "tournaments.run_event", get_event(pk))
    context = _context(request, pk)
    round_ = context["round"]
    matches = list(selectors.round_matches(round_)) if round_ else []
    context["matches"] = [m for m in matches if m.player_b_id]
    context["game_numbers"] = range(1, context["event"].games_per_match + 1)
    context["local_site_origin"] = local_origin(request)
    return render(request, "tournaments/print/slips.html", context)


@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    context = {
        "event": event,
        "visibility": visibility_for(request.user, event),
        **standings_context(request, event),
    }
    return render(request, "tournaments/print/standings.html", context)
