"""Deck checks as recorded acts: who was checked, in which round, when, by whom, the outcome
and the penalty given; the deck-list status of every player; the event option that requires
lists before the start."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from rulings.models import DeckCheck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=30))


def test_a_discrepancy_without_a_note_is_refused_by_the_database(event, register, judge_of):
    registration = register(event, UserFactory())
    judge = judge_of(event)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckCheck.objects.create(
            event=event,
            registration=registration,
            checked_at=timezone.now(),
            checked_by=judge,
            outcome="discrepancies",
            note="",
        )
    DeckCheck.objects.create(
        event=event,
        registration=registration,
        checked_at=timezone.now(),
        checked_by=judge,
        outcome="as_listed",
    )
    assert DeckCheck.objects.count() == 1
