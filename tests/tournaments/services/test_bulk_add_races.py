"""A bulk add's confirmation at the same instant as itself (a double tap on two app servers)
or as another judge adding one of its players: real connections, the database decides."""

from __future__ import annotations

import uuid

import pytest

from config.errors import ConflictError
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tests.tournaments.services.test_concurrency import race
from tournaments.models import AuditEntry, Registration
from tournaments.services.registration import LineEntry, registration_add, registration_add_lines

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


@pytest.fixture
def desk():
    event = make_event(make_organiser("bulk_orga"))
    return event, add_judge(event, "bulk_judge"), add_judge(event, "bulk_other")


def test_the_same_confirmation_three_times_at_once_adds_once(desk):
    event, judge, _other = desk
    ana = UserFactory(username="bulk_ana", display_name="Ana Bulk")
    entries = [LineEntry("Ana Bulk", ana), LineEntry("Walter Walkin")]
    batch = uuid.uuid4()

    def confirm():
        return registration_add_lines(actor=judge, event_id=event.pk, entries=entries, batch=batch)

    outcomes = race(confirm, confirm, confirm)
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert sorted(o.repeat for o in outcomes) == [False, True, True]
    assert {n for o in outcomes if o.repeat for n in o.names} == {"Ana Bulk", "Walter Walkin"}
    assert Registration.objects.filter(event=event).count() == 2
    assert AuditEntry.objects.filter(action="registration.add_lines").count() == 1


def test_a_bulk_add_racing_a_single_add_of_its_player_adds_all_or_nothing(desk):
    event, judge, other = desk
    ana = UserFactory(username="bulk_ana", display_name="Ana Bulk")
    entries = [LineEntry("Walter Walkin"), LineEntry("Ana Bulk", ana)]
    outcomes = race(
        lambda: registration_add_lines(
            actor=judge, event_id=event.pk, entries=entries, batch=uuid.uuid4()
        ),
        lambda: registration_add(actor=other, event_id=event.pk, player=ana),
    )
    regs = Registration.objects.filter(event=event)
    if isinstance(outcomes[0], ConflictError):  # the single add came first
        assert "“Ana Bulk”: Ana Bulk is already registered" in outcomes[0].message
        assert [r.player for r in regs] == [ana]
    else:  # the bulk add came first: the single add is refused
        assert isinstance(outcomes[1], ConflictError), outcomes
        assert {r.player.display_name for r in regs} == {"Walter Walkin", "Ana Bulk"}
