"""Event lists: all events, the events I play, the events I judge."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from config.numbers import parse_whole_number
from tournaments import selectors
from tournaments.models.choices import EventStatus, GameKind


def event_list(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status") or None
    game = request.GET.get("game") or None
    if status not in EventStatus.values:
        status = None
    if game not in GameKind.values:
        game = None
    page = Paginator(selectors.event_list(status=status, game=game), 50).get_page(
        parse_whole_number(request.GET.get("page"))
    )
    return render(
        request,
        "tournaments/event_list.html",
        {
            "page": page,
            "status": status,
            "game": game,
            "statuses": EventStatus.choices,
            "games": GameKind.choices,
            "can_create": request.user.has_perm("tournaments.create_event"),
        },
    )


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/my_events.html",
        {
            "events": selectors.events_played_by(request.user)[:100],
            "entries_by_others": selectors.entries_by_others(request.user)[:20],
        },
    )


@login_required
def judge_desk(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perm("tournaments.access_judge_desk"):
        raise PermissionDenied
    return render(
        request,
        "tournaments/judge_desk.html",
        {
            "events": selectors.events_judged_by(request.user)[:100],
            "can_create": request.user.has_perm("tournaments.create_event"),
        },
    )
