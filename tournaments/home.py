"""What the home page shows: events open for registration and the latest results to anyone;
to a signed-in person also their next match (table, opponent, clock) in each event they
play, and the events they run that are not finished."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from django.db.models import Count, Q

from tournaments.models import Event, Match, Registration
from tournaments.models.choices import EventStatus, MatchStatus, RegistrationStatus, RoundStatus
from tournaments.selectors import ACTIVE, open_for_registration
from tournaments.services.standings import StandingRow, event_standings
from tournaments.views.common import Clock, round_clock

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


@dataclass(frozen=True)
class NextMatch:
    event: Event
    match: Match
    opponent: str | None
    clock: Clock | None

    @property
    def round_title(self) -> str:
        return self.match.round.title


def next_matches(user: User) -> list[NextMatch]:
    """The person's match in the latest published round of each event still running, if it
    has no confirmed result yet (a bye shows too); none in an event they dropped from."""
    matches = (
        Match.objects.filter(
            Q(player_a__player=user, player_a__status__in=ACTIVE)
            | Q(player_b__player=user, player_b__status__in=ACTIVE),
            round__status=RoundStatus.PUBLISHED,
            round__event__status__in=[EventStatus.RUNNING, EventStatus.TOP_CUT],
        )
        .exclude(status=MatchStatus.CONFIRMED, player_b__isnull=False)
        .select_related("round__event", "player_a__player", "player_b__player")
        .order_by("round__event__date", "round__event_id", "-round__number")
    )
    seen: set[int] = set()
    out = []
    for match in matches:
        event = match.round.event
        if event.pk in seen:
            continue
        seen.add(event.pk)
        mine_a = match.player_a.player_id == user.pk
        other = match.player_b if mine_a else match.player_a
        out.append(
            NextMatch(
                event=event,
                match=match,
                opponent=other.name if other is not None else None,
                clock=round_clock(match.round, match.extension_seconds),
            )
        )
    return out


def events_run_by(user: User) -> list[Event]:
    """Events the person organises or judges that are not finished, soonest first."""
    return list(
        Event.objects.filter(staff__user=user)
        .select_related("draft")
        .exclude(status=EventStatus.FINISHED)
        .order_by("date", "pk")
        .distinct()
    )


@dataclass(frozen=True)
class UpcomingEvent:
    event: Event
    players: int
    registered: bool

    @property
    def places_left(self) -> int | None:
        cap = self.event.player_cap
        return None if cap is None else max(cap - self.players, 0)


@dataclass(frozen=True)
class FinishedEvent:
    event: Event
    podium: list[StandingRow]


def upcoming_events(
    user: User | AnonymousUser, *, today: date, limit: int = 8
) -> list[UpcomingEvent]:
    """Events still taking registrations, from today on, soonest first, with the players
    already in (as the event page counts them) and whether the reader is one of them."""
    events = (
        open_for_registration(Event.objects.filter(date__gte=today))
        .annotate(
            players=Count(
                "registrations", filter=~Q(registrations__status=RegistrationStatus.NO_SHOW)
            )
        )
        .order_by("date", "pk")[:limit]
    )
    events = list(events)
    mine: set[int] = set()
    if user.is_authenticated:
        mine = set(
            Registration.objects.filter(player=user, event__in=events).values_list(
                "event_id", flat=True
            )
        )
    return [UpcomingEvent(e, e.players, e.pk in mine) for e in events]


def recent_results(*, limit: int = 5, podium: int = 3) -> list[FinishedEvent]:
    """The latest finished events with their first places, as the standings page ranks
    them (the final placings where a top cut was played)."""
    events = Event.objects.filter(status=EventStatus.FINISHED).order_by("-date", "-pk")[:limit]
    return [FinishedEvent(e, event_standings(e)[:podium]) for e in events]
