"""Registration, walk-ins, late entries, check-in, fixed tables and drops."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from config.errors import ConflictError, DomainError
from tests.factories import UserFactory
from tests.tournaments.helpers import make_round
from tournaments.models import AuditEntry, Registration
from tournaments.models.choices import EventStatus, RegistrationStatus
from tournaments.services.registration import (
    registration_add,
    registration_check_in,
    registration_drop,
    registration_register,
    registration_set_fixed_table,
)

pytestmark = pytest.mark.django_db


def test_a_player_registers_once_even_when_sending_twice(event):
    player = UserFactory(username="keen")
    first = registration_register(actor=player, event_id=event.pk)
    second = registration_register(actor=player, event_id=event.pk)
    assert first.pk == second.pk
    assert Registration.objects.filter(event=event).count() == 1


def test_the_cap_is_enforced(event):
    event.player_cap = 2
    event.save()
    for name in ("a", "b"):
        registration_register(actor=UserFactory(username=name), event_id=event.pk)
    with pytest.raises(ConflictError, match="full"):
        registration_register(actor=UserFactory(username="c"), event_id=event.pk)
    assert event.registrations.count() == 2


def test_registration_closes_when_the_event_starts(event, regs):
    event.status = EventStatus.RUNNING
    event.save()
    with pytest.raises(ConflictError, match="closed"):
        registration_register(actor=UserFactory(username="late"), event_id=event.pk)


def test_judge_adds_a_walk_in_by_name(event, judge):
    reg = registration_add(actor=judge, event_id=event.pk, display_name="Wanda Walkin")
    assert reg.player.public_name == "Wanda Walkin"
    assert not reg.player.has_usable_password()
    assert AuditEntry.objects.filter(action="registration.add").exists()


def test_a_walk_in_needs_a_name(event, judge):
    with pytest.raises(DomainError, match="name"):
        registration_add(actor=judge, event_id=event.pk, display_name="  ")


def test_a_late_entry_joins_from_the_next_round(event, regs, judge):
    make_round(event, [(regs[0], regs[1])])
    reg = registration_add(actor=judge, event_id=event.pk, display_name="Late Larry")
    assert reg.late_entry and reg.first_round == 2
    assert reg.status == RegistrationStatus.CHECKED_IN


def test_players_cannot_add_others(event, regs):
    with pytest.raises(PermissionDenied):
        registration_add(actor=regs[0].player, event_id=event.pk, display_name="Friend")


def test_check_in_and_undo(event, judge):
    reg = registration_register(actor=UserFactory(username="chk"), event_id=event.pk)
    assert registration_check_in(actor=judge, registration_id=reg.pk).status == "checked_in"
    reg = registration_check_in(actor=judge, registration_id=reg.pk, checked_in=False)
    assert reg.status == RegistrationStatus.REGISTERED and reg.checked_in_at is None


def test_a_player_drops_without_a_reason_a_judge_needs_one(event, regs, judge):
    make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    dropped = registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    assert dropped.status == RegistrationStatus.DROPPED and dropped.dropped_after_round == 1
    with pytest.raises(DomainError, match="reason"):
        registration_drop(actor=judge, registration_id=regs[2].pk)
    dropped = registration_drop(actor=judge, registration_id=regs[2].pk, reason="Left ill")
    assert dropped.drop_reason == "Left ill"
    entry = AuditEntry.objects.filter(action="registration.drop").latest("pk")
    assert entry.actor == judge and entry.reason == "Left ill"


def test_a_player_cannot_drop_someone_else(event, regs):
    make_round(event, [(regs[0], regs[1])])
    with pytest.raises(PermissionDenied):
        registration_drop(actor=regs[1].player, registration_id=regs[0].pk)


def test_dropping_twice_is_dropping_once(event, regs):
    make_round(event, [(regs[0], regs[1])])
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    assert AuditEntry.objects.filter(action="registration.drop").count() == 1


def test_leaving_before_the_event_starts_removes_the_registration(event, regs):
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    assert not Registration.objects.filter(pk=regs[0].pk).exists()


def test_fixed_tables_are_unique(event, regs, judge):
    registration_set_fixed_table(actor=judge, registration_id=regs[0].pk, table=5)
    with pytest.raises(ConflictError, match="already fixed"):
        registration_set_fixed_table(actor=judge, registration_id=regs[1].pk, table=5)
    with pytest.raises(DomainError):
        registration_set_fixed_table(actor=judge, registration_id=regs[1].pk, table=0)


@pytest.mark.parametrize("table", [0, 10_000, 2**31, 2**63])
def test_a_fixed_table_outside_1_to_9999_is_refused_and_nothing_changes(regs, judge, table):
    registration_set_fixed_table(actor=judge, registration_id=regs[0].pk, table=7)
    with pytest.raises(DomainError, match="from 1 to 9999"):
        registration_set_fixed_table(actor=judge, registration_id=regs[0].pk, table=table)
    regs[0].refresh_from_db()
    assert regs[0].fixed_table == 7
