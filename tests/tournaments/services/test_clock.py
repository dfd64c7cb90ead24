"""The round clock: deadlines in the database, applied once by whoever comes first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config import deadlines
from config.errors import ConflictError, DomainError
from tests.tournaments.helpers import make_round
from tournaments.models import Round
from tournaments.models.choices import RoundStatus
from tournaments.services import clock

pytestmark = pytest.mark.django_db


@pytest.fixture
def round1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])


def test_start_sets_a_deadline_of_the_round_length(round1, judge):
    before = timezone.now()
    round_ = clock.round_start_clock(actor=judge, round_id=round1.pk)
    assert round_.ends_at - round_.started_at == timedelta(minutes=50)
    assert round_.started_at >= before
    again = clock.round_start_clock(actor=judge, round_id=round1.pk)
    assert again.ends_at == round_.ends_at  # idempotent


def test_clock_needs_published_pairings(event, regs, judge):
    draft = make_round(event, [(regs[0], regs[1])], status=RoundStatus.DRAFT)
    with pytest.raises(ConflictError, match="Publish"):
        clock.round_start_clock(actor=judge, round_id=draft.pk)


def test_pause_keeps_the_remaining_time_and_resume_restores_it(round1, judge):
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    paused = clock.round_pause_clock(actor=judge, round_id=round1.pk)
    assert paused.ends_at is None
    assert timedelta(minutes=49) < paused.paused_remaining <= timedelta(minutes=50)
    resumed = clock.round_resume_clock(actor=judge, round_id=round1.pk)
    assert resumed.paused_remaining is None
    assert resumed.ends_at - timezone.now() > timedelta(minutes=49)


def test_an_expired_deadline_is_applied_once_by_the_sweep(round1, judge):
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    Round.objects.filter(pk=round1.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert deadlines.apply_expired()["tournaments.round_clock"] == 1
    assert deadlines.apply_expired()["tournaments.round_clock"] == 0
    round1.refresh_from_db()
    assert round1.time_called_at is not None


def test_a_read_applies_the_deadline_lazily(round1, judge):
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    Round.objects.filter(pk=round1.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    round_ = clock.refresh_round_clock(Round.objects.get(pk=round1.pk))
    assert round_.time_called_at is not None


def test_a_paused_round_never_runs_out(round1, judge):
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    clock.round_pause_clock(actor=judge, round_id=round1.pk)
    assert clock.apply_round_deadlines(timezone.now() + timedelta(hours=3)) == 0


def test_adding_time_after_time_was_called_reopens_the_round(round1, judge):
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    Round.objects.filter(pk=round1.pk).update(ends_at=timezone.now() - timedelta(seconds=5))
    clock.apply_round_deadlines()
    round_ = clock.round_adjust_clock(actor=judge, round_id=round1.pk, seconds=300)
    assert round_.time_called_at is None
    assert round_.ends_at > timezone.now() + timedelta(minutes=4)


def test_per_table_extensions_add_up_and_are_audited(round1, judge):
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    match = round1.matches.get(table=2)
    clock.match_extend_time(actor=judge, match_id=match.pk, seconds=180, reason="judge call")
    match = clock.match_extend_time(actor=judge, match_id=match.pk, seconds=60)
    assert match.extension_seconds == 240
    assert round1.event.audit_entries.filter(action="clock.extend_table").count() == 2
    with pytest.raises(DomainError):
        clock.match_extend_time(actor=judge, match_id=match.pk, seconds=0)


def test_players_cannot_touch_the_clock(round1, regs):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        clock.round_start_clock(actor=regs[0].player, round_id=round1.pk)


@pytest.mark.parametrize("applier", ["sweep", "read", "page"])
def test_time_applied_late_is_recorded_at_the_deadline(round1, judge, applier, client):
    """A worker that died: the deadline passed 44 s before anyone applied it."""
    clock.round_start_clock(actor=judge, round_id=round1.pk)
    deadline = timezone.now() - timedelta(seconds=44)
    Round.objects.filter(pk=round1.pk).update(ends_at=deadline)
    if applier == "sweep":
        deadlines.apply_expired()
    elif applier == "read":
        clock.refresh_round_clock(Round.objects.get(pk=round1.pk))
    else:
        client.get(f"/events/{round1.event_id}/")
    round1.refresh_from_db()
    assert round1.time_called_at == deadline
