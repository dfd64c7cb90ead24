"""End-to-end pairing with database writes: N players, time ``round_pair_next`` for each round.

Results of each round are entered in bulk (one UPDATE per outcome) so that reaching round 10
takes seconds; the pairing call itself is the real service: it locks the event, reads every
earlier match, computes the standings, runs the core and writes the round, matches and seats.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/opmanager_bench \
        python bench/bench_pairing_e2e.py --players 4096 --rounds 10
"""

from __future__ import annotations

import argparse
import random
import time

from _django import setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup()

    import datetime as dt

    from django.db import connection
    from django.utils import timezone

    from tournaments.models import Match
    from tournaments.models.choices import MatchStatus
    from tournaments.services.events import event_create
    from tournaments.services.rounds import round_pair_next, round_publish
    from tournaments.services.simulation import add_simulated_players, simulation_organiser
    from tournaments.services.standings import bump_results_version

    rng = random.Random(args.seed)
    organiser = simulation_organiser(args.seed)
    event = event_create(
        actor=organiser, name="Pairing benchmark", date=dt.date.today(), swiss_rounds=args.rounds
    )
    add_simulated_players(event, args.players)
    print(f"database: {connection.vendor}; players: {args.players}; event {event.pk}")
    for _ in range(args.rounds):
        started = time.perf_counter()
        round_ = round_pair_next(actor=organiser, event_id=event.pk)
        elapsed = time.perf_counter() - started
        round_publish(actor=organiser, round_id=round_.pk)
        open_matches = list(
            round_.matches.exclude(status=MatchStatus.CONFIRMED).values_list("pk", flat=True)
        )
        rng.shuffle(open_matches)
        third = len(open_matches) // 3
        now = timezone.now()
        for ids, score, winner in (
            (open_matches[:third], (2, 0, 0), "a"),
            (open_matches[third : 2 * third], (0, 2, 0), "b"),
            (open_matches[2 * third :], (2, 1, 0), "a"),
        ):
            Match.objects.filter(pk__in=ids).update(
                status=MatchStatus.CONFIRMED,
                games_won_a=score[0],
                games_won_b=score[1],
                games_drawn=score[2],
                winner=winner,
                result_source="judge",
                confirmed_at=now,
            )
        bump_results_version(event.pk)
        print(
            f"round {round_.number:2d}: pair_next end to end {elapsed:6.3f} s "
            f"({round_.matches.count()} tables)"
        )


if __name__ == "__main__":
    main()
