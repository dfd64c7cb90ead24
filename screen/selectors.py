"""What the big screen reads."""

from __future__ import annotations

from screen.models import EventScreen
from tournaments.models import Event


def event_screen(event: Event) -> EventScreen:
    """The big screen's settings: the defaults (not saved) until a judge changes them."""
    return EventScreen.objects.filter(event=event).first() or EventScreen(event=event)
