"""Benchmark: exact odds of a 3-vs-3 Qíahn Tactics round with fire and water (target < 10 ms).

Run from the repository root:  python bench/bench_qiahn_odds.py

"Cold" clears every cache before each call (the first request for a round);
"warm" repeats a round already computed.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.qiahn import odds
from games.engines.qiahn.odds import Fighter, round_odds

TARGET_MS = 10.0

ROUNDS = {
    "heads attacks: water copies the fire wizard": (
        [
            Fighter("wizard", gear=True),
            Fighter("paladin"),
            Fighter("knight", magic="water", copy=("defender", 0)),
        ],
        [
            Fighter("wizard", magic="fire"),
            Fighter("paladin", gear=True),
            Fighter("beast", magic="earth"),
        ],
        "heads",
    ),
    "tails attacks: fire paladin, water on its own side": (
        [Fighter("paladin", magic="fire", gear=True), Fighter("wizard"), Fighter("archer")],
        [
            Fighter("wizard", magic="water", copy=("defender", 1)),
            Fighter("knight"),
            Fighter("footman", gear=True),
        ],
        "tails",
    ),
}


def clear_caches() -> None:
    for cached in (odds._odds, odds._difference, odds._scaled, odds.dice_total):
        cached.cache_clear()


def main() -> int:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, pinned to one core"
    )
    worst = 0.0
    for name, (attacker, defender, side) in ROUNDS.items():
        cold = []
        for _ in range(50):
            clear_caches()
            start = time.perf_counter()
            result = round_odds(attacker, defender, attacker_side=side)
            cold.append((time.perf_counter() - start) * 1000)
        warm = []
        for _ in range(1000):
            start = time.perf_counter()
            round_odds(attacker, defender, attacker_side=side)
            warm.append((time.perf_counter() - start) * 1000)
        cold.sort()
        p95 = cold[int(len(cold) * 0.95) - 1]
        worst = max(worst, p95)
        print(f"{name}")
        print(
            f"  P(attacker wins, draw, loses) = {result.attacker_wins}, {result.draw}, "
            f"{result.defender_wins}"
        )
        print(
            f"  cold: median {statistics.median(cold):.3f} ms, 95th percentile {p95:.3f} ms, "
            f"max {max(cold):.3f} ms; "
            f"warm: median {statistics.median(warm) * 1000:.1f} us"
        )
    ok = worst < TARGET_MS
    print(
        f"target < {TARGET_MS} ms for a cold 3-vs-3 round: {'met' if ok else 'NOT met'} "
        f"(worst 95th percentile {worst:.3f} ms)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
