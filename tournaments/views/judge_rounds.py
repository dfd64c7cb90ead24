"""The judges' round dashboard and what it does: pair the next round (or force it with
results missing), re-pair, swap, publish, the clock, table extensions, top cut, finish."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from config import clock as time_source
from tournaments import selectors
from tournaments.flags import describe_match
from tournaments.forms import ClockAdjustForm, ExtendForm, PairForm, ReasonForm, SwapForm
from tournaments.models import Event, Match, Round
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    RegistrationStatus,
    RoundKind,
    RoundStatus,
)
from tournaments.services import clock as clock_services
from tournaments.services.rounds import (
    round_pair_next,
    round_publish,
    round_repair,
    round_swap,
    swiss_rounds_planned,
)
from tournaments.services.topcut import event_finish, topcut_advance, topcut_start
from tournaments.views.common import (
    attempt,
    event_context,
    get_event,
    local_site_warning,
    require,
    round_clock,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from django.http import HttpResponseRedirect


def next_step(event: Event, latest: Round | None) -> str:
    """What the event needs next, as the dashboard offers it."""
    if event.status == EventStatus.FINISHED:
        return ""
    if latest is None:
        return "pair_first" if event.status == EventStatus.REGISTRATION else ""
    if latest.status == RoundStatus.DRAFT:
        return "publish"
    if latest.kind == RoundKind.TOP_CUT:
        return "topcut_advance"
    if latest.number < swiss_rounds_planned(event):
        return "pair_next"
    return "topcut_start" if event.top_cut else "finish"


def _time_up(round_: Round) -> bool:
    """The round's time is over (called, or its deadline passed): pairing the next round with
    results missing is then an ordinary step, not an early one."""
    if round_.time_called_at is not None:
        return True
    remaining = round_.remaining(time_source.now())
    return remaining is not None and remaining <= timedelta(0)


def dashboard_context(
    request: HttpRequest,
    event: Event,
    number: int | None = None,
    **forms,
) -> dict:
    rounds = selectors.event_rounds(event)
    round_ = rounds[-1] if rounds else None
    if number is not None:
        round_ = next((r for r in rounds if r.number == number), None)
        if round_ is None:
            raise Http404
    latest = rounds[-1] if rounds else None
    context = event_context(request, event, "dashboard", rounds=rounds, round=round_)
    step = next_step(event, latest) if round_ is None or round_ == latest else ""
    context.update(
        step=step,
        checked_in=selectors.registration_counts(event)["checked_in"]
        if step == "pair_first"
        else 0,
        start_warnings=selectors.start_warnings(event) if step == "pair_first" else [],
        final=False,
        pair_form=forms.get("pair_form") or PairForm(),
        repair_form=forms.get("repair_form") or ReasonForm(prefix="repair"),
        adjust_form=forms.get("adjust_form") or ClockAdjustForm(),
        **local_site_warning(request),
    )
    if round_ is None:
        return context
    names = selectors.registration_names(event)
    matches = list(selectors.round_matches(round_).prefetch_related("reports"))
    rows = [
        {
            "match": m,
            "flags": describe_match(m, names),
            # A table's own clock only while it still plays: a finished table has no time left.
            "clock": round_clock(round_, m.extension_seconds)
            if m.extension_seconds
            and m.status != MatchStatus.CONFIRMED
            and round_.status == RoundStatus.PUBLISHED
            else None,
            "reports": sum(1 for r in m.reports.all() if r.registration_id),
            "waiting_for": selectors.waiting_for(m),
            # Confirmed on the score, the players' records of the games differ: a flag for
            # the judges, which blocks nothing.
            "record_differs": selectors.records_differ(m),
            # Who dropped from this table: during this round, or before its result is in.
            "dropped": [
                reg.name
                for reg in (m.player_a, m.player_b)
                if reg is not None
                and reg.status == RegistrationStatus.DROPPED
                and (reg.dropped_after_round == round_.number or m.status != MatchStatus.CONFIRMED)
            ],
            "judge_needed": selectors.judge_needed(m)
            if round_.status != RoundStatus.DRAFT
            else None,
        }
        for m in matches
    ]
    progress = selectors.round_progress(round_)
    dropped = [
        reg.name
        for m in matches
        for reg in (m.player_a, m.player_b)
        if reg is not None and not reg.is_active
    ]
    context.update(
        dropped=dropped if round_.status == RoundStatus.DRAFT else [],
        rows=rows,
        needs_judge=[row for row in rows if row["judge_needed"]],
        progress=progress,
        missing=[m.table for m in matches if m.status != "confirmed"],
        clock=round_clock(round_) if round_.status == RoundStatus.PUBLISHED else None,
        # Pairing the next round while tables still play is tucked away until time is up.
        pair_early=any(m.status != MatchStatus.CONFIRMED for m in matches) and not _time_up(round_),
        final=round_.kind == RoundKind.TOP_CUT and len(matches) == 1,
        planned=swiss_rounds_planned(event),
    )
    if round_.status == RoundStatus.DRAFT:
        context["swap_form"] = forms.get("swap_form") or SwapForm(
            players=selectors.round_seats(round_)
        )
    return context


def _render(
    request: HttpRequest, event: Event, number: int | None = None, status: int = 200, **forms
) -> HttpResponse:
    context = dashboard_context(request, event, number, **forms)
    return render(request, "tournaments/dashboard.html", context, status=status)


def _to_round(event_pk: int, number: int | None) -> HttpResponseRedirect:
    if number is None:
        return redirect("tournaments:dashboard", event_pk)
    return redirect("tournaments:dashboard_round", event_pk, number)


@login_required
@require_GET
def dashboard(request: HttpRequest, pk: int, number: int | None = None) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    return _render(request, event, number)


@login_required
@require_POST
def pair_next(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    form = PairForm(request.POST)
    if not form.is_valid():
        return _render(request, event, status=400, pair_form=form)
    outcome = attempt(
        request,
        lambda: round_pair_next(
            actor=request.user,
            event_id=event.pk,
            force=form.cleaned_data["force"],
            reason=form.cleaned_data["reason"],
        ),
        form,
        fields_only=True,
    )
    if not outcome.ok:
        return _render(request, event, status=outcome.status, pair_form=form)
    round_ = outcome.value
    messages.success(
        request,
        _("%(round)s is paired. Check the pairings, then publish them.") % {"round": round_.title},
    )
    return _to_round(event.pk, round_.number)


def _round(request: HttpRequest, pk: int) -> Round:
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk)
    require(request, "tournaments.run_event", round_.event)
    return round_


@login_required
@require_POST
def repair(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = _round(request, pk)
    event = round_.event
    form = ReasonForm(request.POST, prefix="repair")
    if not form.is_valid():
        return _render(request, event, round_.number, status=400, repair_form=form)
    outcome = attempt(
        request,
        lambda: round_repair(
            actor=request.user, round_id=round_.pk, reason=form.cleaned_data["reason"]
        ),
        form,
        fields_only=True,
    )
    if not outcome.ok:
        return _render(request, event, round_.number, status=outcome.status, repair_form=form)
    messages.success(request, _("%(round)s is paired again.") % {"round": round_.title})
    return _to_round(event.pk, round_.number)


@login_required
@require_POST
def swap(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = _round(request, pk)
    event = round_.event
    form = SwapForm(request.POST, players=selectors.round_seats(round_))
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        outcome = attempt(
            request,
            lambda: round_swap(
                actor=request.user,
                round_id=round_.pk,
                registration_a=data["registration_a"],
                registration_b=data["registration_b"],
                reason=data["reason"],
                allow_rematch=data["allow_rematch"],
            ),
            form,
            fields_only=True,
        )
        if outcome.ok:
            messages.success(request, _("The two players have swapped seats."))
            return _to_round(event.pk, round_.number)
        status = outcome.status
    return _render(request, event, round_.number, status=status, swap_form=form)


@login_required
@require_POST
def publish(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = _round(request, pk)
    outcome = attempt(request, lambda: round_publish(actor=request.user, round_id=round_.pk))
    if not outcome.ok:
        return _render(request, round_.event, round_.number, status=outcome.status)
    messages.success(
        request,
        _("%(round)s is published: players see their tables. Start the clock when they sit.")
        % {"round": round_.title},
    )
    return _to_round(round_.event_id, round_.number)


CLOCK_ACTIONS = {
    "start": clock_services.round_start_clock,
    "pause": clock_services.round_pause_clock,
    "resume": clock_services.round_resume_clock,
}


@login_required
@require_POST
def clock(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    round_ = _round(request, pk)
    event = round_.event
    if action == "adjust":
        form = ClockAdjustForm(request.POST)
        if not form.is_valid():
            return _render(request, event, round_.number, status=400, adjust_form=form)
        minutes = form.cleaned_data["minutes"]
        outcome = attempt(
            request,
            lambda: clock_services.round_adjust_clock(
                actor=request.user, round_id=round_.pk, seconds=minutes * 60
            ),
            form,
            fields_only=True,
        )
        if not outcome.ok:
            return _render(request, event, round_.number, status=outcome.status, adjust_form=form)
    elif action in CLOCK_ACTIONS:
        service = CLOCK_ACTIONS[action]
        outcome = attempt(request, lambda: service(actor=request.user, round_id=round_.pk))
        if not outcome.ok:
            return _render(request, event, round_.number, status=outcome.status)
    else:
        raise Http404
    return _to_round(event.pk, round_.number)


@login_required
@require_POST
def extend(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("round__event"), pk=pk)
    round_ = match.round
    event = round_.event
    require(request, "tournaments.run_event", event)
    form = ExtendForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(
                    request, _("Table %(t)s: %(error)s") % {"t": match.table, "error": error}
                )
        return _render(request, event, round_.number, status=400)
    outcome = attempt(
        request,
        lambda: clock_services.match_extend_time(
            actor=request.user,
            match_id=match.pk,
            seconds=form.cleaned_data["minutes"] * 60,
            reason=form.cleaned_data["reason"],
        ),
    )
    if not outcome.ok:
        return _render(request, event, round_.number, status=outcome.status)
    messages.success(
        request,
        ngettext(
            "Table %(t)s has %(m)s more minute.",
            "Table %(t)s has %(m)s more minutes.",
            form.cleaned_data["minutes"],
        )
        % {"t": match.table, "m": form.cleaned_data["minutes"]},
    )
    return _to_round(event.pk, round_.number)


def _event_step(
    request: HttpRequest,
    pk: int,
    action: Callable[..., Round | Event | None],
    success: str | Callable[[Round | Event | None], str],
) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    outcome = attempt(request, lambda: action(actor=request.user, event_id=event.pk))
    if not outcome.ok:
        # The refusal is a message on the dashboard: the browser never stays on the POST URL.
        return _to_round(event.pk, None)
    messages.success(request, success(outcome.value) if callable(success) else success)
    if isinstance(outcome.value, Round):
        return _to_round(event.pk, outcome.value.number)
    return redirect("tournaments:event_detail", event.pk)


@login_required
@require_POST
def start_top_cut(request: HttpRequest, pk: int) -> HttpResponse:
    return _event_step(
        request, pk, topcut_start, _("The top cut is paired from the standings. Publish it.")
    )


@login_required
@require_POST
def advance_top_cut(request: HttpRequest, pk: int) -> HttpResponse:
    return _event_step(
        request,
        pk,
        topcut_advance,
        lambda new_round: (
            _("%(round)s is paired. Publish it.") % {"round": new_round.title}
            if new_round is not None
            else _("The final is over: the event is finished.")
        ),
    )


@login_required
@require_POST
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    return _event_step(request, pk, event_finish, _("The event is finished."))
