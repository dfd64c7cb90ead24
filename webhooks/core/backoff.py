"""When a failed delivery is tried again: after 1 minute, 5, 30, 2 hours and 12 hours;
after the sixth failed attempt it is given up (``failed``), until the organiser sends it
again from its page."""

from __future__ import annotations

RETRY_DELAYS_SECONDS = (60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600)


def next_delay(failures: int) -> int | None:
    """Seconds to wait after ``failures`` failed attempts in a row (1 for the first), or
    None when the delivery is given up."""
    if failures < 1:
        raise ValueError(f"failures counts from 1, got {failures}")
    if failures > len(RETRY_DELAYS_SECONDS):
        return None
    return RETRY_DELAYS_SECONDS[failures - 1]


def success(status: int) -> bool:
    """A 2xx answer is a delivery; anything else (a redirect too: none is followed) fails."""
    return 200 <= status < 300
