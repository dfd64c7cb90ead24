from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import PenaltyKind
from tournaments.models.event import Event
from tournaments.models.match import Match
from tournaments.models.registration import Registration


class Penalty(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="penalties"
    )
    match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    kind = models.CharField(_("penalty"), max_length=20, choices=PenaltyKind.choices)
    # A game loss applies to this game of the match (the next one when it was issued).
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.registration} · {self.get_kind_display()}"
