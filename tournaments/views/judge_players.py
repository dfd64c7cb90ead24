"""Judges' players page: add players (accounts or walk-ins, late entries once running),
check-in, fixed tables. Drops go through the drop page (player.drop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.login_lockout import locked_usernames
from tournaments import selectors
from tournaments.forms import CheckInForm, FixedTableForm, PlayerAddForm
from tournaments.models import Registration
from tournaments.models.choices import EventStatus
from tournaments.services.registration import (
    registration_add,
    registration_check_in,
    registration_set_fixed_table,
    registration_unlock_login,
)
from tournaments.views.common import attempt, event_context, get_event, require

if TYPE_CHECKING:
    from tournaments.models import Event


def _render(
    request: HttpRequest, event: Event, *, form: PlayerAddForm | None = None, status: int = 200
) -> HttpResponse:
    registrations = list(selectors.event_players(event))
    locked = locked_usernames(reg.player.get_username() for reg in registrations)
    context = event_context(
        request,
        event,
        "judge_players",
        registrations=registrations,
        locked_logins=locked,
        counts=selectors.registration_counts(event),
        form=form or PlayerAddForm(),
        open_registration=event.status == EventStatus.REGISTRATION,
        can_add=event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING),
    )
    return render(request, "tournaments/judge_players.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def judge_players(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    if request.method == "GET":
        return _render(request, event)
    form = PlayerAddForm(request.POST)
    status = 400
    if form.is_valid():
        outcome = attempt(
            request,
            lambda: registration_add(
                actor=request.user,
                event_id=event.pk,
                player=form.cleaned_data.get("user"),
                display_name=form.cleaned_data.get("display_name", ""),
            ),
            form,
        )
        if outcome.ok:
            reg = outcome.value
            if reg.late_entry:
                text = _("%(name)s joins as a late entry from round %(n)s.") % {
                    "name": reg.name,
                    "n": reg.first_round,
                }
            else:
                text = _("%(name)s is registered.") % {"name": reg.name}
            messages.success(request, text)
            return redirect("tournaments:judge_players", event.pk)
        status = outcome.status
    return _render(request, event, form=form, status=status)


def _registration(pk: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("event", "player"), pk=pk)


@login_required
@require_POST
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _registration(pk)
    event = registration.event
    require(request, "tournaments.run_event", event)
    form = CheckInForm(request.POST)
    checked_in = form.cleaned_data["checked_in"] if form.is_valid() else True
    outcome = attempt(
        request,
        lambda: registration_check_in(
            actor=request.user, registration_id=registration.pk, checked_in=checked_in
        ),
    )
    if outcome.ok:
        return redirect(f"{_players_url(event)}#reg-{registration.pk}")
    return _render(request, event, status=outcome.status)


@login_required
@require_POST
def fixed_table(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _registration(pk)
    event = registration.event
    require(request, "tournaments.run_event", event)
    form = FixedTableForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, f"{registration.name}: {error}")
        return _render(request, event, status=400)
    table = form.cleaned_data["table"]
    outcome = attempt(
        request,
        lambda: registration_set_fixed_table(
            actor=request.user, registration_id=registration.pk, table=table
        ),
    )
    if outcome.ok:
        if table:
            text = _("%(name)s always sits at table %(table)s.")
        else:
            text = _("%(name)s has no fixed table now.")
        messages.success(request, text % {"name": registration.name, "table": table})
        return redirect(_players_url(event))
    return _render(request, event, status=outcome.status)


def _players_url(event: Event) -> str:
    from django.urls import reverse

    return reverse("tournaments:judge_players", args=[event.pk])


@login_required
@require_POST
def unlock_login(request: HttpRequest, pk: int) -> HttpResponse:
    registration = _registration(pk)
    event = registration.event
    require(request, "tournaments.run_event", event)
    outcome = attempt(
        request,
        lambda: registration_unlock_login(actor=request.user, registration_id=registration.pk),
    )
    if outcome.ok:
        messages.success(request, _("%(name)s can log in again.") % {"name": registration.name})
        return redirect(_players_url(event))
    return _render(request, event, status=outcome.status)
