"""Judges' players page: add players (accounts or walk-ins, late entries once running),
check-in, fixed tables. Drops go through the drop page (player.drop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.login_lockout import locked_usernames
from config import rate_limit
from tournaments import selectors
from tournaments.forms import (
    CheckInForm,
    FixedTableForm,
    PlayerAddForm,
    PlayerBulkAddForm,
    person_label,
)
from tournaments.models import Registration
from tournaments.models.choices import EventStatus
from tournaments.services.registration import (
    AddedLine,
    registration_add,
    registration_add_lines,
    registration_check_in,
    registration_check_in_all,
    registration_set_fixed_table,
    registration_unlock_login,
)
from tournaments.views.common import attempt, event_context, get_event, require

if TYPE_CHECKING:
    from tournaments.models import Event


def _render(
    request: HttpRequest,
    event: Event,
    *,
    form: PlayerAddForm | None = None,
    bulk_form: PlayerBulkAddForm | None = None,
    bulk_results: list[AddedLine] | None = None,
    status: int = 200,
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
        bulk_form=bulk_form or PlayerBulkAddForm(),
        bulk_results=bulk_results,
        open_registration=event.status == EventStatus.REGISTRATION,
        can_add=event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING),
    )
    return render(request, "tournaments/judge_players.html", context, status=status)


def _added_text(reg: Registration) -> str:
    if reg.late_entry:
        return _("%(name)s joins as a late entry from round %(n)s.") % {
            "name": reg.name,
            "n": reg.first_round,
        }
    return _("%(name)s is registered.") % {"name": reg.name}


@login_required
@require_http_methods(["GET", "POST"])
def judge_players(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    if request.method == "GET":
        return _render(request, event)
    if "lines" in request.POST:
        return _bulk_add(request, event)
    form = PlayerAddForm(request.POST, event=event)
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
            messages.success(request, _added_text(outcome.value))
            return redirect("tournaments:judge_players", event.pk)
        status = outcome.status
    # The refusal is said with what was typed; the fields start empty for the next player,
    # so a rejected entry is never sent again with the next one.
    typed = (request.POST.get("player") or request.POST.get("display_name") or "").strip()
    for error in [e for errors in form.errors.values() for e in errors]:
        messages.error(
            request, _("“%(typed)s”: %(error)s") % {"typed": typed[:150], "error": error}
        )
    return _render(request, event, status=status)


def _bulk_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = PlayerBulkAddForm(request.POST)
    if not form.is_valid():
        return _render(request, event, bulk_form=form, status=400)
    outcome = attempt(
        request,
        lambda: registration_add_lines(
            actor=request.user, event_id=event.pk, text=form.cleaned_data["lines"]
        ),
        form,
    )
    if not outcome.ok:
        return _render(request, event, bulk_form=form, status=outcome.status)
    results = outcome.value
    added = sum(1 for r in results if r.registration is not None)
    messages.info(
        request,
        ngettext(
            "%(added)s of %(count)s line added.",
            "%(added)s of %(count)s lines added.",
            len(results),
        )
        % {"added": added, "count": len(results)},
    )
    return _render(request, event, bulk_results=results)


@login_required
def player_suggestions(request: HttpRequest, pk: int) -> JsonResponse:
    """Who the add-a-player field suggests for what is typed (the event's staff only): each
    with the value the field takes (their number) and a label (name and number, never a
    username). Plain players are found by name; anyone else by their exact number only
    (``selectors.people_search``). Each judge has ``PLAYER_SEARCHES_PER_MINUTE`` searches a
    minute, counted in the shared cache; beyond, a 429 with ``Retry-After``."""
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    text = request.GET.get("q", "")[:100]
    if len(text.strip()) < 2:
        return JsonResponse({"results": []})
    wait = rate_limit.take(
        scope="player-search",
        who=request.user.pk,
        limit=settings.PLAYER_SEARCHES_PER_MINUTE,
        window=60,
    )
    if wait is not None:
        detail = ngettext(
            "Too many searches in a row: try again in %(n)s second.",
            "Too many searches in a row: try again in %(n)s seconds.",
            wait,
        ) % {"n": wait}
        response = JsonResponse(
            {"detail": detail, "code": "too_many_searches", "results": []}, status=429
        )
        response["Retry-After"] = str(wait)
        return response
    registered = set(event.registrations.values_list("player_id", flat=True))
    results = [
        {
            "value": str(user.player_number),
            "label": person_label(user),
            "registered": user.pk in registered,
        }
        for user in selectors.people_search(text, event=event)
        if user.player_number  # every saved account has one (``User.save``)
    ]
    return JsonResponse({"results": results})


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
    if request.htmx:
        if not outcome.ok:  # the refusal is a message: the whole page shows it
            response = HttpResponse(status=200)
            response["HX-Refresh"] = "true"
            return response
        return _row_and_counts(request, event, outcome.value)
    if outcome.ok:
        return redirect(f"{_players_url(event)}#reg-{registration.pk}")
    return _render(request, event, status=outcome.status)


def _row_and_counts(request: HttpRequest, event: Event, registration: Registration) -> HttpResponse:
    """One player's row after a check-in, and the counts above the table (out of band)."""
    reg = selectors.event_players(event).get(pk=registration.pk)
    context = {
        "event": event,
        "reg": reg,
        "locked_logins": locked_usernames([reg.player.get_username()]),
        "open_registration": event.status == EventStatus.REGISTRATION,
        "counts": selectors.registration_counts(event),
        "oob": True,
    }
    row = render_to_string("tournaments/_player_row.html", context, request=request)
    counts = render_to_string("tournaments/_player_counts.html", context, request=request)
    return HttpResponse(row + counts)


@login_required
@require_POST
def check_in_all(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    outcome = attempt(
        request, lambda: registration_check_in_all(actor=request.user, event_id=event.pk)
    )
    if outcome.ok:
        messages.success(
            request,
            ngettext("%(n)s player checked in.", "%(n)s players checked in.", outcome.value)
            % {"n": outcome.value},
        )
    return redirect(_players_url(event))


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
