"""Demo events, made through the real services: one open for registration, one running with
round 1 complete and round 2 in progress (confirmed, waiting, disputed and missing tables)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.contrib.auth.models import Group
from django.utils import timezone

from config.demo import DemoContext
from tournaments.extensions import hooks
from tournaments.models import Event
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    RegistrationStatus,
    RoundKind,
    RoundStatus,
    StaffRole,
)
from tournaments.rules import ORGANISERS_GROUP
from tournaments.services.clock import round_start_clock
from tournaments.services.events import event_create, staff_set
from tournaments.services.registration import registration_check_in, registration_register
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish

if TYPE_CHECKING:
    from accounts.models import User
    from tournaments.models import Match

DEMO_PREFIX = "Demo:"  # every demo event's name starts so
OPEN_EVENT = "Demo: Monofacción Open"
RUNNING_EVENT = "Demo: Humankind league night"

# Round 1 scores, table by table (player A's games first), then round 2's first tables.
ROUND_1 = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)]


def _organiser(ctx: DemoContext) -> User:
    organiser = ctx.judges[0]
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    organiser.groups.add(group)
    return organiser


def _register(event: Event, players: list[User], organiser: User, *, checked_in: int) -> None:
    for index, player in enumerate(players):
        registration = registration_register(actor=player, event_id=event.pk)
        if index < checked_in:
            registration_check_in(actor=organiser, registration_id=registration.pk)


def _both_report(match: Match, score: tuple[int, int, int]) -> None:
    for registration in (match.player_a, match.player_b):
        match_report(actor=registration.player, match_id=match.pk, result=ReportedResult(*score))


def _open_event(ctx: DemoContext, organiser: User) -> None:
    event = event_create(
        actor=organiser,
        name=OPEN_EVENT,
        date=timezone.localdate() + dt.timedelta(days=14),
        start_time=dt.time(10, 0),
        venue="Centro cívico, sala 2",
        player_cap=16,
        top_cut=8,
    )
    staff_set(actor=organiser, event_id=event.pk, user=ctx.judges[1], role=StaffRole.JUDGE)
    _register(event, ctx.players[:10], organiser, checked_in=6)


def _running_event(ctx: DemoContext, organiser: User) -> None:
    event = event_create(
        actor=organiser,
        name=RUNNING_EVENT,
        date=timezone.localdate(),
        start_time=dt.time(18, 30),
        venue="La Tienda de Juegos",
        swiss_rounds=3,
        top_cut=4,
        play_draw_required=False,  # the demo's reports give scores only
    )
    staff_set(actor=organiser, event_id=event.pk, user=ctx.judges[1], role=StaffRole.JUDGE)
    _register(event, ctx.players[:9], organiser, checked_in=9)
    round1 = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round1.pk)
    round_start_clock(actor=organiser, round_id=round1.pk)
    matches = round1.matches.exclude(status=MatchStatus.CONFIRMED).select_related(
        "player_a__player", "player_b__player"
    )
    for match, score in zip(matches.order_by("table"), ROUND_1, strict=False):
        _both_report(match, score)
    round2 = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round2.pk)
    round_start_clock(actor=organiser, round_id=round2.pk)
    tables = list(
        round2.matches.exclude(status=MatchStatus.CONFIRMED)
        .select_related("player_a__player", "player_b__player")
        .order_by("table")
    )
    _both_report(tables[0], (2, 1, 0))  # confirmed
    match_report(  # waiting for the opponent
        actor=tables[1].player_a.player, match_id=tables[1].pk, result=ReportedResult(2, 0)
    )
    match_report(  # disputed: both say they won
        actor=tables[2].player_a.player, match_id=tables[2].pk, result=ReportedResult(2, 1)
    )
    match_report(
        actor=tables[2].player_b.player, match_id=tables[2].pk, result=ReportedResult(1, 2)
    )


def load_events(ctx: DemoContext) -> list[str]:
    organiser = _organiser(ctx)
    created = []
    if not Event.objects.filter(name=OPEN_EVENT).exists():
        _open_event(ctx, organiser)
        created.append(OPEN_EVENT)
    if not Event.objects.filter(name=RUNNING_EVENT).exists():
        _running_event(ctx, organiser)
        created.append(RUNNING_EVENT)
    kept = [name for name in (OPEN_EVENT, RUNNING_EVENT) if name not in created]
    lines = [f"events: {organiser.username} organises '{OPEN_EVENT}' and '{RUNNING_EVENT}'"]
    if kept:
        lines.append("events already there, left as they are: " + ", ".join(f"'{n}'" for n in kept))
    return lines


def _event_state(event: Event) -> str:
    """An event's state in a few words, read from its rows."""
    if event.status == EventStatus.FINISHED:
        return "finished"
    latest = event.rounds.order_by("-number").first()
    if latest is not None:
        swiss = latest.kind == RoundKind.SWISS
        of = f" of {event.swiss_rounds}" if swiss and event.swiss_rounds else ""
        state = {
            RoundStatus.DRAFT: "paired, not published",
            RoundStatus.PUBLISHED: "running",
            RoundStatus.FINISHED: "finished",
        }.get(latest.status, latest.status)
        return f"{'Swiss' if swiss else 'top-cut'} round {latest.number}{of} {state}"
    return hooks.state_words(event) or "registration open"


def describe_demo_events() -> list[str]:
    """Every demo event as it is in the database now: state, players, staff, page."""
    lines = []
    events = Event.objects.filter(name__startswith=DEMO_PREFIX).order_by("pk")
    for event in events:
        players = event.registrations.exclude(
            status__in=[RegistrationStatus.DROPPED, RegistrationStatus.NO_SHOW]
        ).count()
        bots = hooks.bots(event)
        staff = ", ".join(
            f"{username} ({StaffRole(role).label.lower()})"
            for username, role in event.staff.order_by("-role", "user__username").values_list(
                "user__username", "role"
            )
        )
        who = f"{players} players" + (f" and {bots} bots" if bots else "")
        lines.append(
            f"'{event.name}' ({event.get_format_display()}, {event.date:%Y-%m-%d}):"
            f" {_event_state(event)}; {who}; staff {staff or '-'}; /events/{event.pk}/"
        )
    if not lines:
        lines.append("no demo events")
    return lines
