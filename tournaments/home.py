"""What the home page shows: the events of the day with their live pages, events open for
registration and the latest results to anyone;
to a signed-in person also their next match (table, opponent, clock) in each event they
play, and the events they run that are not finished."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING

from django.db.models import Case, Count, IntegerField, Q, Value, When

from tournaments.models import Event, Match, Registration, Round
from tournaments.models.choices import EventStatus, MatchStatus, RegistrationStatus, RoundStatus
from tournaments.selectors import ACTIVE, open_for_registration
from tournaments.services.standings import StandingRow, event_standings
from tournaments.views.common import Clock, round_clock

ONE_DAY = timedelta(days=1)

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


@dataclass(frozen=True)
class TodayEvent:
    event: Event
    round: Round | None  # the latest published round of an event under way

    @property
    def started(self) -> bool:
        return self.event.status != EventStatus.REGISTRATION

    @property
    def drafting(self) -> bool:
        """A booster draft whose draft has started, before round 1 (its badge says so)."""
        draft = getattr(self.event, "draft", None)
        return not self.started and draft is not None and draft.started_at is not None


def events_today(*, today: date, limit: int = 8) -> list[TodayEvent]:
    """The events of the day, for anyone: those under way (round 1 paired and not finished,
    dated today or yesterday, for a night that runs past midnight; or started early) and
    those dated today that have not started yet. Under way first, each with its latest
    published round."""
    events = list(
        Event.objects.filter(
            Q(status__in=[EventStatus.RUNNING, EventStatus.TOP_CUT], date__gte=today - ONE_DAY)
            | Q(status=EventStatus.REGISTRATION, date=today)
        )
        .select_related("draft")
        .annotate(
            not_started=Case(
                When(status=EventStatus.REGISTRATION, then=Value(1)),
                default=Value(0),
                output_field=IntegerField(),
            )
        )
        .order_by("not_started", "date", "pk")[:limit]
    )
    rounds: dict[int, Round] = {}
    for round_ in (
        Round.objects.filter(event__in=[e for e in events if e.status != EventStatus.REGISTRATION])
        .exclude(status=RoundStatus.DRAFT)
        .select_related("event")
        .order_by("event_id", "number")
    ):
        rounds[round_.event_id] = round_  # the latest wins
    return [TodayEvent(e, rounds.get(e.pk)) for e in events]


def recent_results(*, limit: int = 5, podium: int = 3) -> list[FinishedEvent]:
    """The latest finished events with their first places, as the standings page ranks
    them (the final placings where a top cut was played)."""
    events = Event.objects.filter(status=EventStatus.FINISHED).order_by("-date", "-pk")[:limit]
    return [FinishedEvent(e, event_standings(e)[:podium]) for e in events]
