"""Reads of webhook endpoints and deliveries: who sees which (the owner alone), and which
endpoints hear of an event's happenings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Exists, OuterRef, Q, QuerySet

from config.errors import NotFoundError
from tournaments.models import EventStaff
from tournaments.models.choices import StaffRole
from webhooks.models import WebhookDelivery, WebhookEndpoint

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User
    from tournaments.models import Event

# A page of deliveries on the endpoint's page and in the API.
DELIVERIES_SHOWN = 50


def listening_endpoints(event: Event) -> list[WebhookEndpoint]:
    """The active endpoints that hear of ``event``: its own, and its organisers' endpoints
    for all their events. An owner who is no longer an organiser of the event hears nothing
    of it (a site admin's endpoint for the event still does). One query."""
    organises = Exists(
        EventStaff.objects.filter(
            event_id=event.pk, user_id=OuterRef("owner_id"), role=StaffRole.ORGANISER
        )
    )
    site_admin = Q(owner__is_superuser=True) | Q(owner__is_staff=True)
    return list(
        WebhookEndpoint.objects.filter(active=True, owner__is_active=True)
        .filter(
            (Q(event_id=event.pk) & (organises | site_admin)) | (Q(event__isnull=True) & organises)
        )
        .select_related("owner")
        .order_by("pk")
    )


def own_endpoints(user: User | AnonymousUser, *, event: Event | None = None) -> QuerySet:
    """The reader's own endpoints (for ``event``: those for it and those for all events)."""
    if not user.is_authenticated:
        return WebhookEndpoint.objects.none()
    qs = WebhookEndpoint.objects.filter(owner_id=user.pk)
    if event is not None:
        qs = qs.filter(Q(event_id=event.pk) | Q(event__isnull=True))
    return qs.select_related("event").order_by("pk")


def own_endpoint(user: User | AnonymousUser, endpoint_id: int) -> WebhookEndpoint:
    """The reader's endpoint, or NotFoundError: another person's endpoint does not exist
    for them (its address and secret say who receives what)."""
    endpoint = own_endpoints(user).filter(pk=endpoint_id).first()
    if endpoint is None:
        raise NotFoundError(_not_found())
    return endpoint


def own_delivery(user: User | AnonymousUser, delivery_id: int) -> WebhookDelivery:
    delivery = (
        WebhookDelivery.objects.filter(pk=delivery_id, endpoint__owner_id=getattr(user, "pk", None))
        .select_related("endpoint")
        .first()
    )
    if delivery is None or not user.is_authenticated:
        raise NotFoundError(_not_found())
    return delivery


def endpoint_deliveries(endpoint: WebhookEndpoint) -> QuerySet[WebhookDelivery]:
    """The endpoint's deliveries, newest first."""
    return endpoint.deliveries.select_related("event").order_by("-pk")


def _not_found() -> str:
    from django.utils.translation import gettext as _

    return _("There is no such webhook endpoint.")
