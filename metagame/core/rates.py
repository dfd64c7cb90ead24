"""Match-win rates with draws as half a win, and their 95 % Wilson score interval."""

from __future__ import annotations

import math
from dataclasses import dataclass

# The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson_interval(points: float, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``points`` successes in ``n`` trials (a draw counts as
    half a success), or ``None`` with no trial. Unlike the normal approximation it stays
    within [0, 1] and is honest about small counts (8 of 10 gives 0.490 to 0.943)."""
    if n <= 0:
        return None
    if points < 0 or points > n:
        raise ValueError(f"points {points!r} outside 0..{n}")
    p = points / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At 0 and n the bounds are exactly 0 and 1; float rounding would leave a hair off.
    low = 0.0 if points == 0 else max(0.0, centre - half)
    high = 1.0 if points == n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class WinRate:
    """``points`` won (a win 1, a draw 1/2, a loss 0) in ``matches`` played."""

    points: float
    matches: int

    @property
    def rate(self) -> float | None:
        return self.points / self.matches if self.matches else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson_interval(self.points, self.matches)

    def __add__(self, other: WinRate) -> WinRate:
        return WinRate(self.points + other.points, self.matches + other.matches)


NO_MATCHES = WinRate(0.0, 0)


def match_points(wins: int, draws: int) -> float:
    """Points of a record: a draw is half a win."""
    return wins + draws / 2
