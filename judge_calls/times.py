"""Waiting and handling times of judge calls, per round (no Django: plain values in, plain
values out).

- A call's *wait* runs from the call until a judge first took it (claimed it, or answered it
  at once); a call nobody has taken yet has waited until now, so the longest wait shows a
  player still waiting. A call cancelled before any judge took it has no wait.
- Its *handling* runs from that first take until the answer (resolved calls only).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class CallRow:
    round_number: int
    created_at: datetime
    answered_at: datetime | None
    resolved_at: datetime | None
    is_open: bool


@dataclass(frozen=True)
class RoundCallTimes:
    round_number: int
    calls: int
    open: int
    wait_median: float | None
    wait_max: float | None
    handling_median: float | None
    handling_max: float | None


def _seconds(start: datetime, end: datetime) -> float:
    return max((end - start).total_seconds(), 0.0)


def _median_max(values: list[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    return float(statistics.median(values)), max(values)


def call_times(rows: Iterable[CallRow], *, now: datetime) -> list[RoundCallTimes]:
    """One line per round that had calls, in round order."""
    by_round: dict[int, list[CallRow]] = {}
    for row in rows:
        by_round.setdefault(row.round_number, []).append(row)
    lines = []
    for number in sorted(by_round):
        calls = by_round[number]
        waits = [
            _seconds(c.created_at, c.answered_at)
            if c.answered_at is not None
            else _seconds(c.created_at, now)
            for c in calls
            if c.answered_at is not None or c.is_open
        ]
        handling = [
            _seconds(c.answered_at, c.resolved_at)
            for c in calls
            if c.answered_at is not None and c.resolved_at is not None
        ]
        wait_median, wait_max = _median_max(waits)
        handling_median, handling_max = _median_max(handling)
        lines.append(
            RoundCallTimes(
                round_number=number,
                calls=len(calls),
                open=sum(1 for c in calls if c.is_open),
                wait_median=wait_median,
                wait_max=wait_max,
                handling_median=handling_median,
                handling_max=handling_max,
            )
        )
    return lines
