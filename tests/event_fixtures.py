"""The fixtures most tests of events share: an organiser's event with a judge and eight
players, a client for any user, and round 1 paired and published (a plugin of the root
conftest, so every test folder has them; a folder may override ``event``)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.services.rounds import round_pair_next, round_publish


@pytest.fixture
def organiser(db):
    return make_organiser()


@pytest.fixture
def event(organiser):
    return make_event(organiser)


@pytest.fixture
def judge(event):
    return add_judge(event)


@pytest.fixture
def regs(event):
    return add_players(event, 8)


@pytest.fixture
def as_user():
    """A logged-in test client for ``user`` (an anonymous one for None)."""

    def make(user=None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def round1(event, judge, regs):
    """Round 1 paired by the real pairing and published."""
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    event.refresh_from_db()
    return round_
