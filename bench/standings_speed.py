"""Standings speed: python bench/standings_speed.py

4,096 players after 12 rounds (random pairings, random best-of-three scores,
byes and drops), all tiebreaks of the default "dar" preset and of the
Pokémon-style preset, exact fractions. Target: under 0.3 s. Prints the fastest
and median of ``--repeat`` runs; exit status 1 if the median misses the target.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

from tournaments.simulation import SCORE_WEIGHTS
from tournaments.standings import MatchResult, StandingsPlayer, compute_standings


def event(players: int, rounds: int, seed: int):
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    dropped: dict[int, int] = {}
    results = []
    for number in range(1, rounds + 1):
        active = [i for i in ids if i not in dropped]
        rng.shuffle(active)
        if len(active) % 2:
            results.append(MatchResult.bye(number, active.pop()))
        for a, b in zip(active[::2], active[1::2], strict=True):
            results.append(
                MatchResult(
                    number, a, b, *rng.choices(list(SCORE_WEIGHTS), list(SCORE_WEIGHTS.values()))[0]
                )
            )
        for i in active:
            if rng.random() < 0.01:
                dropped[i] = number
    people = [StandingsPlayer(i, i in dropped, dropped.get(i)) for i in ids]
    return people, results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    people, results = event(args.players, args.rounds, seed=1)
    print(f"{args.players} players, {args.rounds} rounds, {len(results)} results")
    ok = True
    for preset in ("dar", "pokemon_style"):
        timings = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            table = compute_standings(people, results, tiebreaks=preset)
            timings.append(time.perf_counter() - start)
        median = statistics.median(timings)
        print(
            f"{preset:14s} fastest {min(timings):.3f} s  median {median:.3f} s"
            f"  (leader: {table[0].export_row()})"
        )
        ok &= median < 0.3
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
