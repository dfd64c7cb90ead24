"""The home page: the events of the day, upcoming events and recent results; a signed-in
reader's next matches and the events they run."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from tournaments.home import (
    events_run_by,
    events_today,
    next_matches,
    recent_results,
    upcoming_events,
)


def home(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    context = {
        "today": events_today(today=today),
        "upcoming": upcoming_events(request.user, today=today),
        "recent": recent_results(),
    }
    if request.user.is_authenticated:
        context |= {
            "next_matches": next_matches(request.user),
            "events_run": events_run_by(request.user),
        }
    return render(request, "home.html", context)
