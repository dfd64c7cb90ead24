from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError

from config.numbers import whole_number_argument
from tournaments.services.simulation import RoundTiming, simulate_event

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


SEED = whole_number_argument(minimum=None, maximum=None)  # any integer


class Command(BaseCommand):
    help = (
        "Create an event, pair every round and report random results through the real "
        "services; print the event id and per-round pairing and standings times."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=whole_number_argument(), required=True)
        parser.add_argument("--rounds", type=whole_number_argument(), required=True)
        parser.add_argument("--seed", type=SEED, default=1)
        parser.add_argument(
            "--drop-rate",
            type=float,
            default=0.0,
            help="chance that each player drops after each round (0-1)",
        )

    def handle(
        self, *args, players: int, rounds: int, seed: int, drop_rate: float, **options
    ) -> None:
        if players < 2:
            raise CommandError("--players must be at least 2")
        if not 1 <= rounds <= 30:
            raise CommandError("--rounds must be between 1 and 30")
        if not 0 <= drop_rate < 1:
            raise CommandError("--drop-rate must be at least 0 and below 1")

        def show(t: RoundTiming) -> None:
            self.stdout.write(
                f"round {t.round:2d}: {t.tables:5d} tables  "
                f"pairing {t.pairing_seconds * 1000:8.1f} ms  "
                f"reports {t.reporting_seconds:7.2f} s  "
                f"standings {t.standings_seconds * 1000:8.1f} ms"
            )

        sim = simulate_event(
            players=players, rounds=rounds, seed=seed, drop_rate=drop_rate, progress=show
        )
        self.stdout.write(f"event {sim.event.pk}")
