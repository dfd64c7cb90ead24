"""Builders for tournament states in tests: events, players and hand-made rounds."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import Group
from django.utils import timezone

from tests.factories import UserFactory
from tournaments.models import Event, EventStaff, Match, Registration, Round, Seat
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    RegistrationStatus,
    ResultSource,
    RoundKind,
    RoundStatus,
    StaffRole,
)
from tournaments.rules import ORGANISERS_GROUP
from tournaments.services.events import event_create


def make_organiser(username: str = "orga"):
    user = UserFactory(username=username, display_name=f"Organiser {username}")
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    user.groups.add(group)
    return user


def make_event(organiser, **fields) -> Event:
    fields.setdefault("name", "Spring Open")
    fields.setdefault("date", dt.date(2026, 12, 5))
    # Score-only reports unless a test turns the play-or-draw record on.
    fields.setdefault("play_draw_required", False)
    return event_create(actor=organiser, **fields)


def add_judge(event: Event, username: str = "judy"):
    judge = UserFactory(username=username, display_name=f"Judge {username}")
    EventStaff.objects.create(event=event, user=judge, role=StaffRole.JUDGE)
    return judge


def add_players(
    event: Event, count: int, *, checked_in: bool = True, prefix: str = "p"
) -> list[Registration]:
    regs = []
    for i in range(count):
        user = UserFactory(
            username=f"{prefix}{event.pk}_{i:03d}", display_name=f"{prefix.upper()} Player {i:03d}"
        )
        regs.append(
            Registration.objects.create(
                event=event,
                player=user,
                status=RegistrationStatus.CHECKED_IN
                if checked_in
                else RegistrationStatus.REGISTERED,
                checked_in_at=timezone.now() if checked_in else None,
            )
        )
    return regs


def make_round(
    event: Event,
    pairs: Sequence[tuple[Registration, Registration | None]],
    *,
    number: int | None = None,
    status: str = RoundStatus.PUBLISHED,
    kind: str = RoundKind.SWISS,
) -> Round:
    """A round with these pairings (table = position), byes confirmed 2-0 as the service does."""
    if event.status == EventStatus.REGISTRATION:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
    number = number or (event.rounds.count() + 1)
    round_ = Round.objects.create(event=event, number=number, kind=kind, seed=number, status=status)
    for table, (a, b) in enumerate(pairs, start=1):
        bye = (
            {
                "status": MatchStatus.CONFIRMED,
                "games_won_a": 2,
                "games_won_b": 0,
                "games_drawn": 0,
                "winner": "a",
                "result_source": ResultSource.BYE,
                "confirmed_at": timezone.now(),
            }
            if b is None
            else {}
        )
        match = Match.objects.create(round=round_, table=table, player_a=a, player_b=b, **bye)
        Seat.objects.create(round=round_, registration=a, match=match)
        if b is not None:
            Seat.objects.create(round=round_, registration=b, match=match)
    return round_
