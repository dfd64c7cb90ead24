"""Webhook endpoints (an organiser's URL, for one event or all of theirs) and the deliveries
made to them, each a row: written in the transaction of the action it tells of, sent by a
worker after the commit, tried again with backoff, listed with the answer received."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from webhooks.core.addresses import MAX_URL_LENGTH
from webhooks.kinds import ALL_KINDS

# What is kept of an answer's body, and of an error's text: enough to see what went wrong.
RESPONSE_EXCERPT_CHARS = 1000
ERROR_CHARS = 300


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def all_kinds() -> list[str]:
    return list(ALL_KINDS)


class WebhookEndpoint(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="webhook_endpoints",
        verbose_name=_("owner"),
    )
    # None: every event the owner organises, now and later.
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("event"),
    )
    url = models.CharField(_("URL"), max_length=MAX_URL_LENGTH)
    description = models.CharField(_("description"), max_length=100, blank=True)
    secret = models.CharField(max_length=100, default=new_secret, editable=False)
    # The secret before the last rotation, still signed with for a day so that receivers
    # can switch over without refusing deliveries.
    previous_secret = models.CharField(max_length=100, blank=True, editable=False)
    previous_secret_until = models.DateTimeField(null=True, blank=True, editable=False)
    kinds = models.JSONField(_("events sent"), default=all_kinds)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("webhook endpoint")
        verbose_name_plural = _("webhook endpoints")
        ordering = ["pk"]
        indexes = [models.Index(fields=["owner", "event"], name="webhook_endpoint_owner")]

    def __str__(self) -> str:
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("Waiting to be sent")
    SUCCEEDED = "succeeded", _("Delivered")
    FAILED = "failed", _("Failed")


class WebhookDelivery(models.Model):
    # The Webhook-Id header: the same on every attempt, so a receiver can ignore a repeat.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(_("kind"), max_length=40)
    payload = models.JSONField()
    status = models.CharField(
        _("status"), max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    # Failed attempts since it was last queued (the organiser's redelivery starts again).
    failures = models.PositiveIntegerField(default=0)
    # When a worker may take it: the next try, or the end of a worker's claim on it.
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    response_status = models.PositiveIntegerField(_("answer"), null=True, blank=True)
    response_body = models.TextField(blank=True)
    error = models.CharField(max_length=ERROR_CHARS, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        ordering = ["-pk"]
        indexes = [
            # The workers' queue: pending deliveries by when they are due.
            models.Index(
                fields=["next_attempt_at"],
                name="webhook_delivery_due",
                condition=Q(status="pending"),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["pending", "succeeded", "failed"]),
                name="webhook_delivery_status_valid",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} → {self.endpoint_id} ({self.status})"
