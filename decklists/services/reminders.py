"""Reminders before a constructed event's deck lists are due: a day and two hours before the
deadline (``decklists.deadlines.deck_list_due``), each registered player whose list is
missing or not legal is mailed (``deck_list_due``, under their e-mail preferences).

An applier of the deadline sweep (``config.deadlines``): the beat sweep, the
``sweep_deadlines`` command and the worker all end here, as often as they like. A stage is
dealt with once per registration and deadline: a ``DeckListReminder`` row, whose unique
constraint lets exactly one sweep insert it, and only that one mails. A sweep that comes
late (no worker for a while) sends the latest stage due, once, not every one it missed; a
deadline that moves (the event's date changed) is a new one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.notifications import notify
from decklists.deadlines import deck_list_due
from decklists.models import DeckListReminder
from decklists.selectors import DeckStatus, deck_statuses_for_event
from tournaments.models import Event
from tournaments.models.choices import EventStatus

# Hours before the deadline, one stage each.
REMINDER_HOURS = (24, 2)
_NEEDS_REMINDING = (DeckStatus.MISSING, DeckStatus.ILLEGAL)


def _events_near_their_deadline(now: dt.datetime) -> Iterable[tuple[Event, dt.datetime]]:
    """Events still taking lists whose deadline is at most the longest stage away."""
    longest = dt.timedelta(hours=max(REMINDER_HOURS))
    # A generous range of dates (the deadline is a moment of the event's day, in the site's
    # time zone); the exact test is on the deadline itself.
    first = timezone.localdate(now) - dt.timedelta(days=1)
    last = timezone.localdate(now + longest) + dt.timedelta(days=1)
    events = Event.objects.filter(
        status=EventStatus.REGISTRATION, date__gte=first, date__lte=last
    ).order_by("date", "pk")
    for event in events:
        due = deck_list_due(event)
        if due is not None and due - longest <= now < due:
            yield event, due


def _remind_event(event: Event, due: dt.datetime, now: dt.datetime) -> int:
    stage = min(h for h in REMINDER_HOURS if due - dt.timedelta(hours=h) <= now)
    done = set(
        DeckListReminder.objects.filter(
            registration__event=event, due=due, hours=stage
        ).values_list("registration_id", flat=True)
    )
    rows = [
        row
        for row in deck_statuses_for_event(event)
        if row.registration.is_active and row.registration.pk not in done
    ]
    if not rows:
        return 0
    statuses: dict[int, str] = {}
    with transaction.atomic():
        for row in rows:
            needs = row.status in _NEEDS_REMINDING
            try:
                with transaction.atomic():
                    DeckListReminder.objects.create(
                        registration=row.registration, due=due, hours=stage, sent=needs
                    )
            except IntegrityError:
                continue  # another sweep dealt with this stage at the same moment
            if needs:
                statuses[row.registration.player_id] = row.status
        if statuses:
            notify(
                kind="deck_list_due",
                user_ids=statuses,
                context={"event_name": event.name, "due": due.isoformat()},
                link=("decklists:my_deck", {"event_id": event.pk}),
                per_user={pk: {"status": status} for pk, status in statuses.items()},
            )
    return len(statuses)


def deck_list_reminders_send(now: dt.datetime | None = None) -> int:
    """Mail the reminders due at ``now`` that no sweep has sent yet; how many were sent
    (handed to the mail, which still checks each person's preferences and address)."""
    now = now or timezone.now()
    return sum(_remind_event(event, due, now) for event, due in _events_near_their_deadline(now))
