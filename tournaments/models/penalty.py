from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import PenaltyKind
from tournaments.models.event import Event
from tournaments.models.match import Match
from tournaments.models.registration import Registration
from tournaments.models.round import Round


class Penalty(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="penalties"
    )
    match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    # The round in which it was given (empty only before round 1).
    round = models.ForeignKey(
        Round,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("round"),
    )
    # What the player did (``tournaments.infractions``); empty for penalties given before
    # infractions were recorded.
    infraction = models.CharField(_("infraction"), max_length=40, blank=True)
    kind = models.CharField(_("penalty"), max_length=20, choices=PenaltyKind.choices)
    # Why the penalty differs from the infraction's default, when it does.
    deviation_reason = models.CharField(
        _("reason for a different penalty"), max_length=300, blank=True
    )
    # A game loss applies to this game of the match: the next game to be played in it.
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # Given after the player's match was confirmed: it applies to their next match (``match``
    # stays empty until that match is paired).
    next_match = models.BooleanField(_("applies to the next match"), default=False)
    reason = models.CharField(_("reason"), max_length=300)
    # The same on every install the event is moved to (event archives).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
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

    @property
    def infraction_label(self) -> str:
        """The infraction in the reader's language ("" without one)."""
        from tournaments.infractions import get_infraction

        found = get_infraction(self.infraction)
        return str(found.label) if found else self.infraction

    @property
    def infraction_default_label(self) -> str:
        """The infraction's usual penalty, in words."""
        default = self.infraction_default
        return str(PenaltyKind(default).label).lower() if default else ""

    @property
    def infraction_default(self) -> str:
        """The infraction's default penalty ("" without an infraction)."""
        from tournaments.infractions import get_infraction

        found = get_infraction(self.infraction)
        return found.default if found else ""
