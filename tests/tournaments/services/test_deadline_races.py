"""The round's time called by the sweep and by a page's read at the same instant, on real
connections: called once, at the deadline, and the event's open pages woken."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments.live import live_version
from tournaments.models import Round
from tournaments.services.clock import (
    apply_round_deadlines,
    refresh_round_clock,
    round_start_clock,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


def test_the_sweep_and_a_read_call_time_once_and_wake_the_pages():
    event = make_event(make_organiser("deadline_orga"))
    judge = add_judge(event, "deadline_judge")
    regs = add_players(event, 2)
    round_ = make_round(event, [(regs[0], regs[1])])
    round_start_clock(actor=judge, round_id=round_.pk)
    ends_at = timezone.now() - timedelta(seconds=5)
    Round.objects.filter(pk=round_.pk).update(ends_at=ends_at)
    before = live_version(event.pk)

    outcomes = race(
        apply_round_deadlines,
        apply_round_deadlines,
        lambda: refresh_round_clock(Round.objects.get(pk=round_.pk)),
    )

    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert outcomes[0] + outcomes[1] <= 1  # each round's time is called once
    round_.refresh_from_db()
    assert round_.time_called_at == ends_at
    assert live_version(event.pk) != before
