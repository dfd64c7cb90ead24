"""The organiser's webhook pages: an event's endpoints (and the organiser's for all their
events) with the form to add one; an endpoint's page with its settings, secret, test ping
and deliveries, each with its answer and a button to send it again. Only the owner sees an
endpoint (anyone else gets a 404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from config.errors import NotFoundError
from tournaments.views.common import attempt, event_context, get_event, require
from webhooks import selectors, services
from webhooks.forms import DeliveryForm, EndpointForm, NewEndpointForm
from webhooks.models import WebhookEndpoint


@login_required
@require_http_methods(["GET", "POST"])
def event_webhooks(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(pk)
    require(request, "tournaments.change_event", event)
    form = NewEndpointForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            outcome = attempt(
                request,
                lambda: services.endpoint_create(
                    actor=request.user,
                    url=data["url"],
                    kinds=data["kinds"],
                    event_id=None if data["all_events"] else event.pk,
                    description=data["description"],
                    active=data["active"],
                ),
                form,
            )
            if outcome.ok:
                messages.success(
                    request, _("Webhook added. Copy its secret to check its signatures.")
                )
                return redirect("webhooks:endpoint", outcome.value.pk)
            status = outcome.status
    context = event_context(
        request,
        event,
        "webhooks",
        endpoints=selectors.own_endpoints(request.user, event=event),
        form=form,
    )
    return render(request, "webhooks/event_webhooks.html", context, status=status)


def _endpoint(request: HttpRequest, pk: int) -> WebhookEndpoint:
    try:
        return selectors.own_endpoint(request.user, pk)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc


@login_required
@require_http_methods(["GET", "POST"])
def endpoint_page(request: HttpRequest, pk: int) -> HttpResponse:
    endpoint = _endpoint(request, pk)
    initial = {
        "url": endpoint.url,
        "description": endpoint.description,
        "kinds": endpoint.kinds,
        "active": endpoint.active,
    }
    action = request.POST.get("action", "") if request.method == "POST" else ""
    form = EndpointForm(request.POST if action == "save" else None, initial=initial)
    status = 200
    if action == "save":
        status = 400
        if form.is_valid():
            outcome = attempt(
                request,
                lambda: services.endpoint_update(
                    actor=request.user, endpoint_id=endpoint.pk, **form.cleaned_data
                ),
                form,
            )
            if outcome.ok:
                messages.success(request, _("Webhook saved."))
                return redirect("webhooks:endpoint", endpoint.pk)
            status = outcome.status
    elif action in ("rotate", "ping", "delete"):
        calls = {
            "rotate": (services.endpoint_rotate_secret, _("New secret made.")),
            "ping": (services.endpoint_ping, _("Test delivery queued.")),
            "delete": (services.endpoint_delete, _("Webhook deleted.")),
        }
        call, done = calls[action]
        outcome = attempt(request, lambda: call(actor=request.user, endpoint_id=endpoint.pk))
        if outcome.ok:
            messages.success(request, done)
            if action == "delete":
                if endpoint.event_id is not None:
                    return redirect("webhooks:event_webhooks", endpoint.event_id)
                return redirect("tournaments:my_events")
            return redirect("webhooks:endpoint", endpoint.pk)
        status = outcome.status
    elif action == "redeliver":
        chosen = DeliveryForm(request.POST)
        status = 400
        delivery_id = chosen.cleaned_data["delivery"] if chosen.is_valid() else None
        if delivery_id is not None and endpoint.deliveries.filter(pk=delivery_id).exists():
            outcome = attempt(
                request,
                lambda: services.delivery_redeliver(actor=request.user, delivery_id=delivery_id),
            )
            if outcome.ok:
                messages.success(request, _("Delivery queued again."))
                return redirect("webhooks:endpoint", endpoint.pk)
            status = outcome.status
        else:
            messages.error(request, _("Choose a delivery."))
    elif action:
        messages.error(request, _("Unknown action."))
        status = 400
    context = {
        "endpoint": endpoint,
        "form": form,
        "deliveries": selectors.endpoint_deliveries(endpoint)[: selectors.DELIVERIES_SHOWN],
    }
    return render(request, "webhooks/endpoint.html", context, status=status)
