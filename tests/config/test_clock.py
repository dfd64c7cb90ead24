"""The one source of "now" (``config.clock``): real time outside a simulation, a clock that
stands still inside one, and never seen outside its block or by another thread."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from django.utils import timezone

from config import clock

START = datetime(2030, 1, 1, 12, tzinfo=UTC)


def test_outside_a_simulation_now_is_the_real_time(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: START)
    assert clock.now() == START


def test_a_simulated_clock_stands_still_until_advanced_and_ends_with_its_block():
    with clock.simulated_clock(START) as simulated:
        assert clock.now() == START
        assert clock.now() == START
        simulated.advance(90)
        assert clock.now() == datetime(2030, 1, 1, 12, 1, 30, tzinfo=UTC)
        with pytest.raises(ValueError):
            simulated.advance(-1)
    assert clock.now() != START and abs(clock.now() - timezone.now()).total_seconds() < 3600


def test_another_thread_never_sees_a_simulated_clock():
    seen: list[datetime] = []
    with clock.simulated_clock(START):
        thread = threading.Thread(target=lambda: seen.append(clock.now()))
        thread.start()
        thread.join()
    assert seen and seen[0] != START
