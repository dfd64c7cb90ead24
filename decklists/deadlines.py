"""Reads of a constructed deck list's deadline and where a player's list stands against it.

A constructed event's deck lists are due when the event starts (``deck_list_due``); the
lists are taken until round 1 is paired (``selectors.event_lists_locked``), so a list that
is late is still accepted, and the pages say so. Sealed and booster-draft decks are built
on the day from the player's pool: they have no deadline before the event.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils import timezone

from decklists.models import DeckList
from decklists.selectors import (
    DeckStatus,
    deck_check_for,
    deck_status_label,
    deck_status_of,
    event_deck_format,
    event_lists_locked,
    event_takes_deck_lists,
)

if TYPE_CHECKING:
    from accounts.models import User
    from tournaments.models import Event, Registration


def event_starts_at(event: Event) -> dt.datetime:
    """When the event starts, in the site's time zone: its start time on its day, or, for
    an event given no start time, the start of its day (midnight). The one place that
    decides it for deck lists: the deadlines and reminders follow it."""
    if (starts := event.starts_at) is not None:
        return starts
    midnight = dt.datetime.combine(event.date, dt.time.min)
    return timezone.make_aware(midnight, timezone.get_default_timezone())


def deck_list_due(event: Event) -> dt.datetime | None:
    """When a constructed event's deck lists are due: when the event starts. None for an
    event that takes no lists, or whose decks are built on the day (sealed, draft)."""
    if not event_takes_deck_lists(event):
        return None
    deck_format = event_deck_format(event)
    if deck_format is None or not deck_format.constructed:
        return None
    return event_starts_at(event)


@dataclass(frozen=True)
class DeckListState:
    """A registered player's deck list at an event: missing, not legal, legal (with
    warnings); when it is due; whether it is past due or the lists are locked."""

    event: Event
    status: str
    due: dt.datetime | None
    locked: bool
    overdue: bool

    @property
    def label(self) -> str:
        return deck_status_label(self.status)

    @property
    def legal(self) -> bool:
        return self.status in (DeckStatus.LEGAL, DeckStatus.WARNED)

    @property
    def submitted(self) -> bool:
        return self.status != DeckStatus.MISSING


def deck_list_state(
    event: Event, player: User, *, now: dt.datetime | None = None
) -> DeckListState | None:
    """Where ``player``'s list for ``event`` stands, or None when the event takes no lists."""
    if not event_takes_deck_lists(event):
        return None
    now = now or timezone.now()
    deck_list = (
        DeckList.objects.filter(event=event, player=player)
        .select_related("event", "player")
        .first()
    )
    report = deck_check_for(deck_list) if deck_list is not None else None
    due = deck_list_due(event)
    locked = event_lists_locked(event)
    return DeckListState(
        event=event,
        status=deck_status_of(report),
        due=due,
        locked=locked,
        overdue=due is not None and not locked and now >= due,
    )


def my_deck_list_states(
    player: User, *, now: dt.datetime | None = None, limit: int = 20
) -> list[DeckListState]:
    """The player's lists at the events they are registered for (active registrations)
    that take lists and have not started yet, soonest first."""
    from tournaments.models import Registration
    from tournaments.models.choices import EventStatus, RegistrationStatus

    registrations: list[Registration] = list(
        Registration.objects.filter(
            player=player,
            status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN],
            event__status=EventStatus.REGISTRATION,
        )
        .select_related("event")
        .order_by("event__date", "event_id")[:limit]
    )
    states = (deck_list_state(r.event, player, now=now) for r in registrations)
    return [s for s in states if s is not None]
