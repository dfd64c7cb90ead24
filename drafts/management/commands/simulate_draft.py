from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.management.base import BaseCommand, CommandError

from drafts.services.simulation import draft_digest, simulate_draft

if TYPE_CHECKING:
    from django.core.management.base import CommandParser


class Command(BaseCommand):
    help = (
        "Create a booster draft event and run its auction and draft through the real "
        "services (a simulated player at every seat); a share of seat-steps is left to time "
        "out and settled by the deadline path. It runs on a simulated clock, so one seed gives "
        "one draft on any machine: prints the event id, the counts and the draft's digest "
        "(with --timings, how long it took)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--timeout-rate",
            type=float,
            default=0.0,
            help="share of seat-steps left to time out (0-1)",
        )
        parser.add_argument(
            "--pair-round-1",
            action="store_true",
            help="then every seat submits a legal deck, building ends and round 1 is paired "
            "and published (prints its id)",
        )
        parser.add_argument(
            "--timings",
            action="store_true",
            help="also print how long each part took on this machine (differs run to run)",
        )

    def handle(
        self,
        *args,
        players: int,
        seed: int,
        timeout_rate: float,
        pair_round_1: bool,
        timings: bool = False,
        **options,
    ) -> None:
        if not 2 <= players <= 4096:
            raise CommandError("--players must be between 2 and 4096")
        if not 0 <= timeout_rate <= 1:
            raise CommandError("--timeout-rate must be between 0 and 1")
        sim = simulate_draft(
            players=players, seed=seed, timeout_rate=timeout_rate, pair_round_1=pair_round_1
        )
        self.stdout.write(f"event {sim.event.pk}")
        if sim.round_id is not None:
            self.stdout.write(f"round {sim.round_id}")
        self.stdout.write(
            f"picks {len(sim.pick_seconds)}  timeouts {sim.timeouts} "
            f"(deadlines applied {sim.deadline_applications})"
        )
        self.stdout.write(f"draft sha256 {draft_digest(sim.event)}")
        if timings:
            self.stdout.write(
                f"set-up {sim.setup_seconds:.2f} s  auction {sim.auction_seconds:.2f} s  "
                f"drafting {sim.drafting_seconds:.2f} s  "
                f"pick median {sim.pick_percentile(0.5) * 1000:.1f} ms  "
                f"p99 {sim.pick_percentile(0.99) * 1000:.1f} ms"
            )
