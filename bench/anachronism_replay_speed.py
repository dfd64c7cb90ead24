"""Benchmark: replay legal five-assault Anachronism records (target: 20,000 records/s, one core).

Run from the repository root:  python bench/anachronism_replay_speed.py [COUNT]

Records are random legal games (the playout) that last all five assaults,
already parsed from JSON; each one is checked in full by ``check_record``: the
one-pass fast check (``fastcheck.py``) reads the shape, every step and the
result; only a record it does not accept is parsed and replayed step by step.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.anachronism.playout import random_record
from games.engines.anachronism.replay import check_record

TARGET = 20_000


def five_assault_records(count: int, seed: int = 2026) -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        record = random_record(rng)
        if len(record["assaults"]) == 5:
            out.append(record)
    return out


def main() -> int:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    records = five_assault_records(count)
    actions = sum(len(t["actions"]) for r in records for a in r["assaults"] for t in a["turns"])
    for record in records[:200]:  # warm up
        check_record(record)
    best = 0.0
    for _ in range(5):
        start = time.perf_counter()
        for record in records:
            verdict = check_record(record)
            assert verdict.valid
        elapsed = time.perf_counter() - start
        best = max(best, len(records) / elapsed)
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{len(records)} five-assault records, {actions / len(records):.1f} actions each"
    )
    print(f"best of 5: {best:,.0f} records/s (target {TARGET:,})")
    return 0 if best >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
