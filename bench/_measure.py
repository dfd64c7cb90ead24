"""Small measuring helpers shared by the benchmark scripts."""

from __future__ import annotations

from pathlib import Path


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of durations in seconds, in milliseconds (0 for none)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1)))] * 1000 if values else 0.0


def machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot, from /proc/stat."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)
