"""The judges' draft console: the draft's options and its start, then every pod (step,
timer, who has not picked, the auction) with pause, resume, extend, start the picking,
seat to bot and back, and replace a pack; the CSV of picks and pools. In paper mode it is
the table's screen: seating, the auction's first player, the step timer and the pass
direction. The pods' part of the page polls like the pick page (204 while nothing moved)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from drafts.forms import DraftOptionsForm, PodExtendForm, SeatBotForm
from drafts.models import Pack, Pod
from drafts.services import (
    draft_configure,
    draft_enter_without_seat,
    draft_start,
    pack_replace,
    pod_begin_picking,
    pod_end_building,
    pod_extend,
    pod_pause,
    pod_resume,
    seat_assign_player,
    seat_extend_building,
    seat_set_bot,
)
from drafts.services.reading import (
    draft_of,
    event_draft_version,
    event_pods,
    players_without_seat,
    pod_status,
    seat_of_player,
)
from drafts.views.drafter import draft_clock
from tournaments.models import Event
from tournaments.models.choices import EventFormat
from tournaments.views.common import attempt, event_context, get_event, require


def _pods_context(event: Event) -> dict[str, Any]:
    statuses = []
    for pod in event_pods(event):
        status = pod_status(pod)
        status.clock = draft_clock(pod, status.remaining)  # type: ignore[attr-defined]
        statuses.append(status)
    return {"pods": statuses, "version": event_draft_version(event)}


def console_context(request: HttpRequest, event: Event, **forms: Any) -> dict[str, Any]:
    draft = draft_of(event)
    context = event_context(request, event, "draft_console")
    context.update(_pods_context(event))
    context.update(
        draft=draft,
        unseated=players_without_seat(event),
        started=draft is not None and draft.started_at is not None,
        options_form=forms.get("options_form") or DraftOptionsForm(draft=draft),
        extend_form=forms.get("extend_form") or PodExtendForm(initial={"seconds": 30}),
        # the seat a judge came to give more deck-building time (from a refused deck list)
        extend_seat=request.GET.get("seat", ""),
    )
    mine = seat_of_player(event, request.user) if context["started"] else None
    context["my_pod"] = mine.pod_id if mine is not None else None  # another judge runs it
    return context


def _event_for_judge(request: HttpRequest, pk: int) -> Event:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    if event.format != EventFormat.BOOSTER_DRAFT:
        raise Http404
    return event


def _render(request: HttpRequest, event: Event, status: int = 200, **forms: Any) -> HttpResponse:
    return render(
        request,
        "drafts/draft_console.html",
        console_context(request, event, **forms),
        status=status,
    )


@login_required
@require_GET
def console(request: HttpRequest, pk: int) -> HttpResponse:
    return _render(request, _event_for_judge(request, pk))


@never_cache
@login_required
@require_GET
def console_live(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event_for_judge(request, pk)
    if request.GET.get("v") == event_draft_version(event):
        return HttpResponse(status=204)
    context = event_context(request, event, "draft_console")
    context.update(_pods_context(event))
    return render(request, "drafts/_draft_console_live.html", context)


@login_required
@require_POST
def options(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event_for_judge(request, pk)
    form = DraftOptionsForm(request.POST)
    if not form.is_valid():
        return _render(request, event, status=400, options_form=form)
    outcome = attempt(
        request,
        lambda: draft_configure(actor=request.user, event_id=event.pk, **form.options()),
        form,
    )
    if not outcome.ok:
        return _render(request, event, status=outcome.status, options_form=form)
    messages.success(request, _("The draft options are saved."))
    return redirect("drafts:draft_console", event.pk)


@login_required
@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event_for_judge(request, pk)
    outcome = attempt(request, lambda: draft_start(actor=request.user, event_id=event.pk))
    if not outcome.ok:
        return _render(request, event, status=outcome.status)
    messages.success(request, _("The draft has started: players, open your draft page."))
    return redirect("drafts:draft_console", event.pk)


SIMPLE_ACTIONS = {
    "pause": (pod_pause, gettext_lazy("The pod is paused.")),
    "resume": (pod_resume, gettext_lazy("The pod's clock runs again.")),
    "begin": (pod_begin_picking, gettext_lazy("The picking has started.")),
}


@login_required
@require_POST
def pod_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    pod = get_object_or_404(Pod.objects.select_related("draft__event"), pk=pk)
    event = _event_for_judge(request, pod.draft.event_id)
    if action in SIMPLE_ACTIONS:
        service, done = SIMPLE_ACTIONS[action]
        outcome = attempt(request, lambda: service(actor=request.user, pod_id=pod.pk))
        message = str(done)
    elif action == "extend":
        form = PodExtendForm(request.POST)
        if not form.is_valid():
            return _render(request, event, status=400, extend_form=form)
        outcome = attempt(
            request,
            lambda: pod_extend(actor=request.user, pod_id=pod.pk, **form.cleaned_data),
        )
        message = _("The pod has %(n)s more seconds.") % {"n": form.cleaned_data["seconds"]}
    elif action == "bot":
        form = SeatBotForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Choose a seat of this pod."))
            return _render(request, event, status=400)
        data = form.cleaned_data
        outcome = attempt(
            request,
            lambda: seat_set_bot(
                actor=request.user,
                pod_id=pod.pk,
                seat_id=data["seat"],
                bot=data["bot"],
                reason=data["reason"],
            ),
        )
        message = (
            _("A bot holds the seat now.") if data["bot"] else _("The player has the seat back.")
        )
    elif action in BUILDING_ACTIONS:
        outcome, message = _building_action(request, pod, action)
    else:
        raise Http404
    if not outcome.ok:
        return _render(request, event, status=outcome.status)
    messages.success(request, message)
    return redirect("drafts:draft_console", event.pk)


BUILDING_ACTIONS = {"end_building", "extend_seat", "seat_player"}


def _number(request: HttpRequest, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isdigit() and len(value) < 10 else 0


def _building_action(request: HttpRequest, pod: Pod, action: str) -> tuple[Any, str]:
    reason = request.POST.get("reason", "")[:300]
    if action == "end_building":
        outcome = attempt(
            request, lambda: pod_end_building(actor=request.user, pod_id=pod.pk, reason=reason)
        )
        return outcome, _("Deck building has ended at this pod.")
    if action == "extend_seat":
        seconds = _number(request, "seconds")
        outcome = attempt(
            request,
            lambda: seat_extend_building(
                actor=request.user,
                pod_id=pod.pk,
                seat_id=_number(request, "seat"),
                seconds=seconds,
                reason=reason,
            ),
        )
        return outcome, _("The seat has %(n)s more seconds to build.") % {"n": seconds}
    outcome = attempt(
        request,
        lambda: seat_assign_player(
            actor=request.user,
            pod_id=pod.pk,
            seat_id=_number(request, "seat"),
            registration_id=_number(request, "registration"),
            reason=reason,
        ),
    )
    return outcome, _("The player has the seat now.")


@login_required
@require_POST
def enter_without_seat(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event_for_judge(request, pk)
    registration = get_object_or_404(event.registrations.all(), pk=_number(request, "registration"))
    outcome = attempt(
        request,
        lambda: draft_enter_without_seat(
            actor=request.user,
            registration_id=registration.pk,
            reason=request.POST.get("reason", "")[:300],
        ),
    )
    if not outcome.ok:
        return _render(request, event, status=outcome.status)
    messages.success(request, _("The player is entered for the Swiss rounds."))
    return redirect("drafts:draft_console", event.pk)


@login_required
@require_POST
def replace_pack(request: HttpRequest, pk: int) -> HttpResponse:
    pack = get_object_or_404(Pack.objects.select_related("pod__draft"), pk=pk)
    event = _event_for_judge(request, pack.pod.draft.event_id)
    reason = request.POST.get("reason", "")[:300]
    outcome = attempt(
        request, lambda: pack_replace(actor=request.user, pack_id=pack.pk, reason=reason)
    )
    if not outcome.ok:
        return _render(request, event, status=outcome.status)
    messages.success(request, _("The pack is replaced by a new booster."))
    return redirect("drafts:draft_console", event.pk)
