"""Organisers' pages: create an event, change its settings, choose its judges."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from tournaments import selectors
from tournaments.forms import EventForm, ReasonForm, StaffForm, StaffRemoveForm
from tournaments.models import Event
from tournaments.models.choices import EventStatus, StaffRole
from tournaments.services.events import (
    event_create,
    event_reopen,
    event_update,
    locked_settings,
    staff_set,
)
from tournaments.views.common import attempt, event_context, get_event, require


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    require(request, "tournaments.create_event")
    form = EventForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            outcome = attempt(
                request, lambda: event_create(actor=request.user, **form.cleaned_data), form
            )
            if outcome.ok:
                messages.success(request, _("The event is created. Players can register now."))
                return redirect("tournaments:event_detail", outcome.value.pk)
            status = outcome.status
    return render(request, "tournaments/event_form.html", {"form": form}, status=status)


def _edit_context(
    request: HttpRequest,
    event: Event,
    form: EventForm | None = None,
    staff_form: StaffForm | None = None,
    reopen_form: ReasonForm | None = None,
) -> dict:
    return event_context(
        request,
        event,
        "edit",
        form=form
        or EventForm(instance=Event.objects.get(pk=event.pk), locked=locked_settings(event)),
        finished=event.status == EventStatus.FINISHED,
        reopen_form=reopen_form or ReasonForm(prefix="reopen"),
        can_reopen=request.user.has_perm("tournaments.run_event", event),
        staff=list(selectors.event_staff(event)),
        staff_form=staff_form or StaffForm(),
        can_manage_staff=request.user.has_perm("tournaments.manage_staff", event),
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_edit(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.change_event", event)
    status = 200
    form = None
    if request.method == "POST":
        form = EventForm(
            request.POST, instance=Event.objects.get(pk=event.pk), locked=locked_settings(event)
        )
        status = 400
        if form.is_valid():
            outcome = attempt(
                request,
                lambda: event_update(actor=request.user, event_id=event.pk, **form.cleaned_data),
                form,
            )
            if outcome.ok:
                messages.success(request, _("The settings are saved."))
                return redirect("tournaments:event_edit", event.pk)
            status = outcome.status
    return render(
        request, "tournaments/event_edit.html", _edit_context(request, event, form), status=status
    )


@login_required
@require_POST
def reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Reopen a finished event with a reason (audited)."""
    event = get_event(pk)
    require(request, "tournaments.run_event", event)
    form = ReasonForm(request.POST, prefix="reopen")
    status = 400
    if form.is_valid():
        outcome = attempt(
            request,
            lambda: event_reopen(
                actor=request.user, event_id=event.pk, reason=form.cleaned_data["reason"]
            ),
            form,
        )
        if outcome.ok:
            messages.success(
                request, _("The event is open again: correct it, then finish it again.")
            )
            return redirect("tournaments:dashboard", event.pk)
        status = outcome.status
    return render(
        request,
        "tournaments/event_edit.html",
        _edit_context(request, get_event(pk), reopen_form=form),
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_staff(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's staff (its own tab): every judge sees who is on it; organisers add and
    remove people."""
    event = get_event(pk)
    if request.method == "GET":
        require(request, "tournaments.run_event", event)
        return _staff_page(request, event)
    require(request, "tournaments.manage_staff", event)
    status = 400
    staff_form = None
    if "remove" in request.POST:
        remove = StaffRemoveForm(request.POST)
        user = (
            User.objects.filter(pk=remove.cleaned_data["user"]).first()
            if remove.is_valid()
            else None
        )
        if user is not None:
            outcome = attempt(
                request,
                lambda: staff_set(actor=request.user, event_id=event.pk, user=user, role=None),
            )
            if outcome.ok:
                messages.success(
                    request, _("%(name)s is no longer on the staff.") % {"name": user.public_name}
                )
                return redirect("tournaments:event_staff", event.pk)
            status = outcome.status
        else:
            messages.error(request, _("Choose someone on the staff."))
    else:
        staff_form = StaffForm(request.POST, event=event)
        if staff_form.is_valid():
            person = staff_form.cleaned_data["person"]
            outcome = attempt(
                request,
                lambda: staff_set(
                    actor=request.user,
                    event_id=event.pk,
                    user=person,
                    role=staff_form.cleaned_data["role"],
                ),
                staff_form,
            )
            if outcome.ok:
                messages.success(
                    request, _("%(name)s is on the staff.") % {"name": person.public_name}
                )
                return redirect("tournaments:event_staff", event.pk)
            status = outcome.status
    return _staff_page(request, event, staff_form=staff_form, status=status)


def _staff_page(
    request: HttpRequest, event: Event, *, staff_form: StaffForm | None = None, status: int = 200
) -> HttpResponse:
    staff = list(selectors.event_staff(event))
    context = event_context(
        request,
        event,
        "staff",
        staff=staff,
        staff_form=staff_form or StaffForm(),
        can_manage_staff=request.user.has_perm("tournaments.manage_staff", event),
        organisers=[m.user.public_name for m in staff if m.role == StaffRole.ORGANISER],
    )
    return render(request, "tournaments/event_staff.html", context, status=status)
