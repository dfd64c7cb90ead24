"""A simulated event through the real services: players, check-in, pairings, both players'
reports, random drops. Used by ``simulate_event`` and the end-to-end benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db.models import F
from django.utils import timezone

from accounts.models import PLAYER_NUMBER_BASE, User
from config import clock
from config.clock import simulated_clock
from tournaments.models import Event, Registration
from tournaments.models.choices import MatchStatus, RegistrationStatus
from tournaments.rules import ORGANISERS_GROUP
from tournaments.services.events import event_create
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.standings import event_standings
from tournaments.simulation import SCORE_WEIGHTS


@dataclass
class RoundTiming:
    round: int
    pairing_seconds: float
    reporting_seconds: float
    standings_seconds: float
    tables: int


@dataclass
class Simulation:
    event: Event
    timings: list[RoundTiming] = field(default_factory=list)


def simulation_organiser(seed: int) -> User:
    user, created = User.objects.get_or_create(
        username="simulator",
        defaults={"display_name": "Event Simulator", "email": "simulator@example.invalid"},
    )
    if created:
        user.set_unusable_password()
        user.save()
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    user.groups.add(group)
    return user


def add_simulated_players(event: Event, count: int) -> None:
    stamp = f"{event.pk}"
    users = User.objects.bulk_create(
        [
            User(
                username=f"sim{stamp}-{i:05d}",
                display_name=f"Sim {stamp}-{i:05d}",
                email=f"sim{stamp}-{i:05d}@example.invalid",
                password="!",
            )
            for i in range(count)
        ]
    )
    User.objects.filter(player_number__isnull=True).update(
        player_number=F("id") + PLAYER_NUMBER_BASE
    )
    now = clock.now()
    users = User.objects.filter(username__startswith=f"sim{stamp}-")
    Registration.objects.bulk_create(
        [
            Registration(
                event=event, player=u, status=RegistrationStatus.CHECKED_IN, checked_in_at=now
            )
            for u in users
        ]
    )


def simulate_event(
    *,
    players: int,
    rounds: int,
    seed: int,
    drop_rate: float = 0.0,
    progress: Callable[[RoundTiming], None] | None = None,
) -> Simulation:
    """The event on a simulated clock that stands still (``config.clock``): the timestamps
    it writes and the deadlines it reads do not depend on how busy the machine is."""
    with simulated_clock():
        return _simulate_event(
            players=players, rounds=rounds, seed=seed, drop_rate=drop_rate, progress=progress
        )


def _simulate_event(
    *,
    players: int,
    rounds: int,
    seed: int,
    drop_rate: float = 0.0,
    progress: Callable[[RoundTiming], None] | None = None,
) -> Simulation:
    rng = random.Random(seed)
    organiser = simulation_organiser(seed)
    event = event_create(
        actor=organiser,
        name=f"Simulated event (seed {seed})",
        date=timezone.localdate(clock.now()),
        swiss_rounds=rounds,
        play_draw_required=False,  # simulated players report scores only
    )
    add_simulated_players(event, players)
    simulation = Simulation(event=event)
    scores, weights = zip(*SCORE_WEIGHTS.items(), strict=True)
    for _ in range(rounds):
        started = time.perf_counter()
        round_ = round_pair_next(actor=organiser, event_id=event.pk)
        pairing_seconds = time.perf_counter() - started
        round_publish(actor=organiser, round_id=round_.pk)
        started = time.perf_counter()
        matches = list(
            round_.matches.exclude(status=MatchStatus.CONFIRMED).select_related(
                "player_a__player", "player_b__player"
            )
        )
        for match in matches:
            score = rng.choices(scores, weights)[0]
            for reg in (match.player_a, match.player_b):
                match_report(actor=reg.player, match_id=match.pk, result=ReportedResult(*score))
        reporting_seconds = time.perf_counter() - started
        cache.clear()
        started = time.perf_counter()
        event_standings(event)
        standings_seconds = time.perf_counter() - started
        timing = RoundTiming(
            round_.number,
            pairing_seconds,
            reporting_seconds,
            standings_seconds,
            round_.matches.count(),
        )
        simulation.timings.append(timing)
        if progress:
            progress(timing)
        if drop_rate:
            for reg in event.registrations.filter(
                status=RegistrationStatus.CHECKED_IN
            ).select_related("player"):
                if rng.random() < drop_rate:
                    registration_drop(actor=reg.player, registration_id=reg.pk)
    return simulation
