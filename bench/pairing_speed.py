"""Pairing speed on simulated events: python bench/pairing_speed.py [--quick]

Two scenarios from the project's targets:
* 4,096 players, round 10 (nine rounds played): the pairing must take under 1 s.
* 8,192 players over 15 rounds: every round's pairing must take under 2 s.

Results are random (seeded) best-of-three scores with 1% drops per round; the
standings between rounds come from the real standings core. Only the call to
``pair_round`` is timed (the core), each round measured ``--repeat`` times
(fastest and median printed). Exit status 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from tournaments.pairing import measure, pair_round
from tournaments.simulation import SimulatedEvent


def time_round(event: SimulatedEvent, repeat: int):
    players = event.pairing_input()
    timings = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = pair_round(players, round_number=event.next_round, seed=event.seed)
        timings.append(time.perf_counter() - start)
    quality = measure(players, [(p.player_a, p.player_b) for p in result.pairings])
    event.play(result)
    return min(timings), statistics.median(timings), result, quality


def scenario(players: int, rounds: int, timed: set[int], repeat: int, seed: int) -> float:
    """Play the event; return the slowest median time among the ``timed`` rounds."""
    event = SimulatedEvent(players, seed=seed, drop_rate=0.01)
    worst = 0.0
    print(f"\n{players} players, {rounds} rounds (seed {seed}):")
    print("round  active  fastest_s  median_s  exact_solves  rematches  pair_downs(floor)")
    for number in range(1, rounds + 1):
        reps = repeat if number in timed else 1
        fastest, median, result, q = time_round(event, reps)
        active = 2 * q.pairs + (q.bye is not None)
        if number in timed:
            worst = max(worst, median)
        print(
            f"{number:5d}  {active:6d}  {fastest:9.3f}  {median:8.3f}  {result.exact_solves:12d}"
            f"  {q.rematches:9d}  {q.pair_downs}({q.pair_down_floor})"
        )
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="only the 4,096-player scenario")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    ok = True
    worst = scenario(4096, 10, {10}, args.repeat, args.seed)
    print(f"4,096 players: round 10 (median) {worst:.3f} s (target < 1 s)")
    ok &= worst < 1.0
    if not args.quick:
        worst = scenario(8192, 15, set(range(1, 16)), max(1, args.repeat // 2), args.seed)
        print(f"8,192 players: slowest round (median) {worst:.3f} s (target < 2 s each)")
        ok &= worst < 2.0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
