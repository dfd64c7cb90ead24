"""The project's one source of "now" for deadlines and the timestamps services write.

Production reads the real time (``django.utils.timezone.now``). A simulation (the
``simulate_draft`` and ``simulate_event`` commands, tests) runs inside
``simulated_clock()``: time then stands still and moves only when the simulation says so
(``advance``), so a draft's deadlines pass exactly when it decides, on any machine at any
load, and the same seed gives the same draft.

The override is a context variable set for the ``with`` block only: it never outlives the
block and is never seen by another thread or by a web request served elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta

from django.utils import timezone


class SimulatedClock:
    """A clock that stands still until ``advance`` moves it."""

    def __init__(self, start: datetime) -> None:
        self._now = start

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float) -> datetime:
        if seconds < 0:
            raise ValueError("a clock does not run backwards")
        self._now += timedelta(seconds=seconds)
        return self._now


_simulated: ContextVar[SimulatedClock | None] = ContextVar("simulated_clock", default=None)


def now() -> datetime:
    """The current time: the simulated clock's inside ``simulated_clock()``, else the real one."""
    clock = _simulated.get()
    return clock.now() if clock is not None else timezone.now()


@contextmanager
def simulated_clock(start: datetime | None = None) -> Iterator[SimulatedClock]:
    """Run the block on a clock that stands still at ``start`` (the real time by default)."""
    clock = SimulatedClock(start or timezone.now())
    token = _simulated.set(clock)
    try:
        yield clock
    finally:
        _simulated.reset(token)
