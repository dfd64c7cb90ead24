from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Event


class AuditEntry(models.Model):
    """Who changed what, when, from what to what. Written in the same transaction as the change."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    action = models.CharField(_("action"), max_length=40)
    # Unbounded: a target quotes names (an event name and its date, a display name) whose
    # own limits may change; an audit entry must never be what refuses an action.
    target = models.TextField(_("target"), blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    # The same on every install the event is moved to (event archives).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.target}"
