"""Benchmark: replaying Qíahn Tactics squad-6 records (target: 20,000 records/s on one core).

Run from the repository root:  python bench/bench_qiahn_replay.py [--records N] [--repeat R]

The records are random legal squad-6 games (fixed seed, counters placed at
the playouts' default rate), generated before timing. Each repeat validates
all of them with ``check_record`` (the call the site makes: the full verdict
for a legal record, round reports computed only when read) and the time is
the process's CPU time, pinned to one core, so other load on the machine
does not count. The best and the median repeat are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.qiahn.playout import random_record
from games.engines.qiahn.replay import check_record, check_record_stepwise
from games.engines.registry import check_record_text

TARGET = 20_000


def rate(function, items, repeat: int) -> tuple[float, float]:
    rates = []
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            function(item)
        rates.append(len(items) / (time.process_time() - start))
    return max(rates), statistics.median(rates)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    rng = random.Random(20240601)
    records = [random_record(rng, squad=6) for _ in range(args.records)]
    texts = [json.dumps(r) for r in records]
    assert all(check_record(r).valid for r in records[:1000])
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, pinned to one core"
    )
    print(f"{len(records)} random legal squad-6 records, {args.repeat} repeats, CPU time")
    best, median = rate(check_record, records, args.repeat)
    print(f"check_record (parsed JSON):      best {best:>9,.0f}/s  median {median:>9,.0f}/s")
    best_text, median_text = rate(check_record_text, texts, max(3, args.repeat // 2))
    print(
        f"check_record_text (JSON text):   best {best_text:>9,.0f}/s  median {median_text:>9,.0f}/s"
    )
    few = records[: max(1, len(records) // 10)]
    best_step, median_step = rate(check_record_stepwise, few, 3)
    print(
        f"step-by-step replay (reports):   best {best_step:>9,.0f}/s  median {median_step:>9,.0f}/s"
    )
    ok = median >= TARGET
    print(f"target {TARGET:,}/s on parsed records: {'met' if ok else 'NOT met'} (median)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
