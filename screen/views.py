"""The big screen (``/events/<id>/screen/``), for a projector or a TV at the venue, and the
judges' page that controls it from a phone.

The screen is public and shows only what an anonymous reader may see: it reads through the
selectors with an anonymous reader's ``EventVisibility``, whoever opened it (a judge's
laptop on the projector shows no unpublished pairings either). Which view it shows is
decided by ``screen.modes.choose_view`` from the judge's choice and the event's
state. The page is an event page: it carries the live marker, and its one live region is
fetched again when a change is announced, so a judge's choice or a result is on the screen
within the poll interval. The pages of a long list turn in the browser (static/js/screen.js).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from config.site_url import absolute_url
from drafts.core.passing import Direction, pass_direction
from drafts.models import DraftPhase
from drafts.services.reading import event_pods
from drafts.views.drafter import draft_clock
from screen import modes as core
from screen.forms import ScreenForm
from screen.models import ScreenMode
from screen.selectors import event_screen
from screen.services import screen_set
from tournaments import selectors
from tournaments.live import POLL_SECONDS
from tournaments.models import Event
from tournaments.models.choices import EventFormat, MatchStatus, RoundKind, RoundStatus
from tournaments.qr import qr_svg
from tournaments.services.standings import shown_round, standings_table
from tournaments.views.common import (
    attempt,
    event_context,
    get_event,
    require,
    round_clock,
)
from tournaments.views.event import by_name_rows
from tournaments.views.live_pages import live_page
from tournaments.visibility import visibility_for

# Seconds each page of a long list stays up; ``?page_seconds=`` changes it for one screen.
PAGE_SECONDS = 10
PAGE_SECONDS_MIN, PAGE_SECONDS_MAX = 2, 120
# The live region is fetched again at least this often, even when no change was announced
# (a pod's step moving on, a clock running out).
REFRESH_SECONDS = 10


def page_seconds(request: HttpRequest) -> int:
    value = request.GET.get("page_seconds", "")
    if not value.isdigit():
        return PAGE_SECONDS
    return min(max(int(value), PAGE_SECONDS_MIN), PAGE_SECONDS_MAX)


def _pod_rows(pods: list[Any]) -> list[dict[str, Any]]:
    now = timezone.now()
    rows = []
    for pod in pods:
        remaining = pod.remaining(now)
        seconds = remaining.total_seconds() if remaining is not None else None
        drafting = pod.phase == DraftPhase.DRAFTING
        rows.append(
            {
                "pod": pod,
                "drafting": drafting,
                "left": drafting and pass_direction(pod.pack_round) == Direction.LEFT,
                "clock": draft_clock(pod, seconds) if pod.phase != DraftPhase.DONE else None,
            }
        )
    return rows


def screen_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """Everything the screen shows now, as an anonymous reader may see it."""
    reader = visibility_for(AnonymousUser(), event)
    chosen = event_screen(event)
    round_ = selectors.current_round(event, published_only=not reader.draft_rounds)
    round_facts = None
    if round_ is not None:
        progress = selectors.round_progress(round_)
        round_facts = core.RoundFacts(
            swiss=round_.kind == RoundKind.SWISS,
            tables=progress["total"],
            tables_playing=progress["total"] - progress[MatchStatus.CONFIRMED],
            time_called=round_.time_called_at is not None,
        )
    pods = event_pods(event) if event.format == EventFormat.BOOSTER_DRAFT else []
    # The standings are those after the last completed round, as on every other page.
    completed = shown_round(event).latest
    facts = core.ScreenFacts(
        round=round_facts,
        pods=len(pods),
        pods_drafting=sum(1 for pod in pods if pod.phase != DraftPhase.DONE),
        standings=completed > 0,
        event_finished=reader.event_finished,
    )
    view = core.choose_view(chosen.mode, facts)
    context: dict[str, Any] = {
        "event": event,
        "screen": chosen,
        "view": view,
        "round": round_,
        "clock": (
            round_clock(round_)
            if round_ is not None and round_.status == RoundStatus.PUBLISHED
            else None
        ),
        "visibility": reader,
    }
    if view == core.PAIRINGS and round_ is not None:
        context["rows"] = by_name_rows(round_)
    elif view == core.PLAYING and round_ is not None:
        context["playing"] = [
            m for m in selectors.round_matches(round_) if m.status != MatchStatus.CONFIRMED
        ]
    elif view == core.STANDINGS:
        table = standings_table(event)
        context["standings"] = table.rows
        context["standings_after"] = table.after_round
        context["standings_final"] = table.final
    elif view == core.DRAFT:
        context["pods"] = _pod_rows(pods)
    return context


@require_GET
@live_page
def screen(request: HttpRequest, pk: int) -> HttpResponse:
    """The big screen: no login, nothing unpublished."""
    event = get_event(pk)
    context = screen_context(request, event)
    event_url = absolute_url(reverse("tournaments:event_detail", args=[event.pk]), request)
    context.update(
        live_version=getattr(event, "live_version", None),
        live_poll_seconds=POLL_SECONDS,
        page_seconds=page_seconds(request),
        refresh_seconds=REFRESH_SECONDS,
        event_url=event_url,
        page_text=_("Page %(page)s of %(pages)s"),
        qr=qr_svg(event_url, label=_("QR code of the event page")),
    )
    return render(request, "screen/screen.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def screen_control(request: HttpRequest, pk: int) -> HttpResponse:
    """The judges' control of the screen: the view, paging, the announcement."""
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    current = event_screen(event)
    status = 200
    if request.method == "POST":
        form = ScreenForm(request.POST, event=event)
        status = 400
        if form.is_valid():
            outcome = attempt(
                request,
                lambda: screen_set(actor=request.user, event_id=event.pk, **form.cleaned_data),
                form,
            )
            if outcome.ok:
                messages.success(request, _("The big screen is updated."))
                return redirect("screen:screen_control", event.pk)
            status = outcome.status
    else:
        form = ScreenForm(
            event=event,
            initial={
                "mode": current.mode,
                "paging_paused": current.paging_paused,
                "announcement": current.announcement,
            },
        )
    shown = screen_context(request, event)
    context = event_context(
        request,
        event,
        "screen",
        form=form,
        screen=current,
        shown_view=shown["view"],
        shown_round=shown["round"],
        view_labels=dict(ScreenMode.choices) | {core.WAITING: _("The event's name and QR code")},
    )
    return render(request, "screen/screen_control.html", context, status=status)
