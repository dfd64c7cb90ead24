from __future__ import annotations

from datetime import datetime, timedelta

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models.choices import RoundKind, RoundStatus
from tournaments.models.event import Event


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(max_length=10, choices=RoundKind.choices, default=RoundKind.SWISS)
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    seed = models.PositiveBigIntegerField()
    forced = models.BooleanField(
        default=False, help_text=_("Paired while results of the previous round were missing.")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # The clock: a deadline in the database. While paused, ends_at is empty and
    # paused_remaining holds the seconds that were left.
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    paused_remaining = models.DurationField(null=True, blank=True)
    time_called_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_number_per_event"),
        ]
        indexes = [
            models.Index(
                fields=["ends_at"],
                condition=models.Q(time_called_at__isnull=True),
                name="round_open_deadline",
            )
        ]

    def __str__(self) -> str:
        return f"{self.event.name} · {_('round')} {self.number}"

    @property
    def bracket_players(self) -> int | None:
        """How many players a top-cut round starts with (8, 4, 2), None for a Swiss round."""
        if self.kind != RoundKind.TOP_CUT:
            return None
        event = self.event
        if event.swiss_rounds and event.top_cut and self.number > event.swiss_rounds:
            return event.top_cut >> (self.number - event.swiss_rounds - 1)
        return 2 * self.matches.count()

    @property
    def title(self) -> str:
        """The round's name: "Round 3", or a top-cut stage (Quarterfinal, Semifinal, Final)."""
        players = self.bracket_players
        if players is None:
            return gettext("Round %(n)s") % {"n": self.number}
        stage = {2: _("Final"), 4: _("Semifinal"), 8: _("Quarterfinal")}.get(players)
        return str(stage) if stage else gettext("Round of %(n)s") % {"n": players}

    @property
    def is_paused(self) -> bool:
        return self.paused_remaining is not None

    def remaining(self, now: datetime) -> timedelta | None:
        if self.paused_remaining is not None:
            return self.paused_remaining
        if self.ends_at is None:
            return None
        return max(self.ends_at - now, timedelta(0))
