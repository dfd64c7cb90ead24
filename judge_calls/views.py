"""Judge calls on the pages: a player calls a judge from their match page (and may cancel the
call); judges work the live queue (claim, release, escalate, resolve) and print the log."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.numbers import parse_whole_number
from judge_calls import selectors as calls
from judge_calls.forms import JudgeCallForm, ResolveForm, infraction_choices
from judge_calls.models import MAX_CALL_EXTENSION_MINUTES, JudgeCall
from judge_calls.services import (
    judge_call_cancel,
    judge_call_claim,
    judge_call_create,
    judge_call_escalate,
    judge_call_release,
    judge_call_resolve,
)
from tournaments.models import Match
from tournaments.models.choices import PenaltyKind
from tournaments.views.common import attempt, event_context, get_event, require
from tournaments.visibility import visibility_for

# The answer a judge may give in one tap, by the button's name.
SIMPLE_ACTIONS: dict[str, Callable[..., JudgeCall]] = {
    "claim": judge_call_claim,
    "release": judge_call_release,
    "escalate": judge_call_escalate,
}


def _done_message(action: str, call: JudgeCall) -> str:
    where = _("table %(t)s") % {"t": call.match.table}
    return {
        "claim": _("You claimed the call at %(where)s."),
        "release": _("You released the call at %(where)s."),
        "escalate": _("The call at %(where)s is escalated to the head judge."),
        "resolve": _("The call at %(where)s is answered."),
    }[action] % {"where": where}


# --- the player ----------------------------------------------------------------------------
@login_required
@require_POST
def call_judge(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("round__event"), pk=pk)
    event = match.round.event
    form = JudgeCallForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("tournaments:my_match", event.pk)
    outcome = attempt(
        request,
        lambda: judge_call_create(
            actor=request.user,
            match_id=match.pk,
            reason=form.cleaned_data["reason"],
            note=form.cleaned_data["note"],
        ),
    )
    if outcome.ok:
        messages.success(request, _("A judge is called to your table. Stay at the table."))
    return redirect("tournaments:my_match", event.pk)


@login_required
@require_POST
def cancel_call(request: HttpRequest, pk: int) -> HttpResponse:
    call = get_object_or_404(JudgeCall.objects.select_related("event"), pk=pk)
    outcome = attempt(request, lambda: judge_call_cancel(actor=request.user, call_id=call.pk))
    if outcome.ok:
        messages.success(request, _("Your judge call is cancelled."))
    return redirect("tournaments:my_match", call.event_id)


# --- the judges ----------------------------------------------------------------------------
def queue_context(request: HttpRequest, pk: int) -> dict:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    visibility = visibility_for(request.user, event)
    queue = calls.call_queue(event, visibility)
    for call in queue:
        call.mine = call.claimed_by_id == request.user.pk
    return event_context(
        request,
        event,
        "judge_calls",
        queue=queue,
        answered=calls.recent_answered(event, visibility),
        times=calls.event_call_times(event, visibility),
        head_judge=request.user.has_perm("tournaments.head_judge", event),
        infractions=infraction_choices(event),
        penalty_kinds=PenaltyKind.choices,
        max_minutes=MAX_CALL_EXTENSION_MINUTES,
    )


@login_required
@require_GET
def queue(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "judge_calls/judge_calls.html", queue_context(request, pk))


@login_required
@require_POST
def call_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    call = get_object_or_404(JudgeCall.objects.select_related("event", "match"), pk=pk)
    require(request, "tournaments.run_event", call.event)
    if action not in SIMPLE_ACTIONS:
        messages.error(request, _("Unknown action."))
        return redirect("judge_calls:judge_calls", call.event_id)
    service = SIMPLE_ACTIONS[action]
    outcome = attempt(request, lambda: service(actor=request.user, call_id=call.pk))
    if outcome.ok:
        messages.success(request, _done_message(action, call))
    return redirect("judge_calls:judge_calls", call.event_id)


@login_required
@require_POST
def resolve(request: HttpRequest, pk: int) -> HttpResponse:
    call = get_object_or_404(JudgeCall.objects.select_related("event", "match"), pk=pk)
    require(request, "tournaments.run_event", call.event)
    players = [p for p in (call.match.player_a_id, call.match.player_b_id) if p]
    form = ResolveForm(request.POST, player_ids=players)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                message = _("Table %(t)s: %(error)s") % {"t": call.match.table, "error": error}
                messages.error(request, message)
        return redirect("judge_calls:judge_calls", call.event_id)
    data = form.cleaned_data
    outcome = attempt(
        request,
        lambda: judge_call_resolve(
            actor=request.user,
            call_id=call.pk,
            outcome=data["outcome"],
            ruling=data["ruling"],
            extension_minutes=data["extension_minutes"],
            penalty_registration_id=data["penalty_registration"],
            penalty_infraction=data["penalty_infraction"],
            penalty_kind=data["penalty_kind"],
            penalty_reason=data["penalty_reason"],
            penalty_deviation_reason=data["penalty_deviation_reason"],
        ),
    )
    if outcome.ok:
        messages.success(request, _done_message("resolve", call))
    return redirect("judge_calls:judge_calls", call.event_id)


@login_required
@require_GET
def print_log(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    visibility = visibility_for(request.user, event)
    round_number = parse_whole_number(request.GET.get("round"), maximum=None)
    context = {
        "event": event,
        "calls": calls.call_log(event, visibility, round_number=round_number),
        "times": calls.event_call_times(event, visibility),
        "round_number": round_number,
    }
    return render(request, "judge_calls/print.html", context)
