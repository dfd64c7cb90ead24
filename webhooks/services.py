"""Writes of webhook endpoints: register, change, rotate the secret, delete, ping; and the
organiser's redelivery. Each is one transaction; the deliveries it queues go out after the
commit (``webhooks.sending``)."""

from __future__ import annotations

import socket
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from config import clock
from config.errors import DomainError, ForbiddenError
from tournaments.models import Event
from webhooks import payloads
from webhooks.core.addresses import MAX_URL_LENGTH, AddressRefused, checked_url, refuse_private
from webhooks.kinds import ALL_KINDS, PING
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint, new_secret
from webhooks.selectors import own_delivery, own_endpoint
from webhooks.sending import queue_deliveries

if TYPE_CHECKING:
    from accounts.models import User

# Endpoints one person may have: every happening of their events is written once per
# endpoint, inside the action that caused it.
MAX_ENDPOINTS_PER_OWNER = 20
# How long the secret before a rotation still signs deliveries (beside the new one).
PREVIOUS_SECRET_HOURS = 24


def _refusal(refused: AddressRefused) -> str:
    if refused.reason == "private":
        return _(
            "Webhooks are not sent to private, loopback or link-local addresses (%(address)s)."
        ) % {"address": refused.value}
    messages = {
        "too_long": _("The URL is too long (at most %(n)s characters).") % {"n": MAX_URL_LENGTH},
        "malformed": _("This is not a valid URL."),
        "scheme": _("The URL must start with http:// or https://."),
        "no_host": _("The URL has no host."),
        "credentials": _("Leave the user name and password out of the URL."),
        "unresolved": _("The URL's host could not be found."),
    }
    return messages[refused.reason]


def check_url(url: str) -> str:
    """The URL, stripped, or DomainError on ``url``: its form, and unless the site allows
    private addresses, every address its host resolves to (checked again at each send)."""
    url = url.strip()
    try:
        _scheme, host, port = checked_url(url)
        if not settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES:
            try:
                infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            except OSError:
                infos = []
            refuse_private([str(info[4][0]) for info in infos], host)
    except AddressRefused as refused:
        raise DomainError(_refusal(refused), field="url") from refused
    return url


def check_kinds(kinds: list[str]) -> list[str]:
    unknown = [k for k in kinds if k not in ALL_KINDS]
    if unknown or not kinds:
        raise DomainError(
            _("Choose what to send among: %(kinds)s.") % {"kinds": ", ".join(ALL_KINDS)},
            field="kinds",
        )
    return [k for k in ALL_KINDS if k in kinds]


def _refuse_unless_may_register(actor: User, event: Event | None) -> None:
    if event is not None:
        allowed = actor.has_perm("tournaments.change_event", event)
    else:
        allowed = actor.has_perm("tournaments.create_event")
    if not allowed:
        raise ForbiddenError(
            _("Only the event's organisers register webhooks for it.")
            if event is not None
            else _("Only organisers register webhooks for all their events.")
        )


@transaction.atomic
def endpoint_create(
    *,
    actor: User,
    url: str,
    kinds: list[str],
    event_id: int | None = None,
    description: str = "",
    active: bool = True,
) -> WebhookEndpoint:
    """Register a URL for one event (``event_id``) or every event the actor organises."""
    event = None
    if event_id is not None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise DomainError(_("There is no such event."), field="event")
    _refuse_unless_may_register(actor, event)
    url, kinds = check_url(url), check_kinds(kinds)
    # One person's endpoints are counted under a lock on their own row.
    get_user_model().objects.select_for_update().filter(pk=actor.pk).first()
    if WebhookEndpoint.objects.filter(owner=actor).count() >= MAX_ENDPOINTS_PER_OWNER:
        raise DomainError(
            _("You have %(n)s webhook endpoints already: delete one first.")
            % {"n": MAX_ENDPOINTS_PER_OWNER}
        )
    return WebhookEndpoint.objects.create(
        owner=actor,
        event=event,
        url=url,
        kinds=kinds,
        description=description.strip()[:100],
        active=active,
    )


@transaction.atomic
def endpoint_update(*, actor: User, endpoint_id: int, **fields: Any) -> WebhookEndpoint:
    """Change an endpoint's URL, kinds, description or whether it is active."""
    endpoint = own_endpoint(actor, endpoint_id)
    endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
    if "url" in fields:
        endpoint.url = check_url(fields["url"])
    if "kinds" in fields:
        endpoint.kinds = check_kinds(list(fields["kinds"]))
    if "description" in fields:
        endpoint.description = str(fields["description"]).strip()[:100]
    if "active" in fields:
        endpoint.active = bool(fields["active"])
    endpoint.save()
    return endpoint


@transaction.atomic
def endpoint_rotate_secret(*, actor: User, endpoint_id: int) -> WebhookEndpoint:
    """A new secret; the old one still signs beside it for a day (both ``v1`` values are
    sent), so the receiver can switch without refusing deliveries."""
    endpoint = own_endpoint(actor, endpoint_id)
    endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
    endpoint.previous_secret = endpoint.secret
    endpoint.previous_secret_until = clock.now() + timedelta(hours=PREVIOUS_SECRET_HOURS)
    endpoint.secret = new_secret()
    endpoint.save()
    return endpoint


@transaction.atomic
def endpoint_delete(*, actor: User, endpoint_id: int) -> None:
    """Delete an endpoint and its deliveries (those waiting are not sent)."""
    own_endpoint(actor, endpoint_id).delete()


@transaction.atomic
def endpoint_ping(*, actor: User, endpoint_id: int) -> WebhookDelivery:
    """Queue a test delivery (``ping``) to the endpoint, whatever it subscribes to."""
    endpoint = own_endpoint(actor, endpoint_id)
    delivery = WebhookDelivery(endpoint=endpoint, event=endpoint.event, kind=PING)
    delivery.payload = payloads.envelope(
        uid=str(delivery.uid),
        kind=PING,
        event=endpoint.event,
        data={"endpoint": endpoint.pk},
    )
    delivery.next_attempt_at = clock.now()
    delivery.save()
    queue_deliveries([delivery.pk])
    return delivery


@transaction.atomic
def delivery_redeliver(*, actor: User, delivery_id: int) -> WebhookDelivery:
    """Send a delivery again now, with the same id and body (a new attempt, newly signed),
    whatever became of it; if it fails, it is retried with the whole backoff again."""
    delivery = own_delivery(actor, delivery_id)
    delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
    delivery.status = DeliveryStatus.PENDING
    delivery.failures = 0
    delivery.next_attempt_at = clock.now()
    delivery.save(update_fields=["status", "failures", "next_attempt_at"])
    queue_deliveries([delivery.pk])
    return delivery
