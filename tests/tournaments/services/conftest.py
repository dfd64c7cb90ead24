from __future__ import annotations

import pytest

from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser


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
