"""Benchmark: replay legal five-assault Anachronism records (target: 20,000 records/s, one core).

Run from the repository root:  python bench/anachronism_replay_speed.py [COUNT] [--wall]

Records are random legal games (the playout) that last all five assaults,
already parsed from JSON; each one is checked in full by ``check_record``: the
one-pass fast check (``fastcheck.py``) reads the shape, every step and the
result; only a record it does not accept is parsed and replayed step by step.

As in ``bench_qiahn_replay.py``, the process is pinned to one core and the
time is its CPU time, so other load on a shared machine does not count; with
``--wall`` the wall clock is used instead (for a quiet machine). Seven repeats;
the best and the median are printed, and the target is judged on the median.
The step-by-step replay of the same records is printed for comparison.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.anachronism.playout import random_record
from games.engines.anachronism.replay import check_record, check_record_stepwise

TARGET = 20_000


def five_assault_records(count: int, seed: int = 2026) -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        record = random_record(rng)
        if len(record["assaults"]) == 5:
            out.append(record)
    return out


def rates(function, records: list[dict], repeat: int, clock) -> list[float]:
    out = []
    for _ in range(repeat):
        start = clock()
        for record in records:
            function(record)
        out.append(len(records) / (clock() - start))
    return out


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--wall"]
    clock = time.perf_counter if "--wall" in sys.argv else time.process_time
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    count = int(args[0]) if args else 2000
    records = five_assault_records(count)
    actions = sum(len(t["actions"]) for r in records for a in r["assaults"] for t in a["turns"])
    assert all(check_record(record).valid for record in records)
    for record in records[:200]:  # warm up
        check_record(record)
    fast = rates(check_record, records, 7, clock)
    slow = rates(check_record_stepwise, records[: max(1, count // 5)], 3, clock)
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"pinned to one core, {'wall clock' if clock is time.perf_counter else 'CPU time'}"
    )
    print(f"{len(records)} five-assault records, {actions / len(records):.1f} actions each")
    for name, found in (("check_record", fast), ("step-by-step replay", slow)):
        best, median = max(found), statistics.median(found)
        print(f"{name + ':':<21} best {best:>9,.0f}/s  median {median:>9,.0f}/s")
    ok = statistics.median(fast) >= TARGET
    print(f"target {TARGET:,}/s: {'met' if ok else 'NOT met'} (median)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
