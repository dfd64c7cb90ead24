"""Judges' players page: add players (accounts or walk-ins, late entries once running),
check-in, fixed tables. Drops go through the drop page (player.drop)."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

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
from tournaments import people as finding
from tournaments import selectors
from tournaments.forms import (
    CheckInForm,
    FixedTableForm,
    PlayerAddForm,
    PlayerBulkAddForm,
    PlayerBulkConfirmForm,
    person_label,
)
from tournaments.models import Registration
from tournaments.models.choices import EventStatus
from tournaments.services.registration import (
    LineEntry,
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
    bulk_confirm: PlayerBulkConfirmForm | None = None,
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
        add_choices=_add_choices(request, event, form),
        bulk_form=bulk_form or PlayerBulkAddForm(),
        bulk_confirm=bulk_confirm,
        open_registration=event.status == EventStatus.REGISTRATION,
        can_add=event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING),
    )
    return render(request, "tournaments/judge_players.html", context, status=status)


def _add_choices(
    request: HttpRequest, event: Event, form: PlayerAddForm | None
) -> dict[str, Any] | None:
    """What an entry that named several people, or nobody, offers: the people to pick from
    (or those close to it: "did you mean"), each added with one tap, and for a name nobody
    has, adding it as a walk-in."""
    match = form.match if form is not None else None
    if match is None or match.person is not None:
        return None
    people = match.candidates or match.similar
    walk_in = (
        not match.candidates
        and not finding.is_player_number(match.text)
        and not finding.walk_in_refusal(match.text)
    )
    if not people and not walk_in:
        return None
    return {
        "match": match,
        "people": finding.person_choices(people, event=event, actor=request.user),
        "walk_in": walk_in,
    }


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
    if "batch" in request.POST:
        return _bulk_confirm(request, event)
    if "lines" in request.POST:
        return _bulk_preview(request, event)
    form = PlayerAddForm(request.POST, event=event)
    if not form.is_valid():
        # What was typed stays, with the people it may mean to pick from.
        return _render(request, event, form=form, status=400)
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
    # A refusal of the service is said with what was typed; the fields start empty for the
    # next player, so a refused entry is never sent again with the next one.
    typed = (request.POST.get("player") or request.POST.get("display_name") or "").strip()
    for error in [e for errors in form.errors.values() for e in errors]:
        messages.error(
            request, _("“%(typed)s”: %(error)s") % {"typed": typed[:150], "error": error}
        )
    return _render(request, event, status=outcome.status)


def _bulk_preview(request: HttpRequest, event: Event) -> HttpResponse:
    """Several players at once, first step: what each line names, for the judge to confirm
    (nothing is created here)."""
    form = PlayerBulkAddForm(request.POST)
    if not form.is_valid():
        return _render(request, event, bulk_form=form, status=400)
    rows = finding.bulk_add_preview(form.cleaned_data["lines"], event=event, actor=request.user)
    confirm = PlayerBulkConfirmForm(initial={"batch": uuid.uuid4()}, rows=rows)
    return _render(request, event, bulk_form=form, bulk_confirm=confirm)


def _lines_added(request: HttpRequest, event: Event) -> list[str] | None:
    try:
        batch = uuid.UUID(request.POST.get("batch", ""))
    except ValueError:
        return None  # the confirmation's form says so
    return finding.lines_added(event, batch)


def _bulk_confirm(request: HttpRequest, event: Event) -> HttpResponse:
    """Second step: the lines as the preview showed them (read again: a line whose people
    changed meanwhile is asked again) with the judge's choice for each; all added at once."""
    done = _lines_added(request, event)
    if done is not None:  # the same confirmation again (a double tap, a reload)
        messages.info(
            request, _("This list was already added: %(names)s.") % {"names": ", ".join(done)}
        )
        return redirect("tournaments:judge_players", event.pk)
    form = PlayerBulkAddForm({"lines": "\n".join(request.POST.getlist("line"))})
    if not form.is_valid():
        return _render(request, event, bulk_form=form, status=400)
    rows = finding.bulk_add_preview(form.cleaned_data["lines"], event=event, actor=request.user)
    confirm = PlayerBulkConfirmForm(request.POST, rows=rows)
    if not confirm.is_valid():
        return _render(request, event, bulk_form=form, bulk_confirm=confirm, status=400)
    entries = [
        LineEntry(row.line, row.person_for(value))
        for row, value in confirm.entries()
        if value != "skip"
    ]
    outcome = attempt(
        request,
        lambda: registration_add_lines(
            actor=request.user,
            event_id=event.pk,
            entries=entries,
            batch=confirm.cleaned_data["batch"],
        ),
    )
    if not outcome.ok:
        return _render(request, event, bulk_form=form, bulk_confirm=confirm, status=outcome.status)
    added = outcome.value
    if added.repeat:  # sent twice at the same instant: the other one added them
        messages.info(
            request,
            _("This list was already added: %(names)s.") % {"names": ", ".join(added.names)},
        )
    else:
        regs = added.registrations
        messages.success(
            request,
            ngettext("%(n)s player added: %(names)s.", "%(n)s players added: %(names)s.", len(regs))
            % {"n": len(regs), "names": ", ".join(r.name for r in regs)},
        )
        if regs and regs[0].late_entry:
            messages.info(
                request,
                _("They join as late entries from round %(n)s.") % {"n": regs[0].first_round},
            )
        left_out = len(rows) - len(regs)
        if left_out:
            messages.info(
                request,
                ngettext("%(n)s line left out.", "%(n)s lines left out.", left_out)
                % {"n": left_out},
            )
    return redirect("tournaments:judge_players", event.pk)


@login_required
def player_suggestions(request: HttpRequest, pk: int) -> JsonResponse:
    """Who the add-a-player field suggests for what is typed (the event's staff only): each
    with the value the field takes (their number) and a label (name and number, never a
    username). Plain players are found by name; anyone else by their exact number only
    (``finding.people_search``). When nothing matches, the names close to what was typed
    (``finding.people_similar``), with ``"similar": true``. Each judge has
    ``PLAYER_SEARCHES_PER_MINUTE`` searches a minute, counted in the shared cache; beyond,
    a 429 with ``Retry-After``."""
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    text = request.GET.get("q", "")[:100]
    if len(text.strip()) < 2:
        return JsonResponse({"results": []})
    limited = rate_limit.search_limited(
        scope="player-search", who=request.user.pk, limit=settings.PLAYER_SEARCHES_PER_MINUTE
    )
    if limited is not None:
        return limited
    registered = set(event.registrations.values_list("player_id", flat=True))
    found = finding.people_search(text, event=event)
    similar = not found
    if similar:  # a typo: the names close to it ("did you mean")
        found = finding.people_similar(text, event=event)
    results = [
        {
            "value": str(user.player_number),
            "label": person_label(user),
            "registered": user.pk in registered,
        }
        for user in found
        if user.player_number  # every saved account has one (``User.save``)
    ]
    return JsonResponse({"results": results, "similar": similar and bool(results)})


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
