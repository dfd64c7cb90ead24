"""What an install remembers about event archives: its own identity, and for an event
brought here from another install, the state it left that install in (the base its
archive is compared with when it goes back)."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Event


class InstallIdentity(models.Model):
    """One row: who this install is in the ``base`` of the archives it exports."""

    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("install identity")
        verbose_name_plural = _("install identity")

    def __str__(self) -> str:
        return str(self.uid)


class EventArchiveBase(models.Model):
    """An event imported from another install: the base of the archive it came in (the
    install it came from and the digests of its records there). Archives exported from
    here carry this base, so that install can tell what changed on each side."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="archive_base"
    )
    install = models.UUIDField()
    taken_at = models.DateTimeField()
    digests = models.JSONField(default=dict)
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("event archive base")
        verbose_name_plural = _("event archive bases")

    def __str__(self) -> str:
        return f"{self.event_id} @ {self.install}"
