"""What the home page shows a signed-in person: their next match (table, opponent, clock)
in each event they play, and the events they run that are not finished."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Q

from tournaments.models import Event, Match
from tournaments.models.choices import EventStatus, MatchStatus, RoundStatus
from tournaments.views.common import Clock, round_clock

if TYPE_CHECKING:
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
    has no confirmed result yet (a bye shows too)."""
    matches = (
        Match.objects.filter(
            Q(player_a__player=user) | Q(player_b__player=user),
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
        .exclude(status=EventStatus.FINISHED)
        .order_by("date", "pk")
        .distinct()
    )
