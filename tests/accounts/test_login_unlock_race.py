"""Two judges of two events lift the same player's login lockout at the same instant: one
lift lands, the other is refused, however the requests interleave (the once-a-day limit is a
unique constraint, not a read before a write). Real connections, on PostgreSQL in CI."""

from __future__ import annotations

import pytest

from accounts.login_lockout import locked_usernames
from accounts.models import LoginUnlock
from config.errors import ConflictError
from tests.accounts.test_login_lockout import fail
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tests.tournaments.services.test_concurrency import race
from tournaments.models import AuditEntry
from tournaments.services.registration import registration_register, registration_unlock_login

pytestmark = [pytest.mark.concurrency, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _small_limits(settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 5
    settings.LOGIN_FAILURES_PER_ADDRESS = 8


def test_two_judges_lifting_one_lock_at_once_lift_it_once():
    organiser = make_organiser("race_orga")
    events = [make_event(organiser, name=f"Race {n}") for n in (1, 2)]
    judges = [add_judge(event, f"race_judge{n}") for n, event in enumerate(events)]
    player = UserFactory(username="raced")
    registrations = [registration_register(actor=player, event_id=e.pk) for e in events]
    fail(5, player.username)

    outcomes = race(
        *(
            lambda judge=judge, reg=reg: registration_unlock_login(
                actor=judge, registration_id=reg.pk
            )
            for judge, reg in zip(judges, registrations, strict=True)
        )
    )

    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(refused) == 1, outcomes
    assert isinstance(refused[0], ConflictError)
    # Whichever way they interleave: the second either meets the day's unlock (the unique
    # constraint) or, serialised after the first, finds the account no longer locked.
    message = refused[0].message
    assert "once a day" in message or "the account is not locked" in message, message
    assert LoginUnlock.objects.filter(account=player).count() == 1
    assert AuditEntry.objects.filter(action="registration.login_unlocked").count() == 1
    assert not locked_usernames([player.username])
