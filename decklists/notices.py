"""Who reads which rulings notice (``RulingsNotice``): the one place that decides it.

- A player reads their own notice (their list became illegal), until they dismiss it.
- Everyone who opens an affected event's page reads that the rulings its lists are checked
  against changed: the version, when it comes into force, the cards and how many lists are
  hit. No player is named there.
- The event's organisers and judges (and site admins) read the players affected, with their
  cards: on the event page and on their dashboard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import QuerySet

from decklists.models import RulingsNotice, RulingsNoticeKind
from tournaments.models.choices import EventStatus

if TYPE_CHECKING:
    from accounts.models import User
    from tournaments.models import Event


@dataclass(frozen=True)
class EventNotices:
    """What one reader sees of an event's rulings notices."""

    changes: list[RulingsNotice]  # the event's rows, newest first
    own: list[RulingsNotice]  # the reader's own, not dismissed
    sees_players: bool  # the reader may read the players affected

    @property
    def shown(self) -> bool:
        return bool(self.changes or self.own)


def sees_affected_players(user: User | None, event: Event) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and user.has_perm("decklists.view_event_deck_lists", event)
    )


def own_notices(user: User | None) -> QuerySet[RulingsNotice]:
    """The reader's own notices still to act on: not dismissed, their event not finished."""
    if user is None or not user.is_authenticated:
        return RulingsNotice.objects.none()
    return (
        RulingsNotice.objects.filter(
            player=user, kind=RulingsNoticeKind.LIST_ILLEGAL, dismissed_at__isnull=True
        )
        .exclude(event__status=EventStatus.FINISHED)
        .select_related("event", "version")
        .order_by("due", "pk")
    )


def event_notices(event: Event, user: User | None) -> EventNotices:
    """The notices of ``event`` as ``user`` (or an anonymous reader) may read them."""
    changes = list(
        RulingsNotice.objects.filter(event=event, kind=RulingsNoticeKind.EVENT_CHANGED)
        .select_related("version")
        .order_by("-version__number")
    )
    own = list(own_notices(user).filter(event=event)) if changes else []
    return EventNotices(changes=changes, own=own, sees_players=sees_affected_players(user, event))
