"""What an install remembers about event archives: its own identity, and for an event
brought here from another install, the state it left that install in (the base its
archive is compared with when it goes back)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import StaffRole
from tournaments.models.event import Event


class InstallIdentity(models.Model):
    """One row: who this install is in the ``base`` of the archives it exports."""

    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_installidentity"  # kept when the model moved here
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
        db_table = "tournaments_eventarchivebase"  # kept when the model moved here
        verbose_name = _("event archive base")
        verbose_name_plural = _("event archive bases")

    def __str__(self) -> str:
        return f"{self.event_id} @ {self.install}"


class WithheldStaff(models.Model):
    """A staff role an imported archive gives an account that already existed here, which
    the operator did not grant: the account has no role on the event, but the record is
    kept so that archives exported from here still carry it (its absence would read as a
    removal elsewhere), until a later import grants it or the archive drops it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="withheld_staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(_("role"), max_length=12, choices=StaffRole.choices)

    class Meta:
        db_table = "tournaments_withheldstaff"  # kept when the model moved here
        verbose_name = _("staff role not granted")
        verbose_name_plural = _("staff roles not granted")
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_withheld_role_per_event")
        ]

    def __str__(self) -> str:
        return f"{self.event_id} · {self.user_id} · {self.role}"
