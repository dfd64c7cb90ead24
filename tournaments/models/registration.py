from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import RegistrationStatus
from tournaments.models.event import Event


class Registration(models.Model):
    """A player in an event. Its id is the player id the pairing and standings cores see."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="registrations"
    )
    status = models.CharField(
        max_length=12, choices=RegistrationStatus.choices, default=RegistrationStatus.REGISTERED
    )
    registered_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    late_entry = models.BooleanField(_("late entry"), default=False)
    # Rounds before this one were not played (late entries); 1 for everyone else.
    first_round = models.PositiveSmallIntegerField(default=1)
    fixed_table = models.PositiveIntegerField(_("fixed table"), null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    drop_reason = models.CharField(_("drop reason"), max_length=200, blank=True)
    dropped_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    disqualified = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player"),
            models.UniqueConstraint(
                fields=["event", "fixed_table"],
                condition=Q(fixed_table__isnull=False),
                name="one_player_per_fixed_table",
            ),
        ]
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        return self.player.public_name

    @property
    def name(self) -> str:
        return self.player.public_name

    @property
    def is_active(self) -> bool:
        return self.status in {RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN}


class RegistrationOrigin(models.Model):
    """How a registration was made on this install: by the player themself, or entered by
    someone else (who). A judge may lift the login lockout only of a player who registered
    themself (``tournaments.rules``), and a player entered by someone else is told so.

    Kept beside the registration rather than in it: it is not part of the event's record,
    and an event archive does not carry it, so a registration made by an import (or with no
    row at all) counts as entered by someone else, never as the player's own."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, primary_key=True, related_name="origin"
    )
    self_registered = models.BooleanField(default=False)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("registration origin")
        verbose_name_plural = _("registration origins")

    def __str__(self) -> str:
        return f"{self.registration_id}: {'self' if self.self_registered else self.added_by_id}"
