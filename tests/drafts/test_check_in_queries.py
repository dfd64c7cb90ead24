"""Checking everyone in at a booster draft reads the draft's seats once, not once a player."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.drafts.helpers import draft_event
from tournaments.models import Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.services.registration import registration_check_in_all

pytestmark = pytest.mark.django_db


def _check_in_everyone_after_the_start(players: int, prefix: str) -> int:
    """Seated drafters marked as not checked in again (a judge undid it), then everyone
    checked in at once: how many queries that took."""
    event, judge, _regs = draft_event(players, prefix=prefix)
    Registration.objects.filter(event=event).update(status=RegistrationStatus.REGISTERED)
    with CaptureQueriesContext(connection) as queries:
        assert registration_check_in_all(actor=judge, event_id=event.pk) == players
    assert set(Registration.objects.filter(event=event).values_list("status", flat=True)) == {
        RegistrationStatus.CHECKED_IN
    }
    return len(queries)


def test_checking_in_a_whole_draft_costs_the_same_for_4_or_12_players():
    assert _check_in_everyone_after_the_start(4, "q4") == _check_in_everyone_after_the_start(
        12, "q12"
    )
