"""The big screen of an event: which view it shows, whether its pages turn by themselves,
and the announcement line. One row per event, written only by ``screen_set``; an event
without a row shows the defaults."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from screen import modes as core
from tournaments.models.event import Event

ANNOUNCEMENT_MAX_LENGTH = 200


class ScreenMode(models.TextChoices):
    AUTO = core.AUTO, _("Automatic")
    PAIRINGS = core.PAIRINGS, _("Pairings")
    STANDINGS = core.STANDINGS, _("Standings")
    PLAYING = core.PLAYING, _("Tables still playing")
    DRAFT = core.DRAFT, _("Draft pods")


class EventScreen(models.Model):
    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="screen"
    )
    mode = models.CharField(
        _("view"), max_length=10, choices=ScreenMode.choices, default=ScreenMode.AUTO
    )
    paging_paused = models.BooleanField(_("paging paused"), default=False)
    announcement = models.CharField(
        _("announcement"), max_length=ANNOUNCEMENT_MAX_LENGTH, blank=True
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_eventscreen"  # kept when the model moved here
        verbose_name = _("big screen")
        verbose_name_plural = _("big screens")
        constraints = [
            models.CheckConstraint(
                condition=Q(mode__in=ScreenMode.values), name="event_screen_mode_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} · {self.get_mode_display()}"
